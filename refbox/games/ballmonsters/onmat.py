"""The on-screen mat (Setup.board == "mat"): the state's positions as geometry bases, and the questions the
table answers in the other flow computed instead (refbox.engine.geometry.mat and .moves). No steps here."""

from __future__ import annotations

import math
from functools import lru_cache

from refbox.engine.geometry.hexes import Base, overlap
from refbox.engine.geometry.mat import (
    INCH_MM, Mat, boing_directions, contact_facing, covered, fits, free_spots, landing_spots, neighbours, on_mat,
    place_near, room, shot_distance, shot_targets,
)  # fmt: skip
from refbox.engine.geometry.moves import Contact, pass_over, slide_back, sweep
from refbox.games.ballmonsters.data import Data
from refbox.games.ballmonsters.models import State

SIDE_KINDS = ("bitey", "back")
MIDDLE_SIDE = {"bitey": 1, "back": 4}
"""The active ball's side laid against the target: the middle of its bitey front or of its back (ruling
mat-own-side)."""


def the_mat(data: Data) -> Mat:
    return data.mat.built


def base(state: State, ball_id: str) -> Base:
    x, y, f = state.at[ball_id]
    return Base(x, y, f)


def put(state: State, ball_id: str, x: int, y: int, facing: int) -> None:
    state.at[ball_id] = (x, y, facing)


def balls_on(state: State, skip: str | None = None) -> dict[str, Base]:
    """The bases of the balls in play (deflated tokens are not balls: ruling line-of-sight), roster order."""
    at = state.at
    return {b.id: Base(*at[b.id]) for b in state.balls
            if b.gone is None and b.deflated_turn is None and b.id != skip and b.id in at}


def portals_on(state: State) -> dict[str, Base]:
    return {f"portal {i + 1}": Base(*p) for i, p in enumerate(state.portal_at)}


def tokens_on(state: State) -> list[Base]:
    return [Base(*state.at[b.id]) for b in state.balls if b.gone is None and b.deflated_turn is not None
            and b.id in state.at]


def everything(state: State, skip: str | None = None) -> list[Base]:
    """Every base that covers a spot: balls, portals and deflated tokens."""
    return [*balls_on(state, skip).values(), *portals_on(state).values(), *tokens_on(state)]


def spots(data: Data) -> tuple[Base, ...]:
    """The centre-zone spots, then the monsterball spots (a spot's index is its place here)."""
    mat = the_mat(data)
    return mat.spots + mat.monster_spots


def spot_name(data: Data, index: int) -> str:
    centre = len(the_mat(data).spots)
    return f"spot {index + 1}" if index < centre else f"monsterball spot {index - centre + 1}"


def free_spot_indexes(state: State, data: Data, monster: bool) -> list[int]:
    """The spots (centre zone, or monsterball) that nothing covers any part of."""
    mat, every = the_mat(data), everything(state)
    first = len(mat.spots) if monster else 0
    group = mat.monster_spots if monster else mat.spots
    return [first + i for i, s in enumerate(group) if not covered(s, every, mat.side)]


def inches(mm: float) -> float:
    return mm / INCH_MM


def inches_paid(mm: float) -> int:
    """Inches a move pays for: every started inch counts whole (ruling mat-started-inch)."""
    return max(0, math.ceil(mm / INCH_MM - 1e-9))


# ---- the shot ----


def targets(state: State, data: Data) -> dict[str, dict[int, tuple[int, int]]]:
    """Balls the shooter may target: target id -> its facing edges with room -> where the shooter would sit."""
    shooter = state.monsterball(state.shooter).id
    return _targets(the_mat(data), raw_layout(state), shooter, tuple(state.portal_at))


def raw_layout(state: State) -> tuple[tuple[str, tuple[int, int, int]], ...]:
    """The balls in play as (id, (x, y, facing)), roster order: a cheap, hashable key for a layout."""
    at = state.at
    return tuple((b.id, at[b.id]) for b in state.balls
                 if b.gone is None and b.deflated_turn is None and b.id in at)


