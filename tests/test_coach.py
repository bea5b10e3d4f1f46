"""The computer coach: it answers only its own questions, only legally, never by peeking at the match's dice;
`refbox sim` plays matches between coaches and ends on one JSON line."""

import gc
import itertools
import json
import random
from types import MappingProxyType

import pytest

from refbox.commands import sim as simulate
from refbox.cli import main
from refbox.engine import coach, plain, play
from refbox.engine.dice import DigitalRoller
from refbox.engine.match import Match
from refbox.engine.play import Game, random_event
from refbox.engine.prompts import Legal

BATTLEBALL = {"coaches": ["Ann", "Bob"], "first_coach_team": "iron-wolves", "board": "table"}


@pytest.fixture
def quick(monkeypatch):
    monkeypatch.setattr(coach.GreedyCoach, "leaves", 16)
    monkeypatch.setattr(coach.SearchCoach, "depth", 4)


@pytest.mark.parametrize("levels", [("random", "greedy"), ("greedy", "search"), ("search", "random")])
def test_coaches_answer_only_their_own_questions_and_only_legally(quick, levels, monkeypatch):
    match = Match.new("battleball", BATTLEBALL, seed=3)
    coaches = {side: coach.make(level, side, seed=1, iterations=12) for side, level in enumerate(levels)}

    def no_peeking(*_args):
        raise AssertionError("a coach read the match's digital dice")

    rng = random.Random(5)
    for _ in range(400):
        legal = match.legal()
        if legal.kind == "over":
            break
        if legal.kind == "roll":
            event = match.roll_digital()
        elif legal.actor in coaches:
            with monkeypatch.context() as m:
                m.setattr(DigitalRoller, "roll", no_peeking)
                decision = coaches[legal.actor].decide(Game(match.rules, match.state), legal)
            event = decision.event
        else:
            event = random_event(legal, rng)
        match.submit(event)  # checked against the legal answers: an illegal decision fails here
    assert match.legal().kind == "over"


def to_a_decision(seed: int) -> Match:
    """A match advanced at random to the first choice a coach makes."""
    match, rng = Match.new("battleball", BATTLEBALL, seed=seed), random.Random(seed)
    while match.legal().actor is None or match.legal().kind != "choose" or len(match.legal().ids) < 2:
        match.submit(random_event(match.legal(), rng))
    return match


def test_a_coach_decides_on_a_copy_and_leaves_the_game_as_it_was(quick):
    match = to_a_decision(3)
    before = plain.dump(match.state)
    coach.make("search", match.legal().actor, iterations=20).decide(Game(match.rules, match.state))
    assert plain.dump(match.state) == before


def test_the_same_seed_and_budget_make_the_same_decision(quick):
    match = to_a_decision(4)
    game = Game(match.rules, match.state)
    legal = match.legal()
    first = coach.make("search", legal.actor, seed=9, iterations=30).decide(game, legal)
    again = coach.make("search", legal.actor, seed=9, iterations=30).decide(game, legal)
    assert first.event == again.event


def test_an_unknown_level_is_refused_with_the_choices():
    with pytest.raises(ValueError, match="random, greedy, search"):
        coach.make("clever", 0)


