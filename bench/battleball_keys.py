"""Key press -> first visible change in tmux: Battleball on refbox's board vs a bare Textual app.

    python bench/battleball_keys.py VENV [N] [KEY KEY]

refbox resumes a board match waiting for a Running Back's long move (hundreds of keyed squares: the
heaviest redraw) and is sent two keys alternately: by default u / U (undo back to the roll, redo to the
move: a full redraw after a replay); "left right" walks the board cursor (a partial redraw); the bare app
(../shared/bench/bare_keys.py, or a copy beside this file) gets the same keys. Each sample: send-keys, then
poll capture-pane until the screen differs. Prints p50/p95 for both. Needs tmux.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

venv, n = Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 40
pair = sys.argv[3:5] if len(sys.argv) > 4 else ["u", "U"]
here = Path(__file__).resolve().parent
bare = next((p for p in (here / "bare_keys.py", here.parents[1] / "shared" / "bench" / "bare_keys.py") if p.exists()),
            None)
tag = f"bbk{os.getpid()}"

SETUP = r"""
import random, sys
from pathlib import Path
from refbox.engine.match import Match
from refbox.engine.play import random_event
from refbox.games.battleball.demo import SETUP
from refbox.games.battleball.rules import Battleball
path = Path(sys.argv[1]) / "matches" / "battleball-2026-01-01-000000.jsonl"
path.parent.mkdir(parents=True, exist_ok=True)
m = Match.new("battleball", SETUP, seed=7, path=path, dice_mode="digital")
rng = random.Random(7)
while not (m.state.step == "move-to" and len(m.legal().ids) > 250):
    m.submit(random_event(m.legal(), rng, Battleball.random_weights))
m.save(); m.close()
"""


def tmux(*a):
    return subprocess.run(["tmux", *a], capture_output=True, text=True).stdout


def screen(s):
    return tmux("capture-pane", "-p", "-t", s)


def wait_for(s, text, limit=30):
    t = time.time()
    while time.time() - t < limit:
        if text in screen(s):
            return True
        time.sleep(0.02)
    return False


def samples(session, cmd, ready):
    tmux("new-session", "-d", "-s", session, "-x", "130", "-y", "40", cmd)
    try:
        if not wait_for(session, ready):
            sys.exit(f"{session}: '{ready}' never appeared:\n{screen(session)}")
        time.sleep(1.0)
        out = []
        for i in range(n):
            before = screen(session)
            t0 = time.perf_counter()
            key = pair[i % 2] if session.endswith("r") else ("u" if i % 2 == 0 else "U")
            tmux("send-keys", "-t", session, key.capitalize() if key in ("left", "right", "up", "down") else key)
            while screen(session) == before:
                if time.perf_counter() - t0 > 2:
                    break
            out.append((time.perf_counter() - t0) * 1000)
            time.sleep(0.25)
        return out
    finally:
        tmux("kill-session", "-t", session)


def p(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


data = Path(tempfile.mkdtemp())
subprocess.run([str(venv / "bin/python"), "-c", SETUP, str(data)], check=True)
journal = data / "matches" / "battleball-2026-01-01-000000.jsonl"
tmux("new-session", "-d", "-s", tag + "keep", "sleep 600")
try:
    r = samples(tag + "r", f"{venv}/bin/refbox --data-dir {data} --resume {journal}", "moves up to")
    b = samples(tag + "b", f"{venv}/bin/python {bare}", "BARE-READY") if bare else []
finally:
    tmux("kill-session", "-t", tag + "keep")
print(f"refbox ms p50 {p(r, .5):.1f} p95 {p(r, .95):.1f} max {max(r):.1f}")
if b:
    print(f"bare   ms p50 {p(b, .5):.1f} p95 {p(b, .95):.1f} max {max(b):.1f}")
