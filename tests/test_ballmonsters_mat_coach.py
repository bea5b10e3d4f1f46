"""The computer coach on Ballmonsters!' mat (coaching.py, coach_plans.py): shot plans seen through the
geometry. A monsterball, its own miniball and a portal lined up behind it: the coach aims there, picks the
vector that drops the miniball and gives it the power to get there."""

from __future__ import annotations

import math
import random

from test_ballmonsters_mat import mat_setup, placed_match

from refbox.engine.coach import GreedyCoach
from refbox.engine.geometry.mat import INCH_MM, boing_directions
from refbox.engine.play import Game, random_event
from refbox.engine.prompts import Event, Legal
from refbox.games.ballmonsters import coach_plans, coaching, onmat
from refbox.games.ballmonsters import rules as bm


def lined_up(portal: bool = True):
    """The shooter and one miniball of its own 4 inches apart along the long side; a foe's miniball and its
    monsterball in corners, every other ball gone;
    the edge facing the shooter; a portal 3 inches (centre to centre) beyond the miniball, straight away from
    that edge: a bounce of 2 inches or more along vector A drops it."""
    match = placed_match()
    state, data = match.state, match.rules.data
    me = state.monsterball(state.shooter)
    mine = next(b for b in state.balls if b.team == me.team and b.kind == "miniball")
    foe = next(b for b in state.balls if b.team != me.team and b.kind == "miniball")
    for b in state.balls:
        if b.id not in (me.id, mine.id, foe.id, state.monsterball(foe.team).id):
            b.gone = "edge"
            state.at.pop(b.id)
    state.at[foe.id] = (30, 30, 0)  # a foe's miniball, strong, out of the way in a corner: the game goes on
    foe.strength = 3
    state.at[state.monsterball(foe.team).id] = (564, 390, 0)  # and its monsterball in the far corner
    x, y = round(data.mat.width_mm / 2), round(data.mat.height_mm / 2)
    state.at[me.id] = (x - round(4 * INCH_MM), y, 0)
    state.at[mine.id] = (x, y, 0)
    edges = onmat.targets(state, data)[mine.id]
    side = min(edges, key=lambda k: onmat.shot_reach(state, data, edges[k])[0])
    away = boing_directions(onmat.the_mat(data), onmat.base(state, mine.id), side, 0)[0]
    px = x + round(3 * INCH_MM * math.cos(math.radians(away)))
    py = y + round(3 * INCH_MM * math.sin(math.radians(away)))
    state.portal_at = [(px, py, 0)] if portal else []
    state.portals = len(state.portal_at)
    return match, mine.id, side


def test_an_edge_that_lines_the_miniball_up_with_a_portal_promises_the_drop():
    match, mine, side = lined_up()
    state, data = match.state, match.rules.data
    with_portal = coach_plans.edge_plan(state, data, mine, side, "back", 11, onmat.targets(state, data)[mine][side])
    assert with_portal > 2  # most of the 3 points of a drop
    assert coach_plans.portal_vectors(state, data, mine, side, 2) == [True, False, False]
    assert coach_plans.portal_vectors(state, data, mine, side, 1) == [False, False, False]  # too little power
    empty, _, _ = lined_up(portal=False)
    place = onmat.targets(empty.state, empty.rules.data)[mine][side]
    assert coach_plans.edge_plan(empty.state, empty.rules.data, mine, side, "back", 11, place) == 0


def test_greedy_aims_at_the_lined_up_edge_then_drops_its_miniball_into_the_portal():
    match, mine, _ = lined_up()
    state, rules = match.state, match.rules
    game = Game(rules, state)
    coach = GreedyCoach(state.shooter, seed=1, iterations=1)
    assert coach.decide(game).event == Event("choose", mine)
    game.apply(Event("choose", mine))
    aim = coach.decide(game).event.value
    k, kind = onmat.read_aim(aim)
    place = onmat.targets(state, rules.data)[mine][k]
    assert coach_plans.edge_plan(state, rules.data, mine, k, kind, 11, place) > 2  # an edge that lines up a drop
    game.apply(Event("choose", aim))
    assert rules.coach_default(state, rules.legal(state)) == Event("number", rules.data.shot.max_momentum)
    game.apply(Event("number", rules.data.shot.max_momentum))
    while state.step != "vector":  # a friendly bite, if the side it chose calls for one: any faces
        legal = game.legal()
        game.apply(Event("roll", [1] * len(legal.sides), "digital") if legal.kind == "roll"
                   else coach.decide(game).event)
    b = state.bounce
    drops = coach_plans.portal_vectors(state, rules.data, mine, b.side, b.power - rules.data.boing.keep_monsterball)
    vector = coach.decide(game).event
    assert drops[rules.data.boing.vectors.index(vector.value)]
    game.apply(vector)
    before = state.scores[state.shooter]
    game.apply(coach.decide(game).event)
    assert state.ball(mine).gone == "portal" and state.scores[state.shooter] >= before + 3


