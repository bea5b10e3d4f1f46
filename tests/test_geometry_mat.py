"""The Ballmonsters! mat as exact geometry (refbox/engine/geometry): the layout, the conventions, overlaps and
gaps, line of sight, facing edges and room, shots, boings, spots and putting balls back. Moving balls are in
test_geometry_moves.py, random layouts in test_geometry_properties.py."""

from __future__ import annotations

import math
import random

import pytest

from geometry_oracles import depth, distance, outside_by, sampled_sight, segment_enters
from refbox.engine import registry
from refbox.engine.geometry.hexes import (
    BITEY_SIDES, Base, gap, inradius, is_bitey, overlap, polygon, side_degrees, unit,
)  # fmt: skip
from refbox.engine.geometry.mat import (
    adjacent, boing_directions, contact_facing, covered, facing_edges, free_spots, landing_spots, neighbours,
    place_near,
    problems, room, shot_distance, shot_targets, spot_facings,
)  # fmt: skip
from refbox.engine.geometry.sight import line_of_sight

MAT = registry.lookup("ballmonsters").load_data().mat.mat()
S = MAT.side
R2 = 2 * inradius(S)
"""Centre to centre of two bases lying flush side to side: 25.98 mm."""


# ---- the layout ----


def test_the_book_mat_is_a2_with_sixteen_centre_spots_three_inches_apart():
    assert (MAT.width, MAT.height) == (594, 420)
    assert sorted({s.x for s in MAT.spots}) == [183, 259, 335, 411]  # 3" = 76.2 mm, rounded; centred on 297
    assert sorted({s.y for s in MAT.spots}) == [96, 172, 248, 324]  # centred on 210
    assert len(MAT.spots) == 16 and MAT.spots[0] == Base(183, 96, 0)


def test_each_spot_is_turned_30_degrees_from_its_neighbours():
    at = {(s.x, s.y): s.facing for s in MAT.spots}
    for (x, y), facing in at.items():
        for nx, ny in ((x + 76, y), (x, y + 76)):
            if (nx, ny) in at:
                assert at[(nx, ny)] == 1 - facing  # facing 0 and 1 differ by one 30-degree step


def test_the_monsterball_spots_are_three_inches_from_the_short_sides_with_a_face_to_the_centre():
    left, right = MAT.monster_spots
    assert (left.x, left.y, right.x, right.y) == (76, 210, 518, 210)
    for spot in (left, right):
        assert {0, 180} <= {side_degrees(spot.facing, k) for k in range(6)}  # flat sides face along x


def test_every_spot_lies_on_the_mat_and_no_two_overlap():
    assert problems(MAT, {f"s{i}": s for i, s in enumerate(MAT.spots + MAT.monster_spots)}) == []


# ---- the conventions ----


def test_a_facing_points_through_the_middle_bitey_side():
    ball = Base(100, 100, 3)  # front at 90 degrees: up
    assert side_degrees(ball.facing, 1) == 90 and side_degrees(ball.facing, 4) == 270
    assert BITEY_SIDES == (0, 1, 2) and [is_bitey(k) for k in range(6)] == [True] * 3 + [False] * 3
    corners = polygon(ball, S)
    mid = ((corners[1][0] + corners[2][0]) / 2, (corners[1][1] + corners[2][1]) / 2)
    assert mid == pytest.approx((100, 100 + inradius(S)))  # side 1 runs from corner 1 to corner 2
    assert all(math.dist(c, (100, 100)) == pytest.approx(S) for c in corners)


def test_a_base_sits_at_whole_millimetres_with_a_facing_of_0_to_11():
    for bad in ((1.5, 0, 0), (0, 0, 12), (0, 0, -1), (True, 0, 0)):
        with pytest.raises(ValueError):
            Base(*bad)


@pytest.mark.parametrize("k", range(6))
@pytest.mark.parametrize("mine", range(6))
def test_a_ball_hitting_a_side_may_lay_any_of_its_own_sides_flush_against_it(k, mine):
    target = Base(200, 200, 5)
    facing = contact_facing(target, k, mine)
    assert (side_degrees(facing, mine) - side_degrees(target.facing, k)) % 360 == 180


