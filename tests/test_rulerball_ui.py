"""Rülerball's screens: the roster editor, a turn played from the keyboard, the sweep strip, help, snapshots."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.widgets import Input, Select, Static

from test_rulerball_support import choose, walk_to

from refbox.engine.clone import clone
from refbox.engine.registry import lookup
from refbox.games.rulerball.view import SweepCell
from refbox.ui.app import RefboxApp
from refbox.ui.games.rulerball import RulerballScreen, RulerballSetupScreen, SweepStrip
from refbox.ui.screens.help import HelpScreen
from refbox.ui.widgets.panels import RosterTable

SIZE = (130, 40)
FIELD_THE_BALL = ["enter", "1", "enter", "e", "1"]
"""Period 1 starts; the cannon's ball stops in sector 1 ("1" could still become 10-12: Enter); it reaches Home's
Catcher 1 (his key, e, in every prompt), who fields it (1)."""


def make_app(tmp_path: Path) -> RefboxApp:
    return RefboxApp(data_dir=tmp_path)


async def open_setup(app: RefboxApp, pilot) -> RulerballSetupScreen:
    app.new_match(lookup("rulerball"))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, RulerballSetupScreen)
    screen.query_one("#seed", Input).value = "4411"
    return screen


async def start(app: RefboxApp, pilot) -> RulerballScreen:
    await open_setup(app, pilot)
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert isinstance(app.screen, RulerballScreen)
    return app.screen


def error_text(screen) -> str:
    return str(screen.query_one("#error", Static).render())


class TestSetup:
    async def test_names_stats_and_start_sectors_from_the_roster_editor_reach_the_match(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_setup(app, pilot)
            screen.query_one("#name0", Input).value = "Sharks"
            screen.query_one("#f0-3-name", Input).value = "Mitts"
            screen.query_one("#f0-3-skill", Input).value = "4"
            screen.query_one("#f1-9-sector", Input).value = "9"
            await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            state = app.screen.match.state
            catcher = state.fig("0-catcher-1")
            assert state.teams[0] == "Sharks" and catcher.name == "Mitts" and catcher.stats == {"skill": 4}
            assert state.fig("1-skater-5").sector == 9

    async def test_with_stats_every_figure_still_shows_in_its_roster(self, tmp_path):
        """Stats make a roster line wider: two figures a line would wrap (and push figures out of the box), so
        the roster shows one a line where two do not fit."""
        app = make_app(tmp_path)
        async with app.run_test(size=(120, 36)) as pilot:
            screen = await open_setup(app, pilot)
            screen.query_one("#f0-0-name", Input).value = "Zebediah Longname"
            screen.query_one("#f0-0-skill", Input).value = "99"
            await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            game = app.screen
            panel = game.query_one("#roster0", RosterTable)
            lines = panel.plain.splitlines()
            names = [f.name for f in game.match.state.figures if f.team == 0]
            assert all(any(name in line for line in lines) for name in names), lines
            assert max(map(len, lines)) <= panel.content_size.width and len(lines) == 2 + len(names)
            await pilot.resize_terminal(200, 40)  # room for two a line again
            await pilot.pause()
            assert len(panel.plain.splitlines()) == 2 + (len(names) + 1) // 2

    async def test_a_start_sector_off_the_track_is_shown_and_refused(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_setup(app, pilot)
            screen.query_one("#f0-0-sector", Input).value = "13"
            await pilot.pause()
            assert "start sector 13 is past the track's 12 sectors" in error_text(screen)
            await pilot.press("ctrl+s")
            assert app.screen is screen

    async def test_two_teams_in_one_colour_are_refused(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_setup(app, pilot)
            screen.query_one("#colour1", Select).value = "red"
            await pilot.pause()
            assert "different colours" in error_text(screen)

    async def test_the_preview_says_no_rolls_are_set(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_setup(app, pilot)
            text = str(screen.query_one("#preview", Static).render())
            assert "Rolls from your numbers: none set" in text and "starting in sector(s) 7" in text


class TestHome:
    async def test_rulerball_is_playable_from_the_home_screen(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("2")  # the second built-in ruleset
            await pilot.pause()
            assert isinstance(app.screen, RulerballSetupScreen)

    async def test_a_saved_match_resumes_where_it_stopped(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press(*FIELD_THE_BALL)
            path, state = screen.match.path, screen.match.state
            await pilot.press("q")
            app.resume(str(path))
            await pilot.pause()
            assert isinstance(app.screen, RulerballScreen) and app.screen.match.state == state


class TestPlay:
    async def test_the_catcher_fields_the_ball_from_the_keyboard(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press(*FIELD_THE_BALL)
            ball = screen.match.state.ball
            assert (ball.carrier, ball.lap_start) == ("0-catcher-1", 1)
            assert screen.match.state.step == "initiative"

    async def test_a_d12_face_of_13_is_refused_on_screen(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press(*FIELD_THE_BALL)
            before = clone(screen.match.state)
            await pilot.press("1", "3")
            assert "not a face of a d12" in screen.error and screen.match.state == before

    async def test_a_sector_off_the_track_is_refused_in_words_and_cleared_so_digits_never_pile_up(self, tmp_path):
        """The cannon's sector is 1 to 12: "1 3" is refused as soon as no digit could bring it in range, the 13 is
        cleared (nothing else changes), an Enter after it keeps the message, and the next digit starts afresh."""
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press("enter")  # period 1 starts: which sector does the cannon's ball stop in?
            prompt, before = screen.match.prompt(), clone(screen.match.state)
            assert (prompt.min, prompt.max, prompt.unit) == (1, 12, "sector")
            await pilot.press("1", "3", "enter")
            message = "13 is out of range: enter a sector from 1 to 12."
            assert screen.error == message and screen.typed.number == "" and screen.match.state == before
            assert message in screen.query_one("#prompt").plain and "> sector _" in screen.query_one("#prompt").plain
            events = len(screen.match.events)
            await pilot.press("9")  # a fresh digit: sector 9, taken at once (never "139")
            assert [e.value for e in screen.match.events[events:]] == [9]

    async def test_the_sweep_strip_follows_the_marker_and_a_moved_figure_is_not_offered_again(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press(*FIELD_THE_BALL, "7", "1")  # sector 7 first: Away Biker 1 skates 1, to sector 6
            strip = screen.query_one(SweepStrip).plain
            assert "▶S7  0/9" in strip and "S6  1/1" in strip
            assert "1-biker-1" not in [o.id for o in screen.match.prompt().options]

    @pytest.mark.parametrize("sizes", [[(120, 36)], [(120, 36), (70, 24)], [(70, 24), (130, 40)]])
    async def test_the_sweep_strip_breaks_its_rows_between_sectors_never_inside_one(self, tmp_path, sizes):
        app = make_app(tmp_path)
        async with app.run_test(size=sizes[0]) as pilot:
            setup = await open_setup(app, pilot)
            for team in (0, 1):  # long names widen the side panel: the strip learns its width only after it drew
                setup.query_one(f"#name{team}", Input).value = f"The Extremely Long {team}"
            await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            screen = app.screen
            await pilot.press(*FIELD_THE_BALL)
            for size in sizes[1:]:  # the window resized in the middle of the sweep
                await pilot.resize_terminal(*size)
            await pilot.pause()
            strip = screen.query_one(SweepStrip)
            for crowded in (False, True):
                if crowded:  # ten figures in a sector, all moved: "10/10" is a character wider than "0/10"
                    strip.show([SweepCell(k, 10, 10, k == 3, k < 3) for k in range(1, 13)], False)
                    await pilot.pause()
                rows = [strip.render_line(y).text.rstrip() for y in range(strip.size.height)]
                assert len(rows) == len(strip.plain.splitlines()), rows  # no row wrapped
                assert all(re.fullmatch(r"( ?▶?S\d+ +(\d+/\d+|-) *)+", row) for row in rows[1:]), rows

    async def test_undoing_a_number_says_which_number_in_a_few_words(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press("enter", "1", "enter", "u")  # the ball stopped in sector 1; undone
            assert screen.result == "Undone: sector 1"

    async def test_undo_takes_back_the_last_input(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start(app, pilot)
            await pilot.press(*FIELD_THE_BALL, "7")
            assert screen.match.state.step == "move_walk"
            await pilot.press("u")
            assert screen.match.state.step == "initiative"

    async def test_the_move_options_fit_at_100x30(self, tmp_path):
        await self._options_fit(tmp_path, (100, 30))

    async def test_the_move_options_fit_at_130x40_with_the_rosters(self, tmp_path):
        await self._options_fit(tmp_path, (130, 40))

    async def _options_fit(self, tmp_path, size) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=size) as pilot:
            screen = await start(app, pilot)
            await pilot.press(*FIELD_THE_BALL, "7")
            await pilot.pause()
            prompt = screen.match.prompt()
            assert screen.match.state.step == "move_walk" and len(prompt.options) == 13
            panel, middle = screen.query_one("#prompt"), screen.query_one("#middle")
            last = panel.head_rows + max(panel.option_at_line)  # the question's rows, then the answers
            assert panel.region.y + last < min(panel.region.bottom, middle.content_region.bottom), \
                "an option is below the fold"
            if size[1] < 36:
                assert not screen.query_one("#rosters").display  # short: the rosters make way (Tab shows them)
                await pilot.press("tab")
            assert screen.query_one("#rosters").display

    async def test_help_shows_the_current_phase_and_its_rulings(self, tmp_path):
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await start(app, pilot)
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            text = str(app.screen._text)
            assert "1 Clock" in text and "clock stoppage" in text and "Motorcycle rules" in text
            assert "on the Penalty Box, Shaken or Rest track" in text, "the file's line breaks are not the screen's"


def test_help_texts_break_lines_between_sentences_not_inside_them():
    from refbox.ui.screens.help import reflowed

    text = "A figure on the Penalty Box,\nShaken or Rest track moves.\nKeys: type the sector\nwhere it stopped.\n\n- a bullet"
    assert reflowed(text) == ("A figure on the Penalty Box, Shaken or Rest track moves.\nKeys: type the sector where "
                              "it stopped.\n\n- a bullet")


# ---- snapshots (plain def: snap_compare runs its own event loop) ----


def test_snapshot_setup_screen_with_the_roster_editor(snap_compare, tmp_path):
    """Both rosters: names, four blank stats and a start sector per figure."""

    async def run_before(pilot) -> None:
        await open_setup(pilot.app, pilot)
        await pilot.pause()

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_snapshot_move_sweep_with_the_ball_fielded(snap_compare, tmp_path):
    """The move sweep in sector 7: the strip, the marks per sector, the ball held in sector 1."""

    async def run_before(pilot) -> None:
        await start(pilot.app, pilot)
        await pilot.press(*FIELD_THE_BALL, "7", "1")
        await pilot.pause()

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_snapshot_a_fight_entered_by_the_table(snap_compare, tmp_path):
    """The fight sweep in sector 1: no combat numbers set, so the table says who won."""

    async def run_before(pilot) -> None:
        screen = await start(pilot.app, pilot)
        await pilot.press(*FIELD_THE_BALL, "7")
        m = screen.match
        m.submit(choose("first"))
        m.submit(choose("1-biker-2"))  # goes first
        m.submit(choose("6"))  # and skates 6 sectors, into Home's sector
        walk_to(m, "combat_walk")
        m.submit(choose("1-biker-2"))
        m.submit(choose("0-skater-1"))
        screen.redraw()
        await pilot.pause()

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)
