"""Slargeball! on refbox's field: where everything is, as cells of the inch grid, and what the positions decide
(contact, reach, range, placement, the line-up). Pure: the steps call these; the geometry is
refbox.engine.geometry.inch_*; the numbers are the ruleset's ``[field]``.
"""

from __future__ import annotations

from functools import lru_cache

from refbox.engine.errors import RuleError
from refbox.engine.geometry.inch_field import Cell, InchField
from refbox.engine.geometry.inch_reach import Reach, reach
from refbox.engine.geometry.inch_setup import (
    ball_spots,
    behind_line,
    coach_spot,
    goalie_spot,
    lineup,
    zone_spot,
)
from refbox.games.slargeball.data import Data
from refbox.games.slargeball.models import Figure, State


def geometry(data: Data) -> InchField:
    if data.field is None:
        raise RuleError("This ruleset has no [field]: play it at the table.")
    return data.field.geometry()  # kept per layout by the geometry (field_of)


# ---- cell names: "col.row", the field's own coordinates (zones and bunkers have columns < 0 or >= length) ----


def cell_id(cell: Cell) -> str:
    return f"{cell[0]}.{cell[1]}"


def parse_cell(text: str) -> Cell:
    try:
        c, r = text.split(".")
        return int(c), int(r)
    except ValueError:
        raise RuleError(f"{text!r} is not a square of the field (column.row)") from None


def view_square(F: InchField, cell: Cell) -> tuple[int, int]:
    """Where a cell is drawn: the band's top-left corner is the board's (0, 0)."""
    return cell[0] + F.layout.band_ends, cell[1] + F.layout.band_sides


# ---- what stands where ----


def standing_mask(state: State, F: InchField, skip: str | None = None) -> int:
    m = 0
    for f in state.figures:
        if f.on_field and f.status == "up" and f.cell is not None and f.id != skip:
            m |= F.bit(f.cell)
    return m


def fallen_mask(state: State, F: InchField) -> int:
    m = 0
    for f in state.figures:
        if f.on_field and f.status != "up" and f.cell is not None:
            m |= F.bit(f.cell)
    return m


def ground_mask(state: State, F: InchField, skip: int | None = None) -> int:
    m = 0
    for b in state.balls:
        if b.where == "ground" and b.cell is not None and b.id != skip:
            m |= F.bit(b.cell)
    return m


def occupied_mask(state: State, F: InchField, skip_fig: str | None = None, skip_ball: int | None = None) -> int:
    """Every cell a figure on the field (standing or fallen) or a groundball takes."""
    m = ground_mask(state, F, skip_ball)
    for f in state.figures:
        if f.on_field and f.cell is not None and f.id != skip_fig:
            m |= F.bit(f.cell)
    return m


def at_cell(state: State, cell: Cell) -> Figure | None:
    """The figure on the field on ``cell`` (standing or fallen), if any."""
    for f in state.figures:
        if f.on_field and f.cell == cell:
            return f
    return None


def in_contact(a: Figure, b: Figure) -> bool:
    if a.cell is None or b.cell is None or a.cell == b.cell:
        return False
    return abs(a.cell[0] - b.cell[0]) <= 1 and abs(a.cell[1] - b.cell[1]) <= 1


def touching(state: State, cell: Cell) -> list[Figure]:
    """The figures standing on the field in base contact with ``cell``, in roster order."""
    c, r = cell
    return [f for f in state.figures if f.on_field and f.status == "up" and f.cell is not None
            and f.cell != cell and abs(f.cell[0] - c) <= 1 and abs(f.cell[1] - r) <= 1]


def opponents_touching(state: State, fig: Figure) -> list[Figure]:
    return [o for o in touching(state, fig.cell) if o.team != fig.team] if fig.cell is not None else []


# ---- moving ----


def area_of(F: InchField, fig: Figure) -> int:
    """Where a figure may stand: the field; goalies the goal zones too (ruling field-goal-areas)."""
    return F.playable if fig.pos == "G" else F.field


def finish_of(state: State, F: InchField, fig: Figure) -> int:
    """A goalie carrying a ball may end its move in the opposing bunker (ruling goalie-carry-goal)."""
    if fig.pos == "G" and state.carried_by(fig.id):
        return F.bunkers[1 - fig.team]
    return 0


def reach_of(state: State, data: Data, fig: Figure) -> Reach:
    """Where ``fig`` can end its move this phase (clean, across a pile, and where it could run off)."""
    F = geometry(data)
    return _reach(F, fig.cell, fig.move, standing_mask(state, F, fig.id), fallen_mask(state, F),
                  ground_mask(state, F), area_of(F, fig), finish_of(state, F, fig))


@lru_cache(maxsize=256)  # by value: a prompt, its check and its apply ask for the same reach
def _reach(F: InchField, start: Cell, move: int, standing: int, fallen: int, balls: int, area: int,
           finish: int) -> Reach:
    return reach(F, start, move, standing=standing, fallen=fallen, balls=balls, area=area, finish=finish)


# ---- placing things clear of everyone (ruling placement) ----


