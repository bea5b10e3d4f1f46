"""Small state changes shared by every step: STR up and down, deflation, conditions, scoring."""

from __future__ import annotations

from refbox.games.ballmonsters.data import Data
from refbox.games.ballmonsters.models import Ball, State

PHASE_OF_STEP = {
    "place": ("setup", "Placement"),
    "target": ("shot", "Shot"), "momentum": ("shot", "Shot"), "result": ("shot", "Shot"),
    "distance": ("shot", "Shot"),
    "facing": ("bounce", "Bite"), "commit": ("bounce", "Bite"), "bite": ("bounce", "Bite"),
    "effect": ("bounce", "Effects"), "vector": ("bounce", "Boing"), "split": ("bounce", "Boing"),
    "move": ("bounce", "Boing"), "move_hit": ("bounce", "Boing"),
    "fire": ("end", "End of turn"), "portal": ("end", "Portals"), "portal_place": ("end", "Portals"),
    "over": ("end", "Full time"),
}  # fmt: skip


def stamp(state: State) -> str:
    return f"T{state.turn} {PHASE_OF_STEP[state.step][1]}"


def note(state: State, text: str, actor: int | None = None) -> None:
    state.note(stamp(state), text, actor)


def deflate(state: State, data: Data, ball: Ball, by_team: int | None) -> None:
    """Off the table until the end of the next turn; every condition goes. Scores if an enemy did it."""
    ball.deflated_turn = state.turn
    ball.fire = 0
    ball.sick = False
    text = f"{state.label(ball.id)} is deflated"
    if by_team is not None and by_team != ball.team:
        state.scores[by_team] += data.scoring.deflation
        state.deflations[by_team] += 1
        state.scores = list(state.scores)
        state.deflations = list(state.deflations)
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
