"""The step table's legal answers are the prompt's, on every state of random play (the on-screen field and the
table): what a screen offers, what the engine checks and what random play draws from never differ."""

from __future__ import annotations

import random

import pytest

from refbox.engine import registry
from refbox.engine.play import Game
from refbox.engine.prompts import legal_of

RULES = registry.lookup("monster-ball").load()


@pytest.mark.parametrize("board", ["screen", "table"])
@pytest.mark.parametrize("seed", range(3))
def test_the_legal_answers_are_the_prompts_and_the_drawn_ones_on_every_state(board, seed):
    game = Game.start(RULES, RULES.Setup(board=board, referee=RULES.data.default_referee))
    rng, steps = random.Random(seed), set()
    for _ in range(5000):
        state = game.state
        legal = RULES.legal(state)
        assert legal == legal_of(RULES.prompt(state)), f"step {state.step}: legal {legal}, prompt {RULES.prompt(state)}"
        assert RULES.drawing_legal(state) == legal
        if legal.kind == "over":
            break
        steps.add(state.step)
        game.apply(RULES.drawer.draw(legal, rng))
    assert len(steps) > 15
