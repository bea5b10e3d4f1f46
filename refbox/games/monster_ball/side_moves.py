"""A whole side in one key on the field: everyone steps forward ("advance"), or everyone closes in on the ball
("pursue"). Each figure that can still move walks as far as its steps and the free squares let it, the front
(or nearest) figures first so the rest can follow."""

from __future__ import annotations

from collections import Counter

from refbox.engine.geometry.squares import steps_towards
from refbox.games.monster_ball import flow
from refbox.games.monster_ball.data import Data
from refbox.games.monster_ball.models import State


def advance_plan(s: State, data: Data) -> dict[str, tuple]:
    """Every figure of the side that can still move walks straight forward (towards the end zone its side
    attacks) until its steps run out or the next square is taken or off the field; the front figures go first,
    so those behind can follow. A carrier stops on entering the end zone. Returns each mover's new square and
    steps."""
    p = data.pitch
    team = s.mover
    d = p.direction(team)
    field, ends = p.field_squares, p.end_zones
    end = ends[team]
    carrier = s.carrier
    taken, shared = _occupancy(s)
    out: dict[str, tuple] = {}
    walking = _walking(s, data)
    walking.sort(key=_front_first if d == 1 else _back_first)
    for pid, start, left in walking:
        x, y = start
        steps = 0
        while steps < left:
            ahead = (x + d, y)
            if ahead not in field or ahead in taken:
                break
            x, steps = x + d, steps + 1
            if pid == carrier and ahead in end:
                break
        if steps:
            _leave(taken, shared, start)
            taken.add((x, y))  # it was free
            out[pid] = ((x, y), steps)
    return out


def _front_first(w: tuple) -> int:
    return -w[1][0]


def _back_first(w: tuple) -> int:
    return w[1][0]


def _walking(s: State, data: Data) -> list[tuple[str, tuple[int, int], int]]:
    """The mover's figures that can still step (live.walkers), each with its square and the steps it has left."""
    team, pos, used = s.mover, s.pos, s.used
    knocked, stunned, held = s.knocked, s.stunned, s.held
    move_of = data.squads.of(s, team).moves
    out = []
    for pid in s.teams[team].field:
        left = move_of[pid] - used.get(pid, 0)
        if left > 0 and pid not in knocked and pid not in stunned and pid not in held:
            out.append((pid, pos[pid], left))
    return out


def pursuit_target(s: State) -> tuple[tuple[int, int], int] | None:
    """What a side closes in on, and how near it stops: an opposing carrier (next to him), or a ball in the air
    (under it)."""
    if s.ball == "held" and s.carrier is not None and s.team_of(s.carrier) != s.mover and s.carrier in s.pos:
        return s.pos[s.carrier], 1
    if s.ball == "air" and s.ball_at is not None:
        return s.ball_at, 0
    return None


def pursue_plan(s: State, data: Data) -> dict[str, tuple]:
    """Every figure of the side that can still move closes in on the target (pursuit_target) step by step: each
    step to the free square next to it that is nearest the target (among those that leave it nearer on both
    axes: the least gap, then steps along both axes, then square; squares.steps_towards), until it is there, its
    steps run out or nothing nearer is free; the nearest figures go first."""
    goal = pursuit_target(s)
    if goal is None:
        return {}
    (tx, ty), near = goal
    field = data.pitch.field_squares
    taken, shared = _occupancy(s)
    out: dict[str, tuple] = {}
    order = sorted((max(abs(sq[0] - tx), abs(sq[1] - ty)), pid, sq, left) for pid, sq, left in _walking(s, data))
    for _, pid, start, left in order:
        x, y = start
        steps = 0
        while steps < left:  # one loop, no calls: closing in was a tenth of random play
            rx, ry = x - tx, y - ty
            if -near <= rx <= near and -near <= ry <= near:
                break  # there
            for a, b in steps_towards(rx, ry):
                n = (x + a, y + b)
                if n in field and n not in taken:
                    break
            else:
                break  # nothing nearer is free
            x, y = n
            steps += 1
        if steps:
            _leave(taken, shared, start)
            taken.add((x, y))  # it was free
            out[pid] = ((x, y), steps)
    return out


def _occupancy(s: State) -> tuple[set, dict]:
    """The squares with a figure on them, and how many share each square more than one stands on (a won Hustle
    makes two share one): the set is made in one call, the count only when some share."""
    pos = s.pos
    taken = set(pos.values())
    if len(taken) == len(pos):
        return taken, {}
    return taken, {sq: n for sq, n in Counter(pos.values()).items() if n > 1}


def _leave(taken: set, shared: dict, sq) -> None:
    """A figure leaves ``sq``: free unless another stands there too."""
    n = shared.get(sq)
    if n is None:
        taken.discard(sq)
    elif n > 2:
        shared[sq] = n - 1
    else:
        del shared[sq]


def apply_plan(s: State, data: Data, plan: dict[str, tuple], what: str) -> None:
    team, pos, used, carrier = s.mover, s.pos, s.used, s.carrier
    start = pos.get(carrier) if carrier in plan else None
    for pid, (sq, steps) in plan.items():
        pos[pid] = sq
        used[pid] = used.get(pid, 0) + steps
    if s.logged:  # headless play drops the line: not worded (more than one an input in random play)
        s.note(flow.stamp(s), f"{s.teams[team].name} {what}: {len(plan)} figure{'s' if len(plan) != 1 else ''} moved.", team)
    if start is not None:  # a touchdown only if the carrier moved
        flow.scored_on_field(s, data)
        flow.carried(s, data, carrier, start)  # type: ignore[arg-type]
