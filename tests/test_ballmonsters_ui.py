"""Ballmonsters! screens: the setup form with fiddle points, a shot played from the keyboard, help, snapshots."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Select, Static

from refbox.engine.clone import clone
from refbox.engine.registry import lookup
from refbox.ui.app import RefboxApp
from refbox.ui.games.ballmonsters import BallmonstersScreen, BallmonstersSetupScreen
from refbox.ui.screens.help import HelpScreen

SIZE = (130, 40)
TO_THE_BITE = ["enter", "h", "6", "3", "1", "3"]
"""Place the balls; Big Bertha targets Chompers Grub (key h, always: a ball keeps its letter; a boob),
momentum 6 (taken without Enter), hits after 8" (key 3: two inches past its free 6), bitey sides touching (1),
commits 3 power (taken without Enter): the bite roll is next. Five keys from the placement to the dice."""


def make_app(tmp_path: Path) -> RefboxApp:
    return RefboxApp(data_dir=tmp_path)


async def open_setup(app: RefboxApp, pilot) -> BallmonstersSetupScreen:
    app.new_match(lookup("ballmonsters"))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, BallmonstersSetupScreen)
    screen.query_one("#seed", Input).value = "4411"
    return screen


async def start(app: RefboxApp, pilot, board: str = "table") -> BallmonstersScreen:
    """A match started from the form, at the table unless told (the keys below are the table's flow)."""
    screen = await open_setup(app, pilot)
    screen.query_one("#board", Select).value = board
    await pilot.pause()
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert isinstance(app.screen, BallmonstersScreen)
    return app.screen


def error_text(screen) -> str:
    return str(screen.query_one("#error", Static).render())


class TestSetup:
    async def test_the_form_starts_a_match_with_the_names_and_fiddle_points(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_setup(app, pilot)
            screen.query_one("#name1", Input).value = "Slurpers"
            screen.query_one("#b1-2-name", Input).value = "Gnasher"
            screen.query_one("#b1-2-str", Select).value = 1
            screen.query_one("#b1-2-effect", Select).value = "horny"
            screen.query_one("#first", Select).value = 1
            await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            game = app.screen
            assert isinstance(game, BallmonstersScreen)
            gnasher = game.match.state.ball("B2")
            assert (gnasher.name, gnasher.strength, gnasher.effect) == ("Gnasher", 1, "horny")
            assert game.match.state.first == 1 and game.names == ("Gobblers", "Slurpers")

    async def test_a_third_fiddle_point_on_a_ball_is_shown_at_once_and_blocks_the_start(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_setup(app, pilot)
            screen.query_one("#b0-1-str", Select).value = 2
            screen.query_one("#b0-1-effect", Select).value = "flaming"
            await pilot.pause()
            assert "Gobblers Pip has 3 fiddle points: at most 2 per ball" in error_text(screen)
            await pilot.press("ctrl+s")
            assert app.screen is screen

    async def test_overspending_the_team_budget_is_shown(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_setup(app, pilot)
            for j in (1, 2, 3):
                screen.query_one(f"#b1-{j}-str", Select).value = 2
            await pilot.pause()
            assert "Chompers spends 7 fiddle points: the budget is 6" in error_text(screen)

    async def test_the_preview_counts_fiddle_points_and_lists_the_effects(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_setup(app, pilot)
            screen.query_one("#b0-3-effect", Select).value = "tough_nut"
            await pilot.pause()
            text = str(screen.query_one("#preview", Static).render())
            assert "Gobblers— fiddle points 2/6" in text.replace(" — ", "— ")
            assert "Tough Nut" in text


    async def test_unspent_fiddle_points_are_warned_about(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_setup(app, pilot)
            await pilot.pause()
            text = str(screen.query_one("#preview", Static).render())
            assert "5 unspent" in text  # the defaults spend 1 of 6 on each monsterball

    async def test_more_miniballs_and_the_house_rules_are_chosen_on_the_form(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_setup(app, pilot)
            screen.query_one("#miniballs", Select).value = 6
            screen.query_one("#deflated", Select).value = True
            await pilot.pause()
            assert screen.query_one("#row1-6").display and not screen.query_one("#row1-7").display
            assert "still counts as on the field" in str(screen.query_one("#preview", Static).render())
            await pilot.press("ctrl+s")
            await pilot.pause()
            state = app.screen.match.state
            assert sum(1 for b in state.balls if b.team == 1 and b.kind == "miniball") == 6
            assert state.deflated_count and not state.other_deflations_score


class TestPlay:
    async def test_a_shot_walked_from_the_keyboard_reaches_the_bite_roll_with_its_odds(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press(*TO_THE_BITE)
            state = screen.match.state
            assert state.step == "bite" and state.bounce.boob and state.bounce.power == 7
            await pilot.press("9", "3")  # 9+6+3 = 18 against 3+0+3 = 6: Grub (STR 0) is deflated
            assert screen.match.state.ball("B1").deflated and screen.match.state.scores == [2, 0]

    async def test_momentum_7_is_refused_on_screen_and_nothing_changes(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press("enter", "h")
            before = clone(screen.match.state)
            await pilot.press("7", "enter")
            assert screen.match.state == before
            assert screen.error.startswith("7 momentum is out of range")

    async def test_undo_takes_back_the_last_input(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press("enter", "h")
            assert screen.match.state.step == "momentum"
            await pilot.press("u")
            assert screen.match.state.step == "target" and screen.match.state.target is None

    async def test_help_shows_the_bounce_and_its_rulings(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await start(app, pilot)
            await pilot.press(*TO_THE_BITE, "question_mark")
            assert isinstance(app.screen, HelpScreen)
            text = str(app.screen._text)
            assert text.startswith("Ballmonsters!") and "Bounce" in text and "A natural 12 gives one extra bite" in text


# ---- snapshots (plain def: snap_compare runs its own event loop) ----


def test_snapshot_setup_screen(snap_compare, tmp_path):
    """The setup form: a row per ball with its STR bonus and effect, and the preview."""

    async def run_before(pilot) -> None:
        await open_setup(pilot.app, pilot)
        await pilot.pause()

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_snapshot_bite_roll_with_odds(snap_compare, tmp_path):
    """A boob about to be rolled: both d12s with their bonuses and the exact bite odds."""

    async def run_before(pilot) -> None:
        await start(pilot.app, pilot)
        await pilot.press(*TO_THE_BITE)
        await pilot.pause()

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_snapshot_boing_after_a_deflation(snap_compare, tmp_path):
    """After Grub is deflated: the roster greys it out, the score shows +2, and the boing begins (no vector
    letter asked: straight to the moves)."""

    async def run_before(pilot) -> None:
        await start(pilot.app, pilot)
        await pilot.press(*TO_THE_BITE, "9", "3")
        await pilot.pause()

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)
