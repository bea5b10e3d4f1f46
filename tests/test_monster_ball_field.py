"""The on-screen field: its geometry (zones, grids, the grid roll, grids between, zones to the end zone, adjacency
at the edges) and the rules played on positions (moves, Hustle on entering a square, tackles next to the target,
passes and air time, kicks landing in their grid, recoveries, the spot, cheats that need geometry)."""

from __future__ import annotations

import random

import pytest

from monster_ball_field import CHAOS, LAW, field_match, ids, law_snap, move, park, pitch, place, send
from refbox.engine.errors import InvalidInput
from refbox.engine.prompts import choose, pick, roll
from refbox.games.monster_ball import places
from refbox.games.monster_ball.pitch import Pitch

P = Pitch()


def reachable(p: Pitch, start, steps: int, can_enter, must_stop) -> dict:
    """A plain breadth-first search, square by square (the reference the bitboard search is checked against):
    every square a mover at ``start`` ends on within ``steps`` steps, with the fewest steps to it. A square
    ``can_enter`` refuses is never entered; one where ``must_stop`` holds is entered and not left."""
    best, front = {start: 0}, [start]
    for cost in range(1, steps + 1):
        nxt = []
        for sq in front:
            if sq != start and must_stop(sq):
                continue
            for n in p.grid.neighbours(sq):
                if n not in best and can_enter(n):
                    best[n] = cost
                    nxt.append(n)
        front = nxt
    del best[start]
    return best


# ---- geometry ----


class TestTheBoard:
    def test_the_field_is_34_by_18_inside_a_one_square_band(self):
        assert (P.cols, P.rows) == (36, 20)
        inside = [sq for sq in P.grid.squares() if P.in_field(sq)]
        assert len(inside) == 34 * 18
        assert P.out_of_bounds((0, 5)) and P.out_of_bounds((35, 5)) and P.out_of_bounds((10, 0)) and P.out_of_bounds((10, 19))
        assert P.in_field((1, 1)) and P.in_field((34, 18))

    def test_end_zones_are_two_squares_deep_and_law_scores_on_the_right(self):
        assert [x for x in range(36) if P.in_end_zone(0, x)] == [33, 34]
        assert [x for x in range(36) if P.in_end_zone(1, x)] == [1, 2]
        assert P.direction(0) == 1 and P.direction(1) == -1

    def test_the_ruleset_file_gives_the_same_field(self):
        p = pitch(field_match())
        assert (p.zones, p.zone_squares, p.end_squares, p.width, p.band, p.divisions) == (10, 3, 2, 18, 1, P.divisions)


class TestZones:
    def test_zones_count_down_from_10_to_1_towards_the_end_zone_each_side_attacks(self):
        assert [P.zone_of(0, x) for x in (3, 5, 6, 17, 18, 30, 32)] == [10, 10, 9, 6, 5, 1, 1]
        assert [P.zone_of(1, x) for x in (32, 30, 29, 18, 17, 5, 3)] == [10, 10, 9, 6, 5, 1, 1]

    def test_end_zones_are_zone_0_ahead_and_11_behind(self):
        assert P.zone_of(0, 33) == 0 and P.zone_of(0, 2) == 11
        assert P.zone_of(1, 1) == 0 and P.zone_of(1, 34) == 11

    def test_zone_columns_are_three_squares(self):
        assert list(P.zone_columns(0, 1)) == [30, 31, 32] and list(P.zone_columns(1, 1)) == [3, 4, 5]
        assert list(P.zone_columns(0, 10)) == [3, 4, 5] and list(P.zone_columns(1, 10)) == [30, 31, 32]

    def test_the_50_separates_zones_5_and_6_and_the_30_zones_3_and_4(self):
        assert P.midfield_x == 18 and P.zone_of(0, 17) == 6 and P.zone_of(0, 18) == 5
        x = P.ball_x(0, 9)  # the 30-yard line: 9 squares to go; the ball just behind it
        assert P.zone_of(0, x) == 4 and P.zone_of(0, x + 1) == 3
        assert P.to_go_at(0, x) == 9 and P.to_go_at(1, P.ball_x(1, 9)) == 9

    def test_the_kick_line_is_the_kickers_70(self):
        assert P.zone_of(1, P.ball_x(1, 21)) == 8 and P.zone_of(0, P.ball_x(0, 21)) == 8

    def test_zones_to_the_end_zone_count_the_zone_ahead_to_the_end_zone(self):
        assert P.zones_to_end_zone(0, 31) == 1  # zone 1: just the end zone
        assert P.zones_to_end_zone(0, 22) == 4  # zone 4: zones 3, 2, 1 and the end zone
        assert P.zones_to_end_zone(0, 1) == 11  # from the own end zone: ten zones and the end zone
        assert P.zones_to_end_zone(0, 34) == 1  # never less than 1


