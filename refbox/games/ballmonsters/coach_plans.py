"""What a shot plan promises on the mat, for the computer coach (coaching.py): the points a declared target
and edge, or a pending boing, can bring, seen through the geometry (the boing's vectors swept) and the bite's
exact odds. Estimates for ``evaluate``, never rules: the steps still decide what happens."""

from __future__ import annotations

from functools import lru_cache

from refbox.engine.geometry.hexes import Base
from refbox.engine.geometry.mat import INCH_MM, Mat, boing_directions
from refbox.engine.geometry.moves import sweep
from refbox.games.ballmonsters import onmat
from refbox.games.ballmonsters.data import Data
from refbox.games.ballmonsters.models import State
from refbox.games.ballmonsters.odds import bite_odds

NEAR_INCHES = 6.0
"""A miniball this far (centre to centre) from every portal has no portal prospect; nearer, it grows to 1."""
ENDS = 6.0
"""Points a plan that ends the game is worth: won (+), lost (-), or 0 for a draw."""


@lru_cache(maxsize=4096)
def first_contact(mat: Mat, balls: tuple, portals: tuple, mover: str, degrees: float, power: int) -> str:
    """What ``mover`` meets first bouncing ``power`` inches along ``degrees``: "ball", "portal", "edge" or
    "none" (kept per layout, ``onmat.raw_layout`` and the portals' places: a coach asks the same sweeps many
    times)."""
    bases = {i: Base(*p) for i, p in balls}
    holes = {f"portal {n + 1}": Base(*p) for n, p in enumerate(portals)}
    return sweep(mat, bases, mover, degrees, power * INCH_MM, holes).kind


def portal_vectors(state: State, data: Data, target: str, side: int, power: int,
                   shooter: tuple[str, tuple[int, int, int]] | None = None) -> list[bool]:
    """For each boing vector: whether ``target``, hit on its side ``side`` and given ``power``, would reach a
    portal before anything else. ``shooter``: the active ball's id and the (x, y, facing) it will sit on (a
    shot not yet flown), so the sweep sees it where it will be."""
    if power <= 0 or not state.portal_at:
        return [False] * len(data.boing.vectors)
    mat = onmat.the_mat(data)
    balls, portals = onmat.raw_layout(state), tuple(state.portal_at)
    if shooter is not None:
        balls = tuple((i, shooter[1] if i == shooter[0] else p) for i, p in balls)
    base = onmat.base(state, target)
    return [first_contact(mat, balls, portals, target, boing_directions(mat, base, side, n)[0], power) == "portal"
            for n in range(len(data.boing.vectors))]


def portal_worth(state: State, data: Data, ball_id: str, side: int) -> float:
    """Points a miniball dropping into a portal brings ``side`` (its owner scores, the other loses that):
    the game's end counted when it is the owner's last miniball (a win is worth more, a loss far less)."""
    ball = state.ball(ball_id)
    if ball.kind != "miniball":
        return 0.0
    points = data.scoring.portal
    owner = ball.team
    if state.miniballs_left(owner) == 1 and not state.deflated_count:
        lead = state.scores[owner] + points - state.scores[1 - owner]
        points = ENDS if lead > 0 else -ENDS if lead < 0 else 0.0  # the game ends with this drop
    return points if owner == side else -points


def edge_plan(state: State, data: Data, target: str, side: int, kind: str, arrives: int,
              place: tuple[int, int]) -> float:
    """Points the shooter can expect from hitting ``target`` on its side ``side`` with its ``kind`` side
    against it, arriving with ``arrives`` power, sitting at ``place``: a bite's expected gains and losses,
    then the best boing (a miniball of its own sent into a portal)."""
    me = state.shooter
    shooter = state.monsterball(me)
    ball = state.ball(target)
    keep = data.boing.keep_monsterball
    friendly = ball.team == me
    key = onmat.facing_key(side, kind)
    boob = not friendly and not state.friendly_hit
    bites = boob or (data.bite.friendly if friendly else data.bite.unfriendly).calls_for_bite(key)
    worth = 0.0
    left = arrives
    if bites:
        commit = max(0, arrives - max(keep, data.bite.keep_power) - (2 if friendly else 0))
        left = arrives - commit
        ours, _, theirs, _ = bite_odds(data.bite.die, data.bite.crit_face, shooter.strength + commit,
                                       ball.strength + (data.bite.boob_bonus if boob else 0), kind == "bitey",
                                       boob or side < 3)
        worth += (ours * _bitten(state, data, ball, me, not friendly)
                  + theirs * _bitten(state, data, shooter, me, not friendly))
    if ball.kind == "miniball" and friendly:
        sits = (*place, state.at[target][2])  # (its own facing barely matters)
        if any(portal_vectors(state, data, target, side, left - keep, (shooter.id, sits))):
            worth += 0.9 * portal_worth(state, data, target, me)
    return worth


