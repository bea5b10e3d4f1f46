"""The legal answers of every step, without building its prompt (labels, hints and exact odds are for a screen;
the simulator and the computer coach need only the ids, the dice or the range). tests/test_engine_legal.py
checks they agree with the prompts on every state of random play."""

from __future__ import annotations

from collections.abc import Callable

from refbox.engine.prompts import Legal
from refbox.games.ballmonsters.bite import FACING_WORDS, _candidates, _keep
from refbox.games.ballmonsters.boing import _active_keeps, _partner, exit_ids, owner
from refbox.games.ballmonsters.data import Data
from refbox.games.ballmonsters.models import State

_SEEN: dict[tuple, Legal] = {}
"""Legal answers already built, by their fields: random play asks the same few again and again, and a Legal is
frozen, so one can be handed out many times."""


def legal(kind: str, actor: int | None, ids: tuple[str, ...] = (), sides: tuple[int, ...] = (), low: int = 0,
          high: int | None = None) -> Legal:
    key = (kind, actor, ids, sides, low, high)
    found = _SEEN.get(key)
    if found is None:
        if len(_SEEN) > 10_000:
            _SEEN.clear()
        found = _SEEN[key] = Legal(kind, actor, ids, sides, low, high)  # type: ignore[arg-type]
    return found


def _in_play_ids(state: State, *skip: str | None) -> list[str]:
    return [b.id for b in state.balls if b.gone is None and b.deflated_turn is None and b.id not in skip]


def _portal(state: State, data: Data) -> Legal:
    return legal("roll", state.shooter, sides=(data.portals.die,))


def _commit(state: State, data: Data) -> Legal:
    b = state.bounce
    return legal("number", owner(state, b.active), high=b.power - _keep(b.power, data.bite.keep_power))


def _bite(state: State, data: Data) -> Legal:
    return legal("roll", state.ball(state.bounce.active).team, sides=(data.bite.die, data.bite.die))


def _facing(state: State, data: Data) -> Legal:
    return legal("choose", None, tuple(FACING_WORDS))


def _target(state: State, data: Data) -> Legal:
    return legal("choose", state.shooter, (*_in_play_ids(state, state.monsterball(state.shooter).id), "none"))


def _result(state: State, data: Data) -> Legal:
    if data.table.quick:
        most = max(0, state.power - state.monsterball(state.shooter).strength)
        hits = tuple([f"hit{extra}" for extra in range(most + 1)])
        return legal("choose", None, ("miss", *hits, *exit_ids(state)))
    return legal("choose", None, ("hit", "miss", *exit_ids(state)))


def _move(state: State, data: Data) -> Legal:
    ids = ["stop", *_in_play_ids(state, state.moving.ball, _partner(state, data)), *exit_ids(state)]
    for m in state.moves:
        if m.power > 0:
            b = state.ball(m.ball)
            if b.gone is None and b.deflated_turn is None:
                ids.append("rest_all")
                break
    return legal("choose", None, tuple(ids))


def _momentum(state: State, data: Data) -> Legal:
    return legal("number", state.shooter, high=data.shot.max_momentum)


def _move_hit(state: State, data: Data) -> Legal:
    return legal("number", None, high=state.moving.power)


def _distance(state: State, data: Data) -> Legal:
    return legal("number", None, high=state.power)


def _split(state: State, data: Data) -> Legal:
    b = state.bounce
    return legal("number", owner(state, b.active), high=b.power - _active_keeps(state, data))


def _vector(state: State, data: Data) -> Legal:
    return legal("choose", owner(state, state.bounce.active), tuple(data.boing.vectors))


def _effect(state: State, data: Data) -> Legal:
    act = state.activations[0]
    return legal("choose", owner(state, act.ball), (*(b.id for b in _candidates(state, data, act)), "none"))


def _fire(state: State, data: Data) -> Legal:
    ball = state.ball(state.fire_queue[0])
    return legal("roll", ball.team, sides=(data.fire.die,) * ball.fire)


def _portal_place(state: State, data: Data) -> Legal:
    return legal("choose", state.shooter, ("centre", "monster_spot", "no_room"))


FAST: dict[str, Callable[[State, Data], Legal]] = {
    "portal": _portal,
    "commit": _commit,
    "bite": _bite,
    "facing": _facing,
    "target": _target,
    "result": _result,
    "move": _move,
    "momentum": _momentum,
    "move_hit": _move_hit,
    "distance": _distance,
    "split": _split,
    "vector": _vector,
    "effect": _effect,
    "fire": _fire,
    "portal_place": _portal_place,
    "place": lambda state, data: legal("confirm", state.first),
    "over": lambda state, data: legal("over", None),
}
