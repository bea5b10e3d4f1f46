"""The legal answers of the busiest steps, without building their prompts (labels, hints and odds are for a
screen; the simulator and the computer coach need only the ids or the dice). Every other step's answers are
taken from its prompt. tests/test_engine_legal.py checks both agree on every state of random play."""

from __future__ import annotations

from collections.abc import Callable

from refbox.engine.prompts import Legal
from refbox.games.rulerball.data import Data
from refbox.games.rulerball.models import State
from refbox.games.rulerball.sweep import FURTHER, attackers, to_move, walker
from refbox.games.rulerball.turn import _due_back, _path_ahead


def _move_walk(state: State, data: Data) -> Legal:
    n = data.track.sectors
    ids = ["stay", "all_stay", *(str(k) for k in range(1, min(9, n - 1) + 1))]
    if n - 1 >= FURTHER:
        ids.append("further")
    if len(to_move(state, data)) > 1:
        ids.append("first")
    return Legal("choose", walker(state, data).team, tuple(ids))


def _combat_walk(state: State, data: Data) -> Legal:
    return Legal("choose", None, ("done", "penalty", *(f.id for f in attackers(state, data))))


def _ball_path(state: State, data: Data) -> Legal:
    return Legal("choose", None, ("track", *(f.id for f in _path_ahead(state, data)), "gutter"))


def _release(state: State, data: Data) -> Legal:
    return Legal("choose", None, ("none", *(f.id for f in _due_back(state))))


def _initiative(state: State, data: Data) -> Legal:
    return Legal("roll", None, sides=(data.track.sectors,))


FAST: dict[str, Callable[[State, Data], Legal]] = {
    "move_walk": _move_walk,
    "combat_walk": _combat_walk,
    "ball_path": _ball_path,
    "release": _release,
    "initiative": _initiative,
}
