"""Battleball in the match report: the luck pair of each roll checked by hand and by brute force, and the
game's statistics recounted from a short scripted match."""

from __future__ import annotations

from fractions import Fraction

from luck_oracle import checked_rolls
from test_battleball_helpers import SETUP, Table, kickoff, move, send

from refbox.engine.match import Match
from refbox.engine.prompts import Event, choose, roll
from refbox.engine.report import build
from refbox.games.battleball.rules import Battleball


def test_a_tackle_roll_carries_the_tacklers_chance_and_says_who_won():
    m = Match.new("battleball", SETUP, 1)
    kickoff(m)
    move(m, "RB1", 3, ball="left", then="tackle")
    send(m, choose("RB1"), choose("L1"))
    p = m.prompt()
    assert p.purpose == "tackle" and p.actor == 0
    # a d20 Running Back against a d8 Lineman, lower wins: sum over the Lineman's faces b of (b-1)/20, over 8
    assert p.chance == float(Fraction(sum(b - 1 for b in range(1, 9)), 20 * 8))
    assert p.wins([5, 7]) and not p.wins([7, 5]) and not p.wins([4, 4])


def test_a_hand_off_chance_is_two_different_faces():
    m = Match.new("battleball", SETUP, 1)
    kickoff(m)
    send(m, choose("RB1"), roll(4), choose("pickup"), choose("hand-off"), choose("RB2"))
    p = m.prompt()
    assert p.purpose == "hand-off" and p.chance == 19 / 20
    assert p.wins([3, 5]) and not p.wins([6, 6])


def test_every_luck_pair_agrees_with_brute_force_at_the_table_and_on_the_board():
    seen = checked_rolls("battleball", [{"board": "table"}, {"board": "screen"}], range(4), 500,
                         Battleball.random_weights)
    assert {"tackle", "pass", "movement", "hand-off"} <= set(seen)


def test_the_tally_of_a_scripted_match(tmp_path):
    path = tmp_path / "m.jsonl"
    m = Match.new("battleball", SETUP, 1, path=path)
    kickoff(m)
    move(m, "RB1", 3, ball="left", then="tackle")  # Wolves RB1 tackles Harts L1 and wins: L1 to the Locker Room
    send(m, choose("RB1"), choose("L1"), roll(5, 7))
    send(m, choose("RB1"), roll(4), choose("pickup"), choose("hand-off"), choose("RB2"), roll(3, 5))
    send(m, choose("S1"), roll(2), choose("end"))  # Wolves: a quiet move
    send(m, choose("RB2"), roll(5), choose("kept"), choose("pass"), choose("RB3"), Event("number", 6),
         roll(4, 3))  # Harts RB2 passes 6 squares to RB3: 4 + 3 = 7, caught
    send(m, choose("S1"), roll(2), choose("end"))
    send(m, choose("RB3"), roll(7), choose("td"))  # RB3 runs it in
    report = build(path)
    teams = {t: dict(s) for t, s in report.tally.teams.items()}
    figures = {k: dict(s) for k, s in report.tally.figures.items()}
    assert teams == {0: {"tackles made": 1, "tackles won": 1},
                     1: {"injured": 1, "hand-offs": 1, "hand-offs taken": 1, "passes": 1, "passes caught": 1,
                         "touchdowns": 1}}
    assert figures == {(0, "RB1"): {"tackles made": 1, "tackles won": 1}, (1, "L1"): {"injured": 1},
                       (1, "RB1"): {"hand-offs": 1}, (1, "RB2"): {"hand-offs taken": 1, "passes": 1},
                       (1, "RB3"): {"passes caught": 1, "touchdowns": 1}}
    # luck: Wolves won one tackle at 28/160; Harts made a hand-off (19/20) and a pass (6+ on d20 + d6, no double)
    wolves, harts = report.luck
    assert (wolves.rolls, wolves.actual) == (1, 1) and abs(wolves.expected - 28 / 160) < 1e-12
    assert abs(wolves.at_least - 28 / 160) < 1e-12
    pass_ok = sum(1 for a in range(1, 21) for b in range(1, 7) if a != b and a + b >= 6) / 120
    assert (harts.rolls, harts.actual) == (2, 2) and abs(harts.expected - (19 / 20 + pass_ok)) < 1e-12
    assert report.score == (0, 1) and report.scoring[0]["stamp"] == "H1 T6"


def test_an_older_journal_reports_the_team_statistics_it_always_did(tmp_path):
    """tests/golden/battleball-old-12.jsonl (played before the board, every question asked): the team figures
    are the ones version 1's report counted. (A player who picks the ball up on his scoring move is now
    credited with the touchdown: version 1 credited only one who held the ball before the move.)"""
    import shutil
    from pathlib import Path

    old = Path(__file__).parent / "golden" / "battleball-old-12.jsonl"
    path = tmp_path / old.name
    shutil.copy(old, path)
    report = build(path)
    assert report.score == (1, 2)
    assert {t: dict(s) for t, s in report.tally.teams.items()} == {
        0: {"hand-offs": 1, "hand-offs taken": 1, "injured": 14, "passes": 2, "passes caught": 1,
            "seriously injured": 2, "tackles made": 9, "tackles won": 7, "touchdowns": 1},
        1: {"hand-offs": 2, "hand-offs taken": 2, "injured": 10, "passes": 3, "seriously injured": 3,
            "tackles made": 12, "tackles won": 11, "touchdowns": 2}}
    assert report.tally.figures[(1, "RB3")]["touchdowns"] == 1  # picked up and carried in on one move


def test_a_tackle_that_empties_the_field_counts_although_the_next_half_brings_the_player_back():
    """The facts are recorded as they happen: the injury and the won tackle count even when the touchdown that
    follows starts a half in the same input and the injured player is back on the field by its end."""
    t = Table()
    kickoff(t)
    t.leave_only(1, "S2")
    move(t, "RB1", 3, ball="left", then="tackle")
    t.send(choose("RB1"), roll(3, 9))  # the only opponent is not asked for
    happened = [(f.kind, f.team, f.who) for f in t.state.happened]
    assert ("injured", 1, "S2") in happened and ("tackles won", 0, "RB1") in happened
    assert ("touchdowns", 0, None) in happened and t.state.half == 2 and t.status(1, "S2") == "field"
