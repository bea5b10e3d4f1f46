"""Ballmonsters! on the on-screen mat (Setup.board == "mat"): refbox keeps every position and computes what
the table reports in the other flow. Whole seeded games with the layout checked after every input, a replay,
and shots measured by hand."""

from __future__ import annotations

import random

from test_ballmonsters_random import invariants, random_setup

from refbox.engine import plain, random_play
from refbox.engine.geometry.hexes import Base
from refbox.engine.geometry.mat import INCH_MM
from refbox.engine.match import Match
from refbox.engine.play import Game, random_event
from refbox.engine.prompts import Event, legal_of
from refbox.games.ballmonsters import onmat, rules
from refbox.games.ballmonsters.models import default_setup
from refbox.games.ballmonsters.steps import STEPS

TABLE_ONLY = {"result", "move", "move_hit"}
"""The questions about the real mat: never asked on refbox's."""


def mat_setup(seed: int) -> dict:
    return {**random_setup(random.Random(seed)), "board": "mat"}


def layout_checked(setup: rules.Setup, seen: set[str]):
    rules_check = invariants(setup)

    def check(match: Match) -> None:
        state = match.state
        rules_check(match)
        seen.add(state.step)
        assert state.step not in TABLE_ONLY, state.step
        assert onmat.layout_problems(state, match.rules.data) == []
        for x, y, facing in state.at.values():
            Base(x, y, facing)  # whole millimetres, a facing 0..11
        assert state.portals == len(state.portal_at)
        if state.turn > 0:
            assert all(b.id in state.at for b in state.balls if b.gone is None)

    return check


def test_seeded_matches_on_the_mat_finish_with_a_sound_layout_after_every_input_and_replay_exactly():
    seen: set[str] = set()
    texts = []
    for seed in range(4):
        setup = rules.Setup.model_validate(mat_setup(seed))
        match = Match.new("ballmonsters", setup.model_dump(), seed=seed)
        random_play.play_random(match, seed, invariant=layout_checked(setup, seen))
        assert match.state.step == "over"
        assert random_play.replayed(match).state == match.state
        texts += [line.text for line in match.state.log]
    assert seen >= {"place", "place_facing", "target", "aim", "momentum", "facing", "bite", "effect", "split",
                    "vector", "fire", "portal", "portal_place"}
    every = "\n".join(texts)
    for happened in ("Duff!", "bites", "is deflated", "Boing along vector", "hits", "portal", "to the mat's edge",
                     "comes to rest", "reinflates"):
        assert happened in every, happened


def test_on_the_mat_every_steps_legal_answers_are_what_its_prompt_offers():
    ruleset = Match.new("ballmonsters", default_setup(), seed=0).rules
    for seed in (21, 22):
        rng = random.Random(seed)
        game = Game.start(ruleset, rules.Setup.model_validate(mat_setup(seed)))
        for _ in range(1500):
            legal, shown = game.legal(), legal_of(ruleset.prompt(game.state))
            assert legal == shown, f"seed {seed}, step {game.state.step}: legal {legal}, prompt {shown}"
            if legal.kind == "over":
                break
            game.apply(random_event(legal, rng))


def test_a_new_match_is_on_the_mat_and_the_table_flow_stays_selectable():
    ruleset = Match.new("ballmonsters", default_setup(), seed=1).rules
    teams = default_setup()["teams"]
    assert rules.Setup.model_validate({"teams": teams}).board == "mat"  # Setup's default
    assert ruleset.new_setup()["board"] == "mat" and Match.new("ballmonsters", ruleset.new_setup(), seed=1).state.mat
    assert not Match.new("ballmonsters", {"teams": teams, "board": "table"}, seed=1).state.mat
    assert ruleset.headless_setup()["board"] == "mat"  # refbox sim measures the coaches where they play


def placed_match() -> Match:
    """A mat match with every ball set down on its first free spot, facing its first way."""
    match = Match.new("ballmonsters", default_setup(board="mat"), seed=5)
    while match.state.step in ("place", "place_facing"):
        match.submit(Event("choose", match.rules.legal(match.state).ids[0]))
    return match


def test_placement_alternates_miniballs_then_the_monsterballs_go_on_opposite_spots():
    match = placed_match()
    state, data = match.state, match.rules.data
    assert state.step == "target" and state.turn == 1
    spots = onmat.spots(data)
    centre = {(s.x, s.y) for s in spots[:16]}
    for ball in state.balls:
        x, y, _ = state.at[ball.id]
        assert ((x, y) in centre) == (ball.kind == "miniball")
    assert {state.at["A0"][:2], state.at["B0"][:2]} == {(s.x, s.y) for s in spots[16:]}
    order = [line.text.split(" is set on ")[0] for line in state.log if " is set on " in line.text]
    assert order[:4] == ["Gobblers Pip", "Chompers Grub", "Gobblers Squib", "Chompers Tusk"]


