"""Moving on the inch field: every cell a figure can end on within its Move, with the length of the shortest
legal path, measured as a tape measures (pure, stdlib only). The rule (Slargeball! ruling ``move-paths``):

- A path is straight legs between cell centres; its length is the sum of the legs' Euclidean lengths.
- It bends only at cells clear of every figure (in contact with nobody, standing or fallen) and of balls.
- A leg may not touch a standing figure's base (contact stops a mover), except that the path's last leg may end
  in contact, and its first leg may slide away from the figures the mover touched at the start (not into them).
- No leg may overlap a ball or leave the mover's area (the field; the field and the goal zones for a goalie);
  ``finish`` cells (a bunker, for a goalie carrying a ball) may only be a path's end.
- Fallen figures count like standing ones for a clean path. A path that touches or crosses them instead (ruling
  ``pile-crossing``) crosses a pile: ``Reach.piled`` lists where only such a path reaches, and ``crossing`` says
  which fallen figures it passes and where a mover that fails the pile roll falls.

The search is exact: Dijkstra over the visibility graph of every clear cell centre in range. From the start
every cell is checked for a straight leg (most pass, on an open field); the cells it cannot see are relaxed
from each bend in turn. ``inch_sight`` makes each leg's check two big-int operations. Routes at any distance:
``inch_route``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from heapq import heappop, heappush
from itertools import pairwise

from refbox.engine.geometry.inch_field import EPS, Cell, InchField, bits_of, disc, distance
from refbox.engine.geometry.inch_sight import Sight

_SIGHTS: dict[int, Sight] = {}
_ROOTS: list[float] = []
"""Square roots of whole numbers: the lengths of legs by their squared lengths (a list look-up beats hypot)."""


def _roots(budget: float) -> list[float]:
    top = int(2 * (budget + 1) ** 2) + 1
    if len(_ROOTS) < top:
        _ROOTS.extend(math.sqrt(n) for n in range(len(_ROOTS), top))
    return _ROOTS


def sight_of(F: InchField) -> Sight:
    got = _SIGHTS.get(F.H)
    if got is None:
        got = _SIGHTS[F.H] = Sight(F.H)
    return got


@dataclass(frozen=True, slots=True)
class Crossing:
    fallen: tuple[Cell, ...]
    """The fallen figures the path touches or crosses, in path order."""
    mired_at: Cell
    """Where the mover falls if it fails the pile roll: the free cell nearest to where it first touches the pile."""


@dataclass(slots=True)
class _Rules:
    """One search's masks (indexes of the field's bit layout)."""

    start: int
    closed: int
    """Bases a leg may not touch."""
    walls: int
    """Cells a leg may not overlap: balls and everything outside the mover's area."""
    first: tuple[int, int]
    later: tuple[int, int]
    """(touch-forbidden, overlap-forbidden) for the first leg and the others."""
    ends: int
    turns: int


@dataclass
class Reach:
    """Where one figure can end its move, with what each path measures."""

    start: Cell
    move: float
    clean: dict[Cell, float]
    """Cells reached without crossing a pile, with the shortest path's length (the start itself at 0)."""
    piled: dict[Cell, float]
    """Cells reached only across a pile (the pile roll), with the shortest such path's length."""
    exits: dict[Cell, float]
    """Cells of ``clean`` on the edge from which the figure can still run off (offside: it falls there)."""
    _field: InchField = field(repr=False)
    _parents: tuple[dict[int, int | None], dict[int, int | None]] = field(repr=False)
    _fallen: int = field(repr=False, default=0)
    _occupied: int = field(repr=False, default=0)
    _area: int = field(repr=False, default=0)

    def path(self, cell: Cell) -> list[Cell]:
        """The turning points of the shortest path to a cell of ``clean`` or ``piled``, start and end included."""
        which = 0 if cell in self.clean else 1
        if which == 1 and cell not in self.piled:
            raise KeyError(f"{cell} is out of reach")
        return _chain(self._field, self._parents[which], self._field.index(cell))

    def crossing(self, cell: Cell) -> Crossing:
        if cell not in self.piled:
            raise KeyError(f"{cell} is not reached across a pile")
        return crossing_of(self._field, self.path(cell), self._fallen, self._occupied, self._area)

    def exit_towards(self, cell: Cell) -> Cell | None:
        """The exit a figure running off towards ``cell`` (off the field) uses: the nearest to it, then the
        one the shortest path reaches."""
        if not self.exits:
            return None
        return min(self.exits, key=lambda e: (round(distance(e, cell), 9), self.exits[e], e))


def _chain(F: InchField, parents: dict[int, int | None], i: int) -> list[Cell]:
    out = []
    node: int | None = i
    while node is not None:
        out.append(F.cell(node))
        node = parents[node]
    return out[::-1]


def _all(F: InchField) -> int:
    return (1 << (F.cols * F.H)) - 1


