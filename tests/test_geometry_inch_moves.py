"""Moving on the inch field (refbox.engine.geometry.inch_reach): what a move costs, where contact stops it, how
it passes figures, balls and piles, where it may run off, and the brute-force oracle it must agree with
(tests/inch_oracle.py: the full visibility graph with exact fractions)."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from inch_fields import F, small
from inch_oracle import Board, overlaps, touches_between

from refbox.engine.geometry.inch_field import distance
from refbox.engine.geometry.inch_reach import reach
from refbox.engine.geometry.inch_sight import Sight, meets
from refbox.engine.geometry.inch_route import route

ORACLE = settings(max_examples=25, deadline=None, derandomize=True, database=None)


def legs(path):
    return sum(distance(a, b) for a, b in pairwise(path))


# ---- what a move costs ----


def test_a_straight_5_inch_move_costs_5_along_a_row_or_at_a_slant():
    R = reach(F, (10, 10), 6)
    assert R.clean[(15, 10)] == 5 and R.clean[(13, 14)] == 5 and R.path((13, 14)) == [(10, 10), (13, 14)]
    assert R.clean[(10, 10)] == 0  # standing still is a move too


def test_reach_is_every_free_cell_within_the_move_on_an_open_field():
    R = reach(F, (30, 15), 6)
    assert set(R.clean) == {(30 + dx, 15 + dy) for dx in range(-6, 7) for dy in range(-6, 7) if dx * dx + dy * dy <= 36}
    assert not R.piled and not R.exits


def test_a_path_around_a_wall_of_figures_costs_what_a_tape_measures_around_it_not_octile_steps():
    wall = F.mask([(12, r) for r in range(5, 16)])
    R = reach(F, (10, 10), 17, standing=wall)
    assert R.path((14, 10)) == [(10, 10), (11, 3), (13, 3), (14, 10)]
    assert R.clean[(14, 10)] == pytest.approx(2 * math.sqrt(50) + 2)  # 16.14; octile steps would give 16.83
    assert (14, 10) not in reach(F, (10, 10), 16, standing=wall).clean


# ---- contact ----


def test_a_figure_moving_next_to_an_opponent_stops_there():
    R = reach(F, (10, 10), 8, standing=F.mask([(14, 10)]))
    assert R.clean[(13, 10)] == 3
    assert R.path((16, 10)) == [(10, 10), (15, 8), (16, 10)]  # beyond it only by a path that never touches it
    assert R.clean[(16, 10)] == pytest.approx(math.sqrt(29) + math.sqrt(5))
    assert (14, 10) not in R.clean  # nobody shares a cell


def test_sliding_along_a_figure_is_contact_so_the_path_bends_clear_of_it():
    R = reach(F, (10, 12), 8, standing=F.mask([(14, 11)]))
    assert R.path((17, 12)) == [(10, 12), (13, 13), (17, 12)]
    assert R.clean[(17, 12)] == pytest.approx(math.sqrt(10) + math.sqrt(17))


def test_a_figure_that_starts_in_contact_may_slide_away_but_not_through_the_one_it_touches():
    assert reach(F, (10, 10), 8, standing=F.mask([(10, 9)])).path((14, 10)) == [(10, 10), (14, 10)]
    R = reach(F, (10, 10), 8, standing=F.mask([(11, 10)]))
    assert R.path((12, 10)) == [(10, 10), (10, 8), (13, 9), (12, 10)]  # up along it, round, back into contact


def test_passing_between_two_figures_needs_a_gap_wider_than_a_base():
    three = reach(F, (8, 10), 8, standing=F.mask([(12, 8), (12, 12)]))
    assert three.path((16, 10)) == [(8, 10), (16, 10)]
    two = reach(F, (8, 9), 10, standing=F.mask([(12, 8), (12, 11)]))
    assert two.path((16, 10)) == [(8, 9), (16, 10)]  # a 2-inch gap: threaded only at a slant
    assert two.clean[(16, 9)] > 8  # not straight along a row
    one = reach(F, (8, 9), 10, standing=F.mask([(12, 8), (12, 10)]))
    assert one.path((16, 9)) == [(8, 9), (12, 6), (16, 9)]  # a 1-inch gap: exactly a base, touching both


# ---- balls, piles, areas ----


def test_a_groundball_can_be_brushed_past_but_not_crossed_or_stood_on():
    R = reach(F, (10, 10), 8, balls=F.mask([(13, 11)]))
    assert R.path((16, 10)) == [(10, 10), (16, 10)]
    assert (13, 11) not in R.clean and R.clean[(12, 11)] == pytest.approx(math.sqrt(5))
    across = reach(F, (10, 11), 8, balls=F.mask([(13, 11)]))
    assert across.path((16, 11)) != [(10, 11), (16, 11)]


def test_reach_across_a_pile_is_listed_apart_with_the_fallen_it_crosses_and_where_a_mired_mover_falls():
    pile = F.mask([(13, r) for r in range(5, 16)])
    R = reach(F, (10, 10), 8, fallen=pile)
    assert (16, 10) not in R.clean and R.piled[(16, 10)] == 6
    crossing = R.crossing((16, 10))
    assert crossing.fallen == ((13, 9), (13, 10), (13, 11))  # touching a fallen figure's base is crossing too
    assert crossing.mired_at == (12, 10)
    assert R.clean[(12, 10)] == 2  # ending beside a fallen figure needs no roll
    with pytest.raises(KeyError):
        R.crossing((12, 10))


def test_a_cell_a_clean_path_reaches_is_never_listed_as_needing_the_pile_roll():
    R = reach(F, (10, 10), 8, fallen=F.mask([(13, 10)]))
    assert R.clean[(16, 10)] == pytest.approx(7.2111, abs=1e-4)  # round the fallen figure, with room to spare
    assert R.piled == {(17, 10): 7, (18, 10): 8}  # straight over it: round it would be too far
    assert set(R.clean).isdisjoint(R.piled)


def test_goalies_may_enter_goal_zones_and_carry_a_ball_into_a_bunker_others_may_not():
    goalie = reach(F, (1, 15), 6, area=F.playable, finish=F.bunkers[0])
    assert goalie.clean[(-2, 15)] == 3 and goalie.clean[(-4, 15)] == 5
    assert (-1, 9) not in goalie.clean  # the band beside the zone
    assert reach(F, (1, 15), 6, area=F.playable).clean.get((-4, 15)) is None  # no ball: the bunker is no place
    player = reach(F, (1, 15), 6)
    assert (-1, 15) not in player.clean


def test_a_figure_can_run_off_only_from_an_edge_cell_it_reaches_with_move_to_spare():
    R = reach(F, (1, 15), 6)
    assert set(R.exits) == {(0, 10)}  # the end line beside the zone; in front of it is the zone, not offside
    assert R.exit_towards((-1, 8)) == (0, 10)
    side = reach(F, (5, 2), 3, standing=F.mask([(7, 1)]))
    assert (5, 0) in side.exits and (6, 0) not in side.exits  # (6, 0) touches a figure: the mover stops there
    assert (5, 0) in reach(F, (5, 0), 2).exits  # it can run off from where it stands


# ---- the leg tables ----


def test_what_a_leg_touches_and_overlaps_agrees_with_the_independent_fraction_oracle():
    for dx in range(-5, 6):
        for dy in range(-5, 6):
            for fx in range(-3, 8):
                for fy in range(-3, 8):
                    if (dx, dy) == (0, 0) or (fx, fy) in ((0, 0), (dx, dy)):
                        continue
                    assert meets(fx, fy, dx, dy, True) == touches_between((0, 0), (dx, dy), (fx, fy)), (dx, dy, fx, fy)
                    assert meets(fx, fy, dx, dy, False) == overlaps((0, 0), (dx, dy), (fx, fy)), (dx, dy, fx, fy)


def test_the_leg_tables_hold_exactly_the_cells_a_leg_touches_and_overlaps():
    H = 40
    sight = Sight(H)
    for dx in range(-12, 13):
        for dy in range(-12, 13):
            if (dx, dy) == (0, 0):
                continue
            shift, touch, over = sight.patterns(dx, dy)
            xm, ym = min(0, dx) - 1, min(0, dy) - 1
            assert shift == xm * H + ym
            for fx in range(xm - 1, max(0, dx) + 3):
                for fy in range(ym, max(0, dy) + 3):
                    bit = (fx - xm) * H + (fy - ym)
                    if bit < 0:
                        continue
                    assert (touch >> bit) & 1 == meets(fx, fy, dx, dy, True), (dx, dy, fx, fy)
                    assert (over >> bit) & 1 == meets(fx, fy, dx, dy, False), (dx, dy, fx, fy)


# ---- properties and the oracle ----

SMALL = small()
field_cells = st.tuples(st.integers(0, 11), st.integers(0, 7))


@st.composite
def positions(draw):
    spots = draw(st.lists(field_cells, min_size=1, max_size=24, unique=True))
    kinds = draw(st.lists(st.sampled_from("ssssfffb"), min_size=len(spots), max_size=len(spots)))
    start, rest = spots[0], list(zip(spots[1:], kinds[1:]))
    return (start, {c for c, k in rest if k == "s"}, {c for c, k in rest if k == "f"}, {c for c, k in rest if k == "b"},
            draw(st.sampled_from([3, 4, 6, 8])), draw(st.booleans()))


def check_against_oracle(position):
    start, standing, fallen, balls, move, goalie = position
    area = SMALL.playable if goalie else SMALL.field
    R = reach(SMALL, start, move, standing=SMALL.mask(standing), fallen=SMALL.mask(fallen),
              balls=SMALL.mask(balls), area=area)
    cells = set(SMALL.cells(area))
    clean = Board(cells, start, standing, fallen, balls).shortest(move)
    assert set(R.clean) == set(clean)
    assert all(R.clean[c] == pytest.approx(clean[c][0], abs=1e-9) for c in clean)
    through = Board(cells, start, standing, fallen, balls, piles_block=False).shortest(move)
    assert set(R.piled) == set(through) - set(clean)
    assert all(R.piled[c] == pytest.approx(through[c][0], abs=1e-9) for c in R.piled)


@given(positions())
@ORACLE
def test_reach_agrees_with_the_brute_force_visibility_graph(position):
    check_against_oracle(position)


@pytest.mark.slow
@given(positions())
@settings(ORACLE, max_examples=600)
def test_reach_agrees_with_the_brute_force_visibility_graph_on_many_more_positions(position):
    check_against_oracle(position)


@given(positions())
@ORACLE
def test_every_path_is_legal_leg_by_leg_and_never_shorter_than_the_straight_line(position):
    start, standing, fallen, balls, move, goalie = position
    area = SMALL.playable if goalie else SMALL.field
    R = reach(SMALL, start, move, standing=SMALL.mask(standing), fallen=SMALL.mask(fallen),
              balls=SMALL.mask(balls), area=area)
    board = Board(set(SMALL.cells(area)), start, standing, fallen, balls)
    for cell, cost in R.clean.items():
        path = R.path(cell)
        assert cell not in standing | fallen | balls and path[0] == start and path[-1] == cell
        assert cost == pytest.approx(legs(path)) and cost >= distance(start, cell) - 1e-9 and cost <= move + 1e-9
        assert all(board.legal(a, b) for a, b in pairwise(path))
        assert not any(overlaps(a, b, c) for a, b in pairwise(path) for c in standing | fallen | balls)
        assert all(b in board.bends for b in path[1:-1])


def test_a_route_at_any_distance_is_legal_and_close_to_the_shortest():
    wall = F.mask([(12, r) for r in range(5, 16)])
    path, length = route(F, (10, 10), (14, 10), standing=wall)
    assert length == pytest.approx(legs(path)) and 2 * math.sqrt(50) + 2 - 1e-9 <= length <= 16.3
    assert route(F, (2, 2), (60, 30)) == ([(2, 2), (60, 30)], pytest.approx(math.hypot(58, 28)))
    assert route(F, (2, 2), (2, 2)) == ([(2, 2)], 0.0)


def test_a_route_may_be_asked_to_go_through_piles():
    pile = F.mask([(13, r) for r in range(0, 32)])
    assert route(F, (10, 10), (16, 10), fallen=pile) is None
    assert route(F, (10, 10), (16, 10), fallen=pile, through_piles=True) == ([(10, 10), (16, 10)], 6.0)


def test_a_route_to_a_cell_nobody_can_reach_is_none():
    ring = F.mask([(20 + dx, 10 + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy])
    assert route(F, (5, 5), (20, 10), standing=ring) is None
    assert route(F, (5, 5), (21, 10), standing=ring) is None  # a figure's own cell


def test_routes_on_a_crowded_field_match_the_exact_search_nearly_always():
    import random

    cells = F.cells(F.field)
    ratios = []
    for seed in range(8):
        rng = random.Random(seed)
        pick = rng.sample(cells, 37)
        start = pick[0]
        blockers = {"standing": F.mask(pick[1:28]), "fallen": F.mask(pick[28:34]), "balls": F.mask(pick[34:37])}
        exact = reach(F, start, 12, **blockers)
        for target in rng.sample(sorted(exact.clean), 6):
            path, length = route(F, start, target, **blockers)
            assert length >= exact.clean[target] - 1e-9 and length == pytest.approx(legs(path))
            ratios.append(length / exact.clean[target] if exact.clean[target] else 1.0)
    ratios.sort()
    assert ratios[len(ratios) // 2] == pytest.approx(1.0) and ratios[int(0.9 * len(ratios))] < 1.03
