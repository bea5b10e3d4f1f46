"""Exact odds for the bite roll, fire tokens and the portal roll, for the prompts a screen shows.

Each is cached (bounded, keyed by the dice's plain numbers): a bite's split counts every pair of faces (144 on
two d12), and the commit question shows one split for each amount of power, up to a dozen a prompt."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from refbox.engine.dice import d


@lru_cache(maxsize=4096)
def bite_odds(
    sides: int,
    crit: int,
    active_bonus: int,
    target_bonus: int,
    active_bitey: bool,
    target_can_bite: bool,
    active_nut: bool = False,
    target_nut: bool = False,
) -> tuple[float, float, float, float]:
    """(P(active inflicts a bite), P(tie), P(target inflicts a bite), P(nobody bites)).

    Each side rolls one die plus its bonus; the higher total bites if allowed to, and a natural
    ``crit`` face always adds a bite. A tough nut rolling an even face shrugs off one bite.
    """
    import icepool

    def bites(a: int, t: int) -> tuple[bool, bool, bool]:
        by_active, by_target, tie = bite_count(a, t, crit, active_bonus, target_bonus, active_bitey,
                                               target_can_bite, active_nut, target_nut)
        return by_active > 0, tie, by_target > 0

    joint = icepool.map(bites, d(sides), d(sides), star=False)
    return (
        float(joint.map(lambda o: o[0], star=False).probability("==", True)),
        float(joint.map(lambda o: o[1], star=False).probability("==", True)),
        float(joint.map(lambda o: o[2], star=False).probability("==", True)),
        float(joint.map(lambda o: not (o[0] or o[2]), star=False).probability("==", True)),
    )


def bite_count(a: int, t: int, crit: int, active_bonus: int, target_bonus: int, active_bitey: bool,
               target_can_bite: bool, active_nut: bool = False, target_nut: bool = False) -> tuple[int, int, bool]:
    """(bites the active ball gives, bites the target gives, a tie of totals) for faces ``a`` and ``t``."""
    a_total, t_total = a + active_bonus, t + target_bonus
    by_active = int(a_total > t_total and active_bitey) + int(a == crit)
    by_target = int(t_total > a_total and target_can_bite) + int(t == crit)
    if target_nut and t % 2 == 0:
        by_active = max(0, by_active - 1)
    if active_nut and a % 2 == 0:
        by_target = max(0, by_target - 1)
    return by_active, by_target, a_total == t_total


@dataclass(frozen=True, slots=True)
class BiteSplit:
    """The bite roll's outcomes as rows that do not overlap (the first four add up to 1), with the ties as a
    sub-case of "nobody bites" (a tie bites nobody unless a natural crit does)."""

    active_only: float
    target_only: float
    both: float
    nobody: float
    nobody_tie: float
    active_ahead: float
    """P(the active ball gives more bites than it takes): the roll going its way."""


@lru_cache(maxsize=4096)
def bite_split(sides: int, crit: int, active_bonus: int, target_bonus: int, active_bitey: bool,
               target_can_bite: bool, active_nut: bool = False, target_nut: bool = False) -> BiteSplit:
    """Exact, by counting every pair of faces (sides ** 2 of them, equally likely)."""
    counts = [0] * 6
    for a in range(1, sides + 1):
        for t in range(1, sides + 1):
            by_a, by_t, tie = bite_count(a, t, crit, active_bonus, target_bonus, active_bitey, target_can_bite,
                                         active_nut, target_nut)
            row = 0 if by_a and not by_t else 1 if by_t and not by_a else 2 if by_a and by_t else 3
            counts[row] += 1
            counts[4] += row == 3 and tie
            counts[5] += by_a > by_t
    n = sides * sides
    return BiteSplit(*(c / n for c in counts))


@lru_cache(maxsize=256)
def fire_losses(sides: int, tokens: int) -> tuple[float, ...]:
    """P(the ball loses k STR) for k = 0..tokens: each token's die loses 1 on an even face."""
    even = d(sides).map(lambda f: 1 if f % 2 == 0 else 0, star=False)
    total = tokens @ even
    return tuple(float(total.probability("==", k)) for k in range(tokens + 1))


@lru_cache(maxsize=256)
def portal_place_chance(sides: int, turn: int, late_after: int, late_remove_face: int) -> float:
    """P(the end-of-turn die places a portal) after ``turn`` turns (else it removes one)."""
    die = d(sides)
    if turn > late_after:
        return float(die.probability("!=", late_remove_face))
    return float(die.probability("<=", turn))


def portal_places(face: int, turn: int, late_after: int, late_remove_face: int) -> bool:
    """The rule itself: does this face place a portal (True) or remove one (False)?"""
    if turn > late_after:
        return face != late_remove_face
    return face <= turn
