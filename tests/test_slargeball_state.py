"""Slargeball!'s state and steps: a checkpoint of any state loads back as the same state and a damaged one is
refused; every state of random play is at a step of the table, in the phase the screen shows, and never at a
question whose answer is forced (the step machine answers those)."""

import random

import pytest
from pydantic import ValidationError

from refbox.engine import plain, registry
from refbox.engine.play import Game, random_event
from refbox.engine.steps import forced_answer
from refbox.games.slargeball.models import State
from refbox.games.slargeball.rules import Slargeball

STEPS = Slargeball.steps

ORDER = ("initiative", "move", "whap", "fling", "nab", "consciousness")


def random_states(squads: int, seed: int, logged: bool = False):
    rules = registry.lookup("slargeball").load()
    game = Game.start(rules, rules.Setup.model_validate({**rules.headless_setup(), "squads": squads, "board": "table"}), logged=logged)
    rng = random.Random(seed)
    while True:
        yield game.state, game.legal()
        if game.legal().kind == "over":
            return
        game.apply(random_event(game.legal(), rng))


def test_each_step_is_in_the_phase_the_match_is_in_and_no_forced_question_is_left_pending():
    forcible = {name for name, step in STEPS.table.items() if step.forcible}
    assert forcible == {"whap_target", "air_landed", "coach_target", "walk_by", "ground_contact", "bonk_contacts",
                        "field_dest", "whap_menu"}
    seen = set()
    for squads in range(1, 6):
        for state, legal in random_states(squads, seed=squads):
            seen.add(state.step)
            assert STEPS.phase(state) == (state.phase if state.phase in ORDER else "break")
            if state.step in forcible:
                assert forced_answer(legal) is None, f"{state.step} pending with one possible answer"
    assert seen >= set(STEPS.table) - {"move_figure", "break_check", "fling_scatter", "fling_landing",
                                       "bonk_scatter", "bonk_landing", "move_roll",
                                       "field_move", "field_dest", "fling_aim", "lineup", "lineup_to",
                                       "break_agree"}
    # (the field's: test_slargeball_field_play, test_slargeball_lineup, test_slargeball_field_break)


def test_a_checkpoint_of_any_state_loads_back_as_the_same_state():
    for n, (state, _) in enumerate(random_states(3, seed=4, logged=True)):
        if n % 37 == 0:
            again = plain.load(State, plain.dump(state))
            assert again == state and type(again.ask) is type(state.ask) and type(again.figures[0]) is type(
                state.figures[0])


def test_a_damaged_checkpoint_is_refused():
    state, _ = next(random_states(1, seed=1))
    dump = plain.dump(state)
    for damage in ({"balls": [{"id": 1, "where": "carried", "carrier": None}]},
                   {"teams": [{"name": "Red", "colour": "red", "score": -1}, dump["teams"][1]]},
                   {"figures": [{**dump["figures"][0], "status": "asleep"}, *dump["figures"][1:]]},
                   {"turn": 0}):
        with pytest.raises(ValidationError):
            plain.load(State, {**dump, **damage})