# ---- overlap, gap, adjacency ----


def test_two_bases_side_by_side_touch_at_26_mm_and_overlap_at_25():
    a = Base(100, 100, 0)
    assert not overlap(a, Base(126, 100, 0), S) and overlap(a, Base(125, 100, 0), S)
    assert gap(a, Base(126, 100, 0), S) == pytest.approx(26 - R2)
    assert adjacent(MAT, a, Base(126, 100, 0)) and not adjacent(MAT, a, Base(127, 100, 0))


@pytest.mark.parametrize("fa, fb", [(0, 0), (0, 1), (1, 1), (4, 7)])
def test_overlap_and_gap_agree_with_a_brute_force_polygon_check(fa, fb):
    a = Base(0, 0, fa)
    for dx in range(-32, 33, 1):
        for dy in range(-32, 33, 3):
            b = Base(dx, dy, fb)
            pa, pb = polygon(a, S), polygon(b, S)
            assert overlap(a, b, S) == (depth(pa, pb) > 1e-6), (dx, dy)
            assert gap(a, b, S) == pytest.approx(distance(pa, pb), abs=1e-9), (dx, dy)


def test_neighbours_are_the_bases_less_than_a_millimetre_away():
    balls = {"a": Base(100, 100, 0), "b": Base(126, 100, 0), "c": Base(100, 128, 1), "d": Base(60, 100, 0)}
    assert gap(balls["a"], balls["c"], S) == pytest.approx(28 - S - inradius(S))  # a corner under a flat side
    assert neighbours(MAT, balls, "a") == ["b", "c"]


# ---- line of sight ----


def test_a_ball_behind_another_has_no_line_of_sight_to_it():
    shooter, target = Base(100, 200, 1), Base(200, 200, 1)  # flat tops: 26 mm tall
    blocker = Base(150, 200, 0)  # pointy top: 30 mm tall, taller than the corridor between them
    assert line_of_sight(shooter, target, [blocker], S) is None
    assert line_of_sight(target, shooter, [blocker], S) is None


def test_a_ball_partly_hidden_is_seen_past_the_side_of_the_one_in_front():
    shooter, target, blocker = Base(100, 200, 1), Base(200, 200, 1), Base(150, 215, 0)
    seen = line_of_sight(shooter, target, [blocker], S)
    assert seen is not None
    p, q = seen
    assert not segment_enters(p, q, polygon(blocker, S), 1e-5)


def test_a_line_of_sight_may_graze_a_corner_or_slip_through_a_narrow_gap():
    shooter, target = Base(100, 200, 0), Base(200, 200, 0)
    assert line_of_sight(shooter, target, [Base(150, 200, 0)], S) is not None  # along the corners at y = 185
    pair = [Base(150, 213, 1), Base(150, 187, 1)]  # 0.02 mm apart around y = 200
    assert line_of_sight(shooter, target, pair, S) is not None
    low, high = Base(100, 215, 1), Base(200, 215, 1)
    corners_touch = [Base(150, 200, 0), Base(150, 230, 0)]  # a wall with one point where two corners meet
    p, q = line_of_sight(low, high, corners_touch, S)
    assert all(not segment_enters(p, q, polygon(o, S), 1e-5) for o in corners_touch)


def test_bases_that_touch_always_see_each_other():
    a, b = Base(100, 100, 0), Base(126, 100, 0)
    assert line_of_sight(a, b, [Base(113, 125, 0), Base(113, 75, 0)], S) is not None


