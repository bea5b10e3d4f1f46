"""What the computer coach weighs in Ballmonsters! on the mat: how good a position is for one side."""

from __future__ import annotations

import math

from refbox.games.ballmonsters import onmat
from refbox.games.ballmonsters.data import Data
from refbox.games.ballmonsters.models import State

STR_WORTH = 0.3
"""Points one STR is worth: a stronger ball bites harder and is further from deflation (2 points to the foe)."""
DEFLATED_WORTH = 1.0
"""Points a deflated ball of one's own costs while it is off the mat (it can neither bite nor be a target)."""
PROSPECT = {"short": -1.0, "friendly": 0.3, "boob": -0.3}
"""Points a declared shot is worth before it flies (on the mat): one it cannot reach is a duff (a point to the
foe); a friendly target first spares the boob (a shot is declared before any hit, so an enemy target is one)."""
SCALE = 3.0
"""Point differences this large make a position clearly better (the logistic's scale)."""


def evaluate(state: State, data: Data, side: int) -> float:
    """0..1 for ``side``: the score difference, plus STR on the mat and minus balls deflated."""
    mine, theirs = state.scores[side], state.scores[1 - side]
    if state.step == "over":
        return 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
    x = float(mine - theirs)
    for ball in state.balls:
        sign = 1 if ball.team == side else -1
        if ball.in_play:
            x += sign * STR_WORTH * ball.strength
        elif ball.gone is None:
            x -= sign * DEFLATED_WORTH
    if state.mat and state.target is not None and state.step in ("aim", "momentum"):
        x += _prospect(state, data) if state.shooter == side else -_prospect(state, data)
    return 1.0 / (1.0 + math.exp(-x / SCALE))


def _prospect(state: State, data: Data) -> float:
    """What the shot declared so far promises the shooter (whole shot plans, seen one question ahead)."""
    shooter = state.monsterball(state.shooter)
    edges = onmat.targets(state, data).get(state.target, {})
    if state.aim is not None:
        edges = {k: p for k, p in edges.items() if k == onmat.read_aim(state.aim)[0]}
    most = shooter.strength + data.shot.max_momentum
    if not edges or min(onmat.shot_reach(state, data, p)[1] for p in edges.values()) > most:
        return PROSPECT["short"]
    return PROSPECT["friendly"] if state.ball(state.target).team == shooter.team else PROSPECT["boob"]
