"""Battleball's positions keep the mask of their squares: it must follow every way the positions change,
and survive copies, checkpoints and validation."""

from __future__ import annotations

import copy
import random

from refbox.engine.clone import clone
from refbox.games.battleball.models import Positions
from every_ruleset import rules_module


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


def test_a_validated_state_holds_positions():
    from refbox.engine import registry

    entry = registry.lookup("battleball")
    rules, data = rules_module(entry.name), entry.load_data()
    state = rules.start(rules.Setup.model_validate(rules.sim_setup(data)), data)
    again = type(state).model_validate(state.model_dump())
    assert all(type(at) is Positions for at in (*state.at, *again.at))
    assert again.at == state.at and [a.squares() for a in again.at] == [a.squares() for a in state.at]
    assert state.model_dump_json()  # they serialise as the plain dicts they are
