"""Test support (no tests here): a brute-force oracle for a Roll's luck pair, and random states to try it on.

For a Roll carrying ``chance`` and ``wins``, every combination of faces is enumerated: the chance must equal the
share of equally likely combinations that ``wins`` calls a success (the report's luck figures rest on it)."""

from __future__ import annotations

import itertools
import math
import random

from refbox.engine.match import Match
from refbox.engine.play import random_event
from refbox.engine.prompts import Roll

LIMIT = 60_000
"""Combinations enumerated at most per roll (a bigger dog pile is skipped)."""


def exact_chance(roll: Roll) -> float | None:
    """The chance ``roll.wins`` says yes, over all faces (None when there are too many combinations)."""
    sides = [d.sides for d in roll.dice]
    total = math.prod(sides)
    if total > LIMIT:
        return None
    won = sum(bool(roll.wins(list(faces))) for faces in itertools.product(*(range(1, s + 1) for s in sides)))
    return won / total


def checked_rolls(ruleset: str, setups: list[dict], seeds: range, inputs: int, weights=None) -> dict[str, int]:
    """Play seeded random matches; at every Roll with a luck pair compare its chance with the oracle. Returns how
    many rolls of each purpose were checked (AssertionError on the first that disagrees)."""
    seen: dict[str, int] = {}
    for setup in setups:
        for seed in seeds:
            match = Match.new(ruleset, setup, seed)
            rng = random.Random(seed)
            for _ in range(inputs):
                legal = match.legal()
                if legal.kind == "over":
                    break
                prompt = match.prompt()
                if isinstance(prompt, Roll):
                    assert (prompt.chance is None) == (prompt.wins is None), prompt.purpose
                    if prompt.chance is not None:
                        assert prompt.actor in (0, 1), f"{prompt.purpose}: a luck pair needs a side"
                        oracle = exact_chance(prompt)
                        if oracle is not None:
                            assert abs(oracle - prompt.chance) < 1e-9, (prompt.purpose, prompt.text, oracle, prompt.chance)
                            seen[prompt.purpose] = seen.get(prompt.purpose, 0) + 1
                match.submit(random_event(legal, rng, weights))
    return seen
