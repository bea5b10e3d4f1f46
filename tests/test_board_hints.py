"""Which keys are drawn on a board (refbox.ui.widgets.board_hints), and how squares are named and found by
name (refbox.engine.board): a few keys, never over, beside or reading like a token."""

from refbox.engine.board import MAX_HINTS, BoardView, Cell, column_letters, name_key
from refbox.ui.widgets.board_hints import drawn_hints, neighbours


def board(stagger=False, cells=None, **kw) -> BoardView:
    return BoardView(cols=20, rows=10, cells=cells or {}, stagger=stagger, **kw)


def test_at_most_a_few_squares_get_a_key_and_never_two_side_by_side():
    hints = {(c, r): str(i % 10) for i, (c, r) in enumerate((c, r) for r in range(10) for c in range(20))}
    drawn = drawn_hints(board(), hints)
    assert len(drawn) == MAX_HINTS
    for sq in drawn:
        assert not any(n in drawn for n in neighbours(board(), sq))


def test_no_key_over_beside_or_reading_like_a_token():
    cells = {(5, 5): Cell("R1", "team0"), (9, 2): Cell("b", "team1"), (12, 7): Cell("●", "ball"),
             (0, 0): Cell("»»", "team0", token=False)}
    hints = {(5, 5): "1", (6, 5): "2", (12, 7): "3", (15, 0): "r1", (15, 4): "b", (15, 8): "B", (0, 0): "4",
             (17, 8): "5"}
    drawn = drawn_hints(board(cells=cells), hints)
    assert drawn == {(0, 0): "4", (17, 8): "5"}, "an end zone is no token: its square may carry a key"


def test_no_key_looks_like_a_figure_of_the_board():
    cells = {(5, 5): Cell("R1", "team0"), (9, 2): Cell("t", "team1")}
    hints = {(15, 0): "Z1", (15, 4): "z", (15, 8): "7", (1, 8): "ab", (18, 0): "Q"}
    assert drawn_hints(board(cells=cells), hints) == {(15, 8): "7", (1, 8): "ab", (18, 0): "Q"}
    single = {(5, 5): Cell("a", "team0"), (9, 2): Cell("D", "team1")}  # a field one character a square
    assert drawn_hints(board(cells=single, cell_width=1), {(15, 0): "y", (15, 4): "E", (15, 8): "3"}) == {
        (15, 8): "3"}, "letters read as figures where figures are letters"


def test_no_key_over_a_label_such_as_a_zone_number():
    cells = {(3, 0): Cell("10", "team0", token=False), (6, 0): Cell("»»", "team0", token=False)}
    drawn = drawn_hints(board(cells=cells), {(3, 0): "1", (6, 0): "2", (9, 0): "3"})
    assert drawn == {(6, 0): "2", (9, 0): "3"}


def test_staggered_neighbours_are_the_six_drawn_around():
    assert sorted(neighbours(board(stagger=True), (4, 1))) == [(3, 1), (4, 0), (4, 2), (5, 0), (5, 1), (5, 2)]
    assert sorted(neighbours(board(stagger=True), (4, 2))) == [(3, 1), (3, 2), (3, 3), (4, 1), (4, 3), (5, 2)]


def test_the_squares_worth_a_key_come_first():
    hints = {(c, 0): k for c, k in zip(range(0, 20, 2), "1234567890")}
    drawn = drawn_hints(board(worth_keys=[(18, 0)]), hints, limit=2)
    assert list(drawn) == [(18, 0), (0, 0)]


def test_squares_are_named_by_the_rulers_and_found_by_their_names():
    plain = board()
    assert [column_letters(n) for n in (0, 25, 26, 40)] == ["A", "Z", "AA", "AO"]
    assert plain.name((2, 6)) == "C7" and plain.square_named("c7") == (2, 6) and plain.square_named("c 7") == (2, 6)
    named = board(square_names={(4, 3): "31.12"}, col_names=[str(c) for c in range(20)])
    assert named.name((4, 3)) == "31.12" and named.square_named("31.12") == (4, 3)
    assert named.name((5, 3)) == "54", "a game's own column names, then the row number"
    assert name_key("zone 4 column 2, row 7") == ("4", "2", "7")
    assert named.square_named("nowhere") is None and named.square_named("") is None


def test_monster_ball_squares_are_named_as_its_prompts_name_them_and_found_typed_short():
    from monster_ball_field import law_snap

    m = law_snap()
    board = m.view().board
    p = m.data.pitch
    square = (p.zone_columns(0, 4)[1], 7)
    assert board.name(square) == p.square_name(0, square) == "zone 4 column 2, row 7"
    assert board.square_named("4 2 7") == square and board.square_named("zone 4 column 2 row 7") == square
    assert board.col_name(p.zone_columns(0, 4)[1]) == "4", "the ruler gives the zone under its middle column"


def test_battleball_squares_are_named_by_their_ids_and_the_rulers_give_the_numbers():
    from refbox.games.battleball.demo import board_demo

    board = board_demo().view().board
    assert board.name((32, 6)) == "31.6" and board.square_named("31.6") == (32, 6)
    assert board.col_name(32) == "31" and board.row_name(6) == "6", "view column 32 is field column 31"
