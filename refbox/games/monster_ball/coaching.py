"""Monster Ball's hooks for the computer coach (refbox.engine.coach), on refbox's own field.

- ``ball_worth``: the points the ball is worth to the team that has it, for ``evaluate``. On the field a live
  ball carrier is judged by where a tackle would leave the ball (a gain short of a first down is lost: the
  line stays and a down is used) and by how likely the other side is to bring him down before he runs on
  (``stop_chance``: the opposing figures that can reach a square next to him pile on).
- ``coach_default``: the answers a coach gives without weighing: the play call (hike, or on 4th down a field
  goal, a punt or going for it), the kicker with the best Kick, everyone piling on a tackle, the carrier's
  better defence die, honest blocks and tackles (no cheats: the referee spots them often), everyone who can
  try for a falling ball.
- ``coach_options``: the answers worth weighing where there are many: in the action menu the carrier, the
  tackle, the pass, "close in on the ball" and the figures that can get at the ball (not every figure); a
  figure's destinations that change something (the end zone, the carrier's best squares forward, squares next
  to the opposing carrier or nearest the ball), never out of bounds on purpose.
- ``best_move``: what a picked figure can do (``evaluate`` of a figure picked but not yet moved is the value of
  its best destination), so a one-step look sees the point of picking it.

Everything here reads the state and never changes it (a destination is tried by moving the figure and putting
it back).
"""

from __future__ import annotations

import math
from functools import lru_cache

from refbox.engine.prompts import Event, Legal
from refbox.games.monster_ball import flow, odds, places
from refbox.games.monster_ball.data import Data
from refbox.games.monster_ball.models import State

MAX_PILE = 3
"""Tacklers counted in a dog pile's odds (more changes little and costs a larger dice sum)."""

@lru_cache(maxsize=4096)
def tackle_odds(tackles: tuple[int, ...], defence: int) -> float:
    """P(a dog pile with these Tackle dice brings down a carrier defending with ``defence``): a tie brings
    both down, the carrier too (kept by the dice: a coach asks for every square it weighs)."""
    win, tie, _ = odds.compare(tuple((t, 1) for t in tackles), ((defence, 1),))
    return win + tie


