"""Small state changes shared by every step: STR up and down, deflation, conditions, scoring."""

from __future__ import annotations

from refbox.engine.state import UNLOGGED
from refbox.games.ballmonsters.data import Data
from refbox.games.ballmonsters.models import Ball, State
from refbox.games.ballmonsters.steps import PLACES

BALL_KEYS = "abcefghijklmnopstvwxyz"
"""A ball's own key in every prompt, in roster order (the first team's balls, then the second's). Digits are
the answers: 0 is always "nothing" (no target, a miss, came to rest); capitals are the exits."""


def ball_key(state: State, ball_id: str) -> str:
    i = state.index(ball_id)
    return BALL_KEYS[i] if i < len(BALL_KEYS) else ""


def stamp(state: State) -> str:
    return f"T{state.turn} {PLACES[state.step][1]}"


def note(state: State, text: str, actor: int | None = None) -> None:
    """``state.note`` with this step's stamp (not even worked out for a headless game's dropped log)."""
    if state.log is not UNLOGGED:
        state.note(stamp(state), text, actor)


def score(state: State, team: int, points: int) -> None:
    state.scores[team] += points


def deflate(state: State, data: Data, ball: Ball, by_team: int | None, by: Ball | None = None) -> None:
    """Off the table until the end of the next turn; every condition goes. Scores if an enemy did it: the ball
    ``by`` (a bite, a horn), else its team (fire or sickness, under the house rule that credits them)."""
    ball.deflated_turn = state.turn
    ball.fire = 0
    ball.sick = False
    if by_team is None or by_team == ball.team:
        note(state, f"{state.label(ball.id)} is deflated.", by_team)
        return
    score(state, by_team, data.scoring.deflation)
    state.deflations[by_team] += 1
    state.record("deflations", by_team, None if by is None else by.name)
    note(state, f"{state.label(ball.id)} is deflated: +{data.scoring.deflation} to {state.teams[by_team].name}.",
         by_team)


def lose_strength(state: State, data: Data, ball: Ball, by_team: int | None, by: Ball | None = None) -> None:
    """-1 STR; a ball already at the minimum is deflated instead."""
    if ball.strength <= data.strength.min:
        deflate(state, data, ball, by_team, by)
    else:
        ball.strength -= 1


def gain_strength(data: Data, ball: Ball) -> None:
    if not ball.deflated:
        ball.strength = min(data.strength.max, ball.strength + 1)


def can_catch_fire(ball: Ball) -> bool:
    return ball.effect != "flaming"


def can_fall_sick(ball: Ball) -> bool:
    return ball.effect not in ("flaming", "infectious") and ball.fire == 0


def set_on_fire(state: State, ball: Ball) -> None:
    if not can_catch_fire(ball):
        note(state, f"{state.label(ball.id)} is flaming already: fire does nothing.")
        return
    ball.fire += 1
    cured = " (the fire burns off its sickness)" if ball.sick else ""
    ball.sick = False
    note(state, f"{state.label(ball.id)} is on fire: {ball.fire} fire token(s){cured}.")


def make_sick(state: State, ball: Ball) -> None:
    if not can_fall_sick(ball):
        note(state, f"{state.label(ball.id)} cannot fall sick: nothing happens.")
        return
    if ball.sick:
        note(state, f"{state.label(ball.id)} is sick already (one token at most).")
        return
    ball.sick = True
    note(state, f"{state.label(ball.id)} is sick.")


def conditions(ball: Ball) -> list[str]:
    out = []
    if ball.gone:
        out.append("gone (portal)" if ball.gone == "portal" else "gone (off the edge)")
    if ball.deflated:
        out.append(f"deflated T{ball.deflated_turn}")
    if ball.fire:
        out.append(f"on fire ×{ball.fire}")
    if ball.sick:
        out.append("sick")
    return out
