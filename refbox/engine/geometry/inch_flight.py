"""Things that fly or storm in straight lines on the inch field: fling range, scatter and where a ball comes down,
the coach's direct line and the corridor his walk-by whaps reach (pure, stdlib only).

Directions are vectors in cell units with rows growing down the screen, so turning a direction by a positive
angle turns it clockwise as drawn: to the right of someone moving that way (Slargeball! ruling
``scatter-landing``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from refbox.engine.geometry.inch_field import EPS, Cell, InchField, distance

Vector = tuple[float, float]


def in_range(a: Cell, b: Cell, inches: float) -> bool:
    """Whether the centre of ``b`` is at most ``inches`` from the centre of ``a``."""
    return distance(a, b) <= inches + EPS


def fling_targets(F: InchField, flinger: Cell, inches: float) -> int:
    """The cells a ball can be aimed at: the field, the goal zones and the bunkers within range, not the
    flinger's own cell."""
    aims = F.field | F.zones[0] | F.zones[1] | F.bunkers[0] | F.bunkers[1]
    return F.within(flinger, inches, aims) & ~F.bit(flinger)


def bunker_in_range(F: InchField, flinger: Cell, team: int, inches: float) -> list[Cell]:
    """The cells of ``team``'s bunker within range, nearest first: the goal is in range when this is not empty."""
    cells = F.cells(F.within(flinger, inches, F.bunkers[team]))
    return sorted(cells, key=lambda c: (round(distance(flinger, c), 9), c))


def attack_direction(team: int) -> Vector:
    """The way a team attacks: team 0 towards the right end, team 1 towards the left."""
    return (1.0, 0.0) if team == 0 else (-1.0, 0.0)


def turned(reference: Vector, degrees: float) -> Vector:
    """The unit vector ``degrees`` clockwise (as drawn) from ``reference``."""
    length = math.hypot(*reference)
    if length < EPS:
        raise ValueError("a scatter needs a reference direction (the flinger and the aim are the same cell)")
    a = math.atan2(reference[1], reference[0]) + math.radians(degrees)
    return math.cos(a), math.sin(a)


@dataclass(frozen=True, slots=True)
class Landing:
    cell: Cell
    kind: str
    """"field", "zone", "bunker", "band" (off the field, beside it) or "off" (beyond the band)."""
    team: int | None
    """Whose zone or bunker (a ball in a team's bunker scores for the other team)."""
    point: Vector
    """Where the ball comes down, in cell units (the cell's centre is the cell itself)."""


def landing(F: InchField, cell: Cell, point: Vector | None = None) -> Landing:
    kind, team = F.kind(cell)
    return Landing(cell, kind, team, point if point is not None else (float(cell[0]), float(cell[1])))


def _away(offset: float) -> int:
    """``offset`` rounded to the nearest whole number, halves away from zero (away from the aim)."""
    o = round(offset, 9)
    return int(math.copysign(math.floor(abs(o) + 0.5), o))


def scatter(F: InchField, aim: Cell, reference: Vector, degrees: float, inches: float) -> Landing:
    """Where a ball aimed at ``aim`` comes down after scattering ``inches`` in the direction ``degrees`` clockwise
    from ``reference``: the cell holding that point, a point on a cell's edge going to the cell farther from the
    aim."""
    ux, uy = turned(reference, degrees)
    ox, oy = inches * ux, inches * uy
    cell = (aim[0] + _away(ox), aim[1] + _away(oy))
    return landing(F, cell, (aim[0] + ox, aim[1] + oy))


def scatter_face(F: InchField, aim: Cell, reference: Vector, face: int, inches: float) -> Landing:
    """``scatter`` with the direction read from a direction die's face (1-based) through the layout's
    ``scatter_degrees``."""
    angles = F.layout.scatter_degrees
    if not 1 <= face <= len(angles):
        raise ValueError(f"a direction die shows 1 to {len(angles)}, not {face}")
    return scatter(F, aim, reference, angles[face - 1], inches)


# ---- the coach's direct line ----


