"""Solo practice on screen: a person against the computer coach in Battleball on refbox's board. The
computer answers its own questions through the same journal, a person's key on its question is refused,
undo goes back over its moves to the person's last decision, and the setting survives a resume."""

from __future__ import annotations

import asyncio
import threading

from test_battleball_ui import make_app, open_setup

from refbox.engine.coach import Decision
from refbox.engine.match import Match
from refbox.engine.prompts import Event
from refbox.engine.registry import lookup
from refbox.ui.computer import COACH
from refbox.ui.keys import assign_keys
from refbox.ui.widgets.prompt_panel import PromptPanel
from refbox.ui.widgets.select import Select

SIZE = (130, 40)


async def start_solo(app, pilot, board="screen", level="random"):
    setup = await open_setup(app, pilot)
    setup.query_one("#board", Select).value = board
    setup.query_one("#dice", Select).value = "digital"
    setup.query_one("#player1", Select).value = level
    setup.query_one("#pace", Select).value = 0.0
    await pilot.pause()
    await pilot.press("ctrl+s")
    await pilot.pause()
    return app.screen


async def wait_for_person(pilot, screen, limit=400) -> None:
    """Let the computer think and enter its moves until a question is the person's again."""
    for _ in range(limit):
        legal = screen.match.legal()
        computers = screen.match.settings.computer
        if legal.kind == "over" or not (screen.computer.decides(legal) or screen.computer.busy() or (
                legal.kind == "roll" and (legal.actor is None or legal.actor in computers))):
            return
        await pilot.pause(0.01)
    raise AssertionError("the computer never handed the question back")


async def answer_as_person(pilot, screen) -> None:
    legal = screen.match.legal()
    if legal.kind == "roll":
        await pilot.press("r")
    elif legal.kind in ("choose", "pick"):
        prompt = screen.match.prompt()
        key = assign_keys([o.key for o in prompt.options])[0]
        await pilot.press(*key)
        if legal.kind == "pick":
            await pilot.press("enter")
    elif legal.kind == "number":
        await pilot.press(*str(legal.min), "enter")
    else:
        await pilot.press("enter")


async def test_the_setup_refuses_a_computer_coach_without_refbox_s_board(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_solo(app, pilot, board="table")
        assert screen is app.screen and "only on refbox's board" in str(screen.query_one("#error").render())


async def test_a_person_plays_the_computer_and_undo_skips_its_moves(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_solo(app, pilot)
        assert screen.match.settings.computer == {1: "random"}
        computer_inputs = 0
        for _ in range(40):
            await wait_for_person(pilot, screen)
            before = len(screen.match.events)
            await answer_as_person(pilot, screen)
            await wait_for_person(pilot, screen)
            computer_inputs += max(0, len(screen.match.events) - before - 1)
            if computer_inputs >= 6:
                break
        assert computer_inputs >= 6, "the computer coach made no moves of its own"
        events = len(screen.match.events)
        played = [line.text for line in screen.match.state.log]
        await pilot.press("u")
        redo = list(screen.match.redo_stack)
        assert screen.computer.persons_decision()
        assert len(screen.match.events) < events - 1  # over the computer's inputs, to the person's decision
        path, log = screen.match.path, [line.text for line in screen.match.state.log]
        await pilot.press("q")
        await pilot.pause()
    resumed, _ = Match.load(path)  # its moves (and the undo) are ordinary journal inputs
    assert [line.text for line in resumed.state.log] == log
    assert resumed.redo_stack == redo  # (the undo took the computer's answers back: they can be redone)
    noted = [e for e in resumed.events + resumed.redo_stack if e.coach is not None]
    assert noted and all(e.coach.level == "random" and e.kind != "roll" for e in noted), "its answers are noted"
    assert sum(text.startswith("Computer (random) chose ") for text in played) == len(noted), "and logged"
    resumed.close()


async def test_a_person_s_key_on_the_computer_s_question_changes_nothing(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_solo(app, pilot)
        screen.computer.paused = True  # hold the computer back so its question stays pending
        for _ in range(30):
            legal = screen.match.legal()
            if screen.computer.decides(legal):
                break
            await answer_as_person(pilot, screen)
        assert screen.computer.decides(screen.match.legal())
        events = len(screen.match.events)
        prompt = screen.match.prompt()
        await pilot.press(*assign_keys([o.key for o in prompt.options])[0])
        assert len(screen.match.events) == events
        assert "computer coach is answering" in screen.query_one(PromptPanel).plain


async def test_the_computer_setting_survives_a_resume(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_solo(app, pilot, level="greedy")
        path = screen.match.path
        await wait_for_person(pilot, screen)
        await pilot.press("q")
        await pilot.pause()
    match, _ = Match.load(path)
    assert match.settings.computer == {1: "greedy"} and match.settings.pace == 0.0
    match.close()


def test_every_board_ruleset_offers_the_computer():
    for name in ("battleball", "monster-ball"):
        rules = lookup(name).load()
        assert rules.computer_can_play(rules.Setup.model_validate(rules.new_setup()))


async def test_undo_takes_back_the_computers_announced_move_and_its_line(tmp_path):
    """At a slow pace the computer's move is shown before it is entered; an undo then is the person's: the line
    saying what the computer is about to do goes with it."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_solo(app, pilot)
        screen.match.change_settings(computer=screen.match.settings.computer, pace=5.0)
        for _ in range(60):
            if screen.computer.pending is not None:
                break
            if not screen.computer.busy():
                await answer_as_person(pilot, screen)
            await pilot.pause(0.02)
        assert screen.computer.pending is not None, "the computer never announced a move"
        assert screen.query_one("#computer").display
        said = screen.query_one("#computer").plain
        assert "rates its chances" not in said and ("%" not in said or "chance of" in said), said
        await pilot.press("u")
        await pilot.pause()
        assert screen.computer.pending is None
        assert not screen.query_one("#computer").display or screen.computer.busy()


async def test_the_coach_thinks_in_a_worker_that_an_undo_cancels_and_whose_decision_is_then_dropped(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_solo(app, pilot)
        screen.computer.paused = True  # hold the computer back until its question is pending
        screen.computer.cancel()  # (it may already be thinking about its first move: that is dropped)
        for _ in range(30):
            if screen.computer.decides(screen.match.legal()):
                break
            await answer_as_person(pilot, screen)
        legal = screen.match.legal()
        assert screen.computer.decides(legal)
        release, finished, threads = threading.Event(), threading.Event(), []
        answer = Event("choose", screen.match.prompt().options[0].id)

        def slow_decide(game, legal=None):  # a coach that thinks until the test lets it go
            threads.append(threading.current_thread())
            release.wait(timeout=60)
            finished.set()
            return Decision(answer, None, 1)

        coach = screen.computer.coach(legal.actor)
        coach.decide = slow_decide
        screen.computer.paused = False
        screen.computer.consider()
        worker = next(w for w in app.workers if w.name == COACH)
        assert screen.computer.busy() and screen.query_one("#computer").display
        await pilot.press("u")  # the person takes their last decision back while the coach thinks
        assert worker.is_cancelled and coach.stop_now, "the worker is cancelled and the coach told to stop"
        events = len(screen.match.events)
        release.set()
        await asyncio.get_running_loop().run_in_executor(None, finished.wait, 60)
        await pilot.pause()
        assert threads and threads[0] is not threading.main_thread(), "it thought off the UI thread"
        assert len(screen.match.events) == events and not screen.computer.busy(), "its decision was dropped"