def move_rules(F: InchField, start: Cell, standing: int, fallen: int, balls: int, area: int, finish: int,
               piles_block: bool) -> _Rules:
    """The masks of one search; with ``piles_block`` False fallen figures are no obstacle (the pile search)."""
    si = F.index(start)
    me = ~(1 << si)
    standing &= me
    fallen &= me
    closed = standing | fallen if piles_block else standing
    walls = (_all(F) & ~(area | finish)) | balls
    c0 = F.near(si) & closed
    occupied = standing | fallen | balls
    ends = (area | finish) & ~occupied
    blocked = F.dilate(closed)
    turns = area & ~occupied & ~blocked if piles_block else area & ~standing & ~balls & ~blocked
    return _Rules(si, closed, walls, (closed & ~c0, walls | c0), (closed, walls), ends, turns)


def _dijkstra(F: InchField, R: _Rules, budget: float,
              skip: int = 0) -> tuple[dict[int, float], dict[int, int | None]]:
    """Shortest legal paths from the start to every end cell within ``budget``, except the ``skip`` cells that
    cannot be bends: (lengths, parents) by index.

    Exact over the visibility graph of every clear cell: a bend can be anywhere (on a lattice, the best bend for
    arriving next to a figure at a legal angle may lie half-way). The masks are cut to the columns in range, so
    every leg's check shifts small ints; nodes get local numbers so the inner loop reads lists."""
    sight = sight_of(F)
    H = F.H
    si = R.start
    sx, sy = F.cell(si)
    reach_cols = int(budget + EPS) + 2
    lo_col = max(0, sx + F.bx - reach_cols)
    base = lo_col * H
    keep = (1 << ((2 * reach_cols + 1) * H)) - 1
    first = ((R.first[0] >> base) & keep, (R.first[1] >> base) & keep)
    later = ((R.later[0] >> base) & keep, (R.later[1] >> base) & keep)
    ends, turns = (R.ends & ~skip) >> base, R.turns >> base
    s_local = si - base
    near = within_steps(F, R, budget) >> base
    xs: list[int] = []
    ys: list[int] = []
    idx: list[int] = []
    is_turn: list[bool] = []
    g: list[float] = []
    par: list[int] = []
    pend: list[int] = []
    inf = math.inf
    patterns = sight.patterns
    for dx, dy, d in disc(budget):
        if not d or not F.on_grid((sx + dx, sy + dy)):
            continue
        i = s_local + dx * H + dy
        turn = (turns >> i) & 1
        if not (turn or (ends >> i) & 1) or not (near >> i) & 1:
            continue
        n = len(idx)
        xs.append(dx)
        ys.append(dy)
        idx.append(i)
        is_turn.append(bool(turn))
        shift, touch, over = patterns(dx, dy)
        k = s_local + shift
        if (first[0] >> k) & touch or (first[1] >> k) & over:
            g.append(inf)
            par.append(-1)
            pend.append(n)
        else:
            g.append(d)
            par.append(-2)  # the start
    heap = [(g[n], n) for n in range(len(idx)) if is_turn[n] and g[n] < inf]
    heap.sort()
    close, wall = later
    root = _roots(budget)
    cache = sight._cache
    todo = [(w, xs[w], ys[w]) for w in pend]
    pruned_at = -1.0
    while heap and todo:
        gv, v = heappop(heap)
        if gv > g[v] + EPS:
            continue
        if gv > budget - 1 + EPS:  # every leg is an inch or more
            break
        if gv > pruned_at + 0.5:  # drop what no later bend can improve: it is an inch or more further on
            todo = [t for t in todo if g[t[0]] > gv + 1]
            pruned_at = gv
        rem = budget - gv + EPS
        rem2 = rem * rem
        vx, vy, vi = xs[v], ys[v], idx[v]
        for w, x, y in todo:
            ddx, ddy = x - vx, y - vy
            d2 = ddx * ddx + ddy * ddy
            if d2 > rem2:
                continue
            nd = gv + root[d2]
            if nd >= g[w] - EPS:
                continue
            pat = cache.get((ddx, ddy)) or patterns(ddx, ddy)
            k = vi + pat[0]
            if (close >> k) & pat[1] or (wall >> k) & pat[2]:
                continue
            g[w], par[w] = nd, v
            if is_turn[w]:
                heappush(heap, (nd, w))
    lengths: dict[int, float] = {si: 0.0}
    parents: dict[int, int | None] = {si: None}
    for n, d in enumerate(g):
        if d < inf:
            lengths[idx[n] + base] = d
            p = par[n]
            parents[idx[n] + base] = si if p == -2 else idx[p] + base
    return lengths, parents


