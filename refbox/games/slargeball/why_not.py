"""Why a square of the field is no answer to a move or a fling's aim (``Choose.explain``): who or what stands
there, the area the figure may not enter, or the distance against its Move or its fling's range."""

from __future__ import annotations

from dataclasses import dataclass, field

from refbox.engine.errors import RuleError
from refbox.engine.geometry.inch_field import EPS, Cell, InchField, distance
from refbox.games.slargeball.common import who
from refbox.games.slargeball.data import Data
from refbox.games.slargeball.field import geometry, parse_cell
from refbox.games.slargeball.models import Figure, State


@dataclass(frozen=True, slots=True)
class SquareWhyNot:
    """A value, so that two prompts built alike compare equal (the field itself is not compared)."""

    aim: bool
    """A fling's aim (else a move)."""
    start: Cell
    reach: float
    """The figure's Move, or its fling's range, in inches."""
    goalie: bool
    taken: tuple[tuple[Cell, str], ...]
    """(cell, who) of every figure on the field."""
    balls: tuple[tuple[Cell, int], ...]
    """(cell, ball) of every groundball."""
    F: InchField = field(compare=False)

    def __call__(self, answer: object) -> str | None:
        try:
            cell = parse_cell(str(answer))
        except RuleError:
            return None
        reason = self.reason(cell)
        return f"{answer} is not one of the answers: {reason}." if reason else None

    def reason(self, cell: Cell) -> str:
        kind, d = self.F.kind(cell)[0], distance(self.start, cell)
        if self.aim:
            if kind == "bunker":
                return "a bunker, aimed at with Back (0), then the fling at the goal"
            return f"{d:.1f} in away, the range is {self.reach:g} in" if d > self.reach + EPS else ""
        if cell == self.start:
            return "it stands there, 0 stays"
        on = dict(self.taken).get(cell)
        if on is not None:
            return f"{on} stands there"
        ball = dict(self.balls).get(cell)
        if ball is not None:
            return f"ball {ball} lies there"
        if kind in ("zone", "bunker") and not self.goalie:
            return f"a goal {kind}, where only a goalie goes"
        if kind in ("band", "off"):
            return "off the field"
        if d > self.reach + EPS:
            return f"{d:.1f} in away, Move {self.reach:g}"
        return (f"{d:.1f} in straight, but no way there within Move {self.reach:g} keeps a base's width clear of "
                "the figures and balls in between")


def square_why_not(state: State, data: Data, fig: Figure, aim: bool) -> SquareWhyNot:
    reach = fig.fling * data.game.fling_range_per_point if aim else fig.move
    taken = tuple((f.cell, who(state, f)) for f in state.figures if f.on_field and f.cell is not None)
    balls = tuple((b.cell, b.id) for b in state.balls if b.where == "ground" and b.cell is not None)
    return SquareWhyNot(aim, fig.cell, reach, fig.pos == "G", taken, balls, geometry(data))
