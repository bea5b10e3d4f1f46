"""A ball moving in a straight line on the mat: what it meets first (a ball, a portal or the mat's edge),
where it comes to rest, the winged ball's pass-over and the slide back off a base it ends on.

A moving base hits the first base, portal or edge its own base would touch: the touching moment is exact
(see ``hexes.overlap_interval``), a base it touches at the start and moves away from (its bounce partner) is
not hit, and a contact at exactly the full distance still counts. Ties go to a ball before a portal before the
edge, then to the first in mapping order. The place where a ball rests is rounded to whole millimetres
backwards along its path, never onto another base and never off the mat.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Collection, Literal

from refbox.engine.geometry.hexes import (
    EPS, Base, Point, gap, minkowski, overlap, overlap_interval, side_degrees, unit,
)  # fmt: skip
from refbox.engine.geometry.mat import NO_BASES, Bases, Mat, fits, on_mat_until

TOUCH = 1e-6
"""Millimetres: how close counts as touching when naming the sides in contact."""
REACH = 1e-9
"""Millimetres: a contact this far past the full distance (float noise) still happens at the full distance."""
ROUNDING = 2.0
"""Millimetres: more than a resting place rounded to whole millimetres can stray from the exact path."""


@dataclass(frozen=True, slots=True)
class Contact:
    """What a moving ball met."""

    kind: Literal["ball", "portal", "edge", "none"]
    hit: str | None
    """The ball's or portal's id (None for the edge or nothing)."""
    travelled: float
    """How far (mm) its centre moved before touching (the whole distance when it met nothing)."""
    at: Point
    """Its centre at that moment (exact)."""
    sides: tuple[int, ...]
    """The sides of the ball or portal it touched (one, or the two beside a corner it touched)."""
    rest: tuple[int, int]
    """Where its centre comes to rest, in whole millimetres: at ``at``, rounded back along its path."""


def sweep(mat: Mat, balls: Bases, mover_id: str, degrees: float, distance: float, portals: Bases = NO_BASES,
          ignore: Collection[str] = ()) -> Contact:
    """Move ``balls[mover_id]`` up to ``distance`` mm in direction ``degrees``, flying over the balls in
    ``ignore`` (its resting place may then lie on one of them: see ``pass_over``)."""
    mover, side = balls[mover_id], mat.side
    ux, uy = unit(degrees)
    reach = 2 * side + ROUNDING  # anything nearer the path could touch the ball on it or where it rests
    best, kind, hit, target = distance, "none", None, None
    candidates = [("ball", i, b) for i, b in balls.items() if i != mover_id and i not in ignore]
    candidates += [("portal", i, p) for i, p in portals.items()]
    near = []
    for what, i, o in candidates:
        if not _near_path(o, mover, ux, uy, distance, reach):
            continue
        near.append(o)
        span = overlap_interval(mover, ux, uy, o, side)
        if span is None or span[1] <= EPS:  # never overlaps, or only behind it (a partner it leaves)
            continue
        t = max(overlap_interval(mover, ux, uy, o, side, 0.0)[0], 0.0)  # the exact touching moment
        if t < best or (kind == "none" and t <= best + REACH):
            best, kind, hit, target = t, what, i, o
    edge = on_mat_until(mat, mover, ux, uy)
    if edge < best or (kind == "none" and edge <= best + REACH):
        best, kind, hit, target = edge, "edge", None, None
    at = (mover.x + best * ux, mover.y + best * uy)
    sides = touching_sides(mover, at, target, side) if target is not None else ()
    rest = _settle(mat, mover, ux, uy, best, near)
    return Contact(kind, hit, best, at, sides, rest)


def _near_path(o: Base, mover: Base, ux: float, uy: float, distance: float, reach: float) -> bool:
    """``o``'s centre lies within ``reach`` of the rectangle swept by the mover's centre (a loose test)."""
    ox, oy = o.x - mover.x, o.y - mover.y
    along = ox * ux + oy * uy
    return -reach <= along <= distance + reach and abs(ox * uy - oy * ux) <= reach


def touching_sides(mover: Base, at: Point, target: Base, side: float) -> tuple[int, ...]:
    """The target's sides touched by ``mover`` with its centre at ``at`` (touching): the side facing a
    corner or a side of the mover, or the two sides beside a corner of the target that the mover touches.

    The touching planes of the two hexagons' Minkowski sum tell which: each plane's normal, seen from the
    target, is either one of its side normals (that side is touched) or the direction of one of its corners
    (the two sides meeting there are)."""
    k = minkowski(target.facing % 2, mover.facing % 2, side)
    ex, ey = at[0] - target.x, at[1] - target.y
    sides: set[int] = set()
    for (nx, ny, h), degrees in zip(k.planes, k.degrees):
        if nx * ex + ny * ey >= h - TOUCH:
            offset = (degrees - side_degrees(target.facing, 0)) % 60
            first = (degrees - side_degrees(target.facing, 0)) % 360 // 60
            sides.update({first} if offset == 0 else {first, (first + 1) % 6})
    return tuple(sorted(sides))


def _settle(mat: Mat, mover: Base, ux: float, uy: float, t: float, others: list[Base],
            spaced: dict[int, float] | None = None) -> tuple[int, int]:
    """A whole-millimetre place next to mover + t·u that fits (and keeps the ``spaced`` gaps: index into
    ``others`` -> least gap), preferring places not further along the path; if none of the four around it
    does, the same a millimetre further back, down to the start."""
    while t > 0:
        ex, ey = mover.x + t * ux, mover.y + t * uy
        around = sorted(_corners(ex, ey), key=lambda p: ((p[0] - ex) * ux + (p[1] - ey) * uy > EPS,
                                                         (p[0] - ex) ** 2 + (p[1] - ey) ** 2, p))
        for x, y in around:
            b = Base(x, y, mover.facing)
            if fits(mat, b, others) and _spaced(b, others, spaced, mat.side):
                return x, y
        t -= 1.0
    return mover.x, mover.y


def _corners(ex: float, ey: float) -> set[tuple[int, int]]:
    return {(x, y) for x in (math.floor(ex), math.ceil(ex)) for y in (math.floor(ey), math.ceil(ey))}


def _spaced(b: Base, others: list[Base], spaced: dict[int, float] | None, side: float) -> bool:
    return not spaced or all(gap(b, others[i], side) >= least - 1e-9 for i, least in spaced.items())


def slide_back(mat: Mat, balls: Bases, mover_id: str, degrees: float, travelled: float,
               portals: Bases = NO_BASES) -> tuple[int, int]:
    """The ball left ``balls[mover_id]`` along ``degrees`` and ended ``travelled`` mm on, overlapping a base:
    back it along its path to the farthest place where it overlaps nothing and is at least
    ``mat.clearance`` from every ball (from a ball it started closer to than that, such as its bounce
    partner, it need only not overlap). Whole millimetres; at worst its starting place."""
    mover, side = balls[mover_id], mat.side
    ux, uy = unit(degrees)
    reach = 2 * side + mat.clearance + ROUNDING
    others = [b for i, b in balls.items() if i != mover_id and _near_path(b, mover, ux, uy, travelled, reach)]
    spaced = {n: mat.clearance for n, b in enumerate(others) if gap(mover, b, side) >= mat.clearance - 1e-9}
    others += [p for p in portals.values() if _near_path(p, mover, ux, uy, travelled, reach)]
    spans = [s for s in (overlap_interval(mover, ux, uy, o, side, spaced.get(n, -EPS))
                         for n, o in enumerate(others)) if s is not None]
    return _settle(mat, mover, ux, uy, _back_out(travelled, spans), others, spaced)


def _back_out(t: float, spans: list[tuple[float, float]]) -> float:
    """The largest t' <= t inside none of the open spans."""
    moved = True
    while moved:
        moved = False
        for lo, hi in spans:
            if lo < t < hi:
                t, moved = lo, True
    return t


def pass_over(mat: Mat, balls: Bases, mover_id: str, degrees: float, distance: float,
              portals: Bases = NO_BASES) -> tuple[str | None, Contact]:
    """A winged ball flies over the first ball in its way: (the ball flown over, what it meets after), or
    (None, the plain sweep) when the first thing in its way is not a ball. Ending on the ball it flew over,
    it slides back off it."""
    first = sweep(mat, balls, mover_id, degrees, distance, portals)
    if first.kind != "ball":
        return None, first
    after = sweep(mat, balls, mover_id, degrees, distance, portals, ignore={first.hit})
    mover = balls[mover_id]
    if overlap(Base(after.rest[0], after.rest[1], mover.facing), balls[first.hit], mat.side):
        after = replace(after, rest=slide_back(mat, balls, mover_id, degrees, after.travelled, portals))
    return first.hit, after
