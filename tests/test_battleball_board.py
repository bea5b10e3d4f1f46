"""Battleball on refbox's board: rule scenarios set up on positions. Every fact the table used to report
(how far, who is next to whom, where the ball went) is derived from the squares."""

from __future__ import annotations

import pytest
from test_battleball_helpers import HARTS, WOLVES, BoardTable, sq

from refbox.engine.errors import InvalidInput
from refbox.engine.geometry.staggered import bits_of
from refbox.engine.prompts import Choose, Roll, choose, roll
from refbox.games.battleball import pitch
from refbox.games.battleball.data import Data
from refbox.games.battleball.models import Ref


@pytest.fixture
def t() -> BoardTable:
    return BoardTable().kickoff(first=WOLVES)


def within(t: BoardTable, square: tuple[int, int], n: int) -> set[tuple[int, int]]:
    return {t.f.sq(i) for i in bits_of(t.f.within(1 << t.f.at(*square), n))}


# ---- line-ups ----


def test_a_match_opens_with_both_elevens_in_formation_behind_their_lines_and_the_ball_on_the_centre():
    t = BoardTable()
    p = t.prompt()
    assert isinstance(p, Choose) and p.actor == WOLVES and p.options[0].id == "done" and p.options[0].key == "1"
    f = t.f
    for side in (WOLVES, HARTS):
        taken = [i for pid in t.state.at[side] for i in pitch.squares(t.data.pitch, t.state, side, pid)]
        assert len(t.state.at[side]) == 11 and len(taken) == 12 == len(set(taken))
        assert all((f.zones[side] >> i) & 1 for i in taken)
    assert t.state.ball == f.centre and t.state.carnage == 0


def test_the_second_side_stands_mirrored_at_the_other_end():
    t = BoardTable()
    assert t.where(WOLVES, "RB1") == (5, 10) and t.where(HARTS, "RB1") == (35, 10)
    assert t.where(WOLVES, "HT") == (7, 10) and t.where(HARTS, "HT") == (32, 9)  # his upper square
    assert t.f.sq(t.f.foot(t.state.at[HARTS]["HT"])) == (33, 10)


def test_a_coach_moves_a_player_to_any_free_square_behind_his_20_yard_line():
    t = BoardTable().send(choose("RB1"))
    offered = t.squares()
    assert (0, 0) in offered and (7, 20) in offered and (8, 10) not in offered and (7, 8) not in offered  # T there
    t.send(choose(sq(0, 0)))
    assert t.where(WOLVES, "RB1") == (0, 0) and t.state.step == "lineup"
    with pytest.raises(InvalidInput):
        t.send(choose("RB2"), choose(sq(12, 10)))  # past the line


def test_both_coaches_done_leads_to_the_roll_off():
    t = BoardTable().send(choose("done"))
    assert t.prompt().actor == HARTS
    t.send(choose("done"))
    assert t.state.step == "roll-off"


# ---- moving ----


def test_a_move_ends_1_to_roll_squares_away_never_on_the_start_or_a_figure(t):
    t.arrange({"RB1": (10, 10), "L1": (11, 10)}, {"L1": (30, 10)})
    t.send(choose("RB1"), roll(2))
    assert t.squares() == within(t, (10, 10), 2) - {(11, 10)}  # through his team-mate, never onto him


def test_entering_a_square_next_to_an_opponent_ends_the_move(t):
    t.arrange({"RB1": (10, 10)}, {"L1": (13, 10)})
    t.send(choose("RB1"), roll(5))
    offered = t.squares()
    assert (12, 10) in offered and (14, 10) not in offered and (16, 10) not in offered
    labels = {o.id: o.label for o in t.prompt().options}
    assert "next to an opponent" in labels[sq(12, 10)]


def test_a_player_starting_next_to_an_opponent_may_move_away(t):
    t.arrange({"RB1": (12, 10)}, {"L1": (13, 10)})
    t.send(choose("RB1"), roll(3))
    assert (9, 10) in t.squares()


def test_carnage_cannot_be_entered_or_crossed(t):
    wall = tuple((15, r) for r in range(21))
    t.arrange({"RB1": (14, 10)}, {"L1": (30, 10)}, carnage=wall)
    t.send(choose("RB1"), roll(20))
    assert max(c for c, _ in t.squares()) == 14


