"""Slargeball! Fling phase: range, the fling roll, scatter, goals, coaches flinging at random."""

import pytest

from slargeball_driver import Driver


def flinging(carrier="A.T1", squads=1):
    d = Driver(squads=squads)
    d.give_ball(1, carrier)
    return d.skip_to("fling_menu", phase="fling")


def test_fling_range_is_three_inches_per_point_of_fling():
    d = flinging("A.T1")
    assert "Range 12 inches (Fling 4)" in d.prompt().text


def test_fling_succeeds_on_a_roll_at_or_under_fling():
    d = flinging("A.T1")
    d.choose("spot")
    assert d.prompt().odds[0].probability == pytest.approx(4 / 6)
    d.roll(4)
    assert d.s.ball(1).where == "air"


def test_failed_fling_scatters_roll_minus_fling_d6_inches():
    d = flinging("A.T1").choose("spot").roll(6)
    assert d.step == "fling_scatter"
    dice = d.prompt().dice
    assert len(dice) == 3, "a direction die and (6 - 4) = 2 distance dice"
    d.roll(1, 3, 4)
    assert "scatters 7 inches" in d.last_log()
    d.choose("field")
    assert d.s.ball(1).where == "air", "a scattered ball still comes down in the Nab phase"


def test_fling_into_the_goal_scores_one_and_breaks_play():
    d = flinging("A.T1").choose("goal").roll(3)
    assert d.s.teams[0].score == 1 and d.step == "break_confirm"


def test_scatter_into_a_bunker_scores_for_the_team_whose_bunker_it_isnt():
    d = flinging("A.T1").choose("goal").roll(5).roll(2, 1)
    d.choose("bunker0")  # Red's own bunker
    assert (d.s.teams[0].score, d.s.teams[1].score) == (0, 1)


def test_a_ball_off_the_field_is_out_until_break_play_and_all_out_breaks_play():
    d = flinging("A.T1").choose("spot").roll(5).roll(2, 1).choose("off")
    assert d.s.ball(1).where == "out" and d.step == "break_confirm"
    d.confirm()
    assert d.s.ball(1).where == "ground", "back at the centre"


def test_a_carrier_may_hold_the_ball():
    d = flinging("A.T1").choose("hold")
    assert d.s.ball(1).carrier == "A.T1"


def test_a_frozen_carrier_keeps_its_ball_but_cannot_fling():
    d = Driver()
    d.give_ball(1, "A.T1")
    d.fig("A.T1").frozen = True
    while d.s.turn == 1:
        assert d.step != "fling_menu", "a frozen carrier is never asked to fling"
        d.send(d.neutral())
    assert d.s.ball(1).carrier == "A.T1" and d.s.initiative == 0, "it still has custody"


def test_a_coach_holding_a_ball_flings_it_at_random_2d6():
    d = Driver(squads=3)
    coach = d.fig("A.CO")
    coach.on_field = True
    d.give_ball(1, "A.CO")
    d.skip_to("fling_scatter")
    assert len(d.prompt().dice) == 3, "direction and 2d6"
    d.roll(4, 6, 6)
    assert "scatters 12 inches" in d.last_log()
