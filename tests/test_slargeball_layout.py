"""Slargeball's shortcuts agree with reading every figure: the roster layout (worked out once per ruleset for
each roster size) matches the figures of every state of random play, for every squad count, and a state whose
figures are not such a roster gets a layout read from its own figures."""

import random

from refbox.engine import registry
from refbox.engine.play import Game, random_event
from refbox.games.slargeball import flow
from refbox.games.slargeball.lineup import figure, layout, layout_of


def _game(squads: int):
    rules = registry.lookup("slargeball").load()
    setup = rules.Setup.model_validate({**rules.headless_setup(), "squads": squads})
    return Game.start(rules, setup), rules.data


def test_the_layout_matches_the_figures_of_every_state_of_random_play():
    for squads in range(1, 6):
        game, data = _game(squads)
        rng = random.Random(squads)
        for _ in range(400):
            state = game.state
            assert layout(state, data) == layout_of(state.figures)
            if state.step == "whap_menu":  # the band-by-band shortcut finds the same figures
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
    assert layout(state, data) == layout_of(state.figures)
    assert all(figure(state, data, f.id) is f for f in state.figures)


def test_every_roster_size_the_ruleset_allows_has_its_layout_worked_out_once():
    game, data = _game(2)
    assert data.facts is data.facts
    assert sorted(data.facts.layouts) == sorted(len(_game(n)[0].state.figures) for n in range(1, 6))
    assert layout(game.state, data) is data.facts.layouts[len(game.state.figures)]
