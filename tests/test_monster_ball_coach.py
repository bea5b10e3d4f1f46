"""The hooks a computer coach plays with (refbox.engine.play): outcome, a meaningful evaluate, cheap clones."""

from __future__ import annotations

import random

import pytest

from monster_ball_field import LAW, CHAOS, field_match, law_snap, park, place, send
from refbox.engine.play import Game, random_event
from refbox.engine.prompts import choose, roll
from refbox.games.monster_ball import rules


def value(m, side=LAW) -> float:
    return rules.evaluate(m.state, m.data, side)


def test_evaluate_is_a_share_the_two_sides_split():
    m = law_snap()
    assert 0 < value(m, LAW) < 1 and value(m, LAW) + value(m, CHAOS) == pytest.approx(1)


def test_points_are_worth_more_than_none():
    m = law_snap()
    before = value(m)
    m.state.teams[LAW].score = 14
    assert value(m) > before
    m.state.teams[CHAOS].score = 28
    assert value(m) < 0.5


def test_the_ball_near_the_end_zone_it_attacks_is_worth_more():
    near, far = law_snap(), law_snap()
    park(near, "L7")
    park(far, "L7")
    place(near, L7=(30, 9))
    place(far, L7=(8, 9))
    assert value(near) > value(far) > 1 - value(near)


def test_having_the_ball_is_worth_something():
    m = send(field_match(), choose("C12"), roll(12, 12))  # Law ball at the 30
    assert value(m, LAW) > 0.5


def test_a_finished_game_is_won_or_lost():
    m = law_snap()
    m.state.teams[LAW].score = 36
    park(m, "L7")
    place(m, L7=(31, 9))
    send(m, choose("L7"), choose("m2,0"))
    assert m.state.step == "over" and value(m, LAW) == 1.0 and value(m, CHAOS) == 0.0
    assert rules.outcome(m.state, m.data) == (42, 0)


def test_a_look_ahead_copy_does_not_touch_the_game():
    data = field_match().data
    game = Game.start(rules, data, rules.Setup.model_validate(rules.sim_setup(data)))
    rng = random.Random(2)
    for _ in range(300):
        game.apply(random_event(game.legal(), rng, rules.RANDOM_WEIGHTS))
    before = game.clone().state
    twin = game.clone()
    for _ in range(50):
        twin.apply(random_event(twin.legal(), rng, rules.RANDOM_WEIGHTS))
    assert game.state.model_dump(exclude={"log"}) == before.model_dump(exclude={"log"}) != twin.state.model_dump(exclude={"log"})
