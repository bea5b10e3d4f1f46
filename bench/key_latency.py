"""Key press to first visible change, in a real terminal (tmux), refbox against a bare Textual app.

    python bench/key_latency.py [N] [RULESET] [--keys A,B]

refbox resumes a mid-match demo journal of RULESET (default slargeball) and gets undo / redo (u, U)
alternately, or the two keys given (``--keys left,right`` on Battleball's board demo: the board cursor, read
by the key interpreter rather than a binding); a bare Textual app whose label changes on every key gets the same keys, in the same run,
alternating blocks so load drift hits both alike. Each sample: send one key, then poll capture-pane until the
screen differs. Prints p50/p95 of both and the ratio of the p95s (goal: at most 2x). Asserts nothing.
Only the tmux sessions this script creates are ended.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
TAG = f"refbox-kl-{os.getpid()}"

DEMOS = {
    "slargeball": "from refbox.games.slargeball.demo import demo_match",
    "rulerball": "from refbox.games.rulerball.demo import demo_match",
    "monster-ball": "from refbox.games.monster_ball.demo import demo_match",
    "ballmonsters": "from refbox.games.ballmonsters.demo import demo_match",
    "battleball": "from refbox.games.battleball.demo import demo_match",
}


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True).stdout


def screen(session: str) -> str:
    return tmux("capture-pane", "-p", "-t", session)


def wait_for(session: str, text: str, limit: float = 30) -> None:
    start = time.perf_counter()
    while time.perf_counter() - start < limit:
        if text in screen(session):
            return
        time.sleep(0.02)
    raise SystemExit(f"{session}: {text!r} never appeared:\n{screen(session)}")


def samples(session: str, count: int, keys: tuple[str, str] = ("u", "U")) -> list[float]:
    out = []
    for i in range(count):
        before = screen(session)
        start = time.perf_counter()
        key = keys[i % 2]
        tmux("send-keys", "-t", session, key.capitalize() if key in ("left", "right", "up", "down") else key)
        while screen(session) == before and time.perf_counter() - start < 2:
            pass
        out.append((time.perf_counter() - start) * 1000)
        time.sleep(0.25)  # let the frame settle before the next key
    return out


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    args = sys.argv[1:]
    keys = ("u", "U")
    if "--keys" in args:
        at = args.index("--keys")
        keys = tuple(args[at + 1].split(",", 1))
        del args[at:at + 2]
    count = int(args.pop(0)) if args and args[0].isdigit() else 40
    ruleset = args[0] if args else "slargeball"
    data = Path(tempfile.mkdtemp())
    journal = data / "matches" / f"{ruleset}-20260101-000000.jsonl"
    setup = f"{DEMOS[ruleset]}\nfrom pathlib import Path\nm = demo_match(Path({str(journal)!r})); m.save(); m.close()\n"
    subprocess.run([PY, "-c", setup], check=True, cwd=ROOT)
    ours, bare = f"{TAG}-refbox", f"{TAG}-bare"
    tmux("new-session", "-d", "-s", ours, "-x", "130", "-y", "40",
         f"{PY} -m refbox --data-dir {data} --resume {journal}")
    tmux("new-session", "-d", "-s", bare, "-x", "130", "-y", "40", f"{PY} {ROOT / 'bench' / 'bare_keys.py'}")
    try:
        wait_for(ours, "seed")
        wait_for(bare, "BARE-READY")
        time.sleep(1.0)
        r, b = [], []
        for _ in range(4):
            r += samples(ours, count // 4, keys)
            b += samples(bare, count // 4, keys)
    finally:
        tmux("kill-session", "-t", ours)
        tmux("kill-session", "-t", bare)
    print(f"{ruleset}, keys {'/'.join(keys)}: refbox key to first change p50 {pct(r, .5):.1f} ms, p95 {pct(r, .95):.1f} ms, "
          f"max {max(r):.1f} ms ({len(r)} keys)")
    print(f"bare Textual app: p50 {pct(b, .5):.1f} ms, p95 {pct(b, .95):.1f} ms, max {max(b):.1f} ms")
    print(f"ratio of p95: {pct(r, .95) / pct(b, .95):.2f}x (goal <= 2x)")


if __name__ == "__main__":
    main()
