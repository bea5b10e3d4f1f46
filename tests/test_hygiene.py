"""Tests that can fail only for a reason: no test reads a clock (speed is measured in bench/), and the
benchmarks end only the tmux sessions they started."""

from __future__ import annotations

import importlib.util
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CLOCKS = ["perf_" + "counter", "time." + "mono" + "tonic", "time." + "time(", "time" + "it"]
"""Spelled in pieces so that this file does not mention them itself."""


def load_bench(name: str):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "bench" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_test_reads_a_clock():
    found = [f"{path.relative_to(ROOT)}: {word}" for path in sorted((ROOT / "tests").rglob("*.py"))
             for word in CLOCKS if word in path.read_text(encoding="utf-8")]
    assert found == [], "timings belong in bench/ (they fail on a loaded machine): " + ", ".join(found)


def test_the_prompt_timings_live_in_bench():
    text = (ROOT / "bench" / "prompts.py").read_text(encoding="utf-8")
    for game in ("monster_ball", "battleball", "ballmonsters", "slargeball"):
        assert f"def {game}(" in text
    assert "assert " not in text, "a benchmark prints numbers and asserts nothing"


class Recorder:
    """Stands in for subprocess.run: records the tmux commands instead of running them."""

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def __call__(self, args, **kwargs):
        self.calls.append(list(args))
        return subprocess.CompletedProcess(args, 0, stdout="", stderr="")


def targets(calls, command: str) -> list[str]:
    return [c[c.index("-t") + 1] for c in calls if c[1] == command]


def test_bench_sessions_have_names_of_their_own_and_only_they_are_ended():
    tmux = load_bench("tmux")
    run = Recorder()
    with tmux.Sessions(run) as sessions:
        a = sessions.new("sleep 3600")
        b = sessions.new("refbox")
        sessions.capture(b)
        sessions.kill(b)
    import os

    assert a != b and str(os.getpid()) in a and str(os.getpid()) in b
    assert [c[c.index("-s") + 1] for c in run.calls if c[1] == "new-session"] == [a, b]
    assert sorted(targets(run.calls, "kill-session")) == sorted([f"={a}", f"={b}"]), "exact names, each once"
    assert targets(run.calls, "capture-pane") == [f"={b}:"]
    with pytest.raises(ValueError):
        tmux.Sessions(run).kill("bench")


def test_bench_run_addresses_tmux_only_through_its_sessions():
    text = (ROOT / "bench" / "run.py").read_text(encoding="utf-8")
    assert not re.search(r'"kill-session"|"new-session"|"capture-pane"', text), "use bench/tmux.py Sessions"
