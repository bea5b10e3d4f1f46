"""Line of sight between two hexagonal bases: is there a straight line from some point of one base to some
point of the other that crosses no base (theirs included)?

"Crossing" means passing through a base's interior: a line that touches a corner or runs along a side does
not cross it. The answer is exact, by a classical argument: if any such segment exists, one lies on a line
through two corners of the bases involved (slide a valid line sideways until it meets a corner, then turn it
about that corner until it meets another; validity can only change when the line passes a corner, so it
survives both moves). So the test tries the lines through pairs of corners of the two bases and of the bases
lying between them, each clipped exactly against every base. Only lines that stay outside the base at each
of their two corners are tried (unless that corner touches another base): the set of lines of sight changes
only where a line starts or stops touching a base, and a line cutting into a base at a corner can be turned a
little either way about that corner without changing whether it is a line of sight. Two shortcuts come first: an edge of the convex
hull of the two bases that no base crosses is a line of sight, and a single base crossing both hull edges
that join the two bases blocks every line (its interior then cuts the hull in two).

A result is a witness segment (a point on the first base, a point on the second) or None.
"""

from __future__ import annotations

import math
from typing import Iterable

from refbox.engine.geometry.hexes import EPS, Base, Point, convex_hull, inradius, polygon, unit

Segment = tuple[Point, Point]

_AXES = {c: tuple(unit(30 * c + 60 * m) for m in range(3)) for c in (0, 1)}
"""The three directions of a hexagon's side normals, by class (facing % 2)."""


def _chord(px: float, py: float, dx: float, dy: float, base: Base, half: float) -> tuple[float, float] | None:
    """Where the line p + t·d (d a unit vector) runs inside the hexagon of inradius ``half``: (t0, t1)."""
    cx, cy = px - base.x, py - base.y
    lo, hi = -math.inf, math.inf
    for nx, ny in _AXES[base.facing % 2]:
        v = nx * cx + ny * cy
        s = nx * dx + ny * dy
        if -1e-15 < s < 1e-15:
            if v > half or v < -half:
                return None
            continue
        t0, t1 = (-half - v) / s, (half - v) / s
        if t0 > t1:
            t0, t1 = t1, t0
        if t0 > lo:
            lo = t0
        if t1 < hi:
            hi = t1
        if lo > hi:
            return None
    return lo, hi


def _segment_blocked(p: Point, q: Point, obstacles: list[Base], inner: float) -> bool:
    """Some obstacle's interior meets the segment pq (beyond its first and last EPS)."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy)
    if length <= 2 * EPS:
        return False
    dx, dy = dx / length, dy / length
    for o in obstacles:
        ch = _chord(p[0], p[1], dx, dy, o, inner)
        if ch is not None and ch[1] - ch[0] > EPS and ch[0] < length - EPS and ch[1] > EPS:
            return True
    return False


def _through(p: Point, q: Point, a: Base, b: Base, obstacles: list[Base], side: float) -> Segment | None:
    """On the line through p and q: the stretch between a and b, if it meets both and no obstacle crosses it.
    An obstacle that blocks moves to the front of ``obstacles`` (it is likely to block the next line too)."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy)
    if length <= EPS:
        return None
    dx, dy = dx / length, dy / length
    px, py = p
    reach = side + 2 * EPS  # a base whose centre is farther than its corners from the line misses it
    if abs((a.x - px) * dy - (a.y - py) * dx) > reach or abs((b.x - px) * dy - (b.y - py) * dx) > reach:
        return None
    r = inradius(side)
    ca = _chord(px, py, dx, dy, a, r + EPS)
    if ca is None:
        return None
    cb = _chord(px, py, dx, dy, b, r + EPS)
    if cb is None:
        return None
    if ca[1] < cb[0]:
        lo, hi, forward = ca[1], cb[0], True
    elif cb[1] < ca[0]:
        lo, hi, forward = cb[1], ca[0], False
    else:  # the two chords meet: the bases touch on this line
        t = max(ca[0], cb[0])
        return (px + t * dx, py + t * dy), (px + t * dx, py + t * dy)
    for i, o in enumerate(obstacles):
        ox, oy = o.x - px, o.y - py
        along = ox * dx + oy * dy
        if abs(ox * dy - oy * dx) >= side or along + side <= lo or along - side >= hi:
            continue
        ch = _chord(px, py, dx, dy, o, r - EPS)
        if ch is not None and ch[1] - ch[0] > EPS and ch[0] < hi - EPS and ch[1] > lo + EPS:
            if i:
                obstacles.insert(0, obstacles.pop(i))
            return None
    s, e = (px + lo * dx, py + lo * dy), (px + hi * dx, py + hi * dy)
    return (s, e) if forward else (e, s)


