"""Seconds a computer coach takes over a whole phase (all of one side's decisions in it) on a seeded match.

    python bench/coach_phase.py [LEVEL] [RULESET] [THINK] [DECISIONS]

Plays LEVEL against itself from the ruleset's headless setup (Slargeball!: its field) with digital dice from a
seeded RNG and prints, per phase, how many were timed and the median and slowest seconds (Slargeball's bar: a
phase decided in under a second at the app's default think of 0.5 s).
"""

from __future__ import annotations

import collections
import random
import sys
import time

from refbox.engine.coach import DEFAULT_THINK, make
from refbox.engine.play import Game, random_event
from refbox.engine.registry import lookup


def main(argv: list[str]) -> None:
    level = argv[0] if argv else "search"
    ruleset = argv[1] if len(argv) > 1 else "slargeball"
    think = float(argv[2]) if len(argv) > 2 else DEFAULT_THINK
    wanted = int(argv[3]) if len(argv) > 3 else 300
    rules = lookup(ruleset).load()
    game = Game.start(rules, rules.Setup.model_validate(rules.headless_setup()))
    coaches = {side: make(level, side, seed=3, think=think) for side in (0, 1)}
    rng = random.Random(3)
    took: dict[tuple, float] = collections.defaultdict(float)
    decisions = 0
    while decisions < wanted:
        legal = game.legal()
        if legal.kind == "over":
            break
        if legal.kind == "roll" or legal.actor is None:
            game.apply(random_event(legal, rng))
            continue
        key = (getattr(game.state, "turn", None), getattr(game.state, "phase", None), legal.actor)
        start = time.perf_counter()
        event = coaches[legal.actor].decide(game, legal).event
        took[key] += time.perf_counter() - start
        game.apply(event)
        decisions += 1
    by_phase: dict[str, list[float]] = collections.defaultdict(list)
    for (_, phase, _), seconds in took.items():
        by_phase[str(phase)].append(seconds)
    for phase, seconds in by_phase.items():
        seconds.sort()
        print(f"{ruleset} {level} think {think}: {phase}: {len(seconds)} phases, median {seconds[len(seconds) // 2]:.2f} s, "
              f"slowest {seconds[-1]:.2f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
