"""Regular hexagonal bases at integer millimetre positions: shapes, overlaps, gaps and the times a moving base
meets a still one.

Conventions (every module of this package follows them):

- The mat's plane: x to the right along the mat's long side, y up along its short side, in millimetres; the
  origin is the mat's lower left corner. Angles are degrees counter-clockwise from +x.
- A ``Base`` is a regular hexagon whose side (= circumradius R) is the mat's base side; its inradius is
  r = R·√3/2. Its centre is at integer millimetres, so a replay recomputes the same floats.
- ``facing`` is an integer 0..11, in steps of 30 degrees: the ball's front points at 30·facing degrees.
  Twelve steps of 30 are enough and no finer step is ever needed: the mat's spots differ by 30 degrees, a
  ball that hits another turns so that one of its sides lies flush on the target's side (its facing then
  differs from the target's by a multiple of 60), and a moving ball never turns. Boing vectors are
  directions of motion, not facings: they are any angle (``mat.boing_degrees``).
- Side k (0..5) has its outward normal at 30·facing + 60·(k - 1) degrees: sides 0, 1, 2 are the bitey front
  (side 1 in the middle, the one the facing points through), sides 3, 4, 5 the back (side 4 in the middle).
  Vertex j sits at 30·facing + 60·j - 90 degrees, at distance R; side k runs from vertex k to vertex k + 1.
- Two facings with the same parity give the same hexagon (only the bitey sides differ): the "class"
  facing % 2. Class 0 has flat sides facing left and right, class 1 flat sides facing up and down.

Overlap means the interiors meet by more than ``EPS``; touching is not overlapping. The gap is the Euclidean
distance between two bases. Both come from the Minkowski sum of the two hexagons (a hexagon of side 2R for
one class, a dodecagon for mixed classes): base b overlaps base a exactly when b's centre minus a's lies
inside that sum, and the gap is that point's distance from it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

FACING_STEPS = 12
"""Facings are 0..11."""
STEP_DEGREES = 30
EPS = 1e-6
"""Millimetres: closer than this counts as touching, deeper than this as overlapping."""
SIDES = 6
BITEY_SIDES = (0, 1, 2)
BACK_SIDES = (3, 4, 5)

Point = tuple[float, float]
Polygon = tuple[Point, ...]
HalfPlane = tuple[float, float, float]
"""(nx, ny, h): the points p with nx·px + ny·py <= h (n a unit vector)."""


@dataclass(frozen=True, slots=True)
class Base:
    """A hexagonal base: its centre in whole millimetres and its facing (0..11, steps of 30 degrees)."""

    x: int
    y: int
    facing: int = 0

    def __post_init__(self) -> None:
        if type(self.x) is not int or type(self.y) is not int:
            raise ValueError(f"a base sits at whole millimetres, not at ({self.x!r}, {self.y!r})")
        if type(self.facing) is not int or not 0 <= self.facing < FACING_STEPS:
            raise ValueError(f"a facing is a whole number 0..{FACING_STEPS - 1}, not {self.facing!r}")


def unit(degrees: float) -> Point:
    """The unit vector at this angle (a component within 1e-15 of zero is zero: cos 90 is 0, not 6e-17)."""
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    return (0.0 if -1e-15 < c < 1e-15 else c, 0.0 if -1e-15 < s < 1e-15 else s)


def inradius(side: float) -> float:
    return side * math.sqrt(3) / 2


def side_degrees(facing: int, k: int) -> int:
    """The direction (0..359) of side k's outward normal for a base with this facing."""
    return (STEP_DEGREES * facing + 60 * (k - 1)) % 360


_UNITS = tuple(unit(STEP_DEGREES * i) for i in range(FACING_STEPS))


def side_unit(facing: int, k: int) -> Point:
    """Side k's outward unit normal for a base with this facing."""
    return _UNITS[(facing + 2 * (k - 1)) % FACING_STEPS]


def is_bitey(k: int) -> bool:
    return k in BITEY_SIDES


