"""Each step's legal answers are written once and its prompt is built from them: on every state of random play
(with and without the ruleset's rolls) the prompt a screen shows offers exactly the legal answers. The plain
state goes to a checkpoint and back, validated."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError
from test_rulerball_random import ROLLS

from refbox.engine import plain, registry
from refbox.engine.play import Game, random_event
from refbox.engine.prompts import legal_of
from refbox.engine.ruleset import merge
from refbox.games.rulerball.models import State
from refbox.games.rulerball.rules import Rulerball

DATA = registry.lookup("rulerball").load_data()
STRICT = merge(ROLLS, {"penalty_minutes": 3, "ball": {"laps_to_shoot": 1, "goal_value": 2},
                       "rolls": {"handoff": {"sides": 6, "stat": "skill", "succeed": "at_most"},
                                 "combat_failure": "attacker_loses"}})


def rules_with(patch: dict | None) -> Rulerball:
    return Rulerball(DATA if patch is None else type(DATA).model_validate(merge(DATA.model_dump(), patch)))


def random_states(patch: dict | None, seed: int, logged: bool = False):
    rules = rules_with(patch)
    game = Game.start(rules, rules.Setup(), logged=logged)
    rng = random.Random(seed)
    weights = rules.random_weights if seed % 2 else None
    for _ in range(20_000):
        yield rules, game.state
        legal = game.legal()
        if legal.kind == "over":
            return
        game.apply(random_event(legal, rng, weights))


@pytest.mark.parametrize("patch", [None, ROLLS, STRICT], ids=["entered", "rolled", "strict"])
def test_legal_answers_are_what_the_prompt_offers(patch):
    seen = set()
    for seed in range(2):
        for rules, state in random_states(patch, seed):
            assert rules.legal(state) == legal_of(rules.prompt(state)), state.step
            seen.add(state.step)
    assert len(seen) >= 20


def test_a_state_goes_to_a_checkpoint_and_back_unchanged():
    for n, (rules, state) in enumerate(random_states(ROLLS, 3, logged=True)):
        if n % 97 == 0:
            assert plain.load(State, plain.dump(state)) == state


def test_a_checkpoint_with_a_value_the_state_cannot_hold_is_refused():
    rules, state = next(random_states(None, 0))
    dumped = plain.dump(state)
    dumped["figures"][0]["timer"] = -1
    with pytest.raises(ValidationError, match="timer"):
        plain.load(State, dumped)