class TestGrids:
    def test_a_d12_grid_roll_lands_in_divisions_1_to_6(self):
        assert [P.grid_roll(face) for face in range(1, 13)] == [1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6]
        with pytest.raises(ValueError):
            P.grid_roll(13)

    def test_divisions_are_three_rows(self):
        assert [P.division_of(y) for y in (1, 3, 4, 18)] == [1, 1, 2, 6]
        assert P.division_of(0) == 1 and P.division_of(19) == 6  # the band beside them

    def test_grids_are_3_by_3_and_end_zones_2_by_3(self):
        assert len(P.grid_squares((1, 1))) == 9 and len(P.grid_squares((0, 1))) == 6 and len(P.grid_squares((11, 6))) == 6
        assert all(P.grid_of(sq) == (4, 3) for sq in P.grid_squares((4, 3)))

    def test_grids_between_count_from_the_next_grid_to_the_receivers(self):
        assert P.grids_between((3, 1), (5, 3)) == 0  # the same grid
        assert P.grids_between((5, 3), (6, 3)) == 1  # next door
        assert P.grids_between((5, 3), (6, 4)) == 2  # diagonally next door: a zig-zag through a side
        assert P.grids_between((9, 2), (21, 17)) == 4 + 5
        assert P.grids_between((1, 1), (34, 18)) == 16  # the longest: end zone to end zone, corner to corner

    def test_a_kick_lands_in_the_grid_of_its_zone_and_division(self):
        grid = P.landing_grid(0, 3, 4)  # Law kicking: zone 3 counts down towards the right
        assert all(P.zone_of(0, x) == 3 for x, _ in P.grid_squares(grid))
        assert all(P.division_of(y) == 4 for _, y in P.grid_squares(grid))


class TestAdjacency:
    def test_eight_around_inside_and_fewer_at_the_board_edge(self):
        assert len(P.neighbours((10, 10))) == 8
        assert sorted(P.neighbours((0, 0))) == [(0, 1), (1, 0), (1, 1)]
        assert len(P.neighbours((35, 10))) == 5

    def test_the_field_edge_touches_the_band(self):
        assert (0, 5) in P.neighbours((1, 5)) and (10, 19) in P.neighbours((10, 18))

    def test_adjacent_is_chebyshev_one(self):
        assert P.adjacent((5, 5), (6, 6)) and P.adjacent((5, 5), (5, 4)) and not P.adjacent((5, 5), (7, 5))
        assert not P.adjacent((5, 5), (5, 5))


class TestReach:
    def test_the_fast_search_agrees_with_a_plain_search(self):
        """Random crowds: every free square the bitboard search offers is what a plain search finds."""
        m = law_snap()
        s, p = m.state, pitch(m)
        rng = random.Random(5)
        free = [sq for sq in p.grid.squares() if p.in_field(sq)]
        for trial in range(60):
            squares = rng.sample(free, 22)
            s.pos = dict(zip(list(s.pos), squares))
            s.knocked = rng.sample(list(s.pos), 3)
            for pid in rng.sample(list(s.pos), 4):
                s.carrier = pid if trial % 2 else None
                steps = rng.randint(1, 4)
                got = places.reach(s, m.data, pid, steps)
                block = {sq for o, sq in s.pos.items() if o != pid and o not in s.knocked}
                downed = {sq for o, sq in s.pos.items() if o in s.knocked}
                carrier = pid == s.carrier
                ahead = {sq for sq in free if p.in_end_zone(s.team_of(pid), sq[0])}
                want = reachable(p, s.pos[pid], steps, lambda sq: sq not in block and (carrier or p.in_field(sq)),
                                 lambda sq: not p.in_field(sq) or (carrier and sq in ahead))
                want = {sq: c for sq, c in want.items() if sq not in downed}
                assert {sq: got.cost(sq) for sq in got.squares if got.cost(sq) is not None} == want
                for sq in got.squares:
                    if got.cost(sq) is None:
                        assert sq in block and got.hustle_from(sq) in (s.pos[pid], *want)