def crowded_scenes(count: int) -> list[tuple[Base, Base, list[Base]]]:
    """Seeded scenes: two balls with others dropped near the line between them (no overlaps)."""
    rng, scenes = random.Random(37), []
    while len(scenes) < count:
        a = Base(100, 200, rng.randrange(12))
        b = Base(100 + rng.randrange(55, 110), 200 + rng.randrange(-25, 26), rng.randrange(12))
        placed = [a, b]
        for _ in range(rng.randrange(4, 9)):
            t = rng.uniform(0.35, 0.65)
            o = Base(round(a.x + t * (b.x - a.x)) + rng.randrange(-12, 13),
                     round(a.y + t * (b.y - a.y)) + rng.randrange(-20, 21), rng.randrange(12))
            if all(depth(polygon(o, S), polygon(p, S)) <= 0 for p in placed):
                placed.append(o)
        if len(placed) > 2 and depth(polygon(a, S), polygon(b, S)) <= 0:
            scenes.append((a, b, placed[2:]))
    return scenes


SCENES = crowded_scenes(40)


def test_the_sampled_scenes_hold_both_hidden_and_visible_targets():
    seen = [line_of_sight(a, b, others, S) is not None for a, b, others in SCENES]
    assert 5 <= sum(seen) <= 35


@pytest.mark.parametrize("a, b, others", SCENES)
def test_line_of_sight_agrees_with_a_brute_force_sampler(a, b, others):
    """Whenever sampling finds a clear segment, the exact test finds one; its own witness is always clear."""
    found = line_of_sight(a, b, others, S)
    sampled = sampled_sight(polygon(a, S), polygon(b, S), [polygon(o, S) for o in others], per_side=10)
    if sampled is not None:
        assert found is not None
    if found is not None:
        p, q = found
        assert all(not segment_enters(p, q, polygon(o, S), 1e-5) for o in others)
        assert not segment_enters(p, q, polygon(a, S), 1e-5) and not segment_enters(p, q, polygon(b, S), 1e-5)
        assert outside_by(p, polygon(a, S)) < 1e-5 and outside_by(q, polygon(b, S)) < 1e-5


# ---- facing edges and room ----


def test_the_facing_edges_are_the_three_sides_nearest_the_active_ball():
    target = Base(300, 200, 0)  # side 1 faces +x
    assert facing_edges(target, Base(400, 200, 0)) == (0, 1, 2)
    assert facing_edges(target, Base(200, 200, 0)) == (3, 4, 5)
    assert facing_edges(target, Base(300, 300, 0)) == (1, 2, 3, 4)  # in line with a corner: two tie for third


@pytest.mark.parametrize("k", range(6))
def test_a_ball_placed_against_a_facing_edge_touches_it_and_overlaps_nobody(k):
    target = Base(300, 200, 1)
    x, y = room(MAT, target, k, [target])
    placed = Base(x, y, contact_facing(target, k, 4))
    assert not overlap(placed, target, S) and gap(placed, target, S) < 0.5
    nx, ny = unit(side_degrees(target.facing, k))
    sideways = (x - target.x) * -ny + (y - target.y) * nx
    assert abs(sideways) < 1  # centred on the edge


def test_no_room_where_a_ball_a_portal_or_the_edge_of_the_mat_is_in_the_way():
    target = Base(300, 200, 0)
    assert room(MAT, target, 1, [target, Base(330, 200, 0)]) is None  # a ball in the way
    assert room(MAT, target, 1, [target, Base(352, 200, 0)]) is not None  # just clear
    assert room(MAT, target, 4, [target, Base(250, 200, 0)]) is None  # a portal is a base too
    at_edge = Base(20, 200, 0)
    assert room(MAT, at_edge, 4, [at_edge]) is None and room(MAT, at_edge, 1, [at_edge]) is not None


def test_a_shot_offers_only_targets_in_sight_with_room_by_a_facing_edge():
    balls = {"mb": Base(100, 200, 1), "hidden": Base(200, 200, 1), "front": Base(150, 200, 0),
             "boxed": Base(150, 320, 0), "free": Base(300, 100, 2)}
    for n, (dx, dy) in enumerate(((-26, 0), (-13, -23), (13, -23))):
        balls[f"wall{n}"] = Base(150 + dx, 320 + dy, 0)  # fills boxed's three facing edges
    targets = shot_targets(MAT, balls, "mb")
    assert "hidden" not in targets and "boxed" not in targets and "mb" not in targets
    assert set(targets["front"]) == set(facing_edges(balls["front"], balls["mb"]))
    assert set(targets["free"]) == set(facing_edges(balls["free"], balls["mb"]))


