"""Seconds a computer coach takes over a whole phase (all of one side's decisions in it) on a seeded match.

    python bench/coach_phase.py [LEVEL] [RULESET] [THINK] [DECISIONS]

Plays LEVEL against itself from the ruleset's headless setup (Slargeball!: its field) with digital dice from a
seeded RNG and prints, per phase, how many were timed and the median and slowest seconds (Slargeball's bar: a
phase decided in under a second at the app's default think of 0.5 s).
"""

from __future__ import annotations

import collections
import sys

from coach_decision import timed_decisions  # (bench/ is the script's own folder)
from refbox.engine.coach import DEFAULT_THINK


def main(argv: list[str]) -> None:
    level = argv[0] if argv else "search"
    ruleset = argv[1] if len(argv) > 1 else "slargeball"
    think = float(argv[2]) if len(argv) > 2 else DEFAULT_THINK
    wanted = int(argv[3]) if len(argv) > 3 else 300
    took: dict[tuple, float] = collections.defaultdict(float)
    for game, seconds in timed_decisions(level, ruleset, think, wanted, seed=3):
        state = game.state
        took[(getattr(state, "turn", None), getattr(state, "phase", None), game.legal().actor)] += seconds
    by_phase: dict[str, list[float]] = collections.defaultdict(list)
    for (_, phase, _), seconds in took.items():
        by_phase[str(phase)].append(seconds)
    for phase, seconds in by_phase.items():
        seconds.sort()
        print(f"{ruleset} {level} think {think}: {phase}: {len(seconds)} phases, median {seconds[len(seconds) // 2]:.2f} s, "
              f"slowest {seconds[-1]:.2f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
