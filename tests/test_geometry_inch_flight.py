"""Straight lines on the inch field (refbox.engine.geometry.inch_flight): fling range, scatter and where a ball
comes down, the coach's direct line and the corridor his walk-by whaps reach."""

from __future__ import annotations

import dataclasses
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from inch_fields import SHIPPED, F, cells_of

from refbox.engine.geometry.inch_field import distance, field_of
from refbox.engine.geometry.inch_flight import (
    attack_direction,
    bunker_in_range,
    coach_return,
    coach_run,
    corridor,
    fling_targets,
    in_range,
    scatter,
    scatter_face,
)
from refbox.engine.geometry.inch_setup import coach_spot

PROPERTY = settings(max_examples=150, deadline=None, derandomize=True, database=None)


# ---- range ----


def test_a_fling_4_figure_reaches_12_inches_centre_to_centre_zones_and_bunkers_included():
    targets = cells_of(F, fling_targets(F, (20, 10), 12))
    assert (32, 10) in targets and (20, 22) in targets  # 12 inches along and across
    assert (29, 18) not in targets  # sqrt(145) = 12.04 inches
    assert (20, 10) not in targets  # not at its own cell
    near_goal = cells_of(F, fling_targets(F, (3, 15), 12))
    assert (-2, 15) in near_goal and (-4, 15) in near_goal and (-1, 5) not in near_goal  # zone, bunker; not band


def test_the_goal_is_in_range_when_any_cell_of_the_bunker_is():
    assert bunker_in_range(F, (10, 15), 0, 12) == []  # the bunker's front is 14 inches away
    assert bunker_in_range(F, (7, 15), 0, 12)[0] == (-4, 15)
    assert all(in_range((7, 15), c, 12) for c in bunker_in_range(F, (7, 15), 0, 12))


# ---- scatter ----


def test_a_scatter_goes_from_the_aim_in_the_die_faces_direction_turned_from_straight_on():
    aim, flight = (40, 16), (1, 0)  # flung from the left, towards the right
    assert scatter_face(F, aim, flight, 1, 5).cell == (45, 16)  # straight on, past the aim
    assert scatter_face(F, aim, flight, 4, 3).cell == (37, 16)  # straight back, towards the flinger
    assert scatter_face(F, aim, flight, 2, 3).cell == (42, 19)  # ahead and to the right (down the screen)
    assert scatter_face(F, aim, flight, 6, 3).cell == (42, 13)  # ahead and to the left
    assert scatter_face(F, aim, flight, 3, 3).cell == (38, 19)  # back and to the right
    assert scatter_face(F, aim, flight, 5, 3).cell == (38, 13)


def test_a_ball_coming_down_on_a_cell_edge_goes_to_the_cell_farther_from_the_aim():
    landing = scatter(F, (40, 16), (1, 0), 60, 3)  # 1.5 inches along, 2.6 across
    assert landing.point == pytest.approx((41.5, 16 + 3 * math.sin(math.radians(60))))
    assert landing.cell == (42, 19)
    assert scatter(F, (40, 16), (-1, 0), 60, 3).cell == (38, 13)  # the same fling from the other side, mirrored


@given(st.tuples(st.integers(0, 63), st.integers(0, 31)), st.integers(1, 6), st.integers(1, 12),
       st.sampled_from([(1, 0), (-1, 0), (3, 4), (-5, 2)]))
@PROPERTY
def test_a_scatter_lands_within_half_a_cell_of_the_point_it_flew_to_in_each_direction(aim, face, inches, flight):
    landing = scatter_face(F, aim, flight, face, inches)
    px, py = landing.point
    assert abs(landing.cell[0] - px) <= 0.5 + 1e-9 and abs(landing.cell[1] - py) <= 0.5 + 1e-9
    assert math.hypot(px - aim[0], py - aim[1]) == pytest.approx(inches)


def test_where_a_ball_comes_down_field_zone_bunker_band_or_beyond():
    aim = (60, 16)
    kinds = [scatter_face(F, aim, (1, 0), 1, d).kind for d in (2, 6, 8, 9, 12)]
    assert kinds == ["field", "zone", "bunker", "band", "off"]  # behind the bunker is off the field too
    assert scatter_face(F, aim, (1, 0), 1, 8).team == 1  # team 1's bunker: a goal for team 0
    assert scatter_face(F, (30, 2), (0, -1), 1, 4).kind == "band"  # over the sideline: off the field


def test_a_scatter_needs_a_direction_and_a_real_face():
    with pytest.raises(ValueError, match="reference direction"):
        scatter(F, (10, 10), (0, 0), 60, 3)
    with pytest.raises(ValueError, match="1 to 6"):
        scatter_face(F, (10, 10), (1, 0), 7, 3)
    assert attack_direction(0) == (1.0, 0.0) and attack_direction(1) == (-1.0, 0.0)


# ---- the coach ----


