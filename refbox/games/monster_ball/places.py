"""Figures on the on-screen field: who stands where, who is next to whom, where a figure can move, and the
default line-ups. Pure functions over the state's ``pos`` (square of each fielded figure).

Moves are journaled relative to the mover, as its captain sees the field: ``m2,-1`` is two squares forward
(towards the end zone the team attacks) and one to the left. The same answer means the same move for
either team, and random play can lean forwards by the answer alone.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress, count
from typing import Callable

from refbox.games.monster_ball.data import Data, Slot
from refbox.games.monster_ball.models import State
from refbox.games.monster_ball.pitch import Pitch, Square, pitch_of


_PITCHES: dict[int, tuple] = {}


_LAST_PITCH: list = [None, None]
"""The ruleset data asked last and its pitch: every look-up but the first is for it."""


def pitch(data: Data) -> Pitch:
    last = _LAST_PITCH
    if last[0] is data:
        return last[1]
    got = _PITCHES.get(id(data))
    if got is None or got[0] is not data:
        got = _PITCHES[id(data)] = (data, pitch_of(data.field))
    last[0], last[1] = data, got[1]
    return got[1]


# ---- move ids ----

_IDS: dict[tuple[int, int], str] = {}
_STEPS: dict[str, tuple[int, int]] = {}


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
    x, y = square
    knocked, stunned = s.knocked, s.stunned
    out = []
    for pid, (px, py) in s.pos.items():
        if (-1 <= px - x <= 1 and -1 <= py - y <= 1 and pid not in but and pid not in knocked and pid not in stunned
                and (team is None or (pid[0] == "C") == (team == 1))):
            out.append(pid)
    return out


def near_standing(s: State, square: Square, but: tuple[str, ...] = ()) -> list[str]:
    """Standing figures on ``square`` or next to it (where a falling ball can be caught), in squad order."""
    x, y = square
    return [pid for pid, (px, py) in s.pos.items()
            if abs(px - x) <= 1 and abs(py - y) <= 1 and pid not in but and not down(s, pid)]


def in_grid(s: State, p: Pitch, grid: tuple[int, int], team: int | None = None) -> list[str]:
    grid_of = _grids(p)
    return [pid for pid, sq in s.pos.items()
            if grid_of[sq] == grid and p.in_field(sq) and not down(s, pid) and (team is None or s.team_of(pid) == team)]


def cheaters_in_grids(s: State, data: Data, squares: list[Square], team: int, kind: str) -> list[str]:
    """Standing figures of ``team`` whose cheat is ``kind``, in the grid of any of ``squares``, that may still
    cheat (not yet this round, not ejected), in the order they stand in ``s.pos``. Found from the few with that
    cheat (kept with the squad), not by walking the field: a pass and a hike ask every time."""
    have = _flow.with_cheat(s, data, team, kind)
    if not have:
        return []
    pos, knocked, stunned, cheated = s.pos, s.knocked, s.stunned, s.cheated
    grid_of = _grids(pitch(data))
    grids = {grid_of[sq] for sq in squares}
    out = [pid for pid in have if pid in pos and grid_of[pos[pid]] in grids and pid not in knocked
           and pid not in stunned and pid not in cheated and not s.player(pid).ejected]
    if len(out) > 1:
        order = {pid: n for n, pid in enumerate(pos)}
        out.sort(key=order.__getitem__)
    return out


@lru_cache(maxsize=8)
def _grids(p: Pitch) -> dict[Square, tuple[int, int]]:
    """The grid of every square of the board (Pitch.grid_of, looked up)."""
    return {sq: p.grid_of(sq) for sq in p.grid.squares()}


def steps_left(s: State, data: Data, pid: str) -> int:
    got = _flow.squad_facts(s, data, 0 if pid[0] == "L" else 1)[0].get(pid)  # as the menu asks
    if got is None:
        s.player(pid)  # raises the RuleError for an unknown id
    return got - s.used.get(pid, 0)  # type: ignore[operator]


# ---- where a figure can go ----


@lru_cache(maxsize=8)
def _areas(p: Pitch) -> tuple[frozenset, tuple[frozenset, frozenset]]:
    field = frozenset(sq for sq in p.grid.squares() if p.in_field(sq))
    ends = tuple(frozenset(sq for sq in field if p.in_end_zone(t, sq[0])) for t in (0, 1))
    return field, ends  # type: ignore[return-value]


_BY_DATA: dict[int, tuple] = {}


def field_squares(data: Data) -> frozenset[Square]:
    """The squares inside the field (end zones included), in one look-up."""
    last = _LAST_FIELD
    if last[0] is data:
        return last[1]
    got = _BY_DATA.get(id(data))
    if got is None or got[0] is not data:
        got = _BY_DATA[id(data)] = (data, _areas(pitch(data))[0])
    last[0], last[1] = data, got[1]
    return got[1]


_LAST_FIELD: list = [None, None]
"""The data asked last and its field squares (the action menu asks every time)."""


_EIGHT = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
"""The squares around, in the order Pitch.neighbours gives them."""


class Shape:
    """Where a figure can go, relative to its square: destinations in key order (nearest first, then forward,
    then from the captain's left) as move ids (and offsets, worked out when asked), and the search's layers.
    One shape serves every square with the same surroundings (the same crowd around it, the same edges within
    reach)."""

    __slots__ = ("ids", "win", "hit", "layers", "hustle_layers", "launch", "legal", "legal_key", "_offsets")

    def __init__(self, win, hit, layers, hustle_layers, launch) -> None:
        self.win, self.hit = win, hit
        self.ids = win.ids_of(hit)
        self.layers, self.hustle_layers, self.launch = layers, hustle_layers, launch
        self.legal, self.legal_key = None, None
        """A move's legal answers with these destinations, and what else they depend on (moves.move_to_legal)."""
        self._offsets = None

    @property
    def offsets(self) -> tuple[tuple[int, int], ...]:
        if self._offsets is None:
            self._offsets = tuple(compress(self.win.offsets, map(self.hit.__and__, self.win.bits)))
        return self._offsets

    def move(self, move_id: str) -> tuple[int, int, int | None] | None:
        """The destination of ``move_id`` as an offset with the steps to it (None for a Hustle), or None if
        the id (in its usual spelling) is not one of the destinations."""
        got = self.win.by_id.get(move_id)
        if got is None or not got[2] & self.hit:
            return None
        dx, dy, bit = got
        for c, layer in enumerate(self.layers, 1):
            if layer & bit:
                return dx, dy, c
        return dx, dy, None


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

    def _local(self, sq: Square) -> int:
        r = self.shape.win.r
        dx, dy = sq[0] - self.start[0] + r, sq[1] - self.start[1] + r
        if 0 <= dx <= 2 * r and 0 <= dy <= 2 * r:
            return 1 << (dy * self.shape.win.w + dx)
        return 0

    def cost(self, sq: Square) -> int | None:
        """Steps to a free destination (None if ``sq`` is not one)."""
        bit = self._local(sq)
        for c, layer in enumerate(self.shape.layers, 1):
            if layer & bit:
                return c
        return None

    def hustle_from(self, sq: Square) -> Square | None:
        """The square a Hustle into occupied ``sq`` is tried from (None if ``sq`` is not a Hustle)."""
        bit = self._local(sq)
        for c, layer in enumerate(self.shape.hustle_layers):
            if layer & bit:
                a, b = self.shape.win.first_around(bit, self.shape.launch[c])
                return sq[0] + a, sq[1] + b
        return None


class Window:
    """The squares within ``r`` steps of a start, as a small bitboard of its own (rows of 2r + 1 squares and a
    guard column, so shifting a row never wraps into the next), in coordinates relative to the start: which of
    them are on the board, may be entered, or stop a mover. Starts with the same edges within reach share one."""

    def __init__(self, r: int, team: int, board: tuple, enter: tuple, stop: tuple) -> None:
        self.r, self.w = r, 2 * r + 2
        self.board, self.enter = _rect(r, *board), _rect(r, *enter)
        self.stop = 0
        for rect in stop:
            self.stop |= _rect(r, *rect)
        x0, x1, y0, y1 = board
        self.rows = [(dx, dy, bit, move) for dx, dy, bit, move in _template(r, team)
                     if (dx or dy) and x0 <= dx + r <= x1 and y0 <= dy + r <= y1]
        """Every square of the board in the window but the start, in key order: offset, bit and move id."""
        self.origin = 1 << (r * self.w + r)
        self.number = next(_WINDOW_NUMBERS)
        """Tells windows apart in the shapes' keys (plain ints: the garbage collector skips such keys)."""
        self.bits = tuple(row[2] for row in self.rows)
        self.ids = tuple(row[3] for row in self.rows)
        self.offsets = tuple((row[0], row[1]) for row in self.rows)
        self.by_id = {move: (dx, dy, bit) for dx, dy, bit, move in self.rows}
        self.around = tuple((a, b, b * self.w + a) for a, b in _EIGHT)
        """The squares around, in Pitch.neighbours' order: offset and shift of the bit."""
        self._ids: dict[int, tuple[str, ...]] = {}

    def ids_of(self, squares: int) -> tuple[str, ...]:
        """The move ids of ``squares`` (window bits), in key order; kept (crowds differ, their reach less)."""
        got = self._ids.get(squares)
        if got is None:
            if len(self._ids) > 500:
                self._ids.clear()
            got = self._ids[squares] = tuple(compress(self.ids, map(squares.__and__, self.bits)))
        return got

    def first_around(self, bit: int, among: int) -> tuple[int, int]:
        """The offset of the first square around ``bit`` (in Pitch.neighbours' order) that is in ``among``."""
        for a, b, shift in self.around:
            if (bit << shift if shift >= 0 else bit >> -shift) & among:
                return a, b
        raise ValueError("no square around is in the set")


def _rect(r: int, x0: int, x1: int, y0: int, y1: int) -> int:
    """The bits of a window's rectangle (inclusive window coordinates; empty if x0 > x1 or y0 > y1)."""
    if x0 > x1 or y0 > y1:
        return 0
    w, row, out = 2 * r + 2, ((1 << (x1 - x0 + 1)) - 1) << x0, 0
    for y in range(y0, y1 + 1):
        out |= row << (y * w)
    return out


def key_order(d: int) -> Callable[[tuple[int, int]], tuple[int, int, int]]:
    """The sort key of offsets in key order for the side attacking in direction ``d``: nearest first, then
    forward first, then from the captain's left."""
    return lambda o: (max(abs(o[0]), abs(o[1])), -o[0] * d, o[1] * d)


@lru_cache(maxsize=64)
def _template(r: int, team: int) -> list[tuple[int, int, int, str]]:
    """Every offset within ``r`` steps, in key order (nearest, then forward, then from the captain's left), with
    its bit in a window and its move id."""
    d = 1 if team == 0 else -1
    w = 2 * r + 2
    offsets = [(dx, dy) for dy in range(-r, r + 1) for dx in range(-r, r + 1)]
    offsets.sort(key=key_order(d))
    return [(dx, dy, 1 << ((dy + r) * w + dx + r), move_id(dx * d, dy * d)) for dx, dy in offsets]


_WINDOWS: dict[Pitch, dict[tuple, Window]] = {}
"""By pitch, then by start: (square, steps, team, carrier) -> the window, shared by starts with the same edges
(keys of plain values: the garbage collector skips them)."""
_SHARED: dict[tuple, Window] = {}
_SHAPES: dict[tuple, Shape] = {}
_WINDOW_NUMBERS = count()


def window(p: Pitch, start: Square, r: int, team: int, carrier: bool) -> Window:
    windows = _WINDOWS.get(p)
    if windows is None:
        if len(_WINDOWS) > 8:
            _WINDOWS.clear()
        windows = _WINDOWS[p] = {}
    key = (start, r, team, carrier)
    win = windows.get(key)
    if win is None:
        if len(windows) > 50000:
            windows.clear()
        sx, sy = start
        clip = lambda lo, hi, at: (max(0, lo - at + r), min(2 * r, hi - at + r))  # noqa: E731  (window coords)
        board = (*clip(0, p.cols - 1, sx), *clip(0, p.rows - 1, sy))
        field = (*clip(p.band, p.cols - p.band - 1, sx), *clip(p.band, p.rows - p.band - 1, sy))
        if carrier:  # anywhere on the board; stops out of bounds and in the end zone it attacks
            first, last = (p.last + 1, p.last + p.end_squares) if team == 0 else (p.first - p.end_squares, p.first - 1)
            x0, x1 = board[0], board[1]
            y0, y1 = board[2], board[3]
            fx0, fx1, fy0, fy1 = field
            band = ((x0, fx0 - 1, y0, y1), (fx1 + 1, x1, y0, y1), (x0, x1, y0, fy0 - 1), (x0, x1, fy1 + 1, y1))
            stop = (*band, (*clip(first, last, sx), fy0, fy1))
            shared = (r, team, board, board, stop)
        else:
            shared = (r, team, board, field, ())
        win = _SHARED.get(shared)
        if win is None:
            win = _SHARED[shared] = Window(*shared)
        windows[key] = win
    return win


def reach(s: State, p: Pitch, pid: str, steps: int) -> Reach:
    """Where ``pid`` can move with ``steps`` steps: free squares with their cost, and occupied squares it can
    try to Hustle into, each with the square it tries from.

    Standing figures block (entering their square is a Hustle); downed or stunned figures are passed freely
    but not stopped on (nor Hustled from). Only the ball carrier may step out of bounds (the play ends) and a
    carrier stops in the end zone it attacks (a touchdown)."""
    return Reach(shape(s, p, pid, steps), s.pos[pid])


_LAST_WINDOWS: list = [None, {}]
"""The pitch asked last, and its windows by start, steps, side letter and carrier (as ``window`` keeps them)."""
_LAST_SHAPE: list = [None]
"""The last shape found, with what it was found from: a move's answer is applied to the state its legal
answers were listed for (compared by value, so a changed or copied state never reuses a stale one)."""


def shape(s: State, p: Pitch, pid: str, steps: int) -> Shape:
    """``reach`` without its squares (a move's legal answers need only the ids)."""
    carrier = pid == s.carrier
    pos, knocked, stunned = s.pos, s.knocked, s.stunned
    last = _LAST_SHAPE[0]
    if (last is not None and last[0] == pid and last[1] == steps and last[2] == carrier and last[3] is p
            and last[4] == pos and last[5] == knocked and last[6] == stunned):
        return last[7]
    got = _shape(pos, knocked, stunned, p, pid, steps, carrier)
    _LAST_SHAPE[0] = (pid, steps, carrier, p, dict(pos), list(knocked), list(stunned), got)
    return got


def _shape(pos: dict, knocked: list, stunned: list, p: Pitch, pid: str, steps: int, carrier: bool) -> Shape:
    start = pos[pid]
    last = _LAST_WINDOWS  # window(), its usual case inline: the pitch asked last, a start met before
    win = last[1].get((start, steps, pid[0], carrier)) if last[0] is p else None
    if win is None:
        win = window(p, start, steps, 0 if pid[0] == "L" else 1, carrier)
        if last[0] is not p:
            last[:] = p, {}
        if len(last[1]) > 50000:
            last[1].clear()
        last[1][(start, steps, pid[0], carrier)] = win
    x0, y0, width = start[0] - steps, start[1] - steps, win.w
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
    key = (win.number, block, passable)
    got = _SHAPES.get(key)
    if got is None:
        if len(_SHAPES) > 50000:
            _SHAPES.clear()
        got = _SHAPES[key] = _search(win, block, passable)
    return got


def _search(win: Window, block: int, passable: int) -> Shape:
    enterable, stop, w, board = win.enter, win.stop, win.w, win.board
    visited = front = launch = win.origin
    passable &= ~front  # the mover's own square (another figure there is one it Hustled past)
    dest_layers, launch_layers, hustle_layers = [], [front], []
    seen_hustle = 0
    for _ in range(win.r):  # each layer grown by a step in all eight directions, kept on the board
        h = front | (front << 1) | (front >> 1)
        ring = (h | (h << w) | (h >> w)) & board & ~visited
        h = launch | (launch << 1) | (launch >> 1)
        hustled = (h | (h << w) | (h >> w)) & board & block & ~seen_hustle
        seen_hustle |= hustled
        hustle_layers.append(hustled)
        enter = ring & ~block & enterable
        visited |= ring
        dest_layers.append(enter & ~passable)
        front = enter & ~stop
        launch = front & ~passable
        launch_layers.append(launch)
    hit = seen_hustle
    for layer in dest_layers:
        hit |= layer
    return Shape(win, hit, tuple(dest_layers), tuple(hustle_layers), tuple(launch_layers))


STEPS_TOWARDS: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
"""steps_towards's answers, kept (a hot loop reads them straight)."""


def steps_towards(rx: int, ry: int) -> tuple[tuple[int, int], ...]:
    """The steps that leave a square (``rx``, ``ry``) away from a target nearer on both axes, best first (what
    closing in prefers: the gap left, then the steps along both axes left, then the square): kept, they
    depend on nothing else."""
    got = STEPS_TOWARDS.get((rx, ry))
    if got is None:
        here = max(abs(rx), abs(ry))
        steps = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if abs(rx + a) < here and abs(ry + b) < here]
        steps.sort(key=lambda st: (max(abs(rx + st[0]), abs(ry + st[1])), abs(rx + st[0]) + abs(ry + st[1]), st))
        if len(STEPS_TOWARDS) > 20000:
            STEPS_TOWARDS.clear()
        got = STEPS_TOWARDS[(rx, ry)] = tuple(steps)
    return got


