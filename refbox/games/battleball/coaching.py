"""The computer coach's view of Battleball (on refbox's board): how good a position is, and which of a move's
many squares are worth weighing."""

from __future__ import annotations

import math

from refbox.engine.prompts import Event, Legal
from refbox.games.battleball import odds, pitch
from refbox.games.battleball.data import Data
from refbox.games.battleball.models import State
from refbox.games.battleball.movement import ENDZONE

BEFORE_PLAY = frozenset({"lineup", "lineup-to", "team-rules", "roll-off"})


def default(state: State, legal: Legal) -> Event | None:
    """A computer coach takes the line-up as it stands (the default formation) instead of weighing moves."""
    if state.step == "lineup" and "done" in legal.ids:
        return Event("choose", "done")
    return None


def options(state: State, data: Data, legal: Legal) -> tuple[str, ...] | None:
    """The squares a computer coach weighs for a move on the board (None: every answer). A move offers up to
    hundreds of squares, most of them alike for ``evaluate`` (no ball, no contact): it weighs every square
    that changes something (the end zone, the loose ball, up to a dozen squares beside an opponent) and a
    few of the rest (the farthest forward, the nearest the ball, a spread)."""
    if state.step != "move-to" or not state.board or len(legal.ids) <= 16:
        return None
    f, t = data.grid, state.turn
    stop, plain, first = [], [], []
    for sid in legal.ids:
        if sid == ENDZONE or (state.ball is not None and f.by_id[sid] == state.ball):
            first.append(sid)
        elif (t.stop >> f.by_id[sid]) & 1:
            stop.append(sid)
        else:
            plain.append(sid)
    kept = first + stop[:12] + plain[:4]
    ball = pitch.ball_squares(data.pitch, state)
    if ball and plain:
        b = (ball & -ball).bit_length() - 1
        kept += sorted(plain[4:], key=lambda sid: f.distance(f.by_id[sid], b))[:2]
    step = max(1, len(plain) // 4)
    kept += plain[4::step]
    return tuple(dict.fromkeys(kept))


def evaluate(state: State, data: Data, side: int) -> float:
    """How good the state is for ``side``, 0 to 1 (the two sides' values add up to 1): touchdowns above all,
    then the ball (who holds it, how near it is to the end zone this side attacks, and on the board how safe
    it is: the chance the other side's best-placed figure reaches the carrier and wins the tackle, or who can
    reach a loose ball), then the players each side still has on the field (carnage dealt shows there)."""
    me, them = state.score[side], state.score[1 - side]
    if state.step == "over":
        return 1.0 if me > them else 0.0 if me < them else 0.5
    x = 1.5 * (me - them)
    holder = state.holder()
    if holder is not None:
        x += 0.4 if holder == side else -0.4
    if state.board and data.board is not None:
        f = data.grid
        ball = pitch.ball_squares(data.pitch, state)
        if ball:
            col = f.col[(ball & -ball).bit_length() - 1]
            ahead = col / f.length if side == 0 else 1 - col / f.length  # 0 at our goal line, 1 at theirs
            # near their goal line is good for us whoever has it: we are close to scoring, or they are far
            x += 0.8 * (ahead - 0.5) * (1.0 if holder is None else 1.5)
            x += _ball_safety(f, data, state, side)
    fit = [len(state.on_field(s)) for s in (0, 1)]
    x += 0.08 * (fit[side] - fit[1 - side])
    return 1 / (1 + math.exp(-x))


def _ball_safety(f, data: Data, state: State, side: int) -> float:
    """On the board, the ball's next turn: a carrier the side to move can reach and out-tackle is likely lost
    (worth the swing of possession times that chance); a loose ball goes to whoever reaches it first."""
    carrier = state.carrier
    if carrier is not None:
        at = state.at[carrier.team].get(carrier.id)
        if at is None:
            return 0.0
        mine = data.dice[carrier.id]
        danger = 0.0
        for pid, i in state.at[1 - carrier.team].items():
            theirs = data.dice[pid]
            d = f.distance(i, at) - 1  # steps to stand beside him
            danger = max(danger, _p_reach(theirs, d) * odds.rolls_lower(theirs, mine))
        if state.side == carrier.team and state.step not in BEFORE_PLAY:
            danger *= 0.3  # he moves first: he may get away
        lost = 0.8 * danger
        return -lost if carrier.team == side else lost
    if state.ball is None:
        return 0.0
    best = [0.0, 0.0]
    for s in (0, 1):
        for pid, i in state.at[s].items():
            best[s] = max(best[s], _p_reach(data.dice[pid], f.distance(i, state.ball)))
    if state.step not in BEFORE_PLAY:
        best[state.side] = min(1.0, best[state.side] * 1.5)  # the side to move gets there first
    return 0.3 * (best[side] - best[1 - side])


def _p_reach(dice: tuple[int, ...], steps: int) -> float:
    """The chance a figure's move roll covers ``steps`` (nothing in the way; a Heavy Tackle uses his higher die)."""
    if steps <= 1:
        return 1.0
    sides = dice[0]
    p_short = min(1.0, (steps - 1) / sides) ** len(dice)
    return 1.0 - p_short
