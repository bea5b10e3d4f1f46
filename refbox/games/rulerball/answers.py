"""The legal answers of the steps random play and the computer coach meet, without building their prompts
(labels, hints and odds are for a screen; the simulator and the computer coach need only the ids or the dice).
Every other step's answers are taken from its prompt. tests/test_engine_legal.py and
tests/test_rulerball_legal.py check both agree on every state of random play."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from refbox.engine.prompts import Legal
from refbox.games.rulerball.checks import FAILURE, SUCCESS
from refbox.games.rulerball.data import Data, RollRule
from refbox.games.rulerball.harm import GENERIC_RESULTS
from refbox.games.rulerball.models import Figure, State
from refbox.games.rulerball.sweep import FURTHER, attackers, targets, to_move, walker_of
from refbox.games.rulerball.track import roll_target
from refbox.games.rulerball.turn import _due_back, _path_ahead

CONFIRM = Legal("confirm")


@lru_cache(maxsize=None)
def _walk(sectors: int, several: bool, actor: int) -> Legal:
    """A move's answers (the same few on every move: made once, a Legal is frozen)."""
    ids = ["stay", "all_stay", *(str(k) for k in range(1, min(9, sectors - 1) + 1))]
    if sectors - 1 >= FURTHER:
        ids.append("further")
    if several:
        ids.append("first")
    return Legal("choose", actor, tuple(ids))


@lru_cache(maxsize=None)
def _number(actor: int | None, most: int) -> Legal:
    return Legal("number", actor, min=1, max=most)


def _move_walk(state: State, data: Data) -> Legal:
    here = to_move(state, data)
    return _walk(data.track.sectors, len(here) > 1, walker_of(state, here).team)


def _combat_walk(state: State, data: Data) -> Legal:
    return Legal("choose", None, ("done", "penalty", *[f.id for f in attackers(state, data)]))


def _ball_path(state: State, data: Data) -> Legal:
    return Legal("choose", None, ("track", *[f.id for f in _path_ahead(state, data)], "gutter"))


def _release(state: State, data: Data) -> Legal:
    return Legal("choose", None, ("none", *[f.id for f in _due_back(state)]))


@lru_cache(maxsize=None)
def _die(sides: int) -> Legal:
    return Legal("roll", None, sides=(sides,))


def _initiative(state: State, data: Data) -> Legal:
    return _die(data.track.sectors)


def _sector(state: State, data: Data) -> Legal:
    """A sector typed for the pending figure (where it ends a long move, where it returns)."""
    return _number(state.fig(state.pending.figure or "").team, data.track.sectors)


def _ball_stop(state: State, data: Data) -> Legal:
    return _number(None, data.track.sectors)


def _penalty_minutes(state: State, data: Data) -> Legal:
    return _number(None, data.game_minutes)


def _injury_minutes(state: State, data: Data) -> Legal:
    return _number(state.fig(state.pending.figure or "").team, data.game_minutes)


def _injury(state: State, data: Data) -> Legal:
    if data.injuries:
        ids = tuple(str(i) for i in range(len(data.injuries)))
    else:
        ids = tuple(k for k in GENERIC_RESULTS if not (data.rolls.injury is not None and k == "none"))
    return Legal("choose", state.fig(state.pending.figure or "").team, ids)


def _penalty(state: State, data: Data) -> Legal:
    return Legal("choose", None, ("none", *[f.id for f in state.figures if f.place == "track"]))


def _combat_target(state: State, data: Data) -> Legal:
    a = state.fig(state.pending.figure or "")
    return Legal("choose", a.team, tuple(f.id for f in targets(state, data, a)))


def check(rule: RollRule | None, figure: Figure, opponent: Figure | None, actor: int | None,
          entered: tuple[str, ...] = (SUCCESS, FAILURE)) -> Legal:
    """What ``checks.check_prompt`` asks: its dice when the ruleset's numbers are set, else the outcome."""
    if rule is None or roll_target(rule, figure, opponent) is None:
        return Legal("choose", actor, entered)
    return Legal("roll", actor, sides=(rule.sides,) * rule.dice)


def _combat_roll(state: State, data: Data) -> Legal:
    a, t = state.fig(state.pending.figure or ""), state.fig(state.pending.other or "")
    return check(data.rolls.combat, a, t, a.team, (SUCCESS, FAILURE, "defender"))


def _pending_check(rule_of: Callable[[Data], RollRule | None]) -> Callable[[State, Data], Legal]:
    """A check rolled for the pending figure alone (avoid, field, injury)."""

    def legal(state: State, data: Data) -> Legal:
        f = state.fig(state.pending.figure or "")
        return check(rule_of(data), f, None, f.team)

    return legal


def _field_quick(state: State, data: Data) -> Legal:
    f = state.fig(state.pending.figure or "")
    rule = data.rolls.field
    if rule is not None and roll_target(rule, f, None) is not None:
        return Legal("choose", f.team, ("field", "pass"))
    return Legal("choose", f.team, ("success", "failure", "pass"))


FAST: dict[str, Callable[[State, Data], Legal]] = {
    "move_walk": _move_walk,
    "combat_walk": _combat_walk,
    "ball_path": _ball_path,
    "release": _release,
    "initiative": _initiative,
    "ball_stop": _ball_stop,
    "release_sector": _sector,
    "move_further": _sector,
    "move_to": _sector,
    "penalty_minutes": _penalty_minutes,
    "injury_minutes": _injury_minutes,
    "injury": _injury,
    "penalty": _penalty,
    "combat_target": _combat_target,
    "combat_roll": _combat_roll,
    "avoid": _pending_check(lambda data: data.rolls.avoid),
    "field_roll": _pending_check(lambda data: data.rolls.field),
    "injury_roll": _pending_check(lambda data: data.rolls.injury),
    "field_quick": _field_quick,
    "clock": lambda state, data: CONFIRM,
    "reset": lambda state, data: CONFIRM,
}
