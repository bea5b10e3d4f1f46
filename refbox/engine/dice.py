"""Dice: exact odds (icepool, imported lazily) and the seeded digital roller.

The rules never roll. They publish a Roll prompt with exact odds; the driver answers it with
faces typed in (physical) or drawn here (digital).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    import icepool


def d(sides: int) -> "icepool.Die":
    """An icepool die, imported on first use so start-up does not pay for icepool."""
    import icepool

    return icepool.d(sides)


def pool(sides: int, count: int) -> "icepool.Die":
    """The sum of ``count`` dice of ``sides`` sides."""
    return count @ d(sides)


@lru_cache(maxsize=None)
def p_at_most(sides: int, target: int) -> float:
    """P(one d``sides`` rolls ``target`` or less)."""
    return float(d(sides).probability("<=", target))


@lru_cache(maxsize=None)
def p_first_beats(a_sides: int, a_bonus: int, b_sides: int, b_bonus: int) -> tuple[float, float, float]:
    """(P(a > b), P(a == b), P(a < b)) for da+bonus against db+bonus."""
    diff = (d(a_sides) + a_bonus) - (d(b_sides) + b_bonus)
    return (
        float(diff.probability(">", 0)),
        float(diff.probability("==", 0)),
        float(diff.probability("<", 0)),
    )


def percent(p: float) -> str:
    """A probability as the UI shows it: one decimal, no false precision at the ends."""
    if p <= 0:
        return "0 %"
    if p >= 1:
        return "100 %"
    return f"{p * 100:.1f} %"


class DigitalRoller:
    """Rolls for the digital dice mode from the match's seed.

    The faces of a roll depend only on the seed and the roll's position in the match's history,
    so undoing a roll and rolling again gives the same faces: undo can never fish for a better roll.
    """

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def roll(self, position: int, sides: Sequence[int]) -> list[int]:
        rng = random.Random(f"refbox:{self.seed}:{position}")
        return [rng.randint(1, s) for s in sides]
