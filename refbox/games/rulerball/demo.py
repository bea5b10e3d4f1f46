"""A reproducible mid-match Rülerball position: for screenshots and benchmarks.

Seeded play where the table behaves like a table: figures skate a few sectors counterclockwise,
catchers stand in the ball's path, most sweeps end quietly and timers are short.
"""

from __future__ import annotations

import random
from pathlib import Path

from refbox.engine import random_play
from refbox.engine.match import Match
from refbox.engine.prompts import Event

QUIET = ("none", "done", "no", "pass", "keep")


def table_chooser(match: Match):
    """Random legal answers, shaped like a real table's (see the module docstring)."""

    def answer(prompt, rng: random.Random) -> Event:
        step = match.state.step
        if step in ("penalty_minutes", "injury_minutes", "release_sector"):
            return Event(kind="number", value=rng.randint(prompt.min, min(prompt.max, 5)))
        if step == "ball_stop":
            return Event(kind="number", value=rng.randint(1, match.data.track.sectors))
        if step == "ball_path":  # catchers stand in the ball's path more often than not
            catchers = [o.id for o in prompt.options if "catcher" in o.id]
            if catchers and rng.random() < 0.6:
                return Event(kind="choose", value=catchers[0])
            return Event(kind="choose", value="track" if rng.random() < 0.85 else "gutter")
        if step == "move_walk":
            return Event(kind="choose", value="stay" if rng.random() < 0.3 else str(rng.randint(1, 5)))
        if step == "combat_walk":
            ids = [o.id for o in prompt.options]
            fight = len(ids) > 2 and rng.random() < 0.25
            return Event(kind="choose", value=rng.choice(ids[2:]) if fight else "done")
        if prompt.kind == "choose":
            ids = [o.id for o in prompt.options]
            quiet = [i for i in ids if i in QUIET]
            if quiet and "shoot" not in ids and rng.random() < 0.75:
                return Event(kind="choose", value=quiet[0])
        return random_play.random_answer(prompt, rng)

    return answer


def demo_match(path: Path | None = None, events: int = 80, seed: int = 4422) -> Match:
    """With the defaults: mid move sweep of turn 4, the ball carried round."""
    match = Match.new("rulerball", {}, seed=seed, path=path)
    rng = random.Random(seed)
    choose = table_chooser(match)
    for _ in range(events):
        prompt = match.prompt()
        if prompt.kind == "over":
            break
        match.submit(choose(prompt, rng))
    return match