def test_the_coach_shoots_at_full_momentum_on_the_mat_only():
    match, _, _ = lined_up()
    rules, state = match.rules, match.state
    state.step = "momentum"
    legal = Legal("number", state.shooter, max=6)
    assert rules.coach_default(state, legal) == Event("number", 6)
    state.mat = False
    assert rules.coach_default(state, legal) is None


def test_a_foes_str_0_miniball_in_reach_is_a_threat_at_the_start_of_a_turn():
    match = placed_match()
    state, data = match.state, match.rules.data
    assert state.step == "target"
    threat = coaching.best_shot(state, data)  # the enemy's miniballs start at STR 0, some in reach
    assert 0 < threat <= data.scoring.deflation + coaching.DEFLATED_WORTH
    for b in state.balls:
        if b.team != state.shooter:
            b.strength = 1
    assert coaching.best_shot(state, data) == 0


def test_the_shots_choices_come_best_plan_first_for_a_coach_trying_only_the_first_few():
    match, mine, _ = lined_up()
    state, rules = match.state, match.rules
    order = rules.coach_options(state, rules.legal(state))
    assert order[0] == mine and sorted(order) == sorted(rules.legal(state).ids)
    state.target, state.step = mine, "aim"
    aims = rules.coach_options(state, rules.legal(state))
    assert coaching.plan_on(state, rules.data, mine, aims[0]) >= coaching.plan_on(state, rules.data, mine, aims[-1])
    assert coaching.plan_on(state, rules.data, mine, aims[0]) > 2
    assert rules.search_limits["widest"] < 12  # the search rolls out fewer answers here
    state.mat = False
    assert rules.coach_options(state, rules.legal(state)) is None


def test_deflating_a_foes_last_miniball_is_worth_the_game_when_ahead_and_dreaded_when_behind():
    match, _, _ = lined_up()
    state, data = match.state, match.rules.data
    me = state.shooter
    foe = next(b for b in state.balls if b.team != me and b.kind == "miniball" and b.gone is None)
    foe.strength = 0
    assert state.miniballs_left(foe.team) == 1
    state.scores = [0, 0]
    assert coach_plans._bitten(state, data, foe, me, True) == coach_plans.ENDS  # 2 points ahead: the game is won
    state.scores[1 - me] = 5
    assert coach_plans._bitten(state, data, foe, me, True) == -coach_plans.ENDS  # still behind when it ends
    other = next(b for b in state.balls if b.team != me and b.kind == "miniball" and b.id != foe.id)
    other.gone = None
    state.at[other.id] = (60, 380, 0)
    assert coach_plans._bitten(state, data, foe, me, True) == data.scoring.deflation + coaching.DEFLATED_WORTH


def test_a_bouncing_ball_is_laid_the_way_whose_bite_and_boing_promise_most_without_trying_every_face():
    rules = placed_match().rules
    seen = 0
    for seed in range(3):
        game = Game.start(rules, bm.Setup.model_validate(mat_setup(seed)))
        rng = random.Random(seed)
        for _ in range(2000):
            legal = game.legal()
            if legal.kind == "over":
                break
            if game.state.step == "facing" and len(legal.ids) > 1:
                chosen = rules.coach_default(game.state, legal)
                worth = {a: rules._laid(game.state, a) for a in legal.ids}
                assert chosen.value in legal.ids and worth[chosen.value] == max(worth.values())
                seen += 1
            game.apply(random_event(legal, rng))
    assert seen >= 2


def test_the_split_that_just_drops_its_own_miniball_comes_first_and_one_that_drops_a_foes_last():
    match, mine, side = lined_up()
    state, rules = match.state, match.rules
    game = Game(rules, state)
    game.apply(Event("choose", mine))
    no_bite = next(kind for kind in ("bitey", "back")
                   if not rules.data.bite.friendly.calls_for_bite(f"{kind}_{'bitey' if side < 3 else 'back'}"))
    game.apply(Event("choose", f"{side}:{no_bite}"))
    game.apply(Event("number", 6))
    game.apply(Event("choose", "A"))
    legal = rules.legal(state)
    order = rules.coach_numbers(state, legal)
    assert sorted(order) == list(range(legal.min, legal.max + 1))
    assert order[0] == 2  # the portal is 3 inches off, centre to centre: 2 started inches touch it
    state.ball(mine).team = 1 - state.ball(mine).team  # were it a foe's: keep it out
    order = rules.coach_numbers(state, legal)
    assert order[0] == 0 and set(order[-(legal.max - 1):]) == set(range(2, legal.max + 1))
