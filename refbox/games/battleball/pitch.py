"""Where the figures stand, and what follows from it: who is next to whom, where a mover can go, where a
loose ball may be put. Pure functions of the state and the board (refbox.engine.geometry.staggered); no prompts, no rules flow."""

from __future__ import annotations

from itertools import chain

from refbox.engine.geometry.staggered import StaggeredGrid
from refbox.engine.geometry.staggered import reach, staggered_grid
from refbox.engine.prompts import LazyIds
from refbox.games.battleball.models import Data, Place, Positions, Ref, State


def board_of(data: Data) -> StaggeredGrid:
    f = _last[2] if _last[0] is data else _geo(data).field  # the same ruleset as last time: asked often
    assert f is not None, "the ruleset has no [board]"
    return f


class _Geo:
    """What a ruleset's board fixes, looked up on every input: the field, the formation entry of every player
    id, the ids of the two-square figures, and the squares next to the occupancies met so far."""

    __slots__ = ("data", "field", "places", "heavy", "one_heavy", "near")

    def __init__(self, data: Data) -> None:
        b = data.board
        self.data = data
        self.field = staggered_grid(b.rows, b.length, b.line) if b is not None else None
        self.places: dict[str, Place] = {p.id: p for p in b.formation} if b is not None else {}
        self.heavy = frozenset(pid for pid in self.places if _squares(data, pid) == 2)
        self.one_heavy = next(iter(self.heavy)) if len(self.heavy) == 1 else None
        """The id of the only two-square figure, where there is just one (the usual line-up: no set to walk)."""
        self.near: dict[int, int] = {}
        """Per mask of squares, the squares next to it (``near``)."""


_GEO: dict[int, _Geo] = {}
_last: list = [None, None, None, frozenset(), None]
"""The ruleset asked last, its _Geo, its field, its two-square figures' ids and the only one's (or None)."""


def _geo(data: Data) -> _Geo:
    if _last[0] is data:
        return _last[1]
    got = _GEO.get(id(data))
    if got is None or got.data is not data:
        got = _GEO[id(data)] = _Geo(data)
    _last[:] = data, got, got.field, got.heavy, got.one_heavy
    return got


def heavy_ids(data: Data) -> frozenset[str]:
    """The ids of the two-square figures."""
    return _last[3] if _last[0] is data else _geo(data).heavy


def _places(data: Data) -> tuple[dict[str, Place], frozenset[str]]:
    """The formation entry of every player id, and the ids of the two-square figures (cached per ruleset)."""
    g = _geo(data)
    return g.places, g.heavy


def _squares(data: Data, pid: str) -> int:
    for pos in data.positions:
        if pid == pos.short or (pid.startswith(pos.short) and pid[len(pos.short):].isdigit()):
            return pos.squares
    return 1


def place(data: Data, pid: str) -> Place | None:
    return _places(data)[0].get(pid)


def is_heavy(data: Data, pid: str) -> bool:
    return pid in heavy_ids(data)


def key_of(data: Data, pid: str) -> str:
    p = _places(data)[0].get(pid)
    return p.key if p else ""


def code_of(data: Data, side: int, pid: str) -> str:
    p = _places(data)[0].get(pid)
    code = p.code if p else pid[:2]
    return code.upper() if side == 0 else code.lower()


# ---- figures on squares ----


def squares(f: StaggeredGrid, data: Data, state: State, side: int, pid: str) -> list[int]:
    i = state.at[side][pid]
    return [i, f.foot(i)] if pid in heavy_ids(data) else [i]


def figure(f: StaggeredGrid, data: Data, state: State, side: int, pid: str) -> int:
    i = state.at[side][pid]
    return 1 << i | f.foot_bits[i] if pid in heavy_ids(data) else 1 << i


def occupied(f: StaggeredGrid, data: Data, state: State, side: int, skip: str | None = None) -> int:
    """The squares ``side``'s figures stand on (but ``skip``'s): their first feet, as their positions keep
    them, and the Heavy Tackles' second feet."""
    at = state.at[side]
    m = at.squares() if type(at) is Positions else Positions(at).squares()
    if _last[0] is data and _last[4] is not None:  # the usual line-up: one Heavy Tackle
        i = at.get(_last[4])
        if i is not None:
            m |= f.foot_bits[i]
    else:
        for pid in heavy_ids(data).intersection(at):
            m |= f.foot_bits[at[pid]]
    if skip is not None:
        i = at.get(skip)
        if i is not None:  # his figure off the mask (``figure``, inline: every move asks)
            m ^= 1 << i | f.foot_bits[i] if skip in heavy_ids(data) else 1 << i
    return m


def near(f: StaggeredGrid, data: Data, mask: int) -> int:
    """The squares next to ``mask`` but not in it (remembered: asked of the same occupancies all turn)."""
    table = _geo(data).near
    got = table.get(mask)
    if got is None:
        if len(table) > 4096:
            table.clear()
        got = table[mask] = f.spread(mask) & ~mask
    return got


