"""Ballmonsters! random play: whole seeded games with random legal setups, invariants after every event,
journal replay, and every step's legal answers agreeing with its prompt."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError
from test_ballmonsters_helpers import data_with, load_data

from refbox.engine import plain, random_play
from refbox.engine.match import Match
from refbox.engine.play import Game, random_event
from refbox.engine.prompts import legal_of
from refbox.games.ballmonsters import rules
from refbox.games.ballmonsters.demo import demo_match, demo_setup, table_chooser
from refbox.games.ballmonsters.steps import STEPS

EFFECTS = ["flaming", "infectious", "tough_nut", "winged", "horny", None]


def random_setup(rng: random.Random) -> dict:
    """A legal setup with fiddle points spread at random (budget 6, at most 2 a ball, STR at most 6)."""
    setup = rules.default_setup(places_first=rng.randint(0, 1))
    for team in setup["teams"]:
        budget = 6
        for ball in [team["monsterball"], *team["miniballs"]]:
            max_bonus = 1 if ball is team["monsterball"] else 2
            choices = [(bonus, effect) for bonus in range(max_bonus + 1) for effect in EFFECTS
                       if bonus + (effect is not None) <= min(2, budget)]  # fmt: skip
            ball["str_bonus"], ball["effect"] = rng.choice(choices)
            budget -= ball["str_bonus"] + (ball["effect"] is not None)
    return setup


def invariants(setup: rules.Setup):
    effects = {f"{'AB'[t]}{i}": b.effect for t, team in enumerate(setup.teams) for i, b in enumerate(team.balls)}

    duffs = [0, 0]
    read = [0]

    def check(match: Match) -> None:
        state = match.state
        for line in state.log[read[0]:]:
            if line.text.startswith("Duff!"):
                duffs[line.actor] += 1
        read[0] = len(state.log)
        assert 0 <= state.portals <= 10
        for ball in state.balls:
            assert 0 <= ball.strength <= 6, ball
            assert ball.effect == effects[ball.id]
            assert not (ball.sick and ball.fire), ball
            if ball.deflated or ball.gone:
                assert ball.fire == 0 and not ball.sick
            if ball.effect == "flaming":
                assert ball.fire == 0 and not ball.sick
            if ball.effect == "infectious":
                assert not ball.sick
        for team in (0, 1):
            through = sum(1 for b in state.balls if b.team == team and b.gone == "portal" and b.kind == "miniball")
            assert state.scores[team] == duffs[team] + 2 * state.deflations[team] + 3 * through
        if state.step == "over":
            assert min(state.miniballs_left(0), state.miniballs_left(1)) == 0 or all(
                state.monsterball(t).gone for t in (0, 1)
            )

    return check


def test_random_games_keep_every_invariant_and_replay_exactly():
    data = load_data()
    events = 0
    for seed in range(20):
        rng = random.Random(seed)
        setup = rules.Setup.model_validate(random_setup(rng))
        assert rules.fiddle_problems(setup, data) == []
        match = Match.new("ballmonsters", setup.model_dump(), seed=seed)
        events += random_play.play_random(match, seed, invariant=invariants(setup), choose=table_chooser)
        assert match.state.step == "over"
        assert random_play.replayed(match).state == match.state
    assert events > 10_000


def test_random_games_reach_every_step():
    seen = set()
    for seed in range(100, 112):
        match = Match.new("ballmonsters", random_setup(random.Random(seed)), seed=seed)
        random_play.play_random(match, seed, invariant=lambda m: seen.add(m.state.step), choose=table_chooser)
    mat_only = {"place_facing", "aim", "vector", "portal_take"}  # tests/test_ballmonsters_mat.py
    assert seen == set(STEPS.table) - {"place"} - mat_only  # placement is only ever the first question


def test_every_steps_legal_answers_are_what_its_prompt_offers_on_every_state_of_random_play():
    for data, seeds in ((load_data(), range(4)), (data_with("boing", partner_apart=False), range(4, 6))):
        ruleset = rules.Ballmonsters(data)
        for seed in seeds:
            rng = random.Random(seed)
            game = Game.start(ruleset, rules.Setup.model_validate(random_setup(rng)))
            for _ in range(5000):
                legal, shown = game.legal(), legal_of(ruleset.prompt(game.state))
                assert legal == shown, f"seed {seed}, step {game.state.step}: legal {legal}, prompt {shown}"
                if legal.kind == "over":
                    break
                game.apply(random_event(legal, rng))
            assert game.state.step == "over"


def test_a_prompt_is_the_same_whether_asked_once_or_again():
    """Prompt speed is measured in bench/prompts.py; here a prompt computed afresh equals the cached one."""
    match = Match.new("ballmonsters", random_setup(random.Random(7)), seed=7)
    rng = random.Random(7)
    for _ in range(400):
        prompt = match.rules.prompt(match.state)
        assert prompt == match.prompt()
        if prompt.kind == "over":
            break
        match.submit(table_chooser(prompt, rng))
    assert len(match.events) > 100


def test_a_saved_match_resumes_to_the_same_state(tmp_path):
    path = tmp_path / "bm.jsonl"
    match = Match.new("ballmonsters", random_setup(random.Random(11)), seed=11, path=path)
    rng = random.Random(11)
    for _ in range(300):
        prompt = match.prompt()
        if prompt.kind == "over":
            break
        match.submit(table_chooser(prompt, rng))
    match.undo()
    resumed, recovered = Match.load(path)
    assert recovered is None
    assert resumed.state == match.state and len(resumed.redo_stack) == 1


def test_the_demo_match_is_reproducible_and_uses_the_whole_budget():
    data = load_data()
    setup = rules.Setup.model_validate(demo_setup())
    assert [t.fiddle_points for t in setup.teams] == [6, 6] and rules.fiddle_problems(setup, data) == []
    assert demo_match(events=120).state == demo_match(events=120).state


def test_a_checkpointed_state_loads_back_equal_and_a_damaged_one_is_refused():
    match = demo_match(events=120)
    dumped = plain.dump(match.state)
    assert plain.load(rules.State, dumped) == match.state
    dumped["balls"][1]["strength"] = -1
    with pytest.raises(ValidationError):
        plain.load(rules.State, dumped)
    dumped["balls"][1]["strength"] = 2
    dumped["step"] = "template"  # a step these rules do not have
    with pytest.raises(ValidationError):
        plain.load(rules.State, dumped)
