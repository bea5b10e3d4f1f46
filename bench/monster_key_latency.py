"""Key press -> first visible change in tmux, on Monster Ball's on-screen field, against a bare Textual app.

    python bench/monster_key_latency.py VENV [N] [WIDTH HEIGHT]

refbox resumes the field demo (demo.field_demo: a figure picked, its destinations showing) and is sent, in
turn, 0 (the figure stays: back to the menu of figures, the hints redrawn) and the figure's letter (picked
again: its destinations drawn): each a journaled input that repaints the field. Then the cursor keys (right,
left), which only move the board's cursor. A bare Textual app whose label changes on every key gets the same
number of keys. Each sample: send-keys, then poll capture-pane until the screen differs. Prints p50/p95.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

venv = Path(sys.argv[1])
n = int(sys.argv[2]) if len(sys.argv) > 2 else 30
width, height = (sys.argv[3], sys.argv[4]) if len(sys.argv) > 4 else ("130", "40")
shared = Path("/work/shared/bench/bare_keys.py")
tag = f"mbkl{os.getpid()}"


def tmux(*a: str) -> str:
    return subprocess.run(["tmux", *a], capture_output=True, text=True).stdout


def screen(s: str) -> str:
    return tmux("capture-pane", "-p", "-e", "-t", s)  # -e: a change of colour counts too (the board cursor)


def wait_for(s: str, text: str, limit: float = 30) -> bool:
    t = time.time()
    while time.time() - t < limit:
        if text in screen(s):
            return True
        time.sleep(0.02)
    return False


def samples(session: str, cmd: str, ready: str, keys: list[str]) -> list[float]:
    tmux("new-session", "-d", "-s", session, "-x", width, "-y", height, cmd)
    try:
        if not wait_for(session, ready):
            sys.exit(f"{session}: {ready!r} never appeared:\n{screen(session)}")
        time.sleep(1.0)
        out = []
        for i in range(n):
            before = screen(session)
            t0 = time.perf_counter()
            tmux("send-keys", "-t", session, keys[i % len(keys)])
            while screen(session) == before:
                if time.perf_counter() - t0 > 2:
                    break
            out.append((time.perf_counter() - t0) * 1000)
            time.sleep(0.25)
        return out
    finally:
        tmux("kill-session", "-t", session)


def p(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


data = Path(tempfile.mkdtemp())
setup = (
    "from pathlib import Path; import sys\n"
    "from refbox.games.monster_ball.demo import field_demo\n"
    "m = field_demo(Path(sys.argv[1]) / 'matches' / 'monster-ball-2026-01-01-000000.jsonl'); m.save(); m.close()\n"
    "print(m.state.selected)\n"
)
selected = subprocess.run([str(venv / "bin/python"), "-c", setup, str(data)], check=True, capture_output=True, text=True).stdout.strip()
letter = subprocess.run([str(venv / "bin/python"), "-c",
                         "import sys; from refbox.games.monster_ball.ask import LAW_KEYS, CHAOS_KEYS; pid = sys.argv[1]; "
                         "print((LAW_KEYS if pid[0] == 'L' else CHAOS_KEYS)[int(pid[1:]) - 1])", selected],
                        check=True, capture_output=True, text=True).stdout.strip()
journal = data / "matches" / "monster-ball-2026-01-01-000000.jsonl"
tmux("new-session", "-d", "-s", tag + "keep", "sleep 600")
try:
    moves = samples(tag + "m", f"{venv}/bin/refbox --data-dir {data} --resume {journal}", "zone", ["0", letter])
    cursor = samples(tag + "c", f"{venv}/bin/refbox --data-dir {data} --resume {journal}", "zone", ["Right", "Left"])
    bare = samples(tag + "b", f"{venv}/bin/python {shared}", "BARE-READY", ["x", "y"])
finally:
    tmux("kill-session", "-t", tag + "keep")

print(f"terminal {width}x{height}, {n} keys each")
print(f"field, pick/stay (journaled)  ms p50 {p(moves, .5):.1f} p95 {p(moves, .95):.1f} mean {statistics.mean(moves):.1f}")
print(f"field, cursor arrows          ms p50 {p(cursor, .5):.1f} p95 {p(cursor, .95):.1f} mean {statistics.mean(cursor):.1f}")
print(f"bare Textual app              ms p50 {p(bare, .5):.1f} p95 {p(bare, .95):.1f} mean {statistics.mean(bare):.1f}")
