"""Whole games of random legal play: invariants after every input, exact journal replay, and speed."""

from __future__ import annotations

import subprocess
import sys

import pytest

from refbox.engine import random_play
from refbox.engine.match import Match
from refbox.engine.prompts import legal_of
from refbox.games.monster_ball.flow import MAX_ON_FIELD
from test_monster_ball_helpers import house_rules, new_match

REFEREES = ["zombie-bob", "ettin-carl", "hydra-harry", "eye-tyrant-earl"]


def setup_for(seed: int) -> dict:
    return {
        "lineups": "gym_class" if seed % 3 == 0 else "presets",
        "referee": REFEREES[seed % 4],
        "coin_winner": seed % 2,
        "winner_choice": "kick" if seed % 5 == 0 else "receive",
        "captain_minute": seed % 2 == 0,
        "board": "table",  # the on-screen field's random games: test_monster_ball_field_random.py
    }


class Invariants:
    """Checked after every input of a random game."""

    def __init__(self) -> None:
        self.seconds = 0

    def __call__(self, match: Match) -> None:
        s, data = match.state, match.data
        for team in s.teams:
            assert len(team.field) <= MAX_ON_FIELD
            assert len(set(team.field)) == len(team.field)
            ids = {p.id for p in team.players if not p.ejected}
            assert set(team.field) <= ids, "only players still in the game are on the field"
            assert team.score >= 0
        assert (s.ball == "held") == (s.carrier is not None)
        if s.carrier is not None:
            assert s.carrier in s.teams[s.team_of(s.carrier)].field
        if s.step != "draft":
            assert 1 <= s.to_go <= data.field.squares
            assert 1 <= s.down <= data.field.downs
        assert len(set(s.cheated)) == len(s.cheated), "a player cheats at most once per round"
        assert s.seconds >= self.seconds, "the game clock never runs backwards"
        self.seconds = s.seconds
        if s.victory == "points" and s.step != "over":
            assert max(t.score for t in s.teams) < data.scoring.target_points
        assert match.legal() == legal_of(match.prompt()), "the fast legal answers are the prompt's"
        assert not s.board and not s.pos
        match.rules.view(s)


@pytest.mark.parametrize("seed", range(16))
def test_random_games_keep_the_invariants_and_replay_exactly(seed):
    match = Match.new("monster-ball", setup_for(seed), seed=seed)
    random_play.play_random(match, seed=seed, invariant=Invariants())
    assert match.state.step == "over"
    assert random_play.replayed(match).state == match.state


def test_random_games_on_the_game_clock_end_after_four_quarters(tmp_path):
    house = house_rules(tmp_path, "[clock]\nquarters = 4\nquarter_seconds = 15\nround_seconds = 1\nkick_seconds = 1\ncaptain_seconds = 60\n")
    for seed in range(2):
        match = new_match(house=house, victory="clock")
        random_play.play_random(match, seed=seed, invariant=Invariants())
        assert match.state.seconds >= 60 and match.state.result


def test_a_twin_from_the_header_answers_every_prompt_of_a_random_match_alike():
    """Prompt speed is measured in bench/prompts.py; here only that every input replays on a fresh twin."""
    match = Match.new("monster-ball", setup_for(1), seed=1)
    random_play.play_random(match, seed=1)
    twin = Match(match.header, None)
    for event in match.events:
        assert twin.prompt() == match.rules.prompt(twin.state)
        twin.submit(event)
    assert twin.state == match.state


def test_the_rules_import_neither_textual_nor_rich():
    code = "import sys, refbox.games.monster_ball.rules; print(any(m.split('.')[0] in ('textual', 'rich') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_demo_match_is_a_reproducible_mid_match_position():
    from refbox.games.monster_ball.demo import demo_match

    a, b = demo_match(events=200), demo_match(events=200)
    assert a.state == b.state and len(a.events) == 200 and a.state.step != "over"
