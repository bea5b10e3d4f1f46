"""Exact odds for Monster Ball's rolls, computed with icepool and cached (a prompt costs well under 2 ms).

A die is given as ``(sides, low)``: uniform on ``low..sides``. A cheat die that was not spotted by the
referee is uniform above the referee's number, so "not caught and X" = P(not caught) * P(X | low raised).
"""

from __future__ import annotations

from functools import lru_cache

from refbox.engine.dice import d

DieKey = tuple[int, int]


def _die(key: DieKey):
    import icepool

    sides, low = key
    return d(sides) if low <= 1 else icepool.Die(range(low, sides + 1))


def _sum(keys: tuple[DieKey, ...], bonus: int = 0):
    total = _die(keys[0])
    for key in keys[1:]:
        total = total + _die(key)
    return total + bonus


@lru_cache(maxsize=None)
def not_caught(cheat_sides: tuple[int, ...], ref: int) -> float:
    """P(no cheat die among ``cheat_sides`` shows ``ref`` or less)."""
    p = 1.0
    for sides in cheat_sides:
        p *= max(0, sides - ref) / sides
    return p


def honest(sides: int, ref: int) -> DieKey:
    """A cheat die given that the referee did not spot it."""
    return (sides, ref + 1)


@lru_cache(maxsize=None)
def compare(left: tuple[DieKey, ...], right: tuple[DieKey, ...], left_bonus: int = 0) -> tuple[float, float, float]:
    """(P(left > right), P(equal), P(left < right)) for sums of dice."""
    diff = _sum(left, left_bonus) - _sum(right)
    return (
        float(diff.probability(">", 0)),
        float(diff.probability("==", 0)),
        float(diff.probability("<", 0)),
    )


@lru_cache(maxsize=None)
def sum_beats(keys: tuple[DieKey, ...], target: int, minus: tuple[DieKey, ...] = ()) -> float:
    """P(sum of ``keys`` less the sum of ``minus`` > target)."""
    total = _sum(keys)
    if minus:
        total = total - _sum(minus)
    return float(total.probability(">", target))


def _highest_pmf(sides: tuple[int, ...]) -> dict[int, float]:
    """P(the highest of these dice = k) for each k (0 with certainty when there are none)."""
    if not sides:
        return {0: 1.0}

    def at_most(k: int) -> float:
        p = 1.0
        for n in sides:
            p *= min(k, n) / n
        return p

    return {k: at_most(k) - at_most(k - 1) for k in range(1, max(sides) + 1)}


@lru_cache(maxsize=None)
def pass_caught(pass_die: int, ours: tuple[int, ...], theirs: tuple[int, ...], target: int,
                minus: tuple[DieKey, ...] = ()) -> tuple[float, float, float]:
    """The pass is good (Pass + the best Catch - wardrobe rolls > target) and the best Catch is (the thrower's
    side's alone, the other side's alone, shared by both sides: a roll-off follows). Exact sums over the faces."""
    total = d(pass_die) - _sum(minus) if minus else d(pass_die)
    throws = [(int(v), float(total.probability("==", v))) for v in total.outcomes()]
    mine, other = _highest_pmf(ours), _highest_pmf(theirs)
    caught = [0.0, 0.0, 0.0]
    for i, pi in mine.items():
        for j, pj in other.items():
            best = max(i, j)
            if best == 0:
                continue
            good = sum(pv for v, pv in throws if v + best > target)
            caught[0 if i > j else 1 if j > i else 2] += pi * pj * good
    return caught[0], caught[1], caught[2]


@lru_cache(maxsize=None)
def best_beats(catches: tuple[int, ...], target: int) -> float:
    """P(the highest of these dice > target)."""
    import icepool

    best = icepool.highest(*[d(s) for s in catches]) if len(catches) > 1 else d(catches[0])
    return float(best.probability(">", target))


@lru_cache(maxsize=None)
def best_of_two_at_least(sides: int, n: int) -> float:
    """P(the better of two rolls of a d``sides`` is ``n`` or more)."""
    import icepool

    return float(icepool.highest(d(sides), d(sides)).probability(">=", n))


@lru_cache(maxsize=None)
def face_range(sides: int, low: int, high: int) -> float:
    """P(a d``sides`` shows ``low``..``high``)."""
    die = d(sides)
    return float(die.probability(">=", low) - die.probability(">", high))


@lru_cache(maxsize=None)
def highest_shares(sides: tuple[int, ...], need: int = 0) -> tuple[tuple[float, ...], float]:
    """Several players roll one die each (``sides``): for each, P(his roll is over ``need`` and higher than
    everyone else's), and P(the highest roll is over ``need`` and shared: they roll again). The rest of the
    probability is "nobody over ``need``". Exact sums over the faces."""
    alone = []
    for i, n in enumerate(sides):
        p = 0.0
        for v in range(need + 1, n + 1):
            below = 1.0
            for j, m in enumerate(sides):
                if j != i:
                    below *= min(v - 1, m) / m
            p += below / n
        alone.append(p)
    top = 1.0
    for n in sides:
        top *= min(need, n) / n
    return tuple(alone), max(0.0, (1 - top) - sum(alone))