_RANKS: dict[tuple, tuple] = {}


def offset_ranks(p: Pitch, team: int) -> tuple[dict[tuple[int, int], int], tuple[str, ...]]:
    """Every offset between two squares of the pitch -> its rank in key order (``key_order``), and by rank the
    offset's move id as ``team``'s captain names it; kept."""
    key = (p.cols, p.rows, team)
    got = _RANKS.get(key)
    if got is None:
        d = p.direction(team)
        offsets = sorted(((dx, dy) for dx in range(1 - p.cols, p.cols) for dy in range(1 - p.rows, p.rows)), key=key_order(d))
        got = _RANKS[key] = ({o: k for k, o in enumerate(offsets)}, tuple(move_id(dx * d, dy * d) for dx, dy in offsets))
    return got


# ---- line-ups ----


def region(s: State, p: Pitch, team: int) -> frozenset[Square]:
    """Where ``team`` may stand before the snap or the kick: its own side of the line of scrimmage (of the 50
    at a kick-off), inside the field."""
    if kickoff_pending(s):
        return _region(p, team, None, 0)
    return _region(p, team, s.possession, s.to_go)


@lru_cache(maxsize=512)
def _region(p: Pitch, team: int, possession: int | None, to_go: int) -> frozenset[Square]:
    field, _ = _areas(p)
    if possession is None:
        return frozenset(sq for sq in field if p.own_half(team, sq[0]))
    line = p.ball_x(possession, to_go)
    d = p.direction(possession)
    if team == possession:
        return frozenset(sq for sq in field if (sq[0] - line) * d <= 0)
    return frozenset(sq for sq in field if (sq[0] - line) * d > 0)


