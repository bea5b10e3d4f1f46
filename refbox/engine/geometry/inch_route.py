"""The shortest-looking route between two cells at any distance on the inch field (pure, stdlib only).

Theta*: a grid search over the free cells in which every cell keeps the bend it is seen from. Only clear cells
(in contact with nobody) can be bends; a cell next to a figure is crossed by a leg, or ends the route. Every
leg is checked with the same rules as ``inch_reach`` (ruling ``move-paths``), so a route is always a legal path;
but with bends on a lattice it is not always the shortest, and it can miss a way that only a slanting leg
through a gap between figures finds (tests bound both against the exact search). Within a Move use
``inch_reach.reach``, which is exact.
"""

from __future__ import annotations

import math
from heapq import heappop, heappush

from refbox.engine.geometry.inch_field import EPS, Cell, InchField, distance
from refbox.engine.geometry.inch_reach import move_rules, sight_of, within_steps


def route(F: InchField, a: Cell, b: Cell, *, standing: int = 0, fallen: int = 0, balls: int = 0,
          area: int | None = None, finish: int = 0, through_piles: bool = False) -> tuple[list[Cell], float] | None:
    """A short legal path from ``a`` to ``b``, as (turning points, length), or None when this search finds
    none. With ``through_piles`` fallen figures do not block (the path may need the pile roll)."""
    area = F.field if area is None else area
    R = move_rules(F, a, standing, fallen, balls, area, finish, not through_piles)
    si, bi = F.index(a), F.index(b)
    if si == bi:
        return [a], 0.0
    if not (R.ends >> bi) & 1:
        return None
    H = F.H
    patterns = sight_of(F).patterns
    first, later = R.first, R.later

    def clear(u: int, w: int) -> bool:
        forbid = first if u == si else later
        shift, touch, over = patterns(w // H - u // H, w % H - u % H)
        k = u + shift
        return not ((forbid[0] >> k) & touch or (forbid[1] >> k) & over)

    if clear(si, bi):
        return [a, b], distance(a, b)
    size = (F.cols * H + 7) // 8
    free = (R.ends & ~finish | (1 << bi)).to_bytes(size, "little")
    bends = (R.turns | (1 << si)).to_bytes(size, "little")
    steps = (-H - 1, -H, -H + 1, -1, 1, H - 1, H, H + 1)
    bx, by = divmod(bi, H)
    hypot = math.hypot
    g = {si: 0.0}
    parent = {si: si}
    """Per cell reached, the bend it is seen from (the start for the start)."""
    last = {si: si}
    """Per cell reached, the last bend of the grid walk that reached it: the other bend it may be seen from."""
    closed: set[int] = set()
    heap = [(hypot(bx - si // H, by - si % H), si)]
    while heap:
        _, v = heappop(heap)
        if v in closed:
            continue
        if len(closed) == 400 and not (within_steps(F, R, math.inf) >> bi) & 1:
            return None  # a long search: make sure the end is not walled off before searching on
        if v == bi:
            path = [bi]
            while path[-1] != si:
                path.append(parent[path[-1]])
            return [F.cell(i) for i in reversed(path)], g[bi]
        closed.add(v)
        p = parent[v]
        px, py = divmod(p, H)
        q = v if bends[v >> 3] >> (v & 7) & 1 else last[v]
        qx, qy = divmod(q, H)
        for s in steps:
            w = v + s
            if w in closed or not free[w >> 3] >> (w & 7) & 1:
                continue
            wx, wy = divmod(w, H)
            old = g.get(w, math.inf)
            cost = g[p] + hypot(wx - px, wy - py)
            if cost < old - EPS and clear(p, w):
                g[w], parent[w] = cost, p
            elif q != p and (cost := g[q] + hypot(wx - qx, wy - qy)) < old - EPS and clear(q, w):
                g[w], parent[w] = cost, q
            else:
                continue
            last[w] = q
            heappush(heap, (g[w] + hypot(bx - wx, by - wy), w))
    return None
