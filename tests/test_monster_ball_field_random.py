"""Headless random games on the on-screen field (refbox.engine.play with the rules' legal answers and
RANDOM_WEIGHTS): they never ask a geometry question, keep the field's invariants after every input, produce
every kind of play the rules have, and replay identically through a Match."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from refbox.engine import registry
from refbox.engine.match import Match
from refbox.engine.play import Game, random_event
from refbox.engine.random_play import replayed
from refbox.games.monster_ball import places
from refbox.games.monster_ball.flow import MAX_ON_FIELD

ENTRY = registry.lookup("monster-ball")
RULES = ENTRY.load()
DATA = RULES.data
SETUP = RULES.headless_setup()

TABLE_QUESTIONS = {"fg_zones", "missile_grids", "pass_grids", "spot", "kick_catchers", "pass_contest", "recovery_pick",
                   "tackle_tacklers", "hustle_mover", "hustle_blocker"}
"""The table's geometry questions ("count the zones", "how many grids", "where is the ball", "who stands where"):
never asked on the field."""

CENSUS = {
    "kick": ("kick-off carries", "punt carries", "goes 12 zones", "zones into the end zone", "Field goal"),
    "catch": ("makes the catch", "catches the kick"),
    "pass": ("throws",),
    "hustle": ("Hustle",),
    "tackle": ("Tackle ",),
    "dog pile": ("(dog pile)",),
    "fumble": ("Fumble!",),
    "recovery": ("recovers the ball",),
    "field goal": ("Field goal is good",),
    "touchdown": ("Touchdown",),
}


def check_field(s, data) -> None:
    """The field's invariants: checked after every input of a random game."""
    p = data.pitch
    assert s.board
    for team in s.teams:
        assert len(team.field) <= MAX_ON_FIELD and len(set(team.field)) == len(team.field)
        assert set(team.field) <= {pl.id for pl in team.players if not pl.ejected}
    if s.step not in ("draft", "over"):
        fielded = {pid for t in s.teams for pid in t.field}
        assert set(s.pos) == fielded, "every figure on the field has a square, and only those"
        assert 1 <= s.to_go <= data.field.squares and 1 <= s.down <= data.field.downs
    for pid, sq in s.pos.items():
        assert p.in_field(sq), f"{pid} stands on {sq}, off the field"
    by_square = Counter(s.pos.values())
    for sq, n in by_square.items():
        if n > 1:  # only a won Hustle puts a figure into an occupied square
            crowded = [pid for pid, at in s.pos.items() if at == sq and pid in s.crowded]
            assert len(crowded) >= n - 1, f"{n} figures on {sq} and only {crowded} won a Hustle"
    assert (s.ball == "held") == (s.carrier is not None)
    if s.ball == "held":
        assert s.carrier in s.pos and s.ball_at is None
    elif s.ball in ("air", "loose"):
        assert s.ball_at is not None and p.on_board(s.ball_at)
    elif s.ball == "none":
        assert s.ball_at is None
    for pid, used in s.used.items():
        assert 0 < used <= DATA.creature(s.player(pid).creature).move, f"{pid} used {used} steps"
    assert (s.selected is not None) == (s.step in ("move_to", "arrange_to", "blink_to"))
    if s.step in ("between", "arrange", "kick_kicker") and s.pos:  # line-ups: each side on its own side of the line
        for team in (0, 1):
            area = places.region(s, DATA, team)
            assert all(sq in area for pid, sq in s.pos.items() if s.team_of(pid) == team)
    assert len(set(s.cheated)) == len(s.cheated)


def play(seed: int, max_inputs: int = 100_000, invariants: bool = True) -> tuple[Game, Counter, list]:
    game = Game.start(RULES, RULES.Setup.model_validate(SETUP), logged=True)  # the census reads the log
    rng, steps, events = random.Random(seed), Counter(), []
    for _ in range(max_inputs):
        legal = game.legal()
        if legal.kind == "over":
            break
        steps[game.state.step] += 1
        assert legal.kind != "number", f"a number asked on the field at {game.state.step}"
        event = random_event(legal, rng, RULES.random_weights)
        events.append(event)
        game.apply(event)
        if invariants:
            check_field(game.state, DATA)
    return game, steps, events


def census(game: Game) -> Counter:
    found = Counter()
    for line in game.state.log:
        for kind, words in CENSUS.items():
            if any(w in line.text for w in words):
                found[kind] += 1
    return found


def test_random_games_on_the_field_play_every_kind_of_play_and_ask_no_geometry():
    total, asked = Counter(), Counter()
    for seed in range(3):
        game, steps, _ = play(seed)
        assert game.legal().kind == "over", "the game reaches its end"
        assert max(game.outcome()) >= DATA.scoring.target_points
        total += census(game)
        asked += steps
    assert not TABLE_QUESTIONS & set(asked), f"geometry asked: {TABLE_QUESTIONS & set(asked)}"
    assert set(CENSUS) <= set(total), f"never happened: {set(CENSUS) - set(total)}"


@pytest.mark.parametrize("seed", [11, 12])
def test_a_field_game_replays_identically_through_a_match(seed):
    game, _, events = play(seed, max_inputs=2500, invariants=False)
    match = Match.new("monster-ball", SETUP, seed=1)
    for event in events:
        match.submit(event)
    assert match.state == game.state
    assert replayed(match).state == match.state
