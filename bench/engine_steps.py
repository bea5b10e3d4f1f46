"""Where random play spends its time, step by step: for each step of a ruleset (and, for Monster Ball's action
menu, each kind of answer), how many inputs it takes and what one costs to list and draw, then to apply.

    python bench/engine_steps.py RULESET [GAMES] [TOP]

Plays GAMES (default 20) seeded random matches after 15 warm-up ones, with the garbage collector set as
``refbox sim`` sets it, and prints the TOP (default 25) costliest rows. The clock is read twice an input, which
adds a fraction of a µs to each: compare rows, not totals. Asserts nothing.
"""

from __future__ import annotations

import collections
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from refbox.commands import sim as simulate  # noqa: E402
from refbox.engine import registry  # noqa: E402
from refbox.engine.play import Game, play_out  # noqa: E402


def row_of(step: str, value: object) -> str:
    """The row an input counts in: its step, and for an action menu ("move") the answer's kind."""
    if step != "move":
        return step
    text = str(value)
    return "move: a figure" if text[:1] in ("L", "C") and text[1:].isdigit() else f"move: {text}"


def main() -> None:
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    entry = registry.lookup(args[0])
    games = int(args[1]) if len(args) > 1 else 20
    top = int(args[2]) if len(args) > 2 else 25
    rules = simulate.loaded(entry)
    setup = simulate.sim_setup(entry)
    for seed in range(1000, 1015):
        play_out(Game.start(rules, setup), None, random.Random(seed))
    freezer = simulate.Freezer()
    count: collections.Counter = collections.Counter()
    listing: collections.Counter = collections.Counter()
    applying: collections.Counter = collections.Counter()
    clock = time.perf_counter
    for seed in range(1, games + 1):
        freezer.before_game(cyclic=False)  # as refbox sim does for random coaches
        game, rng, known, n = Game.start(rules, setup), random.Random(seed), None, 0
        state = game.state
        while True:
            step = state.step
            t0 = clock()
            legal = known or rules.legal(state)
            if legal.kind == "over":
                break
            event = rules.drawer.draw(legal, rng)
            t1 = clock()
            known = rules.apply(state, event)
            t2 = clock()
            row = row_of(step, event.value)
            count[row] += 1
            listing[row] += t1 - t0
            applying[row] += t2 - t1
            n += 1
        freezer.after_game(n)
    freezer.thaw()
    inputs, total = sum(count.values()), sum(listing.values()) + sum(applying.values())
    print(f"{entry.name}: {games} games, {inputs} inputs, {total / inputs * 1e6:.2f} µs an input (clock included)")
    print(f"{'step':28} {'inputs':>8} {'share':>6} {'time':>6} {'list+draw':>10} {'apply':>8}  (µs an input of the row)")
    rows = sorted(count, key=lambda r: -(listing[r] + applying[r]))
    for row in rows[:top]:
        n = count[row]
        print(f"{row:28} {n:8} {100 * n / inputs:5.1f}% {100 * (listing[row] + applying[row]) / total:5.1f}% "
              f"{listing[row] / n * 1e6:10.2f} {applying[row] / n * 1e6:8.2f}")


if __name__ == "__main__":
    main()
