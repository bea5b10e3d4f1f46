"""The circular track: sectors numbered 1..n clockwise from the cannon's sector.

The ball travels clockwise (rising numbers); figures skate counterclockwise (falling numbers).
"""

from __future__ import annotations

from functools import lru_cache

from refbox.engine.dice import pool
from refbox.games.rulerball.data import RollRule
from refbox.games.rulerball.models import Figure, State


def clockwise(sector: int, steps: int, sectors: int) -> int:
    return (sector - 1 + steps) % sectors + 1


def counterclockwise_distance(start: int, end: int, sectors: int) -> int:
    """Sectors skated from ``start`` to ``end`` going counterclockwise (0..n-1)."""
    return (start - end) % sectors


def signed_distance(start: int, end: int, sectors: int) -> int:
    """Shortest way from start to end: positive counterclockwise, negative clockwise."""
    d = counterclockwise_distance(start, end, sectors)
    return d - sectors if d > sectors // 2 else d


@lru_cache(maxsize=None)
def neighbours(sector: int, sectors: int) -> frozenset[int]:
    """A sector and the two beside it: where a figure may reach another (the table says who is in contact)."""
    return frozenset({sector, clockwise(sector, 1, sectors), clockwise(sector, -1, sectors)})


@lru_cache(maxsize=None)
def reach(sectors: int) -> dict[int, frozenset[int]]:
    """Sector -> its neighbours (shared: read it, never change it)."""
    return {s: neighbours(s, sectors) for s in range(1, sectors + 1)}


@lru_cache(maxsize=None)
def sweep_order(first: int, sectors: int) -> dict[int, int]:
    """Sector -> its place in a sweep starting at ``first`` (shared: read it, never change it)."""
    return {clockwise(first, k, sectors): k for k in range(sectors)}


@lru_cache(maxsize=None)
def path(start: int, end: int, sectors: int) -> tuple[int, ...]:
    """Sectors a clockwise-travelling ball crosses from start to end, both included."""
    return tuple(clockwise(start, k, sectors) for k in range((end - start) % sectors + 1))


@lru_cache(maxsize=None)
def path_index(start: int, end: int, sectors: int) -> dict[int, int]:
    """Sector -> its place along ``path(start, end, sectors)`` (shared: read it, never change it)."""
    return {s: k for k, s in enumerate(path(start, end, sectors))}


def sweep_sector(state: State, sectors: int) -> int:
    """The sector holding the initiative marker now."""
    assert state.initiative is not None
    return clockwise(state.initiative, state.sweep, sectors)


def in_sector(state: State, sector: int) -> list[Figure]:
    # the sector first, and the place without the property: this runs ~4 times per input
    return [f for f in state.figures if f.sector == sector and f.place == "track"]


# ---- rolls from the user's numbers ----


def roll_target(rule: RollRule, figure: Figure, opponent: Figure | None = None) -> int | None:
    """The number to roll against, or None when a stat it needs is not set."""
    own = figure.stats.get(rule.stat)
    if own is None:
        return None
    target = own + rule.modifier
    if rule.against is not None:
        if opponent is None or opponent.stats.get(rule.against) is None:
            return None
        target -= opponent.stats[rule.against]
    return target


@lru_cache(maxsize=None)
def success_chance(dice: int, sides: int, succeed: str, target: int) -> float:
    total = pool(sides, dice)
    op = "<=" if succeed == "at_most" else ">="
    return float(total.probability(op, target))


def succeeded(rule: RollRule, faces: list[int], target: int) -> bool:
    total = sum(faces)
    return total <= target if rule.succeed == "at_most" else total >= target


def needs_words(rule: RollRule, target: int) -> str:
    dice = f"{rule.dice}d{rule.sides}"
    return f"{dice} {'at most' if rule.succeed == 'at_most' else 'at least'} {target}"
