"""Slargeball! on refbox's field, in the app: the field is drawn with the board widget, and a move is a
figure's key and then the key drawn on its square."""

from refbox.engine.match import Match
from refbox.engine.prompts import Event
from refbox.games.slargeball.demo import TEAMS
from refbox.ui.app import RefboxApp
from refbox.ui.widgets.board import Board

SIZE = (130, 40)


def field_match(path, kicked_off: bool = True) -> Match:
    match = Match.new("slargeball", {"teams": TEAMS, "squads": 1, "board": "screen"}, seed=3, path=path)
    if kicked_off:
        match.submit(Event("choose", "ready"))  # both teams take refbox's line-up
        match.submit(Event("choose", "ready"))
        match.submit(Event("roll", [6, 1], "digital"))  # Red have initiative: Red's Defensive Grelker moves first
    match.close()
    return match


def field_app(tmp_path, kicked_off: bool = True) -> RefboxApp:
    """The app resuming ``field_match`` saved under ``tmp_path`` (at the kick-off's line-up: not kicked off)."""
    path = tmp_path / "matches" / "slargeball-field.jsonl"
    path.parent.mkdir(parents=True)
    field_match(path, kicked_off)
    return RefboxApp(data_dir=tmp_path, resume_path=path)


async def test_a_move_on_the_field_is_a_figure_key_then_a_square_key(tmp_path):
    app = field_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = app.screen.query_one(Board)
        assert board.view is not None and board.view.cols == 76 and board.view.rows == 36
        match = app.screen.match
        assert match.state.step == "field_move" and match.state.ask.team == 0
        grelker = match.state.fig("A.DG1")
        start = grelker.cell
        await pilot.press(grelker.key)  # its own key: "a"
        await pilot.pause()
        assert match.state.step == "field_dest"
        hints = board.hints
        assert len(hints) > 20  # every reachable square carries its key
        await pilot.press("4")  # the fourth square offered: one inch away
        await pilot.pause()
        moved = match.state.fig("A.DG1").cell
        assert moved != start and abs(moved[0] - start[0]) + abs(moved[1] - start[1]) == 1
        assert len(match.events) == 5


async def test_130_by_40_shows_the_whole_field_one_column_a_square_beside_the_prompt(tmp_path):
    app = field_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = app.screen.query_one(Board)
        assert board.view.cell_width == 1 and board.view.cols == 76  # two columns a square would not fit
        assert not board.overflows and board.size.height >= board.view.rows + 1  # every column, every row, the ruler
        assert board.region.right <= app.screen.query_one("#middle").region.x  # beside the prompt, not under it
        match = app.screen.match
        keys = {f.key for f in match.state.figures if f.cell is not None and f.on_field and f.key}
        drawn = {board.view.cells[sq].text for sq in board.view.cells if board.view.cells[sq].is_token}
        assert keys <= drawn  # every figure by its own key, one character
        caption = app.screen.query_one("#caption")
        assert caption.size.height == 1 and "underlined: carries" in board.view.caption  # the signs, in a line
        shown = board.view.caption[:board.view.cols]  # what the field's width shows of it
        assert "● ball" in shown and "◌" not in shown  # the sign a lying ball has comes first


async def test_100_by_30_scrolls_the_one_column_field_to_the_mover_and_its_squares(tmp_path):
    app = field_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        board = app.screen.query_one(Board)
        match = app.screen.match
        await pilot.press(match.state.fig("A.DG1").key)
        await pilot.pause()
        assert board.view.cell_width == 1 and board.overflows  # the field is wider than the room: it scrolls
        x, y = board.scroll_offset
        mover = board.view.focus
        visible_cols = board.scrollable_content_region.width - board._margin
        assert x <= mover[0] < x + visible_cols and y <= mover[1] < y + board.size.height - 1
        assert board.drawn and all(len(k) == 1 for k in board.drawn.values())  # a few keys on their squares


async def test_a_window_wide_enough_draws_two_columns_a_square_with_signs(tmp_path):
    app = field_app(tmp_path)
    async with app.run_test(size=(280, 50)) as pilot:  # 76 squares of two columns and a gap, and the prompt
        await pilot.pause()
        board = app.screen.query_one(Board)
        assert board.view.cell_width == 2 and not board.overflows


def test_the_square_question_speaks_of_a_pile_only_when_one_is_in_reach():
    from refbox.engine.prompts import Event as E

    match = Match.new("slargeball", {"teams": TEAMS, "squads": 1, "board": "screen"}, seed=3)
    match.submit(E("choose", "ready"))
    match.submit(E("choose", "ready"))
    match.submit(E("roll", [6, 1], "digital"))
    match.submit(E("choose", "A.DG1"))
    assert "pile" not in match.prompt().text  # nobody lies on the field yet
    grelker = match.state.fig("A.DG1")
    fallen = match.state.fig("A.T1")
    fallen.cell, fallen.status = (grelker.cell[0] + 1, grelker.cell[1]), "out"
    assert "Across a pile it rolls (needs 2 or less" in match.rules.prompt(match.state).text


