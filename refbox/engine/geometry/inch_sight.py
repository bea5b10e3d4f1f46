"""What a straight move between two cell centres touches, exactly, as bit patterns (pure, stdlib only).

A mover's base is the unit square around its centre and it slides without turning, so it touches another
base (the unit square around a cell centre ``f``) exactly when its centre is in the closed square
``[f - 1, f + 1]^2`` (an edge or a corner in common), and overlaps it when its centre is inside that square.
For a move from ``a`` to ``a + (dx, dy)`` two sets of cells ``f`` matter, relative to ``a``:

- ``touched``: the move's centre meets ``f``'s closed square strictly between its two ends (so a move that only
  starts or only ends in contact with ``f`` does not touch it; one sliding along it does);
- ``overlapped``: the move's centre meets the open square anywhere (the two bases overlap).

Both are built once per offset, a column at a time (``column_spans``: each column's cells form one run, found
in integer arithmetic), as masks laid out like the field's (``H`` bits a column), to be ANDed with a field mask
shifted so that bit 0 is the corner ``a + (min(0, dx) - 1, min(0, dy) - 1)``:
``(mask >> (index(a) + shift)) & pattern``. ``meets`` answers the same for one cell (the tests' reference).
"""

from __future__ import annotations


def meets(fx: int, fy: int, dx: int, dy: int, closed: bool) -> bool:
    """Whether the move from (0, 0) to (dx, dy) meets the square around (fx, fy): for ``closed``, its closed
    square strictly between the ends (0 < t < 1); otherwise its open square anywhere (0 <= t <= 1).

    Squares are symmetric, so the move is reflected into the first quadrant; there the parameters at which the
    move enters and leaves each slab are fractions over ``dx * dy``, compared as integers."""
    if dx < 0:
        dx, fx = -dx, -fx
    if dy < 0:
        dy, fy = -dy, -fy
    if dx == 0 and dy == 0:
        return False
    if dy == 0:
        if not (abs(fy) <= 1 if closed else fy == 0):
            return False
        low, high, end = fx - 1, fx + 1, dx
    elif dx == 0:
        if not (abs(fx) <= 1 if closed else fx == 0):
            return False
        low, high, end = fy - 1, fy + 1, dy
    else:
        low = max((fx - 1) * dy, (fy - 1) * dx)
        high = min((fx + 1) * dy, (fy + 1) * dx)
        end = dx * dy
    if closed:
        return low <= high and low < end and high > 0
    return low < high and low < end and high > 0


class Sight:
    """The touched and overlapped patterns of every offset asked for, kept per column height ``H``."""

    def __init__(self, H: int) -> None:
        self.H = H
        self._cache: dict[tuple[int, int], tuple[int, int, int]] = {}

    def patterns(self, dx: int, dy: int) -> tuple[int, int, int]:
        """``(shift, touched, overlapped)`` for the move by (dx, dy)."""
        key = (dx, dy)
        got = self._cache.get(key)
        if got is None:
            got = self._cache[key] = self._build(dx, dy)
        return got

    def _build(self, dx: int, dy: int) -> tuple[int, int, int]:
        H = self.H
        xm, ym = min(0, dx) - 1, min(0, dy) - 1
        touched = overlapped = 0
        for fx, lo, hi, closed in column_spans(dx, dy):
            rows = ((1 << (hi - lo + 1)) - 1) << ((fx - xm) * H + (lo - ym))
            if closed:
                touched |= rows
            else:
                overlapped |= rows
        return xm * H + ym, touched, overlapped


def column_spans(dx: int, dy: int):
    """Per column ``fx`` of cells, the rows ``lo..hi`` whose square the move from (0, 0) to (dx, dy) meets, as
    ``(fx, lo, hi, closed)`` (closed: touched strictly between the ends; otherwise: overlapped). The move is
    reflected into the first quadrant; over a column's slab ``[fx - 1, fx + 1]`` the move's height runs between
    its values at the slab's ends, one either side, ends of the move excluded for touching."""
    sx, sy = (1 if dx >= 0 else -1), (1 if dy >= 0 else -1)
    ax, ay = abs(dx), abs(dy)
    if ax == 0:
        spans = [(fx, 0, ay, True) for fx in (-1, 0, 1)] + [(0, 0, ay, False)] if ay else []
    else:
        spans = []
        for fx in range(ax + 1):
            xa, xb = max(fx - 1, 0), min(fx + 1, ax)
            qa, qb = xa * ay, xb * ay  # heights at the slab's ends, times ax
            lo = (0 if ay else -1) if xa == 0 else -(-qa // ax) - 1
            hi = (ay if ay else 1) if xb == ax else qb // ax + 1
            spans.append((fx, lo, hi, True))
            spans.append((fx, qa // ax, -(-qb // ax), False))
    for fx, lo, hi, closed in spans:
        if sy > 0:
            yield sx * fx, lo, hi, closed
        else:
            yield sx * fx, -hi, -lo, closed
