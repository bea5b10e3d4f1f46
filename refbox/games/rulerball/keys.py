"""Stable keys: a figure answers to the same key in every question, and so does each fixed answer.

The first team's figures answer to ``a b c e f h i j k l``, the second's to ``m n o p s t v w x y`` (no reserved
letter, no digit). ``0`` is always the answer that changes nothing (stays, nobody, no more), digits are distances,
``g`` the gutter, ``z`` "all remaining stay", ``+`` "further than nine sectors", ``!`` "a penalty was called",
``.`` "another figure goes first".
"""

from __future__ import annotations

from refbox.games.rulerball.models import Figure, State

TEAM_KEYS = ("abcefhijkl", "mnopstvwxy")
QUIET_KEY = "0"
GUTTER_KEY = "g"
ALL_STAY_KEY = "z"
FURTHER_KEY = "+"
PENALTY_KEY = "!"
FIRST_KEY = "."


def figure_key(state: State, f: Figure) -> str:
    """The figure's own key (its place in its team's roster); "" past the tenth figure of a team."""
    index = 0
    for g in state.figures:
        if g is f:
            break
        index += g.team == f.team
    keys = TEAM_KEYS[f.team]
    return keys[index] if index < len(keys) else ""


def odds_hint(hint: str, chance: float | None) -> str:
    """An option's hint, saying so when the ruleset's numbers make it impossible or certain."""
    if chance is None or 0 < chance < 1:
        return hint
    word = "cannot succeed with these numbers" if chance <= 0 else "cannot fail with these numbers"
    return f"{hint}, {word}" if hint else word