WALL_BUT_10 = tuple((11, r) for r in range(21) if r != 10)
"""Carnage down column 11 but for row 10: the only way on is through the square 11.10."""


def test_a_team_mate_next_to_an_opponent_cannot_be_passed_through(t):
    t.arrange({"RB1": (10, 10), "L1": (11, 10)}, {"L1": (30, 10)}, carnage=WALL_BUT_10)
    t.send(choose("RB1"), roll(4))
    assert max(c for c, _ in t.squares()) == 14  # through his team-mate on 11.10
    t.arrange({"RB1": (10, 10), "L1": (11, 10)}, {"L1": (12, 10)}, carnage=WALL_BUT_10)
    t.state.step, t.state.turn.mover = "move-roll", "RB1"
    t.send(roll(4))
    assert max(c for c, _ in t.squares()) == 10  # 11.10 touches their L1: he would have to stop on a figure


def test_without_passing_through_team_mates_a_house_rule_blocks_them():
    raw = BoardTable().data.model_dump()
    data = Data.model_validate({**raw, "board": {**raw["board"], "through_team_mates": False}})
    t = BoardTable(data).kickoff()
    t.arrange({"RB1": (10, 10), "L1": (11, 10)}, {"L1": (30, 10)}, carnage=WALL_BUT_10)
    t.send(choose("RB1"), roll(5))
    assert max(c for c, _ in t.squares()) == 10


def test_ending_on_the_loose_ball_picks_it_up(t):
    t.arrange({"RB1": (10, 10)}, {"L1": (30, 10)}, ball=(11, 10))
    t.send(choose("RB1"), roll(1), choose(sq(11, 10)))
    assert t.state.carrier == Ref(team=WOLVES, id="RB1") and t.state.ball is None


def test_passing_over_the_ball_he_may_pick_it_up_or_leave_it(t):
    t.arrange({"RB1": (10, 10)}, {"L1": (30, 10)}, ball=(11, 10))
    t.send(choose("RB1"), roll(3), choose(sq(13, 10)))
    assert t.state.step == "pickup" and [o.id for o in t.prompt().options] == ["take", "leave"]
    t.send(choose("leave"))
    assert t.state.carrier is None and t.f.sq(t.state.ball) == (11, 10) and t.where(WOLVES, "RB1") == (13, 10)


def test_a_carrier_with_a_step_left_on_a_last_square_runs_into_the_end_zone(t):
    t.arrange({"RB1": (38, 10)}, {"L1": (10, 10)}, carrier=(WOLVES, "RB1"))
    t.send(choose("RB1"), roll(3))
    p = t.prompt()
    assert p.options[0].id == "endzone" and p.options[0].at == (42, 10)
    t.send(choose("endzone"))
    assert t.state.score == [1, 0]
    assert t.state.half == 2 and t.state.step == "lineup"  # no Enter to read it: the next line-up


def test_starting_on_the_last_square_next_to_an_opponent_the_carrier_may_still_score(t):
    t.arrange({"RB1": (40, 10)}, {"L1": (39, 11)}, carrier=(WOLVES, "RB1"))
    t.send(choose("RB1"), roll(1))
    assert "endzone" in [o.id for o in t.prompt().options]


def test_picking_the_ball_up_on_the_way_into_the_end_zone_scores(t):
    t.arrange({"RB1": (37, 10)}, {"L1": (10, 10)}, ball=(38, 10))
    t.send(choose("RB1"), roll(4), choose("endzone"))
    assert t.state.score == [1, 0]


def test_a_player_without_the_ball_cannot_enter_the_end_zone(t):
    t.arrange({"RB1": (38, 10)}, {"L1": (10, 10)}, carrier=(HARTS, "L1"))
    t.send(choose("RB1"), roll(5))
    assert "endzone" not in [o.id for o in t.prompt().options]


def test_a_boxed_in_player_stays_put_and_the_turn_goes_on(t):
    ring = tuple(t.f.sq(i) for i in bits_of(t.f.spread(1 << t.f.at(10, 10))))
    t.arrange({"RB1": (10, 10)}, {"L1": (30, 10)}, carnage=ring)
    t.send(choose("RB1"), roll(4))
    assert t.where(WOLVES, "RB1") == (10, 10) and t.state.side == HARTS
    assert "stays put" in t.state.log[-1].text


