"""Brute-force oracles for the inch field's moves, written independently of refbox.engine.geometry.

A leg is checked against every figure, ball and wall with exact fractions, by a different method than the
geometry's slab clipping: the L-infinity distance from a base to the moving centre is convex and piecewise
linear along the leg, so its minimum over a range of the leg is at a breakpoint (where a coordinate difference
is zero or the two are equal) or at an end of the range. The shortest path is Dijkstra over the full
visibility graph: every free cell is a node, every pair of nodes an edge if the leg between them is legal.
Slow (pure Python fractions), for small fields only.
"""

from __future__ import annotations

import heapq
import math
from fractions import Fraction

Cell = tuple[int, int]


def _linf(t: Fraction, p: Cell, d: Cell, f: Cell) -> Fraction:
    return max(abs(p[0] + t * d[0] - f[0]), abs(p[1] + t * d[1] - f[1]))


def _breakpoints(p: Cell, d: Cell, f: Cell) -> set[Fraction]:
    ts = set()
    ax, ay = p[0] - f[0], p[1] - f[1]
    for a, b in ((ax, d[0]), (ay, d[1])):
        if b:
            ts.add(Fraction(-a, b))
    for sign in (1, -1):  # ax + t dx = sign * (ay + t dy)
        den = d[0] - sign * d[1]
        if den:
            ts.add(Fraction(sign * ay - ax, den))
    return ts


def touches_between(p: Cell, q: Cell, f: Cell) -> bool:
    """The leg from p to q touches f's base (L-infinity distance 1 or less) strictly between its ends."""
    d = (q[0] - p[0], q[1] - p[1])
    ts = {t for t in _breakpoints(p, d, f) if 0 < t < 1} | {Fraction(1, 2)}
    return min(_linf(t, p, d, f) for t in ts) <= 1


def overlaps(p: Cell, q: Cell, f: Cell) -> bool:
    """The leg from p to q overlaps f's base (L-infinity distance below 1) anywhere."""
    d = (q[0] - p[0], q[1] - p[1])
    ts = {t for t in _breakpoints(p, d, f) if 0 <= t <= 1} | {Fraction(0), Fraction(1)}
    return min(_linf(t, p, d, f) for t in ts) < 1


def touching(a: Cell, b: Cell) -> bool:
    return a != b and max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= 1


def _near_leg(f: Cell, p: Cell, q: Cell) -> bool:
    return (min(p[0], q[0]) - 2 <= f[0] <= max(p[0], q[0]) + 2
            and min(p[1], q[1]) - 2 <= f[1] <= max(p[1], q[1]) + 2)


class Board:
    """One position: the mover's area (cells it may stand on), the start and what is around it."""

    def __init__(self, area: set[Cell], start: Cell, standing=(), fallen=(), balls=(), piles_block: bool = True):
        self.start = start
        self.standing = set(standing) - {start}
        self.fallen = set(fallen) - {start}
        self.balls = set(balls)
        self.closed = self.standing | self.fallen if piles_block else set(self.standing)
        occupied = self.standing | self.fallen | self.balls
        xs, ys = [c[0] for c in area], [c[1] for c in area]
        around = {(x, y) for x in range(min(xs) - 2, max(xs) + 3) for y in range(min(ys) - 2, max(ys) + 3)}
        self.walls = (around - area) | self.balls
        self.ends = area - occupied
        passable = area - self.standing - self.balls if not piles_block else area - occupied
        self.bends = {c for c in passable if not any(touching(c, f) for f in self.closed)}
        self.start_contacts = {f for f in self.closed if touching(start, f)}

    def legal(self, p: Cell, q: Cell) -> bool:
        first = p == self.start
        for f in self.closed:
            if not _near_leg(f, p, q):
                continue
            if first and f in self.start_contacts:
                if overlaps(p, q, f):
                    return False
            elif touches_between(p, q, f):
                return False
        return not any(_near_leg(w, p, q) and overlaps(p, q, w) for w in self.walls)

    def shortest(self, budget: float = math.inf) -> dict[Cell, tuple[float, Cell | None]]:
        """Every end cell (and the start) reachable within budget: (length, the bend before it)."""
        nodes = [c for c in self.ends | self.bends if math.dist(c, self.start) <= budget + 1e-9]
        best: dict[Cell, tuple[float, Cell | None]] = {self.start: (0.0, None)}
        heap, done = [(0.0, self.start)], set()
        while heap:
            g, v = heapq.heappop(heap)
            if v in done:
                continue
            done.add(v)
            if v != self.start and v not in self.bends:
                continue
            for w in nodes:
                d = g + math.dist(v, w)
                if w in done or d > budget + 1e-9 or d >= best.get(w, (math.inf,))[0] - 1e-9:
                    continue
                if self.legal(v, w):
                    best[w] = (d, v)
                    heapq.heappush(heap, (d, w))
        return {c: v for c, v in best.items() if c in self.ends or c == self.start}
