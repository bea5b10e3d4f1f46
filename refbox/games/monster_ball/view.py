"""What the Monster Ball screen shows besides the prompt, computed headless from the state."""

from __future__ import annotations

from refbox.engine.board import BoardView, Cell
from refbox.engine.state import Later, PhaseRow, Roster, Stat, View
from refbox.games.monster_ball import ask, flow
from refbox.games.monster_ball.data import Data
from refbox.games.monster_ball.models import State
from refbox.games.monster_ball.steps import STEPS

MAIN_PHASES = ("kickoff", "between", "hike", "live", "spot")
SUB_PHASES = {"tackle", "pass", "cheat", "fumble", "punt", "field_goal"}
COLUMNS = ["#", "Player", "Sq", "Mv", "Hu", "Bl", "Ta", "Pa", "Ca", "Ki", "Ch", "Status"]
"""Sq: O offense, D defense squad; the stat columns give each die's sides (8: a d8)."""


def phase_id(s: State) -> str:
    if s.step == "over":
        return "over"
    if s.kick is not None and s.step in ("kick_kicker", "fg_zones", "kick_roll", "kick_grid", "kick_catchers"):
        return s.kick.kind
    c = s.contest
    if s.step in ("contest_roll", "recovery_pick") and c is not None and c.purpose != "recovery":
        # the catch rolls are shared steps: a kick's catch is headed by its kick, a pass's by the pass
        return (s.kick.kind if s.kick is not None else "kickoff") if c.purpose == "kick" else "pass"
    return STEPS.table[s.step].phase


def clock_text(s: State, data: Data) -> str:
    q_len = data.clock.quarter_seconds
    quarter = s.seconds // q_len + 1
    if quarter > data.clock.quarters:
        over = s.seconds - data.clock.quarters * q_len
        return f"OT +{over // 60}:{over % 60:02d} ({s.seconds} s)"
    left = q_len - s.seconds % q_len
    return f"Q{quarter} {left // 60:02d}:{left % 60:02d} left"


def field_strip(s: State, data: Data) -> str:
    """The field from Law's end zone (left) to Chaos's: line of scrimmage ┃, line to gain › or ‹."""
    f = data.field
    n, law = f.squares, s.possession == 0
    line = n - s.to_go if law else s.to_go
    cells = ["·"] * n

    def mark(at: int, char: str) -> None:
        square = at - 1 if law else at
        if 0 <= square < n:
            cells[square] = char

    if s.kick is None:
        mark(line + f.first_down_squares if law else line - f.first_down_squares, "›" if law else "‹")
    mark(line, "┃")
    zones = ["".join(cells[i : i + f.squares_per_zone]) for i in range(0, n, f.squares_per_zone)]
    return f"{s.teams[0].name} ▓▓{'|'.join(zones)}▓▓ {s.teams[1].name}"


def down_text(s: State, data: Data) -> str:
    """No down before the first scrimmage: during the draft and a kick-off there is none to show."""
    if s.step == "draft" or (s.kick is not None and s.kick.kind == "kickoff"):
        return "—"
    return f"{flow.down_words(s.down)} & {data.field.first_down_squares} squares"


def ball_text(s: State) -> tuple[str, int | None]:
    """Where the ball is, in words, and whose colour to show it in (the holder's, not the line's owner's)."""
    if s.ball == "held" and s.carrier:
        return f"{s.label(s.carrier)} has it", s.team_of(s.carrier)
    if s.air is not None:
        return f"in the air: {s.label(s.air.actor or '')} to {s.label(s.air.target or '')}", s.air.team
    if s.ball == "air" and s.action is not None and s.action.kind == "pass":
        return f"coming down: {s.label(s.action.actor or '')} to {s.label(s.action.target or '')}", s.action.team
    if s.ball == "air":
        return "in the air (kicked)", s.possession
    if s.ball == "loose":
        return "loose!", None
    if s.ball == "dead":
        return "dead", None
    if s.kick is not None and s.kick.kind == "kickoff":
        return f"{s.teams[s.possession].name} kick off", s.possession
    return f"{s.teams[s.possession].name} to snap", s.possession


def status(s: State, pid: str, ejected: bool, fielded: set[str]) -> str:
    if ejected:
        return "OUT"
    marks = ["field" if pid in fielded else "bench"]
    for group, word in ((s.knocked, "down"), (s.stunned, "stun"), (s.held, "held"), (s.cheated, "cheat")):
        if pid in group:
            marks.append(word)
    if s.carrier == pid:
        marks.append("●ball")
    return " ".join(marks)