# ---- the Heavy Tackle ----


def test_the_heavy_tackle_moves_with_his_higher_die_on_both_squares(t):
    t.arrange({"HT": (10, 10)}, {"L1": (30, 10)})
    t.send(choose("HT"), roll(2, 5))
    assert t.state.step == "move-to" and (15, 10) in t.squares() and (16, 10) not in t.squares()
    t.send(choose(sq(15, 10)))
    f = t.f
    assert t.where(WOLVES, "HT") == (15, 10) and f.sq(f.foot(t.state.at[WOLVES]["HT"])) == (15, 11)


def test_the_heavy_tackles_lower_square_must_be_free_too(t):
    t.arrange({"HT": (10, 10)}, {"L1": (30, 10)}, carnage=((12, 11),))
    t.send(choose("HT"), roll(1, 2))
    assert (12, 10) not in t.squares() and (11, 10) in t.squares()


def test_a_heavy_tackle_rolling_a_double_stays_put(t):
    t.arrange({"HT": (10, 10)}, {"L1": (30, 10)})
    t.send(choose("HT"), roll(3, 3))
    assert t.where(WOLVES, "HT") == (10, 10) and t.state.side == HARTS


def test_a_heavy_tackle_with_the_ball_rolling_a_double_fumbles_near_his_two_squares(t):
    t.arrange({"HT": (10, 10)}, {"L1": (30, 10)}, carrier=(WOLVES, "HT"))
    t.send(choose("HT"), roll(4, 4))
    assert t.state.step == "fumble-place" and t.prompt().actor == HARTS
    expected = (within(t, (10, 10), 2) | within(t, (10, 11), 2)) - {(10, 10), (10, 11)}
    assert t.squares() == expected


# ---- tackles ----


def test_moving_next_to_an_opponent_makes_the_only_possible_tackle_without_asking(t):
    t.arrange({"RB1": (10, 10)}, {"L1": (13, 10), "S2": (35, 2)})
    t.send(choose("RB1"), roll(2), choose(sq(12, 10)))
    assert t.state.step == "tackle-roll" and (t.state.turn.tackler, t.state.turn.target) == ("RB1", "L1")
    t.send(roll(5, 7))
    assert t.status(HARTS, "L1") == "locker" and bits_of(t.state.carnage) == [t.f.at(13, 10)]
    assert "L1" not in t.state.at[HARTS] and t.state.side == HARTS


def test_several_pairs_are_offered_with_the_tacklers_odds(t):
    t.arrange({"RB1": (10, 10), "T": (12, 9)}, {"L1": (13, 10)})
    t.send(choose("RB1"), roll(2), choose(sq(12, 10)))
    p = t.prompt()
    assert t.state.step == "tackle" and [o.id for o in p.options] == ["RB1>L1", "T>L1"]
    assert p.options[0].chance == pytest.approx(7 / 40) and p.options[0].at == (14, 10)
    assert p.options[1].at is None  # one key on the target's square
    assert "end" not in [o.id for o in p.options]


def test_any_of_our_players_next_to_an_opponent_forces_a_tackle_even_if_the_mover_is_not(t):
    t.arrange({"RB1": (10, 10), "T": (12, 9)}, {"L1": (13, 10)})
    t.send(choose("RB1"), roll(1), choose(sq(9, 10)))
    assert t.state.step == "tackle-roll" and t.state.turn.tackler == "T"


def test_the_tackle_winner_takes_the_ball_from_a_beaten_carrier(t):
    t.arrange({"RB1": (10, 10)}, {"L1": (13, 10), "S2": (35, 2)}, carrier=(HARTS, "L1"))
    t.send(choose("RB1"), roll(2), choose(sq(12, 10)), roll(2, 8))
    assert t.state.carrier == Ref(team=WOLVES, id="RB1")


def test_a_beaten_heavy_tackle_leaves_two_carnage_tokens(t):
    t.arrange({"RB1": (20, 10)}, {"HT": (23, 10), "S2": (35, 2)})
    t.send(choose("RB1"), roll(2), choose(sq(22, 10)), roll(1, 4, 5))
    assert "Bob's Heavy Tackle uses the 4: the 5 gives the same result." in [line.text for line in t.state.log], \
        "both his dice lose to the 1: not asked which counts (issue 39)"
    assert t.status(HARTS, "HT") == "out" and bits_of(t.state.carnage) == sorted([t.f.at(23, 10), t.f.at(23, 11)])


