"""Brute-force oracles for tests/test_geometry_*.py: plain convex-polygon code that shares nothing with
refbox.engine.geometry except the corners of a base (which the tests check on their own)."""

from __future__ import annotations

import math

Point = tuple[float, float]


def axes(poly) -> list[Point]:
    out = []
    for i, (x0, y0) in enumerate(poly):
        x1, y1 = poly[(i + 1) % len(poly)]
        length = math.hypot(x1 - x0, y1 - y0)
        out.append(((y1 - y0) / length, (x0 - x1) / length))
    return out


def project(poly, nx, ny) -> tuple[float, float]:
    values = [nx * x + ny * y for x, y in poly]
    return min(values), max(values)


def depth(p, q) -> float:
    """How deep two convex polygons overlap (separating-axis test over every edge normal); negative when apart."""
    least = math.inf
    for nx, ny in axes(p) + axes(q):
        a0, a1 = project(p, nx, ny)
        b0, b1 = project(q, nx, ny)
        least = min(least, min(a1, b1) - max(a0, b0))
    return least


def _seg_seg(a, b, c, d) -> float:
    def cross(o, p, q):
        return (p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0])

    if cross(a, b, c) * cross(a, b, d) < 0 and cross(c, d, a) * cross(c, d, b) < 0:
        return 0.0
    return min(point_segment(a, c, d), point_segment(b, c, d), point_segment(c, a, b), point_segment(d, a, b))


def point_segment(p, a, b) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def outside_by(pt: Point, poly) -> float:
    """How far a point lies outside a convex polygon (0 inside or on it)."""
    if all(nx * pt[0] + ny * pt[1] <= project(poly, nx, ny)[1] for nx, ny in axes(poly)):
        return 0.0
    return min(point_segment(pt, poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly)))


def distance(p, q) -> float:
    """Euclidean distance between two convex polygons (0 when they overlap), edge against edge."""
    if depth(p, q) > 0:
        return 0.0
    return min(_seg_seg(p[i], p[(i + 1) % len(p)], q[j], q[(j + 1) % len(q)])
               for i in range(len(p)) for j in range(len(q)))


def segment_enters(p: Point, q: Point, poly, margin: float) -> bool:
    """The segment pq comes closer than ``margin`` inside the polygon's outline (a negative margin: stays at
    least that far away). Separating axes: the polygon's edge normals and the segment's normal."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy)
    candidates = axes(poly) + ([(-dy / length, dx / length)] if length > 0 else [])
    for nx, ny in candidates:
        a0, a1 = project(poly, nx, ny)
        s0, s1 = sorted((nx * p[0] + ny * p[1], nx * q[0] + ny * q[1]))
        if s1 <= a0 + margin or s0 >= a1 - margin:
            return False
    return True


def outline(poly, per_side: int) -> list[Point]:
    pts = []
    for i, (x0, y0) in enumerate(poly):
        x1, y1 = poly[(i + 1) % len(poly)]
        pts += [(x0 + (x1 - x0) * j / per_side, y0 + (y1 - y0) * j / per_side) for j in range(per_side)]
    return pts


def sampled_sight(pa, pb, blockers, per_side: int = 24, keep_off: float = 1e-3):
    """A segment from pa's outline to pb's that enters neither (by 1e-3 mm) and keeps ``keep_off`` mm
    from every blocker, found by trying points along both outlines; None if no sampled segment works."""
    for p in outline(pa, per_side):
        for q in outline(pb, per_side):
            if segment_enters(p, q, pa, 1e-3) or segment_enters(p, q, pb, 1e-3):
                continue
            if not any(segment_enters(p, q, o, -keep_off) for o in blockers):
                return p, q
    return None


def stepped_contact(moved, still_polys, ux, uy, distance_mm, step=0.01, deep=1e-4):
    """Walk the polygon ``moved`` along (ux, uy) in small steps: the first step at which it overlaps one of
    ``still_polys`` by more than ``deep`` (None if it never does within ``distance_mm``). Each polygon's
    projections on every edge normal of both are taken once; a step shifts the moving one's by t·(n·u)."""
    tables = []
    for still in still_polys:
        rows = []
        for nx, ny in axes(moved) + axes(still):
            m0, m1 = project(moved, nx, ny)
            q0, q1 = project(still, nx, ny)
            rows.append((m0, m1, nx * ux + ny * uy, q0, q1))
        tables.append(rows)
    n = 0
    while n * step <= distance_mm:
        t = n * step
        for rows in tables:
            if all(min(m1 + t * s, q1) - max(m0 + t * s, q0) > deep for m0, m1, s, q0, q1 in rows):
                return t
        n += 1
    return None


def touched_sides(moved, target, tol: float = 1e-6) -> tuple[int, ...]:
    """The target polygon's sides (side k from corner k to corner k + 1) that ``moved`` touches: a side
    the contact reaches inside of, or covers end to end; when the contact is only at one of the target's
    corners, the two sides meeting there."""
    n = len(target)
    points = [p for p in moved if any(point_segment(p, target[k], target[(k + 1) % n]) <= tol for k in range(n))]
    corners = [j for j, p in enumerate(target)
               if any(point_segment(p, moved[k], moved[(k + 1) % len(moved)]) <= tol for k in range(len(moved)))]
    points += [target[j] for j in corners]
    sides = []
    for k in range(n):
        a, b = target[k], target[(k + 1) % n]
        on = [p for p in points if point_segment(p, a, b) <= tol]
        inside = [p for p in on if math.dist(p, a) > tol and math.dist(p, b) > tol]
        ends = {math.dist(p, a) <= tol for p in on}
        if inside or len(ends) == 2:
            sides.append(k)
    return tuple(sides) if sides else tuple(sorted({(j - 1) % n for j in corners} | set(corners)))
