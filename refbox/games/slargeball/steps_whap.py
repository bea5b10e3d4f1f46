"""The Whap phase: simultaneous whaps, asked highest Whap first (a band at a time), each at one opponent."""

from __future__ import annotations

from refbox.engine.dice import p_at_most
from refbox.engine.prompts import Choose, Event, Legal, Option, Refusal, Roll
from refbox.games.slargeball import flow
from refbox.games.slargeball.common import (
    ask,
    at_most_roll,
    fig_option,
    knock_out,
    log,
    who,
)
from refbox.games.slargeball.data import Data
from refbox.games.slargeball.field import opponents_touching
from refbox.games.slargeball.lineup import figure, layout
from refbox.games.slargeball.models import State
from refbox.games.slargeball.steps import STEPS


@STEPS.legal_for("whap_menu", phase="whap", forcible=True)
def whap_menu_legal(state: State, data: Data) -> Legal:
    """On to the next band (and, when a lower band has whappers, nobody else at all), or a whapper of this
    band's. On the field every figure touching a standing opponent whaps (ruling field-whaps): the next one is
    the only answer, so it is never asked."""
    band, context = state.whap_band, flow.whap_context(state, data)
    ids = context[1].ids
    at = [ids[i] for i in flow.whappers(context, band)]
    if state.board and at:
        return Legal("choose", None, (at[0],))
    for lower in context[1].whap_bands:
        if lower < band and flow.whappers(context, lower, first=True):
            return Legal("choose", None, ("next", "nobody", *at))
    return Legal("choose", None, ("next", *at))


@STEPS.prompt_for("whap_menu")
def whap_menu_prompt(state: State, data: Data, legal: Legal) -> Choose:
    band = state.whap_band
    if "nobody" in legal.ids:
        options = [Option(id="next", label=f"No more whaps at Whap {band}: on to Whap {band - 1}", key="1"),
                   Option(id="nobody", label="Nobody else whaps this phase", key="0")]
    else:
        options = [Option(id="next", label="Nobody else whaps: end the Whap phase", key="0")]
    p = p_at_most(data.game.die, band)
    for fig_id in legal.ids[len(options):]:
        f = state.fig(fig_id)
        option = fig_option(state, f, data, hint="knocked out this phase, still whaps" if not f.up else "")
        option.chance = p  # the chance its whap knocks the target out
        option.chance_of = "this figure's whap knocking its target out"
        options.append(option)
    return Choose(
        text=f"Whap phase, Whap {band} figures first: who whaps an opponent in base contact? "
             "(one whap per figure; all whaps are simultaneous)",
        options=tuple(options),
        refused=_whap_refusals(state),
    )


def _whap_refusals(state: State) -> tuple[Refusal, ...]:
    """Standing figures that cannot whap now, and why (a coach, frozen, or already whapped)."""
    refused = []
    for f in state.figures:
        if f.id not in state.up_at_whap:
            continue
        reason = ("it has already whapped this turn" if f.id in state.whapped else
                  "frozen by its coach" if f.frozen else
                  "coaches never whap" if f.coach else "")
        if reason:
            refused.append(Refusal(id=f.id, label=who(state, f), reason=reason))
    return tuple(refused)


@STEPS.apply_for("whap_menu")
def whap_menu_apply(state: State, data: Data, event: Event) -> None:
    if event.value == "next":
        state.whap_band -= 1
        flow.settle_whap_band(state, data)
    elif event.value == "nobody":
        log(state, data, "Nobody else whaps this phase")
        state.whap_band = 0
        flow.settle_whap_band(state, data)
    else:
        ask(state, "whap_target", team=figure(state, data, event.value).team, figure=event.value)


@STEPS.legal_for("whap_target", phase="whap", forcible=True)
def whap_target_legal(state: State, data: Data) -> Legal:
    """The opponents standing on the field (whoever is in base contact: the table knows)."""
    team, figures = state.ask.team, state.figures
    if state.board:  # on the field: the standing opponents in base contact
        return Legal("choose", team, tuple(f.id for f in opponents_touching(state, state.fig(state.ask.figure))))
    return Legal("choose", team, tuple([f.id for f in map(figures.__getitem__, layout(state, data).teams[1 - team])
                                        if f.on_field and f.status == "up"]))


@STEPS.prompt_for("whap_target")
def whap_target_prompt(state: State, data: Data, legal: Legal) -> Choose:
    whapper = state.fig(state.ask.figure)
    return Choose(
        actor=whapper.team,
        text=f"{who(state, whapper)} (Whap {whapper.whap}) whaps which opponent in base contact?",
        options=tuple(fig_option(state, state.fig(i), data) for i in legal.ids),
    )  # the whap's chance is the same whoever the target is: it is on the roll


@STEPS.forced_for("whap_target")
def whap_target_forced(state: State, data: Data, event: Event) -> None:
    log(state, data, f"Only one opponent stands to be whapped: {who(state, state.fig(event.value))} (not asked)",
        None)


@STEPS.apply_for("whap_target")
def whap_target_apply(state: State, data: Data, event: Event) -> None:
    ask(state, "whap_roll", team=state.ask.team, figure=state.ask.figure, queue=(event.value,))


@STEPS.legal_for("whap_roll", phase="whap")
def whap_roll_legal(state: State, data: Data) -> Legal:
    return Legal("roll", state.ask.team, sides=(data.game.die,))


@STEPS.prompt_for("whap_roll")
def whap_roll_prompt(state: State, data: Data, legal: Legal) -> Roll:
    whapper, target = state.fig(state.ask.figure), state.fig(state.ask.queue[0])
    return at_most_roll(state, data, whapper.team, f"{who(state, whapper)} whaps {who(state, target)}",
                        "whap", who(state, whapper), whapper.whap,
                        f"{who(state, target)} is knocked out", "no effect")


@STEPS.apply_for("whap_roll")
def whap_roll_apply(state: State, data: Data, event: Event) -> None:
    whapper, target = figure(state, data, state.ask.figure), figure(state, data, state.ask.queue[0])
    face = event.value[0]
    state.whapped = [*state.whapped, whapper.id]
    state.record("whaps", whapper.team, whapper.tag)
    hit = face <= whapper.whap
    if hit:
        knock_out(state, data, target)
        state.record("knock-outs", whapper.team, whapper.tag)
    if state.logged:  # worded only where the log is kept (not in headless play)
        what = (f"whaps {who(state, target)} unconscious (rolled {face}, needed {whapper.whap} or less)" if hit
                else f"whaps at {who(state, target)} and misses (rolled {face})")
        log(state, data, f"{who(state, whapper)} {what}", whapper.team)
    flow.settle_whap_band(state, data)
