"""After the whistle, on screen: the report at full time and from home, rematch, archive, delete to the trash,
the read-only replay and the live spectator view (Pilot tests)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from every_ruleset import RULESETS
from saved_match import play, save
from refbox import matchfiles
from refbox.engine.journal import read
from refbox.engine.match import Match
from refbox.ui.app import RefboxApp
from refbox.ui.screens.game import GameScreen
from refbox.ui.screens.replay import ReplayScreen
from refbox.ui.screens.report import ReportScreen
from refbox.ui.spectator import SpectatorApp

SIZE = (130, 40)


async def settled(app, pilot) -> None:
    """The screen mounted and its worker (the report is read in a thread) done."""
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


def text_of(screen) -> str:
    return "\n".join(str(w.render()) for w in screen.query(Static))


@pytest.fixture
def finished(tmp_path) -> Path:
    return save(play("slargeball"), tmp_path, "slargeball-done")


class TestReport:
    @pytest.mark.parametrize("ruleset", RULESETS)
    async def test_a_finished_match_of_each_ruleset_has_its_report_on_screen(self, tmp_path, ruleset):
        """Result, scoring, luck and the charts are drawn for every ruleset."""
        match = play(ruleset, seed=3 if ruleset == "monster-ball" else 5)  # seed 3: a short Monster Ball match
        path = save(match, tmp_path, f"{ruleset}-done")
        app = RefboxApp(data_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            app.open_report(path)
            await settled(app, pilot)
            screen = app.screen
            assert isinstance(screen, ReportScreen) and screen.report is not None and screen.report.finished
            shown = text_of(screen)
            for heading in ("Result", "Scoring", "Luck", "Score over the match", "House rules"):
                assert heading in shown
            assert screen.report.teams[0] in shown and "inputs 0-" in shown

    async def test_the_report_opens_at_full_time(self, tmp_path):
        """The input that ends the match opens the report; q goes back to the game screen."""
        whole = play("slargeball")
        path = save(play("slargeball", upto=len(whole.events) - 1), tmp_path, "slargeball-late")
        app = RefboxApp(data_dir=tmp_path, resume_path=path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            game = app.screen
            assert isinstance(game, GameScreen)
            game.submit(whole.events[-1])
            await settled(app, pilot)
            assert isinstance(app.screen, ReportScreen) and app.screen.report.finished
            assert matchfiles.is_finished(path), "the summary says the match is over"
            await pilot.press("q")
            await pilot.pause()
            assert app.screen is game

    async def test_home_lists_finished_and_unfinished_apart_and_enter_opens_the_report(self, tmp_path, finished):
        save(play("battleball", upto=20), tmp_path, "battleball-going")
        app = RefboxApp(data_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            home = app.screen
            assert [m.path.name for m in home.saved] == ["battleball-going.jsonl"]
            assert [m.path.name for m in home.done] == ["slargeball-done.jsonl"]
            home.menu.focus_list("finished")
            await pilot.press("enter")
            await settled(app, pilot)
            assert isinstance(app.screen, ReportScreen) and app.screen.journal == finished

    async def test_rematch_is_one_key_same_setup_and_teams_new_seed(self, tmp_path, finished):
        old = read(finished, repair=False).header
        app = RefboxApp(data_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            app.open_report(finished)
            await settled(app, pilot)
            await pilot.press("n")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen) and len(app.screen_stack) == 2
            new = screen.match.header
            assert screen.match.path != finished and screen.match.events == []
            assert (new.setup, new.data, new.ruleset) == (old.setup, old.data, old.ruleset) and new.seed != old.seed
            assert read(screen.match.path, repair=False).header.seed == new.seed


class TestFiles:
    async def _press_on_finished(self, tmp_path, key: str):
        app = RefboxApp(data_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.screen.menu.focus_list("finished")
            await pilot.press(key)
            await pilot.pause()
            return str(app.screen.menu.message), app.screen.done

    async def test_delete_moves_every_file_of_the_match_to_the_trash_and_says_so(self, tmp_path, finished):
        finished.with_suffix(".checkpoint.json").write_text("{}")
        before = {p.name: p.read_bytes() for p in matchfiles.files_of(finished)}
        message, listed = await self._press_on_finished(tmp_path, "x")
        trash = tmp_path / "trash"
        assert "trash" in message and str(trash) in message
        assert {p.name: p.read_bytes() for p in trash.iterdir()} == before, "nothing lost, nothing changed"
        assert not finished.exists() and listed == []

    async def test_an_unfinished_match_goes_to_the_trash_on_a_second_x(self, tmp_path):
        going = save(play("battleball", upto=20), tmp_path, "battleball-going")
        app = RefboxApp(data_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            home = app.screen
            home.menu.focus_list("matches")
            await pilot.press("x")
            assert "not finished: press x again" in str(home.menu.message) and going.exists()
            await pilot.press("x")
            await pilot.pause()
            assert "Deleted" in str(home.menu.message) and not going.exists() and home.saved == []
            assert (tmp_path / "trash" / going.name).exists()

    async def test_archive_moves_the_match_out_of_the_lists(self, tmp_path, finished):
        message, listed = await self._press_on_finished(tmp_path, "a")
        assert "Archived" in message and (tmp_path / "archive" / finished.name).exists()
        assert not finished.exists() and listed == []

    async def test_a_match_open_in_a_window_is_not_moved(self, tmp_path, finished):
        holder, _ = Match.load(finished)
        holder.lock()
        try:
            message, listed = await self._press_on_finished(tmp_path, "x")
        finally:
            holder.close()
        assert "open in a refbox window" in message and finished.exists() and len(listed) == 1

    def test_a_second_deleted_match_of_the_same_name_does_not_overwrite_the_first(self, tmp_path, finished):
        content = finished.read_bytes()
        matchfiles.move_match(finished, tmp_path / "trash")
        finished.write_bytes(content)
        moved = matchfiles.move_match(finished, tmp_path / "trash")
        assert moved[0].name == "slargeball-done-2.jsonl" and (tmp_path / "trash" / finished.name).exists()


class TestReplay:
    async def test_stepping_never_writes_and_never_locks(self, tmp_path):
        """By input, by turn, by score, to a log line: the journal's bytes are the same and no lock is taken."""
        board = {"board": "screen"}
        finished = save(play("battleball", seed=1, upto=1500, setup=board), tmp_path, "battleball-part")
        before = {p.name: p.read_bytes() for p in matchfiles.files_of(finished)}
        holder, _ = Match.load(finished)
        holder.lock()  # the referee's window holds the match: the replay must still open
        app = RefboxApp(data_dir=tmp_path)
        try:
            async with app.run_test(size=SIZE) as pilot:
                app.open_replay(finished)
                await pilot.pause()
                screen = app.screen
                assert isinstance(screen, ReplayScreen)
                replay = screen.replay
                end = len(replay.events)
                assert replay.position == end
                await pilot.press("left", "left")
                assert replay.position == end - 2
                await pilot.press("b")
                assert replay.position == 0
                assert screen.has_class("-with-board")
                await pilot.press("s")
                first_goal = replay.position
                assert replay.scores[first_goal] != replay.scores[first_goal - 1]
                await pilot.press("t")
                assert replay.position > first_goal
                await pilot.press("T", "S")
                assert replay.position < first_goal
                log = screen.query_one("#log", OptionList)
                log.highlighted = 10
                await pilot.press("enter")
                n = replay.position
                assert len(replay.state_at(n).log) > 10 >= len(replay.state_at(n - 1).log)
                assert "input" in screen.query_one("#title").plain
                await pilot.press("q")
        finally:
            holder.close()
        after = {p.name: p.read_bytes() for p in matchfiles.files_of(finished)}
        assert after == {**before, "battleball-part.lock": b""}, "only the referee's lock file appeared"

    async def test_the_spectator_view_follows_the_live_journal(self, tmp_path, finished):
        whole = Match.load(finished)[0]
        path = save(play("slargeball", upto=30), tmp_path, "live")
        referee, _ = Match.load(path)
        referee.lock()
        app = SpectatorApp(path, live=True, data_dir=tmp_path)
        try:
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                screen = app.screen
                assert isinstance(screen, ReplayScreen) and screen.live
                rest = play("slargeball").events
                for event in rest[30:40]:
                    referee.submit(event)
                screen.follow()
                await pilot.pause()
                assert screen.replay.position == 40 and "input 40/40" in screen.query_one("#title").plain
                referee.undo()
                screen.follow()
                assert screen.replay.position == 39
        finally:
            referee.close()
        assert whole.events

    async def test_a_replay_opened_on_its_own_is_drawn_as_from_the_home_screen(self, tmp_path, finished):
        """Its stylesheet carries the board's and the scoreboard's borders (they came from the game screen's
        stylesheet, read only once a match had been opened)."""
        app = SpectatorApp(finished, live=False, data_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReplayScreen)
            assert screen.query_one("#scoresbox").styles.border.top[0] == "round"
            assert screen.query_one("#fieldbox").styles.border.top[0] == "round"


class TestCommands:
    def test_watch_replay_and_serve_refuse_a_match_that_is_not_there(self, tmp_path, capsys):
        from refbox.cli import main

        for argv in (["--watch", "nope"], ["--replay", "nope"], ["serve", "nope"]):
            assert main([*argv, "--data-dir", str(tmp_path)]) == 2, argv
            err = capsys.readouterr().err
            assert "nope" in err or "textual-serve" in err

    def test_serve_on_a_port_in_use_says_so_instead_of_a_traceback(self, tmp_path, capsys):
        import socket

        pytest.importorskip("textual_serve")
        from refbox.cli import main

        with socket.socket() as taken:
            taken.bind(("127.0.0.1", 0))
            taken.listen()
            port = taken.getsockname()[1]
            assert main(["serve", "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(tmp_path)]) == 2
        assert f"port {port} is in use" in capsys.readouterr().err

    def test_the_served_command_opens_the_spectator_view_of_the_match(self, tmp_path, finished):
        from refbox.commands.serve import command

        served = command(tmp_path, finished)
        assert "--watch" in served and str(finished) in served and "--data-dir" in served
        assert "--watch" not in command(tmp_path)
