"""Coaches, in their own move sub-phase: the activation roll, the target, the walk-by whaps on the way there
and back, and arriving."""

from __future__ import annotations

from refbox.engine.dice import p_at_most
from refbox.engine.errors import RuleError
from refbox.engine.geometry.inch_flight import coach_return, coach_run
from refbox.engine.geometry.inch_setup import coach_spot
from refbox.engine.prompts import Choose, Event, Legal, Option, Pick, Roll
from refbox.games.slargeball import flow
from refbox.games.slargeball.common import (
    ask,
    at_most_roll,
    batch_roll,
    field_fig_option,
    fig_option,
    knock_out,
    log,
    team_name,
    who,
)
from refbox.games.slargeball.data import Data
from refbox.games.slargeball.field import (
    cell_id,
    geometry,
    in_contact,
    occupied_mask,
    standing_mask,
)
from refbox.games.slargeball.models import Figure, State
from refbox.games.slargeball.steps import STEPS


def _need(state: State, data: Data, team: int) -> int:
    return data.coach.activation_needs[state.teams[team].coach.activations]


@STEPS.legal_for("coach_menu", phase="move")
def coach_menu_legal(state: State, data: Data) -> Legal:
    return Legal("choose", state.ask.team, ("try", "no"))


@STEPS.prompt_for("coach_menu")
def coach_menu_prompt(state: State, data: Data, legal: Legal) -> Choose:
    team = state.ask.team
    cs = state.teams[team].coach
    need = _need(state, data, team)
    nth = ("first", "second", "third", "fourth", "fifth")[cs.activations] if cs.activations < 5 else "next"
    return Choose(
        actor=team,
        text="Does your coach storm onto the field? "
             f"({nth} activation, {cs.activations}/{len(data.coach.activation_needs)} used; one try per turn)",
        options=(Option(id="try", label=f"Try to activate the coach (needs {need} or less)", actor=team, key="1",
                        chance=p_at_most(data.game.die, need), chance_of="the coach taking the field"),
                 Option(id="no", label="No, the coach stays on the bench", actor=team, key="0")),
    )


@STEPS.apply_for("coach_menu")
def coach_menu_apply(state: State, data: Data, event: Event) -> None:
    team = state.ask.team
    if event.value == "no":
        flow.advance_move(state, data)
        return
    state.teams[team].coach.tried_turn = state.turn
    ask(state, "coach_roll", team=team)


@STEPS.legal_for("coach_roll", phase="move")
def coach_roll_legal(state: State, data: Data) -> Legal:
    return Legal("roll", state.ask.team, sides=(data.game.die,))


@STEPS.prompt_for("coach_roll")
def coach_roll_prompt(state: State, data: Data, legal: Legal) -> Roll:
    team = state.ask.team
    coach = state.coach_of(team)
    return at_most_roll(state, data, team, f"{team_name(state, team)} try to activate their coach",
                        "coach activation", who(state, coach), _need(state, data, team),
                        "the coach storms onto the field", "the coach stays on the bench")


@STEPS.apply_for("coach_roll")
def coach_roll_apply(state: State, data: Data, event: Event) -> None:
    team = state.ask.team
    need, face = _need(state, data, team), event.value[0]
    if face <= need:
        state.teams[team].coach.activations += 1
        log(state, data, f"{team_name(state, team)} coach activated: rolled {face} (needed {need} or less)", team)
        ask(state, "coach_target", team=team)
    else:
        log(state, data, f"{team_name(state, team)} coach stays on the bench: rolled {face} "
            f"(needed {need} or less)", team)
        flow.advance_move(state, data)


@STEPS.legal_for("coach_target", phase="move", forcible=True)
def coach_target_legal(state: State, data: Data) -> Legal:
    team = state.ask.team
    return Legal("choose", team, tuple(f.id for f in state.figures if f.team == team and not f.coach))


@STEPS.prompt_for("coach_target")
def coach_target_prompt(state: State, data: Data, legal: Legal) -> Choose:
    return Choose(actor=state.ask.team, text="Which of your figures is the coach's target? "
                  "It is frozen until the talking-to is over.",
                  options=tuple((field_fig_option if state.board else fig_option)(state, state.fig(i), data)
                                for i in legal.ids))


@STEPS.forced_for("coach_target")
def coach_target_forced(state: State, data: Data, event: Event) -> None:
    log(state, data, f"The coach has one possible target: {who(state, state.fig(event.value))} (not asked)", None)


@STEPS.apply_for("coach_target")
def coach_target_apply(state: State, data: Data, event: Event) -> None:
    team = state.ask.team
    target = state.fig(event.value)
    if target.team != team or target.coach:
        raise RuleError("A coach can only target a player of its own team.")
    coach = state.coach_of(team)
    cs = state.teams[team].coach
    cs.mode, cs.target = "storming", target.id
    target.frozen = True
    coach.on_field = True
    log(state, data, f"{who(state, coach)} storms towards {who(state, target)}, who is frozen", team)
    ask(state, "walk_by", team=team)


def _walk_by_candidates(state: State, team: int) -> list[Figure]:
    """Every standing figure but the coach, his own target included (ruling coach-walk-by-target)."""
    coach = state.coach_of(team)
    return [f for f in state.figures if f.on_field and f.up and f.id != coach.id]


@STEPS.legal_for("walk_by", phase="move", forcible=True)
def walk_by_legal(state: State, data: Data) -> Legal:
    return Legal("pick", None, tuple(f.id for f in _walk_by_candidates(state, state.ask.team)))