_CARNAGE: dict[tuple[int, ...], int] = {}


def carnage(state: State) -> int:
    key = tuple(state.carnage)
    m = _CARNAGE.get(key)
    if m is None:
        m = 0
        for i in key:
            m |= 1 << i
        if len(_CARNAGE) > 4096:
            _CARNAGE.clear()
        _CARNAGE[key] = m
    return m


def who_at(f: StaggeredGrid, data: Data, state: State, i: int) -> Ref | None:
    for side in (0, 1):
        for pid in state.at[side]:
            if i in squares(f, data, state, side, pid):
                return Ref(team=side, id=pid)
    return None


def ball_squares(f: StaggeredGrid, data: Data, state: State) -> int:
    """Where the ball is: its loose square, or the carrier's square(s) (0 off the board)."""
    if state.carrier is not None:
        return figure(f, data, state, state.carrier.team, state.carrier.id)
    return 1 << state.ball if state.ball is not None else 0


# ---- moving ----


def move_reach(f: StaggeredGrid, data: Data, state: State, side: int, pid: str,
               steps: int) -> tuple[int, int, bool, int, int]:
    """For ``pid`` of ``side`` moving up to ``steps``: the squares he may end on without the ball, with the
    ball, whether the end zone is in reach (see staggered.reach), the squares where he must stop, and his
    team-mates' squares. A Heavy Tackle's squares are his first foot's (the second follows, side by side)."""
    b = data.board
    assert b is not None
    # (``a ^ (a & b)`` is ``a & ~b`` without a negative int: those cost CPython a conversion each)
    opp = occupied(f, data, state, 1 - side)
    mates = occupied(f, data, state, side, skip=pid)
    open_ = _open(f, state)[0]  # the squares free of carnage
    near_opp = f.spread(opp)
    near_opp ^= near_opp & opp  # new each turn (the other side moved last): no use remembering
    passable = open_ ^ (open_ & (opp | ((mates & near_opp) if b.through_team_mates else mates)))
    empty = passable ^ (passable & mates)  # the same as open_ less opp and mates: passable has no opp
    if not b.stop_on_half_squares:
        empty ^= empty & f.half
    c = state.carrier
    carrying = c is not None and c.team == side and c.id == pid
    ball = 1 << state.ball if state.ball is not None else 0
    last, stop = f.last[side], near_opp
    if pid in heavy_ids(data):
        passable &= f.anchors(passable)
        empty &= f.anchors(empty)
        stop |= f.anchors(stop)
        ball |= f.anchors(ball)
        last |= f.anchors(last)
    without, with_ball, td = reach(f, 1 << state.at[side][pid], steps, passable, stop, ball, last, carrying)
    without &= empty
    return without ^ (without & ball), with_ball & empty, td, stop, mates


def progress_ids(f: StaggeredGrid, mask: int, side: int) -> tuple[str, ...]:
    """The ids of the squares of ``mask``, farthest toward the end zone ``side`` attacks first (indexes are
    column by column, so that is index order, reversed for the side attacking the high columns)."""
    return f.ids_of(mask, descending=side == 0)


# ---- contact ----


def in_contact(f: StaggeredGrid, data: Data, state: State, side: int) -> bool:
    """Whether a player of ``side`` stands next to an opponent (``pairs`` is not empty)."""
    theirs = occupied(f, data, state, 1 - side)
    return bool(near(f, data, theirs) & occupied(f, data, state, side))


def pairs(f: StaggeredGrid, data: Data, state: State, side: int, first: str | None = None) -> list[tuple[str, str]]:
    """Every (our player, their player) standing next to each other; ``first``'s pairs lead."""
    ours, theirs = state.at[side], state.at[1 - side]
    opp = occupied(f, data, state, 1 - side)
    if not near(f, data, occupied(f, data, state, side)) & opp:
        return []
    out = []
    targets = [(q, figure(f, data, state, 1 - side, q)) for q in theirs]
    order = sorted(ours, key=lambda p: p != first)
    for p in order:
        around = f.spread(figure(f, data, state, side, p))
        if around & opp:
            out.extend((p, q) for q, m in targets if around & m)
    return out


def adjacent_mates(f: StaggeredGrid, data: Data, state: State, side: int, pid: str) -> list[str]:
    around = f.spread(figure(f, data, state, side, pid))
    if not around & occupied(f, data, state, side, skip=pid):
        return []  # the common case, told by one mask
    return [q for q in state.at[side] if q != pid and around & figure(f, data, state, side, q)]


def distance(f: StaggeredGrid, data: Data, state: State, a: Ref, b: Ref) -> int:
    """Squares from one figure to another, counted over everything in between (the nearest feet)."""
    return min(f.distance(x, y) for x in squares(f, data, state, a.team, a.id)
               for y in squares(f, data, state, b.team, b.id))


# ---- halts ----


