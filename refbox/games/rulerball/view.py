"""The headless view: clock, ball, the sector sweep with moved / fought marks, the timer track."""

from __future__ import annotations

from typing import NamedTuple

from refbox.engine.state import PhaseRow, Roster, Stat, View
from refbox.games.rulerball.ballplay import laps_since_activation
from refbox.games.rulerball.data import STATS, Data
from refbox.games.rulerball.keys import figure_key
from refbox.games.rulerball.models import Figure, State
from refbox.games.rulerball.steps import HARM, STEPS, SUB_STEPS
from refbox.games.rulerball.steps_clock import TRACK_NAMES, clock_words
from refbox.games.rulerball.track import clockwise

SWEEP_PHASES = {"move", "combat"}
NOT_SWEEPING = {"penalty", "penalty_minutes"}
"""Steps of the combat phase after the sweep: no marker to show."""
HARM_SHOWN_AS = {"ball": ("ball", "path"), "move": ("move", "sweep"), "combat": ("combat", "fights"),
                 "penalty": ("combat", "penalties")}
"""The phase and step an injury or a lost ball interrupted, by where the turn resumes."""


def where_in_turn(state: State) -> tuple[str, str | None]:
    """The phase of the ruleset file the current step belongs to, and its step there (None: the phase has none)."""
    phase = STEPS.table[state.step].phase
    return HARM_SHOWN_AS[state.pending.other or "combat"] if phase == HARM else (phase, SUB_STEPS.get(state.step))


def phase_id(state: State) -> str:
    return where_in_turn(state)[0]


def phase_rows(state: State, data: Data) -> list[PhaseRow]:
    """The six steps of the turn; the current one opens to show its own steps."""
    if state.over:
        return [PhaseRow(name=p.name, status="done") for p in data.phases]
    current, sub = where_in_turn(state)
    at = [p.id for p in data.phases].index(current)
    rows = []
    for i, p in enumerate(data.phases):
        rows.append(PhaseRow(name=p.name, status="done" if i < at else "current" if i == at else "todo"))
        if i == at and sub:
            sub_at = [s.id for s in p.steps].index(sub)
            rows += [PhaseRow(name=s.name, depth=1, status="done" if k < sub_at else "current" if k == sub_at else "todo")
                     for k, s in enumerate(p.steps)]
    return rows


def ball_words(state: State, data: Data) -> str:
    ball = state.ball
    if ball.where == "cannon":
        return "in the cannon"
    if ball.where == "loose":
        return f"loose in sector {ball.sector}"
    return f"held by {state.label(ball.carrier or '')} (sector {ball.sector})"


def lap_words(state: State, data: Data) -> str:
    ball, n = state.ball, data.track.sectors
    if ball.where != "held":
        return "-"
    if not ball.active:
        return f"activation lap from sector {ball.lap_start}: {ball.progress}/{n}"
    return f"active; laps since activation {laps_since_activation(ball, n)}/{data.ball.laps_to_shoot}"


def _marks(state: State, f: Figure) -> str:
    moved = "M" if f.moves else "·"
    fought = "F" if f.fights else "·"
    ball = " ●" if state.ball.carrier == f.id else ""
    return f"{moved}{fought} {state.label(f.id)}{ball}"


def sweep_lines(state: State, data: Data) -> list[str]:
    """A line per occupied sector, in sweep order from the initiative sector: who has moved (M) and fought (F)."""
    n = data.track.sectors
    if state.initiative is None or state.step in ("clock", "release", "release_sector"):
        return []
    current = clockwise(state.initiative, state.sweep, n) if sweeping(state) else None
    lines = []
    for k in range(n):
        s = clockwise(state.initiative, k, n)
        here = [f for f in state.figures if f.on_track and f.sector == s]
        if not here and s != current:
            continue
        marker = "▶" if s == current else " "
        ball = " (ball)" if state.ball.where == "loose" and state.ball.sector == s else ""
        body = ", ".join(_marks(state, f) for f in here) or "-"
        lines.append(f"{marker} S{s:>2}{ball}: {body}")
    return lines


class SweepCell(NamedTuple):
    sector: int
    done: int
    """Figures here that have moved (move sweep) or fought (combat sweep)."""
    total: int
    current: bool
    passed: bool
    """The marker has already been here this sweep."""


def sweeping(state: State) -> bool:
    """The initiative marker is sweeping (moves, or fights before the penalties)."""
    if state.initiative is None or phase_id(state) not in SWEEP_PHASES:
        return False
    return state.step not in NOT_SWEEPING and not (state.step in ("injury", "injury_roll", "injury_minutes", "ball_loss")
                                                   and state.pending.other == "penalty")


