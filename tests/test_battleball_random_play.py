"""Seeded random play over whole Battleball games: invariants after every event, exact replay, speed."""

from __future__ import annotations

from collections import Counter

import pytest
from test_battleball_helpers import SETUP, load_data

from refbox.engine import random_play
from refbox.engine.match import Match
from refbox.engine.prompts import GameOver
from refbox.games.battleball.data import Data
from refbox.games.battleball.models import State
from refbox.games.battleball.rules import Battleball
from refbox.games.battleball.steps import STEPS

GAMES = 40
FUMBLE_STEPS = {"fumble-place", "fumble-give"}


def check_invariants(state: State, data: Data, placed_before: int) -> None:
    for side in state.players:
        assert len(side) == 11
    assert state.carnage_placed >= placed_before, "carnage placed never goes down"
    assert 0 <= state.carnage_on_field <= state.carnage_placed
    if state.carrier is not None:
        assert state.player(state.carrier).status == "field", "the carrier is on the field"
        assert not state.ball_at_centre
    assert (state.fumble is not None) == (state.step in FUMBLE_STEPS)
    assert max(state.score) <= data.game.touchdowns_to_win
    assert state.half <= data.game.halves + 1
    touchdowns = sum(state.score)
    if state.step == "over":
        everyone_out = all(p.status == "out" for side in state.players for p in side)
        assert state.result and (max(state.score) == data.game.touchdowns_to_win or everyone_out)
    else:  # each half ends on exactly one touchdown
        assert touchdowns == state.half - 1
    if state.step == "select":
        assert state.on_field(0) and state.on_field(1), "both sides have someone to play"


def play(seed: int, match: Match, steps: Counter) -> int:
    placed = [0]

    def invariant(m: Match) -> None:
        check_invariants(m.state, m.data, placed[0])
        placed[0] = m.state.carnage_placed
        steps[m.state.step] += 1

    n = random_play.play_random(match, seed, invariant=invariant)
    assert isinstance(match.prompt(), GameOver)
    return n


BOARD_ONLY = {"lineup", "lineup-to", "move-to", "pickup", "tackle", "pass-land"}


def test_random_games_at_the_table_keep_the_invariants_and_replay_exactly():
    steps: Counter = Counter()
    for seed in range(GAMES):
        match = Match.new("battleball", SETUP, seed)
        play(seed, match, steps)
        assert random_play.replayed(match).state == match.state
    unreached = set(STEPS.table) - set(steps) - BOARD_ONLY - {"team-rules"}
    assert not unreached, f"random play never reached {unreached}"


def test_random_games_with_team_rules_on_the_card(tmp_path):
    path = tmp_path / "card.toml"
    path.write_text(
        '[meta]\nname = "bb-card"\nextends = "battleball"\n\n[[team_rules]]\nid = "a"\nname = "A"\n\n'
        '[[team_rules]]\nid = "b"\nname = "B"\n'
    )
    from dataclasses import replace

    from refbox.engine import registry

    entry = replace(registry.lookup("battleball"), house_file=path)
    steps: Counter = Counter()
    for seed in range(5):
        match = Match.new(entry, SETUP, seed)
        play(seed, match, steps)
        assert random_play.replayed(match).state == match.state
    assert steps["team-rules"] >= 10


def test_a_game_plays_to_the_end_with_the_odds_warmed_first():
    """Prompt speed with warm odds is measured in bench/prompts.py; here warming changes no prompt."""
    Battleball(load_data()).warm_odds()
    match = Match.new("battleball", SETUP, 7)

    def same_prompt(m: Match) -> None:
        assert m.rules.prompt(m.state) == m.prompt()

    random_play.play_random(match, 7, invariant=same_prompt)
    assert isinstance(match.prompt(), GameOver)


@pytest.mark.slow
def test_many_random_games():
    steps: Counter = Counter()
    for seed in range(1000, 1400):
        match = Match.new("battleball", SETUP, seed)
        play(seed, match, steps)
    assert steps["over"] == 400
