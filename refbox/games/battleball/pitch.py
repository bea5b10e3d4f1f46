"""Where the figures stand on refbox's board, and what follows from it: who is next to whom, where a mover can
go, where a loose ball may be put. Pure functions of the state and the board (``data.pitch``: its grid is
refbox.engine.geometry.staggered); no prompts, no rules flow."""

from __future__ import annotations

from itertools import chain

from refbox.engine.errors import RuleError
from refbox.engine.geometry.staggered import StaggeredGrid, reach
from refbox.engine.prompts import LazyIds
from refbox.games.battleball.data import Data, Pitch
from refbox.games.battleball.models import Positions, Ref, State


def key_of(data: Data, pid: str) -> str:
    place = data.places.get(pid)
    return place.key if place else ""


def code_of(data: Data, side: int, pid: str) -> str:
    place = data.places.get(pid)
    code = place.code if place else pid[:2]
    return code.upper() if side == 0 else code.lower()


def view_square(f: StaggeredGrid, i: int) -> tuple[int, int]:
    """A board square as the screen's board draws it (column 0 is the near end zone)."""
    return f.col[i] + 1, f.row[i]


# ---- figures on squares ----


def squares(p: Pitch, state: State, side: int, pid: str) -> list[int]:
    i = state.at[side][pid]
    return [i, p.grid.foot(i)] if pid in p.heavy else [i]


def figure(p: Pitch, state: State, side: int, pid: str) -> int:
    i = state.at[side][pid]
    return 1 << i | p.grid.foot_bits[i] if pid in p.heavy else 1 << i


def occupied(p: Pitch, state: State, side: int, skip: str | None = None) -> int:
    """The squares ``side``'s figures stand on (but ``skip``'s): their first feet, as their positions keep
    them, and the Heavy Tackles' second feet."""
    at = state.at[side]
    m = at.squares()
    feet = p.grid.foot_bits
    one = p.one_heavy
    if one is not None:  # the usual line-up: one Heavy Tackle
        i = at.get(one)
        if i is not None:
            m |= feet[i]
    else:
        for pid in p.heavy.intersection(at):
            m |= feet[at[pid]]
    if skip is not None:
        i = at.get(skip)
        if i is not None:  # his figure off the mask (``figure``, inline: every move asks)
            m ^= 1 << i | feet[i] if skip in p.heavy else 1 << i
    return m


def who_at(p: Pitch, state: State, i: int) -> Ref | None:
    for side in (0, 1):
        for pid in state.at[side]:
            if i in squares(p, state, side, pid):
                return Ref(side, pid)
    return None


def ball_squares(p: Pitch, state: State) -> int:
    """Where the ball is: its loose square, or the carrier's square(s) (0 off the board)."""
    if state.carrier is not None:
        return figure(p, state, state.carrier.team, state.carrier.id)
    return 1 << state.ball if state.ball is not None else 0


# ---- moving ----


def move_reach(p: Pitch, state: State, side: int, pid: str,
               steps: int) -> tuple[int, int, bool, int, int]:
    """For ``pid`` of ``side`` moving up to ``steps``: the squares he may end on without the ball, with the
    ball, whether the end zone is in reach (see staggered.reach), the squares where he must stop, and his
    team-mates' squares. A Heavy Tackle's squares are his first foot's (the second follows, side by side)."""
    f = p.grid
    # (``a ^ (a & b)`` is ``a & ~b`` without a negative int: those cost CPython a conversion each)
    opp = occupied(p, state, 1 - side)
    mates = occupied(p, state, side, skip=pid)
    open_ = f.exists ^ state.carnage  # the squares free of carnage
    near_opp = f.spread(opp)
    near_opp ^= near_opp & opp  # new each turn (the other side moved last): no use remembering
    passable = open_ ^ (open_ & (opp | ((mates & near_opp) if p.through_team_mates else mates)))
    empty = passable ^ (passable & mates)  # the same as open_ less opp and mates: passable has no opp
    if not p.stop_on_half_squares:
        empty ^= empty & f.half
    carrying = state.carries(side, pid)
    ball = 1 << state.ball if state.ball is not None else 0
    last, stop = f.last[side], near_opp
    if pid in p.heavy:
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