_REGIONS: dict[tuple[StaggeredGrid, int], list[int]] = {}
"""Per board and mask of open squares, its connected parts found so far."""


_OPEN: dict[tuple[StaggeredGrid, tuple[int, ...]], tuple[int, list[int]]] = {}
"""Per board and carnage squares: the squares free of carnage, and their connected parts found so far."""


def _open(f: StaggeredGrid, state: State) -> tuple[int, list[int]]:
    key = (f, tuple(state.carnage))
    got = _OPEN.get(key)
    if got is None:
        if len(_OPEN) > 256:
            _OPEN.clear()
        open_ = f.exists & ~carnage(state)
        got = _OPEN[key] = (open_, _parts(f, open_))
    return got


def _parts(f: StaggeredGrid, open_: int) -> list[int]:
    key = (f, open_)
    parts = _REGIONS.get(key)
    if parts is None:
        if len(_REGIONS) > 256:
            _REGIONS.clear()
        parts = _REGIONS[key] = []
    return parts


def _region(f: StaggeredGrid, open_: int, seed: int, parts: list[int] | None = None) -> int:
    """``f.region(seed, open_)`` from the connected parts of ``open_`` met before (carnage changes rarely, the
    ball often: each part is flood-filled once)."""
    if parts is None:
        parts = _parts(f, open_)
    seed &= open_
    out = 0
    for part in parts:
        if part & seed:
            out |= part
    rest = seed ^ (seed & out)  # (``a & ~b`` without a negative int, as in move_reach)
    while rest:
        part = f.region(rest & -rest, open_)
        parts.append(part)
        out |= part
        rest ^= rest & part
    return out


def scoring_possible(f: StaggeredGrid, data: Data, state: State) -> bool:
    """Whether some side can still get to the ball and carry it into the end zone it attacks: the ball, one
    of that side's players and that end zone's last squares connected through squares free of carnage
    (figures move away; carnage stays until the field is cleared). A Heavy Tackle needs room for both his
    squares all the way (ruling ``halt-offered``)."""
    if len(state.carnage) < 3:
        return True  # fewer tokens cannot wall anything in
    seed = ball_squares(f, data, state)
    if not seed:
        return True
    open_, parts = _open(f, state)
    region = _region(f, open_, seed, parts)
    heavy = heavy_ids(data)
    c = state.carrier
    if c is not None and c.id not in heavy and region & f.last[c.team]:
        return True  # the carrier stands in the region (on the ball's square) and can run it in
    for side in (0, 1):
        last, at = f.last[side], state.at[side]
        if region & last and region & _light(data, at):
            return True
        if any(_heavy_can_score(f, open_, at[pid], seed, last) for pid in heavy.intersection(at)):
            return True
    return False


def _light(data: Data, at: dict[str, int]) -> int:
    """The squares of a side's one-square figures: every first foot (``Positions.squares``) but the two-square
    figures' (no two figures share a square)."""
    m = at.squares() if type(at) is Positions else Positions(at).squares()
    if _last[0] is data and _last[4] is not None:  # the usual line-up: one Heavy Tackle
        i = at.get(_last[4])
        if i is not None:
            m ^= 1 << i
        return m
    for pid in heavy_ids(data).intersection(at):
        m ^= m & (1 << at[pid])
    return m


def _heavy_can_score(f: StaggeredGrid, open_: int, at: int, ball: int, last: int) -> bool:
    """A Heavy Tackle on ``at`` can reach the ball and then the end zone's last squares, both of his squares
    on open squares at every step (he moves by his first square, as in move_reach)."""
    room = open_ & f.anchors(open_)
    reach = _region(f, room, 1 << at)
    return bool(reach & (ball | f.anchors(ball))) and bool(reach & (last | f.anchors(last)))


# ---- squares as answers ----


class SquareIds(LazyIds):
    """Answer ids that are squares: a few words first (``head``), then the squares of each mask of ``groups``
    (a mask, and whether its squares are listed in descending index order), written out only on demand."""

    __slots__ = ("field", "groups")

    def __init__(self, f: StaggeredGrid, head: tuple[str, ...], groups: tuple[tuple[int, bool], ...]) -> None:
        size = len(head)
        for mask, _ in groups:
            size += mask.bit_count()
        self.head, self.size, self._all, self.field, self.groups = head, size, None, f, groups

    def _rest(self, k: int) -> str:
        f = self.field
        for mask, descending in self.groups:
            n = mask.bit_count()
            if k < n:
                return f.ids[f.nth(mask, k, descending)]
            k -= n
        raise IndexError("answer index out of range")

    def _listed(self) -> tuple[str, ...]:
        ids_of = self.field.ids_of
        return self.head + tuple(chain.from_iterable(ids_of(m, d) for m, d in self.groups))

    def __contains__(self, value: object) -> bool:
        if value in self.head:
            return True
        i = self.field.by_id.get(value) if isinstance(value, str) else None
        return i is not None and any((m >> i) & 1 for m, _ in self.groups)
