"""Monster Ball in the match report: the luck pair of each roll checked by hand and by brute force, and the
game's statistics recounted from the log of a short seeded match."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from luck_oracle import checked_rolls

from refbox.engine import registry
from refbox.engine.journal import effective, read
from refbox.engine.match import Match
from refbox.engine.report import build
from refbox.games.monster_ball.demo import demo_match


def test_a_field_goal_roll_by_hand():
    m = Match.new("monster-ball", {"board": "table"}, 1)
    state = m.state
    from refbox.games.monster_ball.models import Kick

    kicker = state.teams[0].field[0]
    state.possession, state.kick, state.step = 0, Kick(kind="field_goal", kicker=kicker, zones_to_end=2), "kick_roll"
    p = m.rules.prompt(state)
    sides = p.dice[0].sides
    need = m.data.challenges.beat + 2
    # the better of two dice beats need: 1 - P(both at most need)
    assert p.chance == pytest.approx(1 - (min(need, sides) / sides) ** 2)
    assert p.wins([need + 1, 1]) and p.wins([1, need + 1]) and not p.wins([need, need])


def test_every_luck_pair_agrees_with_brute_force():
    seen = checked_rolls("monster-ball", [{"board": "table"}, {}], range(2), 500,
                         registry.lookup("monster-ball").load().random_weights)
    assert {"Tackle vs defence", "Hustle vs Block", "hike: Pass + Catch"} <= set(seen)


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    path = tmp_path_factory.mktemp("mb") / "m.jsonl"
    demo_match(path, events=900, seed=4)  # a seed whose first 900 inputs score (the tally is then not all zeros)
    return path


def recount(path) -> dict[int, Counter]:
    """The statistics read independently: the journal replayed input by input, the log lines each one wrote."""
    loaded = read(path, repair=False)
    events, _ = effective(loaded.entries)
    m = Match(loaded.header, None)
    out = {0: Counter(), 1: Counter()}
    for event in events:
        s = m.state
        step, action = s.step, s.action
        before = len(s.log)
        if step == "pass_roll":
            out[action.team]["passes"] += 1
        if step == "tackle_roll":
            out[action.team]["tackles"] += len(action.tacklers)
        m.submit(event)
        lines = m.state.log[before:]
        cheats = set()
        for line in lines:
            if line.text.startswith("Cheat spotted!"):
                out[line.actor]["cheats caught"] += 1
                cheats.add(line.actor)
            if line.text.startswith("Illegal tackle"):
                out[line.actor]["penalties"] += 1
            if re.search(r"(?<!nobody )(makes the catch|catches the kick)\.$", line.text):
                out[line.actor]["catches"] += 1
            got = re.match(r"(Gain|Loss) of (\d+)", line.text)
            if got and not m.state.board:
                out[line.actor]["yards"] += int(got[2]) * (1 if got[1] == "Gain" else -1)
            got = re.search(r": .* \+(\d+) \(\d+ : \d+\)\.$", line.text)
            if got:
                out[line.actor]["scores"] += 1
                out[line.actor]["points"] += int(got[1])
        for team in cheats:
            out[team]["penalties"] += 1
    return out


def test_the_tally_matches_a_recount_from_the_log(played):
    report = build(played)
    expected = recount(played)
    for team in (0, 1):
        got = {k: v for k, v in report.tally.teams[team].items() if k != "tackles won"}
        assert got == {k: v for k, v in expected[team].items() if v}, team
    figures = report.tally.figures
    for team in (0, 1):
        for stat in ("tackles", "passes", "cheats caught"):
            assert sum(s.get(stat, 0) for (t, _), s in figures.items() if t == team) == expected[team][stat]
    assert sum(report.tally.teams[t]["points"] for t in (0, 1)) == sum(report.score) > 0
    assert expected[0]["yards"] or expected[1]["yards"]
