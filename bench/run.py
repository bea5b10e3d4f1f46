"""refbox benchmarks: python bench/run.py [--quick] [--only startup|resume|keys|engine]. Prints numbers for the
notes; asserts nothing.

- start-up to the interactive home screen in a real terminal (tmux), against a bare Textual app
- key press to screen updated on the Slargeball screen mid-match (Pilot, physical dice)
- resume, and one undo, on a full 25-turn journal
- prompt (with exact odds) cost; random full matches per second, headless (every ruleset: bench/prompts.py)
"""

from __future__ import annotations

import asyncio
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.tmux import Sessions  # noqa: E402
from refbox.engine import random_play  # noqa: E402
from refbox.engine.match import Match  # noqa: E402
from refbox.engine.prompts import Choose, Confirm, Pick, Roll  # noqa: E402
from refbox.games.slargeball.demo import TEAMS, demo_match, table_chooser  # noqa: E402


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def tmux_launch(sessions: Sessions, cmd: str, marker: str) -> float:
    """Seconds from starting ``cmd`` in a fresh tmux session (in this checkout: ``-m refbox`` runs its refbox)
    until ``marker`` is on the screen."""
    start = time.perf_counter()
    name = sessions.new(cmd, cwd=str(ROOT))
    try:
        while True:
            if marker in sessions.capture(name):
                return time.perf_counter() - start
            if time.perf_counter() - start > 20:
                raise RuntimeError(f"{cmd!r} never showed {marker!r}")
            time.sleep(0.005)
    finally:
        sessions.kill(name)


def compile_bytecode() -> None:
    """Write refbox's .pyc files first, as installing it does: with PYTHONDONTWRITEBYTECODE set (as on this
    machine, and tmux hands it on) every launch would otherwise compile refbox's sources again (~40 ms), while
    Textual's were compiled when it was installed."""
    import compileall

    compileall.compile_dir(ROOT / "refbox", quiet=1)


def bench_startup(runs: int) -> None:
    """Bare Textual and refbox launched alternately, so load drift on the machine hits both alike."""
    if not shutil.which("tmux"):
        print("start-up: skipped (tmux not installed)")
        return
    compile_bytecode()
    data = tempfile.mkdtemp()
    py = sys.executable
    bare, ours = [], []
    with Sessions() as sessions:  # ends exactly the sessions it started, also on an error
        sessions.new("sleep 3600")  # keeps the tmux server up between the short sessions
        for _ in range(runs):
            bare.append(tmux_launch(sessions, f"{py} {ROOT / 'bench' / 'bare_app.py'}", "bare app ready"))
            ours.append(tmux_launch(sessions, f"{py} -m refbox --data-dir {data}", "Slargeball"))
    b, o = statistics.median(bare), statistics.median(ours)
    ratios = sorted(x / y for x, y in zip(ours, bare))
    print(f"start-up (tmux, {runs} alternating pairs): bare Textual median {b * 1000:.0f} ms, refbox home median "
          f"{o * 1000:.0f} ms, ratio of medians {o / b:.2f}x, pairwise ratios {ratios[0]:.2f}-{ratios[-1]:.2f}x "
          f"(goal <= 1.1x)")


def key_for(prompt, rng: random.Random, keys) -> list[str]:
    if isinstance(prompt, Roll):
        return [str(rng.randint(1, d.sides)) for d in prompt.dice]
    if isinstance(prompt, Choose):
        ok = [i for i, o in enumerate(prompt.options) if o.id != "break"][: len(keys)]
        return [keys[rng.choice(ok)]]
    if isinstance(prompt, (Pick, Confirm)):
        return ["enter"]
    return []


