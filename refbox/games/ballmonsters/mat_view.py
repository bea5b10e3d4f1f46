"""The on-screen mat as character cells (a BoardView the shared Board widget draws): bases filled in their
team's colour with their id and an arrow for their facing, spots numbered, portals, deflated tokens, the
balls and spots a question is about lit. Positions stay exact in the state; this is only their picture."""

from __future__ import annotations

import math

from refbox.engine.board import BoardView, Cell
from refbox.engine.geometry.hexes import Base, inradius, side_unit
from refbox.games.ballmonsters import onmat
from refbox.games.ballmonsters.data import Data
from refbox.games.ballmonsters.models import State

MM_PER_COL, MM_PER_ROW = 9, 18
"""A character cell is about twice as tall as wide: 9 x 18 mm keeps the mat's shape (66 x 24 cells for A2)."""
ARROWS = "→↗↗↑↖↖←↙↙↓↘↘"
"""A facing (30-degree steps) as the nearest of eight arrows (the rosters give it exactly)."""


def size(data: Data) -> tuple[int, int]:
    m = data.mat
    return math.ceil(m.width_mm / MM_PER_COL), math.ceil(m.height_mm / MM_PER_ROW)


def cell_of(data: Data, x: float, y: float) -> tuple[int, int]:
    cols, rows = size(data)
    return min(cols - 1, max(0, int(x // MM_PER_COL))), min(rows - 1, max(0, rows - 1 - int(y // MM_PER_ROW)))


def _inside(base: Base, px: float, py: float, side: float) -> bool:
    r = inradius(side)
    return all((px - base.x) * nx + (py - base.y) * ny <= r for nx, ny in (side_unit(base.facing, k) for k in range(6)))


def _footprint(data: Data, base: Base) -> list[tuple[int, int]]:
    """The cells whose centres lie on the base (at least its own centre's cell)."""
    side = data.mat.base_side_mm
    cols, rows = size(data)
    c0, r0 = cell_of(data, base.x, base.y)
    out = [cell_of(data, base.x, base.y)]
    for c in range(c0 - 3, c0 + 4):
        for r in range(r0 - 2, r0 + 3):
            if 0 <= c < cols and 0 <= r < rows:
                px, py = (c + 0.5) * MM_PER_COL, (rows - 1 - r + 0.5) * MM_PER_ROW
                if _inside(base, px, py, side) and (c, r) not in out:
                    out.append((c, r))
    return out


def _label(cells: dict, data: Data, base: Base, text: str, look: str) -> None:
    cols, _ = size(data)
    c, r = cell_of(data, base.x, base.y)
    start = max(0, min(cols - len(text), c - 1))
    for i, ch in enumerate(text):
        cells[(start + i, r)] = Cell(ch, look)


def ball_cell(state: State, data: Data, ball_id: str) -> tuple[int, int]:
    """Where a ball's key is drawn: just left of its label (the label stays readable)."""
    x, y, _ = state.at[ball_id]
    c, r = cell_of(data, x, y)
    return max(0, c - 2), r


def spot_cell(data: Data, index: int) -> tuple[int, int]:
    s = onmat.spots(data)[index]
    return cell_of(data, s.x, s.y)


def mat_board(state: State, data: Data) -> BoardView:
    cols, rows = size(data)
    cells: dict[tuple[int, int], Cell] = {}
    for i, s in enumerate(onmat.spots(data)):
        c, r = cell_of(data, s.x, s.y)
        cells[(c, r)] = Cell("◦", "line")
    for i, (x, y, f) in enumerate(state.portal_at):
        base = Base(x, y, f)
        for cell in _footprint(data, base):
            cells[cell] = Cell("░", "carnage")
        _label(cells, data, base, f"P{i + 1}", "carnage")
    for b in state.balls:
        if b.gone is None and b.id in state.at and b.deflated_turn is not None:
            _label(cells, data, Base(*state.at[b.id]), f"{b.id.lower()}×", "down")
    marks: dict[tuple[int, int], str] = {}
    for b in state.balls:
        if not b.in_play or b.id not in state.at:
            continue
        base = Base(*state.at[b.id])
        look = f"team{b.team}"
        for cell in _footprint(data, base):
            cells[cell] = Cell(" ", look)
        _label(cells, data, base, f"{b.id}{ARROWS[base.facing]}", look)
    if state.step == "vector" and state.bounce is not None:
        for ball, _, _, c in onmat.vector_previews(state, data):
            x0, y0, _ = state.at[ball]
            steps = max(1, int(math.hypot(c.at[0] - x0, c.at[1] - y0) // 4))
            for i in range(1, steps + 1):
                cell = cell_of(data, x0 + (c.at[0] - x0) * i / steps, y0 + (c.at[1] - y0) * i / steps)
                marks.setdefault(cell, "reach")
    shooter = state.monsterball(state.shooter)
    if state.turn and shooter.in_play and shooter.id in state.at:
        marks[ball_cell(state, data, shooter.id)] = "mover"
    if state.target and state.ball(state.target).in_play:
        marks[ball_cell(state, data, state.target)] = "target"
    focus = next(iter(marks), None)
    return BoardView(cols=cols, rows=rows, cells=cells, cell_width=1, gap=0, blank=Cell("·", "field"), marks=marks,
                     caption=_caption(state), focus=focus, name_joint=",", hint_limit=len(onmat.spots(data)),
                     col_names=[str(c * MM_PER_COL) for c in range(cols)],  # the rulers in mm, as the log gives
                     row_names=[str((rows - 1 - r) * MM_PER_ROW) for r in range(rows)])  # places: (x, y) mm


def _caption(state: State) -> str:
    if state.step in ("place", "place_facing"):
        return "◦ spots (the keys number the free ones) · arrows: each ball's bitey front · rulers: mm"
    return "A/B ids with an arrow for the bitey front · P portals · ×: deflated token · ◦ spots · rulers: mm"
