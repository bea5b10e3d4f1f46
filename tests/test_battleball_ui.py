"""Battleball's screens: the setup form, a turn played from the keyboard, help, and snapshots."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Select, Static

from refbox.engine import registry
from refbox.engine.clone import clone
from refbox.engine.registry import lookup
from refbox.ui.app import RefboxApp
from refbox.ui.games.battleball import BattleballScreen, BattleballSetupScreen
from refbox.ui.screens.help import HelpScreen

SIZE = (130, 40)
ROLL_OFF = ["enter", "2", "0", "1", "enter"]
"""Line up, then the Wolves win the d20 roll-off 20 to 1."""


def make_app(tmp_path: Path) -> RefboxApp:
    return RefboxApp(data_dir=tmp_path)


async def open_setup(app: RefboxApp, pilot) -> BattleballSetupScreen:
    app.new_match(lookup("battleball"))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, BattleballSetupScreen)
    screen.query_one("#seed", Input).value = "4411"
    return screen


async def start(app: RefboxApp, pilot, coaches=("Ann", "Bob"), team="iron-wolves", board="table") -> BattleballScreen:
    """A new match from the setup form; these tests play with a physical board (test_battleball_board_ui.py
    plays on refbox's own)."""
    screen = await open_setup(app, pilot)
    screen.query_one("#coach0", Input).value = coaches[0]
    screen.query_one("#coach1", Input).value = coaches[1]
    screen.query_one("#team0", Select).value = team
    screen.query_one("#board", Select).value = board
    await pilot.pause()
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert isinstance(app.screen, BattleballScreen)
    return app.screen


class TestSetup:
    async def test_the_form_starts_a_match_with_the_coaches_and_their_teams(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot, team="black-harts")
            assert screen.match.setup.coaches == ("Ann", "Bob")
            assert screen.match.setup.team_ids() == ("black-harts", "iron-wolves")
            assert screen.names == ("Black Harts", "Iron Wolves")

    async def test_a_blank_coach_name_is_shown_as_an_error(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_setup(app, pilot)
            screen.query_one("#coach1", Input).value = " "
            await pilot.pause()
            assert "a coach needs a name" in str(screen.query_one("#error", Static).render())
            await pilot.press("ctrl+s")
            assert app.screen is screen

    async def test_the_preview_lists_both_elevens_and_their_dice(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_setup(app, pilot)
            text = str(screen.query_one("#preview", Static).render())
            assert text.count("Heavy Tackle  2d6 yellow") == 2 and "Team Rules: none listed" in text


class TestPlay:
    async def test_a_turn_played_from_the_keyboard_completes_a_pass(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            # RB1 (key a) rolls 7, picks up the ball, then passes (3: "end" is key 1, and "end" says nobody is
            # next to an opponent) to RB2 (key b) over 12 squares: 9 + 5 is caught
            await pilot.press(*ROLL_OFF, "a", "7", "2", "3", "b", "1", "2", "enter", "9", "5")
            state = screen.match.state
            assert state.carrier is not None and state.carrier.id == "RB2"
            assert state.side == 1 and state.step == "select"

    async def test_a_bad_distance_is_refused_on_screen_and_nothing_changes(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press(*ROLL_OFF, "a", "7", "2", "3", "b")
            before = clone(screen.match.state)
            await pilot.press("-")
            assert screen.match.state == before and "'-' does nothing here" in screen.error
            await pilot.press("4", "1", "enter")  # "4" waits (40 is in range), "41" is not
            assert screen.match.state == before and screen.error.startswith("41 squares is out of range")

    async def test_a_d20_face_of_21_is_refused(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press("enter", "2", "1")
            assert "not a face of a d20" in screen.error and screen.match.state.step == "roll-off"

    async def test_undo_takes_back_the_last_input(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press(*ROLL_OFF, "a")
            assert screen.match.state.step == "move-roll"
            await pilot.press("u")
            assert screen.match.state.step == "select"

    async def test_help_shows_the_current_phase_and_its_rulings(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await start(app, pilot)
            await pilot.press(*ROLL_OFF, "a", "3", "1", "4", "a", "a", "question_mark")  # 4: tackle
            assert isinstance(app.screen, HelpScreen)
            text = str(app.screen._text)
            assert text.startswith("Battleball") and "Tackle" in text and "whichever side rolled the 1" in text


# ---- snapshots (plain def: snap_compare runs its own event loop) ----


def test_snapshot_setup_screen(snap_compare, tmp_path):
    """The setup form with both elevens previewed."""

    async def run_before(pilot) -> None:
        await open_setup(pilot.app, pilot)
        await pilot.pause()

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_snapshot_tackle_roll_with_odds(snap_compare, tmp_path):
    """A tackle about to be rolled: both dice, and win / tie / loss / serious-injury odds."""

    async def run_before(pilot) -> None:
        await start(pilot.app, pilot)
        await pilot.press(*ROLL_OFF, "a", "7", "2", "4", "a", "n")  # RB1 picks up, tackles (4) the Harts' L1 (key n)
        await pilot.pause()

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_snapshot_short_pass_for_the_other_coach(snap_compare, tmp_path):
    """A short pass: the defending coach, in his colour, says where the ball lands."""

    async def run_before(pilot) -> None:
        await start(pilot.app, pilot)
        await pilot.press(*ROLL_OFF, "a", "7", "2", "3", "b", "1", "5", "enter", "3", "2")  # pass is 3: "end" is 1
        await pilot.pause()

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


class TestHomeAndResume:
    async def test_battleball_is_playable_from_the_home_screen(self, tmp_path):
        key = str([e.name for e in registry.BUILTIN].index("battleball") + 1)
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, BattleballSetupScreen)

    async def test_a_saved_match_resumes_where_it_was_left(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press(*ROLL_OFF, "a", "7", "2")
            state, path = screen.match.state, screen.match.path
            await pilot.press("q")
            await pilot.pause()
            app.resume(str(path))
            await pilot.pause()
            assert isinstance(app.screen, BattleballScreen) and app.screen.match.state == state
