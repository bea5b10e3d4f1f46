"""In-app resume, in a real terminal (tmux): from the Enter that resumes a match on the home screen to the game
screen's first paint.

    python bench/resume_in_app.py [N] [--events K]

A Slargeball demo match one input short of its end (25 turns, 938 inputs; unfinished, so it is listed under
"Unfinished") is saved in a fresh data dir for each run; refbox opens at home, the user waits 1.5 s (the warm-up
imports run meanwhile), presses Tab (to the unfinished list), then Enter. Measured: Enter sent until the game
screen's prompt ("NOW:") is on the pane, and until its key bar ("Save & leave") is. Goal: at most 100 ms.
In the same run, alternately, a bare Textual app gets the same keys and opens a one-line screen on Enter
(bench/bare_push.py): the floor of this measurement (key delivery, tmux polling, one new screen).
Only the tmux sessions this script starts are ended. Asserts nothing.
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.run import compile_bytecode  # noqa: E402
from bench.tmux import Sessions  # noqa: E402


def wait_for(sessions: Sessions, name: str, text: str, limit: float = 20) -> float:
    """Seconds until ``text`` is on the pane (polled as fast as capture-pane allows)."""
    start = time.perf_counter()
    while text not in sessions.capture(name):
        if time.perf_counter() - start > limit:
            raise SystemExit(f"{text!r} never appeared:\n{sessions.capture(name)}")
    return time.perf_counter() - start


def saved_match(folder: Path, events: int | None) -> int:
    from refbox.games.slargeball.demo import demo_match

    total = events or len(demo_match(None, events=100_000).events) - 1
    match = demo_match(folder / "matches" / "slargeball-bench.jsonl", events=total)
    match.save()
    match.close()
    return total


def enter_until_now(sessions: Sessions, name: str) -> float:
    """At home (after the warm-up), Tab to the unfinished list, then Enter: seconds until "NOW:" shows."""
    wait_for(sessions, name, "New match")
    time.sleep(1.5)
    sessions.run(["tmux", "send-keys", "-t", f"={name}:", "Tab"])
    time.sleep(0.3)
    start = time.perf_counter()
    sessions.run(["tmux", "send-keys", "-t", f"={name}:", "Enter"])
    wait_for(sessions, name, "NOW:")
    return time.perf_counter() - start


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 8
    events = int(sys.argv[sys.argv.index("--events") + 1]) if "--events" in sys.argv else None
    compile_bytecode()
    template = Path(tempfile.mkdtemp())
    total = saved_match(template, events)
    first, keys, bare = [], [], []
    with Sessions() as sessions:
        sessions.new("sleep 3600")  # keeps the tmux server up between the short sessions
        for _ in range(runs):
            name = sessions.new(f"{sys.executable} {ROOT / 'bench' / 'bare_push.py'}", 130, 40, cwd=str(ROOT))
            try:
                bare.append(enter_until_now(sessions, name))
            finally:
                sessions.kill(name)
            data = Path(tempfile.mkdtemp())
            shutil.copytree(template, data, dirs_exist_ok=True)
            name = sessions.new(f"{sys.executable} -m refbox --data-dir {data}", 130, 40, cwd=str(ROOT))
            try:
                first.append(enter_until_now(sessions, name))
                start = time.perf_counter() - first[-1]  # the Enter
                wait_for(sessions, name, "Save & leave")
                keys.append(time.perf_counter() - start)
            finally:
                sessions.kill(name)
                shutil.rmtree(data, ignore_errors=True)
    shutil.rmtree(template, ignore_errors=True)
    load = os.getloadavg()[0]
    print(f"in-app resume, Slargeball {total} inputs (tmux, {runs} runs, load {load:.1f}): Enter to the game screen's "
          f"first paint median {statistics.median(first) * 1000:.0f} ms (min {min(first) * 1000:.0f}, max "
          f"{max(first) * 1000:.0f}); to its key bar {statistics.median(keys) * 1000:.0f} ms (goal <= 100 ms). "
          f"Bare Textual, Enter to a new one-line screen: median {statistics.median(bare) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
