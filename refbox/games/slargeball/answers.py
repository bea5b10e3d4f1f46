"""The legal answers of the busiest steps, without building their prompts (labels, hints and exact odds are for
a screen; the simulator and the computer coach need only the ids or the dice). Every other step's answers are
taken from its prompt. tests/test_engine_legal.py checks both agree on every state of random play."""

from __future__ import annotations

from collections.abc import Callable

from refbox.engine.prompts import Legal
from refbox.games.slargeball import flow
from refbox.games.slargeball.data import Data
from refbox.games.slargeball.models import State
from refbox.games.slargeball.moving import _movers, menu_actions
from refbox.games.slargeball.whap_fling import _targets, scatter_dice


def _whap_menu(state: State, data: Data) -> Legal:
    band, candidates = state.whap_band, flow.whap_candidates(state)
    ids = ("next", "nobody") if any(f.whap < band for f in candidates) else ("next",)
    return Legal("choose", None, ids + tuple(f.id for f in candidates if f.whap == band))


def _whap_target(state: State, data: Data) -> Legal:
    whapper = state.fig(state.ask.figure)
    return Legal("choose", whapper.team, tuple(f.id for f in _targets(state, whapper.id)))


def _move_menu(state: State, data: Data) -> Legal:
    return Legal("choose", state.ask.team, ("done", *menu_actions(state, data), "rest", "break"))


def _move_figure(state: State, data: Data) -> Legal:
    return Legal("choose", state.ask.team, ("back", *(f.id for f in _movers(state, data, state.ask.action))))


def _figure_roll(state: State, data: Data) -> Legal:
    """One die, rolled for the asked figure's team (a whap, a nab, a fling, a pile or a break from contact)."""
    return Legal("roll", state.fig(state.ask.figure).team, sides=(data.game.die,))


def _ground_contact(state: State, data: Data) -> Legal:
    return Legal("pick", None, tuple(f.id for f in state.figures if f.can_act and not f.coach))


def _dice(count: Callable[[State, Data], int]) -> Callable[[State, Data], Legal]:
    return lambda state, data: Legal("roll", None, sides=(data.game.die,) * count(state, data))


FAST: dict[str, Callable[[State, Data], Legal]] = {
    "whap_menu": _whap_menu,
    "whap_target": _whap_target,
    "move_menu": _move_menu,
    "move_figure": _move_figure,
    "whap_roll": _figure_roll,
    "nab_roll": _figure_roll,
    "fling_roll": _figure_roll,
    "move_roll": _figure_roll,
    "ground_contact": _ground_contact,
    "initiative_roll": _dice(lambda state, data: 2),
    "wake_roll": _dice(lambda state, data: len(state.ask.queue)),
    "scatter_roll": _dice(lambda state, data: 1 + scatter_dice(state, data)),
}
