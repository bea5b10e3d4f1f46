"""Battleball's positions keep the mask of their squares: it must follow every way the positions change,
and survive copies, checkpoints and validation."""

from __future__ import annotations

import copy
import random

from refbox.engine import plain
from refbox.engine.clone import clone
from refbox.games.battleball.models import Positions, State


def plain_mask(at: dict[str, int]) -> int:
    return sum(1 << i for i in set(at.values()))


def test_the_mask_follows_every_change():
    rng = random.Random(3)
    at = Positions({"RB1": 5, "T1": 9})
    changes = [
        lambda: at.__setitem__(f"P{rng.randint(0, 5)}", rng.randint(0, 800)),
        lambda: at.pop(next(iter(at)), None) if at else None,
        lambda: at.update({"T2": rng.randint(0, 800)}),
        lambda: at.setdefault("L1", rng.randint(0, 800)),
        lambda: at.popitem() if at else None,
        lambda: at.__delitem__(next(iter(at))) if at else None,
        lambda: at.__ior__({"S1": rng.randint(0, 800)}),
    ]
    for _ in range(500):
        assert at.squares() == plain_mask(at)
        rng.choice(changes)()
    at.clear()
    assert at.squares() == 0


def test_copies_keep_positions_and_their_mask_apart():
    at = Positions({"RB1": 5, "T1": 9})
    assert at.squares() == (1 << 5) | (1 << 9)
    for twin in (clone(at), copy.deepcopy(at)):
        assert type(twin) is Positions and twin == at
        twin["RB1"] = 6
        assert twin.squares() == (1 << 6) | (1 << 9) and at.squares() == (1 << 5) | (1 << 9)


def test_a_state_loaded_from_a_checkpoint_holds_positions():
    from refbox.engine import registry

    rules = registry.lookup("battleball").load()
    state = rules.begin(rules.Setup.model_validate(rules.headless_setup()))
    dumped = plain.dump(state)
    assert dumped["at"][0] == dict(state.at[0])  # they serialise as the plain dicts they are
    again = plain.load(State, dumped)
    assert all(type(at) is Positions for at in (*state.at, *again.at))
    assert again == state and [a.squares() for a in again.at] == [a.squares() for a in state.at]