async def test_a_line_up_change_is_a_figure_key_then_a_square_by_name_or_by_the_arrows_and_1_when_ready(tmp_path):
    app = field_app(tmp_path, kicked_off=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen, board = app.screen, app.screen.query_one(Board)
        match = screen.match
        assert match.state.step == "lineup" and match.state.ask.team == 0
        await pilot.press(match.state.fig("A.G").key)  # the goalie lines up in the goal zone it attacks
        await pilot.pause()
        assert match.state.step == "lineup_to"
        assert len([mark for mark in board.view.marks.values() if mark == "free"]) == 12 * 3 - 1
        await pilot.press("0")  # it stays
        await pilot.pause()
        assert match.state.step == "lineup" and len(match.events) == 2
        await pilot.press("b")  # Red's T1, by its own key
        await pilot.pause()
        assert match.state.step == "lineup_to"
        free = [sq for sq, mark in board.view.marks.items() if mark == "free"]
        assert len(free) == 16 * 32 - 6  # every free square behind Red's line is marked
        await pilot.press("/", "3", ".", "3", "enter")  # named as the rulers name it
        await pilot.pause()
        assert match.state.fig("A.T1").cell == (3, 3) and match.state.step == "lineup"
        await pilot.press("1")  # ready
        await pilot.pause()
        assert match.state.ask.team == 1 and match.prompt().text.startswith("Your line-up")
        grelker = match.state.fig("B.DG1")
        start = grelker.cell
        await pilot.press(grelker.key, "left", "enter")  # a square in front of Blue's line: refused
        await pilot.pause()
        assert grelker.cell == start and screen.error.startswith(f"{start[0] - 1}.{start[1]} is not behind your "
                                                                 "slargeline")
        await pilot.press("right", "right", "enter")  # one square behind where it stood
        await pilot.pause()
        assert grelker.cell == (start[0] + 1, start[1]) and match.state.step == "lineup"
        await pilot.press("1")
        await pilot.pause()
        assert match.state.step == "initiative_roll" and len(match.events) == 8  # every input one event


async def test_the_prompt_spells_out_how_to_name_a_square_in_lines_that_fit_the_panel(tmp_path):
    """The reminder under the answers (how to answer on the field: / and a square's name) is wrapped to the
    panel, never cut at its edge: beside the whole field at 130 x 40 the panel is 45 columns wide."""
    from rich.cells import cell_len

    from refbox.ui.widgets.prompt_panel import PromptPanel

    app = field_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        panel = app.screen.query_one(PromptPanel)
        match = app.screen.match
        for keys in ((), (match.state.fig("A.DG1").key,)):  # which figure (a short list), then which square (long)
            await pilot.press(*keys)
            await pilot.pause()
            lines = panel.shown.plain.split("\n")
            assert all(cell_len(line) <= panel.content_size.width for line in lines), lines
            assert "/ and a square's name" in " ".join(line.strip() for line in lines)
        assert match.state.step == "field_dest" and "more below (PgDn)" in panel.shown.plain


def test_aiming_a_fling_the_field_marks_the_squares_in_range_and_the_flinger_keeps_its_ball_mark():
    """The squares a fling may aim at are marked on the field as the list offers them (the range was nowhere to
    be seen), and the flinger, the mover, still shows that it carries (the mover's mark had hidden it)."""
    from refbox.games.slargeball.field import view_square, geometry
    from refbox.games.slargeball.view import field_view
    from test_slargeball_field_play import _at_fling, _table

    t = _table()
    s = t.state
    carrier = _at_fling(t)
    F = geometry(t.rules.data)
    assert field_view(s, t.rules.data).marks[view_square(F, carrier.cell)] == "mover carrier"
    t.send(Event("choose", "spot"))
    view = field_view(s, t.rules.data)
    offered = {o.at for o in t.prompt().options if o.at is not None}
    assert {sq for sq, mark in view.marks.items() if mark == "reach"} == offered
    assert view.marks[view_square(F, carrier.cell)] == "mover carrier"


async def test_a_square_out_of_reach_is_refused_with_the_reason(tmp_path):
    """A square typed with / that is no answer says why: how far it is against the figure's Move, or who
    stands there (it said only that it was not one of the answers)."""
    app = field_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen, match = app.screen, app.screen.match
        grelker = match.state.fig("A.DG1")  # Move 4
        (c, r), mate = grelker.cell, next(f for f in match.state.figures if f.team == 0 and f.id != "A.DG1"
                                          and f.on_field and f.cell[0] > 0)
        await pilot.press(grelker.key, "/", *f"{c + 5}.{r}", "enter")
        await pilot.pause()
        assert screen.error == f"{c + 5}.{r} is not one of the answers: 5.0 in away, Move 4.", screen.error
        await pilot.press("/", *f"{mate.cell[0]}.{mate.cell[1]}", "enter")
        await pilot.pause()
        assert screen.error.endswith(f"answers: Red Ravagers {mate.tag} stands there."), screen.error
        assert match.state.fig("A.DG1").cell == (c, r) and match.state.step == "field_dest"  # nothing changed


def test_on_the_field_the_rosters_give_each_figures_key():
    """The field shows figures by their keys alone: the rosters (Tab) say which key is which figure."""
    match = field_match(None)
    rosters = match.view().rosters
    assert rosters[0].columns[0] == "Key"
    grelker = match.state.fig("A.DG1")
    assert [grelker.key, grelker.tag] in [row[:2] for row in rosters[0].rows]
    blue = next(f for f in match.state.figures if f.team == 1)
    assert [blue.key, blue.tag] in [row[:2] for row in rosters[1].rows]


def test_a_fling_at_a_square_names_it_and_marks_it_on_the_field():
    """The fling roll says where the ball is aimed and the field marks it (it read "at the chosen spot")."""
    from refbox.games.slargeball.field import geometry, view_square
    from refbox.games.slargeball.view import field_view
    from test_slargeball_field_play import _at_fling, _table

    t = _table()
    s = t.state
    carrier = _at_fling(t)
    t.send(Event("choose", "spot"))
    t.send(Event("choose", "44.15"))
    assert s.step == "fling_roll" and "flings ball 1 at square 44.15" in t.prompt().text
    assert field_view(s, t.rules.data).marks[view_square(geometry(t.rules.data), (44, 15))] == "target"