def _gap(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def stop_chance(s: State, data: Data, carrier: str, at: tuple[int, int] | None = None) -> float:
    """The chance the other side brings ``carrier`` (standing on ``at``, else his square) down before he runs
    on: each standing opponent with the steps to reach a square next to him joins the pile (nothing in the way
    is counted). When it is the carrier's side to move and he has steps left, he may get away first: halved."""
    sq = at or s.pos[carrier]
    team = 0 if carrier[0] == "L" else 1
    other = 1 - team
    kinds = data.squads.of(s, other).creatures
    moving_now = s.mover == other and s.round > 0
    down = {*s.knocked, *s.stunned}
    dice = []
    for pid in s.teams[other].field:
        where = s.pos.get(pid)
        if where is None or pid in down:
            continue
        kind = kinds[pid]
        steps = 0 if pid in s.held else kind.move - (s.used.get(pid, 0) if moving_now else 0)
        if _gap(where, sq) - 1 <= steps:
            dice.append(kind.tackle)
    if not dice:
        return 0.0
    mine = flow.creature(s, data, carrier)
    p = tackle_odds(tuple(sorted(dice, reverse=True)[:MAX_PILE]), max(mine.hustle, mine.block))
    if s.mover == team and mine.move > s.used.get(carrier, 0) and s.step in ("move", "move_to"):
        p *= 0.5
    return p


def spot_worth(s: State, data: Data, team: int, to_go: float, fresh: bool) -> float:
    """Points the ball is worth to ``team`` if the play ends with it ``to_go`` squares from the end zone
    ``team`` attacks: a first down there, or (``team`` on offense in a scrimmage play, gaining fewer than a
    first down's squares) the line stays and a down is used, the ball going over after the last."""
    f = data.field
    if not fresh:
        gain = s.to_go - to_go
        if gain < f.first_down_squares:
            if s.down >= f.downs:
                return -field_worth(s, data, 1 - team, f.squares - s.to_go, f.downs)
            return field_worth(s, data, team, s.to_go, f.downs - s.down)
    return field_worth(s, data, team, to_go, f.downs)


def field_worth(s: State, data: Data, team: int, to_go: float, downs_left: int) -> float:
    """Points a first (or later) down ``to_go`` squares out is worth to ``team`` (penalties pending marked
    off): a touchdown's worth, less the further it is, more with downs left or a first down in reach."""
    f = data.field
    pen = s.penalties
    to_go = min(max(to_go + pen[team] - pen[1 - team], 0), f.squares)
    first_down = 1.0 if to_go <= f.first_down_squares else 0.0
    return data.scoring.touchdown * (1 - to_go / f.squares) ** 1.5 * (0.55 + 0.1 * downs_left + 0.1 * first_down)


def run_ahead(s: State, data: Data, carrier: str, sq: tuple[int, int]) -> float:
    """Squares ``carrier`` can be expected to run on from ``sq`` if nobody stops him: as far forward as his next
    move takes him past the figures in the way (free squares only), and half a move more."""
    p = data.pitch
    move = flow.creature(s, data, carrier).move
    home = s.pos[carrier]
    s.pos[carrier] = sq
    try:
        r = places.reach(s, data, carrier, move)
    finally:
        s.pos[carrier] = home
    d = p.direction(0 if carrier[0] == "L" else 1)
    best = 0
    for to in r.squares:
        ahead = (to[0] - sq[0]) * d
        if ahead > best and p.in_field(to) and r.cost(to) is not None:
            best = ahead
    return best + 0.5 * move


def carrier_worth(s: State, data: Data, carrier: str, at: tuple[int, int] | None = None) -> float:
    """The ball's worth to the carrier's team while he runs with it on the field: brought down where he stands,
    or (if nobody can get at him first) a run further on, blended by ``stop_chance``."""
    p = data.pitch
    team = 0 if carrier[0] == "L" else 1
    sq = at or s.pos[carrier]
    to_go = p.to_go_at(team, sq[0])
    fresh = not (s.play is not None and s.play.kind == "scrimmage" and team == s.possession)
    stopped = spot_worth(s, data, team, to_go, fresh)
    stop = stop_chance(s, data, carrier, sq)
    if stop >= 1.0:
        return stopped
    free = spot_worth(s, data, team, max(0.0, to_go - run_ahead(s, data, carrier, sq)), fresh)
    return stop * stopped + (1 - stop) * free


def ball_worth(s: State, data: Data) -> tuple[int, float]:
    """(team, points the ball is worth to it): see the module's docstring."""
    f = data.field
    team, to_go = s.possession, s.to_go
    if s.ball == "held" and s.carrier is not None:
        team = s.team_of(s.carrier)
        if s.board and s.carrier in s.pos and s.play is not None:
            return team, carrier_worth(s, data, s.carrier)
        if s.board and s.carrier in s.pos:
            to_go = data.pitch.to_go_at(team, s.pos[s.carrier][0])
        elif team != s.possession:
            to_go = f.squares - to_go
    elif s.air is not None:
        team = s.air.team
    elif s.kick is not None and s.kick.kind != "field_goal" and s.play is not None:
        team, to_go = 1 - s.possession, f.start_to_go  # a kick in flight: about where the receivers start
    # a field goal still to kick is worth the downs it is kicked on, not a fresh series (else a coach would kick
    # one from anywhere just to be valued as if it had all its downs again)
    kicking = s.kick is not None and s.kick.kind != "field_goal"
    down_left = f.downs - s.down + 1 if team == s.possession and not kicking else f.downs
    return team, field_worth(s, data, team, to_go, down_left)


def evaluate(s: State, data: Data, side: int) -> float:
    """How good the state is for ``side``, 0..1 (the other side gets 1 minus it): the score margin plus the
    points the ball is worth to whoever has it (``ball_worth``), weighed against what is left to play (points
    to the target, or time). A figure picked on the field but not yet moved is worth its best destination."""
    if s.step == "over":
        return 0.5 if s.winner is None else 1.0 if s.winner == side else 0.0
    if s.board and s.step == "move_to" and s.selected is not None:
        best = best_move(s, data, side, lambda t: _value(t, data, side))
        if best is not None:
            return best
    return _value(s, data, side)


def _value(s: State, data: Data, side: int) -> float:
    mine, theirs = s.teams[side].score, s.teams[1 - side].score
    team, worth = ball_worth(s, data)
    margin = mine - theirs + (worth if team == side else -worth)
    if s.victory == "points":
        left = data.scoring.target_points - max(mine, theirs)
        scale = 3.0 + 0.5 * left
    else:
        total = data.clock.quarters * data.clock.quarter_seconds
        scale = 3.0 + 20.0 * max(0.0, 1 - s.seconds / total)
    return 1 / (1 + math.exp(-margin / scale))


# ---- what a picked figure can do ----


def destinations(s: State, data: Data, pid: str, limit: int = 5) -> list[tuple[str, tuple[int, int] | None, int]]:
    """The destinations worth weighing for ``pid`` (move id, square and steps; None and 0 for a Hustle into an
    occupied square), best first by a cheap measure: see ``coach_options``."""
    p = data.pitch
    r = places.reach(s, data, pid, places.steps_left(s, data, pid))
    team = 0 if pid[0] == "L" else 1
    d = p.direction(team)
    carrier = s.carrier if s.ball == "held" else None
    free = [(sq, i, c) for sq, i in zip(r.squares, r.ids) if (c := r.cost(sq)) is not None and p.in_field(sq)]
    if pid == carrier:
        goal = [(i, sq, c) for sq, i, c in free if p.in_end_zone(team, sq[0])]
        if goal:
            return goal[:1]
        ranked = sorted(free, key=lambda t: t[0][0] * d - 3 * stop_chance(s, data, pid, t[0]), reverse=True)
        out = [(i, sq, c) for sq, i, c in ranked[:limit]]
        theirs = {s.pos[q] for q in s.teams[1 - team].field if q in s.pos}
        hustles = [(i, None, 0) for sq, i in zip(r.squares, r.ids) if r.cost(sq) is None and sq in theirs
                   and (sq[0] - s.pos[pid][0]) * d > 0]
        return out + hustles[:1]
    if carrier is not None and s.team_of(carrier) != team and carrier in s.pos:
        target, near = s.pos[carrier], 1
    elif s.ball_at is not None and s.ball in ("air", "loose"):
        target, near = s.ball_at, 0
    elif carrier is not None and carrier in s.pos:  # a team-mate carries: get ahead of him, between him and trouble
        cx, cy = s.pos[carrier]
        target, near = (cx + 2 * d, cy), 0
    else:
        return [(i, sq, c) for sq, i, c in sorted(free, key=lambda t: -t[0][0] * d)[:2]]
    ranked = sorted(free, key=lambda t: (max(_gap(t[0], target), near), -t[0][0] * d))
    return [(i, sq, c) for sq, i, c in ranked[:limit]]


def best_move(s: State, data: Data, side: int, judge) -> float | None:
    """The best ``judge(state)`` (for ``side``) the picked figure reaches with a free destination, or None."""
    pid = s.selected
    if pid is None or pid not in s.pos:
        return None
    home, used = s.pos[pid], s.used.get(pid)
    best = None
    for _, sq, steps in destinations(s, data, pid, 4):
        if sq is None:
            continue
        s.pos[pid] = sq
        s.used[pid] = (used or 0) + steps
        try:
            value = judge(s)
        finally:
            s.pos[pid] = home
            if used is None:
                del s.used[pid]
            else:
                s.used[pid] = used
        if best is None:
            best = value
        best = max(best, value) if s.mover == side else min(best, value)
    return best


# ---- answers weighed, answers given ----


def coach_options(s: State, data: Data, legal: Legal) -> tuple[str, ...] | None:
    """The answers a computer coach weighs (None: all of them); see the module's docstring."""
    if not s.board:
        return None
    if s.step == "move":
        return _menu(s, data, legal)
    if s.step == "move_to" and s.selected is not None:
        # not "stay": back at the menu a coach could pick the same figure again and again
        ids = [i for i, _, _ in destinations(s, data, s.selected)]
        return tuple(ids) if ids and s.round > LONG_PLAY else tuple(dict.fromkeys(["done", *ids]))
    if s.step == "pass_receiver":
        return _receivers(s, data, legal)
    return None


LONG_PLAY = 12
"""Rounds after which a play is drawn out: two coaches who each judge standing still best (a carrier boxed in,
a defence that fears a failed tackle) would never end it, so from then on a coach acts while it can: the
defence tackles whenever it can reach the carrier, and "done" is weighed only when nothing else is left."""


def _menu(s: State, data: Data, legal: Legal) -> tuple[str, ...]:
    out = _menu_options(s, data, legal)
    if s.round <= LONG_PLAY:
        return out
    if "tackle" in out:
        return ("tackle",)
    return tuple(o for o in out if o != "done") or out


def _menu_options(s: State, data: Data, legal: Legal) -> tuple[str, ...]:
    ids = set(legal.ids)
    team = s.mover
    carrier = s.carrier if s.ball == "held" else None
    ours = carrier is not None and s.team_of(carrier) == team
    # the first of equally good answers is taken: on offense the side steps forward rather than stand, on
    # defence it closes in on the ball
    out = [o for o in (("advance", "done") if ours else ("pursue", "done")) if o in ids]
    for option in ("tackle", "pass"):
        if option in ids:
            out.append(option)
    if carrier is not None and carrier in ids:
        out.append(carrier)
    figures = [i for i in legal.ids if i[:1] in "LC" and i[1:].isdigit() and i != carrier]
    if carrier is not None and carrier in s.pos:
        target = s.pos[carrier]
        if s.team_of(carrier) == team:  # runners near the carrier (to clear his way, to take a pass)
            figures.sort(key=lambda pid: _gap(s.pos[pid], target))
            out += figures[:2]
        else:
            figures.sort(key=lambda pid: _gap(s.pos[pid], target) - places.steps_left(s, data, pid))
            out += figures[:4]
    elif s.ball_at is not None:
        figures.sort(key=lambda pid: _gap(s.pos[pid], s.ball_at) - places.steps_left(s, data, pid))
        out += figures[:3]
    return tuple(out)


def _receivers(s: State, data: Data, legal: Legal) -> tuple[str, ...]:
    """Team-mates ahead of the thrower and away from opponents first (at most four)."""
    p = data.pitch
    team = legal.actor if legal.actor in (0, 1) else s.mover
    d = p.direction(team)
    ranked = sorted((pid for pid in legal.ids if pid in s.pos),
                    key=lambda pid: (-s.pos[pid][0] * d) + 6 * _open(s, data, pid))
    return tuple(ranked[:4]) or None  # type: ignore[return-value]


def _open(s: State, data: Data, pid: str) -> float:
    """How covered ``pid`` would be with the ball: the chance he is brought down before he can run."""
    return stop_chance(s, data, pid)


CHEATS = ("slam", "block_rough")


def coach_default(s: State, data: Data, legal: Legal) -> Event | None:
    """The answer a computer coach gives without weighing (None: it weighs them); see the module's docstring."""
    if not s.board:
        return None
    step = s.step
    ids = legal.ids
    if step == "between":
        return Event("choose", play_call(s, data, ids))
    if step == "kick_kicker":
        kickers = [i for i in ids if not i.startswith("arrange")]
        return Event("choose", kickers[0]) if kickers else None
    if step == "tackle_pile":
        return Event("choose", "all" if "all" in ids else ids[0])
    if step in ("tackle_cheats", "hike_wardrobe", "pass_wardrobe") and "fair" in ids:
        return Event("choose", "fair")
    if step == "block_style" and "block" in ids:
        return Event("choose", "block")
    if step == "defence_style" and s.action is not None and s.action.target is not None:
        c = flow.creature(s, data, s.action.target)
        return Event("choose", "hustle" if c.hustle > c.block else "block")
    if legal.kind == "pick" and step in ("kick_catchers", "recovery_pick"):
        return Event("pick", list(ids))
    return None


def play_call(s: State, data: Data, ids: tuple[str, ...]) -> str:
    """Run a play; on the last down kick a field goal when the best kicker makes it at least half the time,
    else go for it when a first down is close, else punt."""
    f = data.field
    if s.down < f.downs or "punt" not in ids:
        return "hike"
    chance = field_goal_chance(s, data)
    if chance >= 0.5 and "field_goal" in ids:
        return "field_goal"
    if s.to_go < 12:  # short of midfield: a failed try leaves them far from scoring
        return "hike"
    return "punt"


def field_goal_chance(s: State, data: Data) -> float:
    """The best chance a field goal is good from where the team's figures stand now."""
    from refbox.games.monster_ball import kicks

    team = s.possession
    best = 0.0
    for pid in s.standing(team):
        if pid in s.pos:
            best = max(best, kicks.field_goal_chance(s, data, pid))
    return best
