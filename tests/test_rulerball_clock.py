"""The clock: 60 minutes in three 20-minute periods, one turn a minute, the timer track."""

from __future__ import annotations

import pytest
from test_rulerball_support import call_penalty, choose, confirm, new_match, next_turn, number, walk_to

from refbox.engine.clone import clone
from refbox.engine.errors import InvalidInput
from refbox.engine.prompts import GameOver


def play_turns(m, turns: int) -> None:
    for _ in range(turns):
        next_turn(m)


def test_first_turn_starts_period_one_at_zero():
    m = new_match()
    assert m.prompt().text.startswith("Start period 1")
    m.submit(confirm())
    assert (m.state.period, m.state.clock, m.state.turn) == (1, 0, 1)


def test_each_later_turn_advances_the_clock_one_minute_without_a_question():
    m = new_match()
    m.submit(confirm())
    play_turns(m, 3)
    assert (m.state.clock, m.state.turn) == (3, 4)
    assert m.state.step != "clock" and m.state.log[0].text == "Period 1 starts: 00:00."
    assert [line.text for line in m.state.log if line.stamp == "T4 Clock"] == ["Clock advanced: 03:00."]


def test_a_period_is_twenty_turns_and_ends_with_a_reset():
    m = new_match()
    m.submit(confirm())
    play_turns(m, 19)
    assert (m.state.clock, m.state.turn) == (19, 20)
    walk_to(m, "reset")
    assert m.state.clock == 20 and m.state.period_over
    m.submit(confirm())
    assert m.prompt().text.startswith("Start period 2")
    m.submit(confirm())
    assert (m.state.period, m.state.clock) == (2, 20)


def test_game_is_over_at_sixty_minutes_after_three_periods():
    m = new_match()
    walk_to(m, "over")
    assert m.state.over and m.state.clock == 60 and m.state.turn == 60
    assert isinstance(m.prompt(), GameOver)
    with pytest.raises(InvalidInput):
        m.submit(confirm())


def test_penalty_box_timer_moves_one_minute_each_turn():
    m = new_match()
    m.submit(confirm())
    call_penalty(m, "0-skater-1", 3)
    assert m.state.fig("0-skater-1").place == "penalty"
    next_turn(m)
    assert m.state.fig("0-skater-1").timer == 2


def test_figure_at_zero_may_return_and_the_table_says_where():
    m = new_match()
    m.submit(confirm())
    call_penalty(m, "0-skater-1", 1)
    next_turn(m)
    assert m.state.step == "release"
    m.submit(choose("0-skater-1"))
    m.submit(number(4))
    f = m.state.fig("0-skater-1")
    assert (f.place, f.sector, f.timer) == ("track", 4, 0)


def test_a_figure_left_at_zero_waits_and_timers_never_go_negative():
    m = new_match()
    m.submit(confirm())
    call_penalty(m, "0-skater-1", 1)
    for _ in range(3):
        next_turn(m)
        assert m.state.step == "release"
        m.submit(choose("none"))
    f = m.state.fig("0-skater-1")
    assert (f.place, f.timer) == ("penalty", 0)


def test_releasing_a_figure_whose_timer_has_not_run_out_is_refused():
    m = new_match()
    m.submit(confirm())
    call_penalty(m, "0-skater-1", 1)
    m.submit(choose("1-skater-1"))  # a second penalty this turn
    m.submit(number(5))
    next_turn(m)
    before = clone(m.state)
    with pytest.raises(InvalidInput, match="Not now: Away Skater 1: 4 minutes still to run in the Penalty Box"):
        m.submit(choose("1-skater-1"))
    assert m.state == before


def test_goal_stops_the_clock_and_next_turn_advances_one_minute():
    from test_rulerball_ball import score_a_goal

    m = new_match()
    score_a_goal(m)
    assert m.state.clock_stopped and m.state.step == "reset"
    stopped_at = m.state.clock
    m.submit(confirm())
    assert m.state.clock == stopped_at + 1 and not m.state.clock_stopped


def test_the_referee_not_the_penalised_team_sets_the_penalty_minutes():
    m = new_match()
    m.submit(confirm())
    walk_to(m, "combat_walk")
    m.submit(choose("penalty"))
    m.submit(choose("1-biker-1"))
    p = m.prompt()
    assert "How many minutes in the Penalty Box" in p.text and p.actor is None


def test_no_one_returns_is_always_the_first_release_option():
    m = new_match()
    m.submit(confirm())
    call_penalty(m, "0-skater-1", 1)
    next_turn(m)
    assert [o.id for o in m.prompt().options] == ["none", "0-skater-1"]
