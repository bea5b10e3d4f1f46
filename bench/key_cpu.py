"""CPU refbox spends per key on the board screens: the key's handler and the frame it paints.

    python bench/key_cpu.py [N]

The tmux benches (battleball_keys.py, monster_key_latency.py) time what a person sees, but on a loaded
machine their figures swing with the load. This one counts the main thread's CPU time (``thread_time``),
which the load barely moves, so a change to the key path can be judged any time. It drives the app with
Pilot and times two things per key: the screen's handler (the input, journaled with fsync, and the redraw)
and Textual's compositor pass that follows (rendering the changed lines: the paint, minus the terminal).

Cases: Battleball undo/redo of a Running Back's long move (hundreds of keyed squares) and Monster Ball's
pick/stay of a figure on the field (both journaled inputs that repaint the board); then undo/redo in each
table ruleset's mid-match demo (the keys bench/key_latency.py times in tmux).
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

from textual.screen import Screen

from refbox.engine.match import Match
from refbox.engine.play import random_event

N = int(sys.argv[1]) if len(sys.argv) > 1 else 80


def battleball(data: Path) -> tuple[Path, list[str]]:
    from refbox.games.battleball.demo import SETUP
    from refbox.games.battleball.rules import Battleball

    path = data / "matches" / "battleball-2026-01-01-000000.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    m = Match.new("battleball", SETUP, seed=7, path=path, dice_mode="digital")
    rng = random.Random(7)
    while not (m.state.step == "move-to" and len(m.legal().ids) > 250):
        m.submit(random_event(m.legal(), rng, Battleball.random_weights))
    m.save()
    m.close()
    return path, ["u", "U"]


def monster_ball(data: Path) -> tuple[Path, list[str]]:
    from refbox.games.monster_ball.ask import CHAOS_KEYS, LAW_KEYS
    from refbox.games.monster_ball.demo import field_demo

    path = data / "matches" / "monster-ball-2026-01-01-000000.jsonl"
    m = field_demo(path)
    m.save()
    m.close()
    pid = m.state.selected
    return path, ["0", (LAW_KEYS if pid[0] == "L" else CHAOS_KEYS)[int(pid[1:]) - 1]]


async def measure(data: Path, path: Path, keys: list[str]) -> tuple[list[float], list[float]]:
    from refbox.ui.app import RefboxApp
    from refbox.ui.screens.game import GameScreen

    handler: list[float] = []
    paint: list[float] = []
    timing = [False]

    def timed(cls, name: str, into: list[float]) -> None:
        original = getattr(cls, name)

        def run(self, *args):
            start = time.thread_time()
            try:
                return original(self, *args)
            finally:
                if timing[0]:
                    into.append(time.thread_time() - start)

        setattr(cls, name, run)

    for name in ("on_key", "action_undo", "action_redo"):
        timed(GameScreen, name, handler)
    timed(Screen, "_compositor_refresh", paint)
    app = RefboxApp(data_dir=data, resume_path=path)
    async with app.run_test(size=(130, 40)) as pilot:
        await pilot.pause()
        await asyncio.sleep(0.5)
        timing[0] = True
        for i in range(N):
            await pilot.press(keys[i % 2])
            await pilot.pause()
            await asyncio.sleep(0.02)
    return handler, paint


def table_demo(ruleset: str):
    def make(data: Path) -> tuple[Path, list[str]]:
        import importlib

        demo = importlib.import_module(f"refbox.games.{ruleset.replace('-', '_')}.demo")
        path = data / "matches" / f"{ruleset}-2026-01-01-000000.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        m = demo.demo_match(path)
        m.save()
        m.close()
        return path, ["u", "U"]

    return make


def main() -> None:
    cases = [("Battleball undo/redo, 220-square move", battleball), ("Monster Ball pick/stay on the field", monster_ball)]
    cases += [(f"{name} table undo/redo (demo)", table_demo(name))
              for name in ("slargeball", "rulerball", "ballmonsters", "monster-ball")]
    for name, make in cases:
        data = Path(tempfile.mkdtemp())
        path, keys = make(data)
        handler, paint = asyncio.run(measure(data, path, keys))
        h, p = sum(handler) / N * 1000, sum(paint) / N * 1000
        print(f"{name}: {N} keys, CPU per key {h + p:.1f} ms (mean: handler {h:.1f} ms, paint {p:.1f} ms; "
              f"slowest frame {max(paint) * 1000:.1f} ms)")


if __name__ == "__main__":
    main()
