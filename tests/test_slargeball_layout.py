"""Slargeball's shortcuts agree with reading every figure: the roster layout (worked out from the ruleset and the
roster's size) matches the figures of every state of random play, for every squad count, and a state whose
figures are not such a roster gets a layout read from its own figures."""

import random

from refbox.engine import registry
from refbox.engine.play import Game, random_event
from refbox.games.slargeball import flow
from refbox.games.slargeball.lineup import _layout_of, layout
from every_ruleset import rules_for, rules_module


def _game(squads: int):
    entry = registry.lookup("slargeball")
    rules, data = rules_module(entry.name), entry.load_data()
    setup = rules.Setup.model_validate({**rules.sim_setup(data), "squads": squads})
    return Game.start(rules_for(rules, data), setup), data


def test_the_layout_matches_the_figures_of_every_state_of_random_play():
    for squads in range(1, 6):
        game, data = _game(squads)
        rng = random.Random(squads)
        for _ in range(400):
            state = game.state
            assert layout(state, data) == _layout_of(state.figures)
            if state.ask.step == "whap_menu":  # the band-by-band shortcut finds the same figures
                context = flow.whap_context(state, data)
                for band in range(7):
                    expected = [f.id for f in flow.whap_candidates(state, data) if f.whap == band]
                    assert [context[1].ids[i] for i in flow.whappers(context, band)] == expected
            legal = game.legal()
            if legal.kind == "over":
                break
            game.apply(random_event(legal, rng))


def test_a_state_that_is_not_a_roster_gets_the_layout_of_its_own_figures():
    game, data = _game(2)
    state = game.state
    state.figures = state.figures[::-1]
    assert layout(state, data) == _layout_of(state.figures)
