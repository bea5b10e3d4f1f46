"""For every ruleset: the fast legal answers agree with the prompt a screen shows, on every state of random
play; headless play (refbox.engine.play) finishes matches and replays identically through a Match."""

import random

import pytest

from refbox.engine import registry
from refbox.engine.match import Match
from refbox.engine.play import Game, random_event
from refbox.engine.prompts import legal_of

RULESETS = [e.name for e in registry.BUILTIN]


@pytest.mark.parametrize("name", RULESETS)
def test_legal_answers_match_the_prompt_on_every_state(name):
    assert_legal_matches_prompt(registry.lookup(name).load(), seeds=range(3))


def assert_legal_matches_prompt(rules, seeds) -> None:
    for seed in seeds:
        game = Game.start(rules, rules.Setup.model_validate(rules.headless_setup()))
        rng = random.Random(seed)
        for _ in range(5000):
            fast, shown = game.legal(), legal_of(rules.prompt(game.state))
            assert fast == shown, f"seed {seed}, step {game.state}: legal {fast} but the prompt offers {shown}"
            if fast.kind == "over":
                break
            game.apply(rules.drawer.draw(fast, rng))


@pytest.mark.parametrize("name", RULESETS)
def test_headless_play_replays_identically_through_a_match(name):
    rules = registry.lookup(name).load()
    setup = rules.headless_setup()
    game = Game.start(rules, rules.Setup.model_validate(setup), logged=True)  # compared with a match, log included
    rng, events = random.Random(11), []
    for _ in range(3000):
        legal = game.legal()
        if legal.kind == "over":
            break
        event = rules.drawer.draw(legal, rng)
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
