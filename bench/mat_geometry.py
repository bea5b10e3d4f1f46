"""Speed of the mat's geometry (refbox/engine/geometry), pure Python.

    python bench/mat_geometry.py [LAYOUTS]

On LAYOUTS (default 200) seeded layouts of 10 balls and 5 portals (the opening position, then random ones, half
of them crowded into the centre), times: all valid targets of a monsterball's shot (line of sight and room at
each facing edge: the budget is about 3 ms), one sweep of a ball along a random vector of 1-6 inches (budget
about 0.2 ms), one line of sight, one winged pass-over, one slide-back and one place-near. Prints the median
and the 95th percentile of each (each the best of three runs); asserts nothing.
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
from refbox.engine.geometry.hexes import Base  # noqa: E402
from refbox.engine.geometry.mat import INCH_MM, fits, place_near, shot_targets  # noqa: E402
from refbox.engine.geometry.moves import pass_over, slide_back, sweep  # noqa: E402
from refbox.engine.geometry.sight import line_of_sight  # noqa: E402

MAT = registry.lookup("ballmonsters").load_data().mat.mat()


def opening() -> tuple[dict[str, Base], dict[str, Base]]:
    spots = list(MAT.spots)
    balls = {f"m{i}": spots[i * 2] for i in range(8)}
    balls["mb0"], balls["mb1"] = Base(MAT.monster_spots[0].x, MAT.monster_spots[0].y, 0), \
        Base(MAT.monster_spots[1].x, MAT.monster_spots[1].y, 6)
    portals = {f"p{i}": spots[i * 2 + 1] for i in range(5)}
    return balls, portals


def scattered(rng: random.Random) -> tuple[dict[str, Base], dict[str, Base]]:
    crowded = rng.random() < 0.5
    x0, x1, y0, y1 = (170, 424, 80, 340) if crowded else (15, MAT.width - 15, 15, MAT.height - 15)
    placed: dict[str, Base] = {}
    names = ["mb0", "mb1"] + [f"m{i}" for i in range(8)] + [f"p{i}" for i in range(5)]
    for name in names:
        while True:
            b = Base(rng.randrange(x0, x1), rng.randrange(y0, y1), rng.randrange(12))
            if fits(MAT, b, placed.values()):
                placed[name] = b
                break
    return ({k: v for k, v in placed.items() if not k.startswith("p")},
            {k: v for k, v in placed.items() if k.startswith("p")})


def clock(fn, *args) -> float:
    """The best of three runs, in µs (the machine is shared: the least disturbed run is the fairest)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        fn(*args)
        best = min(best, time.perf_counter() - start)
    return best * 1e6


def main(count: int) -> None:
    rng = random.Random(37)
    layouts = [opening()] + [scattered(rng) for _ in range(count - 1)]
    times: dict[str, list[float]] = {k: [] for k in ("targets", "sweep", "sight", "pass_over", "slide_back",
                                                     "place_near")}
    found = []
    for balls, portals in layouts:
        shot_targets(MAT, balls, "mb0", portals)  # warm the caches once
        times["targets"].append(clock(shot_targets, MAT, balls, "mb0", portals))
        found.append(len(shot_targets(MAT, balls, "mb0", portals)))
        for _ in range(5):
            mover = rng.choice(list(balls))
            degrees, reach = rng.uniform(0, 360), rng.randint(1, 6) * INCH_MM
            times["sweep"].append(clock(sweep, MAT, balls, mover, degrees, reach, portals))
            times["pass_over"].append(clock(pass_over, MAT, balls, mover, degrees, reach, portals))
            times["slide_back"].append(clock(slide_back, MAT, balls, mover, degrees, reach / 2, portals))
            a, b = rng.sample(list(balls), 2)
            others = [v for k, v in balls.items() if k not in (a, b)]
            times["sight"].append(clock(line_of_sight, balls[a], balls[b], others, MAT.side))
        token = Base(rng.randrange(15, MAT.width - 15), rng.randrange(15, MAT.height - 15), 0)
        times["place_near"].append(clock(place_near, MAT, token, list(balls.values()) + list(portals.values())))
    print(f"{count} layouts of 10 balls and 5 portals; mean valid targets per shot "
          f"{statistics.mean(found):.1f}")
    for name, values in times.items():
        values.sort()
        p95 = values[int(0.95 * (len(values) - 1))]
        print(f"{name:>11}: median {statistics.median(values):7.0f} µs   95th percentile {p95:7.0f} µs   "
              f"max {values[-1]:7.0f} µs")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
