"""Seconds per computer-coach decision, the default budget, on a seeded board match (Battleball, Monster Ball).

    python bench/coach_decision.py [LEVEL] [RULESET] [DECISIONS]

Plays LEVEL against itself from the ruleset's headless setup (digital dice from a seeded RNG) and prints the
median, 95th percentile and maximum seconds a decision took (the goal: at most 1 s with the default budget).
"""

from __future__ import annotations

import random
import sys
import time

from refbox.engine.coach import DEFAULT_THINK, make
from refbox.engine.play import Game, random_event
from refbox.engine.registry import lookup


def timed_decisions(level: str, ruleset: str, think: float, wanted: int, seed: int = 7):
    """LEVEL against itself from RULESET's headless setup, digital dice from a seeded RNG: yields (game, seconds)
    after each of at most WANTED decisions (the game as it stood when the decision was asked)."""
    rules = lookup(ruleset).load()
    game = Game.start(rules, rules.Setup.model_validate(rules.headless_setup()))
    coaches = {side: make(level, side, seed=seed, think=think) for side in (0, 1)}
    rng = random.Random(seed)
    for _ in range(wanted):
        legal = game.legal()
        while legal.kind == "roll" or (legal.actor is None and legal.kind != "over"):
            game.apply(random_event(legal, rng))
            legal = game.legal()
        if legal.kind == "over":
            return
        start = time.perf_counter()
        decision = coaches[legal.actor].decide(game, legal)
        yield game, time.perf_counter() - start
        game.apply(decision.event)


def main() -> None:
    level = sys.argv[1] if len(sys.argv) > 1 else "search"
    ruleset = sys.argv[2] if len(sys.argv) > 2 else "battleball"
    wanted = int(sys.argv[3]) if len(sys.argv) > 3 else 60
    think = float(sys.argv[4]) if len(sys.argv) > 4 else DEFAULT_THINK
    took = sorted(seconds for _, seconds in timed_decisions(level, ruleset, think, wanted))
    print(f"{ruleset} {level}: {len(took)} decisions, median {took[len(took) // 2]:.3f} s, "
          f"p95 {took[int(len(took) * 0.95)]:.3f} s, max {took[-1]:.3f} s")

if __name__ == "__main__":
    main()
