"""The Nab phase: airballs must be nabbed by whoever they land on (or ballbonk spreads), then groundballs."""

from __future__ import annotations

from refbox.engine.dice import p_at_most
from refbox.engine.prompts import Choose, Event, Option, Pick, Roll
from refbox.games.slargeball import flow
from refbox.games.slargeball.common import at_most_roll, ask, fig_option, knock_out, log, nab_order, who
from refbox.games.slargeball.data import Data
from refbox.games.slargeball.models import State

# ---- an airball comes down ----


def air_landed_prompt(state: State, data: Data) -> Choose:
    figs = [f for f in state.figures if f.on_field and f.up]
    options = [fig_option(state, f, data, hint="frozen: cannot nab, checks ballbonk" if f.frozen else "")
               for f in figs]
    for f, o in zip(figs, options):
        if not f.frozen:
            o.chance = p_at_most(data.game.die, f.nab)  # the chance it nabs the ball it lands on
    options.append(Option(id="ground", label="Open ground, or an unconscious figure: it becomes a groundball",
                          key="0"))
    return Choose(text=f"Ball {state.ask.ball} comes down. On whose base did it land?", options=tuple(options))


def air_landed_apply(state: State, data: Data, event: Event) -> None:
    ball = state.ball(state.ask.ball)
    if event.value == "ground":
        ball.where, ball.rested_this_nab = "ground", True
        log(state, data, f"Ball {ball.id} lands on open ground: a groundball")
        flow.next_nab(state, data)
        return
    fig = state.fig(event.value)
    state.bonk_involved = [fig.id]
    if fig.frozen:
        log(state, data, f"Ball {ball.id} lands on {who(state, fig)}, frozen by its coach: no nab, ballbonk check",
            fig.team)
        ask(state, "bonk_roll", ball=ball.id, figure=fig.id)
    else:
        ask(state, "nab_roll", ball=ball.id, figure=fig.id, action="air")


# ---- nab rolls: the airball's target, a bonk chain member, or a groundball's contact ----


def nab_roll_prompt(state: State, data: Data) -> Roll:
    fig = state.fig(state.ask.figure)
    kind = "airball" if state.ask.action in ("air", "chain") else "groundball"
    others = len(state.nab_queue) > 1
    fail = ("ballbonk check" if kind == "airball"
            else "no effect, the next figure tries" if others else "no effect, the ball stays where it is")
    return at_most_roll(state, data, fig.team, f"{who(state, fig)} tries to nab ball {state.ask.ball} ({kind})",
                        "nab", who(state, fig), fig.nab, f"{who(state, fig)} has the ball", fail)


def nab_roll_apply(state: State, data: Data, event: Event) -> None:
    fig, ball = state.fig(state.ask.figure), state.ball(state.ask.ball)
    face, action = event.value[0], state.ask.action
    if face <= fig.nab:
        ball.put("carried", fig.id)
        log(state, data, f"{who(state, fig)} nabs ball {ball.id} (rolled {face}, needed {fig.nab} or less)", fig.team)
        if action == "ground":
            state.nab_done = [*state.nab_done, ball.id]
        flow.next_nab(state, data)
        return
    log(state, data, f"{who(state, fig)} misses ball {ball.id} (rolled {face}, needed {fig.nab} or less)", fig.team)
    if action in ("air", "chain"):
        ask(state, "bonk_roll", ball=ball.id, figure=fig.id, action=action)
    else:
        state.nab_queue = state.nab_queue[1:]
        _next_ground_try(state, data)


# ---- ballbonk ----


def bonk_roll_prompt(state: State, data: Data) -> Roll:
    fig = state.fig(state.ask.figure)
    return at_most_roll(state, data, fig.team, f"Ballbonk! Ball {state.ask.ball} hits {who(state, fig)}",
                        "ballbonk", who(state, fig), data.game.ballbonk_on_or_under,
                        f"{who(state, fig)} is knocked out", f"{who(state, fig)} stays on its feet", hoped=False)


