"""The end of a turn: the consciousness check, Break Play (the table resets), and full time."""

from __future__ import annotations

from refbox.engine.errors import RuleError
from refbox.engine.prompts import Confirm, Event, GameOver, Legal, Roll
from refbox.games.slargeball import flow
from refbox.games.slargeball.common import batch_roll, log, who
from refbox.games.slargeball.data import Data
from refbox.games.slargeball.field import area_of, clear_spot, geometry, line_up
from refbox.games.slargeball.models import State
from refbox.games.slargeball.steps import STEPS
from refbox.games.slargeball.steps_lineup import BREAK, begin_lineups


@STEPS.legal_for("wake_roll", phase="consciousness")
def wake_legal(state: State, data: Data) -> Legal:
    return Legal("roll", None, sides=(data.game.die,) * len(state.ask.queue))


@STEPS.prompt_for("wake_roll")
def wake_prompt(state: State, data: Data, legal: Legal) -> Roll:
    figs = [state.fig(i) for i in state.ask.queue]
    return batch_roll(state, data, figs, [f.whap for f in figs],
                      f"Check for consciousness: {len(figs)} figure(s) roll to wake (at or under their Whap)",
                      "wake up", "wakes up")


@STEPS.apply_for("wake_roll")
def wake_apply(state: State, data: Data, event: Event) -> None:
    logged = state.logged
    for fig_id, face in zip(state.ask.queue, event.value):
        fig = state.fig(fig_id)
        woken = face <= fig.whap
        if woken:
            fig.status = "up"
            if state.board and fig.cell is not None:  # ruling placement: it stands clear of everyone
                fig.cell = clear_spot(state, data, fig.cell, area_of(geometry(data), fig), skip_fig=fig.id)
        if logged:  # worded only where the log is kept (not in headless play)
            log(state, data, f"{who(state, fig)} {'wakes up' if woken else 'stays down'} (rolled {face}, "
                f"Whap {fig.whap})", fig.team)
    flow.close_turn(state, data)


@STEPS.legal_for("break_confirm", phase="break")
def break_legal(state: State, data: Data) -> Legal:
    return Legal("confirm", None)


@STEPS.prompt_for("break_confirm")
def break_prompt(state: State, data: Data, legal: Legal) -> Confirm:
    a, b = state.teams
    if state.board:
        then = (" Then each team may change its line-up." if state.turn < state.turns else "")
        return Confirm(text=f"Play is broken ({state.break_reason}). refbox lines everyone up: fallen figures "
                       "and groundballs stay where they lie, conscious goalies go to the opposing goal zone, "
                       "coaches to their bench, everyone else behind their own slargeline; scored and "
                       f"out-of-play balls go back to the centre.{then}")
    lines = [f"Play is broken ({state.break_reason}). Reset the table:",
             "- unconscious figures stay exactly where they lie;",
             "- conscious goalies go to the opposing goal zone;",
             "- conscious coaches on the field go back to their bench spot;",
             f"- every other conscious figure lines up behind its own slargeline ({a.name}, {b.name});"]
    centre = [bl.id for bl in state.balls if bl.where == "out"]
    if centre:
        lines.append(f"- ball(s) {', '.join(map(str, centre))} go back to the centre of the field.")
    return Confirm(text="\n".join(lines))


@STEPS.apply_for("break_confirm")
def break_apply(state: State, data: Data, event: Event) -> None:
    if state.board:
        line_up(state, data)
    for team in (0, 1):
        coach, cs = state.coach_of(team), state.teams[team].coach
        if coach is not None and coach.on_field and coach.up:
            if cs.target:
                state.fig(cs.target).frozen = False
            coach.on_field, cs.mode, cs.target = False, "bench", None
    for ball in state.balls:
        if ball.where in ("out", "air"):
            ball.where = "ground"
    reset = "Everyone is lined up" if state.board else "The table is reset"
    log(state, data, f"{reset}; " + ("play resumes next turn" if state.turn < state.turns else "that was the last turn"))
    state.break_reason = ""
    if state.board and state.turn < state.turns:  # the teams may change refbox's line-up (steps_lineup)
        begin_lineups(state, data, BREAK)
    else:
        flow.next_turn(state, data)


# Full time shows Break Play's help and rulings, as the last phase of play (as it always has).
@STEPS.legal_for("over", phase="break")
def over_legal(state: State, data: Data) -> Legal:
    a, b = state.teams[0].score, state.teams[1].score
    return Legal("over", None if a == b else 0 if a > b else 1)


@STEPS.prompt_for("over")
def over_prompt(state: State, data: Data, legal: Legal) -> GameOver:
    a, b = state.teams
    if legal.actor is None:
        return GameOver(text=f"Full time: a tie, {a.name} {a.score} : {b.score} {b.name}.")
    winner = state.teams[legal.actor].name
    return GameOver(actor=legal.actor, text=f"Full time: {winner} win, {a.name} {a.score} : {b.score} {b.name}.")


@STEPS.apply_for("over")
def over_apply(state: State, data: Data, event: Event) -> None:
    raise RuleError("The match is over.")
