"""Battleball's ball: hand-offs, passes (caught, fumbled, short), and where a fumbled ball goes."""

from __future__ import annotations

import itertools

import pytest
from test_battleball_helpers import HARTS, WOLVES, Table, kickoff, move

from refbox.engine.prompts import Number, choose, number, roll
from refbox.games.battleball import odds
from refbox.games.battleball.models import Ref


@pytest.fixture
def t() -> Table:
    """Wolves to move; RB1 picks up the ball and nobody is next to an opponent."""
    table = Table()
    kickoff(table, first=WOLVES)
    move(table, "RB1", 8, ball="pickup")
    return table


def wolves(pid: str) -> Ref:
    return Ref(team=WOLVES, id=pid)


# ---- hand-off ----


def test_hand_off_with_different_faces_moves_the_ball(t):
    t.send(choose("hand-off"), choose("LB1"))
    assert [d.sides for d in t.prompt().dice] == [20, 10]
    t.send(roll(7, 3))
    assert t.state.carrier == wolves("LB1") and t.state.side == HARTS


def test_hand_off_with_the_same_faces_is_fumbled_by_the_carrier(t):
    t.send(choose("hand-off"), choose("LB1"), roll(4, 4))
    assert t.state.step == "fumble-place" and t.state.fumble.fumbler == wolves("RB1")


def test_hand_off_to_a_heavy_tackle_fumbles_on_his_own_double(t):
    t.send(choose("hand-off"), choose("HT"), roll(9, 5, 5))
    assert t.state.step == "fumble-place"


def test_hand_off_to_a_heavy_tackle_fumbles_if_either_d6_matches(t):
    t.send(choose("hand-off"), choose("HT"), roll(3, 1, 3))
    assert t.state.step == "fumble-place"


def test_hand_off_odds_are_the_chance_all_faces_differ(t):
    t.send(choose("hand-off"), choose("L1"))
    o = {x.label: x.probability for x in t.prompt().odds}
    assert o["hand-off made"] == pytest.approx(1 - 8 / 160)
    assert odds.all_different((20, 6, 6)) == pytest.approx(brute_all_different((20, 6, 6)))


def brute_all_different(dice):
    rolls = list(itertools.product(*(range(1, s + 1) for s in dice)))
    return sum(len(set(r)) == len(r) for r in rolls) / len(rolls)


def test_the_carrier_cannot_hand_off_to_himself(t):
    t.send(choose("hand-off"))
    assert "RB1" not in t.option_ids()


# ---- pass ----


def pass_to(t: Table, receiver: str, distance: int) -> None:
    t.send(choose("pass"), choose(receiver), number(distance))


def test_the_referee_enters_the_throwing_distance(t):
    t.send(choose("pass"), choose("S1"))
    p = t.prompt()
    assert isinstance(p, Number) and p.min == 1 and p.unit == "squares"


def test_the_pass_rolls_the_receivers_die_and_the_passing_d6(t):
    pass_to(t, "S1", 9)
    assert [d.sides for d in t.prompt().dice] == [12, 6]


def test_a_total_at_least_the_distance_is_caught(t):
    pass_to(t, "S1", 9)
    t.send(roll(5, 4))
    assert t.state.carrier == wolves("S1") and t.state.side == HARTS


def test_matching_faces_are_a_fumble_by_the_receiver(t):
    pass_to(t, "S1", 3)
    t.send(roll(4, 4))
    assert t.state.step == "fumble-place" and t.state.fumble.fumbler == wolves("S1")
    assert t.prompt().actor == HARTS


def test_pass_odds_give_the_completion_chance_at_the_entered_distance(t):
    pass_to(t, "RB2", 10)
    o = {x.label: x.probability for x in t.prompt().odds}
    assert o == pytest.approx(brute_pass((20,), 10))


