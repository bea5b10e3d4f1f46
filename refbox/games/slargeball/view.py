"""What the Slargeball screen shows besides the prompt, computed from the state (headless)."""

from __future__ import annotations

from refbox.engine.board import BoardView, Cell
from refbox.engine.state import PhaseRow, Roster, Stat, View
from refbox.games.slargeball.data import Data
from refbox.games.slargeball.field import (
    geometry,
    lined_up,
    lineup_squares,
    opponents_touching,
    parse_cell,
    reach_of,
    view_square,
)
from refbox.games.slargeball.models import State
from refbox.games.slargeball.steps import STEPS
from refbox.games.slargeball.steps_field import aims

ORDER = ["initiative", "move", "whap", "fling", "nab", "consciousness"]


def _phase_rows(state: State, data: Data) -> list[PhaseRow]:
    current = ORDER.index(state.phase) if state.phase in ORDER else -1 if state.phase == "lineup" else len(ORDER)
    fielded = {f.pos for f in state.figures}  # a 1-squad match has no Captains and no Coaches
    rows = [PhaseRow(name="Line-up", status="current")] if state.phase == "lineup" else []  # the kick-off's
    for i, phase in enumerate(data.phases):
        status = "done" if i < current else "current" if i == current else "todo"
        rows.append(PhaseRow(name=phase.name, status=status))
        if phase.id == "move":
            for j, step in enumerate(phase.steps):
                if step.id not in fielded:
                    continue
                if status == "current":
                    sub = "done" if j < state.move_step else "current" if j == state.move_step else "todo"
                else:
                    sub = status
                rows.append(PhaseRow(name=step.name, status=sub, depth=1))
    if state.phase == "break":
        rows.append(PhaseRow(name="Break Play", status="current"))
    if state.phase == "over":
        rows.append(PhaseRow(name="Full time", status="current"))  # never an empty phase in the title
    return rows


def _status(state: State, fig) -> str:
    if fig.coach:
        cs = state.teams[fig.team].coach
        where = {"bench": "bench", "storming": "storming", "talking": "talking-to", "returning": "returning"}[cs.mode]
        bits = [where] if fig.up else [where, "out"]
    else:
        bits = [{"up": "ok", "out": "out", "mired": "out (mired)"}[fig.status]]
    if fig.frozen:
        bits.append("frozen")
    for ball in state.carried_by(fig.id):
        bits.append(f"● ball {ball.id}")
    return " ".join(bits)


def _ball_line(state: State, ball) -> str:
    if ball.where == "carried":
        carrier = state.fig(ball.carrier)
        return f"{state.teams[carrier.team].name} {carrier.tag}"
    return {"ground": "groundball", "air": "in the air", "out": "out of play"}[ball.where]


def view(state: State, data: Data) -> View:
    a, b = state.teams
    board = [
        Stat(label=a.name, value=str(a.score), actor=0),
        Stat(label=b.name, value=str(b.score), actor=1),
        Stat(label="Turn", value=f"{state.turn}/{state.turns}"),
        Stat(label="Initiative", value=state.teams[state.initiative].name if state.initiative is not None else "—",
             actor=state.initiative),
    ]
    for ball in state.balls:
        holder = state.fig(ball.carrier).team if ball.carrier else None
        board.append(Stat(label=f"Ball {ball.id}", value=_ball_line(state, ball), actor=holder))
    limit = len(data.coach.activation_needs)
    for team in (0, 1):
        if state.coach_of(team) is not None:
            cs = state.teams[team].coach
            board.append(Stat(label=f"{state.teams[team].name} coach", value=f"{cs.activations}/{limit} {cs.mode}",
                              actor=team))
    rosters = []
    for team in (0, 1):
        figs = [f for f in state.figures if f.team == team]
        keys = ["Key"] if state.board else []  # on the field a figure is its key: the roster says whose it is
        rosters.append(Roster(
            title=state.teams[team].name,
            actor=team,
            columns=[*keys, "", "Position", "M", "W", "F", "N", "Status"],
            rows=[[*([f.key] if keys else []), f.tag, data.position(f.pos).name, str(f.move), str(f.whap),
                   str(f.fling), str(f.nab), _status(state, f)] for f in figs],
            dim=[not f.up or (f.coach and not f.on_field) for f in figs],
        ))
    notes = []
    if state.phase == "whap":
        done = ", ".join(f"{state.teams[state.fig(i).team].name} {state.fig(i).tag}" for i in state.whapped)
        done = done or "none yet"
        notes.append(f"Whapped this phase: {done}")
    if state.phase == "fling" and state.fling_queue:
        notes.append(f"Balls still to fling: {', '.join(map(str, state.fling_queue))}")
    return View(
        headline=f"{a.name} {a.score} : {b.score} {b.name}",
        clock=f"turn {state.turn}/{state.turns}",
        phases=_phase_rows(state, data),
        phase_id=STEPS.phase(state),
        scoreboard=board,
        rosters=rosters,
        notes=notes,
        board=field_view(state, data) if state.board else None,
    )


