"""A match survives kill -9 at any moment: every input acknowledged before the kill is there on resume."""

import os
import signal
import subprocess
import sys
import textwrap

import pytest

from refbox.engine.match import Match

PLAYER = textwrap.dedent("""
    import random, sys
    from pathlib import Path
    from refbox.engine import random_play
    from refbox.engine.match import Match
    from refbox.games.slargeball.demo import TEAMS, table_chooser

    path = Path(sys.argv[1])
    match = Match.new("slargeball", {"teams": TEAMS, "squads": 2}, seed=3, path=path)
    rng = random.Random(3)
    print("ready", flush=True)
    for n in range(1, 100_000):
        if match.prompt().kind == "over":
            break
        if n % 7 == 0:
            match.undo()
        elif n % 11 == 0:
            try:
                match.redo()
            except Exception:
                pass
        else:
            match.submit(table_chooser(match.prompt(), rng))
        print(len(match.events), flush=True)  # acknowledged: the screen would show it now
""")


@pytest.mark.parametrize("acknowledged_before_kill", [1, 40, 300, 700])
def test_a_kill_mid_write_loses_no_acknowledged_input(tmp_path, acknowledged_before_kill):
    path = tmp_path / "m.jsonl"
    proc = subprocess.Popen([sys.executable, "-c", PLAYER, str(path)], stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": os.getcwd()})
    assert proc.stdout.readline().strip() == "ready"
    acknowledged = []
    for line in proc.stdout:
        acknowledged.append(int(line))
        if len(acknowledged) >= acknowledged_before_kill:
            break
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    acknowledged += [int(line) for line in proc.stdout.read().split()]  # acknowledged before the kill, unread
    resumed, _ = Match.load(path)
    shown = acknowledged[-1]
    # the one input in flight at the kill may or may not have landed; nothing before it is lost
    assert len(resumed.events) in {shown - 1, shown, shown + 1}
    replay = Match(resumed.header, None)
    for event in resumed.events:
        replay.submit(event)
    assert replay.state == resumed.state
