"""A reproducible mid-match Ballmonsters! position: for screenshots, snapshot tests and benchmarks."""

from __future__ import annotations

import random
from pathlib import Path

from refbox.engine import random_play
from refbox.engine.match import Match
from refbox.engine.prompts import Choose, Event
from refbox.games.ballmonsters.rules import default_setup

WEIGHTS = {"edge_gone": 0.02, "none": 0.1, "no_room": 0.1, "portal": 3.0}
"""Table events picked more or less often than the rest, so random games look like real ones."""


def table_chooser(prompt, rng: random.Random) -> Event:
    """Random legal answers, weighted: balls rarely leave the game off the edge, rarely a shot with no target."""
    if isinstance(prompt, Choose):
        weights = [WEIGHTS.get(o.id, 1.0) for o in prompt.options]
        return Event(kind="choose", value=rng.choices(prompt.options, weights)[0].id)
    return random_play.random_answer(prompt, rng)


def demo_setup() -> dict:
    """Both teams spend all six fiddle points, with a few effects to show."""
    setup = default_setup()
    gobblers, chompers = setup["teams"]
    for team, effects in ((gobblers, ("flaming", "tough_nut", "winged")), (chompers, ("horny", "infectious", "tough_nut"))):
        team["monsterball"]["effect"] = effects[0]
        team["miniballs"][0].update(str_bonus=1, effect=effects[1])
        team["miniballs"][1].update(str_bonus=1, effect=effects[2])
    return setup


def demo_match(path: Path | None = None, events: int = 126, seed: int = 4411) -> Match:
    """With the defaults: turn 7, Big Bertha has committed power against Chompers Squib (a boob), dice next."""
    match = Match.new("ballmonsters", demo_setup(), seed=seed, path=path)
    random_play.advance(match, events, random.Random(seed), table_chooser)
    return match


def field_demo(path: Path | None = None, seed: int = 4411) -> Match:
    """On refbox's mat, digital dice: seeded play until a shot's target is to be chosen with portals out and a
    few turns played (the mat's picture for screenshots)."""
    match = Match.new("ballmonsters", {**demo_setup(), "board": "mat"}, seed=seed, path=path, dice_mode="digital")

    def moment(s) -> bool:
        return s.step == "target" and s.turn >= 8 and s.portals >= 2 and len(match.legal().ids) >= 4

    return random_play.play_until(match, moment, random.Random(seed), weighted=False)