# ---- line-ups ----


def test_the_kick_off_line_up_puts_the_kicker_on_the_kick_line_and_everyone_on_their_own_half():
    m = field_match()
    p, s = pitch(m), m.state
    assert s.pos["C12"] == (p.ball_x(CHAOS, 21), p.row_across(CHAOS, 9))  # the Drow, Chaos's best kicker
    assert all(x >= p.midfield_x for pid, (x, _) in s.pos.items() if pid[0] == "C")
    assert all(x < p.midfield_x for pid, (x, _) in s.pos.items() if pid[0] == "L")
    assert len(set(s.pos.values())) == 22


def test_the_chosen_kicker_goes_to_the_kick_line():
    m = send(field_match(), choose("C18"))
    p = pitch(m)
    assert m.state.pos["C18"] == (p.ball_x(CHAOS, 21), p.row_across(CHAOS, 9)) and m.state.pos["C12"] != m.state.pos["C18"]


def test_scrimmage_line_ups_follow_the_positions_diagram_around_the_line():
    m = send(field_match(), choose("C12"), roll(12, 12))
    p, s = pitch(m), m.state
    line = p.ball_x(LAW, 9)
    assert s.pos["L1"] == (line, 9) and s.pos["L7"] == (line - 3, 9)  # the quarterback a few squares behind the center
    assert all(x <= line for pid, (x, _) in s.pos.items() if pid[0] == "L")
    assert all(x > line for pid, (x, _) in s.pos.items() if pid[0] == "C")
    assert sum(1 for pid, (x, _) in s.pos.items() if pid[0] == "C" and x == line + 1) == 4  # four linemen on the line


def test_a_captain_moves_figures_in_the_line_up_before_the_snap():
    m = send(field_match(), choose("C12"), roll(12, 12), choose("arrange:0"), choose("L3"))
    start = m.state.pos["L3"]
    send(m, choose(places.move_id(-2, 0)), choose("ready"))
    assert m.state.pos["L3"] == (start[0] - 2, start[1]) and m.state.step == "between"


def test_every_line_up_square_has_a_name_of_its_own():
    """A zone is three squares wide: the options name the zone's column too, so no two read alike."""
    for team, pid in ((0, "L3"), (1, "C13")):
        m = send(field_match(), choose("C12"), roll(12, 12), choose(f"arrange:{team}"), choose(pid))
        labels = [o.label for o in m.prompt().options if o.label.startswith("zone")]
        assert len(labels) > 50 and len(set(labels)) == len(labels)


def test_a_line_up_square_past_the_line_is_refused():
    m = send(field_match(), choose("C12"), roll(12, 12), choose("arrange:0"), choose("L1"))
    with pytest.raises(InvalidInput):
        m.submit(choose(places.move_id(1, 0)))  # past the line of scrimmage


# ---- moving ----


def test_a_figure_moves_up_to_its_move_and_the_rest_hold():
    m = park(law_snap(), "L8")
    place(m, L8=(10, 10))
    move(m, "L8", 3, 1)
    assert m.state.pos["L8"] == (13, 11) and m.state.used["L8"] == 3
    send(m, choose("L8"))
    assert places.move_id(2, 0) not in ids(m) and places.move_id(1, 0) in ids(m)  # Valkyrie: Move 4, one step left


