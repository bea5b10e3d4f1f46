"""The Nab phase: airballs must be nabbed by whoever they land on (or ballbonk spreads through the cluster),
then each groundball once."""

from __future__ import annotations

from refbox.engine.dice import p_at_most
from refbox.engine.prompts import Choose, Event, Legal, Option, Pick, Roll
from refbox.games.slargeball import flow
from refbox.games.slargeball.common import (
    ask,
    at_most_roll,
    fig_option,
    knock_out,
    log,
    nab_order,
    who,
)
from refbox.games.slargeball.data import Data
from refbox.games.slargeball.field import at_cell, cell_id, place_ball, touching
from refbox.games.slargeball.lineup import figure
from refbox.games.slargeball.models import State
from refbox.games.slargeball.scatter import (
    landed_away,
    landing_legal,
    landing_prompt,
    scatter_legal,
    scatter_on_field,
    scatter_prompt,
    scattered,
)
from refbox.games.slargeball.steps import STEPS

# ---- an airball comes down ----


@STEPS.legal_for("air_landed", phase="nab", forcible=True)
def air_landed_legal(state: State, data: Data) -> Legal:
    if state.board:  # on the field: whoever stands where it comes down, else the ground
        on = at_cell(state, state.ball(state.ask.ball).cell)
        return Legal("choose", None, (on.id if on is not None and on.up else "ground",))
    return Legal("choose", None, (*(f.id for f in state.figures if f.on_field and f.status == "up"), "ground"))


@STEPS.prompt_for("air_landed")
def air_landed_prompt(state: State, data: Data, legal: Legal) -> Choose:
    options = []
    for fig_id in legal.ids[:-1]:
        f = state.fig(fig_id)
        option = fig_option(state, f, data, hint="frozen: cannot nab, checks ballbonk" if f.frozen else "")
        if not f.frozen:
            option.chance = p_at_most(data.game.die, f.nab)  # the chance it nabs the ball it lands on
            option.chance_of = "this figure nabbing the ball"
        options.append(option)
    options.append(Option(id="ground", label="Open ground, or an unconscious figure: it becomes a groundball",
                          key="0"))
    return Choose(text=f"Ball {state.ask.ball} comes down. On whose base did it land?", options=tuple(options))


@STEPS.forced_for("air_landed")
def air_landed_forced(state: State, data: Data, event: Event) -> None:
    if state.board:
        ball = state.ball(state.ask.ball)
        if event.value != "ground":
            log(state, data, f"Ball {ball.id} comes down on {who(state, state.fig(event.value))} at "
                f"{cell_id(ball.cell)}", None)
        return
    log(state, data, f"Nobody stands on the field: ball {state.ask.ball} lands as a groundball (not asked)", None)


@STEPS.apply_for("air_landed")
def air_landed_apply(state: State, data: Data, event: Event) -> None:
    ball = state.ball(state.ask.ball)
    if event.value == "ground":
        ball.where, ball.rested_this_nab = "ground", True
        if state.board:  # on a fallen figure or another ball it rolls clear (ruling placement)
            place_ball(state, data, ball.id, ball.cell)
        log(state, data, f"Ball {ball.id} lands on open ground: a groundball")
        flow.next_nab(state, data)
        return
    fig = state.fig(event.value)
    state.bonk_involved = [fig.id]
    if fig.frozen:
        log(state, data, f"Ball {ball.id} lands on {who(state, fig)}, frozen by its coach: no nab, ballbonk check",
            fig.team)
        ask(state, "bonk_roll", team=fig.team, ball=ball.id, figure=fig.id)
    else:
        ask(state, "nab_roll", team=fig.team, ball=ball.id, figure=fig.id, action="air")


# ---- nab rolls: the airball's target, a bonk chain member, or a groundball's contact ----


@STEPS.legal_for("nab_roll", phase="nab")
def nab_roll_legal(state: State, data: Data) -> Legal:
    return Legal("roll", state.ask.team, sides=(data.game.die,))


@STEPS.prompt_for("nab_roll")
def nab_roll_prompt(state: State, data: Data, legal: Legal) -> Roll:
    fig = state.fig(state.ask.figure)
    kind = "airball" if state.ask.action in ("air", "chain") else "groundball"
    others = len(state.nab_queue) > 1
    fail = ("ballbonk check" if kind == "airball"
            else "no effect, the next figure tries" if others else "no effect, the ball stays where it is")
    return at_most_roll(state, data, fig.team, f"{who(state, fig)} tries to nab ball {state.ask.ball} ({kind})",
                        "nab", who(state, fig), fig.nab, f"{who(state, fig)} has the ball", fail)


