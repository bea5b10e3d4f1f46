"""The legal answers of every step, without labels or odds: what the simulator, the computer coach and the
input check need on every input. The prompts (movement, contact, passing, flow, onboard) list these same
ids in this same order (tests/test_engine_legal.py and test_battleball_board.py check it on every state)."""

from __future__ import annotations

from typing import Callable

from refbox.engine.prompts import Legal
from refbox.games.battleball import movement, onboard, roster
from refbox.games.battleball.models import Data, State

CONFIRM = Legal("confirm")


def _on_field(state: State, side: int, skip: str | None = None) -> tuple[str, ...]:
    return tuple(p.id for p in state.players[side] if p.status == "field" and p.id != skip)


def _dice(data: Data, state: State, side: int, pid: str | None) -> tuple[int, ...]:
    assert pid is not None
    return roster.dice_of(data, pid)


def _placer(state: State) -> int:
    assert state.fumble is not None
    return 1 - state.fumble.holder


def _carrier_id(state: State) -> str | None:
    return state.carrier.id if state.carrier else None


def _tackle_die(state: State, data: Data) -> Legal:
    side = state.side if state.turn.used[0] is None else 1 - state.side
    n = len(_dice(data, state, state.side, state.turn.tackler))
    faces = state.turn.tackle_faces
    mine = faces[:n] if side == state.side else faces[n:]
    return Legal("choose", side, tuple(str(f) for f in sorted(mine)))


def _ball(state: State, data: Data) -> Legal:
    ids = ("left", "pickup", "pickup-td") if state.carrier is None else ("kept", "td")
    return Legal("choose", state.side, ids)


def _tackler(state: State, data: Data) -> Legal:
    ids = sorted(_on_field(state, state.side), key=lambda pid: pid != state.turn.mover)
    return Legal("choose", state.side, tuple(ids))


_KEPT: dict[tuple, Legal] = {}


def _kept(kind: str, actor: int | None, ids: tuple[str, ...] = (), sides: tuple[int, ...] = ()) -> Legal:
    """The same Legal for the same answers (immutable, so shared): a roll's dice and a pick of players come up
    again and again, and building a Legal costs more than finding it."""
    key = (kind, actor, ids, sides)
    got = _KEPT.get(key)
    if got is None:
        if len(_KEPT) > 4096:
            _KEPT.clear()
        got = _KEPT[key] = Legal(kind, actor, ids, sides)  # type: ignore[arg-type]
    return got


_MOVE_ROLLS: dict[tuple[int, str], tuple[Data, Legal]] = {}


def _move_roll(state: State, data: Data) -> Legal:
    """The mover's dice, the same Legal for the same side and player of a ruleset (asked every turn)."""
    pid = state.turn.mover
    assert pid is not None
    key = (state.side, pid)
    got = _MOVE_ROLLS.get(key)
    if got is None or got[0] is not data:
        if len(_MOVE_ROLLS) > 4096:
            _MOVE_ROLLS.clear()
        got = _MOVE_ROLLS[key] = (data, Legal("roll", state.side, sides=roster.dice_of(data, pid)))
    return got[1]


LegalFn = Callable[[State, Data], Legal]

TABLE: dict[str, LegalFn] = {
    "lineup": lambda s, d: CONFIRM,
    "team-rules": lambda s, d: Legal("choose", s.side, tuple(r.id for r in d.team_rules)),
    "roll-off": lambda s, d: Legal("roll", None, sides=(d.game.roll_off_die, d.game.roll_off_die)),
    "select": lambda s, d: Legal("choose", s.side, (*_on_field(s, s.side), "halt")),
    "move-roll": _move_roll,
    "move-die": lambda s, d: Legal("choose", s.side, tuple(str(f) for f in s.turn.move_faces)),
    "ball": _ball,
    "adjacent": lambda s, d: Legal("choose", s.side, ("yes", "no")),
    "action": lambda s, d: Legal("choose", s.side, tuple(o.id for o in movement.action_options(s, d))),
    "tackler": _tackler,
    "target": lambda s, d: Legal("choose", s.side, _on_field(s, 1 - s.side)),
    "tackle-roll": lambda s, d: Legal("roll", s.side, sides=_dice(d, s, s.side, s.turn.tackler)
                                      + _dice(d, s, 1 - s.side, s.turn.target)),
    "tackle-die": _tackle_die,
    "hand-off-to": lambda s, d: Legal("choose", s.side, _on_field(s, s.side, _carrier_id(s))),
    "hand-off-roll": lambda s, d: Legal("roll", s.side, sides=_dice(d, s, s.side, _carrier_id(s))
                                        + _dice(d, s, s.side, s.turn.receiver)),
    "pass-to": lambda s, d: Legal("choose", s.side, _on_field(s, s.side, _carrier_id(s))),
    "pass-distance": lambda s, d: Legal("number", s.side, min=1, max=d.game.pass_distance_limit),
    "pass-roll": lambda s, d: Legal("roll", s.side, sides=(*_dice(d, s, s.side, s.turn.receiver), d.game.passing_die)),
    "pass-miss": lambda s, d: Legal("choose", 1 - s.side, ("intercept", "loose", "recover", "halt")),
    "intercept-by": lambda s, d: Legal("choose", 1 - s.side, _on_field(s, 1 - s.side)),
    "recover-by": lambda s, d: Legal("choose", 1 - s.side, _on_field(s, s.side)),
    "fumble-place": lambda s, d: Legal("choose", _placer(s), ("loose", "give-mine", "give-theirs", "halt")),
    "fumble-give": lambda s, d: Legal("choose", _placer(s), _on_field(s, s.fumble.given_to)),  # type: ignore[union-attr, arg-type]
    "touchdown": lambda s, d: Legal("confirm", s.scorer),
    "halt": lambda s, d: CONFIRM,
    "restart": lambda s, d: CONFIRM,
}
"""Legal answers per step, at the table."""

BOARD: dict[str, LegalFn] = {
    **TABLE,
    "lineup": lambda s, d: Legal("choose", s.side, onboard.lineup_ids(s, d)),
    "lineup-to": lambda s, d: Legal("choose", s.side, onboard.lineup_to_ids(s, d)),
    "select": lambda s, d: _kept("choose", s.side, onboard.select_ids(s, d)),
    "move-to": lambda s, d: Legal("choose", s.side, onboard.move_to_ids(s, d)),
    "pickup": lambda s, d: Legal("choose", s.side, onboard.pickup_ids(s, d)),
    "tackle": lambda s, d: Legal("choose", s.side, onboard.tackle_ids(s, d)),
    "action": lambda s, d: Legal("choose", s.side, onboard.action_ids(s, d)),
    "hand-off-to": lambda s, d: Legal("choose", s.side, onboard.hand_off_ids(s, d)),
    "pass-to": lambda s, d: Legal("choose", s.side, onboard.pass_ids(s, d)),
    "pass-land": lambda s, d: Legal("choose", 1 - s.side, onboard.land_ids(s, d)),
    "recover-by": lambda s, d: Legal("choose", 1 - s.side, onboard.recover_ids(s, d)),
    "fumble-place": lambda s, d: Legal("choose", _placer(s), onboard.fumble_ids(s, d)),
    "fumble-give": lambda s, d: Legal("choose", _placer(s), onboard.give_ids(s, d)),
}
"""Legal answers per step, on refbox's board."""

OVER = Legal("over")


def legal(state: State, data: Data) -> Legal:
    if state.step == "over":
        return OVER
    return (BOARD if state.board else TABLE)[state.step](state, data)
