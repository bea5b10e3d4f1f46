"""What the computer coach weighs in Ballmonsters! on the mat: how good a position is for one side.

Points, then a logistic: the score difference, STR on the mat, balls deflated, each miniball's nearness to a
portal (its owner's chance of a drop), and what the shot or boing under way promises (coach_plans.py): a
declared target and edge, a pending boing's vectors, or at the start of a turn the shooter's best plan."""

from __future__ import annotations

import math

from refbox.engine.prompts import Legal
from refbox.games.ballmonsters import onmat
from refbox.games.ballmonsters.coach_plans import (
    best_commit,
    boing_plan,
    edge_plan,
    nearness,
)
from refbox.games.ballmonsters.data import Data
from refbox.games.ballmonsters.models import State
from refbox.games.ballmonsters.odds import bite_odds

STR_WORTH = 0.3
"""Points one STR is worth: a stronger ball bites harder and is further from deflation (2 points to the foe)."""
DEFLATED_WORTH = 0.3
"""Points a deflated ball of one's own costs while it is off the mat: little, it is back after the next shot
(worth more, a deflation would outweigh a drop into a portal, and two coaches farm each other's miniballs
forever, 2 points a turn each)."""
SHORT = -1.0
"""Points a declared shot that cannot reach is worth: a duff (a point to the foe)."""
NEAR_WORTH = 0.5
"""Points a miniball touching a portal is worth to its owner (a drop is 3, if its monsterball gets to it;
kept well under that, so that the drop itself, which ends the nearness, is worth taking)."""
NEXT_SHOT = 0.5
"""The share of the next shooter's best plan counted at the start of a turn (the dice may spoil it)."""
SCALE = 3.0
"""Point differences this large make a position clearly better (the logistic's scale)."""


def evaluate(state: State, data: Data, side: int) -> float:
    """0..1 for ``side``."""
    mine, theirs = state.scores[side], state.scores[1 - side]
    if state.step == "over":
        return 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
    x = float(mine - theirs)
    for ball in state.balls:
        sign = 1 if ball.team == side else -1
        if ball.in_play:
            x += sign * STR_WORTH * ball.strength
            if ball.kind == "miniball" and state.mat:
                x += sign * NEAR_WORTH * nearness(state, ball.id)
        elif ball.gone is None:
            x -= sign * DEFLATED_WORTH
    if state.mat:
        owner, points = prospect(state, data)
        x += points if owner == side else -points
    return 1.0 / (1.0 + math.exp(-x / SCALE))


def prospect(state: State, data: Data) -> tuple[int, float]:
    """(whose, points): what the shot or boing under way promises that side (0 points when nothing is)."""
    step = state.step
    if step in ("vector", "split") and state.bounce is not None:
        b = state.bounce
        return state.ball(b.active).team, boing_plan(state, data, b.vector if step == "split" else None)
    if step == "commit" and state.bounce is not None:
        b = state.bounce
        most = b.power - min(b.power, data.bite.keep_power)
        return state.ball(b.active).team, best_commit(state, data, most)[1]
    if step in ("aim", "momentum") and state.target is not None:
        return state.shooter, _declared(state, data)
    if step == "target" and state.monsterball(state.shooter).in_play:
        return state.shooter, NEXT_SHOT * best_shot(state, data)
    return state.shooter, 0.0


def arrives(state: State, data: Data, place: tuple[int, int]) -> int | None:
    """The power the shot arrives with at ``place`` at full momentum (None: out of reach, a duff)."""
    strength = state.monsterball(state.shooter).strength
    return onmat.arriving_power(strength + data.shot.max_momentum, strength, onmat.shot_reach(state, data, place)[1])


def _declared(state: State, data: Data) -> float:
    """The best plan on the target declared (and its edge and side, once aimed)."""
    return plan_on(state, data, state.target, state.aim)


def plan_on(state: State, data: Data, target: str, aim: str | None = None) -> float:
    """The best plan on ``target`` over its edges and sides (or the one ``aim`` names): a duff if none."""
    edges = onmat.targets(state, data).get(target, {})
    aims = [onmat.read_aim(aim)] if aim is not None else [(k, kind) for k in edges for kind in onmat.SIDE_KINDS]
    best = None
    for k, kind in aims:
        power = arrives(state, data, edges[k]) if k in edges else None
        if power is not None:
            worth = edge_plan(state, data, target, k, kind, power, edges[k])
            best = worth if best is None else max(best, worth)
    return SHORT if best is None else best


def options(state: State, data: Data, legal: Legal) -> list[str] | None:
    """A shot's choices best plan first (targets, aims, vectors), so that a coach trying only the first few
    tries the promising ones, and ties go to them; None for every other question."""
    step = state.step
    if not state.mat or legal.kind != "choose" or len(legal.ids) < 2:
        return None
    if step == "target":
        worth = {t: plan_on(state, data, t) for t in legal.ids}
    elif step == "aim":
        worth = {a: plan_on(state, data, state.target, a) for a in legal.ids}
    elif step == "vector":
        worth = {v: boing_plan(state, data, n) for n, v in enumerate(legal.ids)}
    else:
        return None
    return sorted(legal.ids, key=lambda i: -worth[i])


def best_shot(state: State, data: Data) -> float:
    """A quick look at the shooter's chances at the start of its turn (no geometry: it is asked at the leaves
    of every look-ahead): the best expected deflation of a foe's STR 0 miniball within full-momentum reach,
    as a boob with the power to spare committed."""
    shooter = state.monsterball(state.shooter)
    x, y, _ = state.at[shooter.id]
    most = shooter.strength + data.shot.max_momentum
    best = 0.0
    for ball in state.balls:
        if ball.team == shooter.team or ball.kind != "miniball" or not ball.in_play or ball.strength > 0:
            continue
        bx, by, _ = state.at[ball.id]
        power = onmat.arriving_power(most, shooter.strength, onmat.inches_paid(math.hypot(bx - x, by - y)))
        if power is not None:
            best = max(best, deflation_chance(state, data, shooter, ball, power) * (
                data.scoring.deflation + DEFLATED_WORTH))
    return best


def deflation_chance(state: State, data: Data, shooter, ball, power: int) -> float:
    """The chance a boob on ``ball`` arriving with ``power`` bites it, all but the boing's keep committed."""
    commit = max(0, power - max(data.boing.keep_monsterball, data.bite.keep_power))
    return bite_odds(data.bite.die, data.bite.crit_face, shooter.strength + commit,
                     ball.strength + data.bite.boob_bonus, True, True)[0]
