"""A board wider than its pane scrolls itself to the mover: at 100 x 30 the figure being placed or moved is in
view even when the squares it may take lie mostly elsewhere (a line-up's free squares fill a half field)."""

from contextlib import asynccontextmanager

from refbox.engine import registry
from refbox.ui.app import RefboxApp


@asynccontextmanager
async def picture_at_100_by_30(tmp_path, ruleset: str, name: str):
    """The app resumed at one of a ruleset's pictures (``Rules.pictures``), in a 100 x 30 terminal."""
    picture = next(p for p in registry.lookup(ruleset).load_rules().pictures() if p.name.startswith(name))
    journal = tmp_path / "matches" / f"{ruleset}-{picture.name}.jsonl"
    journal.parent.mkdir(parents=True)
    picture.build(journal).close()
    app = RefboxApp(data_dir=tmp_path, resume_path=journal)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        yield app


def focus_in_view(board) -> bool:
    focus = board.view.focus
    left, width = board.scroll_offset.x, board.scrollable_content_region.width
    return focus in {board.square_at(x, focus[1]) for x in range(left, left + width)}


async def test_a_line_up_at_100_by_30_shows_the_figure_being_placed(tmp_path):
    async with picture_at_100_by_30(tmp_path, "monster-ball", "lineup") as app:
        board = app.screen.query_one("#field")
        assert board.view.focus is not None and board.overflows
        assert focus_in_view(board)


async def test_a_long_run_at_100_by_30_shows_the_runner(tmp_path):
    async with picture_at_100_by_30(tmp_path, "battleball", "run") as app:
        board = app.screen.query_one("#field")
        assert board.view.focus is not None and board.overflows
        assert focus_in_view(board)


async def test_a_short_window_keeps_the_boards_legend_under_the_answers(tmp_path):
    """At 100 x 30 the caption under the board has no room: its words (whose keys are which, the carrier's key
    on a compact field, the marks' glyphs) stay under the answers, which make way for them."""
    async with picture_at_100_by_30(tmp_path, "monster-ball", "field") as app:
        assert not app.screen.query_one("#caption").display
        shown = app.screen.query_one("#prompt").plain
        assert "the carrier, key" in shown and "in reach" in shown
