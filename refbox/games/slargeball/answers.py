"""The legal answers of every step, without building its prompt (labels, hints and exact odds are for a screen;
the simulator and the computer coach need only the ids or the dice). tests/test_engine_legal.py checks they
agree with the prompts on every state of random play."""

from __future__ import annotations

from collections.abc import Callable

from refbox.engine.prompts import Legal
from refbox.games.slargeball import flow
from refbox.games.slargeball.data import Data
from refbox.games.slargeball.models import State
from refbox.games.slargeball.moving import _movers, _walk_by_candidates, menu_actions
from refbox.games.slargeball.whap_fling import _targets, scatter_dice

_SEEN: dict[tuple, Legal] = {}
"""Legal answers already built, by their fields: random play asks the same few again and again, and a Legal is
frozen, so one can be handed out many times."""


def legal(kind: str, actor: int | None, ids: tuple[str, ...] = (), sides: tuple[int, ...] = (),
          max: int | None = None) -> Legal:
    key = (kind, actor, ids, sides, max)
    found = _SEEN.get(key)
    if found is None:
        if len(_SEEN) > 10_000:
            _SEEN.clear()
        found = _SEEN[key] = Legal(kind, actor, ids, sides, 0, max)  # type: ignore[arg-type]
    return found


def _whap_menu(state: State, data: Data) -> Legal:
    band, context = state.whap_band, flow.whap_context(state, data)
    ids = context[1].ids
    at = tuple([ids[i] for i in flow.whappers(context, band)])
    for lower in context[1].whap_bands:
        if lower < band and flow.whappers(context, lower, first=True):
            return legal("choose", None, ("next", "nobody", *at))
    return legal("choose", None, ("next", *at))


def _whap_target(state: State, data: Data) -> Legal:
    whapper = state.fig(state.ask.figure)
    return legal("choose", whapper.team, tuple(f.id for f in _targets(state, data, whapper.id)))


def _move_menu(state: State, data: Data) -> Legal:
    return legal("choose", state.ask.team, ("done", *menu_actions(state, data), "rest", "break"))


def _move_figure(state: State, data: Data) -> Legal:
    return legal("choose", state.ask.team, ("back", *(f.id for f in _movers(state, data, state.ask.action))))


def _figure_roll(state: State, data: Data) -> Legal:
    """One die, rolled for the asked figure's team (a whap, a nab, a fling, a pile or a break from contact)."""
    return legal("roll", state.fig(state.ask.figure).team, sides=(data.game.die,))


def _team_roll(state: State, data: Data) -> Legal:
    return legal("roll", state.ask.team, sides=(data.game.die,))


def _ground_contact(state: State, data: Data) -> Legal:
    return legal("pick", None, tuple(f.id for f in state.figures
                                     if f.status == "up" and not f.frozen and f.on_field and not f.coach))


def _air_landed(state: State, data: Data) -> Legal:
    return legal("choose", None, (*(f.id for f in state.figures if f.on_field and f.status == "up"), "ground"))


def _bonk_contacts(state: State, data: Data) -> Legal:
    involved = state.bonk_involved
    return legal("pick", None, tuple(f.id for f in state.figures
                                     if f.on_field and f.status == "up" and f.id not in involved))


def _coach_target(state: State, data: Data) -> Legal:
    team = state.ask.team
    return legal("choose", team, tuple(f.id for f in state.figures if f.team == team and not f.coach))


def _walk_by(state: State, data: Data) -> Legal:
    return legal("pick", None, tuple(f.id for f in _walk_by_candidates(state, state.ask.team)))


def _fling_menu(state: State, data: Data) -> Legal:
    return legal("choose", state.fig(state.ask.figure).team, ("spot", "goal", "hold"))


def _over(state: State, data: Data) -> Legal:
    a, b = state.teams[0].score, state.teams[1].score
    return legal("over", None if a == b else 0 if a > b else 1)


def _dice(count: Callable[[State, Data], int]) -> Callable[[State, Data], Legal]:
    return lambda state, data: legal("roll", None, sides=(data.game.die,) * count(state, data))


def _fixed(kind: str, *ids: str, team: bool = False) -> Callable[[State, Data], Legal]:
    """The same answers every time, for the table (or for the asked team)."""
    return lambda state, data: legal(kind, state.ask.team if team else None, ids)


FAST: dict[str, Callable[[State, Data], Legal]] = {
    "whap_menu": _whap_menu,
    "whap_target": _whap_target,
    "move_menu": _move_menu,
    "move_figure": _move_figure,
    "whap_roll": _figure_roll,
    "nab_roll": _figure_roll,
    "fling_roll": _figure_roll,
    "move_roll": _figure_roll,
    "bonk_roll": _figure_roll,
    "coach_roll": _team_roll,
    "ground_contact": _ground_contact,
    "air_landed": _air_landed,
    "bonk_contacts": _bonk_contacts,
    "coach_target": _coach_target,
    "walk_by": _walk_by,
    "fling_menu": _fling_menu,
    "initiative_roll": _dice(lambda state, data: 2),
    "wake_roll": _dice(lambda state, data: len(state.ask.queue)),
    "walk_by_roll": _dice(lambda state, data: len(state.ask.queue)),
    "scatter_roll": _dice(lambda state, data: 1 + scatter_dice(state, data)),
    "break_check": _fixed("choose", "no", "yes"),
    "coach_menu": _fixed("choose", "try", "no", team=True),
    "coach_arrived": _fixed("choose", "yes", "no"),
    "landing": _fixed("choose", "field", "bunker0", "bunker1", "off"),
    "break_confirm": _fixed("confirm"),
    "over": _over,
}
