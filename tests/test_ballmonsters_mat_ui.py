"""Ballmonsters! on refbox's mat, from the keyboard: the setup's mat choice, placement by the keys drawn on the
spots, and a shot declared by keys with the mat drawn beside the prompt."""

from __future__ import annotations

from test_ballmonsters_ui import SIZE, make_app, open_setup
from textual.widgets import Select

from refbox.ui.games.ballmonsters import BallmonstersScreen
from refbox.ui.widgets.board import Board


async def start_on_mat(app, pilot):
    """A new match on the mat from the setup form: its game screen."""
    screen = await open_setup(app, pilot)
    screen.query_one("#board", Select).value = "mat"
    await pilot.pause()
    await pilot.press("ctrl+s")
    await pilot.pause()
    return app.screen


async def test_a_mat_match_is_placed_and_shot_from_the_keyboard(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        game = await start_on_mat(app, pilot)
        assert isinstance(game, BallmonstersScreen)
        state = game.match.state
        assert state.mat and game.query_one(Board).view is not None
        assert not game.query_one(Board).overflows, "at 130 x 40 the whole mat shows, its rulers too"
        assert len(game.query_one(Board).drawn) == 16  # every free spot's key is drawn on the mat (not 8 of 16)
        for spot in "16273849":  # eight miniballs, alternately, each facing its first way
            await pilot.press(spot, "1")
            await pilot.pause()
            if spot == "1":  # a ball is drawn "A1→" over three squares: a lone digit is still a spot's key
                drawn = set(game.query_one(Board).drawn.values())
                assert drawn == {*"23456789", *"bcefgh"}, "all free spots but a (it reads like Gobblers' A)"
        await pilot.press("j", "1", "4")  # Chompers picks monsterball spot 2 (key j); both monsterballs face
        await pilot.pause()
        assert state.step == "target" and len(state.at) == 10
        assert set(game.query_one(Board).hints.values()) <= set(game.match.rules.legal(state).ids) | {
            o.key for o in game.match.prompt().options}
        target = game.match.rules.legal(state).ids[0]
        await pilot.press(next(o.key for o in game.match.prompt().options if o.id == target))
        await pilot.pause()
        assert state.step == "aim" and state.target == target
        await pilot.press("1", "6")  # the first edge, then momentum 6 (taken without Enter)
        await pilot.pause()
        assert state.step not in ("aim", "momentum", "target") or state.turn == 2
        assert any("travels" in line.text or "falls short" in line.text for line in state.log)


async def test_at_100_columns_the_prompt_fits_beside_the_mat_which_scrolls(tmp_path):
    from refbox.ui.widgets.prompt_panel import PromptPanel

    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        game = await start_on_mat(app, pilot)
        panel = game.query_one(PromptPanel)
        assert panel.region.right <= 100 and panel.region.width >= 36, panel.region  # it ran off the edge
        assert game.query_one(Board).overflows  # the mat scrolls sideways in what is left
