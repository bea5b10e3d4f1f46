"""The computer coach's view of Slargeball! on refbox's field: how good a position is (``evaluate``, in goals),
and which few answers of a long list are worth weighing (``options``).

A move is worth something only phases later, so the coach plans: each Move sub-phase it sends on the figure
whose best purposeful square gains the most (towards a loose ball, into contact with an opposing carrier,
into fling range of the bunker or of its goalie, away from a whap it would lose) and stops when nobody
gains; a carrier flings at a team-mate only when the pass is worth more than holding; the coach storms on
only when his corridor would floor more opponents than team-mates. Positional terms are in goals, so a
goal always outweighs custody: a carrier in range is worth its fling odds of a goal, no more."""

from __future__ import annotations

import math
from functools import lru_cache

from refbox.engine.geometry.inch_field import distance
from refbox.games.slargeball.data import Data
from refbox.games.slargeball.field import geometry
from refbox.games.slargeball.models import Figure, State

WEIGHED = 12
"""At most this many squares weighed for one move (and aims for one fling)."""
STEEP = 1.3
"""How sharply a lead in goals turns into winning chances (evaluate's logistic)."""
FIGURE = 0.04
"""A standing figure, in goals."""
BLOCK = 0.08
"""An opponent in the way of one of our carriers, knocked out, in goals over its ``FIGURE``: a hole in the line."""
LOOSE = 0.3
ZONE_BALL = 0.8
"""A loose ball in the goal zone a team attacks, its goalie touching it, in goals: the goalie nabs it
(nobody else may enter) and walks it into the bunker."""
CHASED = 0.2
"""How much of its whap an opponent that could run into contact with a carrier is feared for (not all of it:
it may not, or may be stopped; fearing all of them, carriers stall short of the bunker)."""
"""A loose ball to the side nearer it, at most, in goals."""


@lru_cache(maxsize=8)
def _bunker(F, team: int) -> tuple[tuple[int, int], ...]:
    """The cells of the bunker ``team`` attacks (the other team's own)."""
    return tuple(F.cells(F.bunkers[1 - team]))


@lru_cache(maxsize=8)
def _zone(F, team: int) -> frozenset:
    """The goal zone ``team`` attacks, and its bunker: where its goalie waits for a pass."""
    return frozenset(F.cells(F.zones[1 - team] | F.bunkers[1 - team]))


def _to_bunker(F, team: int, cell) -> float:
    return min(distance(cell, b) for b in _bunker(F, team))


AROUND = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
"""The eight cells in base contact with a cell."""


def _touch(a, b) -> bool:
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


# ---- judging a position ----


def evaluate(state: State, data: Data, side: int) -> float:
    """How good the state is for ``side``, 0 to 1: the score, and on the field what the balls are worth in
    goals (custody, range, passes to the goalie, the whaps a carrier faces, who is nearer a loose ball),
    the whaps due between figures in contact, and the figures each side still has standing."""
    me, them = state.teams[side].score, state.teams[1 - side].score
    if state.step == "over":
        return 1.0 if me > them else 0.0 if me < them else 0.5
    x = float(me - them)
    if state.board:
        x += field_worth(state, data, side)
    else:
        up = [0, 0]
        for f in state.figures:
            if f.up and f.on_field and not f.coach:
                up[f.team] += 1
        x += FIGURE * (up[side] - up[1 - side])
    return 1 / (1 + math.exp(-STEEP * x))


def field_worth(state: State, data: Data, side: int) -> float:
    F = geometry(data)
    standing = [f for f in state.figures if f.up and f.on_field and f.cell is not None and not f.coach]
    x = 0.0
    for f in standing:
        x += FIGURE if f.team == side else -FIGURE
    if state.phase in ("initiative", "move", "whap"):  # the whaps still due this turn
        at = {f.cell: f for f in standing}
        carriers = [state.fig(b.carrier) for b in state.balls if b.where == "carried"]
        for f in standing:
            if f.frozen:
                continue
            c, r = f.cell
            targets = [o for dc, dr in AROUND if (o := at.get((c + dc, r + dr))) is not None and o.team != f.team]
            if targets:
                worth = max(FIGURE + (BLOCK if _in_the_way(F, o, carriers, f.team) else 0.0) for o in targets)
                x += (worth if f.team == side else -worth) * f.whap / 6
    left = state.turns - state.turn + 1
    hurry = min(1.0, left / 3)  # custody late in the game has little time to score
    for ball in state.balls:
        if ball.where == "carried":
            c = state.fig(ball.carrier)
            v = carrier_worth(state, data, F, c, standing)
            x += hurry * (v if c.team == side else -v)
        elif ball.where == "air" and ball.cell is not None:
            on = next((f for f in standing if f.cell == ball.cell), None)
            if on is not None:
                p = on.nab / 6
                v = p * carrier_worth(state, data, F, on, standing)
                x += hurry * (v if on.team == side else -v)
                x += (1 - p) * hurry * _loose_on(F, ball.cell, standing, side)
            else:
                x += hurry * _loose_on(F, ball.cell, standing, side)
        elif ball.where == "ground" and ball.cell is not None:
            x += hurry * _loose_on(F, ball.cell, standing, side)
    return x


def _in_the_way(F, o: Figure, carriers: list[Figure], team: int) -> bool:
    """``o`` stands between a carrier of ``team`` and the bunker it attacks, within a Move or two of it."""
    for c in carriers:
        if c.team == team and c.cell is not None and distance(c.cell, o.cell) <= 12 \
                and _to_bunker(F, team, o.cell) < _to_bunker(F, team, c.cell):
            return True
    return False


