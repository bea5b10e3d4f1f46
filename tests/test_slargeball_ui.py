"""The app as a person uses it: keys in, screen out. Pilot flows, then SVG snapshots of each screen."""

import pytest

from refbox.games.slargeball.demo import demo_match
from refbox.ui.app import RefboxApp
from refbox.ui.widgets.prompt_panel import PromptPanel
from refbox.ui.screens.game import GameScreen
from refbox.ui.screens.help import HelpScreen

SIZE = (130, 40)


def panel_text(app) -> str:
    return app.screen.query_one("#prompt").plain


async def start_match(pilot, squads: int = 1, board: str = "table"):
    """A new match from the setup screen: at the table unless ``board`` says the field (a new match's default)."""
    app = pilot.app
    await pilot.press("1")
    await pilot.pause()
    assert app.screen.query_one("#board").value == "screen"  # a new match starts on the field
    app.screen.query_one("#board").value = board
    app.screen.query_one("#squads").value = squads
    app.screen.query_one("#seed").value = "7"
    await pilot.pause()
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert isinstance(app.screen, GameScreen)
    return app.screen.match


class TestPlayingWithPhysicalDice:
    async def test_a_short_match_through_the_keyboard(self, tmp_path):
        app = RefboxApp(data_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            match = await start_match(pilot)
            await pilot.press("6", "2")  # initiative roll-off: Red 6, Blue 2
            assert match.state.initiative == 0 and match.state.phase == "move"
            await pilot.press("3")  # Red's Defensive Grelker tries to break base contact ([1] is always Done, [3] contact)
            assert match.state.step == "move_roll"
            await pilot.press("5")  # needs 1-2: held
            assert "held in contact" in panel_text(app)
            assert "contact" not in [o.id for o in match.prompt().options], "one try per turn"
            await pilot.press("u")
            assert match.state.step == "move_roll" and not match.state.tried_contact
            await pilot.press("U")
            assert match.state.tried_contact == ["A.DG1"]
        saved = list((tmp_path / "matches").glob("*.jsonl"))
        assert len(saved) == 1 and len(saved[0].read_text().splitlines()) == 6  # header, 3 inputs, undo, redo

    async def test_a_question_for_no_one_team_is_the_referees_at_a_table_and_both_teams_on_the_field(self, tmp_path):
        for board, who in (("table", "NOW: Referee ▸"), ("screen", "NOW: Both teams ▸")):
            app = RefboxApp(data_dir=tmp_path / board)
            async with app.run_test(size=SIZE) as pilot:
                match = await start_match(pilot, board=board)
                if board == "screen":
                    await pilot.press("1", "1")  # both line-ups as refbox set them
                assert match.state.step == "initiative_roll" and match.legal().actor is None
                assert who in panel_text(app), panel_text(app)

    async def test_r_just_after_the_dice_were_rolled_says_they_are(self, tmp_path):
        app = RefboxApp(data_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            match = await start_match(pilot)
            await pilot.press("6", "2")  # initiative roll-off: the next question is Red's move
            await pilot.press("r")
            assert "no roll pending (the last dice are already rolled: see the log)" in panel_text(app)
            assert len(match.events) == 1

    async def test_an_impossible_face_or_a_letter_is_refused_with_a_message(self, tmp_path):
        app = RefboxApp(data_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            match = await start_match(pilot)
            for key, message in (("7", "not a face of a d6"), ("0", "not a face of a d6"), ("x", "does nothing here")):
                await pilot.press(key)
                assert message in panel_text(app)
                assert match.events == [] and match.state.step == "initiative_roll"

    async def test_a_key_with_no_meaning_in_this_phase_is_refused(self, tmp_path):
        app = RefboxApp(data_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            match = await start_match(pilot)
            await pilot.press("6", "2", "8")  # 8 is no answer in the move menu (9 asks to break play)
            assert "does nothing here" in panel_text(app) and len(match.events) == 1

    async def test_done_is_always_key_1_and_enter(self, tmp_path):
        app = RefboxApp(data_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            match = await start_match(pilot)
            await pilot.press("6", "2")
            await pilot.press("1")  # Red done with its Defensive Grelkers
            assert match.state.ask.team == 1
            await pilot.press("enter")  # the highlighted default is Done too
            assert match.state.move_step == 1

    async def test_undo_at_the_start_says_so(self, tmp_path):
        app = RefboxApp(data_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await start_match(pilot)
            await pilot.press("u")
            assert "start of the match" in panel_text(app)

    async def test_digital_dice_one_key_per_roll(self, tmp_path):
        app = RefboxApp(data_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            match = await start_match(pilot)
            await pilot.press("d")
            assert match.settings.dice_mode == "digital"
            await pilot.press("space")
            assert match.events and match.events[0].source == "digital"

    async def test_help_shows_the_phase_and_its_rulings(self, tmp_path):
        app = RefboxApp(data_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await start_match(pilot)
            await pilot.press("6", "2", "question_mark")
            assert isinstance(app.screen, HelpScreen)
            text = str(app.screen.query_one("Static").render())
            assert "Move" in text and "one coach activation per turn" in text
            await pilot.press("escape")
            assert isinstance(app.screen, GameScreen)


class TestHomeAndResume:
    async def test_all_five_rulesets_are_listed_and_unplayable_ones_marked(self, tmp_path):
        app = RefboxApp(data_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            labels = [str(o.prompt) for o in app.screen.menu.list_named("rulesets").options]
            assert len(labels) == 5 and "Slargeball!" in labels[0]
            for title in ("Rülerball", "Monster Ball", "Ballmonsters!", "Battleball"):
                assert any(title in label for label in labels)

    async def test_resume_a_saved_match_where_it_was(self, tmp_path):
        match = demo_match(tmp_path / "matches" / "slargeball-x.jsonl", events=60)
        app = RefboxApp(data_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("tab", "enter")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            assert app.screen.match.state == match.state

    async def test_a_truncated_journal_resumes_with_a_message(self, tmp_path):
        path = tmp_path / "matches" / "slargeball-x.jsonl"
        demo_match(path, events=30)
        with open(path, "a") as f:
            f.write('{"op": "inp')
        app = RefboxApp(data_dir=tmp_path, resume_path=path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, GameScreen) and "cut off" in panel_text(app)

    async def test_a_malformed_save_is_reported_without_a_traceback(self, tmp_path):
        path = tmp_path / "matches" / "slargeball-bad.jsonl"
        path.parent.mkdir(parents=True)
        path.write_text("not json at all\n")
        app = RefboxApp(data_dir=tmp_path, resume_path=path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert not isinstance(app.screen, GameScreen)
            assert any("not a refbox journal" in n.message for n in app._notifications)

    async def test_setup_refuses_two_teams_with_one_colour(self, tmp_path):
        app = RefboxApp(data_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("1")
            await pilot.pause()
            app.screen.query_one("#colour1").value = "red"
            await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert "different colours" in str(app.screen.query_one("#error").render())
            assert not (tmp_path / "matches").exists() or not list((tmp_path / "matches").iterdir())


# ---- snapshots: plain def tests (snap_compare runs its own event loop) ----


def test_snapshot_home(snap_compare, tmp_path):
    assert snap_compare(RefboxApp(data_dir=tmp_path), terminal_size=SIZE)


def test_snapshot_setup(snap_compare, tmp_path):
    async def run_before(pilot):
        await pilot.press("1")
        await pilot.pause()
        pilot.app.screen.query_one("#seed").value = "4411"
        await pilot.pause()

    assert snap_compare(RefboxApp(data_dir=tmp_path), terminal_size=SIZE, run_before=run_before)


def test_snapshot_slargeball_mid_match(snap_compare, tmp_path):
    path = tmp_path / "matches" / "slargeball-demo.jsonl"
    demo_match(path, events=420)
    assert snap_compare(RefboxApp(data_dir=tmp_path, resume_path=path), terminal_size=SIZE)


async def test_an_unplayable_ruleset_is_listed_marked_and_refuses_to_start(tmp_path, monkeypatch):
    from dataclasses import replace

    from refbox.engine import registry

    monkeypatch.setattr(registry, "BUILTIN", (*registry.BUILTIN[:4], replace(registry.BUILTIN[4], playable=False)))
    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        options = app.screen.menu.list_named("rulesets").options
        assert "not yet playable" in str(options[4].prompt)
        await pilot.press("5")
        await pilot.pause()
        assert "not playable yet" in str(app.screen.menu.message)
        assert type(app.screen).__name__ == "HomeScreen"


async def test_a_match_already_open_elsewhere_is_not_opened_twice(tmp_path):
    path = tmp_path / "matches" / "slargeball-x.jsonl"
    demo_match(path, events=20)
    from refbox.engine.match import Match
    elsewhere, _ = Match.load(path)
    elsewhere.lock()
    app = RefboxApp(data_dir=tmp_path, resume_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not isinstance(app.screen, GameScreen)
        assert any("open in another refbox window" in n.message for n in app._notifications)
    elsewhere.close()


async def test_an_enter_after_d6_faces_answers_the_next_prompt(tmp_path):
    """A d6 face is one key: nobody adds Enter to it, so the first Enter after the faces is the next answer
    (it used to be swallowed, which made the table press it twice)."""
    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        match = await start_match(pilot)
        await pilot.press("6", "2")
        assert len(match.events) == 1 and match.state.step == "move_menu"
        await pilot.press("enter")  # chooses the highlighted Done
        assert len(match.events) == 2


async def test_house_rules_that_do_not_validate_are_reported_not_offered(tmp_path):
    house = tmp_path / "rulesets"
    house.mkdir()
    (house / "long.toml").write_text('[meta]\nname = "long"\ntitle = "Long"\nextends = "slargeball"\n'
                                     '[game]\nturns = "forty"\n')
    (house / "short.toml").write_text('[meta]\nname = "short"\ntitle = "Short Slargeball"\n'
                                      'extends = "slargeball"\n[game]\nturns = 10\n')
    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        labels = [str(o.prompt) for o in app.screen.menu.list_named("rulesets").options]
        assert len(labels) == 6 and "Short Slargeball" in labels[5]
        assert "game.turns" in str(app.screen.menu.message)


async def test_a_journal_damaged_in_the_middle_is_offered_for_salvage(tmp_path):
    path = tmp_path / "matches" / "slargeball-x.jsonl"
    demo_match(path, events=30)
    lines = path.read_text().splitlines(keepends=True)
    lines[10] = "{broken\n"
    path.write_text("".join(lines))
    app = RefboxApp(data_dir=tmp_path, resume_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "damaged" in str(app.screen.query_one("Static").render())
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and len(app.screen.match.events) == 9
        assert "kept as slargeball-x.jsonl.damaged" in panel_text(app)


async def test_the_mouse_works_too_a_click_chooses_an_option(tmp_path):
    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        match = await start_match(pilot)
        await pilot.press("6", "2")
        assert match.state.ask.team == 0
        first = app.screen.query_one(PromptPanel).head_rows + 1  # the question, a blank line, the answers
        await pilot.click("#prompt", offset=(4, first))  # the key box of the first option: Done
        assert match.state.ask.team == 1, "Red's Defensive Grelkers are done"


async def test_a_digit_that_is_not_0_to_9_is_refused_not_a_crash(tmp_path):
    """"²" is a key of its own on French keyboards, and Python calls it a digit: it is no face, no menu number."""
    from textual import events

    path = tmp_path / "matches" / "slargeball-x.jsonl"
    demo_match(path, events=0, squads=1).close()  # the initiative roll-off: two d6 to type
    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.post_message(events.Key("superscript_two", "²"))
        await pilot.pause()
        assert type(app.screen).__name__ == "HomeScreen"
    app = RefboxApp(data_dir=tmp_path, resume_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        before = len(app.screen.match.events)
        app.screen.post_message(events.Key("superscript_two", "²"))
        await pilot.pause()
        assert "'²' does nothing here" in app.screen.error
        assert len(app.screen.match.events) == before


async def test_the_setup_takes_typing_at_once_and_says_plainly_why_it_cannot_start(tmp_path):
    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1")
        await pilot.pause()
        assert app.focused is app.screen.query_one("#name0"), "the first field has the focus"
        await pilot.press(*["backspace"] * 30, "space", "ctrl+s")
        await pilot.pause()
        assert type(app.screen).__name__ == "SlargeballSetupScreen"
        assert str(app.screen.query_one("#error").render()) == "✗ teams 1 name: must not be empty"
        assert any(n.title == "Cannot start the match" and "must not be empty" in n.message
                   for n in app._notifications)
        assert "once the problem on the left is fixed" in str(app.screen.query_one("#preview").render())


def test_a_game_screen_that_fails_to_open_lets_go_of_the_match(tmp_path, monkeypatch):
    from refbox.engine.match import Match
    from refbox.ui import app as app_module

    path = tmp_path / "matches" / "slargeball-x.jsonl"
    demo_match(path, events=5).close()
    match, _ = Match.load(path)

    def broken(_name):
        raise RuntimeError("a screen that cannot be built")

    monkeypatch.setattr(app_module, "screen_class", broken)
    with pytest.raises(RuntimeError):
        RefboxApp(data_dir=tmp_path).game_screen(match)
    again, _ = Match.load(path)
    again.lock()  # not refused as "open in another refbox window"
    again.close()


async def test_a_name_cut_at_its_limit_is_said_not_silent(tmp_path):
    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1")
        await pilot.pause()
        field = app.screen.query_one("#name0")
        field.value = ""
        await pilot.press(*"The Very Long Team Name Of Doom")  # 31 characters: the field keeps 24
        await pilot.pause()
        assert field.value == "The Very Long Team Name "
        assert "holds 24 characters at most" in str(app.screen.query_one("#error").render())
        await pilot.press("backspace")
        await pilot.pause()
        assert str(app.screen.query_one("#error").render()) == ""


async def test_a_selection_says_how_to_confirm_it_and_0_takes_it_as_it_stands(tmp_path):
    """A Pick too long for the panel still ends with its hint (the question and the list give way); ``0`` is
    "nothing (else)" here as everywhere: the selection as it stands, none at all is fine."""
    import random

    from refbox.engine.play import random_event
    from refbox.engine.prompts import Pick

    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        match = await start_match(pilot, squads=3)
        screen, rng = app.screen, random.Random(1)
        while not (isinstance(match.prompt(), Pick) and match.prompt().min == 0):
            screen.submit(random_event(match.legal(), rng))
        await pilot.pause()
        panel = screen.query_one(PromptPanel)
        prompt = match.prompt()
        assert len(prompt.options) > panel.size.height  # more answers than rows
        rows = [panel.render_line(y).text.rstrip() for y in range(panel.size.height)]
        assert [r for r in rows if r][-1] == "keys toggle · Enter or 0 confirms (none is fine)", rows
        events = len(match.events)
        await pilot.press(prompt.options[0].key, "0")
        assert len(match.events) == events + 1 and match.events[-1].value == [prompt.options[0].id]


async def test_a_long_question_in_a_short_panel_keeps_its_answer_in_view(tmp_path):
    """A reset read out line by line (Break Play with long team names) fills the panel: the last input's outcome
    (the log has it too) makes way, so that "[Enter] done" stays on screen."""
    from refbox.engine.prompts import Confirm
    from refbox.ui.interpreter import Typed

    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await start_match(pilot)
        panel = app.screen.query_one(PromptPanel)
        question = Confirm(text="\n".join(["Reset the table:"] + [f"- step {i} of the reset" for i in range(panel.size.height - 4)]))
        outcome = "GOAL! a long outcome of the last input " * 3
        panel.show(question, ("A", "B"), ("red", "blue"), Typed(), "physical", result=outcome)
        await pilot.pause()
        rows = [panel.render_line(y).text.rstrip() for y in range(panel.size.height)]
        assert "[Enter] done" in rows and not any("GOAL!" in r for r in rows), rows
        short = Confirm(text="Reset the table.")
        panel.show(short, ("A", "B"), ("red", "blue"), Typed(), "physical", result=outcome)
        await pilot.pause()
        assert "GOAL!" in panel.render_line(0).text, "with room to spare the outcome is shown"


async def test_the_setup_asks_who_plays_each_team_not_each_coach(tmp_path):
    """A Slargeball coach is a figure that storms the field: the setup asks who plays each team."""
    from textual.widgets import Label

    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1")
        await pilot.pause()
        labels = [str(label.render()) for label in app.screen.query(Label)]
        assert "Team 1 is played by" in labels and "Team 2 is played by" in labels
        assert not any(label.startswith("Coach") for label in labels)