def test_the_coach_storms_16_inches_straight_at_his_target_and_stops_in_contact_with_it():
    start, target = coach_spot(F, 0), (30, 20)
    first = coach_run(F, start, target, 16, 2, occupied=F.bit(target))
    assert first.end == (27, 22) and not first.arrived and first.travelled <= 16
    second = coach_run(F, first.end, target, 16, 2, occupied=F.bit(target))
    assert second.end == (29, 21) and second.arrived  # where his line first touches the target's base
    assert coach_run(F, second.end, target, 16, 2, occupied=F.bit(target)).travelled == 0


def test_the_coach_never_ends_more_than_16_inches_from_where_he_started():
    """Rounding the end of his run (or the point where he meets his target) to a cell may pick a cell whose
    centre lies just past 16 inches: never his."""
    started = [(10, 10), (-2, 20), (5, 3), (30, 15)]
    runs = [coach_run(F, s, t, 16, 2, occupied=F.bit(t)) for s in started
            for t in ((x, y) for x in range(-4, 64) for y in range(32)) if t != s]
    assert max(run.travelled for run in runs) <= 16
    run = coach_run(F, (10, 10), (27, 11), 16, 2, occupied=F.bit((27, 11)))
    assert run.end == (26, 10) and run.arrived  # (26, 11), nearer his line, is 16.03 inches away


def test_the_coach_ploughs_through_standing_figures_and_stands_on_a_free_cell():
    target, blocker = (30, 10), (22, 10)
    run = coach_run(F, (10, 10), target, 16, 2, occupied=F.mask([target, blocker, (26, 10)]))
    assert run.end == (25, 10) and not run.arrived  # 16 inches would be (26, 10): taken, so one back
    assert F.has(run.corridor, blocker)


def test_a_layout_can_make_the_coach_stop_on_meeting_anyone():
    G = field_of(dataclasses.replace(SHIPPED, coach_through_figures=False))
    blocker = G.mask([(22, 10)])
    run = coach_run(G, (10, 10), (30, 10), 16, 2, occupied=blocker | G.bit((30, 10)), standing=blocker)
    assert run.end == (21, 10) and not run.arrived


def test_the_walk_by_corridor_is_every_cell_with_any_part_of_its_base_within_2_inches_of_his_line():
    lane = cells_of(F, corridor(F, (10, 10), (20, 10), 2))
    assert {(15, 12), (15, 8), (22, 10), (21, 12), (10, 10), (20, 10)} <= lane
    assert not {(15, 13), (23, 10), (22, 12)} & lane  # 2.5, 2.5 and 2.12 inches away
    run = coach_run(F, (10, 10), (16, 10), 16, 2, occupied=F.bit((16, 10)))
    assert run.arrived and F.has(run.corridor, (16, 10))  # his target is in his corridor: the rules decide


def test_the_coach_heads_straight_back_to_his_spot():
    spot = coach_spot(F, 0)
    back = coach_return(F, (40, 5), spot, 16, 2, occupied=0)
    assert not back.arrived and distance(back.end, spot) == pytest.approx(distance((40, 5), spot) - 16, abs=0.8)
    home = coach_return(F, back.end, spot, 16, 2, occupied=0)
    home = home if home.arrived else coach_return(F, home.end, spot, 16, 2, occupied=0)
    assert home.arrived and home.end == spot


@given(st.tuples(st.integers(-3, 66), st.integers(-2, 33)), st.tuples(st.integers(-3, 66), st.integers(-2, 33)),
       st.sampled_from([0, 1, 2, 2.5]))
@PROPERTY
def test_the_corridor_is_exactly_the_cells_a_cell_by_cell_measure_finds(a, b, reach):
    from refbox.engine.geometry.inch_flight import _segment_to_square

    box = [(c, r) for c in range(min(a[0], b[0]) - 4, max(a[0], b[0]) + 5)
           for r in range(min(a[1], b[1]) - 4, max(a[1], b[1]) + 5)]
    brute = {cell for cell in box if F.on_grid(cell) and _segment_to_square(a, b, cell) <= reach + 1e-9}
    assert cells_of(F, corridor(F, a, b, reach)) == brute


@given(st.tuples(st.integers(0, 12), st.integers(0, 12)), st.tuples(st.integers(0, 12), st.integers(0, 12)),
       st.tuples(st.integers(0, 12), st.integers(0, 12)))
@PROPERTY
def test_the_distance_from_a_line_to_a_base_is_what_dense_sampling_approaches(a, b, cell):
    from refbox.engine.geometry.inch_flight import _segment_to_square

    n = 120
    line = [(a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n) for i in range(n + 1)]
    edge = [(cell[0] - 0.5 + i / n, cell[1] + s) for i in range(n + 1) for s in (-0.5, 0.5)]
    edge += [(cell[0] + s, cell[1] - 0.5 + i / n) for i in range(n + 1) for s in (-0.5, 0.5)]
    inside = any(abs(x - cell[0]) <= 0.5 and abs(y - cell[1]) <= 0.5 for x, y in line)
    sampled = 0.0 if inside else min(math.dist(p, q) for p in line for q in edge)
    exact = _segment_to_square(a, b, cell)
    assert exact <= sampled + 1e-9 and (inside or exact >= sampled - 0.15)