def _loose_on(F, cell, standing: list[Figure], side: int) -> float:
    """A loose ball where it lies: in a goal zone only goalies may fetch it (the attacking team's goalie then
    walks it into the bunker), elsewhere whoever is nearer."""
    kind, owner = F.kind(cell)
    if kind != "zone":
        return _loose(cell, standing, side)
    x = 0.0
    for g in standing:
        if g.pos == "G" and not g.frozen:
            gap = max(0.0, distance(g.cell, cell) - 1)
            attacking = g.team != owner  # the zone it attacks: a nab there is nearly a goal
            v = (ZONE_BALL if attacking else LOOSE) * (g.nab / 6 if gap == 0 else 0.8 * _closing(gap))
            x += v if g.team == side else -v
    return x


def carrier_worth(state: State, data: Data, F, c: Figure, standing: list[Figure]) -> float:
    """A carrier's ball, in goals: the chance it becomes a goal soon (a fling from range, a pass to the goalie
    waiting by the bunker, a goalie's walk in), less what the opponents touching (or about to touch) it cost."""
    per = data.game.fling_range_per_point
    d = _to_bunker(F, c.team, c.cell)
    if c.pos == "G":
        if d <= c.move:
            best = 0.9
        else:
            best = 0.9 * _closing(d - c.move)
    else:
        best = 0.0
    if c.coach:
        return 0.05
    rng = c.fling * per
    p_fling = c.fling / 6
    best = max(best, p_fling * _closing(open_gap(F, c, rng, standing)))
    zone = _zone(F, c.team)
    for g in standing:
        if g.team == c.team and g.pos == "G" and g.id != c.id and not g.frozen and g.cell in zone:
            gap = max(0.0, distance(c.cell, g.cell) - rng)
            best = max(best, 0.85 * p_fling * g.nab / 6 * _closing(gap))
    survive, chaser = 1.0, 0
    for o in standing:
        if o.team == c.team or o.frozen:
            continue
        gap = distance(o.cell, c.cell)
        if gap < 1.5:
            survive *= 1 - o.whap / 6
        elif gap <= o.move + 1 and o.whap > chaser:  # pinned by one of ours, it must first roll a 1 or 2
            pinned = any(m.team == c.team and _touch(m.cell, o.cell) for m in standing)
            chaser = max(chaser, o.whap / 3 if pinned else o.whap)
    survive *= 1 - CHASED * chaser / 6  # the strongest opponent that could run into contact this turn
    return 0.15 + 0.75 * best * survive - 0.15 * (1 - survive)


STEP = 1.2
"""Inches a king's step of ``open_gap``'s wavefronts stands for (1 straight, 1.41 diagonal)."""
WALLED = 16.0
"""Inches added when no open way leads into range: the carrier must break through a line of opponents."""


@lru_cache(maxsize=8)
def _shooting(F, team: int, rng: int) -> int:
    """The field cells from which a carrier of ``team`` with ``rng`` inches of range reaches the bunker."""
    m = 0
    for b in _bunker(F, team):
        m |= F.within(b, rng, F.field)
    return m


@lru_cache(maxsize=512)
def _waves(F, team: int, rng: int, opponents: int) -> tuple[int, ...]:
    """The open field in rings around the shooting cells: ring k is k king's steps of running away from them,
    over cells touching no standing opponent (a mover stops on contact: a line of opponents is a wall)."""
    free = F.field & ~F.dilate(opponents)
    seen = front = _shooting(F, team, rng) & free
    rings = [front]
    while front:
        front = F.dilate(front) & free & ~seen
        seen |= front
        rings.append(front)
    return tuple(rings[:-1])


def open_gap(F, c: Figure, rng: int, standing: list[Figure]) -> float:
    """Inches ``c`` still runs before it can fling at the bunker: around the opponents' bases, not through
    them (a straight measure sent carriers into a line of opponents, where they stood all game)."""
    opponents = 0
    for o in standing:
        if o.team != c.team:
            opponents |= F.bit(o.cell)
    around = F.dilate(F.bit(c.cell))
    for k, ring in enumerate(_waves(F, c.team, rng, opponents)):
        if ring & around:
            return STEP * k
    return max(0.0, _to_bunker(F, c.team, c.cell) - rng) + WALLED


def _closing(gap: float) -> float:
    """What is left of a chance when ``gap`` inches are still to run before it can be taken: every inch
    counts the same up to 30 inches (a discount per turn made carriers stall a turn short, where a step gained
    too little), and farther less and less but never nothing (a flat floor left a carrier in its own half
    standing still all game)."""
    gap = max(0.0, gap)
    return 1 - gap / 36 if gap < 30.6 else 0.15 * math.exp((30.6 - gap) / 20)


def _loose(cell, standing: list[Figure], side: int) -> float:
    """A loose ball, in goals for ``side``: who is nearer (in turns of its own Move), and who touches it now
    and will try for it in the Nab phase."""
    turns = [9.0, 9.0]
    miss = [1.0, 1.0]
    for f in standing:
        if f.frozen:
            continue
        gap = distance(f.cell, cell)
        if gap < 1.5:
            miss[f.team] *= 1 - f.nab / 6
            turns[f.team] = 0.0
        else:
            turns[f.team] = min(turns[f.team], (gap - 1) / f.move)
    near = math.tanh(turns[1 - side] - turns[side])
    return LOOSE * (0.5 * near + 0.5 * ((1 - miss[side]) - (1 - miss[1 - side])))