# ---- refbox's field (Setup.board == "screen") ----

MOVER_STEPS = ("field_dest", "move_roll", "fling_menu", "fling_aim", "fling_roll", "whap_target", "whap_roll",
               "lineup_to")
"""Steps about one figure: it is highlighted (and kept in view)."""
COACH_STEPS = ("coach_menu", "coach_roll", "coach_target", "walk_by_roll")
"""Steps about a team's coach: he is highlighted (and kept in view)."""


def field_view(state: State, data: Data) -> BoardView:
    """The field as the Board widget draws it: the band around it (zones and bunkers beyond the end lines, the
    coach spots beside the sidelines), the slargelines, figures by their keys in team colours."""
    F = geometry(data)
    L = F.layout
    cols, rows = L.length + 2 * L.band_ends, L.width + 2 * L.band_sides
    cells: dict[tuple[int, int], Cell] = {}
    out, zone, bunker, line = Cell("", "out"), Cell("░░", "endzone"), Cell("██", "endzone"), Cell("¦", "line")
    for c in range(-L.band_ends, L.length + L.band_ends):
        for r in range(-L.band_sides, L.width + L.band_sides):
            kind, _ = F.kind((c, r))
            if kind != "field":
                cells[view_square(F, (c, r))] = {"zone": zone, "bunker": bunker}.get(kind, out)
    for c in (L.slargeline - 1, L.length - L.slargeline):
        for r in range(L.width):
            cells[view_square(F, (c, r))] = line
    marks: dict[tuple[int, int], str] = {}
    for ball in state.balls:
        if ball.cell is not None and ball.where in ("ground", "air"):
            cells[view_square(F, ball.cell)] = Cell("●" if ball.where == "ground" else "◌", "ball")
    for f in state.figures:
        if f.cell is None:
            continue
        sign = "●" if state.carried_by(f.id) else "×" if not f.up else "*" if f.frozen else ""
        cells[view_square(F, f.cell)] = Cell(f"{f.key}{sign}", f"team{f.team}" if f.up else "down")
        if state.carried_by(f.id):
            marks[view_square(F, f.cell)] = "carrier"
    focus = None
    if state.step in MOVER_STEPS and state.ask.figure:
        f = state.fig(state.ask.figure)
        if f.cell is not None:
            focus = view_square(F, f.cell)
            marks[focus] = "mover carrier" if marks.get(focus) == "carrier" else "mover"
            if state.step == "field_dest":
                r = reach_of(state, data, f)
                for c in r.clean:
                    marks.setdefault(view_square(F, c), "reach")
                for c in r.piled:
                    marks.setdefault(view_square(F, c), "stop")
            elif state.step == "lineup_to":  # every free square behind the line (steps_lineup)
                for c in lineup_squares(state, data, f):
                    marks.setdefault(view_square(F, c), "free")
            elif state.step == "fling_aim":  # the squares in range, as the list offers them
                for c in aims(state, data, f, f.fling * data.game.fling_range_per_point):
                    marks.setdefault(view_square(F, c), "reach")
            elif state.step == "fling_roll" and state.ask.action == "spot" and state.ask.queue:
                marks[view_square(F, parse_cell(state.ask.queue[0]))] = "target"  # where it is aimed
            for o in opponents_touching(state, f) if state.step.startswith("whap") else ():
                marks[view_square(F, o.cell)] = "target"
    if state.step in COACH_STEPS:  # the coach asked about (who storms on, or who stormed past)
        coach = state.coach_of(state.ask.team)
        if coach is not None and coach.cell is not None:
            focus = view_square(F, coach.cell)
            marks[focus] = "mover"
    if state.step == "walk_by_roll":  # and everyone in his corridor
        for fig_id in state.ask.queue:
            f = state.fig(fig_id)
            if f.cell is not None:
                marks[view_square(F, f.cell)] = "target"
    if focus is None and state.step == "lineup":  # the team lining up: its front figure
        front = lined_up(state, state.ask.team)
        focus = view_square(F, front[0].cell) if front and front[0].cell is not None else None
    if focus is None:
        ball = next((b for b in state.balls if b.cell is not None), None)
        carrier = next((state.fig(b.carrier) for b in state.balls if b.carrier), None)
        at = ball.cell if ball is not None else carrier.cell if carrier is not None else None
        focus = view_square(F, at) if at is not None else None
    a, b = state.teams
    caption = (f"a-z {a.name}, A-Z {b.name} · ● ball (on a figure: it carries) ◌ coming down · × fallen "
               f"· ¦ slargelines · ░ goal zones · █ bunkers · squares are column.row (the rulers) from the field's corner")
    return BoardView(cols=cols, rows=rows, cells=cells, cell_width=2, marks=marks, caption=caption, focus=focus,
                     blank=Cell("·", "field"), name_joint=".",
                     col_names=[str(c) for c in range(-L.band_ends, L.length + L.band_ends)],
                     row_names=[str(r) for r in range(-L.band_sides, L.width + L.band_sides)])

