"""Figures on the on-screen field: who stands where, who is next to whom, and where a figure can move. Pure
functions over the state's ``pos`` (square of each fielded figure); the line-ups are in lineups.py.

Moves are journaled relative to the mover, as its captain sees the field: ``m2,-1`` is two squares forward
(towards the end zone the team attacks) and one to the left. The same answer means the same move for
either team, and random play can lean forwards by the answer alone.

Where a figure can go is searched on a small bitboard around it (refbox.engine.geometry.squares); what a search
finds depends only on the edges within reach and the crowd around, so it is kept by those, as plain ints, in the
ruleset's ``Moves`` (``Data.moves``).
"""

from __future__ import annotations

from itertools import compress, count
from typing import Callable

from refbox.engine.geometry.squares import Layers, Window, around, search
from refbox.engine.prompts import Legal
from refbox.games.monster_ball.data import Data
from refbox.games.monster_ball.models import State
from refbox.games.monster_ball.pitch import Pitch, Square

# ---- move ids ----

_IDS: dict[tuple[int, int], str] = {}
_STEPS: dict[str, tuple[int, int]] = {}
"""Move ids and their steps, both ways: every move is named and read many times a game (kept by their numbers:
at most one per offset on the board)."""


def move_id(forward: int, across: int) -> str:
    key = (forward, across)
    out = _IDS.get(key)
    if out is None:
        out = _IDS[key] = f"m{forward},{across}"
        _STEPS[out] = key
    return out


def parse_move(value: str) -> tuple[int, int] | None:
    """(forward, across) of a move id, or None if it is not one."""
    got = _STEPS.get(value)
    if got is not None:
        return got
    if not value.startswith("m") or "," not in value:
        return None
    try:
        f, a = (int(v) for v in value[1:].split(",", 1))
    except ValueError:
        return None
    if abs(f) > 100 or abs(a) > 100:  # no board is that big: not kept
        return f, a
    move_id(f, a)
    return f, a


def to_id(s: State, p: Pitch, pid: str, square: Square) -> str:
    f, a = p.relative(s.team_of(pid), s.pos[pid], square)
    return move_id(f, a)


def from_id(s: State, p: Pitch, pid: str, value: str) -> Square | None:
    step = parse_move(value)
    if step is None:
        return None
    return p.absolute(s.team_of(pid), s.pos[pid], *step)


# ---- who stands where ----


def down(s: State, pid: str) -> bool:
    """Knocked down or stunned: passed through freely, blocks nobody, catches nothing."""
    return pid in s.knocked or pid in s.stunned


def blockers(s: State, but: str | None = None) -> dict[Square, str]:
    """Square -> the standing figure on it (the first there, if a Hustle made two share it)."""
    out: dict[Square, str] = {}
    knocked, stunned = s.knocked, s.stunned
    for pid, sq in s.pos.items():
        if pid != but and pid not in knocked and pid not in stunned and sq not in out:
            out[sq] = pid
    return out


def blocker_at(s: State, square: Square, but: str | None = None) -> str | None:
    """The standing figure on ``square`` (the first there), as ``blockers`` would name it."""
    knocked, stunned = s.knocked, s.stunned
    for pid, sq in s.pos.items():
        if sq == square and pid != but and pid not in knocked and pid not in stunned:
            return pid
    return None


def occupied(s: State) -> set[Square]:
    return set(s.pos.values())


def figures_at(s: State, square: Square) -> list[str]:
    return [pid for pid, sq in s.pos.items() if sq == square]


def adjacent_standing(s: State, square: Square, team: int | None = None, but: tuple[str, ...] = ()) -> list[str]:
    """Standing figures next to ``square`` (of ``team`` if given), in squad order. A figure that won a Hustle
    into a square shares it: it counts as next to the others there."""
    near, knocked, stunned = around(square), s.knocked, s.stunned
    letter = None if team is None else "L" if team == 0 else "C"
    return [pid for pid, sq in s.pos.items() if sq in near and pid not in but and pid not in knocked
            and pid not in stunned and (letter is None or pid[0] == letter)]


def near_standing(s: State, square: Square, but: tuple[str, ...] = ()) -> list[str]:
    """Standing figures on ``square`` or next to it (where a falling ball can be caught), in squad order."""
    near, knocked, stunned = around(square), s.knocked, s.stunned
    return [pid for pid, sq in s.pos.items() if sq in near and pid not in but and pid not in knocked and pid not in stunned]


