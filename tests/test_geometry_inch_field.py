"""The Slargeball! field as one-inch cells: its areas, contact, clusters, range, placement and start spots
(refbox.engine.geometry: inch_field, inch_setup). Moves are in test_geometry_inch_moves.py, flights and the
coach's line in test_geometry_inch_flight.py."""

from __future__ import annotations

import dataclasses
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from inch_fields import SHIPPED, F, cells_of

from refbox.engine.geometry.inch_field import Layout, bits_of, distance
from refbox.engine.geometry.inch_setup import (
    ball_spots,
    behind_line,
    coach_spot,
    goalie_spot,
    lineup,
    lineup_order,
    zone_spot,
)

PROPERTY = settings(max_examples=200, deadline=None, derandomize=True, database=None)
cells = st.tuples(st.integers(0, 63), st.integers(0, 31))


# ---- the layout ----


def test_the_field_is_64_by_32_one_inch_cells_with_a_band_around_it():
    assert len(cells_of(F, F.field)) == 64 * 32
    assert F.kind((0, 0)) == ("field", None) and F.kind((63, 31)) == ("field", None)
    assert F.kind((-1, 0)) == ("band", None) and F.kind((30, 32)) == ("band", None)
    assert F.kind((-7, 0)) == ("off", None) and not F.on_grid((64 + 6, 0))
    assert len(cells_of(F, F.grid)) == (64 + 12) * (32 + 4)


def test_each_team_has_its_goal_zone_beyond_its_own_end_line_and_its_bunker_behind_that():
    zone_a, bunker_a = cells_of(F, F.zones[0]), cells_of(F, F.bunkers[0])
    assert zone_a == {(c, r) for c in (-3, -2, -1) for r in range(10, 22)}
    assert bunker_a == {(c, r) for c in (-5, -4) for r in range(13, 19)}
    assert F.kind((64, 15)) == ("zone", 1) and F.kind((68, 15)) == ("bunker", 1)
    assert F.playable == F.field | F.zones[0] | F.zones[1]


def test_the_field_looks_the_same_to_both_teams_after_a_half_turn():
    assert F.mirror((0, 0)) == (63, 31) and F.mirror(F.mirror((5, 9))) == (5, 9)
    assert F.mirror_mask(F.zones[0]) == F.zones[1] and F.mirror_mask(F.bunkers[1]) == F.bunkers[0]


def test_a_layout_that_does_not_fit_together_is_refused_with_the_reason():
    with pytest.raises(ValueError, match="band_ends must hold the goal zone and the bunker"):
        dataclasses.replace(SHIPPED, band_ends=4)
    with pytest.raises(ValueError, match="one-cell bases"):
        dataclasses.replace(SHIPPED, base_inches=2)
    with pytest.raises(ValueError, match="no wider than its goal zone"):
        dataclasses.replace(SHIPPED, bunker_width=14)
    assert isinstance(SHIPPED, Layout)


@given(cells)
@PROPERTY
def test_cells_and_bit_indexes_are_one_to_one(cell):
    i = F.index(cell)
    assert F.cell(i) == cell and bits_of(F.bit(cell)) == [i] and F.has(F.field, cell)


# ---- distance and contact ----


def test_distances_are_what_a_tape_measures_between_cell_centres():
    assert distance((10, 10), (15, 10)) == 5
    assert distance((10, 10), (13, 14)) == 5
    assert distance((0, 0), (1, 1)) == pytest.approx(math.sqrt(2))


def test_contact_is_the_eight_cells_around_a_base():
    figures = F.mask([(10, 10), (11, 11), (9, 10), (12, 10), (10, 12), (30, 30)])
    assert cells_of(F, F.contacts((10, 10), figures)) == {(11, 11), (9, 10)}
    assert F.in_contact((10, 10), (11, 9)) and not F.in_contact((10, 10), (12, 10))
    assert not F.in_contact((10, 10), (10, 10))


def test_a_ballbonk_cluster_is_every_figure_linked_by_contact_however_far_the_chain_runs():
    chain = [(10, 10), (11, 11), (12, 12), (13, 11), (14, 10), (16, 10)]
    figures = F.mask(chain)
    assert cells_of(F, F.cluster((10, 10), figures)) == set(chain[:5])
    assert cells_of(F, F.cluster((16, 10), figures)) == {(16, 10)}
    assert cells_of(F, F.touching(F.bit((10, 10)), figures)) == {(11, 11)}


@given(st.lists(cells, min_size=1, max_size=40))
@PROPERTY
def test_a_cluster_is_closed_under_contact_and_connected(figure_cells):
    figures = F.mask(figure_cells)
    found = cells_of(F, F.cluster(figure_cells[0], figures))
    outside = set(figure_cells) - found
    assert not any(F.in_contact(a, b) for a in found for b in outside)
    reached, frontier = {figure_cells[0]}, [figure_cells[0]]
    while frontier:  # a plain breadth-first walk gives the same cluster
        here = frontier.pop()
        for other in set(figure_cells) - reached:
            if F.in_contact(here, other):
                reached.add(other)
                frontier.append(other)
    assert found == reached


def test_a_groundball_is_touched_by_the_figures_in_contact_with_its_cell():
    figures = F.mask([(20, 20), (21, 21), (22, 22), (19, 19)])
    assert cells_of(F, F.contacts((20, 21), figures)) == {(20, 20), (21, 21)}


# ---- range ----


