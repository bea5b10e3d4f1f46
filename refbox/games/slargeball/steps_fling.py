"""The Fling phase: each carried ball in turn (initiative team first), flung, held, or (a coach's) thrown at
random; a missed fling scatters."""

from __future__ import annotations

from refbox.engine.dice import p_at_most
from refbox.engine.prompts import Choose, Event, Legal, Option, Roll
from refbox.games.slargeball import flow
from refbox.games.slargeball.common import ask, at_most_roll, log, score, who
from refbox.games.slargeball.data import Data
from refbox.games.slargeball.field import cell_id, parse_cell
from refbox.games.slargeball.models import State
from refbox.games.slargeball.scatter import (
    attack_step,
    ground_other_airballs,
    landed_away,
    landing_legal,
    landing_prompt,
    scatter_legal,
    scatter_on_field,
    scatter_prompt,
    scattered,
)
from refbox.games.slargeball.steps import STEPS
from refbox.games.slargeball.steps_field import bunker_aim


def fling_range(data: Data, fling: int) -> int:
    return fling * data.game.fling_range_per_point


@STEPS.legal_for("fling_menu", phase="fling")
def fling_menu_legal(state: State, data: Data) -> Legal:
    if state.board:  # on the field the goal is offered only within range
        fig = state.fig(state.ask.figure)
        goal = bunker_aim(state, data, fig, fling_range(data, fig.fling)) is not None
        return Legal("choose", state.ask.team, ("spot", "goal", "hold") if goal else ("spot", "hold"))
    return Legal("choose", state.ask.team, ("spot", "goal", "hold"))


@STEPS.prompt_for("fling_menu")
def fling_menu_prompt(state: State, data: Data, legal: Legal) -> Choose:
    fig = state.fig(state.ask.figure)
    rng = fling_range(data, fig.fling)
    chance = p_at_most(data.game.die, fig.fling)
    labels = {"spot": ("Fling at a spot or a figure within range", "1", chance),
              "goal": ("Fling at the opposing goal bunker (within range)", "2", chance),
              "hold": ("Hold on to the ball", "0", None)}
    return Choose(
        actor=fig.team,
        text=f"{who(state, fig)} holds ball {state.ask.ball}. Fling it? Range {rng} inches (Fling {fig.fling}).",
        options=tuple(Option(id=i, label=labels[i][0], actor=fig.team, key=labels[i][1], chance=labels[i][2],
                             chance_of="the fling going where it is aimed") for i in legal.ids),
    )


@STEPS.apply_for("fling_menu")
def fling_menu_apply(state: State, data: Data, event: Event) -> None:
    if event.value == "hold":
        log(state, data, f"{who(state, state.fig(state.ask.figure))} holds ball {state.ask.ball}")
        flow.next_fling(state, data)
    elif state.board and event.value == "spot":
        ask(state, "fling_aim", team=state.ask.team, figure=state.ask.figure, ball=state.ask.ball)
    elif state.board:
        fig = state.fig(state.ask.figure)
        aim = bunker_aim(state, data, fig, fling_range(data, fig.fling))
        ask(state, "fling_roll", team=state.ask.team, figure=state.ask.figure, ball=state.ask.ball,
            action="goal", queue=(cell_id(aim),))
    else:
        ask(state, "fling_roll", team=state.ask.team, figure=state.ask.figure, ball=state.ask.ball,
            action=event.value)


@STEPS.legal_for("fling_roll", phase="fling")
def fling_roll_legal(state: State, data: Data) -> Legal:
    return Legal("roll", state.ask.team, sides=(data.game.die,))


@STEPS.prompt_for("fling_roll")
def fling_roll_prompt(state: State, data: Data, legal: Legal) -> Roll:
    fig = state.fig(state.ask.figure)
    spot = state.ask.queue[0] if state.board and state.ask.queue else None
    aim = "the goal bunker" if state.ask.action == "goal" else f"square {spot}" if spot else "the chosen spot"
    hit = "GOAL" if state.ask.action == "goal" else "lands exactly on the spot"
    return at_most_roll(state, data, fig.team, f"{who(state, fig)} flings ball {state.ask.ball} at {aim}",
                        "fling", who(state, fig), fig.fling, hit, "scatters")


@STEPS.apply_for("fling_roll")
def fling_roll_apply(state: State, data: Data, event: Event) -> None:
    fig, ball = state.fig(state.ask.figure), state.ball(state.ask.ball)
    face = event.value[0]
    state.record("flings", fig.team, fig.tag)
    ball.put("air")
    if state.board:  # the aim: where it comes down on target, where a scatter starts
        ball.cell = parse_cell(state.ask.queue[0])
        ball.heading = (ball.cell[0] - fig.cell[0], ball.cell[1] - fig.cell[1])
    if face <= fig.fling:
        if state.ask.action == "goal":
            ball.where, ball.cell = "out", None
            state.scored_ball = ball.id
            score(state, data, fig.team, f"{who(state, fig)} flings ball {ball.id} into the bunker (rolled {face})",
                  by=fig)
            ground_other_airballs(state, data)
            flow.break_play(state, data, f"goal by {who(state, fig)}")
            return
        log(state, data, f"{who(state, fig)} flings ball {ball.id} right on target (rolled {face}, "
            f"needed {fig.fling} or less): it comes down in the Nab phase", fig.team)
        flow.next_fling(state, data)
    else:
        log(state, data, f"{who(state, fig)} flings ball {ball.id} wide (rolled {face}, needed {fig.fling} or less): "
            f"it scatters {face - fig.fling}d6 inches", fig.team)
        ask(state, "fling_scatter", figure=fig.id, ball=ball.id, action="fling", face=face - fig.fling)


# ---- a missed fling, or a coach's throw at random (flow.next_fling asks it) ----

STEPS.legal_for("fling_scatter", phase="fling")(scatter_legal)
STEPS.prompt_for("fling_scatter")(scatter_prompt)


@STEPS.apply_for("fling_scatter")
def fling_scatter_apply(state: State, data: Data, event: Event) -> None:
    if state.ask.action == "coach":
        state.ball(state.ask.ball).put("air")
    scattered(state, data, event)
    if state.board:  # the field says where it came down
        if state.ask.action == "coach":
            coach = state.fig(state.ask.figure)
            ball = state.ball(state.ask.ball)
            ball.cell, ball.heading = coach.cell, attack_step(coach.team)
        where = scatter_on_field(state, data, event)
        if where != "field" and landed_away(state, data, where):
            return
        flow.next_fling(state, data)
        return
    ask(state, "fling_landing", ball=state.ask.ball, action=state.ask.action, figure=state.ask.figure)


STEPS.legal_for("fling_landing", phase="fling")(landing_legal)


@STEPS.prompt_for("fling_landing")
def fling_landing_prompt(state: State, data: Data, legal: Legal) -> Choose:
    return landing_prompt(state, data, "On the field: it must be nabbed by whoever it lands on in the Nab phase")


@STEPS.apply_for("fling_landing")
def fling_landing_apply(state: State, data: Data, event: Event) -> None:
    if not landed_away(state, data, event.value):
        flow.next_fling(state, data)
