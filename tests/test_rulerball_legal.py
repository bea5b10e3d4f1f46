"""The shortcuts of fast random play agree with the slow, plain way on random states: the legal answers with
the prompt a screen shows (in both flows, with and without the ruleset's rolls), the unvalidated models with
validated ones, figure lookups with a scan of the roster."""

from __future__ import annotations

import random

import pytest
from test_rulerball_random import ROLLS

from refbox.engine import registry
from refbox.engine.clone import clone
from refbox.engine.play import Game, random_event
from refbox.engine.prompts import legal_of
from refbox.engine.ruleset import merge
from refbox.games.rulerball.models import Ball, Pending, new_ball, reset_pending
from refbox.games.rulerball.steps import STEPS, settle
from refbox.games.rulerball.sweep import to_move
from every_ruleset import rules_for, rules_module

ENTRY = registry.lookup("rulerball")
RULES, DATA = rules_module(ENTRY.name), ENTRY.load_data()
STRICT = merge(ROLLS, {"penalty_minutes": 3, "ball": {"laps_to_shoot": 1, "goal_value": 2},
                       "rolls": {"handoff": {"sides": 6, "stat": "skill", "succeed": "at_most"},
                                 "combat_failure": "attacker_loses"}})


def data_with(patch: dict | None):
    return DATA if patch is None else type(DATA).model_validate(merge(DATA.model_dump(), patch))


def random_states(patch: dict | None, fewer_keys: bool, seed: int):
    data = data_with(patch)
    game = Game.start(rules_for(RULES, data), RULES.Setup.model_validate({"fewer_keys": fewer_keys}))
    rng = random.Random(seed)
    weights = RULES.RANDOM_WEIGHTS if seed % 2 else None
    for _ in range(20_000):
        yield game, data
        legal = game.legal()
        if legal.kind == "over":
            return
        game.apply(random_event(legal, rng, weights))


@pytest.mark.parametrize("patch", [None, ROLLS, STRICT], ids=["entered", "rolled", "strict"])
@pytest.mark.parametrize("fewer_keys", [True, False], ids=["fewer-keys", "old-flow"])
def test_legal_answers_are_what_the_prompt_offers(patch, fewer_keys):
    for seed in range(2):
        for game, data in random_states(patch, fewer_keys, seed):
            assert game.legal() == legal_of(RULES.prompt(game.state, data)), game.state.step


def test_figures_are_found_by_id_whatever_the_roster_order():
    game = next(random_states(None, True, 0))[0]
    state = game.state
    for f in state.figures:
        assert state.fig(f.id) is f
    state.figures.reverse()  # the remembered places are wrong now: looked up again, never stale
    for f in state.figures:
        assert state.fig(f.id) is f
    with pytest.raises(KeyError):
        state.fig("9-skater-1")


@pytest.mark.parametrize("given", [{}, {"figure": "0-skater-1"}, {"ball_from": 3, "ball_end": 7},
                                   {"figure": "1-biker-2", "other": "penalty"}])
def test_a_pending_reset_in_place_is_a_new_validated_one(given):
    state = next(random_states(None, True, 0))[0].state
    state.pending = Pending(figure="0-catcher-1", other="ball", queue=["1-skater-2"], passed=["0-biker-1"], reached=2)
    shared = state.pending.queue
    reset_pending(state, **given)
    assert state.pending == Pending(**given) and repr(state.pending) == repr(Pending(**given))
    assert shared == ["1-skater-2"], "a list the old values may share is replaced, not cleared"


@pytest.mark.parametrize("given", [{}, {"where": "loose", "sector": 4},
                                   {"where": "held", "sector": 2, "carrier": "0-catcher-1", "team": 0, "lap_start": 2}])
def test_an_unvalidated_ball_is_the_validated_one(given):
    fast, slow = new_ball(**given), Ball(**given)
    assert fast == slow and repr(fast) == repr(slow) and fast.model_fields_set == slow.model_fields_set


def test_an_answer_to_a_state_not_yet_settled_is_applied_as_to_the_settled_state():
    """The move sweep's apply settles the state itself (rules.apply settles every other step around it)."""
    rng, checked = random.Random(5), 0
    for game, data in random_states(None, True, 5):
        if game.state.step != "move_walk" or checked == 40:
            continue
        unsettled = clone(game.state)
        for f in to_move(unsettled, data):  # everyone in the marker's sector has moved: the sweep goes on first
            f.moves = 1
        expected = clone(unsettled)
        settle(expected, data)
        event = random_event(RULES.legal(expected, data), rng, RULES.RANDOM_WEIGHTS)
        STEPS[expected.step].apply(expected, data, event)
        settle(expected, data)
        RULES.apply(unsettled, data, event)
        assert unsettled == expected
        checked += 1
    assert checked == 40
