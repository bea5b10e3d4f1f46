"""Snapshots of the screens a match is read on besides the game screen: the replay (with and without a board),
the match report, and the rules help over a game. Plain def tests: snap_compare runs its own event loop."""

from __future__ import annotations

from pathlib import Path

from saved_match import play, save

from refbox.ui.app import RefboxApp
from refbox.ui.spectator import SpectatorApp

SIZE = (120, 40)
CREATED = "2025-01-01T12:00:00"
"""A fixed creation time: the report prints it."""


def saved(root: Path, ruleset: str, name: str, upto: int | None = None, seed: int = 5,
          setup: dict | None = None) -> Path:
    match = play(ruleset, seed=seed, upto=upto, setup=setup)
    match.header = match.header.model_copy(update={"created": CREATED})
    return save(match, root, name)


def test_snapshot_replay_without_a_board(snap_compare, tmp_path):
    path = saved(tmp_path, "slargeball", "sb", upto=160)

    async def run_before(pilot):
        await pilot.press("b", "t", "t", "t", "left")  # from the start three turns on, then back an input

    assert snap_compare(SpectatorApp(path, live=False), terminal_size=SIZE, run_before=run_before)


def test_snapshot_replay_on_the_board_with_the_rosters_shown(snap_compare, tmp_path):
    path = saved(tmp_path, "battleball", "bb", upto=150, seed=1, setup={"board": "screen"})

    async def run_before(pilot):
        await pilot.press("left", "left", "tab")  # back two inputs; the rosters under the board

    assert snap_compare(SpectatorApp(path, live=False), terminal_size=SIZE, run_before=run_before)


def test_snapshot_report(snap_compare, tmp_path):
    path = saved(tmp_path, "slargeball", "sb-done")

    async def run_before(pilot):
        pilot.app.open_report(path)
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()  # the report is read in a worker
        await pilot.pause()

    assert snap_compare(RefboxApp(data_dir=tmp_path), terminal_size=SIZE, run_before=run_before)


def test_snapshot_help_over_a_game(snap_compare, tmp_path):
    path = saved(tmp_path, "rulerball", "rb", upto=30)

    async def run_before(pilot):
        await pilot.pause()
        await pilot.press("question_mark")

    assert snap_compare(RefboxApp(data_dir=tmp_path, resume_path=path), terminal_size=SIZE, run_before=run_before)
