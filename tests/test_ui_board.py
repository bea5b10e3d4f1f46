"""The board widget draws any BoardView: squares, staggered rows, option keys on their squares, clicks."""

from textual.app import App, ComposeResult

from refbox.engine.board import BoardView, Cell
from refbox.ui.widgets.board import Board


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
    return [board.render_line(y).text for y in range(board.view.rows)]


def view(stagger=False) -> BoardView:
    cells = {(0, 0): Cell("A1", "team0"), (2, 1): Cell("b2", "team1"), (3, 2): Cell("●", "ball")}
    return BoardView(cols=5, rows=3, cells=cells, cell_width=2, stagger=stagger, row_labels={0: "10", 2: "8"})


async def test_cells_labels_and_keys_are_drawn_in_place():
    app = BoardApp(view(), hints={(4, 0): "a", (1, 2): "Zb"})
    async with app.run_test(size=(40, 10)):
        assert lines(app)[0].startswith("10 A1·") and lines(app)[0].rstrip().endswith("a")
        assert lines(app)[1].startswith("   ") and "b2" in lines(app)[1]
        assert lines(app)[2].startswith(" 8 · Zb· ● ")


async def test_odd_rows_of_a_staggered_board_sit_half_a_square_right():
    app = BoardApp(view(stagger=True))
    async with app.run_test(size=(40, 10)):
        board = app.query_one(Board)
        assert lines(app)[1].index("b2") == lines(app)[0].index("A1") + 2 * 2 + 1
        assert board.square_at(3 + 1 + 4, 1) == (2, 1) and board.square_at(3, 1) is None


async def test_a_click_names_the_square_under_the_mouse():
    app = BoardApp(view())
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.click(Board, offset=(3 + 2 * 2, 1))
        assert app.clicked == [(2, 1)]


async def test_only_changed_rows_are_rebuilt():
    app = BoardApp(view())
    async with app.run_test(size=(40, 10)):
        board = app.query_one(Board)
        lines(app)
        assert set(board._strips) == {0, 1, 2}
        moved = view()
        moved.cells[(3, 2)] = Cell("", "")
        board.show(moved)
        assert set(board._strips) == {0, 1}, "row 2 changed and is rebuilt on its next paint"