@lru_cache(maxsize=512)
def _targets(mat: Mat, balls: tuple, shooter: str, portals: tuple) -> dict:
    """``shot_targets`` for one layout, kept: a shot's legal answers, prompts and the coach's look-ahead ask the
    same layout many times (keyed by the layout's values; callers never change the answer)."""
    return shot_targets(mat, {i: Base(*p) for i, p in balls}, shooter,
                        {f"portal {n + 1}": Base(*p) for n, p in enumerate(portals)})


def aim_id(side: int, kind: str) -> str:
    return f"{side}:{kind}"


def read_aim(aim: str) -> tuple[int, str]:
    side, kind = aim.split(":")
    return int(side), kind


def facing_key(target_side: int, kind: str) -> str:
    """The bite table's key: the active ball's side kind, then the target's (sides 0-2 are bitey)."""
    return f"{kind}_{'bitey' if target_side < 3 else 'back'}"


def shot_reach(state: State, data: Data, place: tuple[int, int]) -> tuple[float, int]:
    """(the shot's distance in mm, the inches it pays for) from the shooter to its contact place."""
    mm = shot_distance(base(state, state.monsterball(state.shooter).id), *place)
    return mm, inches_paid(mm)


def arriving_power(power: int, strength: int, paid: int) -> int | None:
    """The power a shot arrives with after ``paid`` inches (None: it never gets there, a duff)."""
    if paid > power:
        return None
    return power - max(0, paid - strength)


def fall_short(state: State, data: Data, ball_id: str, place: tuple[int, int], power: int) -> tuple[int, int]:
    """A shot without the power to reach: the monsterball goes its power in inches straight towards the place
    it aimed for and halts, backed off any base it would end on (ruling mat-short-shot). Where it halts."""
    me = base(state, ball_id)
    degrees = math.degrees(math.atan2(place[1] - me.y, place[0] - me.x))
    x, y = slide_back(the_mat(data), balls_on(state), ball_id, degrees, power * INCH_MM, portals_on(state))
    put(state, ball_id, x, y, me.facing)
    return x, y


def lay_against(state: State, data: Data, active_id: str, target_id: str, side: int, kind: str) -> bool:
    """Set the active ball flush and centred on the target's side, its bitey or back middle against it (True),
    or leave it where it is when there is no room there (False)."""
    target = base(state, target_id)
    others = [*balls_on(state, skip=active_id).values(), *portals_on(state).values()]
    place = room(the_mat(data), target, side, others)
    if place is None:
        return False
    put(state, active_id, place[0], place[1], contact_facing(target, side, MIDDLE_SIDE[kind]))
    return True


def sides_with_room(state: State, data: Data, active_id: str, target_id: str, sides) -> list[int]:
    target = base(state, target_id)
    others = [*balls_on(state, skip=active_id).values(), *portals_on(state).values()]
    return [k for k in sides if room(the_mat(data), target, k, others) is not None]


def own_side_kind(state: State, active_id: str, target_id: str) -> str:
    """Which of the active ball's sides faces the target (it could not turn): the one whose normal points
    nearest the target's centre."""
    a, t = base(state, active_id), base(state, target_id)
    toward = math.degrees(math.atan2(t.y - a.y, t.x - a.x))
    best = min(range(6), key=lambda k: abs(((30 * a.facing + 60 * (k - 1)) - toward + 180) % 360 - 180))
    return "bitey" if best < 3 else "back"


# ---- moves ----


def move(state: State, data: Data, ball_id: str, degrees: float, power: int) -> tuple[str | None, Contact]:
    """Where the ball bouncing ``power`` inches along ``degrees`` goes: (the ball it flew over, if winged;
    what it meets). A winged ball always flies over the first ball in its way (ruling mat-winged)."""
    mat, balls, portals = the_mat(data), balls_on(state), portals_on(state)
    if state.ball(ball_id).effect == "winged":
        return pass_over(mat, balls, ball_id, degrees, power * INCH_MM, portals)
    return None, sweep(mat, balls, ball_id, degrees, power * INCH_MM, portals)


