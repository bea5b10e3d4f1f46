"""Exact odds checked against brute-force enumeration; the digital roller is seeded and positional."""

from fractions import Fraction
from itertools import product

import pytest

from refbox.engine.dice import DigitalRoller, p_at_most, p_first_beats, percent


@pytest.mark.parametrize("sides,target", [(6, 1), (6, 3), (6, 6), (20, 7), (8, 0)])
def test_at_most_matches_enumeration(sides, target):
    assert p_at_most(sides, target) == pytest.approx(sum(1 for f in range(1, sides + 1) if f <= target) / sides)


@pytest.mark.parametrize("a,ab,b,bb", [(12, 3, 12, 5), (20, 0, 8, 0), (6, 0, 6, 0)])
def test_opposed_rolls_match_enumeration(a, ab, b, bb):
    wins = ties = losses = 0
    for x, y in product(range(1, a + 1), range(1, b + 1)):
        wins += x + ab > y + bb
        ties += x + ab == y + bb
        losses += x + ab < y + bb
    total = a * b
    assert p_first_beats(a, ab, b, bb) == pytest.approx((wins / total, ties / total, losses / total))


def test_a_d20_against_a_d8_lower_wins_7_times_in_40():
    _, _, d20_lower = p_first_beats(20, 0, 8, 0)
    assert Fraction(d20_lower).limit_denominator(1000) == Fraction(7, 40)


def test_the_digital_roller_depends_only_on_seed_and_position():
    roller = DigitalRoller(7)
    assert roller.roll(3, [6, 6]) == DigitalRoller(7).roll(3, [6, 6])
    rolls = {tuple(roller.roll(n, [20])) for n in range(200)}
    assert len(rolls) == 20, "every face turns up"


def test_percent_shows_one_decimal_and_clean_ends():
    assert (percent(2 / 3), percent(0), percent(1)) == ("66.7 %", "0 %", "100 %")