def roster(s: State, data: Data, team: int) -> Roster:
    rows, dim = [], []
    fielded = set(s.teams[team].field)
    stats = {c.id: [str(c.move), *(str(x) for x in (c.hustle, c.block, c.tackle, c.pass_, c.catch, c.kick, c.cheat))] for c in data.creatures}
    for p in s.teams[team].players:
        rows.append([p.id, p.name, p.unit[0].upper(), *stats[p.creature], status(s, p.id, p.ejected, fielded)])
        dim.append(p.ejected or p.id not in fielded)
    side, name = ("Law" if team == 0 else "Chaos"), s.teams[team].name
    return Roster(title=name if name == side else f"{name} ({side})", actor=team, columns=COLUMNS, rows=rows, dim=dim)


def view(s: State, data: Data) -> View:
    current = phase_id(s)
    main = current if current in MAIN_PHASES else "live"
    if current in ("punt", "field_goal"):
        main = "kickoff"
    rows, seen = [], False
    for pid in MAIN_PHASES:
        here = pid == main
        rows.append(PhaseRow(name=data.phase(pid).name, status="current" if here else "todo" if seen or current in ("draft", "over") else "done"))
        seen = seen or here
        if here and current in SUB_PHASES:
            rows.append(PhaseRow(name=data.phase(current).name, status="current", depth=1))
    a, b = s.teams
    f = data.field
    scoreboard = [
        Stat(label="Score", value=f"{a.name} {a.score} : {b.score} {b.name}"),
        Stat(label="Clock", value=clock_text(s, data)),
        Stat(label="Down", value=down_text(s, data), actor=s.possession),
        Stat(label="Line", value=f"{f.yards(s.to_go)}-yard line, {flow.squares(s.to_go)} to the end zone (zone {f.zone_of(s.to_go)})", actor=s.possession),
        Stat(label="Ball", value=ball_text(s)[0], actor=ball_text(s)[1]),
        Stat(label="Referee", value=f"{data.referee(s.referee).name} (spots 1-{data.referee(s.referee).catches_at_most})"),
    ]
    if s.step == "move" and s.captain_minute:
        scoreboard.append(Stat(label="Moving", value=f"{s.teams[s.mover].name} (limit {data.clock.captain_seconds} s)", actor=s.mover))
    notes = []
    if s.air is not None:
        notes.append(f"In the air: {s.label(s.air.actor or '')} to {s.label(s.air.target or '')}, {s.air.grids} grids.")
    for side in (0, 1):
        if s.penalties[side]:
            notes.append(f"Penalty pending on {s.teams[side].name}: {s.penalties[side]} squares.")
    if s.result:
        notes.append(s.result)
    headline = f"{a.name} {a.score} : {b.score} {b.name}"
    board = field_view(s, data) if s.board else None
    return View(headline=headline, clock=clock_text(s, data), phases=rows, phase_id=current, scoreboard=scoreboard,
                rosters=Later(lambda: [roster(s, data, 0), roster(s, data, 1)]), notes=notes, board=board)


# ---- the on-screen field ----

LINE, FIRST_DOWN, BALL = "┃", "┆", "●"


