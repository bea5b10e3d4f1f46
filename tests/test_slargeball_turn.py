"""Slargeball! turn sequence: initiative custody, the seven move sub-phases, Break Play, full time."""

import pytest

from slargeball_driver import Driver


def test_one_ball_carried_gives_initiative_without_dice():
    d = Driver(squads=1, initiative=1)
    d.give_ball(1, "A.N1")
    d.finish_turn()
    assert d.s.turn == 2 and d.s.initiative == 0, "Red carries the only ball"
    assert "carries the ball" in d.last_log(8)


def test_several_balls_team_carrying_two_has_initiative():
    d = Driver(squads=2, initiative=1)
    d.give_ball(1, "A.N1")
    d.give_ball(2, "A.N2")
    d.finish_turn()
    assert d.s.initiative == 0 and d.s.phase == "move"


def test_several_balls_carried_one_each_means_a_roll_off():
    d = Driver(squads=2, initiative=1)
    d.give_ball(1, "A.N1")
    d.give_ball(2, "B.N1")
    d.finish_turn()
    assert d.step == "initiative_roll"


def test_move_subphases_in_order_initiative_team_first():
    d = Driver(squads=3, initiative=1)
    seen = []
    while d.s.phase == "move":
        if d.step == "move_menu":
            seen.append((d.s.move_step, d.s.ask.team))
            d.choose("done")
        else:
            d.send(d.neutral())
    assert seen == [(i, t) for i in range(6) for t in (1, 0)]


def test_each_sub_phase_names_the_position_that_moves():
    d = Driver(squads=1)
    assert "Defensive Grelkers" in d.prompt().text
    d.choose("done").choose("done")
    assert "Tremples" in d.prompt().text


def test_goal_ends_the_turn_at_once_and_asks_for_the_reset():
    d = Driver(squads=1)
    d.give_ball(1, "A.G")
    d.to_move_step(3, team=0)
    d.choose("goal")
    assert d.s.teams[0].score == 1
    assert d.s.phase == "break" and d.step == "break_confirm"
    assert "unconscious figures stay" in d.prompt().text
    d.confirm()
    assert d.s.turn == 2 and d.s.ball(1).where == "ground", "the scored ball goes back to the centre"


def test_everyone_unconscious_breaks_play_after_the_consciousness_check():
    d = Driver(squads=1)
    for f in d.s.figures:
        if not f.coach and f.id != "A.T1":
            f.status = "out"
    d.to_move_step(1, team=0)
    d.choose("offside")  # the last standing figure runs off the field
    d.skip_to("wake_roll")
    assert d.s.break_reason == "everyone is unconscious"
    d.roll(*[6] * len(d.s.ask.queue))
    assert d.step == "break_confirm"


def test_break_play_when_the_table_agrees():
    d = Driver(squads=1)
    d.choose("break").choose("yes")
    assert d.step == "break_confirm"
    d.confirm()
    assert d.s.turn == 2


def test_match_ends_after_25_turns_and_a_tie_is_a_tie():
    d = Driver(squads=1)
    d.to_full_time()
    assert d.s.turn == 25
    assert d.prompt().kind == "over" and "tie" in d.prompt().text


def test_higher_score_wins_at_full_time():
    d = Driver(squads=1)
    d.s.teams[1].score = 2
    d.to_full_time()
    assert "Blue win" in d.prompt().text and d.prompt().actor == 1


def test_after_full_time_nothing_can_be_answered():
    from refbox.engine.errors import InvalidInput
    from refbox.engine.prompts import confirm
    d = Driver(squads=1)
    d.to_full_time()
    with pytest.raises(InvalidInput, match="over"):
        d.send(confirm())


def test_a_ball_out_of_play_does_not_count_for_custody():
    d = Driver(squads=2, initiative=1)
    d.give_ball(1, "A.N1")
    d.s.ball(2).put("out")
    d.finish_turn()
    assert d.s.initiative == 0, "one ball in play, and Red carries it"