def kickoff_pending(s: State) -> bool:
    return s.kick is not None and s.kick.kind == "kickoff" and s.play is None


def kick_spot(s: State, data: Data) -> Square:
    """Where the kicker stands for a kick-off: on the kick line, in the kicker's slot."""
    p = pitch(data)
    assert data.formations is not None
    team = s.possession
    return p.ball_x(team, data.field.kickoff_to_go), p.row_across(team, data.formations.kicking[0].across)


def place_lineups(s: State, data: Data, kicker: str | None = None) -> None:
    """Both teams in their default line-up: kick-off positions before a kick-off, else offense and defense
    around the line of scrimmage. Everything of the last play on the field is cleared."""
    s.pos, s.used, s.crowded, s.selected, s.ball_at = {}, {}, [], None, None
    p = pitch(data)
    key = _lineup_key(s, data, kicker)
    line = 0 if kickoff_pending(s) else p.ball_x(s.possession, s.to_go)  # a kick-off's columns are fixed
    shifted = _SHIFTED.get(key)
    if shifted is not None and shifted[0] is data and p.band <= shifted[2] + line and shifted[3] + line < p.cols - p.band:
        s.pos = {pid: (x + line, y) for pid, (x, y) in shifted[1]}
        return
    got = _LINEUPS.get((key, line))
    if got is not None and got[0] is data:
        s.pos = dict(got[1])
        return
    on_targets = [_place_team(s, data, team, kicker) for team in (s.possession, 1 - s.possession)]
    if len(_LINEUPS) > 20000 or len(_SHIFTED) > 20000:
        _LINEUPS.clear()
        _SHIFTED.clear()
    if all(on_targets) and s.pos:
        xs = [x for x, _ in s.pos.values()]
        _SHIFTED[key] = (data, tuple((pid, (x - line, y)) for pid, (x, y) in s.pos.items()), min(xs) - line, max(xs) - line)
    else:
        _LINEUPS[(key, line)] = (data, tuple(s.pos.items()))