def test_a_tie_with_the_carrier_fumbles_within_2_of_where_he_stood(t):
    t.arrange({"RB1": (20, 10), "L2": (5, 5)}, {"L1": (23, 10), "L2": (35, 5)}, carrier=(WOLVES, "RB1"))
    t.send(choose("RB1"), roll(2), choose(sq(22, 10)), roll(4, 4))
    assert t.state.step == "fumble-place" and t.prompt().actor == HARTS
    assert t.squares() == within(t, (22, 10), 2) - {(23, 10)}  # carnage on both squares of the tie
    t.send(choose(sq(21, 11)))
    assert t.f.sq(t.state.ball) == (21, 11) and t.state.side == HARTS


def test_with_no_empty_square_in_reach_the_fumble_goes_to_a_player_within_2(t):
    spots = within(t, (10, 10), 2) | within(t, (10, 11), 2)
    t.arrange({"HT": (10, 10), "RB2": (12, 10)}, {"L1": (9, 12), "L2": (35, 5)}, carrier=(WOLVES, "HT"))
    t.state.carnage = t.f.mask(t.f.at(*s) for s in spots - {(10, 10), (10, 11), (12, 10), (9, 12)})
    t.send(choose("HT"), roll(4, 4))
    p = t.prompt()
    assert t.state.step == "fumble-give" and [o.id for o in p.options] == ["0:RB2", "1:L1"]
    t.send(choose("1:L1"))
    assert t.state.carrier == Ref(team=HARTS, id="L1")


def test_wiping_out_the_last_opponent_scores(t):
    t.arrange({"RB1": (10, 10), "L1": (3, 3)}, {"S2": (13, 10)})
    t.send(choose("RB1"), roll(2), choose(sq(12, 10)), roll(3, 9))
    assert t.state.score == [1, 0] and t.state.step == "lineup" and t.state.half == 2


def test_both_last_players_down_restarts_the_half_on_the_board(t):
    t.arrange({"RB1": (10, 10)}, {"S2": (13, 10)})
    t.state.players[HARTS][0].status = "out"
    t.send(choose("RB1"), roll(2), choose(sq(12, 10)), roll(5, 5))
    assert t.state.step == "lineup" and t.state.lineup_next == "restart" and t.state.half == 1
    assert len(t.state.at[WOLVES]) == 11 and len(t.state.at[HARTS]) == 10 and t.state.carnage == 0
    t.send(choose("done"), choose("done"))
    assert t.state.step == "select" and t.state.side == WOLVES


# ---- hand-offs and passes ----


def test_hand_off_is_offered_only_with_a_team_mate_next_to_the_carrier(t):
    t.arrange({"RB1": (10, 10), "T": (5, 5), "S1": (20, 10)}, {"L1": (35, 10)}, carrier=(WOLVES, "RB1"))
    t.send(choose("T"), roll(1), choose(sq(6, 5)))
    assert [o.id for o in t.prompt().options] == ["end", "pass"]
    refused = {r.id: r.reason for r in t.prompt().refused}
    assert refused["hand-off"] == "no team-mate stands next to RB1"


def test_a_hand_off_to_the_only_team_mate_beside_him_goes_straight_to_the_roll(t):
    t.arrange({"RB1": (10, 10), "LB1": (11, 10), "T": (5, 5)}, {"L1": (35, 10)}, carrier=(WOLVES, "RB1"))
    t.send(choose("T"), roll(1), choose(sq(6, 5)), choose("hand-off"))
    p = t.prompt()
    assert isinstance(p, Roll) and [d.sides for d in p.dice] == [20, 10]
    t.send(roll(7, 3))
    assert t.state.carrier == Ref(team=WOLVES, id="LB1")


def pass_setup(t: BoardTable, **extra) -> None:
    wolves = {"RB1": (10, 10), "S1": (20, 10), "L1": (40, 10), "T": (5, 5), **extra.pop("wolves", {})}
    t.arrange(wolves, {"L2": (23, 10), **extra.pop("harts", {})}, carrier=(WOLVES, "RB1"), **extra)
    t.send(choose("T"), roll(1), choose(sq(6, 5)), choose("pass"))


