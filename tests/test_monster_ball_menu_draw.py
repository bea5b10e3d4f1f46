"""The field's action menu: listed, it is what the rules say figure by figure; drawn at random without listing it
(``MenuIds.draw``), every answer drawn is on the menu, each with the odds a weighted draw from the listed menu gives it, and a menu is the menu of the moment it
was asked, whatever happens to the state after (but the live one random play draws from at once)."""

from __future__ import annotations

import math
import random

import pytest

from refbox.engine import registry
from refbox.engine.clone import clone
from refbox.engine.play import Game, random_event
from refbox.engine.prompts import Legal
from refbox.games.monster_ball import flow, live, places, side_moves
from refbox.games.monster_ball.menu import MenuIds

RULES = registry.lookup("monster-ball").load()
DATA = RULES.data
SETUP = RULES.Setup.model_validate(RULES.headless_setup())


def states(seed: int, step: str, every: int = 7, limit: int = 60) -> list:
    """Copies of the state each ``every``-th time random play reaches ``step``."""
    game, rng, out, seen = Game.start(RULES, SETUP), random.Random(seed), [], 0
    while len(out) < limit:
        legal = game.legal()
        if legal.kind == "over":
            break
        if game.state.step == step:
            seen += 1
            if seen % every == 0:
                out.append(clone(game.state))
        game.apply(random_event(legal, rng, None if legal.kind == "roll" else RULES.random_weights))
    return out


def plain_menu(s, data) -> tuple[str, ...]:
    """The field's action menu as the rules say it, figure by figure (no bitboards, no kept squares)."""
    team, other = s.mover, 1 - s.mover
    down = set(s.knocked) | set(s.stunned)
    mine = [pid for pid in s.teams[team].field if pid not in down]
    theirs = [pid for pid in s.teams[other].field if pid not in down]
    carrier = s.carrier if s.ball == "held" else None
    next_to = lambda a, b: abs(s.pos[a][0] - s.pos[b][0]) <= 1 and abs(s.pos[a][1] - s.pos[b][1]) <= 1  # noqa: E731
    ids = ["done"]
    if carrier in theirs and any(next_to(pid, carrier) for pid in mine):
        ids.append("tackle")
    if carrier in mine and len(mine) > 1 and not (carrier == s.hike_catcher and s.round == 1):
        ids.append("pass")
    for pid in mine:
        kind = flow.creature(s, data, pid).cheat_kind
        if pid in s.cheated:
            continue
        if ((kind == "blink" and pid not in s.held) or (kind == "missile" and theirs)
                or (kind == "holding" and any(next_to(pid, o) for o in theirs))):
            ids.append("cheat")
            break
    if any(next_to(m, o) for m in mine for o in theirs if o != carrier):
        ids.append("hit")
    walking = [pid for pid in mine if pid not in s.held and places.steps_left(s, data, pid) > 0]
    if walking and side_moves.advance_plan(s, data):
        ids.append("advance")
    if walking and side_moves.pursue_plan(s, data):
        ids.append("pursue")
    if s.captain_minute:
        ids.append("timeout")
    return tuple(ids + walking)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_menu_is_what_the_rules_say_figure_by_figure(seed):
    for s in states(seed, "move"):
        assert live.move_legal(s, DATA).ids == plain_menu(s, DATA)



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
