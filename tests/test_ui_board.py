"""The board widget draws any BoardView: squares with a gap between them (tokens never touch), staggered rows,
rulers on the edges, lines between squares, a few option keys on their squares (never over or beside a token),
glyphs for what is in reach, clicks."""

from textual.app import App, ComposeResult

from refbox.engine.board import BoardView, Cell
from refbox.ui.widgets.board import MARK_GLYPHS, Board


class BoardApp(App):
    def __init__(self, view: BoardView, hints=None) -> None:
        super().__init__()
        self.view, self.hints, self.clicked = view, hints or {}, []

    def compose(self) -> ComposeResult:
        yield Board()

    def on_mount(self) -> None:
        board = self.query_one(Board)
        board.set_colours(("red", "blue"))
        board.show(self.view, self.hints)

    def on_board_clicked(self, message: Board.Clicked) -> None:
        self.clicked.append(message.square)


def lines(app) -> list[str]:
    board = app.query_one(Board)
    return [board.render_line(y).text for y in range(board.view.rows + 1)]


def view(stagger=False, cols=5) -> BoardView:
    cells = {(0, 0): Cell("A1", "team0"), (2, 1): Cell("b2", "team1"), (3, 2): Cell("●", "ball")}
    return BoardView(cols=cols, rows=3, cells=cells, cell_width=2, stagger=stagger, row_labels={0: "10", 2: "8"})


MARGIN = len("10 1 ")
"""A row's label (its zone), then its name on the ruler."""


async def test_cells_labels_row_names_and_keys_are_drawn_in_place():
    app = BoardApp(view(), hints={(4, 0): "5", (2, 0): "a", (1, 2): "Zb"})
    async with app.run_test(size=(40, 10)):
        rows = lines(app)
        assert rows[0].startswith("10 1 A1 ·  ·  ·  5 "), "a is not drawn: it reads like figure A1"
        assert rows[1].startswith("   2 ") and "b2" in rows[1]
        assert rows[2].startswith(" 8 3 ·"), "Zb stands beside the ball: not drawn"
        assert rows[3].startswith(" " * MARGIN + "A  B  C  D  E")


async def test_the_column_ruler_leaves_out_names_that_would_run_together():
    names = [str(c) for c in range(98, 106)]
    board_view = BoardView(cols=8, rows=2, cells={}, col_names=names, row_names=["0", "1"])
    app = BoardApp(board_view)
    async with app.run_test(size=(60, 10)):
        ruler = lines(app)[2][len("0 "):]
        assert ruler.split() == ["98", "99", "100", "102", "104"]
        assert ruler.index("104") == 6 * 3, "every name stands under its own square"


async def test_odd_rows_of_a_staggered_board_sit_half_a_square_right():
    app = BoardApp(view(stagger=True))
    async with app.run_test(size=(40, 10)):
        board = app.query_one(Board)
        assert lines(app)[1].index("b2") == lines(app)[0].index("A1") + 2 * 3 + 1
        assert board.square_at(MARGIN + 1 + 6, 1) == (2, 1) and board.square_at(MARGIN, 1) is None


async def test_a_click_names_the_square_under_the_mouse_and_not_on_the_rulers():
    app = BoardApp(view())
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.click(Board, offset=(MARGIN + 2 * 3, 1))
        await pilot.click(Board, offset=(1, 1))
        await pilot.click(Board, offset=(MARGIN + 2, 3))
        assert app.clicked == [(2, 1)]


async def test_the_row_ruler_stays_when_the_board_scrolls_sideways():
    app = BoardApp(view(cols=40))
    async with app.run_test(size=(30, 10)) as pilot:
        board = app.query_one(Board)
        board.keep_in_view((39, 0))
        await pilot.pause()
        assert board.scroll_offset.x > 0
        rows = lines(app)
        assert rows[0].startswith("10 1 ") and rows[1].startswith("   2 ")
        assert rows[3].rstrip().endswith("AN"), "the ruler scrolls with the squares"
        await pilot.click(Board, offset=(29, 0))
        assert app.clicked == [(39, 0)]


async def test_squares_in_reach_show_a_glyph_as_well_as_a_colour():
    marked = view()
    marked.marks.update({(1, 0): "reach", (2, 0): "stop", (0, 0): "target", (4, 2): "target"})
    app = BoardApp(marked)
    async with app.run_test(size=(40, 10)):
        row0, row2 = lines(app)[0], lines(app)[2]
        assert row0[MARGIN:MARGIN + 9] == "A1 " + MARK_GLYPHS["reach"] + "  " + MARK_GLYPHS["stop"] + "  "
        assert row2[MARGIN + 12] == MARK_GLYPHS["target"], "an empty target square shows the glyph"