def test_receivers_are_the_team_mates_within_throwing_distance_with_their_catch_odds(t):
    pass_setup(t)
    p = t.prompt()
    ids = [o.id for o in p.options]
    assert "S1" in ids and "L1" not in ids  # 30 squares: a d8 and the passing d6 reach 14 at most
    s1 = next(o for o in p.options if o.id == "S1")
    assert "10 squares" in s1.label and 0 < s1.chance < 1


def test_the_throwing_distance_is_counted_on_the_board(t):
    pass_setup(t)
    t.send(choose("S1"))
    assert t.state.turn.distance == 10 and "10 squares away" in t.state.log[-1].text
    assert isinstance(t.prompt(), Roll)


def test_a_short_pass_lands_exactly_the_passing_die_away_and_an_opponent_there_intercepts(t):
    pass_setup(t, wolves={"LB1": (17, 10)})
    t.send(choose("S1"), roll(2, 3))
    p = t.prompt()
    assert t.state.step == "pass-land" and p.actor == HARTS
    ring = {s for s in within(t, (20, 10), 3) if t.f.distance(t.f.at(20, 10), t.f.at(*s)) == 3}
    assert t.squares() == ring - {(17, 10)}  # not on the passing side's own player
    assert "intercepted" in next(o.label for o in p.options if o.id == sq(23, 10))
    t.send(choose(sq(23, 10)))
    assert t.state.carrier == Ref(team=HARTS, id="L2") and t.state.side == HARTS


def test_a_short_pass_on_an_empty_square_is_a_loose_ball(t):
    pass_setup(t)
    t.send(choose("S1"), roll(2, 3), choose(sq(20, 7)))
    assert t.state.carrier is None and t.f.sq(t.state.ball) == (20, 7)


def test_with_no_square_for_it_a_short_pass_is_recovered_by_the_passing_side(t):
    around = [t.f.sq(i) for i in t.f.neighbours(t.f.at(20, 10))]
    pass_setup(t, wolves={"LB1": around[0]}, carnage=tuple(around[1:]))
    t.send(choose("S1"), roll(2, 1))
    assert t.state.carrier == Ref(team=WOLVES, id="LB1")  # the only one: not asked


def test_a_short_pass_that_could_only_land_on_carnage_halts_play(t):
    around = tuple(t.f.sq(i) for i in t.f.neighbours(t.f.at(20, 10)))
    pass_setup(t, carnage=around)
    t.send(choose("S1"), roll(2, 1))
    assert t.state.step == "lineup" and t.state.lineup_next == "halt" and t.state.halt_first == WOLVES
    assert t.state.carnage == 0 and t.state.ball == t.f.centre
    t.send(choose("done"), choose("done"))
    assert t.state.step == "select" and t.state.side == WOLVES


# ---- halts ----


def test_the_halt_is_offered_only_when_carnage_walls_off_every_score(t):
    wall = tuple((15, r) for r in range(21))
    t.arrange({"RB1": (10, 10)}, {"L1": (30, 10)}, ball=(20, 10), carnage=wall)
    select = t.prompt()
    assert select.options[-1].id == "halt" and "carnage" in select.options[-1].label
    t.state.carnage ^= 1 << t.f.at(15, 0)  # a gap in the wall: the Wolves can still reach the ball
    assert "halt" not in [o.id for o in t.prompt().options]


def test_on_the_board_a_heavy_tackle_whose_dice_both_win_is_not_asked_which_counts(t):
    t.arrange({"RB1": (20, 10)}, {"HT": (23, 10), "S2": (35, 2)})
    t.send(choose("RB1"), roll(2), choose(sq(22, 10)), roll(6, 2, 3))
    assert t.state.step != "tackle-die"
    assert "Bob's Heavy Tackle uses the 2: the 3 gives the same result." in [line.text for line in t.state.log]


def test_on_the_board_a_heavy_tackle_whose_dice_differ_in_result_picks_one(t):
    t.arrange({"RB1": (20, 10)}, {"HT": (23, 10), "S2": (35, 2)})
    t.send(choose("RB1"), roll(2), choose(sq(22, 10)), roll(4, 2, 6))
    assert t.state.step == "tackle-die" and t.option_ids() == ["2", "6"], "one die wins, the other loses"


