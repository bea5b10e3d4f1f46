"""Square grids where a figure steps to any of the eight squares around (Monster Ball's field): the board, what
lies around a square, the nearest free square, and where a mover can get to, found on a small bitboard.

A square is ``(x, y)``. Reach is searched in a *window*: the squares within ``r`` steps of a start, as the
bits of an int, ``2r + 1`` rows of ``2r + 2`` bits (a guard column, so that shifting a row never wraps into the
next), in coordinates relative to the start. One step of a breadth-first search is then a few shifts and masks
for every square at once (python-chess's way with a chessboard).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Container, Iterator

Square = tuple[int, int]

EIGHT = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
"""The squares around, beside ones first (``SquareGrid.neighbours`` lists them in this order)."""


@dataclass(frozen=True, slots=True)
class SquareGrid:
    cols: int
    rows: int
    diagonal: bool = True
    """Neighbours are the eight around (True) or the four beside."""

    def inside(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.cols and 0 <= sq[1] < self.rows

    def neighbours(self, sq: Square) -> list[Square]:
        c, r = sq
        steps = EIGHT if self.diagonal else EIGHT[:4]
        return [(c + dc, r + dr) for dc, dr in steps if 0 <= c + dc < self.cols and 0 <= r + dr < self.rows]

    def distance(self, a: Square, b: Square) -> int:
        dc, dr = abs(a[0] - b[0]), abs(a[1] - b[1])
        return max(dc, dr) if self.diagonal else dc + dr

    def squares(self) -> Iterator[Square]:
        for r in range(self.rows):
            for c in range(self.cols):
                yield c, r

    def around(self) -> dict[Square, frozenset[Square]]:
        """Every square of the grid -> itself and the squares around it (a table: look-ups on a hot path)."""
        return {(x, y): frozenset((x + a, y + b) for a in (-1, 0, 1) for b in (-1, 0, 1)) for x, y in self.squares()}

    def nearest(self, target: Square, allowed: Container[Square], taken: Container[Square]) -> Square:
        """``target`` if it is allowed and not taken, else the nearest such square (ring by ring, ``ring``'s
        order); raises ValueError if there is none."""
        if target in allowed and target not in taken:
            return target
        x = min(max(target[0], 0), self.cols - 1)
        y = min(max(target[1], 0), self.rows - 1)
        for r in range(max(self.cols, self.rows)):
            for dx, dy in ring(r):
                sq = (x + dx, y + dy)
                if sq in allowed and sq not in taken:
                    return sq
        raise ValueError("no free square")


@lru_cache(maxsize=8192)
def around(sq: Square) -> frozenset[Square]:
    """``sq`` and the eight squares around it (kept: looked up for every figure next to a tackle or a fumble)."""
    x, y = sq
    return frozenset((x + a, y + b) for a in (-1, 0, 1) for b in (-1, 0, 1))


@lru_cache(maxsize=64)
def ring(r: int) -> tuple[tuple[int, int], ...]:
    """The offsets ``r`` steps away: nearest along x first, then along y, then row by row."""
    if r == 0:
        return ((0, 0),)
    offsets = [(dx, dy) for dx in (-r, r) for dy in range(-r, r + 1)] + [(dx, dy) for dx in range(1 - r, r) for dy in (-r, r)]
    return tuple(sorted(offsets, key=lambda o: (abs(o[0]), abs(o[1]), o)))


@lru_cache(maxsize=4096)
def steps_towards(rx: int, ry: int) -> tuple[tuple[int, int], ...]:
    """From a square (``rx``, ``ry``) away from a target, the steps that leave it nearer on both axes, best first
    (the gap left, then the distance along both axes, then the step): how a figure closes in."""
    here = max(abs(rx), abs(ry))
    steps = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if abs(rx + a) < here and abs(ry + b) < here]
    steps.sort(key=lambda st: (max(abs(rx + st[0]), abs(ry + st[1])), abs(rx + st[0]) + abs(ry + st[1]), st))
    return tuple(steps)


# ---- reach on a bitboard window ----


def rect(r: int, x0: int, x1: int, y0: int, y1: int) -> int:
    """The bits of a rectangle of an ``r``-step window (inclusive window coordinates; empty if x0 > x1 or y0 > y1)."""
    if x0 > x1 or y0 > y1:
        return 0
    w, row, out = 2 * r + 2, ((1 << (x1 - x0 + 1)) - 1) << x0, 0
    for y in range(y0, y1 + 1):
        out |= row << (y * w)
    return out


class Window:
    """The squares within ``r`` steps of a start, and which of them are on the board, may be entered, or stop a
    mover who enters (rectangles in window coordinates, ``(x0, x1, y0, y1)``). Starts with the same edges within
    reach can share one."""

    __slots__ = ("r", "w", "board", "enter", "stop", "origin")

    def __init__(self, r: int, board: tuple, enter: tuple, stop: tuple = ()) -> None:
        self.r, self.w = r, 2 * r + 2
        self.board, self.enter = rect(r, *board), rect(r, *enter)
        self.stop = 0
        for box in stop:
            self.stop |= rect(r, *box)
        self.origin = 1 << (r * self.w + r)

    def bit(self, dx: int, dy: int) -> int:
        """The bit of the square (``dx``, ``dy``) from the start (0 outside the window)."""
        r = self.r
        if -r <= dx <= r and -r <= dy <= r:
            return 1 << ((dy + r) * self.w + dx + r)
        return 0

    def first_around(self, bit: int, among: int) -> tuple[int, int]:
        """The offset of the first square around ``bit`` (in ``EIGHT``'s order) that is in ``among``."""
        w = self.w
        for a, b in EIGHT:
            shift = b * w + a
            if (bit << shift if shift >= 0 else bit >> -shift) & among:
                return a, b
        raise ValueError("no square around is in the set")


@dataclass(frozen=True, slots=True)
class Layers:
    """Where a mover gets in a window, by the steps it takes: ``free[k]``, the squares it can stop on after
    ``k + 1`` steps; ``blocked[k]``, the occupied squares next to a square it stands on after ``k`` steps (it may
    try to get in from there); ``launch[k]``, the squares it stands on after ``k`` steps, the start first."""

    free: tuple[int, ...]
    blocked: tuple[int, ...]
    launch: tuple[int, ...]
    hit: int
    """Every square it can stop on or try to get into."""

    def cost(self, bit: int) -> int | None:
        """Steps to a free square (None if it is not one)."""
        for c, layer in enumerate(self.free, 1):
            if layer & bit:
                return c
        return None


def search(win: Window, block: int, passable: int) -> Layers:
    """Breadth-first from the window's start, every direction at once: ``block``, squares the mover cannot enter
    (it may try to get into them from a square next to them), ``passable``, squares it passes through but cannot
    stop on; the window's ``stop`` squares are entered and not left."""
    enterable, stop, w, board = win.enter, win.stop, win.w, win.board
    visited = front = launch = win.origin
    passable &= ~front  # the mover's own square (another figure there shares it)
    free, launched, blocked = [], [front], []
    seen = 0
    for _ in range(win.r):  # each layer grown by a step in all eight directions, kept on the board
        h = front | (front << 1) | (front >> 1)
        ring_ = (h | (h << w) | (h >> w)) & board & ~visited
        h = launch | (launch << 1) | (launch >> 1)
        tried = (h | (h << w) | (h >> w)) & board & block & ~seen
        seen |= tried
        blocked.append(tried)
        enter = ring_ & ~block & enterable
        visited |= ring_
        free.append(enter & ~passable)
        front = enter & ~stop
        launch = front & ~passable
        launched.append(launch)
    hit = seen
    for layer in free:
        hit |= layer
    return Layers(tuple(free), tuple(blocked), tuple(launched), hit)