def _bitten(state: State, data: Data, ball, side: int, by_foe: bool) -> float:
    """Points ``side`` gains when ``ball`` is bitten once: a STR lost, or at STR 0 a deflation (which scores
    for the biter's side when a foe bit); the game's end when it deflates its owner's last miniball."""
    from refbox.games.ballmonsters.coaching import DEFLATED_WORTH, STR_WORTH

    if ball.strength > 0:
        return STR_WORTH if ball.team != side else -STR_WORTH
    scored = data.scoring.deflation if by_foe else 0
    if ball.kind == "miniball" and not state.deflated_count and state.miniballs_left(ball.team) == 1:
        mine = state.scores[side] + (scored if ball.team != side else 0)
        theirs = state.scores[1 - side] + (scored if ball.team == side else 0)
        return ENDS if mine > theirs else -ENDS if mine < theirs else 0.0
    loss = DEFLATED_WORTH + scored
    return loss if ball.team != side else -loss


def boing_plan(state: State, data: Data, vector: int | None) -> float:
    """Points the pending boing promises the ball's owner: the best vector (or the chosen one) that sends the
    target, a miniball, into a portal with the power it can be given; a drop that would hurt is avoided by
    giving it less (worth nothing)."""
    b = state.bounce
    ball = state.ball(b.target)
    if ball.kind != "miniball" or not ball.in_play:
        return 0.0
    keep = data.boing.keep_monsterball if state.ball(b.active).kind == "monsterball" else data.boing.keep_miniball
    hits = portal_vectors(state, data, b.target, b.side, b.power - min(b.power, keep))
    if vector is not None:
        hits = [hits[vector]]
    owner = state.ball(b.active).team
    return max(0.0, portal_worth(state, data, b.target, owner)) if any(hits) else 0.0


def nearness(state: State, ball_id: str) -> float:
    """0..1: how near the miniball is to a portal (1 touching, 0 at ``NEAR_INCHES`` or more)."""
    if not state.portal_at:
        return 0.0
    x, y, _ = state.at[ball_id]
    d = min(((x - p[0]) ** 2 + (y - p[1]) ** 2) ** 0.5 for p in state.portal_at) / INCH_MM
    return max(0.0, 1.0 - d / NEAR_INCHES)


def best_commit(state: State, data: Data, most: int) -> tuple[int, float]:
    """(the power to commit, 0..``most``, and the points it promises the active ball's owner): the bite's
    exact odds for each amount, then the boing with what is left (a miniball of its own dropped into a
    portal, if the bite leaves it in play). Ties go to the smaller amount."""
    b = state.bounce
    active, target = state.ball(b.active), state.ball(b.target)
    owner, foes = active.team, active.team != target.team
    keep = data.boing.keep_monsterball if active.kind == "monsterball" else data.boing.keep_miniball
    active_bitey, target_can_bite = b.facing.startswith("bitey"), b.facing.endswith("bitey") or b.boob
    nuts = (active.effect == "tough_nut", target.effect == "tough_nut")
    target_bonus = target.strength + (data.bite.boob_bonus if b.boob else 0)
    drops = target.kind == "miniball" and portal_worth(state, data, target.id, owner) > 0
    best, best_worth = 0, None
    for c in range(most + 1):
        ours, _, theirs, _ = bite_odds(data.bite.die, data.bite.crit_face, active.strength + c, target_bonus,
                                       active_bitey, target_can_bite, *nuts)
        worth = ours * _bitten(state, data, target, owner, foes) + theirs * _bitten(state, data, active, owner, foes)
        if drops and any(portal_vectors(state, data, target.id, b.side, b.power - c - keep)):
            stays = 1.0 - ours if target.strength == 0 else 1.0
            worth += 0.9 * stays * portal_worth(state, data, target.id, owner)
        if best_worth is None or worth > best_worth + 1e-9:
            best, best_worth = c, worth
    return best, best_worth or 0.0


def bounce_worth(state: State, data: Data) -> float:
    """Points a bounce just laid promises its active ball's owner: the bite (with the best power committed)
    and the boing after it, or the boing alone."""
    if state.bounce is None:
        return 0.0
    if state.step in ("commit", "bite"):
        b = state.bounce
        most = b.power - min(b.power, data.bite.keep_power) if state.step == "commit" else 0
        return best_commit(state, data, most)[1]
    if state.step in ("vector", "split"):
        return boing_plan(state, data, state.bounce.vector if state.step == "split" else None)
    return 0.0


def split_order(state: State, data: Data, low: int, high: int) -> list[int]:
    """The power to give the target in a boing, the promising first: just enough to drop it into the portal
    on its path (a miniball whose drop helps), else none, all, half; a drop that would hurt comes last."""
    b = state.bounce
    target = state.ball(b.target)
    first: list[int] = [high, low, (low + high) // 2]
    last: set[int] = set()
    if target.kind == "miniball" and state.portal_at and high > 0:
        away = boing_directions(onmat.the_mat(data), onmat.base(state, b.target), b.side, b.vector)[0]
        c = sweep(onmat.the_mat(data), onmat.balls_on(state), b.target, away, high * INCH_MM, onmat.portals_on(state))
        if c.kind == "portal":
            enough = max(low, onmat.inches_paid(c.travelled))
            if portal_worth(state, data, b.target, state.ball(b.active).team) > 0:
                first.insert(0, enough)
            else:
                first = [low, max(low, enough - 1)]
                last = set(range(enough, high + 1))
    order = list(dict.fromkeys([*first, *range(high, low - 1, -1)]))
    return [v for v in order if v not in last] + [v for v in order if v in last]