@STEPS.apply_for("nab_roll")
def nab_roll_apply(state: State, data: Data, event: Event) -> None:
    fig, ball = figure(state, data, state.ask.figure), state.ball(state.ask.ball)
    face, action = event.value[0], state.ask.action
    state.record("nabs", fig.team, fig.tag)
    nabbed = face <= fig.nab
    if state.logged:  # worded only where the log is kept (not in headless play)
        log(state, data, f"{who(state, fig)} {'nabs' if nabbed else 'misses'} ball {ball.id} (rolled {face}, "
            f"needed {fig.nab} or less)", fig.team)
    if nabbed:
        ball.put("carried", fig.id)
        ball.cell = None
        if action == "ground":
            state.nab_done = [*state.nab_done, ball.id]
        flow.next_nab(state, data)
        return
    if action in ("air", "chain"):
        ask(state, "bonk_roll", team=fig.team, ball=ball.id, figure=fig.id, action=action)
    else:
        state.nab_queue = state.nab_queue[1:]
        _next_ground_try(state, data)


# ---- ballbonk ----


@STEPS.legal_for("bonk_roll", phase="nab")
def bonk_roll_legal(state: State, data: Data) -> Legal:
    return Legal("roll", state.ask.team, sides=(data.game.die,))


@STEPS.prompt_for("bonk_roll")
def bonk_roll_prompt(state: State, data: Data, legal: Legal) -> Roll:
    fig = state.fig(state.ask.figure)
    return at_most_roll(state, data, fig.team, f"Ballbonk! Ball {state.ask.ball} hits {who(state, fig)}",
                        "ballbonk", who(state, fig), data.game.ballbonk_on_or_under,
                        f"{who(state, fig)} is knocked out", f"{who(state, fig)} stays on its feet", hoped=False)


@STEPS.apply_for("bonk_roll")
def bonk_roll_apply(state: State, data: Data, event: Event) -> None:
    fig, ball = state.fig(state.ask.figure), state.ball(state.ask.ball)
    face, need = event.value[0], data.game.ballbonk_on_or_under
    if face > need:
        ball.where, ball.rested_this_nab = "ground", True
        if state.board:
            place_ball(state, data, ball.id, fig.cell)
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


@STEPS.legal_for("bonk_contacts", phase="nab", forcible=True)
def bonk_contacts_legal(state: State, data: Data) -> Legal:
    involved = state.bonk_involved
    return Legal("pick", None, tuple(f.id for f in state.figures
                                     if f.on_field and f.status == "up" and f.id not in involved))


@STEPS.skip_for("bonk_contacts")
def bonk_contacts_skip(state: State, data: Data) -> bool:
    """On the field the positions say who touches the ring just bonked."""
    if not state.board:
        return False
    involved, found = set(state.bonk_involved), {}
    for ring_id in state.bonk_ring:
        for f in touching(state, state.fig(ring_id).cell):
            if f.id not in involved:
                found[f.id] = True
    bonk_contacts_apply(state, data, Event("pick", [f.id for f in state.figures if f.id in found]))
    return True


@STEPS.prompt_for("bonk_contacts")
def bonk_contacts_prompt(state: State, data: Data, legal: Legal) -> Pick:
    ring = ", ".join(who(state, state.fig(i)) for i in state.bonk_ring)
    return Pick(
        text=f"Ball {state.ask.ball} bounces on. Pick every standing figure in base contact with {ring}: "
             "each must try to nab it, highest Nab first. None: the ball bounces away (2d6).",
        options=tuple(fig_option(state, state.fig(i), data) for i in legal.ids),
    )


@STEPS.forced_for("bonk_contacts")
def bonk_contacts_forced(state: State, data: Data, event: Event) -> None:
    log(state, data, f"Nobody stands to try for ball {state.ask.ball} (not asked)", None)


@STEPS.apply_for("bonk_contacts")
def bonk_contacts_apply(state: State, data: Data, event: Event) -> None:
    ball = state.ball(state.ask.ball)
    if not event.value:
        log(state, data, f"The whole cluster is ballbonked: ball {ball.id} bounces away")
        ask(state, "bonk_scatter", ball=ball.id, action="bonk")
        return
    state.bonk_involved = [*state.bonk_involved, *event.value]
    state.nab_queue = nab_order(state, list(event.value))
    state.bonk_ring = []
    _chain_try(state, data)