def clear_spot(state: State, data: Data, around: Cell, area: int, skip_fig: str | None = None,
               skip_ball: int | None = None) -> Cell:
    """The nearest free cell of ``area`` in contact with nothing within ``placement_inches``, else the nearest
    free cell; the first in the geometry's order when several are as near."""
    F = geometry(data)
    taken = occupied_mask(state, F, skip_fig, skip_ball)
    spots = F.clear_spots(around, taken, area, data.field.placement_inches)
    if spots:
        return spots[0]
    if not F.has(taken, around) and F.has(area, around):
        return around
    near = F.free_spots(around, taken, area)
    return near[0] if near else around


def place_ball(state: State, data: Data, ball_id: int, around: Cell) -> None:
    """A ball coming to rest at ``around`` (dropped, or down on a fallen figure or another ball): there if the
    cell is free, else the nearest clear cell."""
    F = geometry(data)
    ball = state.ball(ball_id)
    taken = occupied_mask(state, F, skip_ball=ball_id)
    area = F.playable
    if F.has(area, around) and not F.has(taken, around) and not _figure_on(state, around):
        ball.cell = around
    else:
        ball.cell = clear_spot(state, data, around, area, skip_ball=ball_id)


def _figure_on(state: State, cell: Cell) -> bool:
    return at_cell(state, cell) is not None


# ---- the start and Break Play (rulings start-positions, lineup-order, lineup-squares) ----


def place_start(state: State, data: Data) -> None:
    F = geometry(data)
    for team in (0, 1):
        players = [f for f in state.figures if f.team == team and not f.coach and f.pos != "G"]
        for f, cell in zip(players, lineup(F, team, len(players))):
            f.cell = cell
        for f in state.figures:
            if f.team == team and f.pos == "G":
                f.cell = goalie_spot(F, team)
            if f.team == team and f.coach:
                f.cell = coach_spot(F, team)
    for ball, cell in zip(state.balls, ball_spots(F, len(state.balls))):
        ball.cell = cell


def line_up(state: State, data: Data) -> None:
    """Break Play on the field: fallen figures and groundballs stay; conscious goalies go to the opposing zone,
    conscious coaches to their spot off the field, everyone else behind the own slargeline; scored and flown
    balls to their start spots at the centre (the nearest clear cell where one is taken)."""
    F = geometry(data)
    for team in (0, 1):
        coach = state.coach_of(team)
        if coach is not None and coach.up:
            coach.cell = coach_spot(F, team)
    for ball in state.balls:
        if ball.where in ("out", "air"):
            ball.cell = None
    for f in state.figures:
        if f.up and f.on_field and not f.coach:
            f.cell = None  # lifted off while the others are placed
    for team in (0, 1):
        players = [f for f in state.figures if f.team == team and f.up and f.on_field and not f.coach and f.pos != "G"]
        blocked = occupied_mask(state, F)
        for f, cell in zip(players, lineup(F, team, len(players), blocked)):
            f.cell = cell
        for f in state.figures:
            if f.team == team and f.pos == "G" and f.up and f.cell is None:
                spot = zone_spot(F, team, occupied_mask(state, F))
                f.cell = spot if spot is not None else clear_spot(state, data, goalie_spot(F, team), F.playable)
    spots = ball_spots(F, len(state.balls))
    for ball in state.balls:
        if ball.where in ("out", "air"):
            ball.put("ground")
            place_ball(state, data, ball.id, spots[ball.id - 1])


# ---- the teams' own line-ups (ruling lineup-squares) ----


def lined_up(state: State, team: int) -> list[Figure]:
    """The figures a team lines up: its conscious players on the field (the goalie in the goal zone it attacks,
    the others behind its slargeline), not the coach (he waits on his spot off the field)."""
    return [f for f in state.figures if f.team == team and f.up and f.on_field and not f.coach]


def lineup_area(F: InchField, fig: Figure) -> int:
    """Where ``fig`` lines up: a goalie in the goal zone its team attacks, the others behind their slargeline."""
    return F.zones[1 - fig.team] if fig.pos == "G" else behind_line(F, fig.team)


def lineup_squares(state: State, data: Data, fig: Figure) -> tuple[Cell, ...]:
    """Where ``fig`` may be put in its team's line-up: every free cell of its ``lineup_area`` (no figure,
    standing or fallen, and no groundball on it; touching them is allowed), nearest first."""
    F = geometry(data)
    return _free_in(F, lineup_area(F, fig), occupied_mask(state, F), fig.cell)


@lru_cache(maxsize=64)  # by value: the question's legal answers, its prompt and its board ask for the same
def _free_in(F: InchField, area: int, taken: int, start: Cell) -> tuple[Cell, ...]:
    cells = F.cells(area & ~taken)
    return tuple(sorted(cells, key=lambda c: ((c[0] - start[0]) ** 2 + (c[1] - start[1]) ** 2, c)))


def line_columns(data: Data, team: int) -> tuple[int, int]:
    """The first and last column behind a team's slargeline."""
    L = geometry(data).layout
    return (0, L.slargeline - 1) if team == 0 else (L.length - L.slargeline, L.length - 1)
