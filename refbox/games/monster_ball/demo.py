"""A reproducible mid-match Monster Ball position: for screenshots, snapshot tests and benchmarks."""

from __future__ import annotations

import random
from pathlib import Path

from refbox.engine import random_play
from refbox.engine.match import Match
from refbox.engine.prompts import Choose, Event, Pick

RARE = {"lineup:0": 0.0, "lineup:1": 0.0, "hikers": 0.02, "timeout": 0.02, "touchdown": 0.05, "out": 0.15, "field_goal": 0.05, "cheat": 0.2}
"""How often a table picks these when offered (the rest are equally likely): drives look like football."""


def table_chooser(prompt, rng: random.Random) -> Event:
    """Random legal answers, weighted away from line-up shuffles and instant touchdowns."""
    if isinstance(prompt, Choose):
        odds = {o.id: 0.05 if "illegal" in o.hint else RARE.get(o.id, 1.0) for o in prompt.options}
        options = [o for o in prompt.options if rng.random() < odds[o.id]] or list(prompt.options)
        return Event(kind="choose", value=rng.choice(options).id)
    if isinstance(prompt, Pick) and prompt.min == 0:
        ids = [o.id for o in prompt.options]
        return Event(kind="pick", value=rng.sample(ids, min(len(ids), rng.choice((0, 0, 1, 2)))))
    return random_play.random_answer(prompt, rng)


def demo_match(path: Path | None = None, events: int = 300, seed: int = 4411) -> Match:
    match = Match.new("monster-ball", {"board": "table", "referee": "hydra-harry"}, seed=seed, path=path)
    rng = random.Random(seed)
    for _ in range(events):
        if match.prompt().kind == "over":
            break
        match.submit(table_chooser(match.prompt(), rng))
    return match


def field_demo(path: Path | None = None, seed: int = 4411, at_least: int = 120) -> Match:
    """A reproducible position on the on-screen field: a scrimmage down under way, a figure picked and its
    destinations showing (random play shaped by the rules' random weights, stopped at the first such moment)."""
    return _field_until(lambda s: (s.step == "move_to" and s.play is not None and s.play.kind == "scrimmage"
                                   and s.round >= 2 and s.carrier is not None and s.selected is not None),
                        path, seed, at_least)


def lineup_demo(path: Path | None = None, seed: int = 4411, at_least: int = 120) -> Match:
    """On the field: a side arranging its line-up before a play, a figure picked to move."""
    return _field_until(lambda s: s.step == "arrange_to", path, seed, at_least)


def long_pass_demo(path: Path | None = None, seed: int = 4411) -> Match:
    """On the field: a long pass in the air while the other side moves (it comes down once they have)."""
    return _field_until(lambda s: s.air is not None and s.step == "move_to" and s.selected is not None, path, seed, 0)


def _field_until(moment, path: Path | None, seed: int, at_least: int) -> Match:
    """Random play on the field (shaped by the rules' random weights) up to the first ``moment(state)`` after
    ``at_least`` inputs."""
    match = Match.new("monster-ball", {"referee": "hydra-harry"}, seed=seed, path=path)
    return random_play.play_until(match, moment, random.Random(seed), at_least)