@dataclass(frozen=True, slots=True)
class CoachRun:
    start: Cell
    end: Cell
    """Where the coach stands after this turn's run."""
    arrived: bool
    """In contact with his target (storming) or on his spot (returning): the run is over."""
    travelled: float
    """Centre to centre, start to end."""
    corridor: int
    """The cells whose base has any part within the walk-by reach of his line of travel (start to end centre),
    his own start and end cells included: intersect with the figures to find who faints."""


def _entry(start: Cell, u: Vector, box: Cell) -> float | None:
    """The first t >= 0 at which ``start + t * u`` touches the closed square around ``box``'s centre (side 2:
    base to base), or None if it never does."""
    lo, hi = 0.0, math.inf
    for s, d, b in ((start[0], u[0], box[0]), (start[1], u[1], box[1])):
        if abs(d) < EPS:
            if abs(s - b) > 1 + EPS:
                return None
            continue
        t0, t1 = (b - 1 - s) / d, (b + 1 - s) / d
        lo, hi = max(lo, min(t0, t1)), min(hi, max(t0, t1))
    return lo if lo <= hi + EPS else None


def _free_back(F: InchField, start: Cell, u: Vector, t: float, occupied: int, area: int) -> Cell:
    """The free cell of ``area`` nearest to the point ``t`` along the line and no farther than ``t`` from the
    start (a cell's centre may lie past the point), backing along the line while there is none (the start
    itself at worst)."""
    limit = t + EPS
    free = area & ~occupied
    while t > 0:
        p = (start[0] + t * u[0], start[1] + t * u[1])
        around = [(c, r) for c in (math.floor(p[0]), math.ceil(p[0])) for r in (math.floor(p[1]), math.ceil(p[1]))]
        fits = [c for c in around if c == start or (F.has(free, c) and distance(start, c) <= limit)]
        if fits:
            return min(fits, key=lambda c: (round(math.hypot(c[0] - p[0], c[1] - p[1]), 9), c))
        t -= 0.25
    return start


def coach_run(F: InchField, start: Cell, target: Cell, speed: float, reach: float, *, occupied: int,
              standing: int = 0, area: int | None = None) -> CoachRun:
    """The coach's run this turn: ``speed`` inches in a straight line from ``start`` towards ``target``'s centre,
    stopping on reaching base contact with it (on the free cell touching the target, within ``speed``, nearest
    to where his line first touches it). ``occupied`` are the cells he cannot stand on (figures, balls); unless
    the layout says ``coach_through_figures``, he also stops on first touching any of ``standing`` (ruling
    ``coach-line``)."""
    area = F.grid if area is None else area
    if F.in_contact(start, target):
        return CoachRun(start, start, True, 0.0, corridor(F, start, start, reach))
    length = distance(start, target)
    u = ((target[0] - start[0]) / length, (target[1] - start[1]) / length)
    t_hit = _entry(start, u, target)
    stop_at = math.inf
    if not F.layout.coach_through_figures:
        for f in F.cells(standing & F.within(start, speed + 2) & ~F.bit(target)):
            if F.in_contact(start, f):
                continue
            t = _entry(start, u, f)
            if t is not None and t < stop_at:
                stop_at = t
    free = area & ~occupied
    if t_hit is not None and t_hit <= min(speed, stop_at) + EPS:
        p = (start[0] + t_hit * u[0], start[1] + t_hit * u[1])
        touching = [c for c in F.cells(F.near(F.index(target)) & free) if distance(start, c) <= speed + EPS]
        if touching:
            end = min(touching, key=lambda c: (round(math.hypot(c[0] - p[0], c[1] - p[1]), 9), distance(start, c), c))
        else:  # every free cell touching the target is beyond his run (or none is free): he stops short
            end = _free_back(F, start, u, min(t_hit, speed), occupied, area)
    else:
        end = _free_back(F, start, u, min(speed, stop_at), occupied, area)
    return CoachRun(start, end, F.in_contact(end, target), distance(start, end), corridor(F, start, end, reach))


