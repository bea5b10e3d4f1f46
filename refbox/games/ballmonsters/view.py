"""What the screen shows besides the prompt, computed headless from the state."""

from __future__ import annotations

from refbox.engine.state import PhaseRow, Roster, Stat, View
from refbox.games.ballmonsters.data import Data
from refbox.games.ballmonsters.mat_place import facing_words
from refbox.games.ballmonsters.mat_view import mat_board
from refbox.games.ballmonsters.mechanics import conditions
from refbox.games.ballmonsters.models import State
from refbox.games.ballmonsters.steps import PLACES, STEPS


def _status(index: int, current: int, over: bool) -> str:
    if over or index < current:
        return "done"
    return "current" if index == current else "todo"


def phase_rows(state: State, data: Data) -> list[PhaseRow]:
    phase_id, step_id = STEPS.phase(state), PLACES[state.step][0]
    over = state.step == "over"
    ids = [p.id for p in data.phases]
    rows = []
    for i, phase in enumerate(data.phases):
        status = _status(i, ids.index(phase_id), over)
        rows.append(PhaseRow(name=phase.name, status=status))
        step_ids = [s.id for s in phase.steps]
        for j, step in enumerate(phase.steps):
            if status == "current" and step_id in step_ids:
                step_status = _status(j, step_ids.index(step_id), over)
            else:
                step_status = status
            rows.append(PhaseRow(name=step.name, status=step_status, depth=1))
    if over:
        rows.append(PhaseRow(name="Full time", status="current"))  # never an empty phase in the title
    return rows


def _effect_name(data: Data, effect: str | None) -> str:
    return data.effect(effect).name if effect else "-"


def rosters(state: State, data: Data) -> list[Roster]:
    out = []
    for team in (0, 1):
        balls = [b for b in state.balls if b.team == team]
        rows = [
            [b.name + (" (M)" if b.kind == "monsterball" else ""), str(b.strength), _effect_name(data, b.effect),
             ", ".join(conditions(b)) or "ok"] + ([_place(state, b.id)] if state.mat else [])
            for b in balls
        ]  # fmt: skip
        out.append(
            Roster(
                title=state.teams[team].name,
                actor=team,
                columns=["Ball", "STR", "Effect", "Conditions"] + (["On the mat"] if state.mat else []),
                rows=rows,
                dim=[not b.in_play for b in balls],
            )
        )
    return out


def _place(state: State, ball_id: str) -> str:
    if ball_id not in state.at:
        return "-"
    x, y, f = state.at[ball_id]
    return f"{state.ball(ball_id).id} ({x}, {y}) mm, {facing_words(f).split(' towards ')[1]}"


def shot_notes(state: State) -> list[str]:
    if state.step in ("place", "over"):
        return []
    lines = []
    shooter = state.label(state.monsterball(state.shooter).id)
    if state.target:
        momentum = "" if state.momentum is None else f", momentum {state.momentum}, power {state.power}"
        lines.append(f"Shot: {shooter} at {state.label(state.target)}{momentum}")
    if state.bounce:
        b = state.bounce
        boob = " (boob)" if b.boob else ""
        committed = f", {b.committed} committed" if b.committed else ""
        lines.append(f"Bounce {state.bounces}: {state.label(b.active)} into {state.label(b.target)}, "
                     f"{b.power} power{committed}{boob}")  # fmt: skip
    if state.moving:
        lines.append(f"Bouncing: {state.label(state.moving.ball)} with {state.moving.power} power")
    if state.moves:
        waiting = ", ".join(f"{state.label(m.ball)} ({m.power})" for m in reversed(state.moves))
        lines.append(f"Still to bounce: {waiting}")
    return lines


def build_view(state: State, data: Data) -> View:
    a, b = state.teams
    clock = "placement" if state.turn == 0 else f"turn {state.turn}"
    return View(
        headline=f"{a.name} {state.scores[0]} : {state.scores[1]} {b.name}",
        clock=f"{clock} · portals {state.portals}/{data.portals.max}",
        phases=phase_rows(state, data),
        phase_id=STEPS.phase(state),
        scoreboard=[
            Stat(label=a.name, value=str(state.scores[0]), actor=0),
            Stat(label=b.name, value=str(state.scores[1]), actor=1),
            Stat(label="Shooting", value=state.teams[state.shooter].name, actor=state.shooter),
            Stat(label="Portals", value=f"{state.portals}/{data.portals.max}"),
            Stat(label="Deflations", value=f"{state.deflations[0]} : {state.deflations[1]}"),
            Stat(label="Miniballs", value=f"{state.miniballs_left(0)} : {state.miniballs_left(1)}"),
        ],
        rosters=rosters(state, data),
        notes=shot_notes(state),
        board=mat_board(state, data) if state.mat else None,
    )