async def bench_keys(presses: int) -> None:
    """From the key reaching the screen to the screen having refreshed (call_after_refresh).

    Pilot's own press() costs ~40 ms even on a bare app, so it cannot time this; instead the
    screen's key handler is wrapped to stamp the start and record when the next refresh is done."""
    from refbox.ui.app import RefboxApp
    from refbox.ui.keys import OPTION_KEYS
    from refbox.ui.screens.game import GameScreen

    times: list[float] = []
    handler = GameScreen.on_key

    def timed(self, event):
        start = time.perf_counter()
        handler(self, event)
        self.call_after_refresh(lambda: times.append(time.perf_counter() - start))

    GameScreen.on_key = timed

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "matches" / "slargeball-bench.jsonl"
        demo_match(path, events=400)
        app = RefboxApp(data_dir=Path(tmp), resume_path=path)
        rng = random.Random(1)
        async with app.run_test(size=(130, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            while len(times) < presses:
                prompt = screen.match.prompt()
                if prompt.kind == "over":
                    break
                for key in key_for(prompt, rng, OPTION_KEYS):
                    await pilot.press(key)
            await pilot.pause()
    GameScreen.on_key = handler
    print(f"key press to screen updated (Pilot, {len(times)} presses mid-match): "
          f"p50 {pct(times, .5) * 1000:.1f} ms, p95 {pct(times, .95) * 1000:.1f} ms (goal p95 <= 16 ms)")


def bench_resume_undo() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "full.jsonl"
        full = demo_match(path, events=100_000)
        assert full.prompt().kind == "over"
        checkpoint = path.with_suffix(".checkpoint.json")
        results = {}
        for case in ("after a kill (last periodic checkpoint)", "after leaving (checkpoint saved)",
                     "no checkpoint (full replay)"):
            if case.startswith("after leaving"):
                full.save()
            elif case.startswith("no checkpoint"):
                checkpoint.unlink()
            loads, undos = [], []
            for _ in range(5):
                start = time.perf_counter()
                match, _ = Match.load(path)
                loads.append(time.perf_counter() - start)
                start = time.perf_counter()
                match.undo()
                undos.append(time.perf_counter() - start)
                match.redo()
            results[case] = (statistics.median(loads), statistics.median(undos))
    print(f"full 25-turn journal ({len(full.events)} inputs), resume / one undo (goal <= 50 ms each):")
    for case, (load, undo) in results.items():
        print(f"  {case}: resume {load * 1000:.0f} ms, undo {undo * 1000:.1f} ms")


def bench_prompts() -> None:
    match = Match.new("slargeball", {"teams": TEAMS, "squads": 5}, seed=9)
    rng = random.Random(9)
    roll_times, all_times = [], []
    while True:
        match._prompt = None
        start = time.perf_counter()
        prompt = match.prompt()
        elapsed = time.perf_counter() - start
        all_times.append(elapsed)
        if isinstance(prompt, Roll):
            roll_times.append(elapsed)
        if prompt.kind == "over":
            break
        match.submit(table_chooser(prompt, rng))
    print(f"prompt with exact odds ({len(roll_times)} roll prompts, 5 squads): mean "
          f"{statistics.mean(roll_times) * 1000:.3f} ms, p95 {pct(roll_times, .95) * 1000:.3f} ms, "
          f"max {max(roll_times) * 1000:.2f} ms (first call per odds pays icepool); "
          f"all prompts p95 {pct(all_times, .95) * 1000:.3f} ms (goal <= 2 ms)")


def bench_random_matches(count: int) -> None:
    start = time.perf_counter()
    events = 0
    for seed in range(count):
        match = Match.new("slargeball", {"teams": TEAMS, "squads": seed % 5 + 1}, seed=seed)
        events += random_play.play_random(match, seed=seed, choose=table_chooser)
    elapsed = time.perf_counter() - start
    print(f"random full matches, headless: {count / elapsed:.1f} matches/s, {events / count:.0f} inputs per match, "
          f"{elapsed / events * 1e6:.0f} µs per input (goal >= 100 matches/s)")


def main() -> None:
    quick = "--quick" in sys.argv
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
    if only in (None, "startup"):
        bench_startup(4 if quick else 20)
    if only in (None, "keys"):
        asyncio.run(bench_keys(60 if quick else 300))
    if only in (None, "resume"):
        bench_resume_undo()
    if only in (None, "engine"):
        bench_prompts()
        bench_random_matches(10 if quick else 50)


if __name__ == "__main__":
    main()