def _chain_try(state: State, data: Data) -> None:
    fig = state.fig(state.nab_queue[0])
    if fig.frozen:
        log(state, data, f"{who(state, fig)} is frozen and cannot nab: ballbonk check", fig.team)
        ask(state, "bonk_roll", team=fig.team, ball=state.ask.ball, figure=fig.id, action="chain")
    else:
        ask(state, "nab_roll", team=fig.team, ball=state.ask.ball, figure=fig.id, action="chain")


# ---- a ball bouncing away from a bonked cluster ----

STEPS.legal_for("bonk_scatter", phase="nab")(scatter_legal)
STEPS.prompt_for("bonk_scatter")(scatter_prompt)


@STEPS.apply_for("bonk_scatter")
def bonk_scatter_apply(state: State, data: Data, event: Event) -> None:
    scattered(state, data, event)
    if state.board:  # the field says where it came down
        where = scatter_on_field(state, data, event)
        if where != "field":
            if not landed_away(state, data, where):
                flow.next_nab(state, data)
            return
        ball = state.ball(state.ask.ball)
        ball.where, ball.rested_this_nab = "ground", True
        place_ball(state, data, ball.id, ball.cell)
        flow.next_nab(state, data)
        return
    ask(state, "bonk_landing", ball=state.ask.ball, action="bonk")


STEPS.legal_for("bonk_landing", phase="nab")(landing_legal)


@STEPS.prompt_for("bonk_landing")
def bonk_landing_prompt(state: State, data: Data, legal: Legal) -> Choose:
    return landing_prompt(state, data, "On the field: it rests there as a groundball")


@STEPS.apply_for("bonk_landing")
def bonk_landing_apply(state: State, data: Data, event: Event) -> None:
    if landed_away(state, data, event.value):
        return
    if event.value == "field":
        ball = state.ball(state.ask.ball)
        ball.where, ball.rested_this_nab = "ground", True
    flow.next_nab(state, data)


# ---- groundballs ----


@STEPS.legal_for("ground_contact", phase="nab", forcible=True)
def ground_contact_legal(state: State, data: Data) -> Legal:
    return Legal("pick", None, tuple(f.id for f in state.figures
                                     if f.status == "up" and not f.frozen and f.on_field and not f.coach))


@STEPS.skip_for("ground_contact")
def ground_contact_skip(state: State, data: Data) -> bool:
    """On the field the positions say who touches the groundball (ruling groundball-nabbers)."""
    if not state.board:
        return False
    cell = state.ball(state.ask.ball).cell
    nabbers = [f.id for f in touching(state, cell) if not f.frozen and not f.coach]
    ground_contact_apply(state, data, Event("pick", nabbers))
    return True


@STEPS.prompt_for("ground_contact")
def ground_contact_prompt(state: State, data: Data, legal: Legal) -> Pick:
    options = []
    for fig_id in legal.ids:
        f = state.fig(fig_id)
        option = fig_option(state, f, data)
        option.chance = p_at_most(data.game.die, f.nab)  # the chance this figure nabs it when its turn comes
        option.chance_of = "this figure nabbing the ball"
        options.append(option)
    return Pick(
        text=f"Groundball {state.ask.ball}: pick every figure in base contact with it that tries to nab it "
             "(none is fine). They try from the highest Nab down.",
        options=tuple(options),
    )


@STEPS.forced_for("ground_contact")
def ground_contact_forced(state: State, data: Data, event: Event) -> None:
    log(state, data, f"Nobody can try to nab groundball {state.ask.ball} (not asked)", None)


@STEPS.apply_for("ground_contact")
def ground_contact_apply(state: State, data: Data, event: Event) -> None:
    state.nab_queue = nab_order(state, list(event.value))
    _next_ground_try(state, data)


def _next_ground_try(state: State, data: Data) -> None:
    if state.nab_queue:
        fig = state.fig(state.nab_queue[0])
        ask(state, "nab_roll", team=fig.team, ball=state.ask.ball, figure=fig.id, action="ground")
    else:
        state.nab_done = [*state.nab_done, state.ask.ball]
        flow.next_nab(state, data)