def test_done_ends_the_half_and_a_new_round_gives_back_the_steps():
    m = park(law_snap(), "L8")
    place(m, L8=(10, 10))
    move(m, "L8", 4, 0)
    send(m, choose("done"), choose("done"))
    assert m.state.round == 2 and m.state.used == {} and "L8" in ids(m)


def test_entering_an_occupied_square_is_a_hustle_and_failing_costs_a_step():
    m = park(law_snap(), "L8", "C13")
    place(m, L8=(10, 10), C13=(12, 10))
    move(m, "L8", 2, 0)  # into the Kobold's square: first to (11, 10), then the Hustle
    assert m.state.step == "hustle_roll" and m.state.pos["L8"] == (11, 10)
    send(m, roll(2, 3))  # Hustle 2 does not beat Block 3
    assert m.state.pos["L8"] == (11, 10) and m.state.used["L8"] == 2 and m.state.step == "move"


def test_a_won_hustle_shares_the_square_and_the_figure_may_go_on():
    m = park(law_snap(), "L8", "C13")
    place(m, L8=(10, 10), C13=(11, 10))
    move(m, "L8", 1, 0)
    send(m, roll(7, 2))
    assert m.state.pos["L8"] == m.state.pos["C13"] == (11, 10) and "L8" in m.state.crowded
    move(m, "L8", 3, 0)
    assert m.state.pos["L8"] == (14, 10)


def test_a_hustle_into_a_team_mates_square_uses_his_block_and_no_cheat():
    m = park(law_snap(), "L8", "L9")
    place(m, L8=(10, 10), L9=(11, 10))
    move(m, "L8", 1, 0)
    assert m.state.step == "hustle_roll" and m.state.action.target == "L9"
    assert [d for d in m.legal().sides] == [8, 12]  # Valkyrie Hustle d8 against Treant Block d12


def test_downed_figures_are_passed_freely_but_not_stopped_on():
    m = park(law_snap(), "L8", "C13")
    place(m, L8=(10, 10), C13=(11, 10))
    m.state.knocked = ["C13"]
    m.refresh()
    send(m, choose("L8"))
    assert places.move_id(1, 0) not in ids(m) and places.move_id(2, 0) in ids(m)


def test_only_the_carrier_steps_out_of_bounds_and_that_ends_the_play():
    m = park(law_snap(), "L7", "L8")
    place(m, L7=(20, 2), L8=(20, 12))
    send(m, choose("L8"))
    assert all(p.in_field(places.from_id(m.state, p, "L8", i)) for p in [pitch(m)] for i in ids(m) if i[0] == "m")
    send(m, choose("stay"), choose("L7"), choose(places.move_id(0, -2)))  # the quarterback steps off the top edge
    assert m.state.step == "between" and (m.state.down, m.state.to_go) == (2, 9)  # no gain: 2nd down at the 30


def test_the_carrier_scores_on_entering_the_end_zone():
    m = park(law_snap(), "L7")
    place(m, L7=(31, 9))
    move(m, "L7", 2, 0)
    assert m.state.teams[LAW].score == 6 and m.state.step == "kick_kicker" and m.state.possession == LAW


def test_the_carrier_stops_in_the_end_zone_and_cannot_run_through_it():
    m = park(law_snap(), "L7")
    place(m, L7=(32, 9))
    send(m, choose("L7"))
    assert places.move_id(2, 0) not in ids(m)  # (34, 9) is beyond the goal line: the touchdown ends it at (33, 9)


# ---- tackles ----


def test_tackle_is_offered_only_with_the_carrier_next_to_a_defender():
    m = park(law_snap(), "L7", "C18", "C16")
    place(m, L7=(20, 9), C18=(23, 9), C16=(24, 4))
    send(m, choose("done"))
    assert "tackle" not in ids(m)
    place(m, C18=(21, 10))
    assert "tackle" in ids(m)


