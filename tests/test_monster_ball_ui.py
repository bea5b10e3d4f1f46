"""Monster Ball's screens: the setup form, plays from the keyboard, the captain's clock, help, snapshots."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.widgets import Input, Static

from refbox.engine import registry
from refbox.engine.clone import clone
from refbox.engine.play import random_event
from refbox.games.monster_ball.flow import possessive
from refbox.engine.registry import lookup
from refbox.ui.app import RefboxApp
from refbox.ui.games.monster_ball import MonsterBallScreen, MonsterBallSetupScreen
from refbox.ui.keys import assign_keys
from refbox.ui.screens.help import HelpScreen

SIZE = (130, 40)
TOUCHBACK = ["L", "1", "2", "1", "2"]
"""Chaos's Drow 2 (C12, key L) kicks 12 and 12: into the end zone, Law ball at the 30."""
HIKE = ["1", "4", "4"]
"""Law call a play (option 1) and the snap totals 8."""


@pytest.fixture(autouse=True)
def still_clock(monkeypatch):
    """The real countdown would tick once a second while a slow machine runs a test: tests tick it."""
    monkeypatch.setattr(MonsterBallScreen, "TICK_SECONDS", 3600.0)


def make_app(tmp_path: Path) -> RefboxApp:
    return RefboxApp(data_dir=tmp_path)


async def open_setup(app: RefboxApp, pilot) -> MonsterBallSetupScreen:
    app.new_match(lookup("monster-ball"))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, MonsterBallSetupScreen)
    screen.query_one("#seed", Input).value = "4411"
    await pilot.pause()
    return screen


async def start(app: RefboxApp, pilot, **fields) -> MonsterBallScreen:
    """A new match from the setup form; on the table unless ``board="screen"`` (the form's own default)."""
    screen = await open_setup(app, pilot)
    fields.setdefault("board", "table")
    for widget_id, value in fields.items():
        widget = screen.query_one(f"#{widget_id}")
        widget.value = value
    await pilot.pause()
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert isinstance(app.screen, MonsterBallScreen)
    return app.screen


async def choose(pilot, screen: MonsterBallScreen, option_id: str) -> None:
    """Press the key of the option with this id in the pending menu."""
    options = screen.match.prompt().options
    keys = assign_keys([o.key for o in options])
    await pilot.press(*keys[[o.id for o in options].index(option_id)])


