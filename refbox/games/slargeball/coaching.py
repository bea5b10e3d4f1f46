"""The computer coach's view of Slargeball! on refbox's field: how good a position is, and which of a move's
hundreds of squares (or a fling's) are worth weighing. A move is worth something only phases later, so the
squares kept are the purposeful ones: towards a loose ball, into contact with an opposing carrier, towards
(and into fling range of) the bunker with a ball, away from a whap it would lose, and a spread of the rest."""

from __future__ import annotations

import math
from functools import lru_cache

from refbox.engine.geometry.inch_field import distance
from refbox.engine.prompts import Legal
from refbox.games.slargeball.data import Data
from refbox.games.slargeball.field import geometry, parse_cell
from refbox.games.slargeball.models import State

WEIGHED = 12
"""At most this many squares weighed for one move (and aims for one fling)."""


def _bunker_centre(data: Data, team: int) -> tuple[float, float]:
    """The middle of the bunker ``team`` attacks (the other team's own)."""
    return _centre(geometry(data), team)


@lru_cache(maxsize=8)
def _centre(F, team: int) -> tuple[float, float]:
    cells = F.cells(F.bunkers[1 - team])
    return (sum(c[0] for c in cells) / len(cells), sum(c[1] for c in cells) / len(cells))


def options(state: State, data: Data, legal: Legal) -> tuple[str, ...] | None:
    if not state.board or len(legal.ids) <= WEIGHED:
        return None
    if state.step == "field_dest":
        return _move_options(state, data, legal)
    if state.step == "fling_aim":
        return _aim_options(state, data, legal)
    return None


def _move_options(state: State, data: Data, legal: Legal) -> tuple[str, ...]:
    fig = state.fig(state.ask.figure)
    cells = {sid: parse_cell(sid) for sid in legal.ids if "." in sid}
    if not cells:
        return tuple(legal.ids)
    kept: list[str] = ["stay"]
    opponents = [f for f in state.figures if f.team != fig.team and f.on_field and f.up and f.cell is not None]
    loose = [b.cell for b in state.balls if b.where in ("ground", "air") and b.cell is not None]
    carriers = [state.fig(b.carrier).cell for b in state.balls if b.carrier
                and state.fig(b.carrier).team != fig.team and state.fig(b.carrier).cell is not None]

    def nearest(goal) -> str:
        return min(cells, key=lambda sid: (distance(cells[sid], goal), sid))

    if state.carried_by(fig.id):
        bunker = _bunker_centre(data, fig.team)
        kept.append(min(cells, key=lambda sid: (math.dist(cells[sid], bunker), sid)))
        safe = [sid for sid in cells if not any(_touch(cells[sid], o.cell) for o in opponents)]
        if safe:
            kept.append(min(safe, key=lambda sid: (math.dist(cells[sid], bunker), sid)))
            kept.append(max(safe, key=lambda sid: (min((distance(cells[sid], o.cell) for o in opponents),
                                                       default=0), sid)))
    for goal in loose[:3]:
        kept.append(nearest(goal))
    for goal in carriers[:3]:
        kept.append(nearest(goal))
    touching = [sid for sid in cells if any(_touch(cells[sid], o.cell) for o in opponents)]
    weak = sorted(touching, key=lambda sid: min(o.whap for o in opponents if _touch(cells[sid], o.cell)))
    kept += weak[:2]
    forward = 1 if fig.team == 0 else -1
    kept.append(max(cells, key=lambda sid: (forward * cells[sid][0], sid)))
    kept += list(legal.ids[1:: max(1, len(legal.ids) // 3)])
    if "off" in kept:
        kept.remove("off")
    return tuple(dict.fromkeys(kept))[:WEIGHED + 4]


def _aim_options(state: State, data: Data, legal: Legal) -> tuple[str, ...]:
    """Aims worth weighing: on a team-mate (it must nab), the farthest forward, the nearest to the bunker."""
    fig = state.fig(state.ask.figure)
    cells = {sid: parse_cell(sid) for sid in legal.ids[1:]}
    mates = {f.cell for f in state.figures if f.team == fig.team and f.up and f.on_field and f.id != fig.id}
    kept = ["back", *(sid for sid, c in cells.items() if c in mates)]
    bunker = _bunker_centre(data, fig.team)
    kept.append(min(cells, key=lambda sid: (math.dist(cells[sid], bunker), sid)))
    return tuple(dict.fromkeys(kept))[:WEIGHED]


def _touch(a, b) -> bool:
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def evaluate(state: State, data: Data, side: int) -> float:
    """How good the state is for ``side``, 0 to 1: goals above all, then custody of the balls, how near each
    carrier is to fling range of the bunker it attacks, who is nearer each loose ball, the whaps each side's
    carriers face, and the figures each side still has standing."""
    me, them = state.teams[side].score, state.teams[1 - side].score
    if state.step == "over":
        return 1.0 if me > them else 0.0 if me < them else 0.5
    x = 1.5 * (me - them)
    if state.board:
        x += _field_terms(state, data, side)
    up = [0, 0]
    for f in state.figures:
        if f.up and f.on_field and not f.coach:
            up[f.team] += 1
    x += 0.06 * (up[side] - up[1 - side])
    return 1 / (1 + math.exp(-x))


def _field_terms(state: State, data: Data, side: int) -> float:
    x = 0.0
    per_point = data.game.fling_range_per_point
    standing = [f for f in state.figures if f.up and f.on_field and f.cell is not None]
    for ball in state.balls:
        if ball.carrier:
            c = state.fig(ball.carrier)
            sign = 1.0 if c.team == side else -1.0
            bunker = _bunker_centre(data, c.team)
            short = max(0.0, math.dist(c.cell, bunker) - c.fling * per_point)  # inches to fling range
            threat = sum(o.whap for o in standing if o.team != c.team and _touch(o.cell, c.cell)) / 6
            x += sign * (0.5 + 0.5 * math.exp(-short / 12) - 0.3 * min(1.0, threat))
        elif ball.cell is not None and ball.where in ("ground", "air"):
            near = [min((distance(f.cell, ball.cell) for f in standing if f.team == t and not f.coach),
                        default=99.0) for t in (0, 1)]
            x += 0.25 * math.tanh((near[1 - side] - near[side]) / 6)
    return x