def _near_segment(x: float, y: float, a: Point, b: Point, reach: float) -> bool:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / length2))
    ex, ey = x - ax - t * dx, y - ay - t * dy
    return ex * ex + ey * ey <= reach * reach


def hull_and_bridges(pa: tuple[Point, ...], pb: tuple[Point, ...]) -> tuple[list[Point], list[Segment]]:
    """The convex hull of both polygons, and its edges that join a corner of the first to one of the second."""
    tag = {p: 0 for p in pa}
    tag.update({p: 1 for p in pb})
    hull = convex_hull(list(tag))
    out = []
    for i, p in enumerate(hull):
        q = hull[(i + 1) % len(hull)]
        if tag[p] != tag[q]:
            out.append((p, q) if tag[p] == 0 else (q, p))
    return hull, out


def _inside(v: Point, hull: list[Point]) -> bool:
    n = len(hull)
    for i, (x0, y0) in enumerate(hull):
        x1, y1 = hull[(i + 1) % n]
        if (x1 - x0) * (v[1] - y0) - (y1 - y0) * (v[0] - x0) < -EPS:
            return False
    return True


def line_of_sight(a: Base, b: Base, others: Iterable[Base], side: float) -> Segment | None:
    """A segment from a point of ``a`` to a point of ``b`` crossing no base (``a``, ``b`` or any of
    ``others``), or None when every such segment crosses one."""
    inner = inradius(side) - EPS
    ca, cb = (float(a.x), float(a.y)), (float(b.x), float(b.y))
    between = [o for o in others if _near_segment(o.x, o.y, ca, cb, 2 * side + EPS)]
    centre_line = _through(ca, cb, a, b, [], side)
    if centre_line is None or centre_line[0] == centre_line[1] or not between:
        return centre_line  # touching (or overlapping) bases, or nothing in the way
    pa, pb = polygon(a, side), polygon(b, side)
    hull, edges = hull_and_bridges(pa, pb)
    for p, q in edges:
        if not _segment_blocked(p, q, between, inner):
            return p, q
    if len(edges) == 2 and any(all(_segment_blocked(p, q, [o], inner) for p, q in edges) for o in between):
        return None
    every = [a, b, *between]
    corners = [_corner(v, a, every, side) for v in pa] + [_corner(v, b, every, side) for v in pb]
    for o in between:
        corners += [_corner(v, o, every, side) for v in polygon(o, side) if _inside(v, hull)]
    for i, (p, pr, pfree) in enumerate(corners):
        for q, qr, qfree in corners[i + 1:]:
            dx, dy = q[0] - p[0], q[1] - p[1]
            length = math.hypot(dx, dy)
            if length <= EPS:
                continue
            if not pfree and abs(dx * pr[0] + dy * pr[1]) > TANGENT * length:
                continue  # the line cuts into p's base: it cannot bound the lines of sight
            if not qfree and abs(dx * qr[0] + dy * qr[1]) > TANGENT * length:
                continue
            found = _through(p, q, a, b, between, side)
            if found is not None:
                return found
    return None


TANGENT = 0.5 + 1e-9
"""A line through a corner of a hexagon stays outside it when it is at least 60 degrees from the corner's
radius: |cos| <= 1/2 (the sides through the corner are exactly at 60)."""


def _corner(v: Point, owner: Base, every: list[Base], side: float) -> tuple[Point, Point, bool]:
    """A corner, the unit vector from its base's centre to it, and whether it touches another base (then
    any line through it may matter)."""
    radial = ((v[0] - owner.x) / side, (v[1] - owner.y) / side)
    reach, grown = 2 * side + 2 * EPS, inradius(side) + 2 * EPS
    touches = False
    for o in every:
        if o is owner or abs(o.x - owner.x) > reach or abs(o.y - owner.y) > reach:
            continue
        cx, cy = v[0] - o.x, v[1] - o.y
        if all(-grown <= nx * cx + ny * cy <= grown for nx, ny in _AXES[o.facing % 2]):
            touches = True
            break
    return v, radial, touches
