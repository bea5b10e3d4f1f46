"""A board wider than its pane scrolls itself to the mover: at 100 x 30 the figure being placed or moved is in
view even when the squares it may take lie mostly elsewhere (a line-up's free squares fill a half field)."""

from refbox.engine import registry
from refbox.ui.app import RefboxApp


def squares_in_view(board, row: int) -> set:
    left = board.scroll_offset.x
    width = board.scrollable_content_region.width
    return {board.square_at(x, row) for x in range(left, left + width)} - {None}


async def test_a_line_up_at_100_by_30_shows_the_figure_being_placed(tmp_path):
    picture = next(p for p in registry.lookup("monster-ball").load_rules().pictures() if p.name.startswith("lineup"))
    journal = tmp_path / "matches" / "monster-ball-lineup.jsonl"
    journal.parent.mkdir(parents=True)
    picture.build(journal).close()
    app = RefboxApp(data_dir=tmp_path, resume_path=journal)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        board = app.screen.query_one("#field")
        focus = board.view.focus
        assert focus is not None and board.overflows
        assert focus in squares_in_view(board, focus[1])


async def test_a_long_run_at_100_by_30_shows_the_runner(tmp_path):
    picture = next(p for p in registry.lookup("battleball").load_rules().pictures() if p.name.startswith("run"))
    journal = tmp_path / "matches" / "battleball-run.jsonl"
    journal.parent.mkdir(parents=True)
    picture.build(journal).close()
    app = RefboxApp(data_dir=tmp_path, resume_path=journal)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        board = app.screen.query_one("#field")
        focus = board.view.focus
        assert focus is not None and board.overflows
        assert focus in squares_in_view(board, focus[1])


async def test_a_short_window_keeps_the_boards_legend_under_the_answers(tmp_path):
    """At 100 x 30 the caption under the board has no room: its words (whose keys are which, the carrier's key
    on a compact field, the marks' glyphs) stay under the answers, which make way for them."""
    picture = next(p for p in registry.lookup("monster-ball").load_rules().pictures() if p.name == "field")
    journal = tmp_path / "matches" / "monster-ball-field.jsonl"
    journal.parent.mkdir(parents=True)
    picture.build(journal).close()
    app = RefboxApp(data_dir=tmp_path, resume_path=journal)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert not app.screen.query_one("#caption").display
        shown = app.screen.query_one("#prompt").plain
        assert "the carrier, key" in shown and "in reach" in shown
