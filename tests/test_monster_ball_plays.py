"""Kick-offs, hikes, downs, punts, field goals and scoring, as the Monster Ball rules describe them."""

from __future__ import annotations

from fractions import Fraction

import pytest

from refbox.engine.prompts import GameOver
from test_monster_ball_helpers import (
    CHAOS,
    LAW,
    choose,
    end_half,
    hike,
    house_rules,
    law_ball,
    new_match,
    number,
    option_ids,
    pick,
    roll,
    send,
    spot,
    tackle,
    touchback,
)


# ---- kick-off ----


def test_kickoff_uses_the_better_of_two_kick_rolls_as_zones():
    m = send(new_match(), choose("C12"), roll(2, 5))
    # kicked from Chaos's zone 8, 5 zones downfield: zone 3 for Chaos is zone 8 for Law
    assert m.state.kick.landing_zone == 8
    assert m.state.step == "kick_grid"


def test_kick_into_the_end_zone_gives_the_receivers_the_30_yard_line():
    m = touchback(new_match())
    assert (m.state.possession, m.state.to_go, m.state.down) == (LAW, 9, 1)
    assert m.state.step == "between"


def test_kick_odds_are_best_of_two_reaching_the_end_zone():
    m = send(new_match(), choose("C12"))
    # Drow d12 from zone 8: the better of two rolls must be 8 or more
    p_end = 1 - Fraction(7, 12) ** 2
    assert m.prompt().odds[0].probability == pytest.approx(float(p_end))


def test_grid_roll_uses_the_d12_division_table():
    m = send(new_match(), choose("C12"), roll(1, 3))
    odds = [o.probability for o in m.prompt().odds]
    assert odds == pytest.approx([1 / 12, 2 / 12, 3 / 12, 3 / 12, 2 / 12, 1 / 12])


def test_kickoff_caught_by_the_highest_catch_over_3_and_run_back():
    m = send(new_match(), choose("C12"), roll(1, 3), roll(5), choose("some"), pick("L2", "L8"), roll(5, 6))
    assert m.state.carrier == "L8"
    assert (m.state.step, m.state.mover, m.state.round) == ("move", LAW, 1)


def test_kickoff_nobody_over_3_means_the_30_yard_line():
    m = send(new_match(), choose("C12"), roll(1, 3), roll(5), choose("some"), pick("L2", "L8"), roll(3, 2))
    assert (m.state.possession, m.state.to_go) == (LAW, 9)


def test_kickoff_catch_ties_roll_again():
    m = send(new_match(), choose("C12"), roll(1, 3), roll(5), choose("some"), pick("L2", "L8"), roll(5, 5))
    assert m.state.step == "contest_roll" and m.state.contest.contenders == ["L2", "L8"]
    send(m, roll(1, 2))
    assert m.state.carrier == "L8"


def test_only_receivers_may_catch_a_kickoff():
    m = send(new_match(), choose("C12"), roll(1, 3), roll(5))
    assert option_ids(m)[0] == "none" and option_ids(m)[-1] == "some"  # nobody, one receiver alone, or several
    assert all(pid.startswith("L") for pid in option_ids(m)[1:-1])


def test_return_ends_with_a_first_down_where_the_carrier_was_stopped():
    m = send(new_match(), choose("C12"), roll(1, 3), roll(5), choose("L8"), roll(6))
    send(m, choose("out"), number(17))
    assert (m.state.possession, m.state.to_go, m.state.down) == (LAW, 17, 1)


# ---- hike ----


def test_hike_succeeds_when_pass_plus_catch_beats_3():
    m = law_ball()
    assert m.state.carrier == "L7" and m.state.ball == "held"


def test_hike_of_exactly_3_is_fumbled():
    m = hike(touchback(new_match()), (1, 2))
    assert m.state.ball == "loose" and m.state.step == "recovery_pick"


def test_fumbled_hike_recovered_by_the_defense_is_their_ball():
    m = hike(touchback(new_match()), (1, 2))
    send(m, choose("C15"), roll(5))
    assert m.state.carrier == "C15" and m.state.mover == CHAOS


def test_fumbled_hike_nobody_recovers_and_the_play_ends():
    m = hike(touchback(new_match()), (1, 2))
    send(m, choose("none"))
    assert m.state.step == "spot"


def test_a_fumbled_hike_uses_a_second_of_game_time_like_a_clean_one():
    before = touchback(new_match()).state.seconds
    clean, fumbled = law_ball(), hike(touchback(new_match()), (1, 2))
    assert clean.state.seconds == fumbled.state.seconds == before + clean.data.clock.round_seconds


def test_hike_odds_are_exact():
    m = send(touchback(new_match()), choose("hike"))
    # Barbarian Pass d8 + Paladin Catch d8 > 3: only 1+1 and 1+2, 2+1 fail
    assert m.prompt().odds[0].probability == pytest.approx(61 / 64)


def test_quarterback_cannot_throw_in_the_round_of_the_hike():
    m = law_ball()
    assert "pass" not in option_ids(m)
    end_half(end_half(m))
    assert m.state.round == 2 and "pass" in option_ids(m)


