"""Battleball on refbox's board, on screen: a turn in three keys, a destination by click or by arrows and
Enter, two-key squares and clearing a typed first key, the cursor named like the options, Tab for the rosters,
resuming with the positions, small windows (the least size, the board scrolled to the squares asked about, a
window too small said so), and snapshots at the two sizes it must fit."""

from __future__ import annotations

import random
import re

import pytest
from test_battleball_ui import make_app, open_setup, start
from textual import events

from refbox.engine.clone import clone
from refbox.engine.play import random_event
from refbox.ui.app import RefboxApp
from refbox.ui.keys import assign_keys
from refbox.ui.widgets.board import Board
from refbox.ui.widgets.prompt_panel import PromptPanel
from refbox.ui.widgets.select import Select

SIZE = (130, 40)
KICKOFF = ["1", "1", "2", "0", "1", "enter"]
"""Both coaches take the default line-up (key 1: done); the Wolves win the d20 roll-off 20 to 1."""


def board_lines(app: RefboxApp) -> list[str]:
    board = app.screen.query_one(Board)
    return [board.render_line(y).text for y in range(board.view.rows + 1)]


async def test_a_quiet_turn_is_three_keys_figure_roll_square(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(app, pilot, board="screen")
        assert screen.has_class("-with-board") and screen.match.state.board
        await pilot.press(*KICKOFF)
        assert screen.match.state.step == "select"
        await pilot.press("a", "7")  # RB1, a physical 7
        first = screen.match.prompt().options[0]
        board = screen.query_one(Board)
        assert board.hints[first.at] == "1" and len(board.hints) == len(screen.match.prompt().options)
        await pilot.press("1")
        state = screen.match.state
        assert (state.at[0]["RB1"], state.side, state.step) == (state.last_move[1], 1, "select")
        assert state.last_move[1] != state.last_move[0]


async def test_the_board_draws_both_teams_codes_the_ball_and_whose_turn_it_is(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(180, 40)) as pilot:  # wide enough for the whole board
        screen = await start(app, pilot, board="screen")
        await pilot.press(*KICKOFF)
        lines = board_lines(app)
        assert "r1" in lines[10] and "●" in lines[10] and "HT" in lines[11]
        margin = screen.query_one(Board)._margin
        assert lines[10][:margin] == "10 " and lines[10][margin + 18:margin + 20] == "R1"
        assert screen.query_one(Board).drawn == {}, "a player's key is never drawn over him (the list has it)"
        assert lines[-1].split()[:3] == ["0", "1", "2"], "the column ruler: the field's columns, as squares are named"
        assert lines[-1][margin:margin + 9] == "   0  1  ", "each name under its square (view column 0: the end zone)"
        assert lines[0].rstrip().endswith("»»")  # the Wolves attack the far end zone, in their colour
        caption = screen.query_one("#caption").plain
        assert "Iron Wolves (Ann) to play »" in caption and "codes in capitals" in caption


async def test_a_click_on_a_keyed_square_moves_there(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(app, pilot, board="screen")
        await pilot.press(*KICKOFF, "a", "4")
        option = screen.match.prompt().options[5]
        col, row = option.at
        await pilot.click(Board, offset=(screen.query_one(Board)._margin + col * 3 + row % 2, row))
        f = screen.match.state
        assert f.step == "select" and f.side == 1 and option.id in f.log[-2].text + f.log[-1].text


async def test_arrows_walk_the_board_and_enter_takes_the_square(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(app, pilot, board="screen")
        await pilot.press(*KICKOFF, "a", "4")
        first = screen.match.prompt().options[0]
        await pilot.press("left", "right")
        assert screen.typed.square == first.at
        await pilot.press("enter")
        assert screen.match.state.side == 1 and first.id in screen.match.state.log[-1].text


async def test_tab_shows_the_rosters_under_the_board(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(app, pilot, board="screen")
        assert not screen.query_one("#rosters").display
        await pilot.press("tab")
        assert screen.query_one("#rosters").display


async def test_the_rosters_beside_the_board_are_built_only_when_tab_shows_them(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(app, pilot, board="screen")
        await pilot.press(*KICKOFF)
        assert screen.match.view().rosters._items is None, "hidden: not built on a key"
        await pilot.press("tab")
        await pilot.pause()
        shown = screen.query_one("#roster0").plain
        assert shown.splitlines()[0].endswith(screen.match.view().rosters[0].title.upper())
        assert screen.match.view().rosters[0].rows[0][0] in shown
        await pilot.press("tab")
        await pilot.pause()
        assert not screen.query_one("#rosters").display


async def test_a_board_match_resumes_with_its_positions(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(app, pilot, board="screen")
        await pilot.press(*KICKOFF, "a", "7", "1")
        state, path = screen.match.state, screen.match.path
        await pilot.press("q")
        await pilot.pause()
        app.resume(str(path))
        await pilot.pause()
        assert app.screen.match.state == state and app.screen.match.state.at[0]["RB1"] == state.at[0]["RB1"]


async def to_a_long_move(app, pilot, size=SIZE):
    """RB1 rolls 9: over 200 squares in reach, past the single keys, so most squares have two-key codes."""
    screen = await start(app, pilot, board="screen")
    await pilot.press(*KICKOFF, "a", "9")
    prompt = screen.match.prompt()
    keys = assign_keys([o.key for o in prompt.options])
    return screen, prompt, keys


async def test_esc_and_backspace_clear_the_first_key_of_a_two_key_square_and_the_prompt_shows_it_waiting(tmp_path):
    """README: Backspace / Esc clear what you have typed. "X Esc X" is X typed again (never the square XX), and
    while a first key waits the prompt's head says so (the list of squares fills the body)."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen, prompt, keys = await to_a_long_move(app, pilot)
        first = next(k[0] for k in keys if len(k) == 2 and k[0] + k[0] in keys)  # "X": XX is a square too
        before = clone(screen.match.state)
        panel = screen.query_one(PromptPanel)
        await pilot.press(first)
        assert screen.typed.code == first and f"{first}… : type the second key, Esc clears" in panel.shown_head.plain
        for clear in ("escape", "backspace"):
            await pilot.press(clear)
            assert screen.typed.code == "" and "type the second key" not in panel.plain
            await pilot.press(first)
            assert screen.match.state == before and screen.typed.code == first  # a new first key, not XX
        screen.post_message(events.Key("enter", "\r"))  # a terminal's Enter (a character: "\r"), unlike Pilot's
        await pilot.pause()  # Enter takes nothing while a first key waits: it says so
        assert screen.match.state == before and "first key of a two-key code" in screen.error
        code = next(k for k in keys if len(k) == 2 and k[0] == first and k[1] != first)
        await pilot.press(code[1])
        target = prompt.options[keys.index(code)]
        assert screen.match.state.log[-1].text.endswith(f"to {target.id}.")


async def test_esc_with_nothing_typed_still_makes_the_computer_enter_its_move_at_once(tmp_path):
    """A solo match at a 2 s pace: Esc enters the computer's shown move now (a typed first key goes first)."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot)
        for widget, value in (("#board", "screen"), ("#dice", "digital"), ("#player1", "random"), ("#pace", 2.0)):
            setup.query_one(widget, Select).value = value
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        await pilot.press("1")  # the person lines up; the computer's line-up waits 2 s on screen
        for _ in range(200):
            if screen.computer.pending is not None:
                break
            await pilot.pause(0.01)
        events, shown = len(screen.match.events), screen.computer.pending
        await pilot.press("escape")
        assert shown is not None and screen.match.events[events] == shown  # entered now, not 2 s later


async def test_the_cursor_caption_names_squares_as_the_options_and_the_log_do(tmp_path):
    """The board's column 0 is an end zone: the caption names a square by its id ("14.10"), never the drawing's
    column and row, so the cursor, the option on it and the log's line all say the same square."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen, prompt, keys = await to_a_long_move(app, pilot)
        first = prompt.options[0]
        caption = screen.query_one("#caption")
        await pilot.press("left", "right")
        assert screen.typed.square == first.at and caption.plain.endswith(f"cursor {first.id} [{keys[0]}]")
        await pilot.press("right")  # one square on, where no option stands: named the same way
        col, row = first.id.split(".")
        assert caption.plain.endswith(f"cursor {int(col) + 1}.{row}")
        before = clone(screen.match.state)
        await pilot.press("enter")  # no answer stands there: refused by that name, not the list's first answer
        assert screen.match.state == before
        assert screen.error.startswith(f"{int(col) + 1}.{row} is not one of the answers")
        await pilot.press(*["left"] * 30)
        assert caption.plain.endswith("cursor end zone")
        await pilot.press(*["right"] * (int(col) + 1), "enter")
        assert screen.match.state.log[-1].text.endswith(f"to {first.id}.")


# ---- small windows ----


LEAST = (76, 25)
"""The least window for the board screen (README's Battleball line): the board's 21 rows and its ruler with the
title, the scrollbar and the key bar; 40 columns of board (20 squares) beside the prompt's 36."""


async def test_a_window_too_small_for_the_board_says_so_and_takes_no_game_keys(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(60, 20)) as pilot:
        screen = await start(app, pilot, board="screen")
        width, height = LEAST
        message = screen.query_one("#too-small").plain
        assert f"needs a window of at least {width}×{height}; this window is 60×20" in message
        assert not screen.query_one("#top").display and not screen.query_one("#logbox").display
        events = len(screen.match.events)
        await pilot.press("1", "1", "enter", "u")  # nothing happens that nobody can see
        assert len(screen.match.events) == events and screen.match.redo_stack == []
        await pilot.resize_terminal(width, height)
        await pilot.pause()
        assert screen.query_one("#top").display and not screen.query_one("#too-small").display
        assert screen.minimum_size() == LEAST


async def test_from_the_least_size_up_the_prompt_fits_beside_the_board_and_every_row_shows(tmp_path):
    for size in (LEAST, (80, 25), (100, 30)):
        app = make_app(tmp_path / f"{size}")
        async with app.run_test(size=size) as pilot:
            screen = await start(app, pilot, board="screen")
            await pilot.press(*KICKOFF, "a", "9")
            await pilot.pause()
            middle, board = screen.query_one("#middle"), screen.query_one(Board)
            assert middle.region.right <= size[0] and middle.region.width >= 36, size
            assert board.scrollable_content_region.height == board.view.rows + 1, size  # no row scrolled away
            assert not screen.query_one("#too-small").display


async def test_a_narrow_board_scrolls_to_the_squares_asked_about(tmp_path):
    """At 100x30 the board shows a part of the field: when the other side picks a player, its players (their
    keys drawn on them) are scrolled into view, wherever the last move left the board."""
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start(app, pilot, board="screen")
        await pilot.press(*KICKOFF, "a", "9", "1")  # the Wolves' RB1 runs; now the Harts pick a player
        await pilot.pause()
        board = screen.query_one(Board)
        assert board.hints and board.virtual_size.width > board.size.width  # the board is wider than its pane
        shown, room = board_lines(app), board.scrollable_content_region.width - board._margin
        xs = sorted(board._x(sq) for sq in board.hints)
        most = max(sum(1 for x in xs if a <= x and x + 2 <= a + room) for a in xs)
        seen = 0
        for (col, row), key in board.hints.items():  # as many answers in view (past the row ruler) as fit
            x = board._margin + board._x((col, row)) - board.scroll_offset.x
            if board._margin <= x and x + 2 <= board.scrollable_content_region.width:
                seen += 1
                if (col, row) in board.drawn:
                    assert shown[row][x:x + 2].strip() == key
        assert seen == most and most >= 6, (seen, most)
        assert board_cut_on_a_square_edge(board)


def board_cut_on_a_square_edge(board) -> bool:
    """Whether the board's left edge falls between two squares (cut through one, the staggered rows would
    look shifted the other way round at the edge), unless scrolled to the right end (the last square whole)."""
    x = board.scroll_offset.x
    return x % (board.view.cell_width + board.view.gap) == 0 or x == board.max_scroll_x


@pytest.mark.parametrize("width", [99, 100])
async def test_a_narrow_board_keeps_its_left_edge_between_squares_as_play_moves_it(tmp_path, width):
    app = make_app(tmp_path)
    async with app.run_test(size=(width, 30)) as pilot:
        screen = await start(app, pilot, board="screen")
        await pilot.press(*KICKOFF)
        rng, board, offsets = random.Random(3), screen.query_one(Board), set()
        for _ in range(60):
            legal = screen.match.legal()
            if legal.kind == "over":
                break
            screen.submit(random_event(legal, rng))
            await pilot.pause()
            offsets.add(board.scroll_offset.x)
            assert board_cut_on_a_square_edge(board), board.scroll_offset.x
        assert len(offsets) > 2, "play moved the board sideways"


async def test_a_board_wider_than_the_window_says_so_and_shift_arrows_show_the_rest(tmp_path):
    from refbox.ui.screens.game import BOARD_SCROLLS

    for size, overflows in ((SIZE, True), ((100, 30), True), ((180, 40), False)):
        app = make_app(tmp_path / f"{size}")
        async with app.run_test(size=size) as pilot:
            screen = await start(app, pilot, board="screen")
            await pilot.press(*KICKOFF)
            await pilot.pause()
            board = screen.query_one(Board)
            assert board.overflows is overflows
            assert (BOARD_SCROLLS in screen.query_one(PromptPanel).plain) is overflows
            if overflows:
                x = board.scroll_offset.x
                await pilot.press("shift+right")
                assert board.scroll_offset.x > x and board_cut_on_a_square_edge(board)
                await pilot.press("shift+left")
                assert board.scroll_offset.x < x + 2 or board.scroll_offset.x == 0


# ---- snapshots ----


def test_snapshot_board_with_a_move_to_choose(snap_compare, tmp_path):
    """Mid-move on the board: reachable squares keyed, amber where he would stop beside an opponent."""

    async def run_before(pilot) -> None:
        await start(pilot.app, pilot, board="screen")
        await pilot.press(*KICKOFF, "a", "9", "1", "b", "6")  # Wolves RB1 runs 9; the Harts' RB2 rolls 6
        await pilot.pause()

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_snapshot_board_at_100_by_30(snap_compare, tmp_path):
    """A small terminal: the board scrolls sideways around the action, the prompt keeps its column."""

    async def run_before(pilot) -> None:
        await start(pilot.app, pilot, board="screen")
        await pilot.press(*KICKOFF, "a", "9")
        await pilot.pause()

    assert snap_compare(make_app(tmp_path), terminal_size=(100, 30), run_before=run_before)


async def test_a_long_list_of_squares_is_listed_around_the_cursor_and_keyed_on_the_board(tmp_path):
    """Hundreds of squares are not all drawn in the list (each key press would redraw them): a window
    around the cursor that fits the panel, the count of the others, and every key still drawn on the board."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(app, pilot, board="screen")
        await pilot.press(*KICKOFF, "a", "9")
        prompt = screen.match.prompt()
        from refbox.ui.widgets.prompt_panel import PromptPanel

        panel = screen.query_one(PromptPanel)
        text = panel.plain
        below = re.search(r"↓ (\d+) more below \(PgDn\)", text)
        window = len(prompt.options) - int(below.group(1))  # the answers listed: the others are counted
        assert 3 <= window < len(prompt.options)
        assert "or on the board: / and a square's name" in " ".join(text.split())  # the way to the rest, whole
        assert prompt.options[window].label not in text
        assert len(panel.shown.plain.split("\n")) <= panel.size.height  # nothing drawn below the fold
        assert len(screen.query_one(Board).hints) == len(prompt.options)
        await pilot.press("pagedown", "pagedown", "pagedown")
        text = screen.query_one(PromptPanel).plain
        assert "more above" in text and prompt.options[30].label in text
