"""Battleball scoring and halves: a touchdown ends the half, two win, overtime when level; the view."""

from __future__ import annotations

import pytest
from test_battleball_helpers import HARTS, WOLVES, Table, kickoff, move

from refbox.engine.prompts import GameOver, Roll, choose, roll


@pytest.fixture
def t() -> Table:
    table = Table()
    kickoff(table, first=WOLVES)
    return table


def score(t: Table, side: int, carrier: str = "RB1") -> None:
    """``side`` carries the ball in on its turn (passing a quiet turn first if it is not its turn)."""
    if t.state.side != side:
        move(t, "L1", 2, **({"ball": "left"} if t.state.carrier is None else {}), then="end")
    t.give_ball(side, carrier)
    move(t, carrier, 12, ball="td")


def test_a_touchdown_ends_the_half_and_the_side_beaten_starts_the_second(t):
    score(t, WOLVES)
    assert t.state.half == 2 and t.state.step == "select" and t.state.side == HARTS
    texts = [line.text for line in t.state.log[-2:]]
    assert texts[0].startswith("TOUCHDOWN Iron Wolves") and texts[1].startswith("Line up for the 2nd half")


def test_locker_room_players_return_next_half_the_seriously_injured_do_not(t):
    t.state.players[WOLVES][0].status = "locker"
    t.state.players[WOLVES][1].status = "out"
    t.state.carnage_on_field = 2
    score(t, HARTS)
    assert t.status(WOLVES, "RB1") == "field" and t.status(WOLVES, "RB2") == "out"
    assert t.state.carnage_on_field == 0 and t.state.ball_at_centre and t.state.carrier is None


def test_two_touchdowns_win_the_game(t):
    score(t, WOLVES)
    score(t, WOLVES)
    p = t.prompt()
    assert isinstance(p, GameOver) and "Iron Wolves win 2 : 0" in p.text


def test_level_after_the_second_half_goes_to_overtime_with_a_d20_roll_off(t):
    score(t, WOLVES)
    score(t, HARTS)
    assert t.rules.view(t.state).clock == "overtime"
    p = t.prompt()
    assert isinstance(p, Roll) and [d.sides for d in p.dice] == [20, 20]
    t.send(roll(3, 3), roll(2, 19))
    assert t.state.side == HARTS and t.rules.view(t.state).clock == "overtime · turn 1"


def test_the_overtime_touchdown_wins(t):
    score(t, WOLVES)
    score(t, HARTS)
    t.send(roll(19, 2))
    score(t, WOLVES, carrier="S2")
    assert "Iron Wolves win 2 : 1" in t.prompt().text


def test_a_side_with_nobody_fit_at_the_start_of_a_half_concedes(t):
    t.leave_only(HARTS)  # every Harts player seriously injured by the end of the half
    score(t, WOLVES)
    assert t.state.score == [2, 0] and isinstance(t.prompt(), GameOver)
    assert any("Black Harts cannot field a player" in line.text for line in t.state.log)


def test_the_view_shows_score_half_turn_ball_carnage_and_rosters(t):
    t.give_ball(WOLVES, "RB2")
    t.state.carnage_on_field, t.state.carnage_placed = 2, 5
    t.state.players[HARTS][4].status = "out"
    v = t.rules.view(t.state)
    assert v.headline == "Iron Wolves 0 : 0 Black Harts"
    assert v.clock == "1st half · turn 1"
    board = {s.label: s.value for s in v.scoreboard}
    assert board["Turn"] == "Iron Wolves" and board["Ball"] == "Iron Wolves RB2"
    assert board["Carnage"] == "2 on field · 5 placed" and board["On the field"] == "11 : 10"
    harts = v.rosters[1]
    assert harts.rows[4][:3] == ["HT", "Heavy Tackle", "2d6 yellow"] and harts.rows[4][3] == "seriously injured"
    assert harts.dim[4] and not harts.dim[0]
    assert v.rosters[0].rows[1][3] == "on the field · ball"


def test_the_phase_tracker_lights_the_current_step(t):
    move(t, "RB1", 4, ball="left", then="tackle")
    v = t.rules.view(t.state)
    current = [r.name for r in v.phases if r.status == "current"]
    assert current == ["Tackle", "Tackler"] and v.phase_id == "tackle"
    assert any(r.ruling for r in t.data.rulings_for("tackle"))


def test_every_step_has_a_phase_with_help_and_lights_one_of_its_rows():
    data = Table().data
    from refbox.games.battleball.steps import STEPS
    from refbox.games.battleball.view import STEP_ROW

    assert set(STEP_ROW) == set(STEPS.table)
    for name, step in STEPS.table.items():
        assert data.phase(step.phase).help, name
        assert STEP_ROW[name] in [s.id for s in data.phase(step.phase).steps], name


def test_the_log_reads_as_the_match(t):
    move(t, "RB1", 4, ball="pickup")
    texts = [line.text for line in t.state.log]
    assert "Iron Wolves RB1 (Running Back, d20) rolls 4: moves up to 4 squares." in texts
    assert "Iron Wolves RB1 (Running Back, d20) picks up the ball." in texts
    assert t.state.log[-1].stamp == "H1 T1"


def test_turns_alternate(t):
    for side in (WOLVES, HARTS, WOLVES):
        assert t.state.side == side
        move(t, "L2", 1, ball="left", then="end")
    t.send(choose("RB1"))
    assert t.state.turn_no == 4


def test_the_phase_tracker_ticks_only_the_action_the_turn_took(t):
    move(t, "RB1", 4, ball="pickup", then="pass")
    rows = {r.name: r.status for r in t.rules.view(t.state).phases if r.depth == 0}
    assert rows["After the move"] == "done" and rows["Pass"] == "current"
    assert rows["Tackle"] == "todo" and rows["Hand-off"] == "todo"
