"""Helpers shared by the Slargeball phases: stamps, knock-outs, ball drops, roll prompts, orderings."""

from __future__ import annotations

from dataclasses import dataclass

from refbox.engine.dice import p_at_most, percent
from refbox.engine.prompts import DieSpec, Option, Outcome, Roll
from refbox.engine.state import UNLOGGED
from refbox.games.slargeball.data import Data
from refbox.games.slargeball.field import cell_id, geometry, place_ball, view_square
from refbox.games.slargeball.models import Ask, Figure, State

PHASE_NAMES = {
    "initiative": "Initiative",
    "move": "Move",
    "whap": "Whap",
    "fling": "Fling",
    "nab": "Nab",
    "consciousness": "Consciousness",
    "break": "Break Play",
    "over": "Full time",
    "lineup": "Line-up",
}


def stamp(state: State, data: Data) -> str:
    phase = state.phase
    if phase == "move":
        names = data.facts.move_names
        if state.move_step < len(names):
            return f"T{state.turn} Move/{names[state.move_step]}"
    return f"T{state.turn} {PHASE_NAMES[phase]}"


def log(state: State, data: Data, text: str, actor: int | None = None) -> None:
    """``state.note`` with this phase's stamp (not even worked out for a headless game's dropped log)."""
    if state.log is not UNLOGGED:
        state.note(stamp(state, data), text, actor)


def team_name(state: State, team: int) -> str:
    return state.teams[team].name


def who(state: State, fig: Figure) -> str:
    """A figure as the log names it: "Red T1"."""
    return f"{state.teams[fig.team].name} {fig.tag}"


def ask(state: State, step: str, **about) -> None:
    """The next question: ``step``, about what ``about`` names (a team, a figure, a ball...)."""
    state.step = step
    state.ask = Ask(**about)


def drop_balls(state: State, data: Data, fig: Figure) -> None:
    """A carrier that goes down drops what it holds as groundballs where it falls."""
    for ball in state.carried_by(fig.id):
        ball.put("ground")
        if state.board:  # ruling placement: beside it, clear of everyone
            place_ball(state, data, ball.id, fig.cell)
        log(state, data, f"ball {ball.id} falls to the ground beside {who(state, fig)}", fig.team)


def knock_out(state: State, data: Data, fig: Figure, status: str = "out") -> None:
    fig.status = status
    drop_balls(state, data, fig)


def fig_option(state: State, fig: Figure, data: Data, hint: str = "") -> Option:
    pos = data.position(fig.pos)
    state_bits = [] if fig.up else ["mired" if fig.status == "mired" else "out"]
    if fig.frozen:
        state_bits.append("frozen")
    if state.carried_by(fig.id):
        state_bits.append("ball")
    extra = f" [{', '.join(state_bits)}]" if state_bits else ""
    return Option(
        id=fig.id,
        label=f"{state.teams[fig.team].name} {fig.tag} {pos.name}{extra}",
        hint=hint,
        actor=fig.team,
        key=fig.key,
    )


def field_fig_option(state: State, fig: Figure, data: Data, hint: str = "") -> Option:
    """A figure as an answer on refbox's field: its tag, position and square (the team is the question's), and
    drawn on the field where it stands."""
    option = fig_option(state, fig, data, hint)
    if fig.cell is not None:
        named = f"{fig.tag} {data.position(fig.pos).name}"
        rest = option.label[len(f"{state.teams[fig.team].name} {named}"):]  # what fig_option adds: [ball] etc.
        option.label = f"{named} at {cell_id(fig.cell)}{rest}"
        option.at = view_square(geometry(data), fig.cell)
    return option


def at_most_roll(
    state: State, data: Data, actor: int | None, text: str, purpose: str, die_label: str,
    target: int, success: str, failure: str, hoped: bool = True,
) -> Roll:
    """One die that succeeds at or under ``target``, with its exact odds. ``hoped``: the actor hopes for the
    success (a whap, a nab); False when the success is the actor's loss (its figure is ballbonked)."""
    sides = data.game.die
    p = p_at_most(sides, target)
    need = f"{target} or less" if target < sides else "any face"
    return Roll(
        actor=actor,
        text=text,
        purpose=purpose,
        dice=(DieSpec(sides=sides, label=die_label, note=f"needs {need}"),),
        success=f"{need} on the d{sides}: {success}" if target > 0 else f"cannot succeed: {failure}",
        odds=(Outcome(label=success, probability=p), Outcome(label=failure, probability=1 - p)),
        chance=(p if hoped else 1 - p) if actor is not None else None,
        wins=AtMost(target, hoped) if actor is not None else None,
    )


@dataclass(frozen=True, slots=True)
class AtMost:
    """Did a one-die roll go the actor's way: at or under ``target`` if it ``hoped`` for that, else over.
    A value (not a closure), so two prompts built alike compare equal."""

    target: int
    hoped: bool = True

    def __call__(self, faces: list[int]) -> bool:
        return (faces[0] <= self.target) == self.hoped


def batch_roll(
    state: State, data: Data, figs: list[Figure], targets: list[int], text: str, purpose: str, success: str,
) -> Roll:
    """One die per figure, each at or under its own target (walk-by whaps, waking up)."""
    sides = data.game.die
    dice = tuple(
        DieSpec(sides=sides, label=who(state, f), note=f"{success} on {t} or less ({percent(p_at_most(sides, t))})")
        for f, t in zip(figs, targets)
    )
    expected = sum(p_at_most(sides, t) for t in targets)
    return Roll(
        text=text,
        purpose=purpose,
        dice=dice,
        success=f"each die at or under its figure's number: {success} (expected {expected:.1f} of {len(figs)})",
        odds=tuple(Outcome(label=f"{who(state, f)} {success}", probability=p_at_most(sides, t))
                   for f, t in zip(figs, targets)),
    )


def nab_order(state: State, fig_ids: list[str]) -> list[str]:
    """Highest Nab first; ties: the initiative team first, then roster order (ruling nab-same-team-ties)."""
    figures, first = state.figures, state.team_order()[0]
    keyed = []
    for fig_id in fig_ids:
        i = state.fig_index(fig_id)
        f = figures[i]
        keyed.append((-f.nab, f.team != first, i, fig_id))
    keyed.sort()
    return [k[3] for k in keyed]


def someone_down(state: State) -> bool:
    """Is a figure on the field unconscious (so there is a pile to cross)?"""
    for f in state.figures:
        if f.status != "up" and f.on_field:
            return True
    return False


def on_field(state: State) -> list[Figure]:
    return [f for f in state.figures if f.on_field]


def everyone_out(state: State) -> bool:
    for f in state.figures:
        if f.status == "up" and not f.coach:
            return False
    return True


def score(state: State, data: Data, team: int, why: str, by: Figure | None = None) -> None:
    """A goal for ``team`` (``by`` the figure that carried or flung it in, where one did)."""
    state.teams[team].score += data.game.scoring_points
    state.record("goals", team, by.tag if by is not None else None)
    log(state, data, f"GOAL! {team_name(state, team)} score ({why}): "
        f"{state.teams[0].name} {state.teams[0].score} : {state.teams[1].score} {state.teams[1].name}", team)
