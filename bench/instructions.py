"""Machine instructions per input of random play, per ruleset, counted by valgrind (no clock).

    python bench/instructions.py [INPUTS] [RULESET ...]

Timings on a shared machine drift by a tenth from one hour to the next, more than most engine changes are worth;
an instruction count barely moves (string hashes are fixed; what still varies is where objects land in memory:
four runs of the same Monster Ball code counted within 0.1% of each other). For each ruleset this runs refbox
sim's own game loop (simulate.play, random coaches, seeds 0, 1, 2...) under callgrind twice: the warm-up game
alone, then the warm-up and as many whole games as it takes to play INPUTS inputs (default 15,000: two Monster
Ball games, about 180 Ballmonsters ones), and prints the difference over those inputs, so that the imports and
the warm-up cancel out. About a minute a ruleset (valgrind runs Python some fifty times slower). Needs valgrind
on PATH; asserts nothing.

Instructions are not time: cache misses cost too (``valgrind --tool=cachegrind --cache-sim=yes`` counts them).
Judge a change by both, and by ``refbox sim`` timings taken alternately with the code before it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from refbox.commands import sim as simulate  # noqa: E402
from refbox.engine import registry  # noqa: E402


def child(name: str, at_least: int) -> None:
    """Play the warm-up game, then whole games until ``at_least`` inputs, as refbox sim plays them; print the
    games and inputs after the warm-up."""
    entry = registry.lookup(name)
    simulate.play(simulate.Job(entry, 0, ("random", "random"), 0.1, 0))
    games = inputs = 0
    while inputs < at_least:
        games += 1
        inputs += simulate.play(simulate.Job(entry, games, ("random", "random"), 0.1, games)).inputs
    print(f"PLAYED {games} {inputs}")


def counted(name: str, at_least: int) -> tuple[int, int, int]:
    """(instructions, games, inputs) of a child run under callgrind."""
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                          __file__, "--child", name, str(at_least)], capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "PYTHONHASHSEED": "0"})  # the same string hashes every run
    found = re.search(r"Collected : (\d+)", run.stderr)
    played = re.search(r"PLAYED (\d+) (\d+)", run.stdout)
    if run.returncode or not found or not played:
        raise SystemExit(f"{name}: the run under valgrind failed\n{run.stderr[-2000:]}")
    return int(found.group(1)), int(played.group(1)), int(played.group(2))


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["--child"]:
        child(args[1], int(args[2]))
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("bench/instructions.py needs valgrind (Debian: apt-get install valgrind)")
    at_least = int(args.pop(0)) if args and args[0].isdigit() else 15_000
    for name in args or [e.name for e in registry.BUILTIN]:
        base, _, _ = counted(name, 0)
        total, games, inputs = counted(name, at_least)
        print(f"{name:13} {(total - base) / inputs:9.0f} instructions/input  over {inputs} inputs "
              f"({games} games after a warm-up)", flush=True)


if __name__ == "__main__":
    main()
