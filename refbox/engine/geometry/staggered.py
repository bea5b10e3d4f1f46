"""A pitch of staggered squares as bitboards: squares, neighbours, distances, reach (pure, headless).

The rows run along the length of the pitch and are staggered by half a square (odd rows sit half a square to
the right, as brickwork), so each square touches six others, as on a hex map. Odd rows hold ``length``
squares; even rows hold one more, and their two end squares are half squares cut by the goal lines. The pitch
is the same seen from either end (a half-turn maps it onto itself). Battleball's board is one (ruling
``board-layout``, numbers in ``[board]`` of its ruleset).

A square is ``(col, row)`` for people and tests, and an index ``col * H + row`` (``H = rows + 1``: one
padding row) for speed: a set of squares is one Python int with a bit per square, and a step in every
direction at once is eight shifts (python-chess's style). Distances use cube coordinates, as on a hex map.
tests/test_engine_staggered.py checks every answer against a plain square-by-square reference.
"""

from __future__ import annotations

from bisect import bisect
from functools import lru_cache
from itertools import accumulate, chain
from typing import Iterable

Square = tuple[int, int]

_BYTE_BITS = tuple(tuple(b for b in range(8) if v >> b & 1) for v in range(256))
_BYTE_COUNTS = bytes(range(256)).translate(bytes(v.bit_count() for v in range(256)))


