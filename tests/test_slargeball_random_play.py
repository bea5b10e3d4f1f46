"""Slargeball! random play: whole matches of random legal inputs keep every invariant and replay exactly."""

import pytest

from refbox.engine import random_play
from refbox.engine.match import Match
from refbox.games.slargeball.demo import table_chooser as chooser
from slargeball_driver import TEAMS

CI_MATCHES = 12


class Invariants:
    def __init__(self, match: Match) -> None:
        self.scores = [0, 0]
        self.turn = 1
        self.balls = len(match.state.balls)
        self.logged = len(match.state.log)

    def __call__(self, match: Match) -> None:
        s = match.state
        assert len(s.balls) == self.balls, "balls are conserved"
        assert 1 <= s.turn <= s.turns == 25 and s.turn >= self.turn, "turn never goes back or past 25"
        for team in (0, 1):
            assert s.teams[team].coach.activations <= 3, "at most 3 coach activations"
            gained = s.teams[team].score - self.scores[team]
            assert gained in (0, 1), "scores change only by one goal at a time"
            if gained:
                news = " ".join(line.text for line in s.log[self.logged:])
                assert "GOAL" in news, "a score changes only with a goal logged by the same input"
        for ball in s.balls:
            if ball.carrier:
                assert s.fig(ball.carrier).up, "a carrier is always conscious"
        for fig in s.figures:
            if fig.frozen:
                cs = s.teams[fig.team].coach
                assert cs.target == fig.id, "only the coach's target is frozen"
        self.scores = [t.score for t in s.teams]
        self.turn = s.turn
        self.logged = len(s.log)


def acted(match: Match) -> None:
    """An unconscious or frozen figure is never offered an action of its own."""
    s = match.state
    if s.step in ("whap_target", "whap_roll", "fling_menu", "fling_roll") and s.ask.figure:
        fig = s.fig(s.ask.figure)
        assert not fig.frozen, f"frozen {fig.id} acts"
        if s.step.startswith("fling"):
            assert fig.up, f"unconscious {fig.id} flings"


def play(seed: int) -> Match:
    match = Match.new("slargeball", {"teams": TEAMS, "squads": seed % 5 + 1}, seed=seed)
    invariants = Invariants(match)

    def check(m: Match) -> None:
        invariants(m)
        acted(m)

    random_play.play_random(match, seed=seed, choose=chooser, invariant=check)
    return match


@pytest.mark.parametrize("seed", range(CI_MATCHES))
def test_random_matches_keep_the_invariants_and_replay_to_the_same_state(seed):
    match = play(seed)
    assert match.state.phase == "over" and match.state.turn == 25
    assert random_play.replayed(match).state == match.state


@pytest.mark.slow
def test_a_thousand_random_matches():
    for seed in range(1000):
        match = play(seed)
        assert match.state.phase == "over"