def sweep_cells(state: State, data: Data) -> list[SweepCell]:
    """The twelve sectors in sweep order, for a compact strip; empty outside the two sweeps."""
    n = data.track.sectors
    if not sweeping(state):
        return []
    fighting = phase_id(state) == "combat"
    cells = []
    for k in range(n):
        s = clockwise(state.initiative, k, n)
        here = [f for f in state.figures if f.on_track and f.sector == s]
        done = sum(1 for f in here if (f.fights if fighting else f.moves))
        cells.append(SweepCell(s, done, len(here), k == state.sweep, k < state.sweep))
    return cells


def timer_lines(state: State) -> list[str]:
    waiting = sorted((f for f in state.figures if f.timed), key=lambda f: f.timer)
    return [f"{TRACK_NAMES[f.place]} {f.timer}:00 {state.label(f.id)}" + (" (may return)" if f.timer == 0 else "")
            for f in waiting]


SHORT_TRACK = {"penalty": "Box", "shaken": "Shaken", "rest": "Rest"}


def _where(state: State, f: Figure) -> str:
    if f.on_track:
        return f"S{f.sector}" + (" ●" if state.ball.carrier == f.id else "")
    if f.place == "out":
        return "out"
    return f"{SHORT_TRACK[f.place]} {f.timer}:00"


def roster(state: State, team: int) -> Roster:
    """A line per figure (two a line where the panel is wide enough), each with its key, where it is, and M / F
    once it has moved / fought this turn; the four stats, when any is set, as spd/skl/cmb/tgh."""
    figures = [f for f in state.figures if f.team == team]
    with_stats = any(f.stats for f in figures)
    head = ["Key", "Figure", "Where", "MF"] + (["Stats"] if with_stats else [])
    rows = []
    for f in figures:
        row = [figure_key(state, f) or "·", f.name, _where(state, f), ("M" if f.moves else "·") + ("F" if f.fights else "·")]
        if with_stats:
            row.append("/".join(str(f.stats[s]) if s in f.stats else "-" for s in STATS))
        rows.append(row)
    return Roster(title=state.teams[team], actor=team, columns=head, rows=rows,
                  dim=[not f.on_track for f in figures], fold=True)


def build_view(state: State, data: Data) -> View:
    current = phase_id(state)
    n = data.track.sectors
    stopped = " (stopped)" if state.clock_stopped else ""
    offense = state.teams[state.offense] if state.offense is not None else "-"
    board = [
        Stat(label="Score", value=f"{state.score[0]} : {state.score[1]}"),
        Stat(label="Period", value=f"{state.period}/{data.clock.periods}"),
        Stat(label="Clock", value=clock_words(state.clock) + stopped),
        Stat(label="Initiative", value=f"sector {state.initiative}" if state.initiative else "-"),
        Stat(label="Ball", value=ball_words(state, data), actor=state.ball.team),
        Stat(label="Lap", value=lap_words(state, data), actor=state.ball.team),
        Stat(label="Offense", value=offense, actor=state.offense),
    ]
    if sweeping(state):
        board.insert(4, Stat(label="Sweep", value=f"sector {clockwise(state.initiative, state.sweep, n)} "
                                                  f"({state.sweep + 1}/{n})"))
    if state.ball.shooter:
        board.append(Stat(label="Attempt", value=state.label(state.ball.shooter), actor=state.ball.team))
    for f in sorted((f for f in state.figures if f.timed), key=lambda f: f.timer):
        board.append(Stat(label=f"{SHORT_TRACK[f.place]} {f.timer}:00", value=state.label(f.id), actor=f.team))
    sweep = sweep_lines(state, data)
    notes = (["Sectors in sweep order · M moved · F fought · ·· still to go · ● ball"] + sweep if sweep else [])
    notes += timer_lines(state)
    if state.ball.where == "held" and not state.ball.active and state.ball.lap_start:
        togo = n - state.ball.progress
        notes.append(f"Activation: {togo} more sector(s) counterclockwise to sector {state.ball.lap_start}.")
    return View(
        headline=f"{state.teams[0]} {state.score[0]} : {state.score[1]} {state.teams[1]}",
        clock=f"P{state.period} {clock_words(state.clock)}{stopped} · turn {state.turn}",
        phases=phase_rows(state, data),
        phase_id=current,
        scoreboard=board,
        rosters=[roster(state, 0), roster(state, 1)],
        notes=notes,
    )
