"""The ball: cannon, path, fielding, hand-off, activation lap, offense, three laps, goals and dead balls."""

from __future__ import annotations

from test_rulerball_support import call_penalty, choose, confirm, move, new_match, next_turn, number, roll, walk_to


def field_with_catcher(m, catcher: str = "0-catcher-1", stop: int = 1) -> None:
    """Period 1 starts; the cannon's ball stops in sector ``stop`` and the catcher there fields it."""
    m.submit(confirm())
    m.submit(number(stop))
    m.submit(choose(catcher))  # it reaches the catcher...
    m.submit(choose("success"))  # ...who fields it


def activate_for_home(m) -> None:
    """Home's catcher fields in sector 1, skates 6 + 6 sectors back to it and hands off to a skater."""
    field_with_catcher(m)
    m.submit(roll(1))
    move(m, "0-catcher-1", 7)
    next_turn(m)
    m.submit(roll(7))
    move(m, "0-catcher-1", 1)


def score_a_goal(m) -> None:
    activate_for_home(m)
    m.submit(choose("0-skater-1"))
    m.submit(choose("success"))
    m.submit(choose("shoot"))
    walk_to(m, "score")
    m.submit(choose("success"))


def test_cannon_fires_a_new_ball_into_sector_one_at_the_start():
    m = new_match()
    m.submit(confirm())
    assert m.state.step == "ball_stop" and "Fire the cannon" in m.prompt().text
    m.submit(number(5))
    assert (m.state.ball.where, m.state.ball.sector) == ("loose", 1)
    assert m.state.log[-1].text == "The cannon fires a new game ball into sector 1."


def test_only_figures_in_the_sectors_the_ball_crosses_are_offered():
    m = new_match()
    m.submit(confirm())
    m.submit(number(3))
    ids = {o.id for o in m.prompt().options}
    assert ids == {"track", "gutter"} | {f.id for f in m.state.figures if f.sector == 1}  # Away stands in sector 7


def test_a_catcher_in_the_path_fields_the_ball_and_starts_the_activation_lap():
    m = new_match()
    field_with_catcher(m)
    ball = m.state.ball
    assert (ball.where, ball.carrier, ball.team, ball.lap_start, ball.active) == ("held", "0-catcher-1", 0, 1, False)
    assert m.state.step == "initiative"


def test_a_skater_in_the_path_must_avoid_the_ball_and_a_hit_is_an_injury():
    m = new_match()
    m.submit(confirm())
    m.submit(number(1))
    m.submit(choose("0-skater-2"))
    assert m.state.step == "avoid"
    m.submit(choose("failure"))
    assert m.state.step == "injury"
    m.submit(choose("shaken"))
    m.submit(number(2))
    f = m.state.fig("0-skater-2")
    assert (f.place, f.timer) == ("shaken", 2)
    assert m.state.step == "ball_path" and "0-skater-2" not in [o.id for o in m.prompt().options]


def test_a_missed_ball_rolls_on_past_the_catcher_to_the_next_figure():
    m = new_match()
    m.submit(confirm())
    m.submit(number(1))
    m.submit(choose("0-catcher-1"))
    m.submit(choose("failure"))
    ids = [o.id for o in m.prompt().options]
    assert m.state.step == "ball_path" and "0-catcher-2" in ids and "0-catcher-1" not in ids


def test_the_ball_reaches_figures_in_the_order_of_its_path_never_back():
    m = new_match(setup=_two_sectors())
    m.submit(confirm())
    m.submit(number(3))  # sectors 1 to 3: Home in 1, Away in 2
    ids = [o.id for o in m.prompt().options]
    assert ids.index("0-catcher-1") < ids.index("1-catcher-1")
    m.submit(choose("1-skater-1"))  # the ball reaches sector 2 first: Home's figures in sector 1 are behind it
    m.submit(choose("success"))  # avoided
    ids = [o.id for o in m.prompt().options]
    assert not any(i.startswith("0-") for i in ids) and "1-catcher-1" in ids and "1-skater-1" not in ids


def _two_sectors() -> dict:
    from refbox.games.rulerball.models import Setup

    setup = Setup().model_dump()
    for f in setup["teams"][1]["figures"]:
        f["start_sector"] = 2
    return setup


def test_an_unfielded_ball_stays_loose_and_travels_on_next_turn():
    m = new_match()
    m.submit(confirm())
    m.submit(number(4))
    m.submit(choose("track"))
    assert (m.state.ball.where, m.state.ball.sector) == ("loose", 4)
    next_turn(m)
    assert m.state.step == "ball_stop"
    assert m.prompt().text.startswith("The loose ball travels clockwise from sector 4")


def test_a_ball_in_the_gutter_is_dead_and_the_cannon_fires_again_without_a_reset():
    m = new_match()
    m.submit(confirm())
    m.submit(number(2))
    m.submit(choose("gutter"))
    assert m.state.ball.where == "cannon" and not m.state.reset_due and not m.state.clock_stopped


def test_a_catcher_hands_the_ball_to_a_skater_of_his_team_nearby():
    m = new_match()
    field_with_catcher(m)
    m.submit(roll(1))
    move(m, "0-catcher-1", 1)
    assert m.state.step == "handoff"
    ids = [o.id for o in m.prompt().options]
    assert ids == ["keep", "0-skater-1", "0-skater-2", "0-skater-3", "0-skater-4", "0-skater-5"]
    m.submit(choose("0-skater-3"))
    m.submit(choose("success"))
    assert m.state.ball.carrier == "0-skater-3"