def test_a_lone_tackler_is_named_by_refbox_and_the_defender_picks_hustle_or_block():
    m = park(law_snap(), "L7", "C18")
    place(m, L7=(20, 9), C18=(21, 10))
    send(m, choose("done"), choose("tackle"))
    assert m.state.step == "defence_style" and m.state.action.tacklers == ["C18"]
    assert "the only possible answer" in m.state.log[-1].text
    options = m.prompt().options
    assert [o.id for o in options] == ["hustle", "block"] and all(o.chance is not None for o in options)


def test_a_dog_pile_gathers_the_tacklers_next_to_the_target_in_one_key():
    m = park(law_snap(), "L7", "C18", "C16", "C17")
    place(m, L7=(20, 9), C18=(21, 10), C16=(19, 8), C17=(25, 9))
    send(m, choose("done"), choose("tackle"))
    assert ids(m) == ["C18", "C16", "all"]  # C17 is too far to join
    send(m, choose("all"))
    assert m.state.action.tacklers == ["C18", "C16"]


def test_tackling_a_figure_without_the_ball_is_the_illegal_hit():
    m = park(law_snap(), "L7", "L9", "C18")
    place(m, L7=(10, 9), L9=(20, 9), C18=(21, 9))
    send(m, choose("done"))
    assert "tackle" not in ids(m) and "hit" in ids(m)
    send(m, choose("hit"))  # one target next to C18, one tackler: both taken without asking
    assert m.state.step == "defence_style" and m.state.action.target == "L9"
    send(m, choose("block"), roll(8, 1))
    assert m.state.penalties == [0, 2] and "L9" in m.state.knocked


def test_a_tackled_carrier_ends_the_play_and_the_ball_is_spotted_where_he_fell():
    m = park(law_snap(), "L7", "C18")
    place(m, L7=(27, 9), C18=(28, 9))  # four squares past the line (ball at 23): a first down
    send(m, choose("done"), choose("tackle"), choose("hustle"), roll(8, 2))
    assert m.state.step == "between" and (m.state.to_go, m.state.down) == (5, 1)


def test_a_gain_under_3_squares_leaves_the_line_and_uses_a_down():
    m = park(law_snap(), "L7", "C18")
    place(m, L7=(25, 9), C18=(26, 9))
    send(m, choose("done"), choose("tackle"), choose("hustle"), roll(8, 2))
    assert (m.state.to_go, m.state.down) == (9, 2)


def test_a_fumble_is_recovered_by_the_figures_next_to_the_fumbler():
    m = park(law_snap(), "L7", "L8", "C18", "C16")
    place(m, L7=(20, 9), C18=(21, 9), L8=(19, 10), C16=(25, 9))
    send(m, choose("done"), choose("tackle"), choose("hustle"), roll(2, 1))  # defence die 1: the ball comes loose
    assert m.state.step == "contest_roll" and m.state.contest.contenders == ["L8"]  # C18 tackled; C16 too far


def test_a_fumble_with_nobody_next_to_it_hits_the_ground_there():
    m = park(law_snap(), "L7", "C18")
    place(m, L7=(27, 9), C18=(28, 9))
    send(m, choose("done"), choose("tackle"), choose("hustle"), roll(2, 1))
    assert m.state.step == "between" and (m.state.to_go, m.state.down) == (5, 1)


# ---- passes ----


def round_two(m):
    return send(m, choose("done"), choose("done"))


def test_grids_between_are_counted_from_the_field_and_a_short_pass_is_caught_at_once():
    m = round_two(park(law_snap(), "L7", "L6"))
    place(m, L7=(20, 9), L6=(23, 9))  # grid columns 6 and 7, the same division: next door
    send(m, choose("pass"), choose("L6"))
    assert m.state.step == "pass_roll" and m.state.action.grids == 1
    assert m.prompt().success.startswith("Pass + best Catch over 4") and "1 grid between" in m.prompt().text
    send(m, roll(3, 2))
    assert m.state.carrier == "L6"


def test_the_receivers_neighbours_go_for_the_ball():
    m = round_two(park(law_snap(), "L7", "L6", "C13"))
    place(m, L7=(20, 9), L6=(23, 9), C13=(24, 10))
    send(m, choose("pass"), choose("L6"))
    assert m.state.action.contesters == ["L6", "C13"]
    send(m, roll(6, 2, 7))
    assert m.state.carrier == "C13"


