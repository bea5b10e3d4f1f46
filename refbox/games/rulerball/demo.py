"""A reproducible mid-match Rülerball position: for screenshots and benchmarks.

Seeded play where the table behaves like a table: figures skate a few sectors counterclockwise,
catchers stand in the ball's path, most sweeps end quietly and timers are short.
"""

from __future__ import annotations

import random
from pathlib import Path

from refbox.engine import sim
from refbox.engine.match import Match
from refbox.engine.prompts import Event

QUIET = ("none", "done", "no", "pass", "keep")


def table_chooser(match: Match):
    """Random legal answers, shaped like a real table's (see the module docstring)."""

    def answer(prompt, rng: random.Random) -> Event:
        state, step = match.state, match.state.step
        if step == "move_to":
            start = state.fig(state.pending.figure or "").sector or 1
            return Event(kind="number", value=(start - rng.randint(0, 4) - 1) % match.data.track.sectors + 1)
        if step in ("penalty_minutes", "injury_minutes", "release_sector"):
            return Event(kind="number", value=rng.randint(prompt.min, min(prompt.max, 5)))
        if step == "ball_gutter":
            return Event(kind="choose", value="track" if rng.random() < 0.85 else "gutter")
        if step == "ball_figures":
            odds = {o.id: 0.6 if "catcher" in o.id else 0.1 for o in prompt.options}
            return Event(kind="pick", value=[i for i, p in odds.items() if rng.random() < p])
        if prompt.kind == "choose":
            ids = [o.id for o in prompt.options]
            quiet = [i for i in ids if i in QUIET]
            if quiet and "shoot" not in ids and rng.random() < 0.75:
                return Event(kind="choose", value=quiet[0])
        return sim.random_answer(prompt, rng)

    return answer


def demo_match(path: Path | None = None, events: int = 187, seed: int = 4411) -> Match:
    """With the defaults: turn 4, mid move sweep, the ball half way round its activation lap."""
    match = Match.new("rulerball", {}, seed=seed, path=path)
    rng = random.Random(seed)
    choose = table_chooser(match)
    for _ in range(events):
        prompt = match.prompt()
        if prompt.kind == "over":
            break
        match.submit(choose(prompt, rng))
    return match
