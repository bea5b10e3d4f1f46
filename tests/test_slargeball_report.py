"""Slargeball! in the match report: the luck figures of its rolls (chance/wins) and its own statistics (tally),
recomputed by hand from short scripted matches."""

from __future__ import annotations

import pytest

from refbox.engine.match import Match
from refbox.engine.prompts import choose, pick, roll
from refbox.engine.report import build
from refbox.games.slargeball.models import Ask
from refbox.games.slargeball.scatter import scatter_odds

TEAMS = [{"name": "Red", "colour": "red"}, {"name": "Blue", "colour": "blue"}]


def to_whap(match: Match) -> None:
    match.submit(roll(6, 1))  # Red take initiative
    match.submit(choose("rest"))  # nothing needs dice this Move phase
    assert match.state.step == "whap_menu"


def test_a_whap_rolls_chance_and_wins_by_hand():
    m = Match.new("slargeball", {"teams": TEAMS, "squads": 1}, seed=1)
    to_whap(m)
    m.submit(choose("A.DG1"))  # Red's Defensive Grelker (Whap 4) whaps first
    m.submit(choose("B.T1"))
    p = m.prompt()
    assert p.actor == 0 and p.chance == pytest.approx(4 / 6)
    assert p.wins([4]) and not p.wins([5])


def test_a_ballbonk_is_luck_for_the_figure_that_stays_up():
    m = Match.new("slargeball", {"teams": TEAMS, "squads": 1}, seed=1)
    m.state.step, m.state.ask = "bonk_roll", Ask(team=1, figure="B.T1", ball=1)  # a hand-built position
    m.refresh()
    p = m.prompt()
    assert p.actor == 1 and p.chance == pytest.approx(2 / 6)  # knocked out on 1-4
    assert p.wins([5]) and not p.wins([4])


def test_scatter_odds_add_up_and_have_no_side():
    for n in (1, 2, 3, 6):
        odds = scatter_odds(n, 6)
        assert sum(o.probability for o in odds) == pytest.approx(1.0)
    two = {o.label: o.probability for o in scatter_odds(2, 6)}
    assert two == pytest.approx({"2-4 inches": 6 / 36, "5-7 inches": 15 / 36, "8-10 inches": 12 / 36,
                                 "11-12 inches": 3 / 36})


def test_the_tally_of_a_short_scripted_match(tmp_path):
    path = tmp_path / "matches" / "slargeball-short.jsonl"
    m = Match.new("slargeball", {"teams": TEAMS, "squads": 1}, seed=1, path=path)
    to_whap(m)
    m.submit(choose("A.DG1"))
    m.submit(choose("B.T1"))
    m.submit(roll(2))  # Red DG1 knocks Blue T1 out
    m.submit(choose("B.DG1"))
    m.submit(choose("A.T2"))
    m.submit(roll(6))  # Blue DG1 misses
    m.submit(choose("nobody"))
    assert m.state.phase == "nab" and m.state.step == "ground_contact"
    m.submit(pick("A.N1"))
    m.submit(roll(1))  # Red N1 nabs ball 1
    assert m.state.ball(1).carrier == "A.N1"
    m.close()
    report = build(path)
    assert dict(report.tally.teams[0]) == {"whaps": 1, "knock-outs": 1, "nabs": 1}
    assert dict(report.tally.teams[1]) == {"whaps": 1}
    assert dict(report.tally.figures[(0, "DG1")]) == {"whaps": 1, "knock-outs": 1}
    assert dict(report.tally.figures[(0, "N1")]) == {"nabs": 1}
    luck = report.luck[0]
    assert luck.rolls == 2 and luck.actual == 2 and luck.expected == pytest.approx(4 / 6 + 4 / 6)
    assert report.luck[1].rolls == 1 and report.luck[1].actual == 0


def test_a_goal_is_tallied_for_the_flinger(tmp_path):
    path = tmp_path / "matches" / "slargeball-goal.jsonl"
    m = Match.new("slargeball", {"teams": TEAMS, "squads": 1}, seed=1, path=path)
    for event in (roll(6, 1), choose("rest"), choose("nobody"), pick("A.T1"), roll(1)):  # Red T1 nabs ball 1
        m.submit(event)
    assert m.state.ball(1).carrier == "A.T1" and m.state.turn == 2
    m.submit(choose("rest"))  # turn 2: Red carries the ball, so Red have initiative without dice
    m.submit(choose("nobody") if m.state.step == "whap_menu" and "nobody" in
             [o.id for o in m.prompt().options] else choose("next"))
    assert m.state.step == "fling_menu"
    m.submit(choose("goal"))
    m.submit(roll(1))
    assert m.state.teams[0].score == 1
    m.close()
    report = build(path)
    assert dict(report.tally.figures[(0, "T1")]) == {"nabs": 1, "flings": 1, "goals": 1}
    assert report.tally.teams[0]["goals"] == 1 and 1 not in report.tally.teams


def test_full_time_is_the_current_phase_at_the_end():
    from refbox.engine import random_play
    from refbox.games.slargeball.demo import table_chooser

    m = Match.new("slargeball", {"teams": TEAMS, "squads": 1}, seed=2)
    random_play.play_random(m, 2, choose=table_chooser)
    view = m.rules.view(m.state)
    assert [r.name for r in view.phases if r.status == "current"] == ["Full time"]


def test_a_one_squad_match_lists_no_captains_or_coaches():
    m = Match.new("slargeball", {"teams": TEAMS, "squads": 1}, seed=2)
    names = [r.name for r in m.rules.view(m.state).phases]
    assert "Captains" not in names and "Coaches" not in names and "Tremples" in names
    m = Match.new("slargeball", {"teams": TEAMS, "squads": 3}, seed=2)
    names = [r.name for r in m.rules.view(m.state).phases]
    assert "Captains" in names and "Coaches" in names