def test_a_long_pass_comes_down_after_the_other_side_moves_on_the_square_it_was_thrown_to():
    m = round_two(park(law_snap(), "L7", "L6", "C13"))
    place(m, L7=(10, 9), L6=(20, 9), C13=(25, 5))
    send(m, choose("pass"), choose("L6"))
    assert m.state.ball == "air" and m.state.ball_at == (20, 9) and m.state.step == "move" and m.state.mover == LAW
    move(m, "L6", 3, 0)  # the receiver runs off: he will not be within reach
    send(m, choose("done"))
    place(m, C13=(21, 9))
    thrown = m.state.round
    send(m, choose("done"))  # Chaos done: the ball comes down, as the next round begins (air-time)
    assert m.state.step == "pass_roll" and m.state.action.contesters == ["C13"] and m.state.round == thrown + 1


def test_an_incomplete_pass_is_spotted_where_it_was_thrown_from():
    m = round_two(park(law_snap(), "L7", "L6"))
    place(m, L7=(24, 9), L6=(25, 9))
    send(m, choose("pass"), choose("L6"), roll(1, 1))
    assert m.state.step == "between" and (m.state.to_go, m.state.down) == (9, 2)  # a gain of 1 from the throw


def test_a_wardrobe_malfunction_needs_the_thrower_or_a_catcher_in_the_same_grid():
    m = round_two(park(law_snap(), "L7", "L6", "C22"))
    place(m, L7=(10, 9), L6=(12, 9), C22=(30, 2))
    send(m, choose("pass"), choose("L6"))
    assert m.state.step == "pass_roll"
    m = round_two(park(law_snap(), "L7", "L6", "C22"))
    place(m, L7=(10, 9), L6=(12, 9), C22=(13, 10))  # same grid as the receiver
    send(m, choose("pass"), choose("L6"))
    assert m.state.step == "pass_wardrobe" and ids(m) == ["fair", "C22"]


def test_the_hike_is_a_pass_and_a_catch_for_wardrobe_malfunction():
    m = send(field_match(), choose("C12"), roll(12, 12))
    qb = m.state.pos["L7"]
    park(m, "L1", "L7", "C22")
    place(m, C22=(qb[0] - 1, qb[1] - 1))  # behind the line, but in the quarterback's grid
    send(m, choose("hike"))
    assert m.state.step == "hike_wardrobe" and ids(m) == ["fair", "C22"]
    send(m, choose("C22"), roll(4, 4, 6))  # 4 + 4 - 6 = 2: fumbled
    assert m.state.ball != "held" and "C22" in m.state.cheated


# ---- kicks ----


def test_a_kick_off_hangs_a_round_and_comes_down_in_the_rolled_grid():
    m = send(field_match(), choose("C12"), roll(2, 5), roll(5))  # 5 zones from Chaos's zone 8: its zone 3
    p, s = pitch(m), m.state
    assert s.ball == "air" and s.kick.grid == p.landing_grid(CHAOS, 3, 3) and s.step == "move" and s.mover == CHAOS
    park(m)
    square = p.grid_squares(s.kick.grid)[4]
    send(m, choose("done"))
    place(m, L8=square)
    send(m, choose("done"))  # the receivers moved: the ball comes down on the Valkyrie
    assert s.step == "contest_roll" and s.contest.contenders == ["L8"]
    assert m.view().phase_id == "kickoff", "a kick's catch is headed by the kick, not 'Fumble recovery'"
    send(m, roll(6))
    assert s.carrier == "L8" and s.round == 2 and s.mover == LAW


def test_an_uncaught_kick_off_gives_the_receivers_the_30():
    m = send(field_match(), choose("C12"), roll(2, 5), roll(5))
    park(m)
    send(m, choose("done"), choose("done"))
    assert (m.state.possession, m.state.to_go, m.state.step) == (LAW, 9, "between")


