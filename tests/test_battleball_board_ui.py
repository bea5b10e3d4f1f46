"""Battleball on refbox's board, on screen: a turn in three keys, a destination by click or by arrows and
Enter, Tab for the rosters, resuming with the positions, and snapshots at the two sizes it must fit."""

from __future__ import annotations

from test_battleball_ui import make_app, start

from refbox.ui.app import RefboxApp
from refbox.ui.widgets.board import Board

SIZE = (130, 40)
KICKOFF = ["1", "1", "2", "0", "1", "enter"]
"""Both coaches take the default line-up (key 1: done); the Wolves win the d20 roll-off 20 to 1."""


def board_lines(app: RefboxApp) -> list[str]:
    board = app.screen.query_one(Board)
    return [board.render_line(y).text for y in range(board.view.rows)]


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
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(app, pilot, board="screen")
        await pilot.press(*KICKOFF)
        lines = board_lines(app)
        assert "r1" in lines[10] and "●" in lines[10] and "HT" in lines[11]
        assert lines[10][12:14] == "a "  # the Wolves pick a player: RB1 shows his key, like a link hint
        assert lines[0].rstrip().endswith("»»")  # the Wolves attack the far end zone, in their colour
        caption = screen.query_one("#caption").plain
        assert "Iron Wolves (Ann) to play »" in caption and "UPPER case" in caption


async def test_a_click_on_a_keyed_square_moves_there(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(app, pilot, board="screen")
        await pilot.press(*KICKOFF, "a", "4")
        option = screen.match.prompt().options[5]
        col, row = option.at
        await pilot.click(Board, offset=(col * 2 + row % 2, row))
        f = screen.match.state
        assert f.step == "select" and f.side == 1 and option.id in f.log[-2].text + f.log[-1].text


async def test_arrows_walk_the_board_and_enter_takes_the_square(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(app, pilot, board="screen")
        await pilot.press(*KICKOFF, "a", "4")
        first = screen.match.prompt().options[0]
        await pilot.press("left", "right")
        assert screen.ui.square == first.at
        await pilot.press("enter")
        assert screen.match.state.side == 1 and first.id in screen.match.state.log[-1].text


async def test_tab_shows_the_rosters_under_the_board(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(app, pilot, board="screen")
        assert not screen.query_one("#rosters").display
        await pilot.press("tab")
        assert screen.query_one("#rosters").display


async def test_a_board_match_resumes_with_its_positions(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(app, pilot, board="screen")
        await pilot.press(*KICKOFF, "a", "7", "1")
        state, path = screen.match.state, screen.match.journal.path
        await pilot.press("q")
        await pilot.pause()
        app.resume(str(path))
        await pilot.pause()
        assert app.screen.match.state == state and app.screen.match.state.at[0]["RB1"] == state.at[0]["RB1"]


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
        _, window = panel.fit(len(prompt.options), 0)
        assert 3 <= window < len(prompt.options)
        text = panel.plain
        assert f"↓ {len(prompt.options) - window} more below (PgDn)" in text
        assert prompt.options[window].label not in text
        assert len(panel.shown.plain.split("\n")) <= panel.size.height  # nothing drawn below the fold
        assert len(screen.query_one(Board).hints) == len(prompt.options)
        await pilot.press("pagedown", "pagedown", "pagedown")
        text = screen.query_one(PromptPanel).plain
        assert "more above" in text and prompt.options[30].label in text