def in_grid(s: State, p: Pitch, grid: tuple[int, int], team: int | None = None) -> list[str]:
    grid_of = p.grids
    return [pid for pid, sq in s.pos.items()
            if grid_of[sq] == grid and p.in_field(sq) and not down(s, pid) and (team is None or s.team_of(pid) == team)]


def cheaters_in_grids(s: State, data: Data, squares: list[Square], team: int, kind: str) -> list[str]:
    """Standing figures of ``team`` whose cheat is ``kind``, in the grid of any of ``squares``, that may still
    cheat (not yet this round, not ejected), in the order they stand in ``s.pos``. Found from the few with that
    cheat (kept with the squad), not by walking the field: a pass and a hike ask every time."""
    have = data.squads.of(s, team).cheats.get(kind, ())
    if not have:
        return []
    pos, knocked, stunned, cheated = s.pos, s.knocked, s.stunned, s.cheated
    grid_of = data.pitch.grids
    grids = {grid_of[sq] for sq in squares}
    out = [pid for pid in have if pid in pos and grid_of[pos[pid]] in grids and pid not in knocked
           and pid not in stunned and pid not in cheated and not s.player(pid).ejected]
    if len(out) > 1:
        order = {pid: n for n, pid in enumerate(pos)}
        out.sort(key=order.__getitem__)
    return out


def steps_left(s: State, data: Data, pid: str) -> int:
    got = data.squads.of(s, 0 if pid[0] == "L" else 1).moves.get(pid)
    if got is None:
        s.player(pid)  # raises the RuleError for an unknown id
    return got - s.used.get(pid, 0)  # type: ignore[operator]


def field_squares(data: Data) -> frozenset[Square]:
    """The squares inside the field (end zones included)."""
    return data.pitch.field_squares


# ---- where a figure can go ----


class Frame:
    """A window (refbox.engine.geometry.squares) with the captain's key order: its squares on the board but the
    start, nearest first, then forward, then from the captain's left, each with its bit and its move id. Starts
    with the same edges within reach share one."""

    __slots__ = ("win", "number", "rows", "bits", "ids", "offsets", "by_id", "_ids")

    def __init__(self, number: int, r: int, team: int, board: tuple, enter: tuple, stop: tuple) -> None:
        self.win = Window(r, board, enter, stop)
        self.number = number
        """Tells frames apart in the shapes' keys (plain ints: the garbage collector skips such keys)."""
        x0, x1, y0, y1 = board
        self.rows = [(dx, dy, bit, move) for dx, dy, bit, move in _template(r, team)
                     if (dx or dy) and x0 <= dx + r <= x1 and y0 <= dy + r <= y1]
        self.bits = tuple(row[2] for row in self.rows)
        self.ids = tuple(row[3] for row in self.rows)
        self.offsets = tuple((row[0], row[1]) for row in self.rows)
        self.by_id = {move: (dx, dy, bit) for dx, dy, bit, move in self.rows}
        self._ids: dict[int, tuple[str, ...]] = {}

    def ids_of(self, squares: int) -> tuple[str, ...]:
        """The move ids of ``squares`` (window bits), in key order; kept (crowds differ, their reach less)."""
        got = self._ids.get(squares)
        if got is None:
            if len(self._ids) > 500:
                self._ids.clear()
            got = self._ids[squares] = tuple(compress(self.ids, map(squares.__and__, self.bits)))
        return got


class Shape:
    """Where a figure can go, relative to its square: destinations in key order as move ids (and offsets, worked
    out when asked), and the search's layers. One shape serves every square with the same surroundings (the
    same crowd around it, the same edges within reach)."""

    __slots__ = ("frame", "layers", "ids", "legal", "legal_key", "_offsets")

    def __init__(self, frame: Frame, layers: Layers) -> None:
        self.frame, self.layers = frame, layers
        self.ids = frame.ids_of(layers.hit)
        self.legal: Legal | None = None
        self.legal_key: tuple | None = None
        """A move's legal answers with these destinations, and what else they depend on (moves.move_to_legal)."""
        self._offsets: tuple | None = None

    @property
    def offsets(self) -> tuple[tuple[int, int], ...]:
        if self._offsets is None:
            frame = self.frame
            self._offsets = tuple(compress(frame.offsets, map(self.layers.hit.__and__, frame.bits)))
        return self._offsets

    def move(self, move_id: str) -> tuple[int, int, int | None] | None:
        """The destination of ``move_id`` as an offset with the steps to it (None for a Hustle), or None if
        the id (in its usual spelling) is not one of the destinations."""
        got = self.frame.by_id.get(move_id)
        if got is None or not got[2] & self.layers.hit:
            return None
        dx, dy, bit = got
        return dx, dy, self.layers.cost(bit)