def bonk_roll_apply(state: State, data: Data, event: Event) -> None:
    fig, ball = state.fig(state.ask.figure), state.ball(state.ask.ball)
    face, need = event.value[0], data.game.ballbonk_on_or_under
    if face > need:
        ball.where, ball.rested_this_nab = "ground", True
        log(state, data, f"{who(state, fig)} shrugs off the ballbonk (rolled {face}); ball {ball.id} drops "
            "beside it as a groundball", fig.team)
        flow.next_nab(state, data)
        return
    knock_out(state, data, fig)
    log(state, data, f"{who(state, fig)} is ballbonked unconscious (rolled {face}, {need} or less)", fig.team)
    if state.ask.action == "chain":
        state.bonk_ring = [*state.bonk_ring, fig.id]
        state.nab_queue = state.nab_queue[1:]
        if state.nab_queue:
            _chain_try(state, data)
            return
    else:
        state.bonk_ring = [fig.id]
    ask(state, "bonk_contacts", ball=ball.id)


def bonk_contacts_prompt(state: State, data: Data) -> Pick:
    ring = ", ".join(who(state, state.fig(i)) for i in state.bonk_ring)
    figs = [f for f in state.figures if f.on_field and f.up and f.id not in state.bonk_involved]
    return Pick(
        text=f"Ball {state.ask.ball} bounces on. Pick every standing figure in base contact with {ring}: "
             "each must try to nab it, highest Nab first. None: the ball bounces away (2d6).",
        options=tuple(fig_option(state, f, data) for f in figs),
    )


def bonk_contacts_apply(state: State, data: Data, event: Event) -> None:
    ball = state.ball(state.ask.ball)
    if not event.value:
        log(state, data, f"The whole cluster is ballbonked: ball {ball.id} bounces away")
        ask(state, "scatter_roll", ball=ball.id, action="bonk")
        return
    state.bonk_involved = [*state.bonk_involved, *event.value]
    state.nab_queue = nab_order(state, list(event.value))
    state.bonk_ring = []
    _chain_try(state, data)


def _chain_try(state: State, data: Data) -> None:
    fig = state.fig(state.nab_queue[0])
    if fig.frozen:
        log(state, data, f"{who(state, fig)} is frozen and cannot nab: ballbonk check", fig.team)
        ask(state, "bonk_roll", ball=state.ask.ball, figure=fig.id, action="chain")
    else:
        ask(state, "nab_roll", ball=state.ask.ball, figure=fig.id, action="chain")


# ---- groundballs ----


def ground_contact_prompt(state: State, data: Data) -> Pick:
    figs = [f for f in state.figures if f.can_act and not f.coach]
    return Pick(
        text=f"Groundball {state.ask.ball}: pick every figure in base contact with it that tries to nab it "
             "(none is fine). They try from the highest Nab down.",
        options=tuple(_with_nab_chance(fig_option(state, f, data), f, data) for f in figs),
    )


def _with_nab_chance(option, fig, data: Data):
    option.chance = p_at_most(data.game.die, fig.nab)  # the chance this figure nabs it when its turn comes
    return option


def ground_contact_apply(state: State, data: Data, event: Event) -> None:
    state.nab_queue = nab_order(state, list(event.value))
    _next_ground_try(state, data)


def _next_ground_try(state: State, data: Data) -> None:
    if state.nab_queue:
        ask(state, "nab_roll", ball=state.ask.ball, figure=state.nab_queue[0], action="ground")
    else:
        state.nab_done = [*state.nab_done, state.ask.ball]
        flow.next_nab(state, data)


STEPS = {
    "air_landed": (air_landed_prompt, air_landed_apply),
    "nab_roll": (nab_roll_prompt, nab_roll_apply),
    "bonk_roll": (bonk_roll_prompt, bonk_roll_apply),
    "bonk_contacts": (bonk_contacts_prompt, bonk_contacts_apply),
    "ground_contact": (ground_contact_prompt, ground_contact_apply),
}
