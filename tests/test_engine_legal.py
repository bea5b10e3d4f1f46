"""For every ruleset: the fast legal answers agree with the prompt a screen shows, on every state of random
play; headless play (refbox.engine.play) finishes matches and replays identically through a Match."""

import random

import pytest

from refbox.engine import registry
from refbox.engine.match import Match
from refbox.engine.play import Game, random_event
from refbox.engine.prompts import legal_of
from every_ruleset import rules_for, rules_module

RULESETS = [e.name for e in registry.BUILTIN]


def setup_of(rules, data) -> dict:
    fn = getattr(rules, "sim_setup", None)
    return fn(data) if fn else rules_for(rules, data).headless_setup()


@pytest.mark.parametrize("name", RULESETS)
def test_legal_answers_match_the_prompt_on_every_state(name):
    entry = registry.lookup(name)
    rules, data = rules_module(entry.name), entry.load_data()
    if not hasattr(rules, "legal") and not hasattr(rules_for(rules, data), "steps"):
        pytest.skip(f"{name} derives its legal answers from its prompts")
    assert_legal_matches_prompt(rules, data, seeds=range(3))


def assert_legal_matches_prompt(rules, data, seeds) -> None:
    weights = getattr(rules, "RANDOM_WEIGHTS", None)
    for seed in seeds:
        game = Game.start(rules_for(rules, data), rules.Setup.model_validate(setup_of(rules, data)))
        rng = random.Random(seed)
        for _ in range(5000):
            fast, shown = game.legal(), legal_of(game.rules.prompt(game.state))
            assert fast == shown, f"seed {seed}, step {game.state}: legal {fast} but the prompt offers {shown}"
            if fast.kind == "over":
                break
            game.apply(random_event(fast, rng, weights))


@pytest.mark.parametrize("name", RULESETS)
def test_headless_play_replays_identically_through_a_match(name):
    entry = registry.lookup(name)
    rules, data = rules_module(entry.name), entry.load_data()
    setup = setup_of(rules, data)
    game = Game.start(rules_for(rules, data), rules.Setup.model_validate(setup), logged=True)  # compared with a match, log included
    rng, events = random.Random(11), []
    weights = getattr(rules, "RANDOM_WEIGHTS", None)
    for _ in range(3000):
        legal = game.legal()
        if legal.kind == "over":
            break
        event = random_event(legal, rng, weights)
        events.append(event)
        game.apply(event)
    match = Match.new(name, setup, seed=1)
    for event in events:
        match.submit(event)
    assert match.state == game.state


def test_a_digital_roll_at_random_draws_each_die_as_randint_would_however_many_dice():
    from refbox.engine.prompts import Legal

    for sides in ((6,), (8, 6), (20, 20, 6)):
        drawn, expected = random.Random(9), random.Random(9)
        for _ in range(300):
            event = random_event(Legal("roll", 0, sides=sides), drawn)
            assert (event.kind, event.source) == ("roll", "digital")
            assert event.value == [expected.randint(1, s) for s in sides]