def bits_of(mask: int) -> list[int]:
    """The indexes of the set bits of ``mask``, lowest first."""
    if mask.bit_count() < 6:
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out
    out = []
    for k, byte in enumerate(mask.to_bytes((mask.bit_length() + 7) // 8, "little")):
        if byte:
            base = k * 8
            out.extend(base + b for b in _BYTE_BITS[byte])
    return out


class StaggeredGrid:
    """The squares of one pitch layout and everything computed from them alone (no figures): ``rows`` from
    sideline to sideline, ``length`` squares from goal line to goal line, line-up lines ``line`` squares
    from each goal line."""

    def __init__(self, rows: int, length: int, line: int) -> None:
        if rows < 3 or rows % 2 == 0:
            raise ValueError("board.rows must be odd (a middle row for the centre square) and at least 3")
        if ((rows - 1) // 2) % 2 != length % 2:
            raise ValueError("board.length must be even when the middle row is even, odd when it is odd "
                             "(the centre square must sit on the centre of the field)")
        if not 1 <= line < length // 2:
            raise ValueError("board.line must leave the two line-up zones apart")
        self.rows, self.length, self.line = rows, length, line
        self.H = H = rows + 1
        self.col: dict[int, int] = {}
        self.row: dict[int, int] = {}
        self.index: dict[Square, int] = {}
        exists = even = odd = half = 0
        for c in range(length + 1):
            for r in range(rows):
                if r % 2 and c == length:
                    continue
                i = c * H + r
                bit = 1 << i
                exists |= bit
                if r % 2:
                    odd |= bit
                else:
                    even |= bit
                    if c in (0, length):
                        half |= bit
                self.col[i], self.row[i] = c, r
                self.index[(c, r)] = i
        self.exists, self.even, self.odd, self.half = exists, even, odd, half
        self.odd_rows = sum(1 << (c * H + r) for c in range(length + 1) for r in range(1, rows, 2))
        """The odd rows' positions in every column, squares or not (an odd row's last column is not one)."""
        self.cube = {i: _cube(c, r) for i, (c, r) in ((i, (self.col[i], self.row[i])) for i in self.col)}
        self.ids = {i: f"{c}.{r}" for i, (c, r) in ((i, (self.col[i], self.row[i])) for i in self.col)}
        """Each square's id in journals and option lists: "col.row"."""
        self.by_id = {v: k for k, v in self.ids.items()}
        self._windows: dict[int, tuple[int, int, int]] = {}
        self._around: dict[int, list[int]] = {}
        """Per start mask (one square: minus its index + 1), the squares within 0, 1, 2... steps of it, as far as
        asked so far (``around``)."""
        self._next_to: dict[int, int] = {}
        self._parts: dict[int, list[int]] = {}
        """Per mask of open squares, its connected parts found so far (``connected``)."""
        self.nbytes = ((length + 2) * H + 7) // 8
        self._up = [_ByteIds(self.ids, k, False) for k in range(self.nbytes)]
        self._down = [_ByteIds(self.ids, k, True) for k in reversed(range(self.nbytes))]
        """Per byte of a mask (``_down``: highest byte first), the ids its set bits stand for."""
        self.foot_bits = [0] * self.nbytes * 8
        """Per square, its ``foot`` as a mask (0 where that is off the pitch)."""
        for i in self.col:
            j = self.foot(i)
            self.foot_bits[i] = 1 << j if j >= 0 else 0
        self.centre = self.index[(length // 2, (rows - 1) // 2)]
        self.last = (self._mask(lambda c, r: c == self.last_col(r)), self._mask(lambda c, r: c == 0))
        """Per side, the squares from which a step enters the end zone that side attacks (side 0 attacks the
        far end, the high columns; side 1 the near end)."""
        zone0 = self._mask(lambda c, r: c < line)
        self.zones = (zone0, self.mirror_mask(zone0))
        """Per side, the squares behind its 20-yard line (where it lines up)."""
        self.lines = (self._mask(lambda c, r: c == line - 1), self.mirror_mask(self._mask(lambda c, r: c == line - 1)))

    # ---- squares ----

    def last_col(self, row: int) -> int:
        return self.length - (row & 1)

    def _mask(self, pred) -> int:
        m = 0
        for i, c in self.col.items():
            if pred(c, self.row[i]):
                m |= 1 << i
        return m

    def sq(self, i: int) -> Square:
        return self.col[i], self.row[i]

    def at(self, c: int, r: int) -> int:
        return self.index[(c, r)]

    def mirror(self, i: int) -> int:
        """The square a half-turn of the board puts in place of ``i`` (the other side's view)."""
        c, r = self.sq(i)
        return self.index[(self.length - c - (r & 1), self.rows - 1 - r)]

    def mirror_mask(self, mask: int) -> int:
        out = 0
        for i in bits_of(mask):
            out |= 1 << self.mirror(i)
        return out

    def ids_of(self, mask: int, descending: bool = False) -> tuple[str, ...]:
        """The ids of the squares of ``mask`` in index order (column by column): one table look-up per
        byte of the mask (a C loop: this runs on every move)."""
        if not mask:
            return ()
        lo, hi = ((mask & -mask).bit_length() - 1) >> 3, (mask.bit_length() - 1) >> 3  # the bytes with squares
        if descending:  # big-endian bytes: the highest byte first, against tables kept in that order
            n = self.nbytes
            raw, tabs = mask.to_bytes(n, "big")[n - 1 - hi:n - lo], self._down[n - 1 - hi:n - lo]
        else:
            raw, tabs = mask.to_bytes(self.nbytes, "little")[lo:hi + 1], self._up[lo:hi + 1]
        return tuple(chain.from_iterable(map(_ByteIds.__getitem__, tabs, raw)))

    def nth(self, mask: int, k: int, descending: bool = False) -> int:
        """The square of ``mask`` that is ``k``-th (from 0) in index order, or in descending order: the set
        bits counted a byte at a time (a C loop), then within the byte."""
        if descending:
            k = mask.bit_count() - 1 - k
        lo = ((mask ^ (mask - 1)).bit_length() - 1) >> 3  # the bytes from the lowest square's on (no negative int)
        raw = (mask >> (lo << 3)).to_bytes(((mask.bit_length() + 7) >> 3) - lo, "little")
        totals = list(accumulate(raw.translate(_BYTE_COUNTS)))
        b = bisect(totals, k)
        return 8 * (lo + b) + _BYTE_BITS[raw[b]][k - (totals[b - 1] if b else 0)]

    def window(self, cols: int) -> tuple[int, int, int]:
        """The first ``cols`` columns: every position in them, and the even rows' squares and the odd rows'
        positions among them (a move's search runs there, shifted down to column 0)."""
        got = self._windows.get(cols)
        if got is None:
            window = (1 << cols * self.H) - 1
            got = self._windows[cols] = (window, self.even & window, self.odd_rows & window)
        return got

    def mask(self, squares: Iterable[int]) -> int:
        m = 0
        for i in squares:
            m |= 1 << i
        return m

    # ---- steps ----

    def spread(self, mask: int) -> int:
        """Every square next to a square of ``mask`` (``mask`` itself only where its squares touch)."""
        H = self.H
        t = (mask << 1) | (mask >> 1)  # the rows above and below; from an even row a column back, odd: on
        return ((mask << H) | (mask >> H) | t | ((t & self.odd_rows) >> H) | ((t & self.even) << H)) & self.exists

    def neighbours(self, i: int) -> list[int]:
        return bits_of(self.spread(1 << i))

    def foot(self, i: int) -> int:
        """A two-square figure's second square (Battleball's Heavy Tackle: ruling ``heavy-tackle-footprint``):
        the one below and half a square right of the first; -1 where that is off the pitch."""
        j = i + 1 + (self.H if self.row[i] & 1 else 0)
        return j if (self.exists >> j) & 1 and j != i else -1

    def anchors(self, mask: int) -> int:
        """The squares whose ``foot`` lies in ``mask``."""
        H = self.H
        return (((mask >> 1) & self.even) | ((mask >> (H + 1)) & self.odd)) & self.exists

    def distance(self, a: int, b: int) -> int:
        """Steps between two squares (the shared grid's cube distance, precomputed per square)."""
        ax, ay, az = self.cube[a]
        bx, by, bz = self.cube[b]
        return max(abs(ax - bx), abs(ay - by), abs(az - bz))

    def ring(self, mask: int, n: int) -> int:
        """The squares exactly ``n`` steps from the nearest square of ``mask``, nothing in the way."""
        if not n:
            return mask
        rings = self.around(mask, n)
        return rings[n] ^ rings[n - 1]

    def within(self, mask: int, n: int) -> int:
        """The squares 1 to ``n`` steps from ``mask`` (not ``mask`` itself)."""
        return self.around(mask, n)[n]

    def around(self, start: int, n: int) -> list[int]:
        """The squares 1 to k steps from ``start`` (not ``start`` itself) for every k from 0 to at least ``n``, by k
        (remembered per start: a move asks of its mover's square, a short pass of its receiver's three times)."""
        # one square is kept by its index, negated (an int hashes as its value modulo 2**61 - 1, so the masks
        # 1 << i of squares 61 apart would all share a slot)
        key = -start.bit_length() if start.bit_count() == 1 else start
        got = self._around.get(key)
        if got is None:
            if len(self._around) > 4096:
                self._around.clear()
            got = self._around[key] = [0]
        while len(got) <= n:
            seen = got[-1] | start
            got.append((seen | self.spread(seen)) ^ start)
        return got

    def next_to(self, mask: int) -> int:
        """The squares next to ``mask`` but not in it (remembered: a game asks it of the same occupancies
        again and again until a figure moves)."""
        table = self._next_to
        got = table.get(mask)
        if got is None:
            if len(table) > 4096:
                table.clear()
            got = table[mask] = self.spread(mask) & ~mask
        return got

    def region(self, seed: int, open_: int) -> int:
        """The squares of ``open_`` connected to ``seed`` (a flood fill)."""
        seen = frontier = seed & open_
        while frontier:
            frontier = self.spread(frontier) & open_ & ~seen
            seen |= frontier
        return seen

    def connected(self, seed: int, open_: int) -> int:
        """``region(seed, open_)`` from the connected parts of ``open_`` met before: each part is flood-filled
        once (on a board the open squares change rarely, the seeds often)."""
        parts = self._parts.get(open_)
        if parts is None:
            if len(self._parts) > 256:
                self._parts.clear()
            parts = self._parts[open_] = []
        seed &= open_
        out = 0
        for part in parts:
            if part & seed:
                out |= part
        rest = seed ^ (seed & out)  # (``a & ~b`` without a negative int, as in reach)
        while rest:
            part = self.region(rest & -rest, open_)
            parts.append(part)
            out |= part
            rest ^= rest & part
        return out


class _ByteIds(dict):
    """Byte value -> the ids of the squares its bits stand for, at byte ``k`` of a mask (filled on first use)."""

    def __init__(self, ids: dict[int, str], k: int, descending: bool) -> None:
        super().__init__({0: ()})
        self.ids, self.k, self.descending = ids, k, descending

    def __missing__(self, byte: int) -> tuple[str, ...]:
        got = tuple(self.ids[8 * self.k + b] for b in _BYTE_BITS[byte])
        self[byte] = got = got[::-1] if self.descending else got
        return got


def _cube(c: int, r: int) -> tuple[int, int, int]:
    x = c - (r - (r & 1)) // 2
    return x, -x - r, r


def reach(f: StaggeredGrid, start: int, steps: int, passable: int, stop: int, ball: int = 0, last: int = 0,
          carrying: bool = False) -> tuple[int, int, bool]:
    """Where a mover on square(s) ``start`` can stop within ``steps`` steps, as two masks and a flag:

    - the squares reached without the ball, and the squares reached having picked it up on ``ball``
      (a loose ball: entering its square may pick it up; a carrier is always "with the ball");
    - whether, with the ball, a step from a ``last`` square into the end zone is in reach.

    ``passable``: the squares the mover may enter (squares of ``f`` only); ``stop``: entering one ends the
    move (not the start).
    Occupied squares that may be passed through are the caller's to remove from the result."""
    if steps and not carrying:
        # Open ground: nothing in the way short of the last step (every square passable, no must-stop square,
        # no ball to pick up). The search would spread unhindered to the last step, which enters whatever
        # is passable (picking up a ball there): about half of the moves of a game, known from a few masks.
        rings = f.around(start, steps)
        inner = rings[steps - 1]
        if not (inner & ball) and not (inner ^ (inner & passable)) and not (inner & stop):
            near = rings[steps] & passable
            return near, near & ball, False
    # A step changes the column by one at most: the search runs on the columns in reach only (every operation
    # on these ints costs by their length), shifted down to column 0. The rows repeat column by column, so the
    # row masks of the window are the board's first columns'.
    H = f.H
    lo = max(0, ((start ^ (start - 1)).bit_length() - 1) // H - steps)  # (the lowest square, no negative int)
    hi = min(f.length, (start.bit_length() - 1) // H + steps)
    shift = lo * H
    window, even, odd = f.window(hi - lo + 1)
    if shift:
        start, passable, stop, ball, last = start >> shift, passable >> shift, stop >> shift, ball >> shift, last >> shift
    without, with_ball, td = _search(start, steps, passable & window, window ^ (window & stop), ball & window,
                                     last & window, carrying, H, even, odd)
    return without << shift, with_ball << shift, td


def _search(start: int, steps: int, passable: int, go: int, ball: int, last: int, carrying: bool,
            H: int, even: int, odd: int) -> tuple[int, int, bool]:
    """``reach`` on masks already cut to its window (``go``: the squares that are not must-stop squares)."""
    # One step in every direction at once, as in StaggeredGrid.spread: t is the rows above and below; from an even row
    # the diagonal steps go a column back (the odd rows of t, shifted down), from an odd row a column on.
    # (``a ^ (a & b)`` is ``a & ~b`` without a negative int, which costs CPython a conversion)
    if not ball and not carrying:  # the common case: one front, no ball on the way
        front, free = start, passable ^ (passable & start)
        open_ = free
        for k in range(steps):
            if k:
                front &= go
            t = (front << 1) | (front >> 1)
            new = (t | ((front | (t & even)) << H) | ((front | (t & odd)) >> H)) & free
            if not new:
                break
            free ^= new
            front = new
        return open_ ^ free, 0, False  # what was free and is no longer
    seen_a, seen_b = (0, start) if carrying else (start, 0)
    free_a, free_b = passable ^ (passable & seen_a), passable ^ (passable & seen_b)
    front_a, front_b = seen_a, seen_b
    td = False
    for k in range(steps):
        src_a = front_a if k == 0 else front_a & go
        src_b = front_b if k == 0 else front_b & go
        if src_b & last:
            td = True
        if src_a:
            t = (src_a << 1) | (src_a >> 1)
            new_a = (t | ((src_a | (t & even)) << H) | ((src_a | (t & odd)) >> H)) & free_a
        else:
            new_a = 0
        if src_b:
            t = (src_b << 1) | (src_b >> 1)
            new_b = (t | ((src_b | (t & even)) << H) | ((src_b | (t & odd)) >> H)) & free_b
        else:
            new_b = 0
        new_b |= new_a & ball & free_b
        free_a ^= new_a
        free_b ^= new_b
        seen_a |= new_a
        seen_b |= new_b
        front_a, front_b = new_a, new_b
        if not (new_a or new_b):
            break
    return seen_a ^ (seen_a & start), seen_b ^ (seen_b & start), td


@lru_cache(maxsize=16)
def staggered_grid(rows: int, length: int, line: int) -> StaggeredGrid:
    """The grid of a layout (made once: its caches of rings and ids are worth keeping across matches)."""
    return StaggeredGrid(rows, length, line)
