"""What the Battleball screen shows besides the prompt, computed from the state (headless)."""

from __future__ import annotations

from refbox.engine.board import BoardView, Cell
from refbox.engine.geometry.staggered import Square, bits_of
from refbox.engine.state import Later, PhaseRow, Roster, Stat, View
from refbox.games.battleball import pitch, roster
from refbox.games.battleball.data import Data, dice_text
from refbox.games.battleball.models import Ref, State
from refbox.games.battleball.steps import STEPS

STEP_ROW: dict[str, str] = {
    "lineup": "lineup",
    "lineup-to": "lineup",
    "team-rules": "team-rules",
    "roll-off": "roll-off",
    "select": "select",
    "move-roll": "move-roll",
    "move-to": "move-to",
    "pickup": "move-to",
    "ball": "ball",
    "action": "action",
    "tackle": "tackler",
    "tackler": "tackler",
    "target": "target",
    "tackle-roll": "tackle-roll",
    "tackle-die": "tackle-roll",
    "hand-off-to": "hand-off-to",
    "hand-off-roll": "hand-off-roll",
    "pass-to": "pass-to",
    "pass-distance": "pass-distance",
    "pass-roll": "pass-roll",
    "pass-miss": "pass-miss",
    "pass-land": "pass-miss",
    "intercept-by": "pass-miss",
    "recover-by": "pass-miss",
    "fumble-place": "fumble-place",
    "fumble-give": "fumble-place",
    "over": "touchdown",
}
"""The row each step lights among its phase's steps (the ruleset file's ``phases``; the phase is the one the
step is registered with)."""

STATUS_TEXT = {"field": "on the field", "locker": "Locker Room", "out": "seriously injured"}


def phase_id(state: State) -> str:
    return STEPS.phase(state)


def build(state: State, data: Data) -> View:
    names = [roster.team_name(data, state, s) for s in (0, 1)]
    return View(
        headline=f"{names[0]} {state.score[0]} : {state.score[1]} {names[1]}",
        clock=_clock(state, data),
        phases=_phases(state, data),
        phase_id=phase_id(state),
        scoreboard=_scoreboard(state, data, names),
        rosters=Later(lambda: [_roster(state, data, s) for s in (0, 1)]),
        notes=_notes(state, data) + (_board_notes(state, data, names) if state.board else []),
        board=board_view(state, data, names) if state.board else None,
    )


# ---- the board ----

MOVING = ("move-roll", "move-to", "pickup", "tackle", "tackle-roll", "tackle-die")
"""Steps during which the player who moves this turn is highlighted."""


def board_view(state: State, data: Data, names: list[str]) -> BoardView:
    """The field as the Board widget draws it: column 0 and the last column are the end zones, the rows run
    along the field; upper-case codes are the first side's figures, lower-case the second's."""
    f = data.grid
    L = f.length
    cells: dict[tuple[int, int], Cell] = {}
    before = state.step in PRE_TURN or (state.step in ("lineup", "lineup-to") and state.lineup_next == "half")
    attacking = None if before or state.step == "over" else state.side
    for r in range(f.rows):
        for col, side in ((0, 1), (L + 2, 0), (L + 1, 0)):
            if col == L + 1 and not r & 1:
                continue
            look = f"team{side}" if attacking == side else "endzone"
            cells[(col, r)] = Cell(("»»" if side == 0 else "««") if attacking == side else "▒▒", look, token=False)
    half, line = Cell("·", "half"), Cell("¦", "line")
    for i in bits_of(f.half):
        cells[_v(f, i)] = half
    between = {}  # each 20-yard line between the last line-up column and the next: it hides no square
    for side, towards in ((0, 0), (1, -1)):
        for i in bits_of(f.lines[side]):
            c, r = _v(f, i)
            between[(c + towards, r)] = line
    cells[_v(f, f.centre)] = Cell("+", "line")
    for i in bits_of(state.carnage):
        cells[_v(f, i)] = Cell("××", "carnage")
    if state.ball is not None:
        cells[_v(f, state.ball)] = Cell("●", "ball")
    marks: dict[tuple[int, int], str] = {}
    for i in state.last_move:
        marks[_v(f, i)] = "last"
    for side in (0, 1):
        for pid in state.at[side]:
            code = pitch.code_of(data, side, pid)
            for i in pitch.squares(data.pitch, state, side, pid):
                cells[_v(f, i)] = Cell(code, f"team{side}")
    if state.carrier is not None and state.carrier.id in state.at[state.carrier.team]:
        for i in pitch.squares(data.pitch, state, state.carrier.team, state.carrier.id):
            marks[_v(f, i)] = "carrier"
    _step_marks(state, data, f, marks)
    focus = None
    mover = state.turn.mover
    if mover is not None and mover in state.at[state.side] and state.step in MOVING:
        for i in pitch.squares(data.pitch, state, state.side, mover):
            marks[_v(f, i)] = "mover"
        focus = _v(f, state.at[state.side][mover])
    elif state.ball is not None:
        focus = _v(f, state.ball)
    return FieldView(cols=L + 3, rows=f.rows, cells=cells, cell_width=2, stagger=True, marks=marks, between=between,
                     caption=_caption(state, data, names, attacking), focus=focus,
                     square_names=data.board_names, col_names=_ruler(L), row_names=[str(r) for r in range(f.rows)],
                     worth_keys=_worth_keys(state, f, marks))


