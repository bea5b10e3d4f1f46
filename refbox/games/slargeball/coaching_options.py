"""Which answers the computer coach weighs on Slargeball!'s field (the rules' ``coach_options``): a plan, not
a list. Each Move sub-phase it sends on the one figure whose best purposeful square gains the most in
``coaching.field_worth`` (and says "done" when nobody gains), weighs a dozen purposeful squares for it, passes
only when a pass beats holding, and lets the coach storm on only when his corridor floors more opponents than
team-mates."""

from __future__ import annotations

from refbox.engine.geometry.inch_field import distance
from refbox.engine.geometry.inch_flight import coach_run
from refbox.engine.prompts import Legal
from refbox.games.slargeball.coaching import (
    AROUND,
    WEIGHED,
    ZONE_BALL,
    _bunker,
    _waves,
    _touch,
    carrier_worth,
    field_worth,
)
from refbox.games.slargeball.data import Data
from refbox.games.slargeball.field import geometry, occupied_mask, parse_cell, standing_mask
from refbox.games.slargeball.models import Figure, State

GAIN = 0.01
"""A move worth less than this (in goals) is not worth making..."""
CARRIER_GAIN = 1e-4
"""...unless a carrier makes it (far from range a step gains little now, but all of them add up)."""
STORM = 1.2
"""Opponents the coach's corridor must floor, net of team-mates and his target's time off, to storm on."""


def options(state: State, data: Data, legal: Legal) -> tuple[str, ...] | None:
    if not state.board:
        return None
    step = state.step
    if step == "field_move":
        return (which_figure(state, data, legal),)
    if step == "field_dest":
        return squares(state, data, state.fig(state.ask.figure), legal.ids) if len(legal.ids) > WEIGHED else None
    if step == "fling_menu":
        return fling_menu(state, data, legal)
    if step == "fling_aim":
        return aims(state, data, legal)
    if step == "coach_menu":
        return ("try",) if storm_target(state, data, state.ask.team) is not None else ("no",)
    if step == "coach_target":
        best = storm_target(state, data, state.ask.team)
        return (best,) if best in legal.ids else None
    return None


# ---- moving ----


def which_figure(state: State, data: Data, legal: Legal) -> str:
    """The figure of the sub-phase whose best square gains the most for its team ("done" when none gains):
    a figure held in contact gains only a third as much (it must first roll to break away)."""
    from refbox.games.slargeball.steps_field import _dest_ids  # the move's own squares, not a copy

    team = state.ask.team
    F = geometry(data)
    now = field_worth(state, data, team)
    best, best_gain = "done", GAIN
    for fig_id in legal.ids:
        if fig_id in ("done", "rest", "ask_break"):
            continue
        fig = state.fig(fig_id)
        ids = _dest_ids(state, data, fig)
        start, gain = fig.cell, 0.0
        goal = F.bunkers[1 - fig.team] if fig.pos == "G" and state.carried_by(fig.id) else 0
        for sid in squares(state, data, fig, ids, spread=False):
            if "." not in sid:  # stay, or run off the field
                continue
            cell = parse_cell(sid)
            if goal and F.has(goal, cell):
                gain = 1.0
                break
            fig.cell = cell
            try:
                gain = max(gain, field_worth(state, data, team) - now)
            finally:
                fig.cell = start
        if any(o.team != team and o.up and o.on_field and _touch(o.cell, start) for o in state.figures
               if o.cell is not None) and fig.id not in state.tried_contact:
            gain /= 3
        if gain > best_gain or (gain > CARRIER_GAIN and best == "done" and state.carried_by(fig.id)):
            best, best_gain = fig_id, gain  # a carrier runs on for any gain: every step is one fewer later
    return best


