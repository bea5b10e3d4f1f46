"""Ballmonsters! shots: target, momentum, power lost per inch beyond STR, duffs and boobs."""

from __future__ import annotations

import pytest
from test_ballmonsters_helpers import A, B, Table, setup_dict

from refbox.engine.clone import clone
from refbox.engine.errors import InvalidInput
from refbox.engine.match import Match
from refbox.engine.prompts import Choose, Number, choose, confirm, number


def test_targets_are_every_ball_on_the_table_but_the_shooter():
    table = Table().placed()
    ids = [o.id for o in table.prompt().options]
    assert ids == ["A1", "A2", "A3", "A4", "B0", "B1", "B2", "B3", "B4", "none"]


def test_deflated_balls_cannot_be_targeted():
    table = Table().placed().arrange("B2", deflated_turn=1)
    assert "B2" not in [o.id for o in table.prompt().options]
    before = clone(table.state)
    with pytest.raises(InvalidInput, match=r"Not now: .* deflated: only its token is on the table until the end of turn 2"):
        table.send(choose("B2"))
    assert table.state == before


def test_momentum_is_0_to_6():
    table = Table().placed().send(choose("B1"))
    prompt = table.prompt()
    assert isinstance(prompt, Number) and (prompt.min, prompt.max) == (0, 6)


def test_momentum_7_is_refused_and_changes_nothing():
    match = Match.new("ballmonsters", setup_dict(), seed=3)
    match.submit(confirm())
    match.submit(choose("B1"))
    before = clone(match.state)
    with pytest.raises(InvalidInput, match="7 momentum is out of range: enter 0 to 6"):
        match.submit(number(7))
    assert match.state == before


def test_power_is_momentum_plus_str():
    table = Table().placed().send(choose("B1"), number(4))
    assert table.state.power == 4 + 6


def test_power_is_kept_for_str_inches_then_lost_one_per_inch_up_to_the_power_in_inches():
    # STR 6, momentum 6: 12 power, still 12 within 6", 11 after 7", 6 after 12" (the farthest it goes)
    table = Table().placed().send(choose("B1"), number(6))
    labels = {o.id: o.label for o in table.prompt().options}
    assert labels["hit0"].endswith('within 6": arrives with 12 power')
    assert labels["hit1"].endswith('after 7": arrives with 11 power')
    assert labels["hit6"].endswith('after 12": arrives with 6 power') and "hit7" not in labels


def test_hit_and_distance_are_one_key_each_inch_past_str_its_own_answer():
    table = Table().placed().send(choose("B1"), number(2))  # STR 6 + 2 = 8 power
    prompt = table.prompt()
    hits = [o for o in prompt.options if o.id.startswith("hit")]
    assert [o.id for o in hits] == ["hit0", "hit1", "hit2"] and [o.key for o in hits] == ["1", "2", "3"]
    assert hits[0].label.endswith('within 6": arrives with 8 power') and "arrives with 6 power" in hits[2].label
    assert next(o.key for o in prompt.options if o.id == "miss") == "0"
    table.send(choose("hit2"))
    assert table.state.bounce.power == 6 and table.step == "facing"


def test_the_bounce_starts_with_the_power_left_on_arrival():
    table = Table().placed().shoot("A1", momentum=6, inches=9)
    assert table.state.bounce.power == 12 - 3


def test_a_duff_gives_the_opponent_one_point():
    table = Table().placed().send(choose("B1"), number(3), choose("miss"))
    assert table.state.scores == [0, 1]
    assert "Duff!" in table.log_text()


def test_no_valid_target_is_a_duff():
    table = Table().placed().send(choose("none"))
    assert table.state.scores == [0, 1]
    assert table.step in ("fire", "portal")


def test_a_duff_off_the_edge_puts_the_monsterball_on_a_start_space():
    table = Table().placed().send(choose("B1"), number(3), choose("edge"))
    assert table.state.scores == [0, 1]
    assert table.ball("A0").in_play


def test_a_monsterball_touching_a_portal_goes_to_a_start_spot_and_stays_in_play():
    table = Table().placed()
    table.state.portals = 2
    table.send(choose("B1"), number(3))
    assert "portal" in [o.id for o in table.prompt().options]
    table.send(choose("portal"))
    assert table.ball("A0").in_play and table.state.scores == [0, 1]


def test_no_portal_option_without_portals():
    table = Table().placed().send(choose("B1"), number(3))
    assert "portal" not in [o.id for o in table.prompt().options]


def test_hitting_an_enemy_first_is_a_boob():
    table = Table().placed().shoot("B1", momentum=3, inches=2)
    assert table.state.bounce.boob
    assert "a boob!" in table.log_text()


def test_hitting_a_friend_first_is_no_boob():
    table = Table().placed().shoot("A1", momentum=3, inches=2)
    assert not table.state.bounce.boob
    assert table.state.friendly_hit


def test_after_a_friendly_hit_the_monsterball_may_hit_enemies_without_a_boob():
    table = Table().placed().shoot("A1", momentum=6, inches=0)
    table.bite("back_back").boing(give=0)
    assert table.step == "move" and table.state.moving.ball == "A0"
    table.send(choose("B2"), number(1))
    assert table.state.bounce.active == "A0" and not table.state.bounce.boob


def test_a_miniball_hitting_an_enemy_is_never_a_boob():
    table = Table().placed().shoot("A1", momentum=6, inches=0)
    table.bite("back_back").boing(give=4)
    table.send(choose("stop"))  # the monsterball moves first and stops
    assert table.state.moving.ball == "A1"
    table.send(choose("B2"), number(1))
    assert not table.state.bounce.boob


def test_the_prompt_reminds_a_winged_monsterball_it_may_fly_over_a_ball():
    setup = setup_dict()
    setup["teams"][0]["monsterball"].update(str_bonus=0, effect="winged")
    table = Table(setup).placed().send(choose("B1"), number(1))
    assert "winged" in table.prompt().text


def test_a_deflated_monsterball_takes_no_shot_and_is_no_duff():
    table = Table().placed().arrange("B0", deflated_turn=1)  # bitten flat during turn 1
    table.duff_turn()  # turn 1: A duffs, B scores 1
    # turn 2: B's monsterball is still deflated, so the turn goes straight to the portal roll
    assert table.state.turn == 2 and table.step == "portal"
    assert table.state.scores == [0, 1]
    assert "Chompers Maw is deflated: no shot this turn." in table.log_text()
    table.end_turn()
    assert table.ball("B0").in_play  # back at the end of the turn after it was deflated


def test_the_shot_prompt_is_addressed_to_the_shooting_team():
    table = Table().placed()
    prompt = table.prompt()
    assert isinstance(prompt, Choose) and prompt.actor == A
    table.duff_turn()
    assert table.prompt().actor == B


def test_with_no_ball_on_the_table_to_aim_at_the_shot_is_a_duff_taken_unasked():
    table = Table(setup_dict(deflated_miniballs_count=True))  # the house rule: deflated miniballs play on
    for ball_id in ("A1", "A2", "A3", "A4", "B0", "B1", "B2", "B3", "B4"):
        table.arrange(ball_id, deflated_turn=1)
    table.placed()
    assert table.step == "portal" and table.state.scores == [0, 1]
    assert "No ball on the table to shoot at (not asked)." in table.log_text()
    assert "Duff! Gobblers Big Bertha has no valid target" in table.log_text()
