"""Grid geometry, pure and headless: squares, neighbours, distances and the squares a move can reach.

A square is ``(col, row)``. ``SquareGrid``: plain squares; neighbours are the 8 around (``diagonal=True``) or
the 4 beside. (Staggered squares, rows offset by half a square: refbox.engine.geometry.staggered.)

``reachable`` is the one breadth-first search every board move uses: it takes the grid, the start, the
number of steps and two predicates (can a square be entered? must a mover stop on entering it?).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

Square = tuple[int, int]


@dataclass(frozen=True, slots=True)
class SquareGrid:
    cols: int
    rows: int
    diagonal: bool = True

    def inside(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.cols and 0 <= sq[1] < self.rows

    def neighbours(self, sq: Square) -> list[Square]:
        c, r = sq
        steps = _EIGHT if self.diagonal else _FOUR
        return [(c + dc, r + dr) for dc, dr in steps if 0 <= c + dc < self.cols and 0 <= r + dr < self.rows]

    def distance(self, a: Square, b: Square) -> int:
        dc, dr = abs(a[0] - b[0]), abs(a[1] - b[1])
        return max(dc, dr) if self.diagonal else dc + dr

    def squares(self) -> Iterator[Square]:
        for r in range(self.rows):
            for c in range(self.cols):
                yield c, r


_FOUR = ((1, 0), (-1, 0), (0, 1), (0, -1))
_EIGHT = (*_FOUR, (1, 1), (1, -1), (-1, 1), (-1, -1))


Grid = SquareGrid


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
