"""What a prompt (with its exact odds) costs, per ruleset: python bench/prompts.py [--quick].

Prints numbers for the notes and asserts nothing (the goal is 2 ms a prompt). Moved here from the tests,
which must pass on a loaded machine and so read no clock:

- Monster Ball: a random match, then every prompt again on a twin built from its header (warm caches)
- Battleball: a random game after ``warm_odds``, best of three per prompt (the prompt, not the hiccups)
- Ballmonsters!: 400 table inputs from a random setup
- Slargeball!: a full 5-squad match (see also bench/run.py)
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from refbox.engine import random_play  # noqa: E402
from refbox.engine.match import Match  # noqa: E402


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def report(name: str, times: list[float]) -> None:
    print(f"{name:<14} {len(times):>5} prompts: mean {statistics.mean(times) * 1000:.3f} ms, "
          f"p95 {pct(times, .95) * 1000:.3f} ms, max {max(times) * 1000:.2f} ms (goal <= 2 ms)")


def timed(prompt_of, state) -> float:
    start = time.perf_counter()
    prompt_of(state)
    return time.perf_counter() - start


def monster_ball(seeds: int) -> None:
    from test_monster_ball_random import setup_for

    times = []
    for seed in range(1, seeds + 1):
        match = Match.new("monster-ball", setup_for(seed), seed=seed)
        random_play.play_random(match, seed=seed)  # warms the odds caches the way a real match would
        twin = Match(match.header, None)
        for event in match.events:
            times.append(timed(lambda s: twin.rules.prompt(s, twin.data), twin.state))
            twin.submit(event)
    report("Monster Ball", times)


def battleball(seeds: int) -> None:
    from test_battleball_helpers import SETUP

    match = Match.new("battleball", SETUP, 7)
    match.rules.warm_odds()
    times = []

    def best_of_three(m: Match) -> None:
        times.append(min(timed(m.rules.prompt, m.state) for _ in range(3)))

    for seed in range(7, 7 + seeds):
        random_play.play_random(Match.new("battleball", SETUP, seed), seed, invariant=best_of_three)
    report("Battleball", times)


def ballmonsters(seeds: int) -> None:
    from test_ballmonsters_random import random_setup

    from refbox.games.ballmonsters.demo import table_chooser

    times = []
    for seed in range(7, 7 + seeds):
        match = Match.new("ballmonsters", random_setup(random.Random(seed)), seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            spent = timed(match.rules.prompt, match.state)
            if match.events:  # the first prompt pays for the imports
                times.append(spent)
            prompt = match.prompt()
            if prompt.kind == "over":
                break
            match.submit(table_chooser(prompt, rng))
    report("Ballmonsters!", times)


def slargeball(seeds: int) -> None:
    from refbox.games.slargeball.demo import TEAMS, table_chooser

    times = []
    for seed in range(9, 9 + seeds):
        match = Match.new("slargeball", {"teams": TEAMS, "squads": 5}, seed=seed)
        rng = random.Random(seed)
        while True:
            times.append(timed(lambda s: match.rules.prompt(s, match.data), match.state))
            prompt = match.prompt()
            if prompt.kind == "over":
                break
            match.submit(table_chooser(prompt, rng))
    report("Slargeball!", times)


def main() -> None:
    seeds = 1 if "--quick" in sys.argv else 3
    monster_ball(seeds)
    battleball(seeds)
    ballmonsters(seeds)
    slargeball(seeds)


if __name__ == "__main__":
    main()
