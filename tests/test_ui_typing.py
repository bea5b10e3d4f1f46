"""Typing dice at the table: a wrong face keeps the faces already typed, a d6 face is one key and the Enter
that follows answers the next question (it is not swallowed)."""

from __future__ import annotations

import random

from every_ruleset import default_setup

from refbox.engine import random_play
from refbox.engine.match import Match
from refbox.engine.prompts import Event, Roll
from refbox.engine.storage import matches_dir
from refbox.ui.app import RefboxApp


def _small_dice_roll_then_a_choice(root, ruleset: str):
    """A saved match whose pending roll has two or more dice of at most 9 sides, and whose next question
    (after the faces 1, 1, ...) is a choice."""
    path = matches_dir(root) / f"{ruleset}.jsonl"
    for seed in range(40):
        match = Match.new(ruleset, default_setup(ruleset), seed=seed, path=path)
        rng = random.Random(seed)
        for _ in range(400):
            prompt = match.prompt()
            if isinstance(prompt, Roll) and len(prompt.dice) >= 2 and all(d.sides <= 9 for d in prompt.dice):
                faces = [1] * len(prompt.dice)
                match.submit(Event("roll", faces, "physical"))
                follows = match.prompt().kind
                match.undo()
                if follows == "choose":
                    match.save()
                    match.close()
                    return path, len(prompt.dice)
            if prompt.kind == "over":
                break
            random_play.advance(match, 1, rng)
        match.close()
        path.unlink()
        for extra in path.parent.glob(f"{ruleset}.*"):
            extra.unlink()
    raise AssertionError(f"{ruleset}: no roll of two small dice followed by a choice")


async def test_a_wrong_face_keeps_the_faces_typed_and_enter_after_a_d6_is_not_swallowed(tmp_path):
    path, dice = _small_dice_roll_then_a_choice(tmp_path, "monster-ball")
    app = RefboxApp(data_dir=tmp_path, resume_path=path)
    async with app.run_test(size=(130, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        events = len(screen.match.events)
        await pilot.press("1", "9")  # 9 is no face of these dice
        assert screen.typed.faces.faces == (1,) and "9" in screen.error
        await pilot.press(*["1"] * (dice - 1))
        assert len(screen.match.events) == events + 1
        assert screen.match.prompt().kind == "choose"
        before = len(screen.match.events)
        await pilot.press("enter")
        assert len(screen.match.events) == before + 1  # the Enter chose the highlighted option