# ---- downs ----


def test_gain_of_3_squares_is_a_first_down_and_moves_the_line():
    m = spot(send(law_ball(), choose("out")), 3)
    assert (m.state.to_go, m.state.down) == (6, 1)


def test_gain_under_3_squares_leaves_the_line_and_uses_a_down():
    m = spot(send(law_ball(), choose("out")), 2)
    assert (m.state.to_go, m.state.down) == (9, 2)


def test_fourth_down_offers_the_punt():
    m = touchback(new_match())
    assert "punt" not in option_ids(m)
    for _ in range(3):
        spot(send(hike(m), choose("out")), 0)
    assert m.state.down == 4 and "punt" in option_ids(m)


def test_failed_fourth_down_turns_the_ball_over_at_the_line():
    m = touchback(new_match())
    for _ in range(4):
        spot(send(hike(m), choose("out")), 1)
    assert (m.state.possession, m.state.to_go, m.state.down) == (CHAOS, 21, 1)
    assert m.state.teams[CHAOS].field[0] == "C1"  # Chaos offense takes the field


def test_tackled_carrier_ends_the_play():
    m = end_half(law_ball())
    tackle(m, "L7", ["C15"], "hustle", [8, 2])
    assert m.state.step == "spot" and "L7" in m.state.knocked


# ---- punts and field goals ----


def test_punt_uncaught_gives_the_other_side_the_30():
    m = touchback(new_match())
    for _ in range(3):
        spot(send(hike(m), choose("out")), 0)
    send(m, choose("punt"), choose("L6"), roll(2, 3), roll(6), choose("none"))
    assert (m.state.possession, m.state.to_go) == (CHAOS, 9)


def test_field_goal_must_beat_3_plus_zones():
    m = send(touchback(new_match()), choose("field_goal"), choose("L6"), number(4))
    assert m.prompt().success == "better roll over 7"
    send(m, roll(7, 2))
    assert m.state.teams[LAW].score == 0 and (m.state.possession, m.state.to_go) == (CHAOS, 21)


def test_good_field_goal_scores_3_and_the_kickers_kick_off():
    m = send(touchback(new_match()), choose("field_goal"), choose("L6"), number(4), roll(3, 8))
    assert m.state.teams[LAW].score == 3
    assert (m.state.step, m.state.possession, m.state.to_go) == ("kick_kicker", LAW, 21)


# ---- scoring and the end ----


def test_touchdown_scores_6_and_the_scorers_kick_off():
    m = send(law_ball(), choose("touchdown"))
    assert m.state.teams[LAW].score == 6 and (m.state.step, m.state.possession) == ("kick_kicker", LAW)


def test_first_to_42_points_wins():
    m = touchback(new_match())
    m.state.teams[LAW].score = 36
    send(hike(m), choose("touchdown"))
    assert isinstance(m.prompt(), GameOver) and m.state.winner == LAW


def test_rounds_count_seconds_on_the_game_clock():
    m = law_ball()
    start = m.state.seconds
    end_half(end_half(m))
    assert m.state.seconds == start + 1


def test_clock_victory_ends_the_game_after_the_fourth_quarter(tmp_path):
    house = house_rules(tmp_path, "[clock]\nquarters = 4\nquarter_seconds = 2\nround_seconds = 1\nkick_seconds = 1\ncaptain_seconds = 60\n")
    m = touchback(new_match(house=house, victory="clock"))
    hike(m)  # the kick took 1 second, round 1 makes 2
    for _ in range(12):  # six more rounds: 8 seconds, the end of the fourth 2-second quarter
        end_half(m)
    assert m.state.seconds == 8 and m.state.step == "move"  # the play goes on past the clock
    send(m, choose("out"), number(0))
    assert isinstance(m.prompt(), GameOver) and m.state.winner is None


def test_a_loss_keeps_the_line_where_it_was_and_says_so():
    """Ruling first-down-exactly-three: the between-plays procedure moves the line only with a first down."""
    m = spot(send(law_ball(), choose("out")), -2)
    assert (m.state.to_go, m.state.down) == (9, 2)
    assert "Loss of 2: the line of scrimmage stays at the 30" in m.state.log[-1].text
    rulings = {r.id: r for r in m.data.rulings}
    assert "between-plays procedure" in rulings["first-down-exactly-three"].reason


def test_a_field_goal_missed_from_behind_the_own_goal_line_leaves_the_ball_on_the_field():
    m = touchback(new_match())
    m.state.to_go = m.data.field.squares  # spotted on the own goal line (a spot answer of 30)
    send(m, choose("field_goal"), choose("L6"), number(9), roll(1, 1))
    assert (m.state.possession, m.state.to_go) == (CHAOS, 1)


def test_done_is_always_the_first_option_and_the_play_enders_come_last():
    m = law_ball()
    first_round = option_ids(m)
    send(m, choose("done"), choose("done"))  # round 2: the pass and the cheats join the menu
    second_round = option_ids(m)
    assert m.state.round == 2 and len(second_round) > len(first_round)
    for ids in (first_round, second_round):
        assert ids[0] == "done" and ids[-2:] == ["touchdown", "out"]