def squares(state: State, data: Data, fig: Figure, ids: tuple[str, ...], spread: bool = True) -> tuple[str, ...]:
    """The squares worth weighing for ``fig``: stay; towards each loose ball and each opposing carrier; a
    carrier towards the bunker (nearest, and nearest out of reach of a whap) and away from everyone; into
    contact with the opponents it outwhaps; out of a contact it would lose; the farthest forward; a spread."""
    cells = {sid: parse_cell(sid) for sid in ids if "." in sid}
    if not cells:
        return tuple(ids)
    kept: list[str] = ["stay"]
    standing = [f for f in state.figures if f.up and f.on_field and f.cell is not None and not f.coach]
    opponents = [f for f in standing if f.team != fig.team]
    loose = [b.cell for b in state.balls if b.where in ("ground", "air") and b.cell is not None]
    carriers = [state.fig(b.carrier).cell for b in state.balls if b.carrier
                and state.fig(b.carrier).team != fig.team and state.fig(b.carrier).cell is not None]

    def nearest(goal, among=cells) -> str | None:
        return min(among, key=lambda sid: (distance(cells[sid], goal), sid)) if among else None

    def threatened(cell) -> bool:
        return any(distance(o.cell, cell) <= o.move + 1 and not o.frozen for o in opponents)

    near: dict = {}  # every cell in contact with an opponent: those opponents
    for o in opponents:
        for dc, dr in AROUND:
            near.setdefault((o.cell[0] + dc, o.cell[1] + dr), []).append(o)
    if state.carried_by(fig.id):
        F = geometry(data)
        bunker = _bunker(F, fig.team)
        to_goal = {sid: min(distance(c, b) for b in bunker) for sid, c in cells.items()}
        kept.append(min(cells, key=lambda sid: (to_goal[sid], sid)))
        kept.append(_round_the_line(F, fig, cells, opponents, data.game.fling_range_per_point * fig.fling))
        safe = [sid for sid in cells if cells[sid] not in near]
        safer = [sid for sid in safe if not threatened(cells[sid])]
        for among in (safe, safer):
            if among:
                kept.append(min(among, key=lambda sid: (to_goal[sid], sid)))
        if safe:
            kept.append(max(safe, key=lambda sid: (min((distance(cells[sid], o.cell) for o in opponents),
                                                       default=0), sid)))
    for goal in loose[:3]:
        kept.append(nearest(goal))
    for goal in carriers[:3]:
        kept.append(nearest(goal))
    touching = {sid: near.get(cells[sid], ()) for sid in cells}
    good = [sid for sid, os in touching.items() if os and fig.whap >= max(o.whap for o in os)]
    kept += sorted(good, key=lambda sid: (-fig.whap + max(o.whap for o in touching[sid]), sid))[:2]
    for mate in state.figures:  # pin the opponent nearest to a carrier of ours
        if mate.team == fig.team and mate.id != fig.id and state.carried_by(mate.id) and opponents:
            chaser = min(opponents, key=lambda o: (distance(o.cell, mate.cell), o.id))
            pins = [sid for sid, os in touching.items() if any(o is chaser for o in os)]
            if pins:
                kept.append(nearest(fig.cell, pins))
    if any(_touch(fig.cell, o.cell) for o in opponents):
        free = [sid for sid, os in touching.items() if not os]
        if free:
            kept.append(nearest(fig.cell, free))
    forward = 1 if fig.team == 0 else -1
    kept.append(max(cells, key=lambda sid: (forward * cells[sid][0], sid)))
    if spread:
        kept += list(ids[1:: max(1, len(ids) // 3)])
    kept = [k for k in kept if k is not None and k != "off"]
    return tuple(dict.fromkeys(kept))[:WEIGHED + 4]


def _round_the_line(F, fig: Figure, cells: dict, opponents: list[Figure], rng: int) -> str | None:
    """The square nearest (in open running, ``coaching.open_gap``) to where ``fig`` can fling at the bunker:
    round a line of opponents rather than into it."""
    mask = 0
    for o in opponents:
        mask |= F.bit(o.cell)
    around = {sid: F.dilate(F.bit(c)) for sid, c in cells.items()}
    for ring in _waves(F, fig.team, rng, mask):
        hits = sorted(sid for sid, m in around.items() if ring & m)
        if hits:
            return hits[0]
    return None


# ---- flinging ----


def _passes(state: State, data: Data, fig: Figure) -> list[tuple[float, Figure]]:
    """Team-mates within range, each with what a pass to it is worth in goals (on target and nabbed)."""
    F = geometry(data)
    rng = fig.fling * data.game.fling_range_per_point
    standing = [f for f in state.figures if f.up and f.on_field and f.cell is not None and not f.coach]
    found = []
    for mate in standing:
        if mate.team == fig.team and mate.id != fig.id and not mate.frozen and distance(fig.cell, mate.cell) <= rng:
            v = fig.fling / 6 * mate.nab / 6 * carrier_worth(state, data, F, mate, standing)
            found.append((v, mate))
    return sorted(found, key=lambda x: (-x[0], x[1].id))


def zone_drops(state: State, data: Data, fig: Figure) -> list[tuple[int, int]]:
    """Open cells of the goal zone ``fig``'s team attacks, in range, touching its own standing goalie, deepest
    first: a ball put down there only that goalie may fetch (nobody else enters a zone)."""
    F = geometry(data)
    rng = fig.fling * data.game.fling_range_per_point
    goalie = next((g for g in state.figures if g.team == fig.team and g.pos == "G" and g.up and not g.frozen
                   and g.on_field and g.cell is not None and g.id != fig.id), None)
    if goalie is None or not F.has(F.zones[1 - fig.team], goalie.cell):
        return []
    taken = {f.cell for f in state.figures if f.on_field and f.cell is not None}
    taken |= {b.cell for b in state.balls if b.cell is not None}
    zone = F.zones[1 - fig.team]
    found = [(goalie.cell[0] + dc, goalie.cell[1] + dr) for dc, dr in AROUND]
    found = [c for c in found if F.has(zone, c) and c not in taken and distance(fig.cell, c) <= rng]
    deep = 1 if fig.team == 0 else -1
    return sorted(found, key=lambda c: (-deep * c[0], abs(c[1] - goalie.cell[1]), c))


def fling_menu(state: State, data: Data, legal: Legal) -> tuple[str, ...]:
    """Hold, or fling at the goal (weighed on the exact dice); a pass or a drop into the goal zone beside the
    goalie only when it is worth more than both."""
    fig = state.fig(state.ask.figure)
    F = geometry(data)
    standing = [f for f in state.figures if f.up and f.on_field and f.cell is not None and not f.coach]
    hold = carrier_worth(state, data, F, fig, standing)
    goal = fig.fling / 6 if "goal" in legal.ids else 0.0
    passes = [v for v, _ in _passes(state, data, fig)[:1]]
    if zone_drops(state, data, fig):
        goalie = next(g for g in standing if g.team == fig.team and g.pos == "G")
        passes.append(fig.fling / 6 * ZONE_BALL * goalie.nab / 6 * 1.5)  # a miss may be nabbed next turn
    if passes and max(passes) > max(hold, goal) + GAIN and "spot" in legal.ids:
        return ("spot",)
    return tuple(i for i in ("goal", "hold") if i in legal.ids) or tuple(legal.ids)


def aims(state: State, data: Data, legal: Legal) -> tuple[str, ...]:
    """The best few team-mates to pass to, and the square nearest the bunker."""
    fig = state.fig(state.ask.figure)
    cells = {sid: parse_cell(sid) for sid in legal.ids if "." in sid}
    at = {c: sid for sid, c in cells.items()}
    kept = [at[c] for c in zone_drops(state, data, fig)[:2] if c in at]
    kept += [at[mate.cell] for _, mate in _passes(state, data, fig)[:3] if mate.cell in at]
    if cells:
        bunker = _bunker(geometry(data), fig.team)
        kept.append(min(cells, key=lambda sid: (min(distance(cells[sid], b) for b in bunker), sid)))
    return tuple(dict.fromkeys(kept)) or tuple(legal.ids)


# ---- the coach ----


def storm_target(state: State, data: Data, team: int) -> str | None:
    """The team-mate whose run this turn floors the most opponents net of team-mates (walk-by Whap 5, the
    target frozen and then out: one figure's worth), if that beats ``STORM``."""
    coach = state.coach_of(team)
    if coach is None or coach.cell is None:
        return None
    F = geometry(data)
    occupied = occupied_mask(state, F, skip_fig=coach.id)
    standing = standing_mask(state, F, coach.id)
    p = data.coach.walk_by_whap / 6
    best, best_net = None, STORM
    for t in state.figures:
        if t.team != team or t.coach or t.cell is None or not t.on_field:
            continue
        run = coach_run(F, coach.cell, t.cell, data.coach.speed_inches, data.coach.walk_by_reach_inches,
                        occupied=occupied, standing=standing)
        net = -1.0 if t.up else 0.0
        for f in state.figures:
            if f.up and f.on_field and f.cell is not None and f.id != coach.id and F.has(run.corridor, f.cell):
                net += p if f.team != team else -p
        if net > best_net + 1e-9:
            best, best_net = t.id, net
    return best