def test_a_field_goal_counts_the_zones_from_the_kickers_square():
    m = send(field_match(), choose("C12"), roll(12, 12), choose("field_goal"))
    place(m, L6=(24, 9))  # zone 3: zones 2, 1 and the end zone
    kicker = next(o for o in m.prompt().options if o.id == "L6")
    assert "3 zones out" in kicker.hint and kicker.chance == pytest.approx(1 - (6 / 12) ** 2)
    send(m, choose("L6"))
    assert m.state.step == "kick_roll" and m.prompt().success == "better roll over 6"


# ---- cheats ----


def test_magic_missile_counts_its_grids_on_the_field():
    m = send(law_snap(), choose("done"))
    park(m, "L7", "C12")
    place(m, L7=(10, 9), C12=(16, 12))
    send(m, choose("cheat"))  # the Drow is the only cheater: named without asking
    send(m, choose("L7"))
    assert m.state.action.grids == 2 + 1 and m.state.step == "defence_style"
    send(m, choose("block"))
    assert "3 grids between" in m.prompt().text
    labels = [o.label for o in m.prompt().odds]
    assert "target down" in labels and any(label.startswith("missile falls short") for label in labels)
    assert not any("tackler" in label for label in labels)


def test_holding_grabs_only_an_adjacent_opponent():
    m = park(law_snap(), "L4", "C13", "C14", "L2", "L3", "L6")
    place(m, L4=(10, 10), C13=(11, 11), C14=(15, 10))
    send(m, choose("cheat"))
    assert "L4" in ids(m)
    send(m, choose("L4"))
    assert m.state.step == "cheat_roll" and m.state.action.target == "C13"  # the only one next to him


def test_blink_jumps_sideways_over_anyone_to_a_free_square():
    m = park(law_snap(), "L2", "C13")
    place(m, L2=(10, 10), C13=(10, 11))
    send(m, choose("cheat"), choose("L2"), roll(5))
    assert m.state.step == "blink_to"
    assert set(ids(m)) == {"stay", *(places.move_id(0, a) for a in (-5, -4, -3, -2, -1, 2, 3, 4, 5))}
    send(m, choose(places.move_id(0, 3)))
    assert m.state.pos["L2"] == (10, 13) and m.state.step == "move"


# ---- the screen's view ----


def test_the_view_draws_figures_the_line_and_the_first_down_line():
    m = send(field_match(), choose("C12"), roll(12, 12))
    board = m.rules.view(m.state).board
    p = pitch(m)
    line = p.ball_x(LAW, 9)
    assert board.cell(m.state.pos["L1"]).text == "aB" and board.cell(m.state.pos["L1"]).look == "team0"
    assert board.between[(line, 5)].text == "┃" and board.between[(line + 3, 5)].text == "┆", "between columns"
    assert board.cell((line + 1, 5)).text == board.cell((line + 4, 5)).text == "·", "the lines hide no square"
    assert board.cell((p.zone_columns(LAW, 1)[1], 0)).text == "1" and board.row_labels[2] == "1"
    assert (board.cols, board.rows) == (36, 20)


def test_a_kick_off_draws_its_kick_line_between_two_columns_and_no_line_to_gain():
    m = field_match()
    boards = [m.rules.view(m.state).board]
    send(m, choose("C12"), roll(2, 5), roll(5))  # the kick comes down in a grid: Law runs it back
    assert m.state.play is not None and m.state.kick.kind == "kickoff", "the return is a play of the kick-off"
    boards.append(m.rules.view(m.state).board)
    for board in boards:
        marks = {cell.text for cell in board.between.values()}
        assert marks == {"┃"}, "the kick line only: a kick-off has no first down to gain"
        cells = board.cells
        assert "┃" not in {cell.text for cell in cells.values()}, "no square gives its place to a line"


def test_the_scoreboard_shows_who_carries_the_ball_not_whose_line_it_is():
    m = send(field_match(), choose("C12"), roll(2, 5), roll(5))
    park(m)
    square = pitch(m).grid_squares(m.state.kick.grid)[0]
    send(m, choose("done"))
    place(m, L8=square)
    send(m, choose("done"), roll(6))
    stats = {s.label: s for s in m.rules.view(m.state).scoreboard}
    assert stats["Ball"].value == "Law Valkyrie 1 has it" and stats["Ball"].actor == LAW


