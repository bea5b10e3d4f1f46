"""Headless engine speed: random full matches per second and µs per input, per ruleset.

    python bench/engine.py [GAMES] [RULESET ...]

Plays GAMES (default 20) seeded random matches of each ruleset with refbox.engine.play (legal answers only,
no journal, no prompts shown), after one warm-up match, with the garbage collector set as ``refbox sim`` sets it
(simulate.Freezer). Prints one line per ruleset; asserts nothing.
The goal (issue 13) is at most 10 µs per input, median over matches.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from refbox.engine import registry  # noqa: E402
from refbox.engine.play import Game, play_out  # noqa: E402
from refbox.simulate import Freezer  # noqa: E402
sys.path.insert(0, str(ROOT / "tests")); from every_ruleset import rules_for  # noqa: E402


def setup_for(entry, rules, data) -> object:
    fn = getattr(rules, "sim_setup", None)
    raw = fn(data) if fn else {}
    return rules.Setup.model_validate(raw)


def bench(name: str, games: int) -> None:
    entry = registry.lookup(name)
    rules, data = entry.load_rules(), entry.load_data()
    setup = setup_for(entry, rules, data)
    play_out(Game.start(rules_for(rules, data), setup), None, random.Random(0))  # warm-up: imports, odds caches
    per_input, inputs, freezer = [], [], Freezer()
    start = time.perf_counter()
    for seed in range(1, games + 1):
        freezer.before_game(cyclic=False)  # as refbox sim does for random coaches
        t = time.perf_counter()
        n = play_out(Game.start(rules_for(rules, data), setup), None, random.Random(seed))
        freezer.after_game(n)
        per_input.append((time.perf_counter() - t) / max(n, 1))
        inputs.append(n)
    elapsed = time.perf_counter() - start
    freezer.thaw()
    print(f"{name:13} {games / elapsed:8.1f} matches/s  {statistics.mean(inputs):7.0f} inputs/match  "
          f"median {statistics.median(per_input) * 1e6:6.1f} µs/input  "
          f"(all: {elapsed / sum(inputs) * 1e6:6.1f})")


def main() -> None:
    args = sys.argv[1:]
    games = int(args.pop(0)) if args and args[0].isdigit() else 20
    for name in args or [e.name for e in registry.BUILTIN]:
        bench(name, games)


if __name__ == "__main__":
    main()
