"""What the screen is given: the line of scrimmage in yards, squares and on the field strip, rosters, phases."""

from __future__ import annotations

from refbox.games.monster_ball.view import field_strip
from test_monster_ball_helpers import choose, end_half, law_ball, new_match, number, roll, send, tackle, touchback


def board(match) -> dict[str, str]:
    view = match.rules.view(match.state)
    return {stat.label: stat.value for stat in view.scoreboard}


def roster_status(match, team: int, pid: str) -> str:
    roster = match.rules.view(match.state).rosters[team]
    return next(row[-1] for row in roster.rows if row[0] == pid)


def test_line_of_scrimmage_is_shown_in_yards_squares_and_zone():
    m = touchback(new_match())
    assert board(m)["Line"] == "30-yard line, 9 squares to the end zone (zone 4)"
    assert board(m)["Down"] == "1st & 3 squares"


def test_field_strip_marks_the_line_and_the_line_to_gain():
    m = touchback(new_match())
    strip = field_strip(m.state, m.data)
    inner = strip.split("▓▓")[1].replace("|", "")
    assert len(inner) == 30
    assert inner.index("┃") == 20 and inner.index("›") == 23  # Law attack to the right: 21 squares behind them


def test_the_strip_turns_round_for_chaos():
    m = send(new_match(coin_winner=1), choose("L18"), roll(12, 12))  # Chaos receive; Law's Elf 2 kicks into the end zone
    inner = field_strip(m.state, m.data).split("▓▓")[1].replace("|", "")
    assert m.state.possession == 1 and inner.index("┃") == 9 and inner.index("‹") == 6


def test_rosters_show_dice_field_status_and_the_ball():
    m = law_ball()
    assert roster_status(m, 0, "L7") == "field ●ball"
    assert roster_status(m, 0, "L12") == "bench"
    row = next(r for r in m.rules.view(m.state).rosters[0].rows if r[0] == "L7")
    assert row[1:5] == ["Paladin 1", "O", "2", "8"]  # squad, Move 2, Hustle d8


def test_rosters_show_downed_and_ejected_players():
    m = end_half(law_ball())
    tackle(m, "L2", ["C15"], "block", [8, 1])
    assert roster_status(m, 0, "L2") == "field down"
    send(m, choose("cheat"), choose("L3"), number(1), choose("block"), roll(2, 3))  # the Drow C12's Magic Missile
    assert roster_status(m, 1, "C12") == "OUT"


def test_phase_tracker_follows_the_play():
    m = law_ball()
    view = m.rules.view(m.state)
    assert [r.status for r in view.phases] == ["done", "done", "done", "current", "todo"]
    send(m, choose("tackle"))
    view = m.rules.view(m.state)
    assert view.phase_id == "tackle" and any(r.depth == 1 and r.name == "Tackle" for r in view.phases)


def test_no_down_is_shown_before_the_kick_off():
    m = new_match()
    assert board(m)["Down"] == "—"
    touchback(m)
    assert board(m)["Down"] == "1st & 3 squares"