def vector_previews(state: State, data: Data) -> list[tuple[str, float, int, Contact]]:
    """At the boing: for each vector, (the ball previewed, its direction, the power it would have, where it
    would go): the target with all the power it can be given, else the active ball with all it has."""
    b = state.bounce
    keep = data.boing.keep_monsterball if state.ball(b.active).kind == "monsterball" else data.boing.keep_miniball
    most = b.power - min(b.power, keep)
    target = base(state, b.target)
    out = []
    for n in range(len(data.boing.vectors)):
        away, back = boing_directions(the_mat(data), target, b.side, n)
        ball, degrees, power = ((b.target, away, most) if state.ball(b.target).in_play and most > 0
                                else (b.active, back, b.power))
        out.append((ball, degrees, power, move(state, data, ball, degrees, power)[1]))
    return out


def adjacent_ids(state: State, data: Data, ball_id: str) -> list[str]:
    """The balls in play adjacent to this one (ruling mat-adjacent)."""
    return neighbours(the_mat(data), balls_on(state), ball_id)


def nearest(bases: list[Base], x: float, y: float) -> Base:
    return min(bases, key=lambda s: ((s.x - x) ** 2 + (s.y - y) ** 2, s.x, s.y))


def edge_landing(state: State, data: Data, ball_id: str, x: float, y: float) -> Base | None:
    """Where a ball that hit the edge goes: the free spot (centre zone first) nearest where it hit; None:
    nowhere (ruling mat-edge-spot)."""
    spots_free = landing_spots(the_mat(data), base(state, ball_id), everything(state, skip=ball_id))
    return nearest(list(spots_free), x, y) if spots_free else None


def monster_spot(state: State, data: Data, ball_id: str, x: float, y: float) -> Base | None:
    """A monsterball that touched a portal: the nearest free monsterball spot, else the nearest place that
    fits by either spot (ruling mat-portal-monsterball); None if nowhere at all."""
    mat, me = the_mat(data), base(state, ball_id)
    others = everything(state, skip=ball_id)
    free = [Base(s.x, s.y, me.facing) for s in free_spots(mat.monster_spots, others, mat.side)
            if fits(mat, Base(s.x, s.y, me.facing), others)]
    if free:
        return nearest(free, x, y)
    solid = [*balls_on(state, skip=ball_id).values(), *portals_on(state).values()]
    for s in sorted(mat.monster_spots, key=lambda s: ((s.x - x) ** 2 + (s.y - y) ** 2, s.x)):
        found = place_near(mat, Base(s.x, s.y, me.facing), solid)
        if found is not None:
            return found
    return None


def reinflate_place(state: State, data: Data, ball_id: str) -> Base | None:
    """Where a re-inflating ball returns: its token's place, or the nearest that fits (ruling reinflate-place)."""
    solid = [*balls_on(state, skip=ball_id).values(), *portals_on(state).values()]
    return place_near(the_mat(data), base(state, ball_id), solid)


def layout_problems(state: State, data: Data) -> list[str]:
    """What is wrong with the positions (empty when all is well): for tests and a resumed match's checks."""
    mat = the_mat(data)
    out = []
    balls = balls_on(state)
    for b in state.balls:
        if b.gone is not None and b.id in state.at:
            out.append(f"{b.id} is gone but still has a place")
        if b.gone is None and state.turn > 0 and b.id not in state.at:
            out.append(f"{b.id} has no place")
    every = list(balls.items()) + list(portals_on(state).items())
    for n, (i, a) in enumerate(every):
        if not on_mat(mat, a):
            out.append(f"{i} is not wholly on the mat")
        out += [f"{i} overlaps {j}" for j, o in every[n + 1:] if overlap(a, o, mat.side)]
    return out