class Reach:
    """A shape placed on the figure's square: its destinations as squares, for a free one the steps to it
    (``cost``), for an occupied one the square a Hustle into it is tried from (``hustle_from``)."""

    __slots__ = ("shape", "start", "ids", "_squares")

    def __init__(self, shape: Shape, start: Square) -> None:
        self.shape, self.start, self.ids, self._squares = shape, start, shape.ids, None

    @property
    def squares(self) -> tuple[Square, ...]:
        if self._squares is None:
            sx, sy = self.start
            self._squares = tuple((sx + dx, sy + dy) for dx, dy in self.shape.offsets)
        return self._squares

    def _bit(self, sq: Square) -> int:
        return self.shape.frame.win.bit(sq[0] - self.start[0], sq[1] - self.start[1])

    def cost(self, sq: Square) -> int | None:
        """Steps to a free destination (None if ``sq`` is not one)."""
        return self.shape.layers.cost(self._bit(sq))

    def hustle_from(self, sq: Square) -> Square | None:
        """The square a Hustle into occupied ``sq`` is tried from (None if ``sq`` is not a Hustle)."""
        bit = self._bit(sq)
        layers = self.shape.layers
        for c, layer in enumerate(layers.blocked):
            if layer & bit:
                a, b = self.shape.frame.win.first_around(bit, layers.launch[c])
                return sq[0] + a, sq[1] + b
        return None


def key_order(d: int) -> Callable[[tuple[int, int]], tuple[int, int, int]]:
    """The sort key of offsets in key order for the side attacking in direction ``d``: nearest first, then
    forward first, then from the captain's left."""
    return lambda o: (max(abs(o[0]), abs(o[1])), -o[0] * d, o[1] * d)


_TEMPLATES: dict[tuple[int, int], list] = {}


def _template(r: int, team: int) -> list[tuple[int, int, int, str]]:
    """Every offset within ``r`` steps, in key order (nearest, then forward, then from the captain's left), with
    its bit in a window and its move id (kept by ``r`` and side: a handful)."""
    got = _TEMPLATES.get((r, team))
    if got is None:
        d = 1 if team == 0 else -1
        w = 2 * r + 2
        offsets = [(dx, dy) for dy in range(-r, r + 1) for dx in range(-r, r + 1)]
        offsets.sort(key=key_order(d))
        got = _TEMPLATES[(r, team)] = [(dx, dy, 1 << ((dy + r) * w + dx + r), move_id(dx * d, dy * d)) for dx, dy in offsets]
    return got