def background(data: Data) -> tuple[dict, dict]:
    """The field without figures: end zones, grids in alternating shades, the band; division labels."""
    p = data.pitch
    cells: dict = {}
    for x in range(p.cols):
        for y in range(p.rows):
            sq = (x, y)
            if not p.in_field(sq):
                cells[sq] = Cell("", "out")
            elif p.in_end_zone(0, x) or p.in_end_zone(1, x):
                cells[sq] = Cell("·", "endzone")
            else:
                col, division = p.grid_of(sq)
                cells[sq] = Cell("·", "field" if (col + division) % 2 else "half")
    labels = {}
    for n, (lo, hi) in enumerate(data.field.grid_divisions, 1):
        rows = p.division_rows_of(n)
        labels[rows[len(rows) // 2]] = str(lo) if lo == hi else f"{lo}-{hi}"
    return cells, labels


NO_LETTER = "+"
"""Drawn for a figure whose side's letters ran out (Law's 23rd): no letter of either side, no option's digit."""


def _key(s: State, pid: str) -> str:
    return ask.figure_key(s, pid) or NO_LETTER


def figure_text(s: State, data: Data, pid: str) -> str:
    """Two characters: the figure's key letter, then its creature's initial (● for the ball carrier, ↓ when
    down, ~ when stunned). A compact board shows the letter alone."""
    if pid == s.carrier:
        tail = BALL
    elif pid in s.knocked:
        tail = "↓"
    elif pid in s.stunned:
        tail = "~"
    else:
        tail = flow.creature(s, data, pid).name(s.team_of(pid))[0]
    return _key(s, pid) + tail


def field_view(s: State, data: Data) -> BoardView:
    """The field as the Board widget draws it: zones and grids, the band with each side's zone numbers, the line
    of scrimmage and the first-down line, the figures by team colour and letter, the ball, and what the pending
    question is about (the figure moving and where it can go, the landing grid)."""
    p = data.pitch
    background, row_labels = data.field_background
    cells, labels = dict(background), dict(row_labels)
    top, bottom = 0, p.rows - 1
    for team, y in ((0, top), (1, bottom)):
        for zone in range(1, data.field.playable_zones + 1):
            xs = p.zone_columns(team, zone)
            cells[(xs[1], y)] = Cell(str(zone), f"team{team}", token=False)
    labels[top], labels[bottom] = "zone", "zone"
    marks: dict = {}
    off = s.possession
    between = _lines(s, data)
    sharing: dict = {}
    for pid, sq in s.pos.items():
        sharing.setdefault(sq, []).append(pid)
    with_carrier = ""
    for sq, pids in sharing.items():
        pids.sort(key=lambda pid: pid != s.carrier)  # the ball carrier first: his square must show him
        lead = pids[0]
        if len(pids) == 1 or lead == s.carrier:  # the carrier shows with the ball; who shares it, in the caption
            text = figure_text(s, data, lead)
            if lead == s.carrier:
                with_carrier = "".join(_key(s, pid) for pid in pids[1:])
        else:
            text = "".join(_key(s, pid) for pid in pids[:2])
        cells[sq] = Cell(text, "down" if lead in s.knocked else f"team{s.team_of(lead)}")
    if s.carrier in s.pos:
        marks[s.pos[s.carrier]] = "carrier"
    if s.ball_at is not None and s.ball != "held":
        if s.ball_at in s.pos.values():
            marks[s.ball_at] = "target"
        else:
            cells[s.ball_at] = Cell(BALL, "ball")
    if s.kick is not None and s.kick.grid is not None:
        for sq in p.grid_squares(s.kick.grid):
            marks.setdefault(sq, "target")
    focus = s.pos.get(s.selected) if s.selected else s.pos.get(s.carrier) if s.carrier else s.ball_at
    if s.selected in s.pos:
        marks[s.pos[s.selected]] = "mover"
        if s.step == "move_to":
            from refbox.games.monster_ball import moves

            r = moves._targets(s, data)
            for sq in r.squares:
                marks.setdefault(sq, "reach" if r.cost(sq) is not None else "stop")
    arrow = "→" if off == 0 else "←"
    shared = " · two keys: two on a square" if any(len(pids) > 1 for pids in sharing.values()) else ""
    if with_carrier:
        shared += f" · {with_carrier} shares the carrier's square"
    caption = f"{s.teams[off].name} {arrow} · {LINE} scrimmage · {FIRST_DOWN} first down · {BALL} ball{shared} · Tab: rosters"
    namer = s.team_of(s.selected) if s.selected in s.pos else off
    return BoardView(cols=p.cols, rows=p.rows, cells=cells, cell_width=2, blank=Cell("·", "field"), marks=marks,
                     between=between, row_labels=labels, caption=caption, focus=focus, col_names=data.zone_ruler(namer),
                     row_names=["", *(str(y) for y in range(1, p.rows - 1)), ""], square_names=data.square_names(namer),
                     worth_keys=_worth_keys(s, data))


def _lines(s: State, data: Data) -> dict:
    """The line of scrimmage (in front of the ball's column) and the line to gain (``first_down_squares``
    further on), each drawn between two columns, down the whole field: no square is hidden. A kick-off has no
    line to gain."""
    if s.step in ("draft", "over"):
        return {}
    p, d = data.pitch, data.pitch.direction(s.possession)
    ball = p.ball_x(s.possession, s.to_go)
    edges = [(ball, LINE)]
    if s.kick is None or s.kick.kind != "kickoff":
        edges.append((ball + d * data.field.first_down_squares, FIRST_DOWN))
    between = {}
    for x, mark in edges:
        left = min(x, x + d)  # the gap after ``left``: between the column and the next one ahead
        if p.first - 1 <= left <= p.last:
            between.update({(left, y): Cell(mark, "line") for y in range(p.rows)})
    return between


def _worth_keys(s: State, data: Data) -> list:
    """The squares worth a key drawn on them, best first: the end zone scored in, the ball, the furthest."""
    if s.selected not in s.pos:
        return []
    team = s.team_of(s.selected)
    p = data.pitch
    ends = sorted(p.end_zones[team])
    ball = [s.ball_at] if s.ball_at is not None else []
    ahead = p.direction(team)
    return ends + ball + sorted(p.field_squares, key=lambda sq: -ahead * sq[0])
