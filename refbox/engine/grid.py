"""Grid geometry, pure and headless: squares, neighbours, distances and the squares a move can reach.

A square is ``(col, row)``. Two shapes cover refbox's boards:

- ``SquareGrid``: plain squares; neighbours are the 8 around (``diagonal=True``) or the 4 beside. It lives with
  the rest of the square-grid geometry the games call, refbox.engine.geometry.squares.
- ``StaggeredGrid``: rows offset by half a square (brickwork), so each square touches six others, as on a
  hex map. Odd rows sit half a square to the right of even rows.

``reachable`` is the one breadth-first search every board move uses: it takes the grid, the start, the
number of steps and two predicates (can a square be entered? must a mover stop on entering it?).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

from refbox.engine.geometry.squares import Square, SquareGrid


@dataclass(frozen=True, slots=True)
class StaggeredGrid:
    """Brickwork rows: odd rows are shifted half a square right. Neighbours: two in the row, two above,
    two below."""

    cols: int
    rows: int

    def inside(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.cols and 0 <= sq[1] < self.rows

    def neighbours(self, sq: Square) -> list[Square]:
        c, r = sq
        shift = r & 1  # odd rows: the squares above and below are c and c + 1; even rows: c - 1 and c
        candidates = ((c - 1, r), (c + 1, r),
                      (c - 1 + shift, r - 1), (c + shift, r - 1),
                      (c - 1 + shift, r + 1), (c + shift, r + 1))
        return [s for s in candidates if 0 <= s[0] < self.cols and 0 <= s[1] < self.rows]

    def distance(self, a: Square, b: Square) -> int:
        ax, ay, az = _cube(a)
        bx, by, bz = _cube(b)
        return max(abs(ax - bx), abs(ay - by), abs(az - bz))

    def squares(self) -> Iterator[Square]:
        for r in range(self.rows):
            for c in range(self.cols):
                yield c, r


def _cube(sq: Square) -> tuple[int, int, int]:
    """Odd-row offset coordinates to cube coordinates (hex distance = the largest coordinate difference)."""
    c, r = sq
    x = c - (r - (r & 1)) // 2
    z = r
    return x, -x - z, z


Grid = SquareGrid | StaggeredGrid


def reachable(
    grid: Grid,
    start: Square,
    steps: int,
    can_enter: Callable[[Square], bool],
    must_stop: Callable[[Square], bool] = lambda sq: False,
) -> dict[Square, int]:
    """Every square a mover at ``start`` can end on within ``steps`` steps, with the fewest steps to it.

    A square that ``can_enter`` refuses is never entered (nor passed through). A square where ``must_stop``
    holds can be entered but not left (the mover stops there). The start itself is not included."""
    best: dict[Square, int] = {start: 0}
    queue = deque([start])
    while queue:
        sq = queue.popleft()
        cost = best[sq]
        if cost == steps or (sq != start and must_stop(sq)):
            continue
        for nxt in grid.neighbours(sq):
            if nxt not in best and can_enter(nxt):
                best[nxt] = cost + 1
                queue.append(nxt)
    del best[start]
    return best


def path(
    grid: Grid,
    start: Square,
    goal: Square,
    can_enter: Callable[[Square], bool],
    must_stop: Callable[[Square], bool] = lambda sq: False,
) -> list[Square] | None:
    """A shortest path from ``start`` to ``goal`` (both included) under the same rules as ``reachable``,
    or None. Ties prefer the neighbour listed first, so the path is deterministic."""
    came: dict[Square, Square | None] = {start: None}
    queue = deque([start])
    while queue:
        sq = queue.popleft()
        if sq == goal:
            out = [sq]
            while came[out[-1]] is not None:
                out.append(came[out[-1]])  # type: ignore[arg-type]
            return out[::-1]
        if sq != start and must_stop(sq):
            continue
        for nxt in grid.neighbours(sq):
            if nxt not in came and can_enter(nxt):
                came[nxt] = sq
                queue.append(nxt)
    return None


def within(grid: Grid, centre: Square, radius: int) -> list[Square]:
    """Every square at distance 1 to ``radius`` from ``centre`` (nothing blocks)."""
    return [sq for sq in _ring_candidates(grid, centre, radius) if 0 < grid.distance(centre, sq) <= radius]


def at_distance(grid: Grid, centre: Square, radius: int) -> list[Square]:
    """Every square exactly ``radius`` from ``centre``."""
    return [sq for sq in _ring_candidates(grid, centre, radius) if grid.distance(centre, sq) == radius]


def _ring_candidates(grid: Grid, centre: Square, radius: int) -> Iterable[Square]:
    c, r = centre
    for row in range(max(0, r - radius), min(grid.rows, r + radius + 1)):
        for col in range(max(0, c - radius - 1), min(grid.cols, c + radius + 2)):
            yield col, row
