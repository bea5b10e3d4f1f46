"""The field's action menu drawn at random without listing it (``MenuIds.draw``): every answer drawn is on the
menu, each with the odds a weighted draw from the listed menu gives it, and a menu is the menu of the moment it
was asked, whatever happens to the state after (but the live one random play draws from at once)."""

from __future__ import annotations

import math
import random

from refbox.engine.play import random_event
from refbox.engine.prompts import Legal
from refbox.games.monster_ball import live
from refbox.games.monster_ball.menu import MenuIds
from test_monster_ball_caches import DATA, RULES, plain_menu, states

MENUS = [s for seed in (1, 2, 3) for s in states(seed, "move", every=9, limit=25)]


def odds(listed: tuple[str, ...], weights: dict[str, float] | None) -> dict[str, float]:
    w = {o: (weights or {}).get(o, 1.0) for o in listed}
    total = sum(w.values())
    return {o: v / total for o, v in w.items()}


def test_an_answer_drawn_is_always_on_the_menu():
    rng = random.Random(3)
    for s in MENUS:
        listed = plain_menu(s, DATA)
        for weights in (RULES.random_weights, None, {"tackle": 50.0, "hit": 40.0, "pursue": 30.0}):
            menu = MenuIds(s, DATA)
            for _ in range(40):
                assert menu.draw(rng, weights) in listed


def test_each_answer_is_drawn_with_its_weight_over_the_weight_of_the_whole_menu():
    """A draw turns down the options it finds off the menu and draws again: the odds stay those of the menu."""
    rng, n = random.Random(4), 3000
    for s in MENUS[::4]:
        listed = plain_menu(s, DATA)
        for weights in (RULES.random_weights, None):
            menu = MenuIds(s, DATA)
            drawn = [menu.draw(rng, weights) for _ in range(n)]
            for option, p in odds(listed, weights).items():
                spread = 5 * math.sqrt(p * (1 - p) / n) + 0.003
                assert abs(drawn.count(option) / n - p) < spread, (option, p, drawn.count(option) / n, listed)


def test_random_play_draws_through_the_menu_and_a_screen_reads_it_listed():
    s = MENUS[0]
    legal = live.move_legal(s, DATA)
    assert isinstance(legal.ids, MenuIds)
    assert legal.ids == plain_menu(s, DATA) and list(legal.ids) == list(plain_menu(s, DATA))
    assert len(legal.ids) == len(plain_menu(s, DATA)) and legal.ids[-1] == plain_menu(s, DATA)[-1]
    assert random_event(legal, random.Random(1), RULES.random_weights).value in plain_menu(s, DATA)
    assert Legal("choose", s.mover, plain_menu(s, DATA)) == legal


def test_a_menu_stays_the_menu_of_the_moment_it_was_asked():
    for s in MENUS[:10]:
        before = plain_menu(s, DATA)
        menu = MenuIds(s, DATA)
        walker = next((o for o in before if o[:1] in "LC"), None)
        if walker is None:
            continue
        s.used[walker] = 99  # the figure moves on after the menu was asked
        s.knocked.append(walker)
        assert menu == before and walker in menu and walker not in plain_menu(s, DATA)


def test_headless_play_asks_for_a_live_menu_that_reads_the_state_as_it_is_now():
    """What random play draws from (Rules.drawing_legal): the same menu while nothing changes, no copy kept."""
    for s in MENUS[:10]:
        kept, now = RULES.legal(s), RULES.drawing_legal(s)
        assert now == kept and now.ids.pos is s.pos and kept.ids.pos is not s.pos
        walker = next((o for o in kept.ids if o[:1] in "LC"), None)
        if walker is not None:
            unlisted = RULES.drawing_legal(s)
            s.used[walker] = 99
            assert walker in kept.ids and walker not in list(unlisted.ids)  # a live menu is not to be kept