def test_a_fumbled_hand_off_drops_the_ball():
    m = new_match()
    field_with_catcher(m)
    m.submit(roll(1))
    move(m, "0-catcher-1", 1)
    m.submit(choose("0-skater-3"))
    m.submit(choose("failure"))
    assert m.state.step == "ball_loss"
    m.submit(choose("dead"))
    assert m.state.ball.where == "cannon" and m.state.step == "move_walk"


def test_the_ball_is_active_after_a_full_lap_back_to_the_fielding_sector():
    m = new_match()
    field_with_catcher(m)
    m.submit(roll(1))
    move(m, "0-catcher-1", 7)
    assert m.state.ball.progress == 6 and not m.state.ball.active
    next_turn(m)
    m.submit(roll(7))
    move(m, "0-catcher-1", 1)
    assert m.state.ball.active and m.state.offense == 0


def test_a_catcher_with_the_active_ball_cannot_shoot_only_skaters_score():
    m = new_match()
    activate_for_home(m)
    m.submit(choose("keep"))
    assert m.state.step != "shot_declare"


def test_three_laps_after_activation_without_a_shot_is_a_dead_ball():
    m = new_match()
    activate_for_home(m)
    m.submit(choose("keep"))
    for _ in range(5):  # five more half laps: 2.5 laps since activation
        next_turn(m)
        sector = m.state.fig("0-catcher-1").sector
        m.submit(roll(sector))
        move(m, "0-catcher-1", 7 if sector == 1 else 1)
        if m.state.step == "handoff":
            m.submit(choose("keep"))
    assert m.state.ball.active
    next_turn(m)
    m.submit(roll(7))
    move(m, "0-catcher-1", 1)
    assert m.state.ball.where == "cannon" and m.state.offense is None
    assert "3 laps since activation" in m.state.log[-1].text


def test_a_goal_scores_a_point_stops_the_clock_and_resets_the_board():
    m = new_match()
    score_a_goal(m)
    assert m.state.score == [1, 0] and m.state.clock_stopped and m.state.step == "reset"
    m.submit(confirm())
    assert all(f.sector == f.start_sector for f in m.state.figures if f.on_track)
    assert m.state.ball.where == "cannon"


def test_a_failed_attempt_into_the_gutter_stops_the_clock_and_resets():
    m = new_match()
    activate_for_home(m)
    m.submit(choose("0-skater-1"))
    m.submit(choose("success"))
    m.submit(choose("shoot"))
    walk_to(m, "score")
    m.submit(choose("failure"))
    m.submit(choose("dead"))
    assert m.state.score == [0, 0] and m.state.clock_stopped and m.state.step == "reset"


def test_a_failed_attempt_left_on_the_track_is_a_loose_ball_and_play_goes_on():
    m = new_match()
    activate_for_home(m)
    m.submit(choose("0-skater-1"))
    m.submit(choose("success"))
    m.submit(choose("shoot"))
    walk_to(m, "score")
    turn = m.state.turn
    m.submit(choose("failure"))
    m.submit(choose("loose"))
    assert (m.state.ball.where, m.state.ball.sector) == ("loose", 1)
    assert m.state.turn == turn + 1 and m.state.step == "ball_stop" and not m.state.clock_stopped


def test_an_opposing_skater_who_beats_the_carrier_steals_and_restarts_the_lap():
    m = new_match()
    field_with_catcher(m)
    m.submit(roll(1))
    move(m, "0-catcher-1", 7)  # into Away's sector
    walk_to(m, "combat_walk")
    m.submit(choose("1-skater-1"))  # Home's catcher is the only figure in reach: engaged without a question
    assert m.state.step == "combat_roll" and m.state.pending.other == "0-catcher-1"
    m.submit(choose("success"))
    m.submit(choose("none"))  # unhurt
    assert [o.id for o in m.prompt().options] == ["keep", "steal", "loose", "dead"]
    m.submit(choose("steal"))
    ball = m.state.ball
    assert (ball.carrier, ball.team, ball.lap_start, ball.progress, ball.active) == ("1-skater-1", 1, 7, 0, False)


def test_a_ball_carrier_sent_to_the_penalty_box_loses_the_ball():
    m = new_match()
    field_with_catcher(m)
    call_penalty(m, "0-catcher-1", 2)
    assert [o.id for o in m.prompt().options] == ["loose", "dead"]
    m.submit(choose("loose"))
    assert (m.state.ball.where, m.state.ball.sector) == ("loose", 1)


def board(m) -> dict[str, str]:
    return {s.label: s.value for s in m.rules.view(m.state).scoreboard}


def test_the_scoreboard_shows_the_ball_its_lap_and_the_offense():
    m = new_match()
    field_with_catcher(m)
    m.submit(roll(1))
    move(m, "0-catcher-1", 7)
    b = board(m)
    assert b["Ball"] == "held by Home Catcher 1 (sector 7)"
    assert b["Lap"] == "activation lap from sector 1: 6/12" and b["Offense"] == "-"
    next_turn(m)
    m.submit(roll(7))
    move(m, "0-catcher-1", 1)
    m.submit(choose("keep"))
    b = board(m)
    assert b["Lap"] == "active; laps since activation 0/3" and b["Offense"] == "Home"


def test_the_scoreboard_lists_the_timer_track():
    m = new_match()
    m.submit(confirm())
    call_penalty(m, "1-skater-4", 3)
    assert board(m)["Box 3:00"] == "Away Skater 4"
