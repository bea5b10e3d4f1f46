"""The legal answers of the busiest steps, without building their prompts (labels, hints and exact odds are for
a screen; the simulator and the computer coach need only the ids, the dice or the range). Every other step's
answers are taken from its prompt. tests/test_engine_legal.py checks both agree on every state of random play."""

from __future__ import annotations

from collections.abc import Callable

from refbox.engine.prompts import Legal
from refbox.games.ballmonsters.bite import FACING_WORDS, _keep
from refbox.games.ballmonsters.boing import _partner, exit_ids, owner
from refbox.games.ballmonsters.data import Data
from refbox.games.ballmonsters.models import State


def _portal(state: State, data: Data) -> Legal:
    return Legal("roll", state.shooter, sides=(data.portals.die,))


def _commit(state: State, data: Data) -> Legal:
    b = state.bounce
    return Legal("number", owner(state, b.active), min=0, max=b.power - _keep(b.power, data.bite.keep_power))


def _bite(state: State, data: Data) -> Legal:
    return Legal("roll", state.ball(state.bounce.active).team, sides=(data.bite.die, data.bite.die))


def _facing(state: State, data: Data) -> Legal:
    return Legal("choose", None, tuple(FACING_WORDS))


def _target(state: State, data: Data) -> Legal:
    shooter = state.monsterball(state.shooter)
    ids = tuple(ball.id for ball in state.balls if ball.in_play and ball.id != shooter.id)
    return Legal("choose", state.shooter, (*ids, "none"))


def _result(state: State, data: Data) -> Legal:
    if data.table.quick:
        most = max(0, state.power - state.monsterball(state.shooter).strength)
        hits = tuple(f"hit{extra}" for extra in range(most + 1))
        return Legal("choose", None, ("miss", *hits, *exit_ids(state)))
    return Legal("choose", None, ("hit", "miss", *exit_ids(state)))


def _move(state: State, data: Data) -> Legal:
    moving, partner = state.moving.ball, _partner(state, data)
    ids = ["stop"]
    ids += [b.id for b in state.balls if b.in_play and b.id != moving and b.id != partner]
    ids += exit_ids(state)
    if any(m.power > 0 and state.ball(m.ball).in_play for m in state.moves):
        ids.append("rest_all")
    return Legal("choose", None, tuple(ids))


FAST: dict[str, Callable[[State, Data], Legal]] = {
    "portal": _portal,
    "commit": _commit,
    "bite": _bite,
    "facing": _facing,
    "target": _target,
    "result": _result,
    "move": _move,
}
