"""The circular track: sectors numbered 1..n clockwise from the cannon's sector.

The ball travels clockwise (rising numbers); figures skate counterclockwise (falling numbers). The tables a
ruleset's track gives (neighbours, sweep orders, ball paths) are the Data model's (refbox.games.rulerball.data).
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


def sweep_sector(state: State, sectors: int) -> int:
    """The sector holding the initiative marker now."""
    assert state.initiative is not None
    return clockwise(state.initiative, state.sweep, sectors)


def in_sector(state: State, sector: int) -> list[Figure]:
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


def chance(rule: RollRule | None, figure: Figure, opponent: Figure | None) -> float | None:
    """The chance a check from the ruleset's numbers succeeds, or None when it is entered by the table."""
    target = roll_target(rule, figure, opponent) if rule else None
    return None if rule is None or target is None else success_chance(rule.dice, rule.sides, rule.succeed, target)


@lru_cache(maxsize=1024)
def success_chance(dice: int, sides: int, succeed: str, target: int) -> float:
    """Exact odds from icepool, for a prompt's hints. Kept for the few targets a match meets (icepool takes a
    millisecond or more, and a prompt can show a dozen of them); keyed by plain numbers, bounded."""
    total = pool(sides, dice)
    op = "<=" if succeed == "at_most" else ">="
    return float(total.probability(op, target))


def succeeded(rule: RollRule, faces: list[int], target: int) -> bool:
    total = sum(faces)
    return total <= target if rule.succeed == "at_most" else total >= target


def needs_words(rule: RollRule, target: int) -> str:
    dice = f"{rule.dice}d{rule.sides}"
    return f"{dice} {'at most' if rule.succeed == 'at_most' else 'at least'} {target}"
