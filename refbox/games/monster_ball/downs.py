"""Spotting the ball when a play ends: first downs, downs used up, turnovers, penalties marked off.

At the table the referee says where the ball is; on the field refbox reads it off the square the ball died on.
"""

from __future__ import annotations

from refbox.engine.prompts import Event, Legal, Number
from refbox.games.monster_ball import ask, flow
from refbox.games.monster_ball.data import Data
from refbox.games.monster_ball.models import State
from refbox.games.monster_ball.steps import STEPS


def asks_gain(s: State) -> bool:
    """The offense still has the ball after its own down: the referee gives the gain past the line."""
    return s.play is not None and s.play.kind == "scrimmage" and s.holder_team == s.possession


def gain_words(value: int) -> str:
    return f"Loss of {-value}" if value < 0 else "No gain" if value == 0 else f"Gain of {value}"


@STEPS.legal_for("spot", phase="spot")
def spot_legal(s: State, data: Data) -> Legal:
    squares = data.field.squares
    if asks_gain(s):
        return ask.number(None, -(squares - s.to_go), s.to_go - 1)
    return ask.number(None, 1, squares)


@STEPS.prompt_for("spot")
def spot_prompt(s: State, data: Data, legal: Legal) -> Number:
    squares = data.field.squares
    if asks_gain(s):
        return Number(
            actor=None,
            text="Where is the ball? Squares gained past the line of scrimmage (negative: behind it; an incomplete pass counts "
                 f"from where it was thrown). {data.field.first_down_squares} or more: first down at the spot; less: the line stays.",
            min=legal.min,
            max=legal.max,  # type: ignore[arg-type]
            unit="squares",
        )
    team = s.teams[s.holder_team].name
    return Number(
        actor=None,
        text=f"{team} have the ball: how many squares is it from the end zone {team} attack? ({squares}: on or behind their own goal line)",
        min=legal.min,
        max=legal.max,  # type: ignore[arg-type]
        unit="squares",
    )


@STEPS.apply_for("spot")
def spot_apply(s: State, data: Data, event: Event) -> None:
    if asks_gain(s):  # the table's yards: the team's gain past the line (on the field a carrier's are his own)
        flow.credit(s, "yards", None, s.possession, int(event.value))  # type: ignore[arg-type]
    settle(s, data, int(event.value))  # type: ignore[arg-type]


def spot_on_field(s: State, data: Data, square: tuple[int, int] | None) -> None:
    """The ball died on ``square``: the same answer the referee would give, read off the field. A ball dead on
    the square before the goal line is spotted one square back (the line of scrimmage is never the goal line);
    one dead in or behind the own end zone is spotted on the own goal line (no safeties)."""
    f, p = data.field, data.pitch
    assert square is not None, "a dead ball lies somewhere"
    team = s.possession if asks_gain(s) else s.holder_team
    to_go = min(f.squares, max(1, p.to_go_at(team, square[0])))
    settle(s, data, s.to_go - to_go if asks_gain(s) else to_go)


def settle(s: State, data: Data, value: int) -> None:
    """Mark the spot: ``value`` is the gain past the line (the offense kept the ball on its own down) or the
    squares to go for the team holding the ball."""
    f = data.field
    if asks_gain(s):
        team = s.possession
        if value >= f.first_down_squares:
            s.to_go -= value
            s.down = 1
            if s.logged:
                s.note(flow.stamp(s), f"Gain of {value}: first down at the {f.yards(s.to_go)} ({flow.squares(s.to_go)} to the end zone).", team)
        elif s.down >= f.downs:
            if s.logged:
                s.note(flow.stamp(s), f"{gain_words(value)} on {flow.down_words(s.down)} down: turnover on downs at the line.", team)
            s.possession, s.to_go, s.down = 1 - team, max(1, f.squares - s.to_go), 1
            flow.refield(s)
        else:
            s.down += 1
            if s.logged:
                s.note(flow.stamp(s), f"{gain_words(value)}: the line of scrimmage stays at the {f.yards(s.to_go)} "
                       f"(it moves only with a first down); {flow.down_words(s.down)} down.", team)
    else:
        team = s.holder_team
        changed = team != s.possession
        s.possession, s.to_go, s.down = team, value, 1
        if changed:
            flow.refield(s)
        if s.logged:
            s.note(flow.stamp(s), f"{s.teams[team].name} ball, 1st down at the {f.yards(value)} ({flow.squares(value)} to the end zone).", team)
    for side in (0, 1):
        if s.penalties[side]:
            flow.penalise(s, data, side, "illegal tackle", s.penalties[side])
            s.penalties[side] = 0  # marked off: no longer pending (the screen's note goes, the coach stops counting it)
    flow.play_over(s, data)