_LINEUPS: dict[tuple, tuple] = {}
"""Both line-ups (the squares in the order they were placed) by everything placing them reads and the line of
scrimmage's column: a line-up was a tenth of random play, and the same few recur all game."""
_SHIFTED: dict[tuple, tuple] = {}
"""Line-ups in which every figure stood on its slot's own square, by all the rest (their columns counted from
the line, with the columns they span): such a line-up is the same one moved along with the line, as long as it
stays inside the field (every square of it is then on its side's half of the field, and free)."""


def _lineup_key(s: State, data: Data, kicker: str | None) -> tuple:
    sides = []
    for team in (0, 1):
        t = s.teams[team]
        sides.append((*_side(s, data, team), t.center, t.quarterback))
    return (id(data), s.possession, kickoff_pending(s), kicker, tuple(s.knocked), tuple(s.stunned), *sides)


_SIDES: dict[tuple, tuple] = {}


def _side(s: State, data: Data, team: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The team's players on the field but the ejected ones (``_fielded``), and the creature of every player on
    the field (kept by the field, the ejected and the squad: a line-up's key reads them every play)."""
    t = s.teams[team]
    kinds = _flow.squad(s, data, team)
    field, ejected = tuple(t.field), ejected_ids(t.players)
    key = (field, ejected, id(kinds))
    got = _SIDES.get(key)
    if got is None or got[0] is not kinds:
        if len(_SIDES) > 20000:
            _SIDES.clear()
        got = _SIDES[key] = (kinds, (_fielded(s, team), tuple([kinds[pid].id for pid in field])))
    return got[1]


def place_team(s: State, data: Data, team: int) -> None:
    """Re-place one team in its default line-up (after a change of who is on the field); the other stays."""
    s.pos = {pid: sq for pid, sq in s.pos.items() if s.team_of(pid) != team}
    _place_team(s, data, team)


def _plan(s: State, data: Data, team: int, kicker: str | None) -> tuple[list[Slot], list[int], dict[str, str]]:
    """A team's slots, the column each slot is measured from, and the players pinned to a role."""
    assert data.formations is not None
    p, f, off = pitch(data), data.formations, s.possession
    if kickoff_pending(s):
        half = p.midfield_x - 1 if team == 0 else p.midfield_x
        if team != off:
            return f.receiving, [half] * len(f.receiving), {}
        best = kicker or _best_kicker(s, data, team)
        lines = [p.ball_x(team, data.field.kickoff_to_go)] + [half] * (len(f.kicking) - 1)
        return f.kicking, lines, ({"kicker": best} if best else {})
    line = p.ball_x(off, s.to_go)
    if team != off:
        return f.defense, [line + p.direction(off)] * len(f.defense), {}
    center, qb = _between.hike_pair(s, data, off)
    return f.offense, [line] * len(f.offense), {"quarterback": qb, "center": center}


def _best_kicker(s: State, data: Data, team: int) -> str | None:
    field = s.standing(team)
    if not field:
        return None
    return max(field, key=lambda pid: data.creature(s.player(pid).creature).kick)


def _place_team(s: State, data: Data, team: int, kicker: str | None = None) -> bool:
    """Fill the team's slots with its fielded players (``_assign``) and put them on the field. A slot's line is
    a column; ``back`` counts away from it towards the team's own end zone. Returns whether every player stands
    on its slot's own square (none moved aside for the field's edge or another figure, none left over)."""
    players = _fielded(s, team)
    if not players:
        return True
    p = pitch(data)
    slots, lines, pinned = _plan(s, data, team, kicker)
    chosen, free = _assign(s, data, team, slots, pinned, players)
    area = region(s, p, team)
    d = p.direction(team)
    taken = set(s.pos.values())
    on_targets = not free
    for i, pid in chosen:
        slot = slots[i]
        target = (lines[i] - d * slot.back, p.row_across(team, slot.across))
        sq = s.pos[pid] = nearest_free(p, target, area, taken)
        taken.add(sq)
        on_targets = on_targets and sq == target
    for pid in free:  # more players than slots (a house formation): next to the last slot
        sq = s.pos[pid] = nearest_free(p, s.pos[chosen[-1][1]] if chosen else (lines[0], p.rows // 2), area, taken)
        taken.add(sq)
    return on_targets


def _fielded(s: State, team: int) -> tuple[str, ...]:
    """The team's players on the field, but the ejected ones."""
    t = s.teams[team]
    ejected = ejected_ids(t.players)
    return tuple([pid for pid in t.field if pid not in ejected]) if ejected else tuple(t.field)


_EJECTED: dict[int, tuple] = {}


def ejected_ids(players: list) -> frozenset[str]:
    """The ejected players' ids, kept with a copy of the squad list (an ejection replaces a player's record,
    so the list is compared record by record: a loop in C). A set: random play ejects half a squad."""
    got = _EJECTED.get(id(players))
    if got is None or got[0] is not players or got[1] != players:
        if len(_EJECTED) > 256:
            _EJECTED.clear()
        got = _EJECTED[id(players)] = (players, list(players), frozenset([p.id for p in players if p.ejected]))
    return got[2]


_ASSIGNED: dict[tuple, tuple] = {}


def _assign(s: State, data: Data, team: int, slots: list[Slot], pinned: dict[str, str],
            players: tuple[str, ...]) -> tuple[tuple[tuple[int, str], ...], tuple[str, ...]]:
    """Who takes which slot: (slot, player) in slot order, and the players left over. Pinned players take the
    first slot of their role; then slots go to a player whose positions include the role, then to anyone left.
    Kept by what decides it (line-ups recur with the same players, the line elsewhere)."""
    kinds = _flow.squad(s, data, team)
    key = (id(data), id(slots), tuple(pinned.items()), players, tuple(kinds[pid].id for pid in players))
    got = _ASSIGNED.get(key)
    if got is not None and got[0] is data and got[1] is slots:
        return got[2]
    chosen: dict[int, str] = {}
    free = list(players)
    for role, pid in pinned.items():
        for i, slot in enumerate(slots):
            if slot.role == role and i not in chosen and pid in free:
                chosen[i] = pid
                free.remove(pid)
                break
    for i, slot in enumerate(slots):
        if i in chosen:
            continue
        for pid in free:
            if slot.role in kinds[pid].positions:
                chosen[i] = pid
                free.remove(pid)
                break
    for i in range(len(slots)):
        if i not in chosen and free:
            chosen[i] = free.pop(0)
    if len(_ASSIGNED) > 20000:
        _ASSIGNED.clear()
    got = _ASSIGNED[key] = (data, slots, (tuple(sorted(chosen.items())), tuple(free)))
    return got[2]


def nearest_free(p: Pitch, target: Square, area: frozenset[Square], taken: set[Square]) -> Square:
    """``target`` if it is in ``area`` and not ``taken``, else the nearest such square (ties: row by row)."""
    if target in area and target not in taken:
        return target
    x = min(max(target[0], 0), p.cols - 1)
    y = min(max(target[1], 0), p.rows - 1)
    for r in range(max(p.cols, p.rows)):
        for dx, dy in _ring(r):
            sq = (x + dx, y + dy)
            if sq in area and sq not in taken:
                return sq
    raise ValueError("no free square for a line-up")


@lru_cache(maxsize=64)
def _ring(r: int) -> tuple[tuple[int, int], ...]:
    """The offsets ``r`` steps away, nearest along the length first, then across, then row by row: the order
    ``nearest_free`` tries them in."""
    if r == 0:
        return ((0, 0),)
    ring = [(dx, dy) for dx in (-r, r) for dy in range(-r, r + 1)] + [(dx, dy) for dx in range(1 - r, r) for dy in (-r, r)]
    return tuple(sorted(ring, key=lambda o: (abs(o[0]), abs(o[1]), o)))


from refbox.games.monster_ball import between as _between, flow as _flow  # noqa: E402  (they build on this module)
