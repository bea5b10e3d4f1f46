"""Battleball tackles at the table: lower roll wins, Locker Room or serious injury, ties, carnage, emptied fields."""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_battleball_helpers import HARTS, WOLVES, Table, kickoff, move

from refbox.engine.prompts import GameOver, choose, roll
from refbox.games.battleball import odds
from refbox.games.battleball.models import Ref


@pytest.fixture
def t() -> Table:
    table = Table()
    kickoff(table, first=WOLVES)
    return table


def tackle(t: Table, tackler: str, target: str, *faces: int, mover: str = "RB1") -> None:
    """Move ``mover`` 3 squares next to an opponent, then ``tackler`` tackles ``target`` with ``faces`` (a tackler
    or target who is the only one on the field is not asked for)."""
    if t.state.carrier is None:
        move(t, mover, 3, ball="left", then="tackle")
    elif t.state.carrier == Ref(team=WOLVES, id=mover):
        move(t, mover, 3, ball="kept", then="tackle")
    else:
        move(t, mover, 3, then="tackle")
    for step, answer in (("tackler", tackler), ("target", target)):
        if t.state.step == step:
            t.send(choose(answer))
    assert (t.state.turn.tackler, t.state.turn.target) == (tackler, target)
    t.send(roll(*faces))


def test_the_player_who_just_moved_is_offered_first_as_tackler(t):
    move(t, "S2", 3, ball="left", then="tackle")
    assert t.option_ids()[0] == "S2"


def test_lower_roll_wins_and_the_beaten_player_goes_to_the_locker_room(t):
    tackle(t, "RB1", "L1", 5, 7)
    assert t.status(HARTS, "L1") == "locker" and t.status(WOLVES, "RB1") == "field"


def test_the_defender_rolling_lower_sends_the_tackler_to_the_locker_room(t):
    tackle(t, "RB1", "L1", 12, 3)
    assert t.status(WOLVES, "RB1") == "locker" and t.status(HARTS, "L1") == "field"


def test_a_winning_1_seriously_injures_the_beaten_player(t):
    tackle(t, "RB1", "L1", 1, 6)
    assert t.status(HARTS, "L1") == "out"


def test_a_defenders_winning_1_seriously_injures_the_tackler(t):
    tackle(t, "RB1", "L1", 15, 1)
    assert t.status(WOLVES, "RB1") == "out"


def test_the_log_names_the_winners_team_when_both_players_have_the_same_id(t):
    tackle(t, "RB1", "RB1", 3, 9)
    assert t.state.log[-2].text.endswith(": Iron Wolves RB1 wins.")


def test_a_tie_injures_both_players(t):
    tackle(t, "RB1", "L1", 4, 4)
    assert t.status(WOLVES, "RB1") == "locker" and t.status(HARTS, "L1") == "locker"


def test_double_1s_seriously_injure_both_players(t):
    tackle(t, "RB1", "L1", 1, 1)
    assert t.status(WOLVES, "RB1") == "out" and t.status(HARTS, "L1") == "out"


def test_the_winner_takes_the_ball_from_a_beaten_carrier(t):
    t.give_ball(HARTS, "L2")
    tackle(t, "RB3", "L2", 2, 8)
    assert t.state.carrier == Ref(team=WOLVES, id="RB3") and t.state.last_holder == WOLVES


def test_a_beaten_tackler_carrying_the_ball_loses_it_to_the_defender(t):
    t.give_ball(WOLVES, "RB1")
    tackle(t, "RB1", "S1", 11, 2)
    assert t.state.carrier == Ref(team=HARTS, id="S1")


def test_a_tie_involving_the_carrier_is_a_fumble_placed_by_the_other_coach(t):
    t.give_ball(WOLVES, "RB1")
    tackle(t, "RB1", "S1", 6, 6)
    assert t.state.step == "fumble-place" and t.prompt().actor == HARTS
    assert t.state.fumble.fumbler == Ref(team=WOLVES, id="RB1")
    t.send(choose("loose"))
    assert t.state.carrier is None and t.state.side == HARTS  # then the turn passes


def test_each_removed_player_leaves_a_carnage_token_and_a_heavy_tackle_two(t):
    tackle(t, "HT", "L1", 2, 2, 2)  # the Heavy Tackle's double 2 ties the Lineman's 2
    assert t.state.carnage_on_field == 3 and t.state.carnage_placed == 3


def test_a_heavy_tackles_die_that_changes_nothing_is_not_asked_for(t):
    tackle(t, "HT", "S1", 2, 3, 6)  # either die beats the Safety's 6, neither is a 1
    assert t.state.step == "select" and t.status(HARTS, "S1") == "locker"
    assert "Ann's Heavy Tackle uses the 2: the 3 gives the same result." in [line.text for line in t.state.log]


def test_the_heavy_tackles_coach_chooses_which_d6_counts(t):
    tackle(t, "HT", "S1", 2, 6, 4)
    assert t.state.step == "tackle-die" and t.prompt().actor == WOLVES and t.option_ids() == ["2", "6"]
    t.send(choose("6"))
    assert t.status(WOLVES, "HT") == "locker"  # 6 against 4: the Safety wins


def test_the_defending_heavy_tackles_coach_chooses_his_own_die(t):
    tackle(t, "LB1", "HT", 5, 1, 6)
    assert t.prompt().actor == HARTS
    t.send(choose("1"))
    assert t.status(WOLVES, "LB1") == "out"


def test_after_a_tackle_the_turn_passes(t):
    tackle(t, "RB1", "L1", 5, 7)
    assert t.state.step == "select" and t.state.side == HARTS