def test_a_move_answers_with_the_figure_letter_and_the_key_on_the_square():
    m = park(law_snap(), "L8")
    place(m, L8=(10, 10))
    options = {o.id: o for o in m.prompt().options}
    assert options["L8"].key == "i" and options["L8"].at == (10, 10) and options["done"].key == "1"
    send(m, choose("L8"))
    options = m.prompt().options
    assert options[0].id == "done" and options[0].key == "1" and options[1].id == "stay" and options[1].at == (10, 10)
    dest = [o for o in options if o.id.startswith("m")]
    assert len(dest) == 80 and dest[0].at != (10, 10) and all(o.at is not None for o in dest)


def test_pick_is_not_asked_on_the_field():
    m = law_snap()
    send(m, choose("done"))
    assert m.legal().kind == "choose"
    with pytest.raises(InvalidInput):
        m.submit(pick("C13"))


# ---- a whole side in one key ----


def test_everyone_steps_forward_as_far_as_the_squares_ahead_allow():
    m = park(law_snap(), "L8", "L9", "L2", "C13")
    place(m, L8=(10, 10), L9=(11, 10), L2=(10, 4), C13=(13, 10))
    send(m, choose("advance"))
    s = m.state
    assert s.pos["L9"] == (12, 10) and s.used["L9"] == 1  # the Treant steps up to the Kobold (Move 1)
    assert s.pos["L8"] == (11, 10) and s.used["L8"] == 1  # the Valkyrie follows into the square it left
    assert s.pos["L2"] == (13, 4) and s.used["L2"] == 3  # the Brownie runs its full Move
    assert s.step == "move" and m.events[-1].value == "advance" and len(m.events) == 5  # one input, the whole side


def test_the_carrier_stepping_forward_with_his_side_scores_and_a_team_mates_step_does_not():
    m = park(law_snap(), "L7", "L2")
    place(m, L7=(31, 9), L2=(31, 3))
    move(m, "L2", 2, 0)  # a team-mate steps into the end zone: no ball, no score
    assert m.state.teams[LAW].score == 0 and m.state.step == "move"
    send(m, choose("advance"))  # the Paladin, with the ball, steps in with the rest of the side
    assert m.state.teams[LAW].score == 6 and m.state.step == "kick_kicker"


def test_everyone_closes_in_on_the_carrier_and_stops_next_to_him():
    m = park(law_snap(), "L7", "C13", "C14")
    place(m, L7=(20, 9), C13=(23, 9), C14=(26, 14))
    send(m, choose("done"), choose("pursue"))
    s = m.state
    assert max(abs(s.pos["C13"][0] - 20), abs(s.pos["C13"][1] - 9)) == 1  # Kobold (Move 2): next to the Paladin
    assert s.pos["C14"] == (24, 12)  # two steps nearer
    assert "tackle" in ids(m)


def test_two_figures_on_one_square_the_ball_carrier_shows_with_the_ball_and_the_caption_names_the_other():
    """A won Hustle leaves two figures on one square (ruling moves-on-the-field): the board never hides the
    carrier or the ball under the other; the caption says who shares his square."""
    from refbox.engine import random_play
    from refbox.games.monster_ball import ask
    from refbox.games.monster_ball.view import field_view

    m, rng = field_match(), random.Random(2)
    while True:
        s = m.state
        shared = s.carrier in s.pos and list(s.pos.values()).count(s.pos[s.carrier]) > 1
        if shared:
            break
        m.submit(random_play.random_answer(m.prompt(), rng))
    square = s.pos[s.carrier]
    other = next(pid for pid, sq in s.pos.items() if sq == square and pid != s.carrier)
    board = field_view(s, m.data)
    cell = board.cells[square]
    assert cell.text == ask.figure_key(s, s.carrier)[0] + "●"
    assert cell.look == f"team{s.team_of(s.carrier)}"
    assert f"{ask.figure_key(s, other)} shares the carrier's square" in board.caption