def in_contact(p: Pitch, state: State, side: int) -> bool:
    """Whether a player of ``side`` stands next to an opponent (``pairs`` is not empty)."""
    theirs = occupied(p, state, 1 - side)
    return bool(p.grid.next_to(theirs) & occupied(p, state, side))


def pairs(p: Pitch, state: State, side: int, first: str | None = None) -> list[tuple[str, str]]:
    """Every (our player, their player) standing next to each other; ``first``'s pairs lead."""
    f, ours, theirs = p.grid, state.at[side], state.at[1 - side]
    opp = occupied(p, state, 1 - side)
    if not f.next_to(occupied(p, state, side)) & opp:
        return []
    out = []
    targets = [(q, figure(p, state, 1 - side, q)) for q in theirs]
    for a in sorted(ours, key=lambda a: a != first):
        around = f.spread(figure(p, state, side, a))
        if around & opp:
            out.extend((a, q) for q, m in targets if around & m)
    return out


def adjacent_mates(p: Pitch, state: State, side: int, pid: str) -> list[str]:
    around = p.grid.spread(figure(p, state, side, pid))
    if not around & occupied(p, state, side, skip=pid):
        return []  # the common case, told by one mask
    return [q for q in state.at[side] if q != pid and around & figure(p, state, side, q)]


def distance(p: Pitch, state: State, a: Ref, b: Ref) -> int:
    """Squares from one figure to another, counted over everything in between (the nearest feet)."""
    return min(p.grid.distance(x, y) for x in squares(p, state, a.team, a.id)
               for y in squares(p, state, b.team, b.id))


# ---- halts ----


def scoring_possible(p: Pitch, state: State) -> bool:
    """Whether some side can still get to the ball and carry it into the end zone it attacks: the ball, one
    of that side's players and that end zone's last squares connected through squares free of carnage
    (figures move away; carnage stays until the field is cleared). A Heavy Tackle needs room for both his
    squares all the way (ruling ``halt-offered``)."""
    if state.carnage.bit_count() < (2 if state.edition >= 3 else 3):
        return True  # one token cannot wall anything in: every square has two neighbours or more (a corner
        # half square has exactly two: two tokens wall it, issue 39; edition 2 wanted three)
    seed = ball_squares(p, state)
    if not seed:
        return True
    f = p.grid
    open_ = f.exists ^ state.carnage
    region = f.connected(seed, open_)
    heavy = p.heavy
    c = state.carrier
    if c is not None and c.id not in heavy and region & f.last[c.team]:
        return True  # the carrier stands in the region (on the ball's square) and can run it in
    for side in (0, 1):
        last, at = f.last[side], state.at[side]
        if region & last and region & _light(p, at):
            return True
        if any(_heavy_can_score(f, open_, at[pid], seed, last) for pid in heavy.intersection(at)):
            return True
    return False


def _light(p: Pitch, at: Positions) -> int:
    """The squares of a side's one-square figures: every first foot (``Positions.squares``) but the two-square
    figures' (no two figures share a square)."""
    m = at.squares()
    one = p.one_heavy
    if one is not None:  # the usual line-up: one Heavy Tackle
        i = at.get(one)
        if i is not None:
            m ^= 1 << i
        return m
    for pid in p.heavy.intersection(at):
        m ^= m & (1 << at[pid])
    return m


def _heavy_can_score(f: StaggeredGrid, open_: int, at: int, ball: int, last: int) -> bool:
    """A Heavy Tackle on ``at`` can reach the ball and then the end zone's last squares, both of his squares
    on open squares at every step (he moves by his first square, as in move_reach)."""
    room = open_ & f.anchors(open_)
    reach = f.connected(1 << at, room)
    return bool(reach & (ball | f.anchors(ball))) and bool(reach & (last | f.anchors(last)))


# ---- squares as answers ----


def square_of(f: StaggeredGrid, value: object, allowed: int) -> int:
    """The square an answer names, refused unless it is one of ``allowed`` (a mask)."""
    i = f.by_id.get(str(value), -1)
    if i < 0 or not (allowed >> i) & 1:
        raise RuleError(f"{value!r} is not a square you can choose here.")
    return i


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