@STEPS.skip_for("walk_by")
def walk_by_skip(state: State, data: Data) -> bool:
    """On the field the coach runs his straight line (ruling coach-line) and the corridor says whom he walks
    by: every standing figure within reach of his line, his own target included (ruling coach-walk-by-target)."""
    if not state.board:
        return False
    team = state.ask.team
    coach, cs, F = state.coach_of(team), state.teams[team].coach, geometry(data)
    occupied = occupied_mask(state, F, skip_fig=coach.id)
    speed, reach = data.coach.speed_inches, data.coach.walk_by_reach_inches
    if cs.mode == "storming":
        target = state.fig(cs.target)
        run = coach_run(F, coach.cell, target.cell, speed, reach, occupied=occupied,
                        standing=standing_mask(state, F, coach.id))
    else:
        run = coach_return(F, coach.cell, coach_spot(F, team), speed, reach, occupied=occupied)
    coach.cell = run.end
    log(state, data, f"{who(state, coach)} runs {run.travelled:.1f} in to {cell_id(run.end)}", team)
    passed = tuple(f.id for f in state.figures if f.on_field and f.up and f.id != coach.id and f.cell is not None
                   and F.has(run.corridor, f.cell))
    if passed:
        ask(state, "walk_by_roll", team=team, queue=passed)
    else:
        ask(state, "coach_arrived", team=team)
    return True


@STEPS.prompt_for("walk_by")
def walk_by_prompt(state: State, data: Data, legal: Legal) -> Pick:
    team = state.ask.team
    cs = state.teams[team].coach
    going = "towards its target" if cs.mode == "storming" else "back to the bench"
    reach, speed = data.coach.walk_by_reach_inches, data.coach.speed_inches
    return Pick(
        actor=None,
        text=f"Move {team_name(state, team)}'s coach {speed} inches straight {going}. "
             f"Pick every standing figure with any part of its base within {reach} inches of its path, "
             "its own target included (none is fine).",
        options=tuple(fig_option(state, state.fig(i), data) for i in legal.ids),
    )


@STEPS.forced_for("walk_by")
def walk_by_forced(state: State, data: Data, event: Event) -> None:
    log(state, data, "Nobody stands on the field for the coach to walk by (not asked)", None)


@STEPS.apply_for("walk_by")
def walk_by_apply(state: State, data: Data, event: Event) -> None:
    if event.value:
        ask(state, "walk_by_roll", team=state.ask.team, queue=tuple(event.value))
    else:
        ask(state, "coach_arrived", team=state.ask.team)


@STEPS.legal_for("walk_by_roll", phase="move")
def walk_by_roll_legal(state: State, data: Data) -> Legal:
    return Legal("roll", None, sides=(data.game.die,) * len(state.ask.queue))


@STEPS.prompt_for("walk_by_roll")
def walk_by_roll_prompt(state: State, data: Data, legal: Legal) -> Roll:
    figs = [state.fig(i) for i in state.ask.queue]
    w = data.coach.walk_by_whap
    return batch_roll(state, data, figs, [w] * len(figs),
                      f"The coach storms past: walk-by whaps at Whap {w}, one die per figure",
                      "walk-by whap", "faints")


@STEPS.apply_for("walk_by_roll")
def walk_by_roll_apply(state: State, data: Data, event: Event) -> None:
    w, team = data.coach.walk_by_whap, state.ask.team
    coach = state.coach_of(team)
    for fig_id, face in zip(state.ask.queue, event.value):
        fig = state.fig(fig_id)
        if face <= w:
            knock_out(state, data, fig)
            log(state, data, f"{who(state, fig)} faints as the coach storms by (rolled {face}, {w} or less)", fig.team)
            if fig.team != team:
                state.record("knock-outs", team, coach.tag)
        else:
            log(state, data, f"{who(state, fig)} keeps its nerve as the coach storms by (rolled {face})", fig.team)
    ask(state, "coach_arrived", team=team)


@STEPS.legal_for("coach_arrived", phase="move")
def coach_arrived_legal(state: State, data: Data) -> Legal:
    return Legal("choose", None, ("yes", "no"))


@STEPS.skip_for("coach_arrived")
def coach_arrived_skip(state: State, data: Data) -> bool:
    """On the field the positions say whether he has arrived."""
    if not state.board:
        return False
    team = state.ask.team
    coach, cs = state.coach_of(team), state.teams[team].coach
    if cs.mode == "storming":
        arrived = in_contact(coach, state.fig(cs.target))
    else:
        arrived = coach.cell == coach_spot(geometry(data), team)
    coach_arrived_apply(state, data, Event("choose", "yes" if arrived else "no"))
    return True


@STEPS.prompt_for("coach_arrived")
def coach_arrived_prompt(state: State, data: Data, legal: Legal) -> Choose:
    team = state.ask.team
    cs = state.teams[team].coach
    if cs.mode == "storming":
        question = f"Has the coach reached base contact with {who(state, state.fig(cs.target))}?"
    else:
        question = "Is the coach back at its spot off the field?"
    return Choose(actor=None, text=question,
                  options=(Option(id="yes", label="Yes", key="1"), Option(id="no", label="No, not yet", key="0")))


@STEPS.apply_for("coach_arrived")
def coach_arrived_apply(state: State, data: Data, event: Event) -> None:
    team = state.ask.team
    cs = state.teams[team].coach
    coach = state.coach_of(team)
    if event.value == "yes":
        if cs.mode == "storming":
            cs.mode, cs.talk_turn = "talking", state.turn + 1
            log(state, data, f"{who(state, coach)} reaches {who(state, state.fig(cs.target))}: "
                f"a talking-to all of turn {cs.talk_turn}", team)
        else:
            cs.mode, coach.on_field = "bench", False
            log(state, data, f"{who(state, coach)} is back on the bench", team)
    flow.advance_move(state, data)