def test_range_counts_cells_whose_centre_is_within_so_many_inches():
    near = cells_of(F, F.within((20, 10), 12))
    assert (32, 10) in near and (20, 22) in near and (29, 18) not in near  # 12; 12; sqrt(145) = 12.04
    assert all(distance((20, 10), c) <= 12 for c in near)
    assert len(near) == len({(20 + dx, 10 + dy) for dx in range(-12, 13) for dy in range(-12, 13)
                             if dx * dx + dy * dy <= 144 and F.on_grid((20 + dx, 10 + dy))})


# ---- placement ----


def test_a_woken_figure_stands_on_the_nearest_cell_clear_of_everyone():
    around = F.mask([(11, 10), (9, 9)])
    assert F.clear_spots((10, 10), around, F.field, 3) == [(9, 11)]
    assert F.clear_spots((10, 10), F.mask([(11, 10)]), F.field, 3) == [(9, 10)]
    assert F.clear_spots((20, 20), around, F.field, 3) == [(20, 20)]  # already clear: it stays


def test_a_figure_surrounded_with_no_clear_cell_in_reach_gets_no_clear_spot():
    rings = [(10 + dx, 10 + dy) for dx in range(-3, 4) for dy in range(-3, 4) if max(abs(dx), abs(dy)) in (1, 3)]
    crowd = F.mask(rings)
    assert F.clear_spots((10, 10), crowd, F.field, 3) == []
    assert F.free_spots((10, 10), crowd, F.field) == [(10, 10)]  # so it stands where it lay
    ball_drop = crowd | F.bit((10, 10))  # a ball dropped by a figure lying there goes beside it
    assert F.free_spots((10, 10), ball_drop, F.field) == [(8, 10), (10, 8), (10, 12), (12, 10)]


# ---- start spots ----


def test_balls_start_12_inches_apart_on_the_centre_column():
    assert ball_spots(F, 1) == [(32, 16)]
    assert ball_spots(F, 2) == [(32, 10), (32, 22)]
    assert ball_spots(F, 3) == [(32, 4), (32, 16), (32, 28)]
    with pytest.raises(ValueError):
        ball_spots(F, 4)


def test_goalies_start_deep_in_the_opposing_goal_zone():
    assert F.kind(goalie_spot(F, 0)) == ("zone", 1) and F.kind(goalie_spot(F, 1)) == ("zone", 0)
    assert goalie_spot(F, 1) == (-3, 15) and goalie_spot(F, 0) == F.mirror((-3, 15))
    assert zone_spot(F, 1, F.bit((-3, 15))) in {(-3, 14), (-3, 16)}


def test_coaches_wait_just_off_the_field_on_their_right_beside_their_slargeline():
    assert coach_spot(F, 0) == (15, 32) and coach_spot(F, 1) == (48, -1)
    assert F.kind(coach_spot(F, 0)) == ("band", None)


def test_the_line_up_fills_behind_the_slargeline_from_the_front_centre_out_nobody_in_contact():
    spots = lineup(F, 0, 31)
    assert spots[:3] == [(15, 16), (15, 14), (15, 18)]
    assert all(F.has(behind_line(F, 0), s) for s in spots)
    assert not any(F.in_contact(a, b) for a in spots for b in spots)
    assert lineup(F, 1, 31) == [F.mirror(s) for s in spots]


def test_at_break_play_the_line_up_keeps_clear_of_fallen_figures_and_balls():
    fallen = F.mask([(15, 15), (14, 20)])
    spots = lineup(F, 0, 6, blocked=fallen)
    assert (15, 16) not in spots and (15, 14) not in spots and (15, 20) not in spots
    assert not any(F.in_contact(s, f) for s in spots for f in F.cells(fallen))
    assert len(lineup_order(F, 0)) == 8 * 16


def test_a_crowded_line_up_fills_the_nearest_free_cells_and_a_full_one_is_refused():
    tight = dataclasses.replace(SHIPPED, slargeline=2)
    from refbox.engine.geometry.inch_field import field_of
    G = field_of(tight)
    spots = lineup(G, 0, 40)
    assert len(set(spots)) == 40 and all(G.has(behind_line(G, 0), s) for s in spots)
    with pytest.raises(ValueError, match="no room"):
        lineup(G, 0, 65)


# ---- the [field] table ----


def test_the_shipped_field_table_builds_this_field():
    from refbox.engine import registry

    data = registry.lookup("slargeball").load_data()
    assert data.field.geometry() is F and data.field.scatter_degrees == [0, 60, 120, 180, 240, 300]


def test_a_field_table_that_does_not_fit_together_is_refused_naming_the_file_and_the_reason(tmp_path):
    from refbox.engine import registry
    from refbox.engine.errors import RulesetError
    from refbox.engine.ruleset import load
    from refbox.games.slargeball.data import Data

    base = registry.rulesets_dir() / "slargeball.toml"
    broken = tmp_path / "slargeball.toml"
    broken.write_text(base.read_text().replace("bunker_width = 6 ", "bunker_width = 20 "))
    with pytest.raises(RulesetError, match="no wider than its goal zone"):
        load(Data, broken)
    broken.write_text(base.read_text().replace("scatter_degrees = [0, 60, 120, 180, 240, 300]", "scatter_degrees = [0, 180]"))
    with pytest.raises(RulesetError, match="one angle per scatter direction"):
        load(Data, broken)
    broken.write_text(base.read_text().replace("ball_spacing = 12 ", "ball_spacing = 16 "))
    with pytest.raises(RulesetError, match="3 balls 16 inches apart do not fit"):
        load(Data, broken)


def test_a_match_saved_before_the_field_existed_still_loads_without_one():
    from refbox.engine import registry
    from refbox.games.slargeball.data import Data

    raw = registry.lookup("slargeball").load_data().model_dump()
    del raw["field"]
    assert Data.model_validate(raw).field is None
