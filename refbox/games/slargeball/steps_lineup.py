"""The teams' own line-ups on refbox's field (Setup.board == "screen"): at kick-off and after each Break Play
refbox places everyone by its default (ruling start-positions), then asks each team in turn (ruling lineup-order)
to adjust its line-up: pick a lined-up figure by its key, then any free square behind the own slargeline (the
goalie: of the goal zone it attacks; ruling lineup-squares), as often as it likes; "ready" (1) takes the line-up
as it stands. At the table the players line up by hand, and nothing here is asked."""

from __future__ import annotations

from dataclasses import dataclass

from refbox.engine.errors import RuleError
from refbox.engine.prompts import Choose, Event, Legal, Option, Refusal
from refbox.games.slargeball import flow
from refbox.games.slargeball.common import ask, field_fig_option, log, team_name, who
from refbox.games.slargeball.data import Data
from refbox.games.slargeball.field import (
    cell_id,
    geometry,
    line_columns,
    lined_up,
    lineup_area,
    lineup_squares,
    parse_cell,
    view_square,
)
from refbox.games.slargeball.models import Figure, State
from refbox.games.slargeball.steps import STEPS

KICKOFF, BREAK = "kickoff", "break"
"""What a line-up is for (``Ask.action``): the kick-off (then the first turn) or a Break Play (the next turn)."""


def begin_lineups(state: State, data: Data, why: str) -> None:
    """Both teams adjust the default line-up refbox has just placed, one after the other: the first team at the
    kick-off, then the teams take turns going first (ruling lineup-order)."""
    first = state.lineups % 2
    state.lineups += 1
    if why == KICKOFF:
        state.phase = "lineup"
    log(state, data, f"refbox has lined both teams up behind their slargelines; each may now change its line-up, "
        f"{team_name(state, first)} first")
    ask(state, "lineup", team=first, action=why, queue=(str(1 - first),))


def _next_team(state: State, data: Data) -> None:
    """The other team's turn to adjust, or play goes on: the first turn after the kick-off, else the next."""
    queue, why = state.ask.queue, state.ask.action
    if queue:
        ask(state, "lineup", team=int(queue[0]), action=why)
    elif why == KICKOFF:
        flow.begin_turn(state, data)
    else:
        flow.next_turn(state, data)


# ---- which figure (or ready) ----


@STEPS.legal_for("lineup", phase="break")
def lineup_legal(state: State, data: Data) -> Legal:
    team = state.ask.team
    return Legal("choose", team, ("ready", *(f.id for f in lined_up(state, team))))


@STEPS.skip_for("lineup")
def lineup_skip(state: State, data: Data) -> bool:
    """A team with nobody to line up (everyone down) is not asked."""
    if lined_up(state, state.ask.team):
        return False
    _next_team(state, data)
    return True


@STEPS.prompt_for("lineup")
def lineup_prompt(state: State, data: Data, legal: Legal) -> Choose:
    team = state.ask.team
    first, last = line_columns(data, team)
    options = [Option(id="ready", label="Ready: the line-up stands", actor=team, key="1")]
    options += [field_fig_option(state, state.fig(fig_id), data) for fig_id in legal.ids[1:]]
    return Choose(actor=team, text=f"Your line-up: pick a figure by its key to put it on any free square behind "
                  f"your slargeline (columns {first} to {last}; the goalie: in the goal zone it attacks), or 1 when "
                  "ready.", options=tuple(options), refused=_not_lined_up(state, data, team),
                  explain=why_not(state, data, team))


def _not_lined_up(state: State, data: Data, team: int) -> tuple[Refusal, ...]:
    """The team's own figures on the field it cannot place, and why."""
    return tuple(Refusal(id=f.id, label=f.tag, reason="down: it stays where it lies", key=f.key)
                 for f in state.figures if f.team == team and f.on_field and not f.coach and not f.up)


@STEPS.apply_for("lineup")
def lineup_apply(state: State, data: Data, event: Event) -> None:
    team = state.ask.team
    if event.value == "ready":
        log(state, data, f"{team_name(state, team)} are lined up", team)
        _next_team(state, data)
    else:
        ask(state, "lineup_to", team=team, figure=event.value, action=state.ask.action, queue=state.ask.queue)


# ---- where it stands ----


@STEPS.legal_for("lineup_to", phase="break")
def lineup_to_legal(state: State, data: Data) -> Legal:
    fig = state.fig(state.ask.figure)
    squares = lineup_squares(state, data, fig)
    return Legal("choose", fig.team, ("stay", *map(cell_id, squares)))


