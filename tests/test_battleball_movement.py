"""Battleball movement at the table: pick any player, roll his die, report the ball, then tackle / hand-off /
pass / end (one question: a tackle is due when a player is next to an opponent)."""

from __future__ import annotations

import pytest
from test_battleball_helpers import HARTS, WOLVES, Table, kickoff, move

from refbox.engine.clone import clone
from refbox.engine.errors import InvalidInput
from refbox.engine.prompts import Choose, Roll, choose, roll
from refbox.games.battleball.models import Ref


@pytest.fixture
def t() -> Table:
    table = Table()
    kickoff(table, first=WOLVES)
    return table


def test_any_player_on_the_field_may_move(t):
    ids = t.option_ids()
    assert ids[:11] == ["RB1", "RB2", "RB3", "T", "HT", "LB1", "LB2", "S1", "S2", "L1", "L2"]
    assert t.prompt().actor == WOLVES


def test_a_player_in_the_locker_room_cannot_be_picked(t):
    t.state.players[WOLVES][0].status = "locker"
    assert "RB1" not in t.option_ids()
    before = clone(t.state)
    with pytest.raises(InvalidInput, match="Not now: RB1 Running Back: injured: in the Locker Room until the next half"):
        t.send(choose("RB1"))
    assert t.state == before


def test_the_movement_roll_is_the_players_own_die(t):
    t.send(choose("S1"))
    p = t.prompt()
    assert isinstance(p, Roll) and [d.sides for d in p.dice] == [12]


def test_heavy_tackle_rolls_both_d6_and_keeps_the_higher_without_asking(t):
    t.send(choose("HT"))
    assert [d.sides for d in t.prompt().dice] == [6, 6]
    t.send(roll(2, 5))
    assert "rolls [2, 5], keeps the 5" in t.state.log[-1].text  # "up to" 5 covers every move 2 allows
    assert t.state.step == "ball"  # the ball lies loose on the centre square


def test_heavy_tackle_double_odds_are_one_in_six(t):
    t.send(choose("HT"))
    odds = {o.label: o.probability for o in t.prompt().odds}
    assert odds["double: stays put"] == pytest.approx(1 / 6)


def test_heavy_tackle_rolling_a_double_cannot_move(t):
    move(t, "HT", 3, 3)
    assert t.state.turn.ht_no_move and t.state.step == "action"


def test_heavy_tackle_rolling_a_double_with_the_ball_fumbles_it(t):
    t.give_ball(WOLVES, "HT")
    move(t, "HT", 4, 4)
    assert t.state.step == "fumble-place" and t.prompt().actor == HARTS
    t.send(choose("loose"))
    assert t.state.carrier is None and t.state.step == "action"  # the turn goes on (ruling)


def test_a_loose_ball_may_be_picked_up_during_the_move(t):
    move(t, "RB2", 9, ball="pickup")
    assert t.state.carrier == Ref(team=WOLVES, id="RB2")
    assert t.state.step == "action"


def test_a_carrier_entering_the_end_zone_scores_a_touchdown(t):
    t.give_ball(WOLVES, "RB1")
    move(t, "RB1", 12, ball="td")
    assert t.state.score == [1, 0] and t.state.half == 2  # the second half follows at once


def test_picking_the_ball_up_on_the_way_into_the_end_zone_scores(t):
    move(t, "LB1", 10, ball="pickup-td")
    assert t.state.score == [1, 0]


def test_no_ball_question_when_someone_else_carries_it(t):
    t.give_ball(HARTS, "L1")
    move(t, "RB1", 6)
    assert t.state.step == "action"


def test_after_the_move_tackle_is_one_of_the_answers_and_end_comes_first(t):
    move(t, "RB1", 6, ball="left")
    assert t.option_ids() == ["end", "tackle"] and t.prompt().options[0].key == "1"


def test_next_to_an_opponent_the_tackle_is_mandatory(t):
    move(t, "RB1", 6, ball="pickup", then="tackle")
    p = t.prompt()
    assert t.state.step == "tackler" and p.text.startswith("Tackle")
    assert "hand-off" not in t.option_ids() and "pass" not in t.option_ids()


def test_without_the_ball_and_nobody_adjacent_the_turn_passes(t):
    move(t, "RB1", 6, ball="left", then="end")
    assert t.state.step == "select" and t.state.side == HARTS and t.state.turn_no == 2
    assert t.state.log[-1].text == "Nobody next to an opponent: the turn passes."


def test_the_carriers_side_may_hand_off_pass_or_end_the_turn(t):
    move(t, "RB1", 6, ball="pickup")
    assert t.option_ids() == ["end", "hand-off", "pass", "tackle"]  # "end" first: key 1 and Enter's default
    t.send(choose("end"))
    assert t.state.side == HARTS


def test_a_lone_carrier_has_nobody_to_hand_off_or_pass_to(t):
    t.leave_only(WOLVES, "RB1")
    move(t, "RB1", 6, ball="pickup")
    assert t.option_ids() == ["end", "tackle"]


def test_halting_play_clears_the_field_and_the_side_with_the_ball_moves_first(t):
    t.give_ball(HARTS, "S2")
    t.state.carnage_on_field = 3
    t.state.players[WOLVES][0].status = "locker"
    t.send(choose("halt"))
    assert t.state.log[-1].text.startswith("Halt: clear the field and all carnage")  # logged, no Enter
    assert t.state.carnage_on_field == 0 and t.state.ball_at_centre and t.state.carrier is None
    assert t.state.side == HARTS and t.state.step == "select"
    assert t.status(WOLVES, "RB1") == "locker"  # the injured stay out


def test_a_halt_with_a_loose_ball_goes_to_the_last_side_that_held_it(t):
    t.state.last_holder = HARTS
    t.send(choose("halt"))
    assert t.state.side == HARTS


def test_a_halt_before_anyone_held_the_ball_keeps_the_turn(t):
    t.send(choose("halt"))
    assert t.state.side == WOLVES


def test_prompts_are_addressed_to_the_moving_coach(t):
    p = t.prompt()
    assert isinstance(p, Choose) and p.actor == WOLVES
    move(t, "RB1", 6, ball="left", then="end")
    assert t.prompt().actor == HARTS
