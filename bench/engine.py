"""Headless engine speed: random full matches per second and µs per input, per ruleset, stated against a fixed
pure-Python loop timed in the same run (machines, and one machine from hour to hour, differ by a factor of two:
the ratio to the loop is what compares across runs).

    python bench/engine.py [GAMES] [RULESET ...]

Plays GAMES (default 20) seeded random matches of each ruleset with refbox.engine.play (legal answers only,
no journal, no prompts shown), after one warm-up match, with the garbage collector set as ``refbox sim`` sets it
(simulate.Freezer). Prints one line per ruleset, then the loop's time and every median scaled to a 0.5 s
loop (a convention for comparing runs, not a measurement of any machine); asserts nothing. For changes smaller
than a machine's drift, count instructions instead (bench/instructions.py).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from refbox.commands import sim as simulate  # noqa: E402
from refbox.engine import registry  # noqa: E402
from refbox.engine.play import Game, play_out  # noqa: E402


def reference_loop() -> float:
    """Seconds for a fixed loop of plain Python arithmetic (ten million additions): the yardstick."""
    start = time.perf_counter()
    x = 0
    for i in range(10_000_000):
        x += i & 7
    return time.perf_counter() - start


def bench(name: str, games: int) -> float:
    entry = registry.lookup(name)
    rules = simulate.loaded(entry)
    setup = simulate.sim_setup(entry)
    play_out(Game.start(rules, setup), None, random.Random(0))  # warm-up: imports, odds caches
    per_input, inputs, freezer = [], [], simulate.Freezer()
    start = time.perf_counter()
    for seed in range(1, games + 1):
        freezer.before_game(cyclic=False)  # as refbox sim does for random coaches
        t = time.perf_counter()
        n = play_out(Game.start(rules, setup), None, random.Random(seed))
        freezer.after_game(n)
        per_input.append((time.perf_counter() - t) / max(n, 1))
        inputs.append(n)
    elapsed = time.perf_counter() - start
    freezer.thaw()
    median = statistics.median(per_input) * 1e6
    print(f"{name:13} {games / elapsed:8.1f} matches/s  {statistics.mean(inputs):7.0f} inputs/match  "
          f"median {median:6.1f} µs/input  (all: {elapsed / sum(inputs) * 1e6:6.1f})", flush=True)
    return median


def main() -> None:
    args = sys.argv[1:]
    games = int(args.pop(0)) if args and args[0].isdigit() else 20
    before = reference_loop()
    medians = {name: bench(name, games) for name in args or [e.name for e in registry.BUILTIN]}
    after = reference_loop()
    loop = (before + after) / 2
    print(f"reference loop: {before:.3f} s before, {after:.3f} s after; µs/input scaled to a 0.5 s loop: "
          + ", ".join(f"{name} {m * 0.5 / loop:.1f}" for name, m in medians.items()))


if __name__ == "__main__":
    main()
