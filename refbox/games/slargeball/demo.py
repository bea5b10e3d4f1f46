"""A reproducible mid-match Slargeball! position: for screenshots, snapshot tests and benchmarks."""

from __future__ import annotations

import random
from pathlib import Path

from refbox.engine import random_play
from refbox.engine.match import Match
from refbox.engine.prompts import Choose, Event

TEAMS = [{"name": "Red Ravagers", "colour": "red"}, {"name": "Blue Bashers", "colour": "blue"}]


def table_chooser(prompt, rng: random.Random) -> Event:
    """Random legal answers, except that the table rarely agrees to break play."""
    if isinstance(prompt, Choose):
        options = [o for o in prompt.options if o.id != "break" or rng.random() < 0.02]
        return Event(kind="choose", value=rng.choice(options).id)
    return random_play.random_answer(prompt, rng)


def demo_match(path: Path | None = None, events: int = 400, seed: int = 4411, squads: int = 3) -> Match:
    match = Match.new("slargeball", {"teams": TEAMS, "squads": squads}, seed=seed, path=path)
    random_play.advance(match, events, random.Random(seed), table_chooser)
    return match