@STEPS.prompt_for("lineup_to")
def lineup_to_prompt(state: State, data: Data, legal: Legal) -> Choose:
    fig = state.fig(state.ask.figure)
    team = fig.team
    F = geometry(data)
    first, last = line_columns(data, team)
    options = [Option(id="stay", label=f"{fig.tag} stays at {cell_id(fig.cell)}", actor=team, key="0",
                      at=view_square(F, fig.cell))]
    options += [Option(id=sid, label=f"To {sid}", actor=team, at=view_square(F, parse_cell(sid)))
                for sid in legal.ids[1:]]
    where = ("of the goal zone it attacks" if fig.pos == "G"
             else f"behind your slargeline (columns {first} to {last})")
    return Choose(actor=team, text=f"{who(state, fig)}: which square? Any free one {where}: / and its name as on "
                  "the rulers, the arrows and Enter, or its key.",
                  options=tuple(options), explain=why_not(state, data, team, fig))


@dataclass(frozen=True, slots=True)
class WhyNot:
    """Why an answer is not offered in a line-up (``Choose.explain``): the other team's figure, or a square
    beyond the slargeline (for a goalie: outside the goal zone it attacks), off the field, or taken. A value,
    so that two prompts built alike compare equal."""

    columns: tuple[int, int]
    rows: tuple[int, int]
    taken: tuple[tuple[str, str], ...]
    """(cell id, who or what is there) for every figure and groundball in the area."""
    theirs: tuple[tuple[str, str], ...]
    """(id, name) of the other team's figures."""
    goalie: bool = False
    """The squares are the goal zone a goalie attacks, not the field behind the slargeline."""

    def __call__(self, answer: object) -> str | None:
        text = str(answer)
        name = dict(self.theirs).get(text)
        if name is not None:
            return f"{name} is the other team's figure: they line it up when they are asked."
        try:
            col, row = parse_cell(text)
        except RuleError:
            return None
        (first, last), (low, high) = self.columns, self.rows
        if not (first <= col <= last and low <= row <= high):
            if self.goalie:
                return (f"{text} is not in the goal zone it attacks: a goalie lines up on a free square of columns "
                        f"{first} to {last}, rows {low} to {high}.")
            return (f"{text} is not behind your slargeline: a line-up square is a free square of the field in "
                    f"columns {first} to {last}.")
        there = dict(self.taken).get(f"{col}.{row}")
        return f"{text} is taken: {there} is there." if there else None


def why_not(state: State, data: Data, team: int, fig: Figure | None = None) -> WhyNot:
    """Why a square is no answer in ``team``'s line-up (of ``fig``'s squares, when one is being placed)."""
    F = geometry(data)
    goalie = fig is not None and fig.pos == "G"
    if goalie:
        cells = F.cells(lineup_area(F, fig))
        columns = (min(c for c, _ in cells), max(c for c, _ in cells))
        rows = (min(r for _, r in cells), max(r for _, r in cells))
    else:
        columns, rows = line_columns(data, team), (0, F.layout.width - 1)
    first, last = columns
    taken = [(cell_id(f.cell), who(state, f)) for f in state.figures
             if f.on_field and f.cell is not None and first <= f.cell[0] <= last]
    taken += [(cell_id(b.cell), f"ball {b.id}") for b in state.balls
              if b.where == "ground" and b.cell is not None and first <= b.cell[0] <= last]
    theirs = [(f.id, who(state, f)) for f in state.figures if f.team != team]
    return WhyNot(columns, rows, tuple(taken), tuple(theirs), goalie)


@STEPS.apply_for("lineup_to")
def lineup_to_apply(state: State, data: Data, event: Event) -> None:
    fig, value, about = state.fig(state.ask.figure), event.value, state.ask
    if value == "stay":
        ask(state, "lineup", team=fig.team, action=about.action, queue=about.queue)
        return
    cell = parse_cell(value)
    if cell not in lineup_squares(state, data, fig):  # the check has refused it already: a second guard
        raise RuleError(f"{value} is not a free square behind {team_name(state, fig.team)}'s slargeline.")
    log(state, data, f"{who(state, fig)} lines up at {value} instead of {cell_id(fig.cell)}", fig.team)
    fig.cell = cell
    ask(state, "lineup", team=fig.team, action=about.action, queue=about.queue)