def test_sim_plays_matches_and_ends_on_one_json_line(capsys):
    assert main(["sim", "battleball", "--games", "4", "--seed", "7"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["ruleset"] == "battleball" and summary["games"] == 4
    assert sum(summary["wins"]) + summary["draws"] == 4 and summary["inputs_per_game"] > 10


def test_a_game_that_never_ends_is_counted_as_unfinished_not_as_a_draw_or_a_crash(capsys, monkeypatch):
    monkeypatch.setattr(simulate, "MAX_INPUTS", 5)  # no Battleball match ends within 5 inputs
    assert main(["sim", "battleball", "--games", "2", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    summary = json.loads(out.strip().splitlines()[-1])
    assert summary["unfinished"] == 2 and summary["draws"] == 0 and summary["wins"] == [0, 0]
    assert "unfinished 2" in out and summary["inputs_per_game"] == 5 and summary["us_per_input"] > 0


def test_sim_games_run_with_what_earlier_ones_left_frozen_and_sim_gives_it_back_at_the_end(capsys, monkeypatch):
    frozen_at_start = []
    real = simulate.play_out
    monkeypatch.setattr(simulate, "play_out", lambda *a: frozen_at_start.append(gc.get_freeze_count()) or real(*a))
    assert main(["sim", "ballmonsters", "--games", "2", "--seed", "7", "--sides", "greedy,random"]) == 0
    assert len(frozen_at_start) == 2 and all(n > 0 for n in frozen_at_start)
    assert gc.get_freeze_count() == 0


def test_sim_plays_random_coaches_without_the_automatic_collector_and_turns_it_back_on(capsys, monkeypatch):
    collecting = []
    real = simulate.play_out
    monkeypatch.setattr(simulate, "play_out", lambda *a: collecting.append(gc.isenabled()) or real(*a))
    assert gc.isenabled()
    assert main(["sim", "battleball", "--games", "2", "--seed", "7"]) == 0
    assert collecting == [False, False] and gc.isenabled()


def test_the_survivors_are_frozen_before_the_first_game_then_once_every_so_many_inputs_not_every_game(monkeypatch):
    freezes = []
    monkeypatch.setattr(simulate, "freeze_survivors", lambda collect=True: freezes.append(collect))
    freezer = simulate.Freezer(every=100)
    for inputs in (60, 30, 20, 90, 5):  # frozen before the 1st game, then after 110 inputs, not after 95
        freezer.before_game()
        freezer.after_game(inputs)
    assert freezes == [False, True]  # the first without a collection: the imports' objects, not garbage


def test_random_games_run_without_the_automatic_collector_and_freeze_nothing(monkeypatch):
    freezes, states = [], []
    monkeypatch.setattr(simulate, "freeze_survivors", lambda collect=True: freezes.append(collect))
    freezer = simulate.Freezer(every=100)
    was = gc.isenabled()
    try:
        gc.enable()
        for cyclic in (False, False, True, False, True):
            freezer.before_game(cyclic=cyclic)
            states.append(gc.isenabled())
            freezer.after_game(60)
        freezer.thaw()
        assert states == [False, False, True, False, True] and gc.isenabled()
        assert freezes == [False, True]  # only before the cyclic games: the first, then after 120 inputs
    finally:
        (gc.enable if was else gc.disable)()


def test_thaw_gives_what_the_games_left_back_as_the_oldest_generation_without_walking_it():
    """Turning the collector back on must not leave the games' survivors in the youngest generation, where the
    next allocation would walk every one of them."""
    freezer = simulate.Freezer()
    was = gc.isenabled()
    try:
        gc.enable()
        freezer.before_game(cyclic=False)  # a random game: the collector is off
        survivor = [[]]  # something a game made and a cache kept
        freezer.after_game(1)
        freezer.thaw()
        assert gc.isenabled() and gc.get_freeze_count() == 0
        assert not any(o is survivor for o in gc.get_objects(generation=0))
        assert any(o is survivor for o in gc.get_objects(generation=2))
    finally:
        (gc.enable if was else gc.disable)()


def test_random_play_makes_no_reference_cycles_in_any_ruleset():
    """What lets random games run without the automatic collector: refcounting frees all they leave. Played in
    a fresh interpreter, so that nothing else in the process makes garbage meanwhile."""
    import subprocess
    import sys

    code = """
import gc, random
from refbox.engine import registry
from refbox.commands import sim as simulate
from refbox.engine.play import Game, play_out
for entry in registry.BUILTIN:
    rules = simulate.loaded(entry)
    setup = simulate.sim_setup(entry)
    play_out(Game.start(rules, setup), None, random.Random(0))  # first use: imports, caches
    gc.collect()
    gc.disable()
    for seed in (1, 2):
        play_out(Game.start(rules, setup), None, random.Random(seed))
    print(entry.name, gc.collect())
    gc.enable()
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    found = dict(line.split() for line in out.splitlines())
    assert len(found) == 5 and set(found.values()) == {"0"}, found


def test_sim_reads_a_ruleset_file_once_not_once_a_game(capsys, monkeypatch):
    from refbox.engine import ruleset
    reads = []
    real = ruleset.load
    monkeypatch.setattr(ruleset, "load", lambda *a, **k: reads.append(a) or real(*a, **k))
    monkeypatch.setattr(simulate, "_LOADED", {})
    assert main(["sim", "ballmonsters", "--games", "5", "--seed", "3"]) == 0
    assert len(reads) == 1


def test_sim_refuses_bad_sides_clearly(capsys):
    assert main(["sim", "battleball", "--sides", "random,wizard"]) == 2
    assert "--sides takes two of random, greedy, search" in capsys.readouterr().err
    assert main(["sim", "nosuchgame"]) == 2
    assert "unknown ruleset" in capsys.readouterr().err


def test_search_looks_past_the_pick_to_what_the_figure_can_do_with_its_roll():
    """Picking a figure changes nothing yet, so greedy takes the first one; search plays each pick on (the
    roll, the move) and sends the one carrying the ball two squares from the end zone."""
    from test_battleball_helpers import WOLVES, BoardTable

    from refbox.games.battleball.rules import Battleball

    t = BoardTable().kickoff(first=WOLVES)
    t.arrange({"RB1": (2, 10), "S1": (38, 10)}, {"L1": (20, 3), "L2": (20, 17)}, carrier=(WOLVES, "S1"))
    game = Game(Battleball(t.data), t.state)
    legal = game.legal()
    assert legal.kind == "choose" and legal.ids[0] == "RB1" and "S1" in legal.ids
    assert coach.make("greedy", WOLVES).decide(game, legal).event.value == "RB1"
    assert coach.make("search", WOLVES, seed=3, iterations=24).decide(game, legal).event.value == "S1"


def test_a_game_that_ends_on_its_last_allowed_input_is_finished():
    from refbox.engine import registry
    from refbox.engine.play import play_out

    rules = registry.lookup("battleball").load()
    setup = rules.Setup.model_validate(rules.headless_setup())
    n = play_out(Game.start(rules, setup), None, random.Random(3))
    assert play_out(Game.start(rules, setup), None, random.Random(3), max_inputs=n) == n


def test_a_weighted_draw_among_plain_answers_is_the_draw_weights_of_one_would_make():
    """Squares carry no weight of their own: the shortcut for them must draw exactly what rng.choices would,
    so seeded random play (demo matches, benchmarks) is unchanged by it."""
    ids = tuple(f"sq:{i}" for i in range(220))
    legal = Legal("choose", ids=ids)
    for seed in range(200):
        fast = random_event(legal, random.Random(seed), {"done": 30.0}).value
        assert fast == random.Random(seed).choices(ids, cum_weights=range(1, 221))[0]
    weighted = [random_event(Legal("choose", ids=("done", "stay")), random.Random(s), {"done": 30.0}).value
                for s in range(300)]
    assert weighted.count("done") > 250  # a listed weight still counts


def test_a_weighted_draw_is_the_one_rng_choices_makes_and_its_caches_stay_bounded():
    """A list with weighted answers draws exactly what rng.choices draws with the running totals; a long game
    asks ever new lists, and what a drawer keeps for them does not grow without end."""
    weights = {"done": 30.0, "halt": 0.5}
    for seed in range(200):
        ids = ("done", *(f"sq:{i}" for i in range(seed % 7)), "halt")
        totals = list(itertools.accumulate(weights.get(i, 1.0) for i in ids))
        drawn = random_event(Legal("choose", ids=ids), random.Random(seed), weights).value
        assert drawn == random.Random(seed).choices(ids, cum_weights=totals)[0]
    rng, drawer = random.Random(1), play.Drawer(weights)
    for n in range(50_000):  # the same answers in a new tuple each time, and new answers
        drawer.draw(Legal("choose", ids=tuple(["done", "stay"])), rng)
        drawer.draw(Legal("choose", ids=("done", f"sq:{n}")), rng)
    assert len(drawer._totals) <= 20_001


@pytest.mark.parametrize("name", ["monster-ball", "slargeball"])
def test_random_coaches_answer_inline_exactly_what_their_decider_would(name):
    """Between random coaches play_out draws every answer itself (no call a decision): each side from its
    coach's RNG, the table from the game's. The game must be the one the same coaches play through their
    decide function."""
    from refbox.engine import registry
    from refbox.engine.play import RandomAnswers, play_out

    entry = registry.lookup(name)
    rules = simulate.loaded(entry)
    played = []
    for inline in (True, False):
        coaches = {side: coach.make("random", side, seed=7) for side in (0, 1)}
        decide = coach.deciders(coaches, random.Random(11), rules.drawer)
        assert type(decide) is RandomAnswers
        if not inline:
            decide = decide.__call__  # the same draws, asked one decision at a time
        game = Game.start(rules, simulate.sim_setup(entry), logged=True)
        inputs = play_out(game, decide, random.Random(5))  # the dice
        played.append((inputs, game.outcome(), [line.text for line in game.state.log]))
    assert played[0] == played[1]
    assert played[0][0] > 50


def test_a_ruleset_may_set_the_search_coachs_limits_and_the_rest_stay_the_coachs():
    game = Game(Match.new("battleball", BATTLEBALL, seed=3).rules, Match.new("battleball", BATTLEBALL, seed=3).state)
    search = coach.make("search", 0, iterations=4)
    assert search.limit(game, "widest") == coach.SearchCoach.widest  # Battleball sets none

    class Narrow(type(game.rules)):
        search_limits = MappingProxyType({"widest": 2, "probes": 1})

    narrow = Game(Narrow(game.rules.data), game.state)
    assert (search.limit(narrow, "widest"), search.limit(narrow, "probes")) == (2, 1)
    assert search.limit(narrow, "depth") == coach.SearchCoach.depth


def test_a_play_out_overrules_greedys_answer_only_by_more_than_the_margin():
    """Paired differences against greedy's answer (the first): a gain of one standard error is noise at a
    margin of 3 (Slargeball's: a dozen answers on a few play-outs), a steady gain is not."""
    from refbox.engine.coach import SearchCoach
    from refbox.engine.prompts import Event

    coach = SearchCoach(0)
    options = [Event("choose", "greedy"), Event("choose", "noisy"), Event("choose", "steady")]
    base = [0.5, 0.5, 0.5, 0.5]
    noisy = [0.9, 0.1, 0.9, 0.3]  # mean gain 0.05, standard error 0.19
    steady = [0.6, 0.61, 0.59, 0.6]
    assert coach._pick(options[:2], [base, noisy], 0.2)[0].value == "noisy"
    assert coach._pick(options[:2], [base, noisy], 3)[0].value == "greedy"
    assert coach._pick(options, [base, noisy, steady], 3)[0].value == "steady"


def test_a_ruleset_can_budget_the_search_by_phase():
    """With ``coach_phase`` and ``phase_ms`` the search shares the phase's time among the decisions still to
    come in it (never above --think); a new phase starts a new budget; without them each decision gets think."""
    from types import SimpleNamespace

    from refbox.engine.coach import SearchCoach

    plan = {"phase": ("T1", "move"), "left": 4}
    rules = SimpleNamespace(search_limits={"phase_ms": 800},
                            coach_phase=lambda state, side: (plan["phase"], plan["left"]))
    game = SimpleNamespace(rules=rules, state=None)
    coach = SearchCoach(0, think=0.5)
    assert coach.budget(game) == pytest.approx(0.2)  # 0.8 s over four decisions
    coach.spent = 0.6
    plan["left"] = 1
    assert coach.budget(game) == pytest.approx(0.2)  # what is left
    coach.spent = 0.9
    assert coach.budget(game) == 0.0  # spent: greedy's answer
    plan["phase"], plan["left"] = ("T1", "whap"), 1
    assert coach.budget(game) == pytest.approx(0.5)  # a new phase; never above think
    rules.coach_phase = lambda state, side: None
    assert coach.budget(game) == 0.5