async def test_only_changed_rows_are_rebuilt():
    app = BoardApp(view())
    async with app.run_test(size=(40, 10)):
        board = app.query_one(Board)
        lines(app)
        assert set(board._strips) == {-1, 0, 1, 2}, "-1: the column ruler"
        moved = view()
        moved.cells[(3, 2)] = Cell("", "")
        board.show(moved)
        assert set(board._strips) == {-1, 0, 1}, "row 2 changed and is rebuilt on its next paint"


def test_the_legend_names_every_mark_shown():
    from refbox.ui.widgets.board import marks_legend

    marked = view()
    marked.marks.update({(1, 0): "reach", (0, 0): "carrier"})
    assert marks_legend(marked) == f"{MARK_GLYPHS['reach']} in reach  underlined: the ball carrier A1", \
        "the carrier is named: underlining may not show"
    assert marks_legend(view()) == ""


def test_a_token_drawn_over_touching_one_character_squares_reads_as_one_word():
    """Ballmonsters' mat draws ball A1 facing right as "A", "1", "→" on three squares: it reads as "A1→", so a
    lone digit elsewhere is a key, not part of a ball's id; on a board of two-character squares each is a word."""
    from refbox.ui.widgets.board_hints import token_words

    mat = BoardView(cols=8, rows=1, cells={(1, 0): Cell("A", "team0"), (2, 0): Cell("1", "team0"),
                                            (3, 0): Cell("→", "team0"), (6, 0): Cell("B", "team1")},
                    cell_width=1, gap=0)
    assert sorted(token_words(mat)) == ["A1→", "B"]
    assert sorted(token_words(view())) == ["A1", "b2", "●"]


def test_a_targeted_figure_is_named_in_the_legend_not_only_coloured():
    from refbox.ui.widgets.board import marks_legend

    marked = view()
    marked.marks.update({(0, 0): "target", (1, 0): "target"})  # a figure (A1) and an empty square
    assert marks_legend(marked) == f"{MARK_GLYPHS['target']} target A1"
    marked.marks[(2, 1)] = "target"
    assert marks_legend(marked) == f"{MARK_GLYPHS['target']} targets A1 b2"


def test_the_last_move_is_not_drawn_as_a_carrier_is():
    """Battleball marks the last move's squares: its path shows a dot, its figure is in italics, never underlined
    (an underline is a ball carrier's), and the legend says so."""
    from refbox.ui.widgets.board import marks_legend
    from refbox.ui.widgets.board_draw import MARKS

    marked = view()
    marked.marks.update({(1, 0): "last", (0, 0): "last"})
    assert marks_legend(marked) == f"{MARK_GLYPHS['last']} the last move (its figure in italics)"
    assert MARKS["last"].italic and not MARKS["last"].underline and MARKS["carrier"].underline


def test_the_legend_names_every_ball_carrier_and_a_mover_who_carries_is_both():
    """Slargeball has up to three balls: every carrier is named, the mover among them (reversed and underlined)."""
    from refbox.ui.widgets.board import marks_legend

    marked = view()
    marked.marks.update({(0, 0): "carrier", (2, 1): "mover carrier"})
    legend = marks_legend(marked)
    assert legend == "reversed: the mover  underlined: the ball carriers A1 b2", legend


async def test_the_column_ruler_follows_new_column_names():
    app = BoardApp(view())
    async with app.run_test(size=(40, 10)) as pilot:
        board = app.query_one(Board)
        assert lines(app)[3].split() == ["A", "B", "C", "D", "E"]
        renamed = view()
        renamed.col_names = ["", "EZ", "", "9", ""]
        board.show(renamed)
        await pilot.pause()
        assert lines(app)[3].split() == ["EZ", "9"]


async def test_tokens_side_by_side_never_touch_and_lines_between_squares_hide_none():
    cells = {(0, 0): Cell("r1", "team1"), (1, 0): Cell("R1", "team0"), (2, 0): Cell("●", "ball")}
    between = {(2, 0): Cell("┃", "line"), (2, 1): Cell("┃", "line")}
    app = BoardApp(BoardView(cols=5, rows=2, cells=cells, between=between, row_names=["0", "1"]))
    async with app.run_test(size=(40, 10)):
        rows = lines(app)
        assert rows[0].startswith("0 r1 R1 ● ┃·  ·  "), "a gap between tokens; the line between two squares"
        assert rows[1].startswith("1 ·  ·  · ┃·  ·  "), "every square still shows"


def test_a_picture_board_may_draw_its_squares_without_gaps():
    from refbox.ui.widgets.board_draw import Painter

    view = BoardView(cols=3, rows=1, cells={(0, 0): Cell("a", "team0")}, cell_width=1, gap=0)
    row = Painter({}).row(view, 0, (view.cells.get((0, 0)), None, None), (None,) * 3, (None,) * 3, (None,) * 3, -1)
    assert "".join(seg.text for seg in row) == "a··"