def test_tackle_odds_running_back_against_lineman_wins_7_times_in_40(t):
    move(t, "RB1", 3, ball="left", then="tackle")
    t.send(choose("RB1"), choose("L1"))
    rows = [(x.label, x.probability) for x in t.prompt().odds]
    o = dict(rows)
    assert o["Iron Wolves RB1 wins: L1 to the Locker Room"] == pytest.approx(7 / 40)
    assert o["tie: both to the Locker Room"] == pytest.approx(1 / 20)
    assert o["Black Harts L1 wins: RB1 to the Locker Room"] == pytest.approx(1 - 7 / 40 - 1 / 20)
    serious = sum(p for label, p in rows if label.startswith("  ↳"))
    assert serious == pytest.approx(1 - 19 / 20 * 7 / 8)


def test_tackle_odds_add_up_to_100_and_serious_injuries_are_sub_cases_of_them(t):
    """The top rows partition the outcomes; each "↳" row is a part of the row above it (issue 14)."""
    t.send(choose("HT"), roll(3, 5), choose("left"), choose("tackle"), choose("HT"), choose("RB1"))
    rows = [(x.label, x.probability) for x in t.prompt().odds]
    top = [p for label, p in rows if not label.startswith("  ")]
    assert sum(top) == pytest.approx(1) and len(top) == 3
    for (label, p), (sub, q) in zip(rows, rows[1:]):
        if sub.startswith("  ↳") and not label.startswith("  "):
            assert q <= p


def test_an_impossible_tackle_outcome_says_so():
    """A result with no chance at all is labelled as one that cannot happen, never shown as a bare 0 %."""
    o = odds.tackle((20,), (20,))
    assert o["win"] + o["tie"] + o["loss"] == pytest.approx(1)
    from refbox.games.battleball.contact import tackle_outcomes

    t = Table()
    labels = [x.label for x in tackle_outcomes(t.data, t.state, Ref(team=0, id="RB1"), Ref(team=1, id="L1"),
                                               {**o, "tie": 0.0, "tie-1": 0.0, "win-1": 0.0})]
    assert "tie: both to the Locker Room (cannot happen)" in labels
    assert "  ↳ with a 1: L1 seriously injured: cannot happen" in labels


def test_tackle_odds_match_a_brute_force_count():
    for a, b in [((20,), (8,)), ((6, 6), (12,)), ((10,), (6, 6))]:
        wins = ties = total = 0
        for fa in faces_of(a):
            for fb in faces_of(b):
                x, y = min(fa), min(fb)  # a Heavy Tackle keeps his lower die
                total += 1
                wins += x < y
                ties += x == y
        got = odds.tackle(a, b)
        assert got["win"] == pytest.approx(float(Fraction(wins, total)))
        assert got["tie"] == pytest.approx(float(Fraction(ties, total)))


def faces_of(dice: tuple[int, ...]):
    if len(dice) == 1:
        return [(f,) for f in range(1, dice[0] + 1)]
    return [(f, g) for f in range(1, dice[0] + 1) for g in range(1, dice[1] + 1)]


def test_beating_the_last_opponent_scores_a_touchdown(t):
    t.leave_only(HARTS, "S2", status="locker")
    tackle(t, "RB1", "S2", 3, 9)
    assert t.state.score == [1, 0] and t.state.half == 2


def test_the_defender_beating_the_last_attacker_scores_too(t):
    t.leave_only(WOLVES, "RB1", status="locker")
    tackle(t, "RB1", "S2", 9, 3)
    assert t.state.score == [0, 1]


def test_a_tie_between_the_last_two_players_restarts_the_half(t):
    t.leave_only(WOLVES, "RB1", status="locker")
    t.leave_only(HARTS, "S2", status="locker")
    t.state.players[HARTS][0].status = "out"  # Harts RB1 was seriously injured earlier
    tackle(t, "RB1", "S2", 5, 5)
    assert t.state.score == [0, 0] and "Restart the 1st half" in t.state.log[-2].text
    assert t.state.step == "select" and t.state.side == WOLVES  # the side that began the half
    assert len(t.state.on_field(WOLVES)) == 11 and len(t.state.on_field(HARTS)) == 10
    assert t.state.carnage_on_field == 0 and t.state.ball_at_centre


def test_everyone_seriously_injured_ends_the_game_level_score_is_a_tie(t):
    t.leave_only(WOLVES, "RB1")
    t.leave_only(HARTS, "S2")
    tackle(t, "RB1", "S2", 1, 1)
    p = t.prompt()
    assert isinstance(p, GameOver) and "a tie at 0 : 0" in p.text


def test_everyone_seriously_injured_the_side_with_more_touchdowns_wins(t):
    t.state.score = [1, 0]
    t.leave_only(WOLVES, "RB1")
    t.leave_only(HARTS, "S2")
    tackle(t, "RB1", "S2", 1, 1)
    assert "Iron Wolves win 1 : 0" in t.prompt().text


def test_heavy_tackle_against_heavy_tackle_each_coach_picks_his_die(t):
    tackle(t, "HT", "HT", 3, 5, 6, 2)
    assert t.prompt().actor == WOLVES and t.option_ids() == ["3", "5"]  # not knowing the other's choice
    t.send(choose("3"))
    assert t.prompt().actor == HARTS and t.option_ids() == ["2", "6"]  # 2 wins the tackle, 6 loses it
    t.send(choose("6"))
    assert t.status(HARTS, "HT") == "locker" and t.state.carnage_on_field == 2
