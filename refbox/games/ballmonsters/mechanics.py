"""Small state changes shared by every step: STR up and down, deflation, conditions, scoring."""

from __future__ import annotations

from refbox.engine.state import UNLOGGED
from refbox.games.ballmonsters.data import Data
from refbox.games.ballmonsters.models import Ball, State

STEP_PLACE = {
    "place": ("setup", None, "Placement"),
    "target": ("shot", "target", "Shot"), "momentum": ("shot", "momentum", "Shot"),
    "result": ("shot", "result", "Shot"), "distance": ("shot", "result", "Shot"),
    "facing": ("bounce", "bite", "Bite"), "commit": ("bounce", "bite", "Bite"), "bite": ("bounce", "bite", "Bite"),
    "effect": ("bounce", "effects", "Effects"),
    "vector": ("bounce", "boing", "Boing"), "split": ("bounce", "boing", "Boing"),
    "move": ("bounce", "boing", "Boing"), "move_hit": ("bounce", "boing", "Boing"),
    "fire": ("end", "upkeep", "End of turn"), "portal": ("end", "portal", "Portals"),
    "portal_place": ("end", "portal", "Portals"), "over": ("end", "portal", "Full time"),
}  # fmt: skip
"""Each step's (phase id, step id in the ruleset's turn sequence, log stamp)."""


BALL_KEYS = "abcefghijklmnopstvwxyz"
"""A ball's own key in every prompt, in roster order (the first team's balls, then the second's). Digits are
the answers: 0 is always "nothing" (no target, a miss, came to rest); capitals are the exits."""


def ball_key(state: State, ball_id: str) -> str:
    for i, b in enumerate(state.balls):
        if b.id == ball_id:
            return BALL_KEYS[i] if i < len(BALL_KEYS) else ""
    return ""


def stamp(state: State) -> str:
    return f"T{state.turn} {STEP_PLACE[state.step][2]}"


def note(state: State, text: str, actor: int | None = None) -> None:
    """``state.note`` with this step's stamp (not even worked out for a headless game's dropped log)."""
    if state.log is not UNLOGGED:
        state.note(stamp(state), text, actor)



def score(state: State, team: int, points: int) -> None:
    state.scores = [s + points if t == team else s for t, s in enumerate(state.scores)]


def deflate(state: State, data: Data, ball: Ball, by_team: int | None) -> None:
    """Off the table until the end of the next turn; every condition goes. Scores if an enemy did it."""
    ball.deflated_turn = state.turn
    ball.fire = 0
    ball.sick = False
    text = f"{state.label(ball.id)} is deflated"
    if by_team is not None and by_team != ball.team:
        score(state, by_team, data.scoring.deflation)
        state.deflations = [n + 1 if t == by_team else n for t, n in enumerate(state.deflations)]
        text += f": +{data.scoring.deflation} to {state.teams[by_team].name}"
    note(state, text + ".", by_team)


def lose_strength(state: State, data: Data, ball: Ball, by_team: int | None) -> None:
    """-1 STR; a ball already at the minimum is deflated instead."""
    if ball.strength <= data.strength.min:
        deflate(state, data, ball, by_team)
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