def facing_of(side_k: int, normal_degrees: int) -> int:
    """The facing that points side k's outward normal at ``normal_degrees`` (a multiple of 30)."""
    if normal_degrees % STEP_DEGREES:
        raise ValueError(f"side normals point at multiples of {STEP_DEGREES} degrees, not {normal_degrees}")
    return ((normal_degrees - 60 * (side_k - 1)) // STEP_DEGREES) % FACING_STEPS


@lru_cache(maxsize=64)
def vertex_offsets(facing: int, side: float) -> Polygon:
    """The six vertices of a base with this facing, relative to its centre (vertex j first)."""
    corners = (unit(STEP_DEGREES * facing + 60 * j - 90) for j in range(SIDES))
    return tuple((side * c, side * s) for c, s in corners)


def polygon(base: Base, side: float) -> Polygon:
    """The base's six corners on the mat, counter-clockwise, vertex 0 first."""
    x, y = base.x, base.y
    return tuple((x + dx, y + dy) for dx, dy in vertex_offsets(base.facing, side))


def half_extents(facing: int, side: float) -> Point:
    """Half the base's width along x and along y."""
    r = inradius(side)
    return (r, side) if facing % 2 == 0 else (side, r)


# ---- the Minkowski sum of two hexagons ----


@dataclass(frozen=True, slots=True)
class Sum:
    """The Minkowski sum of two centred hexagons: b overlaps a exactly when (b.x - a.x, b.y - a.y) is inside."""

    vertices: Polygon
    planes: tuple[HalfPlane, ...]
    outer: float
    """Its circumradius: centres farther apart than this never touch."""
    inner: float
    """Its inradius: centres closer than this always overlap."""
    degrees: tuple[int, ...]
    """The direction of each plane's normal (a multiple of 30): a side normal of one hexagon or the other."""


@lru_cache(maxsize=16)
def minkowski(class_a: int, class_b: int, side: float) -> Sum:
    points = sorted({(round(ax + bx, 12), round(ay + by, 12))
                     for ax, ay in vertex_offsets(class_a, side) for bx, by in vertex_offsets(class_b, side)})
    hull = convex_hull(points)
    planes = []
    for i, (x0, y0) in enumerate(hull):
        x1, y1 = hull[(i + 1) % len(hull)]
        length = math.hypot(x1 - x0, y1 - y0)
        nx, ny = (y1 - y0) / length, (x0 - x1) / length
        planes.append((nx, ny, nx * x0 + ny * y0))
    degrees = tuple(round(math.degrees(math.atan2(ny, nx))) % 360 for nx, ny, _ in planes)
    return Sum(tuple(hull), tuple(planes), max(math.hypot(x, y) for x, y in hull), min(h for _, _, h in planes),
               degrees)


def convex_hull(points: list[Point]) -> list[Point]:
    """Counter-clockwise, without collinear points (Andrew's monotone chain)."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def half(seq):
        out: list[Point] = []
        for p in seq:
            while len(out) >= 2 and _cross(out[-2], out[-1], p) <= 1e-9:
                out.pop()
            out.append(p)
        return out

    lower, upper = half(pts), half(reversed(pts))
    return lower[:-1] + upper[:-1]


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def overlap(a: Base, b: Base, side: float) -> bool:
    """The two bases' interiors meet (by more than EPS)."""
    dx, dy = b.x - a.x, b.y - a.y
    k = minkowski(a.facing % 2, b.facing % 2, side)
    dd = dx * dx + dy * dy
    if dd >= k.outer * k.outer:
        return False
    if dd < (k.inner - EPS) ** 2:
        return True
    for nx, ny, h in k.planes:
        if nx * dx + ny * dy >= h - EPS:
            return False
    return True


def gap(a: Base, b: Base, side: float) -> float:
    """The distance between the two bases (0 when they touch or overlap)."""
    k = minkowski(a.facing % 2, b.facing % 2, side)
    return point_distance(float(b.x - a.x), float(b.y - a.y), k)


def point_distance(px: float, py: float, k: Sum) -> float:
    """Distance from a point to a convex polygon (0 inside): the nearest of the edges it lies beyond."""
    best = math.inf
    verts, n = k.vertices, len(k.vertices)
    for i, (nx, ny, h) in enumerate(k.planes):
        if nx * px + ny * py > h:
            best = min(best, segment_distance(px, py, verts[i], verts[(i + 1) % n]))
    return 0.0 if best == math.inf else best


def segment_distance(px: float, py: float, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


# ---- a base moving in a straight line ----


def overlap_interval(mover: Base, ux: float, uy: float, still: Base, side: float,
                     margin: float = -EPS) -> tuple[float, float] | None:
    """The open interval of distances t along the unit vector (ux, uy) over which ``mover`` (moved by t)
    comes closer to ``still`` than ``margin`` (Euclidean); None if never. The default margin, -EPS, is
    ``overlap``; 0 is any overlap at all, so the interval starts at the exact touching moment.

    The relative position still - mover - t·u runs along a line; the interval is where that line is inside
    the Minkowski sum (grown by ``margin``: its sides pushed out and, for a positive margin, its corners
    rounded)."""
    k = minkowski(mover.facing % 2, still.facing % 2, side)
    dx, dy = float(still.x - mover.x), float(still.y - mover.y)
    if margin <= 0:
        return _clip(dx, dy, ux, uy, k.planes, margin)
    lo, hi = math.inf, -math.inf
    verts, n = k.vertices, len(k.vertices)
    for i, (nx, ny, h) in enumerate(k.planes):  # the sides, pushed out by the margin
        ax, ay = verts[i][0] + nx * margin, verts[i][1] + ny * margin
        bx, by = verts[(i + 1) % n][0] + nx * margin, verts[(i + 1) % n][1] + ny * margin
        hit = _line_hits_segment(dx, dy, -ux, -uy, ax, ay, bx, by)
        if hit is not None:
            lo, hi = min(lo, hit), max(hi, hit)
    for vx, vy in verts:  # the rounded corners
        ex, ey = dx - vx, dy - vy  # p(t) - v = e - t·u
        b = ex * ux + ey * uy
        disc = b * b - (ex * ex + ey * ey - margin * margin)
        if disc > 0:
            root = math.sqrt(disc)
            lo, hi = min(lo, b - root), max(hi, b + root)
    return (lo, hi) if lo < hi else None


def _clip(dx: float, dy: float, ux: float, uy: float, planes, grow: float) -> tuple[float, float] | None:
    """Where the point (dx, dy) - t·(ux, uy) is strictly inside the half-planes (each moved out by grow)."""
    lo, hi = -math.inf, math.inf
    for nx, ny, h in planes:
        g = h + grow - (nx * dx + ny * dy)  # > 0: inside at t = 0
        s = -(nx * ux + ny * uy)  # how fast n·p grows with t
        if abs(s) < 1e-15:
            if g <= 0:
                return None
        elif s > 0:
            hi = min(hi, g / s)
        else:
            lo = max(lo, g / s)
        if lo >= hi:
            return None
    return lo, hi


def _line_hits_segment(px, py, dx, dy, ax, ay, bx, by) -> float | None:
    """The t where p + t·d crosses the segment ab (None when parallel or missing it)."""
    ex, ey = bx - ax, by - ay
    denom = dx * ey - dy * ex
    if abs(denom) < 1e-15:
        return None
    wx, wy = ax - px, ay - py
    t = (wx * ey - wy * ex) / denom
    s = (wx * dy - wy * dx) / denom
    return t if -1e-12 <= s <= 1 + 1e-12 else None
