"""Shared helpers for the Rülerball tests (no tests here): build matches, walk to a step, answer as a table does."""

from __future__ import annotations

from typing import Any

from refbox.engine.match import Match
from refbox.engine.prompts import Event, choose, confirm, number, pick, roll
from refbox.engine.ruleset import merge
from refbox.games.rulerball.steps_move import walker

__all__ = ["new_match", "walk_to", "next_turn", "move", "call_penalty", "choose", "confirm", "number", "pick", "roll"]


def new_match(data_patch: dict[str, Any] | None = None, setup: dict[str, Any] | None = None, seed: int = 7) -> Match:
    """A match on the shipped ruleset, with ``data_patch`` merged over it (as a house-rules file would be)."""
    m = Match.new("rulerball", setup or {}, seed)
    if not data_patch:
        return m
    header = m.header.model_copy(update={"data": merge(m.header.data, data_patch)})
    return Match(header, None)


def walk_to(m: Match, step: str, answer=None, limit: int = 5000) -> None:
    """Answer prompts (``answer(match, prompt)`` or a quiet table) until the match reaches ``step``."""
    for _ in range(limit):
        if m.state.step == step:
            return
        m.submit((answer or default_answer)(m, m.prompt()))
    raise AssertionError(f"never reached step {step!r}; stuck at {m.state.step!r}")


def next_turn(m: Match) -> None:
    """Play the rest of the turn as a quiet table; stops at the next turn's first question."""
    turn = m.state.turn
    for _ in range(500):
        if m.state.turn > turn:
            return
        m.submit(default_answer(m, m.prompt()))
    raise AssertionError(f"turn {turn} never ended; stuck at {m.state.step!r}")


def default_answer(m: Match, prompt) -> Event:
    """A quiet table: ball into the gutter, figures stay where they are, no fights, no penalties."""
    kind = prompt.kind
    if kind == "confirm":
        return confirm()
    if kind == "roll":
        return roll(*[1] * len(prompt.dice))
    if kind == "pick":
        return pick()
    if kind == "number":
        return number(prompt.min)
    ids = [o.id for o in prompt.options]
    for quiet in ("gutter", "none", "done", "no", "keep", "pass", "failure", "stay"):
        if quiet in ids:
            return choose(quiet)
    return choose(ids[0])


def move(m: Match, figure: str, to: int) -> None:
    """``figure`` (in the marker's sector, still to move) goes next and skates counterclockwise to sector ``to``."""
    f = m.state.fig(figure)
    if walker(m.state, m.data) is not f:
        m.submit(choose("first"))  # another figure of this sector goes first:
        m.submit(choose(figure))
    gone = (f.sector - to) % m.data.track.sectors
    m.submit(choose(str(gone) if gone else "stay"))


def call_penalty(m: Match, figure: str, minutes: int) -> None:
    """The fights of this turn end with a penalty on ``figure`` for ``minutes`` (back at the penalty question)."""
    walk_to(m, "combat_walk")
    m.submit(choose("penalty"))
    m.submit(choose(figure))
    m.submit(number(minutes))
