"""Ballmonsters! in the match report: its statistics (tally) recomputed from a short scripted match, and the
luck figures of its rolls."""

from __future__ import annotations

import pytest
from test_ballmonsters_helpers import setup_dict

from refbox.engine.match import Match
from refbox.engine.prompts import choose, confirm, number, roll
from refbox.engine.report import build


def test_the_tally_of_a_short_scripted_match(tmp_path):
    path = tmp_path / "matches" / "ballmonsters-short.jsonl"
    m = Match.new("ballmonsters", setup_dict(), seed=1, path=path)
    # turn 1: Big Bertha (STR 6) shoots Chompers Grub (B1, STR 0: a boob), 6 momentum, hits after 8"
    for event in (confirm(), choose("B1"), number(6), choose("hit2"), choose("bitey_bitey"), number(3)):
        m.submit(event)
    bite = m.prompt()
    assert bite.actor == 0 and bite.chance is not None
    m.submit(roll(9, 3))  # 9+6+3 against 3+0+3: Grub is bitten flat
    assert m.state.ball("B1").deflated and m.state.scores == [2, 0]
    while m.state.step == "move":
        m.submit(choose("stop"))
    m.submit(roll(1))  # the portal die: 1 on turn 1 adds a portal, and there is room: no question
    assert m.state.portals == 1 and m.state.turn == 2
    # turn 2: Maw hits its own Tusk (B2), no bite; Tusk gets 2 power and drops into the portal
    for event in (choose("B2"), number(0), choose("hit0"), choose("bitey_bitey"), number(2), choose("stop"),
                  choose("portal")):
        m.submit(event)
    assert m.state.ball("B2").gone == "portal" and m.state.scores == [2, 3]
    m.close()
    report = build(path)
    assert dict(report.tally.figures[(0, "Big Bertha")]) == {"bites": 1, "deflations": 1}
    assert dict(report.tally.figures[(1, "Tusk")]) == {"portal goals": 1}
    assert dict(report.tally.teams[0]) == {"bites": 1, "deflations": 1}
    assert dict(report.tally.teams[1]) == {"portal goals": 1}
    luck = report.luck[0]
    assert luck.rolls == 1 and luck.actual == 1 and luck.expected == pytest.approx(bite.chance)


def test_a_fire_roll_hopes_for_odd_faces():
    from test_ballmonsters_helpers import Table

    table = Table().placed().arrange("B1", strength=4, fire=2).send(choose("none"))
    prompt = table.prompt()
    assert prompt.actor == 1 and prompt.chance == pytest.approx(0.25)
    assert prompt.wins([1, 3]) and not prompt.wins([1, 2])


def test_full_time_is_the_current_phase_at_the_end():
    from test_ballmonsters_helpers import Table

    table = Table().placed()
    for ball_id in ("B1", "B2", "B3", "B4"):
        table.arrange(ball_id, gone="portal")
    table.send(choose("none"))
    view = table.rules.view(table.state)
    assert table.step == "over" and [r.name for r in view.phases if r.status == "current"] == ["Full time"]