FieldView = BoardView
"""Battleball's board view names its squares the way options and the log do (``square_names``: "31.12" is
field column 31, row 12, as on the rulers; an end zone's squares "end zone")."""


def _ruler(length: int) -> list[str]:
    """The column ruler: the field's column numbers (the view's column is one more), none on the end zones."""
    return ["", *(str(c) for c in range(length + 1)), ""]


def _worth_keys(state: State, f, marks: dict) -> list[Square]:
    """The squares worth a key drawn on them, best first: the end zone, the ball, then the furthest forward."""
    if state.step != "move-to":
        return []
    ahead = 1 if state.side == 0 else -1
    reach = [sq for sq, mark in marks.items() if mark in ("reach", "stop")]
    ends = [(c, r) for c in (0, f.length + 1, f.length + 2) for r in range(f.rows)]
    ball = [_v(f, state.ball)] if state.ball is not None else []
    return ends + ball + sorted(reach, key=lambda sq: -ahead * sq[0])


def _v(f, i: int) -> tuple[int, int]:
    return f.col[i] + 1, f.row[i]


def _step_marks(state: State, data: Data, f, marks: dict) -> None:
    """What the pending decision is about: reachable squares (and where the mover would have to stop),
    tackle targets, receivers, the squares a ball may be put on."""
    step, t = state.step, state.turn
    if step == "move-to":
        for i in bits_of(t.reach | t.reach_ball):
            marks[_v(f, i)] = "stop" if (t.stop >> i) & 1 else "reach"
    elif step in ("tackle", "pass-land", "fumble-place", "lineup-to"):
        for answer in STEPS.legal(state, data).ids:
            if step == "tackle":
                target = answer.split(">")[1]
                for i in pitch.squares(data.pitch, state, 1 - state.side, target):
                    marks[_v(f, i)] = "target"
            elif answer in f.by_id:
                marks[_v(f, f.by_id[answer])] = "reach"


def _caption(state: State, data: Data, names: list[str], attacking: int | None) -> str:
    teams = f"{names[0]}: codes in capitals (R1), attacks »   {names[1]}: codes in small letters (r1), attacks «"
    key = "● ball  ×× carnage  ¦ 20-yard lines  + centre   a player's key: the small letter before him in the list"
    if attacking is None:
        return f"{teams}\n{key}"
    arrow = "»" if attacking == 0 else "«"
    return f"{_now(state, data, names, attacking, arrow)}   {teams}\n{key}"


def _now(state: State, data: Data, names: list[str], attacking: int, arrow: str) -> str:
    """Whose turn it is and, when the other coach answers now (places a fumble, picks who intercepts), that
    coach by name: the line never names a coach who is not the one deciding."""
    deciding = STEPS.legal(state, data).actor
    if deciding in (0, 1) and deciding != attacking:
        return f"{names[attacking]} attack {arrow} · {state.coaches[deciding]} ({names[deciding]}) answers now"
    return f"{names[attacking]} ({state.coaches[attacking]}) to play {arrow}"


def _board_notes(state: State, data: Data, names: list[str]) -> list[str]:
    ball, _ = ball_text(state, data)
    fit = [len(state.on_field(s)) for s in (0, 1)]
    rules = [state.team_rules[s] for s in (0, 1)]
    out = [f"Ball: {ball}", f"On the field: {names[0]} {fit[0]}, {names[1]} {fit[1]} · carnage: {state.carnage.bit_count()}"]
    if any(rules):
        out.append(f"Team Rules: {rules[0] or '—'} / {rules[1] or '—'}")
    out.append("Tab: rosters")
    return out


def _clock(state: State, data: Data) -> str:
    half = roster.half_name(data, state.half)
    if state.step == "over":
        return f"{half} · full time"
    if phase_id(state) == "before-half":
        return half
    return f"{half} · turn {state.turn_no}"


ONE_OF = ("tackle", "hand-off", "pass")
"""A turn takes at most one of these phases after the move; the others are not ticked off."""


def _action_taken(state: State) -> str | None:
    t = state.turn
    if t.tackler is not None:
        return "tackle"
    if t.distance is not None or state.step in ("pass-to", "pass-distance"):
        return "pass"
    if t.receiver is not None or state.step == "hand-off-to":
        return "hand-off"
    return None