def coach_return(F: InchField, start: Cell, spot: Cell, speed: float, reach: float, *, occupied: int) -> CoachRun:
    """The coach's run back to his spot off the field: straight, ``speed`` inches a turn, through everyone."""
    if distance(start, spot) <= speed + EPS and not F.has(occupied, spot):
        return CoachRun(start, spot, True, distance(start, spot), corridor(F, start, spot, reach))
    length = distance(start, spot)
    u = ((spot[0] - start[0]) / length, (spot[1] - start[1]) / length)
    end = _free_back(F, start, u, min(speed, length), occupied, F.grid)
    return CoachRun(start, end, end == spot, distance(start, end), corridor(F, start, end, reach))


def corridor(F: InchField, a: Cell, b: Cell, reach: float) -> int:
    """The cells whose unit square comes within ``reach`` inches (inclusive) of the segment between the centres
    of ``a`` and ``b``. The region is convex, so in each column its cells are one run: only the run's two ends
    are searched for, from the outside in."""
    r = math.ceil(reach) + 1
    L = F.layout
    bottom, top = -L.band_sides, L.width + L.band_sides - 1
    out = 0
    H = F.H
    for c in range(max(min(a[0], b[0]) - r, -L.band_ends), min(max(a[0], b[0]) + r, L.length + L.band_ends - 1) + 1):
        ys = _heights(a, b, c - r, c + r)
        lo, hi = max(math.floor(min(ys)) - r, bottom), min(math.ceil(max(ys)) + r, top)
        while lo <= hi and not _within(a, b, (c, lo), reach):
            lo += 1
        while hi >= lo and not _within(a, b, (c, hi), reach):
            hi -= 1
        if lo <= hi:
            out |= ((1 << (hi - lo + 1)) - 1) << ((c + F.bx) * H + lo + F.by)
    return out


def _heights(a: Cell, b: Cell, x0: float, x1: float) -> tuple[float, float]:
    """The segment's lowest and highest row over the columns ``x0..x1`` (its nearest end's when it misses them)."""
    if a[0] == b[0]:
        return float(min(a[1], b[1])), float(max(a[1], b[1]))
    lo_x, hi_x = max(x0, min(a[0], b[0])), min(x1, max(a[0], b[0]))
    if lo_x > hi_x:
        near = a if abs(a[0] - x0) < abs(b[0] - x0) else b
        return float(near[1]), float(near[1])
    slope = (b[1] - a[1]) / (b[0] - a[0])
    y0, y1 = a[1] + (lo_x - a[0]) * slope, a[1] + (hi_x - a[0]) * slope
    return min(y0, y1), max(y0, y1)


def _within(a: Cell, b: Cell, c: Cell, reach: float) -> bool:
    """``_segment_to_square(a, b, c) <= reach``, deciding from the centre's distance when that settles it (the
    square's points are all within half a diagonal of its centre)."""
    d = _point_to_segment((float(c[0]), float(c[1])), a, b)
    if d <= reach + EPS:
        return True
    if d > reach + 0.7072:
        return False
    return _segment_to_square(a, b, c) <= reach + EPS


def _segment_to_square(a: Cell, b: Cell, c: Cell) -> float:
    """The distance between the segment from ``a`` to ``b`` and the unit square centred on ``c``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    lo, hi = 0.0, 1.0
    for s, d, q in ((a[0], dx, c[0]), (a[1], dy, c[1])):
        if d == 0:
            if abs(s - q) > 0.5:
                lo, hi = 1.0, 0.0
            continue
        t0, t1 = (q - 0.5 - s) / d, (q + 0.5 - s) / d
        lo, hi = max(lo, min(t0, t1)), min(hi, max(t0, t1))
    if lo <= hi:
        return 0.0
    best = min(_point_to_square(a, c), _point_to_square(b, c))
    for cx in (c[0] - 0.5, c[0] + 0.5):
        for cy in (c[1] - 0.5, c[1] + 0.5):
            best = min(best, _point_to_segment((cx, cy), a, b))
    return best


def _point_to_square(p: Cell, c: Cell) -> float:
    return math.hypot(max(abs(p[0] - c[0]) - 0.5, 0.0), max(abs(p[1] - c[1]) - 0.5, 0.0))


def _point_to_segment(p: Vector, a: Cell, b: Cell) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = dx * dx + dy * dy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / n))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)

