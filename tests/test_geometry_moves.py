"""Balls moving on the mat (refbox/engine/geometry/moves.py): what a ball meets first along its vector, where
it rests, the winged ball's pass-over and the slide back off a base, checked against a brute-force stepper."""

from __future__ import annotations

import math
import random

import pytest

from geometry_oracles import depth, distance, stepped_contact, touched_sides
from refbox.engine import registry
from refbox.engine.geometry.hexes import Base, gap, inradius, overlap, polygon, unit
from refbox.engine.geometry.mat import boing_directions, on_mat, problems, room
from refbox.engine.geometry.moves import pass_over, slide_back, sweep

MAT = registry.lookup("ballmonsters").load_data().mat.mat()
S = MAT.side
R2 = 2 * inradius(S)
INCH = 25.4


def test_a_ball_rolling_straight_at_another_stops_flush_against_the_side_it_hits():
    balls = {"a": Base(100, 210, 0), "b": Base(200, 210, 0)}
    hit = sweep(MAT, balls, "a", 0, 4 * INCH)
    assert (hit.kind, hit.hit, hit.sides) == ("ball", "b", (4,))
    assert hit.travelled == pytest.approx(100 - R2) and hit.at == pytest.approx((200 - R2, 210))
    assert hit.rest == (174, 210) and not overlap(Base(174, 210, 0), balls["b"], S)


def test_a_ball_that_meets_a_corner_touches_the_two_sides_beside_it():
    balls = {"a": Base(100, 210, 0), "b": Base(200, 215, 1)}  # b's corner points at a
    hit = sweep(MAT, balls, "a", 0, 200)
    assert hit.hit == "b" and hit.sides == (3, 4)


def test_a_ball_that_falls_short_rests_at_its_full_distance_and_a_touch_at_the_very_end_counts():
    balls = {"a": Base(100, 210, 0), "b": Base(200, 210, 0)}
    short = sweep(MAT, balls, "a", 0, 2 * INCH)
    assert (short.kind, short.travelled, short.rest) == ("none", 2 * INCH, (150, 210))  # 150.8, rounded back
    assert sweep(MAT, balls, "a", 0, 100 - R2).kind == "ball"


def test_the_first_of_two_balls_in_the_way_is_hit_and_a_ball_beside_the_path_is_not():
    balls = {"a": Base(100, 210, 0), "far": Base(300, 210, 0), "near": Base(200, 215, 0),
             "beside": Base(150, 240, 0)}  # 0.02 mm clear of the path
    assert sweep(MAT, balls, "a", 0, 500).hit == "near"
    assert sweep(MAT, balls, "a", 0, 500, ignore={"near"}).hit == "far"


def test_a_ball_that_reaches_the_mats_edge_collides_with_it_resting_on_the_mat():
    balls = {"a": Base(100, 210, 0)}
    out = sweep(MAT, balls, "a", 180, 200)
    assert (out.kind, out.travelled, out.rest) == ("edge", pytest.approx(100 - inradius(S)), (13, 210))
    corner = sweep(MAT, balls, "a", 225, 500)
    assert corner.kind == "edge" and on_mat(MAT, Base(*corner.rest, 0))


def test_a_ball_that_touches_a_portal_is_in_it():
    balls = {"a": Base(100, 210, 0), "b": Base(300, 210, 0)}
    out = sweep(MAT, balls, "a", 0, 500, portals={"p1": Base(200, 210, 1)})
    assert (out.kind, out.hit) == ("portal", "p1")


@pytest.mark.parametrize("vector", [0, 1, 2])
@pytest.mark.parametrize("k", range(6))
def test_the_two_balls_of_a_boing_fly_apart_and_never_hit_each_other(vector, k):
    target = Base(300, 200, 1)
    x, y = room(MAT, target, k, [target])
    balls = {"t": target, "a": Base(x, y, target.facing)}
    t_way, a_way = boing_directions(MAT, target, k, vector)
    assert sweep(MAT, balls, "t", t_way, 3 * INCH).kind == "none"
    assert sweep(MAT, balls, "a", a_way, 3 * INCH).kind == "none"


