"""Machine instructions per input of random play, per ruleset, counted by valgrind (no clock).

    python bench/instructions.py [GAMES] [RULESET ...]

Timings on a shared machine drift by a tenth from one hour to the next, more than most engine changes are
worth; an instruction count does not (the same code, Python and seeds gave the same count run after run: string
hashes are fixed too). For each ruleset this runs refbox sim's own game loop (simulate.play, random coaches, seeds
0..GAMES) under callgrind twice, with no game after the warm-up one and with GAMES, and prints the difference
over the inputs played: the imports and the warm-up cancel out. GAMES defaults to 2 (about a minute for Monster
Ball; valgrind runs Python some fifty times slower). Needs valgrind on PATH; asserts nothing.

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

from refbox import simulate  # noqa: E402
from refbox.engine import registry  # noqa: E402


def child(name: str, games: int) -> None:
    """Play the warm-up game and ``games`` more, as refbox sim plays them; print the inputs after the warm-up."""
    entry, inputs = registry.lookup(name), 0
    for game in range(games + 1):
        result = simulate.play(simulate.Job(entry, game, ("random", "random"), 0.1, game))
        if game:
            inputs += result.inputs
    print(f"INPUTS {inputs}")


def counted(name: str, games: int) -> tuple[int, int]:
    """(instructions, inputs) of a child run under callgrind."""
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                          __file__, "--child", name, str(games)], capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "PYTHONHASHSEED": "0"})  # the same dict layouts every run
    found = re.search(r"Collected : (\d+)", run.stderr)
    inputs = re.search(r"INPUTS (\d+)", run.stdout)
    if run.returncode or not found or not inputs:
        raise SystemExit(f"{name}: the run under valgrind failed\n{run.stderr[-2000:]}")
    return int(found.group(1)), int(inputs.group(1))


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["--child"]:
        child(args[1], int(args[2]))
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("bench/instructions.py needs valgrind (Debian: apt-get install valgrind)")
    games = int(args.pop(0)) if args and args[0].isdigit() else 2
    for name in args or [e.name for e in registry.BUILTIN]:
        base, _ = counted(name, 0)
        total, inputs = counted(name, games)
        print(f"{name:13} {(total - base) / max(inputs, 1):9.0f} instructions/input  over {inputs} inputs "
              f"({games} games after a warm-up)", flush=True)


if __name__ == "__main__":
    main()
