"""The Ballmonsters! playmat: its size and spots, and the questions a shot asks of it (which balls can be
targeted, which facing edges have room, where the active ball sits on contact, where a ball may be put back).

Conventions are those of ``hexes`` (x along the long side, y up, millimetres, facings in 30-degree steps, side
k's normal at 30·facing + 60·(k - 1)). A ball, a portal and a spot are all ``Base`` values; balls and portals
are passed as mappings from an id to their base. Moving bases (sweeps, slide-back) are in ``moves``.

The layout follows the text: a centred square grid of ``cells`` x ``cells`` cells whose corners are the
centre-zone spots (4 x 4 = 16 on the book's 9-inch grid of 3 x 3), each spot's hexagon turned 30 degrees from
its neighbours' (the lower left one, the first, is class 0: flat sides to the left and right), and one
monsterball spot on the middle line at a given distance from each short side, class 0 so that a flat side
faces the centre. Spot centres are rounded to whole millimetres.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from types import MappingProxyType
from typing import Iterable, Mapping

from refbox.engine.geometry.hexes import (
    EPS, SIDES, STEP_DEGREES, Base, Point, facing_of, gap, half_extents, inradius, overlap, overlap_interval,
    side_degrees, side_unit, unit,
)  # fmt: skip
from refbox.engine.geometry.sight import line_of_sight

INCH_MM = 25.4
Bases = Mapping[str, Base]
NO_BASES: Bases = MappingProxyType({})
"""No portals (a default that cannot be changed by accident)."""


@dataclass(frozen=True, slots=True)
class Mat:
    """The mat and the numbers its geometry needs (built from the ruleset's ``[mat]`` table)."""

    width: int
    """Millimetres along x (the long side)."""
    height: int
    side: float = 15.0
    """Every base and portal is a regular hexagon with sides this long (mm)."""
    spots: tuple[Base, ...] = ()
    """The centre-zone (miniball starting) spots, lower left first, row by row; facing 0 or 1 is the
    orientation of the hexagon drawn there."""
    monster_spots: tuple[Base, ...] = ()
    adjacent: float = 1.0
    """Two bases closer than this (mm) are adjacent."""
    clearance: float = 1.0
    """A ball sliding back off another ends at least this far (mm) from every ball."""
    boing_degrees: tuple[float, ...] = (0.0, 45.0, -45.0)
    """Boing vectors A, B, C...: degrees counter-clockwise from straight on (the target's way)."""


def whole_mm(v: float) -> int:
    """Rounds half up, the same on every machine."""
    return math.floor(v + 0.5)


def build_mat(width: int, height: int, side: float, grid_inches: float, cells: int, monster_inches: float,
              adjacent: float = 1.0, clearance: float = 1.0,
              boing_degrees: Iterable[float] = (0.0, 45.0, -45.0)) -> Mat:
    """The mat of the text; ValueError if a spot would not lie on the mat or spots would overlap."""
    grid = grid_inches * INCH_MM
    x0, y0, step = (width - grid) / 2, (height - grid) / 2, grid / cells
    spots = tuple(Base(whole_mm(x0 + i * step), whole_mm(y0 + j * step), (i + j) % 2)
                  for j in range(cells + 1) for i in range(cells + 1))
    edge = whole_mm(monster_inches * INCH_MM)
    middle = whole_mm(height / 2)
    monster = (Base(edge, middle, 0), Base(width - edge, middle, 0))
    mat = Mat(width, height, float(side), spots, monster, float(adjacent), float(clearance),
              tuple(float(d) for d in boing_degrees))
    every = spots + monster
    for s in every:
        if not on_mat(mat, s):
            raise ValueError(f"the spot at ({s.x}, {s.y}) mm does not lie wholly on a {width} x {height} mm mat")
    for i, s in enumerate(every):
        for t in every[i + 1:]:
            if overlap(s, t, mat.side) or gap(s, t, mat.side) < 2 * side:
                raise ValueError(f"the spots at ({s.x}, {s.y}) and ({t.x}, {t.y}) mm are too close for two bases")
    return mat


# ---- where a base may be ----


def on_mat(mat: Mat, base: Base) -> bool:
    """The whole base lies on the mat (touching its edge is on it)."""
    hx, hy = half_extents(base.facing, mat.side)
    return hx - EPS <= base.x <= mat.width - hx + EPS and hy - EPS <= base.y <= mat.height - hy + EPS


def fits(mat: Mat, base: Base, others: Iterable[Base]) -> bool:
    """On the mat and overlapping none of ``others`` (touching is allowed)."""
    if not on_mat(mat, base):
        return False
    side = mat.side
    return not any(overlap(base, o, side) for o in others)


def adjacent(mat: Mat, a: Base, b: Base) -> bool:
    return gap(a, b, mat.side) < mat.adjacent


def neighbours(mat: Mat, bases: Bases, ball_id: str) -> list[str]:
    """The ids of the bases adjacent to ``ball_id``'s, in mapping order."""
    me = bases[ball_id]
    reach = 2 * mat.side + mat.adjacent
    return [i for i, b in bases.items() if i != ball_id and (b.x - me.x) ** 2 + (b.y - me.y) ** 2 < reach * reach
            and adjacent(mat, me, b)]


def problems(mat: Mat, balls: Bases, portals: Bases = NO_BASES) -> list[str]:
    """Everything wrong with a layout: bases off the mat, bases overlapping (empty when all is well)."""
    every = list(balls.items()) + [(f"portal {i}", p) for i, p in portals.items()]
    out = [f"{i} is not wholly on the mat" for i, b in every if not on_mat(mat, b)]
    for n, (i, a) in enumerate(every):
        out += [f"{i} overlaps {j}" for j, b in every[n + 1:] if overlap(a, b, mat.side)]
    return out


# ---- a shot ----


def facing_edges(target: Base, active: Base) -> tuple[int, ...]:
    """The target's three sides nearest the active ball's centre (four when the centre lies exactly on the
    line of one of the target's corners, so that two sides tie for third)."""
    dx, dy = active.x - target.x, active.y - target.y
    score = [nx * dx + ny * dy for nx, ny in (side_unit(target.facing, k) for k in range(SIDES))]
    third = sorted(score, reverse=True)[2]
    tie = 1e-9 * max(1.0, math.hypot(dx, dy))
    return tuple(k for k in range(SIDES) if score[k] >= third - tie)


def flush_centre(target: Base, k: int, side: float) -> Point:
    """Where a ball's centre is when one of its sides lies flush and centred on the target's side k."""
    nx, ny = side_unit(target.facing, k)
    d = 2 * inradius(side)
    return target.x + d * nx, target.y + d * ny


def room(mat: Mat, target: Base, k: int, others: Iterable[Base]) -> tuple[int, int] | None:
    """Where the active ball sits against the target's side k, centred on it and rounded to whole
    millimetres away from the target (it then touches the target: gap under ``mat.adjacent``), if that place
    is on the mat and overlaps none of ``others`` (every other ball and portal; the target may be among
    them); None when there is no room."""
    return _room(mat, target, k, _near(target, others, 4 * mat.side + 2))


def _near(centre: Base, others: Iterable[Base], reach: float) -> list[Base]:
    return [o for o in others if (o.x - centre.x) ** 2 + (o.y - centre.y) ** 2 < reach * reach]


def _room(mat: Mat, target: Base, k: int, near: list[Base]) -> tuple[int, int] | None:
    nx, ny = side_unit(target.facing, k)
    flush = 2 * inradius(mat.side)
    ex, ey = target.x + flush * nx, target.y + flush * ny
    for x, y in _around(ex, ey):
        off = nx * (x - target.x) + ny * (y - target.y) - flush  # the gap to the target (same orientation)
        if -EPS <= off < mat.adjacent and fits(mat, Base(x, y, target.facing), near):
            return x, y
    return None


def _around(ex: float, ey: float) -> list[tuple[int, int]]:
    """The four whole-millimetre points around (ex, ey), nearest first."""
    xs, ys = (math.floor(ex), math.ceil(ex)), (math.floor(ey), math.ceil(ey))
    pts = {(x, y) for x in xs for y in ys}
    return sorted(pts, key=lambda p: ((p[0] - ex) ** 2 + (p[1] - ey) ** 2, p))


def contact_facing(target: Base, k: int, active_side: int) -> int:
    """The active ball's facing when its side ``active_side`` lies flush on the target's side k."""
    return facing_of(active_side, (side_degrees(target.facing, k) + 180) % 360)


def shot_targets(mat: Mat, balls: Bases, shooter_id: str,
                 portals: Bases = NO_BASES) -> dict[str, dict[int, tuple[int, int]]]:
    """Every ball the shooter may target: it has a line of sight to it (no other ball's base in the way;
    portals do not block) and at least one of its facing edges has room. For each: facing edge -> where the
    shooter would sit."""
    shooter = balls[shooter_id]
    blockers = [b for i, b in balls.items() if i != shooter_id] + list(portals.values())
    out: dict[str, dict[int, tuple[int, int]]] = {}
    for tid, target in balls.items():
        if tid == shooter_id:
            continue
        near = _near(target, blockers, 4 * mat.side + 2)
        edges = {}
        for k in facing_edges(target, shooter):
            place = _room(mat, target, k, near)
            if place is not None:
                edges[k] = place
        if not edges:
            continue
        between = [b for i, b in balls.items() if i != shooter_id and i != tid]
        if line_of_sight(shooter, target, between, mat.side) is not None:
            out[tid] = edges
    return out


def shot_distance(start: Base, x: int, y: int) -> float:
    """How far a shot travels (mm): straight from its start centre to its contact centre, however it swerved."""
    return math.hypot(x - start.x, y - start.y)


def boing_directions(mat: Mat, target: Base, k: int, vector: int) -> tuple[float, float]:
    """(target's direction, active ball's direction) in degrees after a bounce on the target's side k along
    vector ``vector`` (0 = A): the target leaves straight away from the contact, turned counter-clockwise by
    the vector's angle, and the active ball goes the opposite way along the same line."""
    away = side_degrees(target.facing, k) + 180 + mat.boing_degrees[vector]
    return away % 360, (away + 180) % 360


# ---- spots, and putting a ball back ----


def spot_facings(spot: Base) -> tuple[int, ...]:
    """The six facings that lay a base exactly on the spot's hexagon."""
    return tuple(range(spot.facing % 2, 12, 2))


def covered(spot: Base, bases: Iterable[Base], side: float) -> bool:
    """Some base covers part of the spot (touching its outline does not)."""
    return any(overlap(spot, b, side) for b in bases)


def free_spots(spots: Iterable[Base], bases: Iterable[Base], side: float) -> tuple[Base, ...]:
    """The spots no base covers any part of (a new portal goes on one of these)."""
    bases = list(bases)
    return tuple(s for s in spots if not covered(s, bases, side))


def landing_spots(mat: Mat, ball: Base, others: Iterable[Base]) -> tuple[Base, ...]:
    """Where a ball that hit the mat's edge may be put: the free centre-zone spots where it fits (keeping its
    facing); if there are none, the free monsterball spots; if none either, nowhere (it leaves the game)."""
    others = list(others)
    for group in (mat.spots, mat.monster_spots):
        free = tuple(Base(s.x, s.y, ball.facing) for s in free_spots(group, others, mat.side)
                     if fits(mat, Base(s.x, s.y, ball.facing), others))
        if free:
            return free
    return ()


def place_near(mat: Mat, ball: Base, others: Iterable[Base]) -> Base | None:
    """The ball where it is if it fits there, else the nearest place that fits found by pushing it straight
    out in one of twelve directions (every 30 degrees from +x; the first direction wins a tie), at whole
    millimetres; None if it fits nowhere on those lines."""
    others = list(others)
    if fits(mat, ball, others):
        return ball
    best: tuple[float, Base] | None = None
    for d in range(12):
        ux, uy = unit(STEP_DEGREES * d)
        t = _first_free(mat, ball, ux, uy, others)
        while t is not None:
            found = _fitting_near(mat, ball, ball.x + t * ux, ball.y + t * uy, others)
            if found is not None:
                if best is None or t < best[0] - EPS:
                    best = (t, found)
                break
            t = _first_free(mat, ball, ux, uy, others, t + 0.5)
    return None if best is None else best[1]


def _first_free(mat: Mat, ball: Base, ux: float, uy: float, others: list[Base],
                start: float = 0.0) -> float | None:
    """The least t >= start at which the ball moved by t along u overlaps none of ``others`` and is still
    on the mat; None if it leaves the mat first."""
    spans = sorted(s for s in (overlap_interval(ball, ux, uy, o, mat.side) for o in others) if s is not None)
    t = start
    for lo, hi in spans:
        if lo < t < hi:
            t = hi
    limit = on_mat_until(mat, ball, ux, uy)
    return t if t <= limit else None


def on_mat_until(mat: Mat, ball: Base, ux: float, uy: float) -> float:
    """How far the ball can move along the unit vector u before its base reaches the mat's edge (0 when it
    already touches the edge it moves towards; infinite for u = 0)."""
    hx, hy = half_extents(ball.facing, mat.side)
    limit = math.inf
    for pos, u, size, half in ((ball.x, ux, mat.width, hx), (ball.y, uy, mat.height, hy)):
        if u > 1e-12:
            limit = min(limit, (size - half - pos) / u)
        elif u < -1e-12:
            limit = min(limit, (pos - half) / -u)
    return max(0.0, limit)


def _fitting_near(mat: Mat, ball: Base, ex: float, ey: float, others: list[Base]) -> Base | None:
    for x, y in _around(ex, ey):
        b = Base(x, y, ball.facing)
        if fits(mat, b, others):
            return b
    return None

