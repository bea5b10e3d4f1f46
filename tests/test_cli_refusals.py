"""Hostile or careless command lines: each is refused with exit status 2 and one line on stderr, never a
traceback; a closed pipe ends quietly; an error inside the app ends with a non-zero status. Run as a user runs
them (a subprocess) where the exit status and the whole of stderr are what is checked."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from saved_match import play, save

from refbox.commands import sim as simulate
from refbox.cli import global_options, main

WORKTREE = Path(__file__).resolve().parent.parent


def refbox(*argv: str, stdout=subprocess.PIPE) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(WORKTREE)}
    return subprocess.run([sys.executable, "-m", "refbox", *argv], stdout=stdout, stderr=subprocess.PIPE,
                          text=True, env=env, timeout=120)


def refused(done: subprocess.CompletedProcess, *words: str) -> str:
    """The one line of a refusal (exit status 2), checked for the words that say what was wrong."""
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, lines
    for word in words:
        assert word in lines[0], (word, lines[0])
    return lines[0]


@pytest.fixture(scope="module")
def data(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("data")
    save(play("slargeball", upto=300), root, "saved")
    return root


@pytest.mark.parametrize("think", ["nan", "inf", "-inf", "1e308", "0", "-1", "61", "soon"])
def test_a_think_time_that_is_not_a_sane_number_of_seconds_is_refused(think, data):
    refused(refbox("sim", "battleball", f"--think={think}", "--data-dir", str(data)), "--think", "at most 60")


@pytest.mark.parametrize("games", ["0", "-3", "1000000001", "1000000000000", "1" * 5000, "many"])
def test_a_number_of_games_outside_one_to_a_billion_is_refused(games, data):
    refused(refbox("sim", "battleball", f"--games={games}", "--data-dir", str(data)), "--games", "1,000,000,000")


@pytest.mark.parametrize("port", ["0", "65536", "99999", "-1", "http"])
def test_a_port_outside_1_to_65535_is_refused(port, data):
    refused(refbox("serve", f"--port={port}", "--data-dir", str(data)), "--port", "65,535")


def test_a_jobs_count_past_the_games_and_the_cores_is_brought_down_with_a_word(data):
    done = refbox("sim", "battleball", "--games", "2", "--jobs", "1000", "--data-dir", str(data))
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "--jobs 1000 is more than the 2 games" in done.stderr
    assert '"games": 2' in done.stdout.splitlines()[-1]


def test_serving_a_file_that_is_not_a_match_is_refused(data):
    refused(refbox("serve", "/etc/passwd", "--data-dir", str(data)), "/etc/passwd", "not a refbox journal")


def test_a_symbolic_link_loop_is_called_one(data, tmp_path):
    loop = tmp_path / "loop.jsonl"
    os.symlink(loop, loop)
    for command in (["report", str(loop)], ["serve", str(loop)], ["--replay", str(loop)]):
        refused(refbox(*command, "--data-dir", str(data)), "symbolic link loop")


def test_a_named_pipe_is_called_one(data, tmp_path):
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    line = refused(refbox("report", str(fifo), "--data-dir", str(data)), "named pipe")
    assert "directory" not in line


@pytest.mark.parametrize("where", ["before", "after"])
def test_the_data_dir_may_come_before_the_command_or_after_it(where, data):
    argv = ["--data-dir", str(data), "report", "saved"] if where == "before" else ["report", "saved", "--data-dir",
                                                                                     str(data)]
    done = refbox(*argv)
    assert done.returncode == 0 and done.stdout.startswith("# Slargeball"), done.stderr


def test_global_options_are_split_off_the_front_only():
    assert global_options(["--data-dir", "d", "report", "m"]) == (["--data-dir", "d"], ["report", "m"])
    assert global_options(["--data-dir=d", "sim", "x"]) == (["--data-dir=d"], ["sim", "x"])
    assert global_options(["report", "--data-dir", "d"]) == ([], ["report", "--data-dir", "d"])
    assert global_options(["--data-dir"]) == ([], ["--data-dir"])


def test_a_report_into_a_closed_pipe_ends_quietly(data):
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before refbox writes a byte (as `| head` once it has its lines)
    try:
        done = refbox("report", "saved", "--data-dir", str(data), stdout=write_end)
    finally:
        os.close(write_end)
    assert done.stderr == "" and done.returncode == 141


def test_an_error_inside_the_app_ends_with_a_non_zero_status(data, monkeypatch):
    from refbox.ui.app import RefboxApp

    def broken(self):
        raise RuntimeError("a bug")

    monkeypatch.setattr(RefboxApp, "on_mount", broken)
    monkeypatch.setattr(RefboxApp, "run", lambda self: RefboxApp.__mro__[1].run(self, headless=True))
    assert main(["--data-dir", str(data)]) == 1


def test_an_unexpected_error_is_one_line_and_status_1(data, monkeypatch, capsys):
    monkeypatch.setattr("refbox.cli.dispatch", lambda argv: {}["boom"])
    monkeypatch.delenv("REFBOX_TRACEBACK", raising=False)
    assert main(["--list"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "KeyError" in err and "Traceback" not in err


def test_a_billion_games_are_made_as_they_are_played_never_listed(data, monkeypatch, capsys):
    """Stopped (as by Ctrl+C) after a few games: had the billion jobs or results been listed first, this would
    have run out of memory long before."""
    count = simulate.Tally.add
    for jobs in ("1", "2"):
        played = []

        def add(self, result, played=played):
            played.append(result)
            if len(played) == 5:
                raise KeyboardInterrupt
            count(self, result)

        monkeypatch.setattr(simulate.Tally, "add", add)
        assert main(["sim", "ballmonsters", "--games", "1000000000", "--jobs", jobs, "--data-dir", str(data)]) == 130
        err = capsys.readouterr().err
        assert "stopped after 4 of 1,000,000,000 games" in err, err
        monkeypatch.undo()


def test_a_named_pipe_among_the_matches_is_listed_as_one(tmp_path):
    folder = tmp_path / "matches"
    folder.mkdir()
    os.mkfifo(folder / "pipe.jsonl")
    done = refbox("--list", "--data-dir", str(tmp_path))
    assert done.returncode == 0 and "is not a file (a named pipe)" in done.stdout and "directory" not in done.stdout