def within_steps(F: InchField, R: _Rules, budget: float) -> int:
    """The cells a legal path of at most ``budget`` inches could end on: a superset found by flooding, one step
    per inch, through the cells a legal leg can cross. A leg can cross a cell only if some quarter of the cell
    touches no base the leg must not touch (the three cells beside that quarter hold none), and a path of length
    L crosses a chain of at most L such cells, one step per column or row it advances."""
    H = F.H
    si = R.start
    c = R.closed & ~(F.near(si) & R.closed)
    east, west, south, north = c >> H, c << H, c >> 1, c << 1
    quarters = (~(east | south | (c >> (H + 1))) | ~(east | north | (c >> (H - 1)))
                | ~(west | south | (c << (H - 1))) | ~(west | north | (c << (H + 1))))
    crossable = (R.ends | R.turns) & ~R.walls & quarters
    reached = 1 << si
    for _ in range(int(budget + EPS) if budget < math.inf else F.cols * F.H):
        col = reached | (reached << 1) | (reached >> 1)
        grown = reached | ((col | (col << H) | (col >> H)) & crossable)
        if grown == reached:
            break
        reached = grown
    return reached | F.dilate(reached) & R.ends


def reach(F: InchField, start: Cell, move: float, *, standing: int = 0, fallen: int = 0, balls: int = 0,
          area: int | None = None, finish: int = 0) -> Reach:
    """Every cell a figure on ``start`` can end on within ``move`` inches. ``standing`` and ``fallen`` are the
    other figures' cells (the mover's own is ignored), ``balls`` the groundballs, ``area`` where it may stand
    (default: the field), ``finish`` cells it may end on but not cross (a bunker for a goalie with a ball)."""
    area = F.field if area is None else area
    clean_rules = move_rules(F, start, standing, fallen, balls, area, finish, True)
    g, parents = _dijkstra(F, clean_rules, move)
    clean = {F.cell(i): d for i, d in g.items() if (clean_rules.ends >> i) & 1 or i == clean_rules.start}
    piled: dict[Cell, float] = {}
    pile_parents: dict[int, int | None] = {}
    fallen_others = fallen & ~(1 << clean_rules.start)
    occupied = (standing | fallen | balls) & ~(1 << clean_rules.start)
    m = int(move + EPS) + 1
    if fallen_others & F.rect(start[0] - m, start[1] - m, start[0] + m, start[1] + m):
        pile_rules = move_rules(F, start, standing, fallen, balls, area, finish, False)
        known = F.mask(clean) & ~pile_rules.turns  # ends a clean path reaches: only bends matter there
        gp, pile_parents = _dijkstra(F, pile_rules, move, known)
        for i, d in gp.items():
            cell = F.cell(i)
            if (pile_rules.ends >> i) & 1 and cell not in clean:
                piled[cell] = d
    si = clean_rules.start
    stop = standing & ~(1 << si)
    exits = {}
    for cell, d in clean.items():
        i = F.index(cell)
        if d < move - EPS and F.near(i) & F.band and (i == si or not F.near(i) & stop) and not (finish >> i) & 1:
            exits[cell] = d
    return Reach(start, move, clean, piled, exits, F, (parents, pile_parents), fallen_others, occupied, area)


def crossing_of(F: InchField, path: list[Cell], fallen: int, occupied: int, area: int) -> Crossing:
    """The fallen figures a path touches or crosses (not counting those it starts or ends beside) and where a
    mover that fails the pile roll falls: the free cell of ``area`` nearest to the first touch."""
    sight = sight_of(F)
    start = F.index(path[0])
    c0 = F.near(start) & fallen
    seen: list[Cell] = []
    first_touch: tuple[float, float] | None = None
    for leg, (a, b) in enumerate(pairwise(path)):
        dx, dy = b[0] - a[0], b[1] - a[1]
        shift, touch, over = sight.patterns(dx, dy)
        k = F.index(a) + shift
        hit = (((fallen & ~c0) if leg == 0 else fallen) >> k) & touch
        if leg == 0:
            hit |= ((c0 >> k) & over)
        touched = []
        for p in bits_of(hit):
            f = F.cell(k + p)
            touched.append((_entry(a, dx, dy, f), f))
        if leg > 0:  # a bend beside a fallen figure touches it there (the pile search may bend so)
            touched.extend((0.0, f) for f in F.cells(F.near(F.index(a)) & fallen))
        for t, f in sorted(touched):
            if f not in seen:
                seen.append(f)
            if first_touch is None:
                first_touch = (a[0] + t * dx, a[1] + t * dy)
    if first_touch is None:
        raise ValueError("the path crosses no pile")
    free = area & ~occupied
    px, py = first_touch
    spots = [(math.hypot(c - px, r - py), distance(path[0], (c, r)), (c, r))
             for c in range(math.floor(px) - 2, math.ceil(px) + 3) for r in range(math.floor(py) - 2, math.ceil(py) + 3)
             if F.has(free, (c, r))]
    if not spots:
        near = F.free_spots((round(px), round(py)), occupied, area)
        return Crossing(tuple(seen), near[0] if near else path[0])
    return Crossing(tuple(seen), min(spots)[2])


def _entry(a: Cell, dx: int, dy: int, f: Cell) -> float:
    """The first parameter t at which the leg from ``a`` by (dx, dy) touches ``f``'s closed square."""
    lo = 0.0
    for p, d, q in ((a[0], dx, f[0]), (a[1], dy, f[1])):
        if d:
            t0, t1 = (q - 1 - p) / d, (q + 1 - p) / d
            lo = max(lo, min(t0, t1))
    return lo
