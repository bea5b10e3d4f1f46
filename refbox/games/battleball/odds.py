"""Exact odds of Battleball's rolls, from icepool (through refbox.engine.dice), cached per dice set.

A player's dice are a tuple of sides: (20,) for a Running Back, (6, 6) for a Heavy Tackle.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import lru_cache

from refbox.engine.dice import d, percent

Dice = tuple[int, ...]


def _tackle_die(dice: Dice):
    """The face a player uses in a tackle: a Heavy Tackle is assumed to keep his lower d6."""
    import icepool

    return d(dice[0]) if len(dice) == 1 else icepool.lowest(*(d(s) for s in dice))


def _p(die, outcome) -> Fraction:
    return die.probability("==", outcome) if outcome in die else Fraction(0)


@lru_cache(maxsize=None)
def tackle(attacker: Dice, defender: Dice) -> dict[str, float]:
    """P of each tackle result, seen from the attacker: win, tie, loss (they add up to 1), and within each
    the part won with a 1, which seriously injures the beaten player(s): win-1, tie-1, loss-1; "serious" is
    the chance of any serious injury."""
    import icepool

    def result(a: int, b: int) -> tuple[str, bool]:
        kind = "win" if a < b else "loss" if a > b else "tie"
        return kind, min(a, b) == 1

    die = icepool.map(result, _tackle_die(attacker), _tackle_die(defender), star=False)
    odds = {k: Fraction(0) for k in ("win", "tie", "loss", "win-1", "tie-1", "loss-1", "serious")}
    for kind, serious in die.outcomes():
        p = _p(die, (kind, serious))
        odds[kind] += p
        if serious:
            odds[f"{kind}-1"] += p
            odds["serious"] += p
    return {k: float(p) for k, p in odds.items()}


@lru_cache(maxsize=None)
def _all_different(dice: Dice) -> Fraction:
    import icepool

    die = icepool.map(lambda *faces: len(set(faces)) == len(faces), *(d(s) for s in dice), star=False)
    return _p(die, True)


def all_different(dice: Dice) -> float:
    """P that no two of the dice show the same face (a clean hand-off)."""
    return float(_all_different(dice))


def move_doubles(dice: Dice) -> float:
    """P that a Heavy Tackle's movement roll is a double (he cannot move)."""
    return float(1 - _all_different(dice)) if len(dice) > 1 else 0.0


@lru_cache(maxsize=None)
def _pass_results(receiver: Dice, passing: int) -> tuple[Fraction, dict[int, Fraction]]:
    """P(matching faces), and P(no match and this total) for each total: one icepool pass per receiver."""
    import icepool

    def result(*faces: int) -> int:
        *mine, ball = faces
        return 0 if len(set(faces)) < len(faces) else max(mine) + ball

    die = icepool.map(result, *(d(s) for s in receiver), d(passing), star=False)
    return _p(die, 0), {t: _p(die, t) for t in die.outcomes() if t}


@lru_cache(maxsize=None)
def pass_odds(receiver: Dice, passing: int, distance: int) -> dict[str, float]:
    """P(fumble), P(caught), P(short) for a pass thrown ``distance`` squares."""
    fumble, totals = _pass_results(receiver, passing)
    caught = sum((p for t, p in totals.items() if t >= distance), Fraction(0))
    return {"fumble": float(fumble), "caught": float(caught), "short": float(1 - fumble - caught)}


@lru_cache(maxsize=None)
def longest_catch(receiver: Dice, passing: int) -> int:
    """The longest throw this receiver can catch: the highest total without matching faces."""
    return max(_pass_results(receiver, passing)[1])


def warm(dice_kinds: list[Dice], passing: int) -> None:
    """Compute every tackle, hand-off and pass table up front (about 0.2 s), so no prompt waits on icepool."""
    for a in dice_kinds:
        _pass_results(a, passing)
        for b in dice_kinds:
            tackle(a, b)
            _all_different(a + b)


def words(p: float) -> str:
    """A chance in a label: a percentage, or "never" / "always" at the ends (no "0.0 %" for impossible)."""
    if p <= 0:
        return "never"
    if p >= 1:
        return "always"
    return percent(p)


@lru_cache(maxsize=None)
def rolls_lower(a: Dice, b: Dice) -> float:
    """The chance dice ``a`` roll lower than dice ``b``, each side using its lowest die (a tackle won), counted
    over every pair of rolls (the computer coach's estimate)."""
    wins = total = 0
    for fa in itertools.product(*(range(1, s + 1) for s in a)):
        for fb in itertools.product(*(range(1, s + 1) for s in b)):
            wins += min(fa) < min(fb)
            total += 1
    return wins / total
