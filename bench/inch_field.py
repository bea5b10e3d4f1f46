"""Speed of the inch field's geometry (refbox.engine.geometry) on the shipped Slargeball! field.

    python bench/inch_field.py [SCENES] [--cpu]

Builds SCENES (default 200) seeded positions of three kinds and times, after a short warm-up (the leg tables are
built on first use and kept for the process), one figure's reach, a route to another figure's cell (also once
every table it needs is built), the coach's run and the contact queries. Prints the median, 90th percentile and worst per query; asserts nothing. Budgets (issue 38): reach
under ~5 ms, a route under ~2 ms, contact and cluster queries in microseconds.

Scenes: "spread": 36 figures anywhere on the field (27 standing, 6 fallen, 3 balls); "crowd": the same 36 packed
into the middle third; "start": a default one-squad match's line-up (14 figures, one ball).
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
from refbox.engine.geometry.inch_flight import coach_run, scatter_face  # noqa: E402
from refbox.engine.geometry.inch_reach import reach
from refbox.engine.geometry.inch_route import route  # noqa: E402
from refbox.engine.geometry.inch_setup import ball_spots, coach_spot, goalie_spot, lineup  # noqa: E402

F = registry.lookup("slargeball").load_data().field.geometry()
CLOCK = time.process_time if "--cpu" in sys.argv else time.perf_counter
"""Wall time by default; ``--cpu`` counts this process's CPU time only (fairer on a machine shared with others)."""


def scenes(kind: str, count: int) -> list[tuple]:
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        if kind == "start":
            figs = lineup(F, 0, 6) + lineup(F, 1, 6) + [goalie_spot(F, 0), goalie_spot(F, 1)]
            rng.shuffle(figs)
            out.append((figs[0], F.mask(figs[1:]), 0, F.mask(ball_spots(F, 1)), rng.choice(figs[1:])))
            continue
        cols = range(64) if kind == "spread" else range(21, 43)
        pick = rng.sample([(c, r) for c in cols for r in range(32)], 37)
        out.append((pick[0], F.mask(pick[1:28]), F.mask(pick[28:34]), F.mask(pick[34:37]), pick[1]))
    return out


def timed(fn, cases, warm: int = 20) -> list[float]:
    for case in cases[:warm]:
        fn(*case)  # warm: the leg tables these cases use
    out = []
    for case in cases:
        t = CLOCK()
        fn(*case)
        out.append(CLOCK() - t)
    return out


def report(name: str, seconds: list[float], unit: str = "ms") -> None:
    k = 1e3 if unit == "ms" else 1e6
    s = sorted(seconds)
    print(f"  {name:28} median {statistics.median(s) * k:8.2f} {unit}   p90 {s[int(0.9 * len(s))] * k:8.2f} {unit}"
          f"   worst {s[-1] * k:8.2f} {unit}")


def main(count: int) -> None:
    t = time.perf_counter()
    cold = scenes("spread", 5)
    for start, st, fa, ba, _ in cold:
        reach(F, start, 8, standing=st, fallen=fa, balls=ba)
    print(f"cold start (first 5 reaches, leg tables built): {(time.perf_counter() - t) * 1e3:.0f} ms")
    for kind in ("start", "spread", "crowd"):
        cases = scenes(kind, count)
        print(f"{kind}: {count} scenes")
        report("reach, Move 8", timed(lambda s, st, fa, ba, _: reach(F, s, 8, standing=st, fallen=fa, balls=ba), cases))
        report("reach, Move 4", timed(lambda s, st, fa, ba, _: reach(F, s, 4, standing=st, fallen=fa, balls=ba), cases))
        def to_figure(s, st, fa, ba, goal):
            return route(F, s, goal, standing=st & ~F.bit(goal), fallen=fa & ~F.bit(goal), balls=ba & ~F.bit(goal))

        report("route to a figure's side", timed(to_figure, cases))
        report("  the same, leg tables warm", timed(to_figure, cases, len(cases)))
        report("contacts of a cell", timed(lambda s, st, fa, ba, _: F.contacts(s, st | fa), cases), "us")
        report("ballbonk cluster", timed(lambda s, st, fa, ba, _: F.cluster(s, st | fa | F.bit(s)), cases), "us")
        report("figures touching a ball", timed(lambda s, st, fa, ba, _: F.touching(ba, st), cases), "us")
        report("coach run + corridor", timed(
            lambda s, st, fa, ba, goal: coach_run(F, coach_spot(F, 0), goal, 16, 2, occupied=st | fa | ba), cases))
        report("scatter landing", timed(lambda s, st, fa, ba, _: scatter_face(F, s, (1, 0), 3, 7), cases), "us")


if __name__ == "__main__":
    numbers = [a for a in sys.argv[1:] if a.isdigit()]
    main(int(numbers[0]) if numbers else 200)