def test_a_shot_pays_for_each_started_inch_beyond_str_and_falls_short_as_a_duff():
    match = placed_match()
    state, data = match.state, match.rules.data
    shooter = state.monsterball(state.shooter)
    for b in state.balls:  # a clear mat: the shooter, and one enemy miniball 6.5 inches towards the centre
        if b.id not in (shooter.id, "B1"):
            b.gone = "edge"
            state.at.pop(b.id)
    sx, sy, _ = state.at[shooter.id]
    way = 1 if sx < data.mat.width_mm / 2 else -1
    state.at["B1"] = (sx + way * (round(6.5 * INCH_MM) + 26), sy, 0)
    state.at[shooter.id] = (sx, sy, 0)
    side = 4 if way == 1 else 1  # its back middle (normal to the left) or bitey middle (to the right)
    reach = onmat.targets(state, data)
    assert list(reach) == ["B1"] and side in reach["B1"]
    mm, paid = onmat.shot_reach(state, data, reach["B1"][side])
    assert 6 < mm / INCH_MM < 7 and paid == 7  # a started inch counts whole
    assert onmat.arriving_power(shooter.strength + 2, shooter.strength, paid) == shooter.strength + 2 - (7 - shooter.strength)
    assert onmat.arriving_power(6, 6, 7) is None  # momentum 0 at STR 6 reaches 6 inches: a duff
    match.submit(Event("choose", "B1"))
    match.submit(Event("choose", f"{side}:bitey"))
    before = state.scores[1 - state.shooter]
    short = paid - shooter.strength - 1  # one momentum too few
    if short >= 0:
        match.submit(Event("number", short))
        assert state.scores[1 - shooter.team] == before + data.scoring.duff
        assert any("falls short" in line.text for line in state.log)


def test_a_mat_state_checkpoints_and_loads_back_equal():
    match = placed_match()
    dumped = plain.dump(match.state)
    assert plain.load(rules.State, dumped) == match.state
    assert STEPS.table.keys() >= {"place_facing", "aim", "vector", "portal_take"}


def test_the_computer_plays_on_the_mat_only_and_never_declares_a_shot_it_cannot_power():
    from refbox.engine.coach import GreedyCoach

    match = placed_match()
    ruleset, state = match.rules, match.state
    assert ruleset.computer_can_play(rules.Setup.model_validate(default_setup(board="mat")))
    assert not ruleset.computer_can_play(rules.Setup.model_validate(default_setup()))
    game = Game(ruleset, state)
    coach = GreedyCoach(state.shooter, seed=1, iterations=1)
    target = coach.decide(game).event
    assert target.value in onmat.targets(state, ruleset.data)
    game.apply(target)
    game.apply(coach.decide(game).event)  # the edge and side
    momentum = coach.decide(game).event.value
    k, _ = onmat.read_aim(state.aim)
    _, paid = onmat.shot_reach(state, ruleset.data, onmat.targets(state, ruleset.data)[state.target][k])
    strength = state.monsterball(state.shooter).strength
    assert onmat.arriving_power(momentum + strength, strength, paid) is not None


def test_on_the_mat_a_shot_out_of_reach_is_worth_less_than_one_within_it():
    match = placed_match()
    ruleset, state = match.rules, match.state
    reach = {t: min(onmat.shot_reach(state, ruleset.data, p)[1] for p in e.values())
             for t, e in onmat.targets(state, ruleset.data).items() if state.ball(t).team == state.shooter}
    near, far = min(reach, key=reach.get), max(reach, key=reach.get)
    strength = max(0, reach[near] - ruleset.data.shot.max_momentum)
    state.balls[state.index(state.monsterball(state.shooter).id)].strength = strength  # only the nearer in reach
    assert reach[near] <= strength + ruleset.data.shot.max_momentum < reach[far]  # two friendly miniballs, one within reach
    state.step = "aim"
    worth = {}
    for target in (near, far):
        state.target = target
        worth[target] = ruleset.evaluate(state, state.shooter)
    assert 0 < worth[far] < worth[near] < 1


def test_sim_on_the_screen_board_plays_the_mat_and_on_the_table_the_table_flow():
    from refbox.commands import sim as simulate
    from refbox.engine import registry

    entry = registry.lookup("ballmonsters")
    assert simulate.sim_setup(entry, "screen").board == "mat"
    assert simulate.sim_setup(entry, "table").board == "table"
    assert simulate.sim_setup(entry).board == "mat"  # the headless setup: where a new match is played
    try:
        result = simulate.play(simulate.Job(entry, seed=3, sides=("random", "random"), think=0.01, game=0,
                                            board="screen"))
    finally:
        simulate.FREEZER.thaw()  # play() turned the collector off (random games): give it back, as sim's main does
    assert result.finished
    game = Game.start(simulate.loaded(entry), simulate.sim_setup(entry, "screen"))
    assert game.state.mat and game.state.step == "place"


def test_a_boing_vectors_preview_says_with_what_power_it_hits_a_ball_or_meets_the_edge():
    import random
    import re

    from refbox.engine.match import Match
    from refbox.engine.play import random_event

    from refbox.engine.registry import lookup

    setup = {**lookup("ballmonsters").load().new_setup(), "board": "mat"}
    match = Match.new("ballmonsters", setup, seed=3, dice_mode="digital")
    rng, seen = random.Random(3), 0
    while seen < 5 and match.legal().kind != "over":
        if match.state.step == "vector":
            for option in match.prompt().options:
                assert re.search(r", with \d+ power (hits .+|meets (a portal|the edge|nothing))$", option.hint), option.hint
            seen += 1
        match.submit(random_event(match.legal(), rng))
    assert seen == 5
