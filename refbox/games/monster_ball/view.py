"""What the Monster Ball screen shows besides the prompt, computed headless from the state."""

from __future__ import annotations

from refbox.engine.state import PhaseRow, Roster, Stat, View
from refbox.games.monster_ball import flow
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
    return STEPS[s.step].phase


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


def ball_text(s: State) -> str:
    if s.ball == "held" and s.carrier:
        return f"carried by {s.label(s.carrier)}"
    if s.air is not None or s.ball == "air":
        return "in the air"
    return {"loose": "loose!", "dead": "dead", "none": "set for the next play"}[s.ball]


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
        Stat(label="Line", value=f"{f.yards(s.to_go)}-yard line, {flow.squares(s.to_go)} to go (zone {f.zone_of(s.to_go)})", actor=s.possession),
        Stat(label="Ball", value=f"{s.teams[s.possession].name} · {ball_text(s)}", actor=s.possession),
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
    return View(headline=headline, clock=clock_text(s, data), phases=rows, phase_id=current, scoreboard=scoreboard, rosters=[roster(s, data, 0), roster(s, data, 1)], notes=notes)