def _phases(state: State, data: Data) -> list[PhaseRow]:
    current, step = phase_id(state), STEP_ROW[state.step]
    if not state.board and step == "action":  # at the table one question: next to an opponent (tackle), or
        step = "adjacent"                    # hand off / pass / end
    ids = [p.id for p in data.phases]
    here = ids.index(current)
    taken = _action_taken(state)
    rows = []
    for i, phase in enumerate(data.phases):
        skipped = phase.id in ONE_OF and phase.id != taken
        status = "current" if i == here else "done" if i < here and not skipped else "todo"
        rows.append(PhaseRow(name=phase.name, status=status))
        if i == here:
            step_ids = [s.id for s in phase.steps]
            at = step_ids.index(step) if step in step_ids else -1
            for j, s in enumerate(phase.steps):
                sub = "current" if j == at else "done" if j < at else "todo"
                rows.append(PhaseRow(name=s.name, status=sub, depth=1))
    return rows


def ball_text(state: State, data: Data) -> tuple[str, int | None]:
    if state.step in ("pass-miss", "intercept-by", "recover-by"):
        return "in the air (short pass)", state.side
    if state.fumble is not None:
        return f"fumbled by {state.fumble.fumbler.id}", None
    if state.carrier is not None:
        return f"{roster.team_name(data, state, state.carrier.team)} {state.carrier.id}", state.carrier.team
    if state.board and state.ball is not None and not state.ball_at_centre:
        return f"loose on {data.grid.ids[state.ball]}", None
    return ("on the centre square" if state.ball_at_centre else "loose on the field"), None


PRE_TURN = ("lineup", "team-rules", "roll-off")
"""Steps before a half's first turn: the side in the state then is a picker, not the side to move."""


def _scoreboard(state: State, data: Data, names: list[str]) -> list[Stat]:
    ball, holder = ball_text(state, data)
    stats = [Stat(label="Half", value=roster.half_name(data, state.half))]
    for s in (0, 1):
        stats.append(Stat(label=names[s], value=f"{state.score[s]} TD · {state.coaches[s]}", actor=s))
    if state.step in PRE_TURN:  # who moves first is not decided (or not started) yet
        first = state.first_of_half
        stats.append(Stat(label="Turn", value="—" if first is None else f"{names[first]} (first)", actor=first))
    elif state.step != "over":
        stats.append(Stat(label="Turn", value=names[state.side], actor=state.side))
    stats.append(Stat(label="Ball", value=ball, actor=holder))
    stats.append(Stat(label="Carnage", value=f"{state.carnage_on_field} on field · {state.carnage_placed} placed"))
    for s in (0, 1):
        rule = state.team_rules[s] or ("none chosen" if data.team_rules else "none listed")
        stats.append(Stat(label="Team Rule", value=rule, actor=s))
    counts = [len(state.on_field(s)) for s in (0, 1)]
    stats.append(Stat(label="On the field", value=f"{counts[0]} : {counts[1]}"))
    return stats


def _roster(state: State, data: Data, side: int) -> Roster:
    rows, dim = [], []
    for p in state.players[side]:
        pos = data.position(p.position)
        status = STATUS_TEXT[p.status]
        if state.carries(side, p.id):
            status += " · ball"
        rows.append([p.id, pos.name, f"{dice_text(pos)} {pos.die_colour}", status])
        dim.append(p.status != "field")
    title = f"{roster.team_name(data, state, side)} ({state.coaches[side]})"
    return Roster(title=title, actor=side, columns=["#", "Position", "Die", "Status"], rows=rows, dim=dim)


def _notes(state: State, data: Data) -> list[str]:
    notes = []
    t = state.turn
    if t.mover and state.step not in ("lineup", "roll-off", "team-rules", "over"):
        moved = f", rolled {' and '.join(map(str, t.move_faces))}" if t.move_faces else ""
        notes.append(f"Moving: {roster.short(data, Ref(state.side, t.mover))}{moved}")
    if t.tackler and t.target:
        a = roster.short(data, Ref(state.side, t.tackler))
        b = roster.short(data, Ref(1 - state.side, t.target))
        notes.append(f"Tackle: {a} against {b}")
    if t.receiver and state.step.startswith(("pass", "intercept", "recover")):
        dist = f" over {t.distance} squares" if t.distance else ""
        notes.append(f"Pass to {t.receiver}{dist}")
    if state.fumble is not None:
        notes.append(f"Fumble: the ball goes within {data.game.fumble_reach} squares of {state.fumble.fumbler.id}")
    if state.step == "over":
        notes.append(state.result)
    if state.step == "lineup" and not data.team_rules:
        notes.append("No Team Rules are listed in the ruleset: add your Locker Room card's options to pick them here.")
    return notes