def brute_pass(receiver, distance):
    counts = {"caught": 0, "short": 0, "fumble": 0}
    rolls = list(itertools.product(*(range(1, s + 1) for s in (*receiver, 6))))
    for *mine, ball in rolls:
        if len(set(mine + [ball])) < len(mine) + 1:
            counts["fumble"] += 1
        else:
            counts["caught" if max(mine) + ball >= distance else "short"] += 1
    return {k: v / len(rolls) for k, v in counts.items()}


def test_a_heavy_tackle_receiver_counts_his_higher_d6(t):
    pass_to(t, "HT", 8)
    assert [d.sides for d in t.prompt().dice] == [6, 6, 6]
    assert {x.label: x.probability for x in t.prompt().odds} == pytest.approx(brute_pass((6, 6), 8))
    t.send(roll(2, 5, 3))
    assert t.state.carrier == wolves("HT")


def test_a_short_pass_is_placed_by_the_other_coach_the_passing_die_away(t):
    pass_to(t, "S1", 20)
    t.send(roll(5, 3))
    p = t.prompt()
    assert t.state.step == "pass-miss" and p.actor == HARTS and "exactly 3 squares" in p.text


def test_a_short_pass_placed_on_an_opponent_is_intercepted(t):
    pass_to(t, "S1", 20)
    t.send(roll(5, 3), choose("intercept"), choose("LB2"))
    assert t.state.carrier == Ref(team=HARTS, id="LB2") and t.state.side == HARTS


def test_a_short_pass_placed_on_an_empty_square_is_loose(t):
    pass_to(t, "S1", 20)
    t.send(roll(5, 3), choose("loose"))
    assert t.state.carrier is None and not t.state.ball_at_centre and t.state.side == HARTS


def test_a_short_pass_with_no_square_is_recovered_by_the_passing_side(t):
    pass_to(t, "S1", 20)
    t.send(roll(5, 3), choose("recover"))
    assert t.prompt().actor == HARTS and "RB1" in t.option_ids()
    t.send(choose("L2"))
    assert t.state.carrier == wolves("L2")


def test_a_short_pass_with_only_carnage_squares_halts_play(t):
    pass_to(t, "S1", 20)
    t.send(roll(5, 3), choose("halt"))
    assert t.state.side == WOLVES and t.state.ball_at_centre  # the passing side had the ball


# ---- fumbles ----


def fumble(t: Table) -> None:
    t.send(choose("hand-off"), choose("LB1"), roll(4, 4))


def test_a_fumbled_ball_may_be_put_loose_within_2_squares(t):
    fumble(t)
    assert "within 2 of RB1" in t.prompt().options[0].label
    t.send(choose("loose"))
    assert t.state.carrier is None and t.state.side == HARTS


def test_a_fumbled_ball_with_no_empty_square_goes_to_a_player_within_reach(t):
    fumble(t)
    t.send(choose("give-mine"))
    assert t.prompt().actor == HARTS and "LB1" in t.option_ids()
    t.send(choose("L1"))
    assert t.state.carrier == Ref(team=HARTS, id="L1") and t.state.side == HARTS


def test_the_fumbled_ball_may_go_to_a_player_of_the_fumbling_side(t):
    fumble(t)
    t.send(choose("give-theirs"), choose("S2"))
    assert t.state.carrier == wolves("S2")


def test_a_fumble_with_nowhere_to_go_halts_play_and_the_fumbling_side_moves_first(t):
    fumble(t)
    t.send(choose("halt"))
    assert t.state.log[-1].text.startswith("Halt: clear the field")
    assert t.state.side == WOLVES and t.state.fumble is None and t.state.step == "select"


def test_a_total_exactly_the_distance_is_caught(t):
    pass_to(t, "L1", 9)
    t.send(roll(6, 3))
    assert t.state.carrier == wolves("L1")


def test_one_short_of_the_distance_is_not_caught(t):
    pass_to(t, "L1", 9)
    t.send(roll(5, 3))
    assert t.state.step == "pass-miss"