def test_a_winged_ball_flies_over_the_first_ball_and_hits_the_next():
    balls = {"a": Base(100, 210, 0), "b": Base(200, 210, 0), "c": Base(300, 215, 1)}
    over, then = pass_over(MAT, balls, "a", 0, 300)
    assert over == "b" and (then.kind, then.hit) == ("ball", "c")


def test_a_winged_ball_ending_on_the_ball_it_flew_over_slides_back_a_millimetre_clear():
    balls = {"a": Base(100, 210, 0), "b": Base(200, 210, 0)}
    over, then = pass_over(MAT, balls, "a", 0, 110)  # would end at x = 210, on b
    assert over == "b" and then.kind == "none"
    assert then.rest == (173, 210) and 1 <= gap(Base(173, 210, 0), balls["b"], S) < 2


def test_sliding_back_keeps_a_millimetre_from_every_ball_but_need_not_leave_its_partner():
    partner = Base(100, 210, 0)
    balls = {"p": partner, "a": Base(126, 210, 0), "x": Base(200, 210, 0), "side": Base(160, 237, 1)}
    x, y = slide_back(MAT, balls, "a", 0, 80)  # ended on x at 206; "side" lies just above the path
    placed = Base(x, y, 0)
    assert problems(MAT, balls | {"a": placed}) == []
    assert gap(placed, balls["x"], S) >= 1 and gap(placed, balls["side"], S) >= 1
    blocked = {"p": partner, "a": Base(126, 210, 0), "x": Base(153, 210, 0)}  # 1.02 mm ahead of a
    assert slide_back(MAT, blocked, "a", 0, 20) == (126, 210)  # backs all the way to where it started


def sweep_scenes(count: int):
    """Seeded scenes: a ball, a direction and a reach, with balls dropped near its path and anywhere."""
    rng, out = random.Random(7), []
    while len(out) < count:
        mover = Base(rng.randrange(150, 450), rng.randrange(120, 300), rng.randrange(12))
        degrees, reach = rng.uniform(0, 360), rng.uniform(10, 150)
        ux, uy = unit(degrees)
        others: dict[str, Base] = {}
        for n in range(rng.randrange(3, 8)):
            if n % 4:
                o = Base(rng.randrange(20, 574), rng.randrange(20, 400), rng.randrange(12))
            else:
                t = rng.uniform(30, 2 * reach + 30)
                o = Base(round(mover.x + t * ux) + rng.randrange(-25, 26),
                         round(mover.y + t * uy) + rng.randrange(-25, 26), rng.randrange(12))
            if on_mat(MAT, o) and all(depth(polygon(o, S), polygon(p, S)) <= 0 for p in [mover, *others.values()]):
                others[f"b{n}"] = o
        out.append((mover, others, degrees, reach))
    return out


SWEEPS = sweep_scenes(30)


def test_the_sampled_sweeps_hit_balls_and_edges_and_miss():
    kinds = [sweep(MAT, {"m": m, **o}, "m", d, r).kind for m, o, d, r in SWEEPS]
    assert kinds.count("ball") >= 10 and kinds.count("none") >= 3


@pytest.mark.parametrize("mover, others, degrees, reach", SWEEPS)
def test_the_first_contact_agrees_with_a_brute_force_stepper(mover, others, degrees, reach):
    """Stepping the base 0.01 mm at a time: it first overlaps a base just after the exact contact, never
    before; at the exact contact it touches the sides named; the resting place overlaps nobody and lies on
    the mat."""
    balls = {"m": mover, **others}
    out = sweep(MAT, balls, "m", degrees, reach)
    ux, uy = unit(degrees)
    if out.kind in ("ball", "none"):
        stepped = stepped_contact(polygon(mover, S), [polygon(o, S) for o in others.values()], ux, uy,
                                  out.travelled + 0.05)
        if out.kind == "ball":
            assert stepped is not None and out.travelled <= stepped <= out.travelled + 0.02
            here = [(x + out.travelled * ux, y + out.travelled * uy) for x, y in polygon(mover, S)]
            assert distance(here, polygon(others[out.hit], S)) < 1e-6
            assert out.sides == touched_sides(here, polygon(others[out.hit], S))
        else:
            assert stepped is None or stepped > out.travelled
    rested = Base(*out.rest, mover.facing)
    assert problems(MAT, {**others, "m": rested}) == []
    assert math.dist(out.rest, out.at) < 2 or out.rest == (mover.x, mover.y)