def test_two_carnage_tokens_walling_a_corner_half_square_halt_play(t):
    """Issue 39: the ball on 0.0 with carnage on 1.0 and 0.1: nobody can reach it; two tokens are enough on a
    square with two neighbours (ruling halt-offered)."""
    t.arrange({"RB1": (10, 10)}, {"L1": (30, 10)}, ball=(0, 0), carnage=((1, 0), (0, 1)))
    assert sorted(t.f.sq(i) for i in t.f.neighbours(t.f.at(0, 0))) == [(0, 1), (1, 0)]
    assert t.prompt().options[-1].id == "halt"
    t.arrange({"RB1": (10, 10)}, {"L1": (30, 10)}, ball=(0, 0), carnage=((1, 0),))
    assert "halt" not in [o.id for o in t.prompt().options], "one token walls nothing in"


def test_a_heavy_tackle_needs_room_for_both_squares_to_keep_a_score_possible(t):
    """A corridor one square high through a thick wall lets a lineman through but not a Heavy Tackle (two
    squares side by side): with only Heavy Tackles on the field the halt is offered."""
    wall = tuple((c, r) for c in (15, 16, 17) for r in range(21) if r != 10)
    t.arrange({"HT": (10, 10)}, {"HT": (30, 10)}, ball=(20, 10), carnage=wall)
    assert t.prompt().options[-1].id == "halt"
    t.arrange({"HT": (10, 10), "L1": (10, 4)}, {"HT": (30, 10)}, ball=(20, 10), carnage=wall)
    assert "halt" not in [o.id for o in t.prompt().options]  # the lineman fits through
    wider = tuple((c, r) for c, r in wall if r != 11)  # a corridor two squares high: he fits
    t.arrange({"HT": (10, 10)}, {"HT": (30, 10)}, ball=(20, 10), carnage=wider)
    assert "halt" not in [o.id for o in t.prompt().options]


def test_halting_lines_both_sides_up_again_and_the_side_that_had_the_ball_starts(t):
    wall = tuple((15, r) for r in range(21))
    t.arrange({"RB1": (10, 10)}, {"L1": (30, 10), "L2": (31, 10)}, carrier=(HARTS, "L2"), carnage=wall)
    t.send(choose("halt"))
    assert t.state.step == "lineup" and t.state.carnage == 0 and len(t.state.at[HARTS]) == 2
    t.send(choose("done"), choose("done"))
    assert t.state.side == HARTS and t.state.carrier is None and t.state.ball == t.f.centre


# ---- no question about the board ----


def test_a_board_match_never_asks_what_the_table_used_to_report():
    """(Checked on every state of random board play: test_battleball_board_random.py.)"""
    from test_battleball_board_random import TABLE_STEPS

    from refbox.games.battleball.steps import STEPS

    assert TABLE_STEPS < set(STEPS.table)  # the table's own questions are steps a board match never reaches


# ---- for the computer coach ----


def test_evaluate_weighs_touchdowns_then_the_ball_and_how_far_it_has_come(t):
    rules = t.rules
    even = rules.evaluate(t.state, WOLVES)  # about even: the figures stand a step nearer or farther
    assert even == pytest.approx(0.5, abs=0.02) and rules.evaluate(t.state, HARTS) == pytest.approx(1 - even)
    t.arrange({"RB1": (10, 10), "S1": (30, 10)}, {"L1": (20, 3), "L2": (20, 17)}, carrier=(WOLVES, "RB1"))
    near_home = rules.evaluate(t.state, WOLVES)
    t.state.carrier = Ref(team=WOLVES, id="S1")
    near_goal = rules.evaluate(t.state, WOLVES)
    assert 0.5 < near_home < near_goal < 1
    assert rules.evaluate(t.state, HARTS) == pytest.approx(1 - near_goal)
    t.state.score = [0, 1]
    assert rules.evaluate(t.state, WOLVES) < 0.5 and rules.outcome(t.state) == (0, 1)


def test_a_board_game_clones_and_the_copy_plays_on_alone():
    from refbox.engine.play import Game

    t = BoardTable().kickoff()
    game = Game(t.rules, t.state)
    twin = game.clone()
    twin.apply(choose("RB1"))
    twin.apply(roll(3))
    twin.apply(choose(twin.legal().ids[0]))
    assert twin.state.at[WOLVES]["RB1"] != game.state.at[WOLVES]["RB1"] and game.state.step == "select"