def test_a_portal_does_not_block_the_line_but_leaves_no_room_on_it():
    balls = {"mb": Base(100, 200, 1), "t": Base(200, 200, 1)}
    assert facing_edges(balls["t"], balls["mb"]) == (2, 3, 4, 5)  # mb is in line with t's corner
    assert "t" not in shot_targets(MAT, balls | {"ball": Base(150, 200, 0)}, "mb")  # the ball hides it
    assert set(shot_targets(MAT, balls, "mb", {"p": Base(150, 200, 0)})["t"]) == {2, 3, 4, 5}  # a portal does not
    assert set(shot_targets(MAT, balls, "mb", {"p": Base(170, 200, 1)})["t"]) == {2, 5}  # 3 and 4 are on it


def test_a_shot_is_measured_straight_from_where_it_started_to_where_it_touches():
    assert shot_distance(Base(100, 100, 0), 130, 140) == 50


# ---- boing ----


def test_vector_a_sends_the_target_straight_away_and_the_active_ball_the_opposite_way():
    target = Base(300, 200, 0)  # hit on side 4, which faces -x: the active ball is to its left
    assert boing_directions(MAT, target, 4, 0) == (0, 180)
    assert boing_directions(MAT, target, 4, 1) == (45, 225)  # B: 45 degrees counter-clockwise
    assert boing_directions(MAT, target, 4, 2) == (315, 135)  # C: 45 degrees clockwise


# ---- spots and putting balls back ----


def test_a_spot_is_occupied_when_any_part_of_it_is_covered_but_not_when_only_touched():
    spot = MAT.spots[0]  # (183, 96), flat sides left and right
    assert covered(spot, [Base(208, 96, 0)], S)  # 1 mm over its right side
    assert not covered(spot, [Base(209, 96, 0)], S)  # beside it
    assert spot_facings(spot) == (0, 2, 4, 6, 8, 10) and spot_facings(MAT.spots[1]) == (1, 3, 5, 7, 9, 11)


def test_a_portal_goes_on_a_centre_spot_no_base_covers():
    taken = [Base(183, 96, 0), Base(260, 96, 1), Base(335, 130, 4)]  # on spot 0, over spot 1, between spots
    assert free_spots(MAT.spots, taken, S) == MAT.spots[2:]


def test_a_ball_off_the_edge_lands_on_a_free_centre_spot_then_a_monsterball_spot_then_nowhere():
    ball = Base(30, 30, 5)
    some = [Base(s.x, s.y, s.facing) for s in MAT.spots[:15]]
    assert landing_spots(MAT, ball, some) == (Base(MAT.spots[15].x, MAT.spots[15].y, 5),)
    full = [Base(s.x, s.y, s.facing) for s in MAT.spots]
    assert landing_spots(MAT, ball, full) == tuple(Base(s.x, s.y, 5) for s in MAT.monster_spots)
    full += [Base(s.x + 1, s.y, s.facing) for s in MAT.monster_spots]  # slightly off the spot still covers it
    assert landing_spots(MAT, ball, full) == ()


def test_a_reinflated_ball_returns_to_its_place_or_the_nearest_place_it_fits():
    token = Base(300, 200, 2)
    assert place_near(MAT, token, [Base(330, 200, 0)]) == token
    moved = place_near(MAT, token, [Base(310, 200, 0)])
    assert moved is not None and not overlap(moved, Base(310, 200, 0), S) and moved.facing == 2
    assert math.dist((moved.x, moved.y), (300, 200)) < 18  # pushed out to the left (16 mm), the nearest way
    corner = Base(13, 15, 0)
    assert place_near(MAT, corner, [Base(20, 20, 1)]) is not None
