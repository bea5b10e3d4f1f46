"""Shared helpers for the Rülerball tests (no tests here): build matches, walk to a step."""

from __future__ import annotations

from typing import Any

from refbox.engine.match import Match
from refbox.engine.prompts import Event, choose, confirm, number, pick, roll
from refbox.engine.ruleset import merge

__all__ = ["new_match", "walk_to", "start_turn", "skip_ball", "move_all_in_place", "choose", "confirm", "number", "pick", "roll"]


def new_match(data_patch: dict[str, Any] | None = None, setup: dict[str, Any] | None = None, seed: int = 7) -> Match:
    """A match on the shipped ruleset, with ``data_patch`` merged over it (as a house-rules file would be)."""
    m = Match.new("rulerball", setup or {}, seed)
    if not data_patch:
        return m
    header = m.header.model_copy(update={"data": merge(m.header.data, data_patch)})
    return Match(header, None)


def walk_to(m: Match, step: str, answer=None, limit: int = 500) -> None:
    """Answer prompts (``answer(prompt)`` or a plain default) until the match reaches ``step``."""
    for _ in range(limit):
        if m.state.step == step:
            return
        m.submit((answer or default_answer)(m, m.prompt()))
    raise AssertionError(f"never reached step {step!r}; stuck at {m.state.step!r}")


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
        step = m.state.step
        if step == "move_to":
            return number(m.state.fig(m.state.pending.figure).sector)
        return number(prompt.min)
    ids = [o.id for o in prompt.options]
    for quiet in ("gutter", "none", "done", "no", "keep", "pass", "failure"):
        if quiet in ids:
            return choose(quiet)
    return choose(ids[0])


def start_turn(m: Match) -> None:
    """Clock step done (no releases pending)."""
    walk_to(m, "clock")
    m.submit(confirm())


def skip_ball(m: Match) -> None:
    """Fire (if needed) and send the ball to the gutter without anyone in its path."""
    walk_to(m, "initiative")


def move_all_in_place(m: Match) -> None:
    """Every figure stays in its sector; ends at the combat sweep."""
    walk_to(m, "combat_pick")