class TestSetup:
    async def test_the_form_builds_the_setup_it_shows(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot, law="Paladins", referee="eye-tyrant-earl", victory="clock", coin=1, choice="kick")
            setup = screen.match.setup
            assert (setup.law_name, setup.referee, setup.victory, setup.kicking_team) == ("Paladins", "eye-tyrant-earl", "clock", 1)
            assert screen.names == ("Paladins", "Chaos")

    async def test_the_preview_lists_both_suggested_lineups(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_setup(app, pilot)
            text = str(screen.query_one("#preview", Static).render())
            assert "offense (12)" in text and "Anti-Paladin" in text and "Chaos kick off" in text

    async def test_a_blank_team_name_is_shown_as_an_error(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_setup(app, pilot)
            screen.query_one("#chaos", Input).value = ""
            await pilot.pause()
            assert "chaos_name" in str(screen.query_one("#error", Static).render())
            await pilot.press("ctrl+s")
            assert app.screen is screen

    async def test_monster_ball_is_playable_from_the_home_screen(self, tmp_path):
        key = str([e.name for e in registry.BUILTIN].index("monster-ball") + 1)
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, MonsterBallSetupScreen)


class TestPlay:
    async def test_kickoff_and_hike_from_the_keyboard(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press(*TOUCHBACK, *HIKE)
            state = screen.match.state
            assert state.carrier == "L7" and state.step == "move" and state.mover == 0

    async def test_a_9_on_a_d8_is_refused_on_screen_and_nothing_changes(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press(*TOUCHBACK, "1")
            before = clone(screen.match.state)
            await pilot.press("9")
            assert "not a face of a d8" in screen.error and screen.match.state == before

    async def test_a_pass_is_thrown_and_caught(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press(*TOUCHBACK, *HIKE)
            await choose(pilot, screen, "done")
            await choose(pilot, screen, "done")
            await choose(pilot, screen, "pass")
            await choose(pilot, screen, "L6")
            await pilot.press("1", "enter", "enter", "1", "9", "5")  # 1 grid, nobody else, play fair (1), 9 + 5
            assert screen.match.state.carrier == "L6"

    async def test_undo_takes_back_the_hike(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press(*TOUCHBACK, *HIKE, "u")
            assert screen.match.state.step == "hike_roll"

    async def test_help_shows_the_phase_and_its_rulings(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await start(app, pilot)
            await pilot.press(*TOUCHBACK, "question_mark")
            assert isinstance(app.screen, HelpScreen)
            text = str(app.screen._text)
            assert "Between plays" in text and "Punting is offered on fourth down only" in text


class TestCaptainsClock:
    async def test_the_minute_running_out_ends_the_half_round_as_a_journaled_input(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press(*TOUCHBACK, *HIKE)
            screen.tick(59)
            assert screen.left == 1 and screen.match.state.mover == 0
            screen.tick()
            await pilot.pause()
            match = screen.match
            assert match.events[-1].value == "timeout" and match.state.mover == 1
            assert screen.left == match.data.clock.captain_seconds  # the next captain gets a fresh minute

    async def test_ctrl_t_pauses_the_countdown(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press(*TOUCHBACK, *HIKE, "ctrl+t")
            screen.tick(30)
            assert screen.paused and screen.left == 60
            await pilot.press("ctrl+t")
            screen.tick(30)
            assert screen.left == 30

    async def test_no_countdown_when_the_limit_is_off(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot, minute=False)
            await pilot.press(*TOUCHBACK, *HIKE)
            screen.tick(60)
            assert screen.match.state.mover == 0 and not screen.query_one("#captain-clock").display


    async def test_the_countdown_stands_still_under_the_help_screen(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press(*TOUCHBACK, *HIKE, "question_mark")
            assert isinstance(app.screen, HelpScreen)
            for _ in range(5):
                screen.tick(60)
            await pilot.pause()
            assert screen.left == 60 and "timeout" not in [e.value for e in screen.match.events]
            await pilot.press("escape")
            assert app.screen is screen
            screen.tick(1)
            assert screen.left == 59

    async def test_an_unattended_table_journals_one_timeout_then_the_clock_stops(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press(*TOUCHBACK, *HIKE)
            for _ in range(600):  # ten minutes with nobody at the keyboard
                screen.tick()
            await pilot.pause()
            assert [e.value for e in screen.match.events].count("timeout") == 1
            assert screen.paused and screen.match.state.mover == 1 and 0 < screen.left < 60
            await pilot.press("escape")  # anyone back at the table: the clock runs again
            assert not screen.paused

    async def test_the_minute_runs_on_in_sub_prompts_and_ends_the_half_at_the_menu(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press(*TOUCHBACK, *HIKE)
            screen.tick(30)
            await choose(pilot, screen, "hustle")
            await choose(pilot, screen, "L7")
            assert screen.match.state.step == "hustle_blocker"
            screen.tick(30)
            await pilot.pause()
            assert screen.left == 0 and screen.match.state.step == "hustle_blocker"  # a sub-prompt has no "time's up"
            assert "time's up" in screen.query_one("#captain-clock").plain
            await choose(pilot, screen, "C13")
            await pilot.press("5", "2")  # the declared Hustle is settled: Paladin 5 beats Kobold 2
            await pilot.pause()
            match = screen.match
            assert match.events[-1].value == "timeout" and match.state.mover == 1

    async def test_the_movers_minute_stands_still_while_the_other_captain_chooses_a_defence(self, tmp_path):
        """Ruling captain-minute: a defence against a tackle is the other captain's decision, on their time."""
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press(*TOUCHBACK, *HIKE)
            match, rng = screen.match, random.Random(2)
            while match.state.step != "defence_style":  # random play up to a tackle on the carrier
                screen.submit(random_event(match.legal(), rng))
            await pilot.pause()
            mover = match.state.mover
            assert match.legal().actor == 1 - mover and screen.half_running()
            left = screen.left
            screen.tick(20)
            await pilot.pause()
            assert screen.left == left
            other = possessive(screen.names[1 - mover])
            assert f"stands still while {other} captain answers" in screen.query_one("#captain-clock").plain
            screen.submit(random_event(match.legal(), rng))  # the defence chosen: the dice are rolled on the mover's time
            assert match.state.mover == mover and match.legal().kind == "roll"
            screen.tick(5)
            assert screen.left == left - 5

    async def test_a_resumed_match_goes_on_with_the_time_its_half_round_had(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press(*TOUCHBACK, *HIKE)
            screen.tick(25)
            path = screen.match.path
            await pilot.press("q")  # save and leave
            await pilot.pause()
        app = RefboxApp(data_dir=tmp_path, resume_path=path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, MonsterBallScreen) and screen.left == 35 and not screen.paused
            assert "0:35" in screen.query_one("#captain-clock").plain
            await pilot.press("ctrl+t", "q")  # paused, and left again
            await pilot.pause()
        app = RefboxApp(data_dir=tmp_path, resume_path=path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert screen.paused and screen.left == 35, "a paused clock stays paused over a resume"
            await pilot.press("u")  # back before the snap: the saved time belongs to the half-round after it
            assert screen.left == 60

    async def test_undo_gives_back_the_time_that_half_round_had_not_a_fresh_minute(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press(*TOUCHBACK, *HIKE)
            screen.tick(20)
            await choose(pilot, screen, "hustle")
            await pilot.press("u")
            assert screen.match.state.step == "move" and screen.left == 40
            await choose(pilot, screen, "done")
            assert screen.match.state.mover == 1 and screen.left == 60
            screen.tick(10)
            await pilot.press("u")
            assert screen.match.state.mover == 0 and screen.left == 40
            await pilot.press("U")
            assert screen.match.state.mover == 1 and screen.left == 50

    async def test_an_undone_timeout_is_not_fired_again(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press(*TOUCHBACK, *HIKE)
            screen.tick(60)
            await pilot.pause()
            await pilot.press("u")
            screen.tick(5)
            await pilot.pause()
            assert screen.match.state.mover == 0 and screen.left == 0
            assert [e.value for e in screen.match.events].count("timeout") == 0


# ---- snapshots (plain def: snap_compare runs its own event loop) ----


def test_snapshot_setup_screen(snap_compare, tmp_path):
    """The setup form with both suggested line-ups previewed."""

    async def run_before(pilot) -> None:
        await open_setup(pilot.app, pilot)

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_snapshot_move_menu_with_the_captains_clock(snap_compare, tmp_path):
    """Law's half of round 1: the action menu, the field strip and the paused captain's clock."""

    async def run_before(pilot) -> None:
        await start(pilot.app, pilot)
        await pilot.press(*TOUCHBACK, *HIKE, "ctrl+t")
        await pilot.pause()

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_snapshot_long_pass_with_exact_odds(snap_compare, tmp_path):
    """The Paladin's d12 pass to the Elf's d6 two grids away, coming down: the sum must beat 5."""

    async def run_before(pilot) -> None:
        screen = await start(pilot.app, pilot)
        await pilot.press(*TOUCHBACK, *HIKE, "ctrl+t")
        for option in ("done", "done", "pass", "L6"):
            await choose(pilot, screen, option)
        await pilot.press("2", "enter")
        for _ in range(2):
            await choose(pilot, screen, "done")
        await pilot.press("enter", "enter")  # nobody else goes for it; no Wardrobe Malfunction
        await pilot.pause()

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


# ---- the on-screen field ----

FIELD_TOUCHBACK = ["L", "1", "2", "1", "2"]
"""On the field: the Drow (key L) kicks 12 and 12 from the kick line: a touchback, Law ball at the 30."""


def key_of(screen: MonsterBallScreen, option_id: str) -> str:
    options = screen.match.prompt().options
    return assign_keys([o.key for o in options])[[o.id for o in options].index(option_id)]


async def field_snap(app, pilot) -> MonsterBallScreen:
    screen = await start(app, pilot, board="screen")
    await pilot.press(*FIELD_TOUCHBACK, *HIKE)
    await pilot.pause()
    assert screen.match.state.step == "move"
    return screen


class TestField:
    async def test_a_new_match_is_played_on_the_field_unless_the_table_is_chosen(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            form = await open_setup(app, pilot)
            assert form.query_one("#board").value == "screen"
            await pilot.press("ctrl+s")
            await pilot.pause()
            match = app.screen.match
            assert match.setup == match.rules.Setup() and match.setup.board == "screen" and match.state.board
            assert app.screen.has_class("-with-board") and app.screen.query_one("#field").view.cols == 36

    async def test_a_figure_moves_by_its_letter_then_the_key_on_its_new_square(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await field_snap(app, pilot)
            start_sq = screen.match.state.pos["L8"]
            await pilot.press("i")  # Law's Valkyrie 1
            assert screen.match.state.selected == "L8"
            board = screen.query_one("#field")
            free = next(o for o in screen.match.prompt().options if o.id.startswith("m") and o.hint == "2 steps")
            target = free.at
            key = key_of(screen, free.id)
            assert board.hints[target] == key  # the key is drawn on the square it stands for
            await pilot.press(*key)
            assert screen.match.state.pos["L8"] == target != start_sq and screen.match.state.step == "move"
            assert [e.value for e in screen.match.events[-2:]] == ["L8", free.id]  # one figure moved: two inputs, two keys

    async def test_arrows_walk_a_cursor_and_enter_takes_the_square(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await field_snap(app, pilot)
            x, y = screen.match.state.pos["L8"]
            await pilot.press("i", "left", "left", "down", "enter")
            assert screen.match.state.pos["L8"] == (x - 2, y + 1)

    async def test_a_click_on_a_square_moves_the_figure_there(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await field_snap(app, pilot)
            x, y = screen.match.state.pos["L8"]
            await pilot.press("i")
            board = screen.query_one("#field")
            at = board._margin + board._x((x + 1, y + 1)) - board.scroll_offset.x
            await pilot.click("#field", offset=(at, y + 1 - board.scroll_offset.y))
            assert screen.match.state.pos["L8"] == (x + 1, y + 1)

    async def test_done_is_1_and_hands_the_round_to_the_other_side(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await field_snap(app, pilot)
            await pilot.press("i", "1")  # picked a figure, then changed their mind: done, everyone holds
            assert screen.match.state.mover == 1 and screen.match.state.pos["L8"] is not None

    async def test_the_captains_minute_times_the_moves_on_the_field(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await field_snap(app, pilot)
            await pilot.press("i")
            assert screen.match.state.step == "move_to" and screen.half_running()
            screen.tick(60)
            await pilot.pause()
            assert screen.match.events[-1].value == "timeout" and screen.match.state.mover == 1

    async def test_a_narrow_terminal_draws_the_field_a_character_a_square(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await field_snap(app, pilot)
            board = screen.query_one("#field")
            assert board.view.cell_width == 1 and board.view.gap == 1, "one character a square, and the gap"
            assert board.overflows, "the field scrolls: the prompt keeps its room"
            assert screen.query_one("#middle").size.width >= 46
            carrier = screen.match.state.pos["L7"]
            assert screen.match.view().board.cell(carrier).text == "h●"
            assert board.view.cell(carrier).text == "●", "the carrier shows the ball, one character or two"
            assert "the carrier, key h" in screen.query_one("#caption").plain


def test_snapshot_the_field_with_a_figures_destinations(snap_compare, tmp_path):
    """Law's Valkyrie picked on the field: its reachable squares carry their keys; the scoreboard under the field."""

    async def run_before(pilot) -> None:
        await field_snap(pilot.app, pilot)
        await pilot.press("ctrl+t", "i")
        await pilot.pause()

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_snapshot_the_field_on_a_100_by_30_terminal(snap_compare, tmp_path):
    """The compact field: one character a square, the prompt beside it."""

    async def run_before(pilot) -> None:
        await field_snap(pilot.app, pilot)
        await pilot.press("ctrl+t")
        await pilot.pause()

    assert snap_compare(make_app(tmp_path), terminal_size=(100, 30), run_before=run_before)