class Moves:
    """What the figures' moves on one ruleset's pitch come to (``Data.moves``): frames by start, shapes by the
    crowd around, the regions of line-ups, kept by plain values and bounded."""

    __slots__ = ("pitch", "frames", "shared", "shapes", "last", "numbers", "regions", "orders", "ranks", "legals")

    def __init__(self, pitch: Pitch) -> None:
        self.pitch = pitch
        self.frames: dict[tuple, Frame] = {}
        """By start: (square, steps, side letter, carrier)."""
        self.shared: dict[tuple, Frame] = {}
        """By what a frame is made of (starts with the same edges within reach share it)."""
        self.shapes: dict[tuple, Shape] = {}
        """By frame number and the crowd's bits (standing, downed)."""
        self.last: tuple | None = None
        """The last shape found, with what it was found from: a move's answer is applied to the state its legal
        answers were listed for (compared by value, so a changed or copied state never reuses a stale one)."""
        self.numbers = count()
        self.regions: dict[tuple, frozenset[Square]] = {}
        self.orders: dict[tuple, tuple] = {}
        self.ranks: dict[int, tuple] = {}
        self.legals: dict[tuple, Legal] = {}

    def frame(self, start: Square, r: int, pid: str, carrier: bool) -> Frame:
        key = (start, r, pid[0], carrier)
        got = self.frames.get(key)
        if got is None:
            if len(self.frames) > 50000:
                self.frames.clear()
            got = self.frames[key] = self._frame(start, r, 0 if pid[0] == "L" else 1, carrier)
        return got

    def _frame(self, start: Square, r: int, team: int, carrier: bool) -> Frame:
        p = self.pitch
        sx, sy = start
        clip = lambda lo, hi, at: (max(0, lo - at + r), min(2 * r, hi - at + r))  # noqa: E731  (window coords)
        board = (*clip(0, p.cols - 1, sx), *clip(0, p.rows - 1, sy))
        field = (*clip(p.band, p.cols - p.band - 1, sx), *clip(p.band, p.rows - p.band - 1, sy))
        if carrier:  # anywhere on the board; stops out of bounds and in the end zone it attacks
            first, last = (p.last + 1, p.last + p.end_squares) if team == 0 else (p.first - p.end_squares, p.first - 1)
            x0, x1, y0, y1 = board
            fx0, fx1, fy0, fy1 = field
            band = ((x0, fx0 - 1, y0, y1), (fx1 + 1, x1, y0, y1), (x0, x1, y0, fy0 - 1), (x0, x1, fy1 + 1, y1))
            made = (r, team, board, board, (*band, (*clip(first, last, sx), fy0, fy1)))
        else:
            made = (r, team, board, field, ())
        got = self.shared.get(made)
        if got is None:
            got = self.shared[made] = Frame(next(self.numbers), *made)
        return got

    def shape(self, s: State, pid: str, steps: int) -> Shape:
        """Where ``pid`` can go with ``steps`` steps, relative to its square (see ``reach``)."""
        carrier = pid == s.carrier
        pos, knocked, stunned = s.pos, s.knocked, s.stunned
        last = self.last
        if (last is not None and last[0] == pid and last[1] == steps and last[2] == carrier and last[3] == pos
                and last[4] == knocked and last[5] == stunned):
            return last[6]
        start = pos[pid]
        frame = self.frames.get((start, steps, pid[0], carrier)) or self.frame(start, steps, pid, carrier)
        x0, y0, width = start[0] - steps, start[1] - steps, frame.win.w
        x1, y1 = x0 + 2 * steps, y0 + 2 * steps
        block = passable = 0
        down = None
        for other, (x, y) in pos.items():
            if x0 <= x <= x1 and y0 <= y <= y1 and other != pid:
                if down is None:
                    down = {*knocked, *stunned}
                if other in down:
                    passable |= 1 << ((y - y0) * width + x - x0)
                else:
                    block |= 1 << ((y - y0) * width + x - x0)
        key = (frame.number, block, passable)
        got = self.shapes.get(key)
        if got is None:
            if len(self.shapes) > 50000:
                self.shapes.clear()
            got = self.shapes[key] = Shape(frame, search(frame.win, block, passable))
        self.last = (pid, steps, carrier, dict(pos), list(knocked), list(stunned), got)
        return got

    def region(self, team: int, possession: int | None, to_go: int) -> frozenset[Square]:
        key = (team, possession, to_go)
        got = self.regions.get(key)
        if got is None:
            p = self.pitch
            if possession is None:
                got = frozenset(sq for sq in p.field_squares if p.own_half(team, sq[0]))
            else:
                line, d = p.ball_x(possession, to_go), p.direction(possession)
                if team == possession:
                    got = frozenset(sq for sq in p.field_squares if (sq[0] - line) * d <= 0)
                else:
                    got = frozenset(sq for sq in p.field_squares if (sq[0] - line) * d > 0)
            self.regions[key] = got  # at most two sides by the squares of the field
        return got

    def offset_ranks(self, team: int) -> tuple[dict[tuple[int, int], int], tuple[str, ...]]:
        """Every offset between two squares of the pitch -> its rank in key order (``key_order``), and by rank the
        offset's move id as ``team``'s captain names it."""
        got = self.ranks.get(team)
        if got is None:
            p = self.pitch
            d = p.direction(team)
            offsets = sorted(((dx, dy) for dx in range(1 - p.cols, p.cols) for dy in range(1 - p.rows, p.rows)), key=key_order(d))
            got = self.ranks[team] = ({o: k for k, o in enumerate(offsets)}, tuple(move_id(dx * d, dy * d) for dx, dy in offsets))
        return got


def reach(s: State, data: Data, pid: str, steps: int) -> Reach:
    """Where ``pid`` can move with ``steps`` steps: free squares with their cost, and occupied squares it can
    try to Hustle into, each with the square it tries from.

    Standing figures block (entering their square is a Hustle); downed or stunned figures are passed freely
    but not stopped on (nor Hustled from). Only the ball carrier may step out of bounds (the play ends) and a
    carrier stops in the end zone it attacks (a touchdown)."""
    return Reach(data.moves.shape(s, pid, steps), s.pos[pid])


def region(s: State, data: Data, team: int) -> frozenset[Square]:
    """Where ``team`` may stand before the snap or the kick: its own side of the line of scrimmage (of the 50
    at a kick-off), inside the field."""
    if kickoff_pending(s):
        return data.moves.region(team, None, 0)
    return data.moves.region(team, s.possession, s.to_go)


def kickoff_pending(s: State) -> bool:
    return s.kick is not None and s.kick.kind == "kickoff" and s.play is None

