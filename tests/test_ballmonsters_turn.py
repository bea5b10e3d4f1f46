"""Ballmonsters! end of turn: sickness, fire tokens, reinflation, the portal roll, and the end of the game."""

from __future__ import annotations

import pytest
from test_ballmonsters_helpers import A, B, Table, data_with, setup_dict

from refbox.engine.prompts import GameOver, Roll, choose, number, roll
from refbox.games.ballmonsters.odds import portal_place_chance


def test_a_sick_ball_loses_1_str_at_the_end_of_the_shot():
    table = Table().placed().arrange("B1", strength=3, sick=True).send(choose("none"))
    assert table.ball("B1").strength == 2 and table.ball("B1").sick


def test_a_sick_ball_at_str_0_is_deflated_and_scores_nobody_by_the_book():
    table = Table().placed().arrange("B1", sick=True).send(choose("none"))
    assert table.ball("B1").deflated and not table.ball("B1").sick
    assert table.state.scores == [0, 1] and table.state.deflations == [0, 0]  # only B's 1 for A's duff


def test_with_the_house_rule_a_sickness_deflation_scores_for_the_opponent():
    table = Table(setup_dict(other_deflations_score=True)).placed().arrange("B1", sick=True).send(choose("none"))
    assert table.ball("B1").deflated
    assert table.state.scores == [2, 1] and table.state.deflations == [1, 0]  # 2 for it, B's 1 for A's duff


def test_fire_tokens_are_rolled_one_d12_each_at_the_end_of_the_turn():
    table = Table().placed().arrange("B1", strength=4, fire=2).send(choose("none"))
    prompt = table.prompt()
    assert isinstance(prompt, Roll) and [d.sides for d in prompt.dice] == [12, 12]
    assert [o.probability for o in prompt.odds] == pytest.approx([0.25, 0.5, 0.25])


def test_an_even_fire_die_costs_1_str_and_adds_a_token_an_odd_one_removes_one():
    table = Table().placed().arrange("B1", strength=4, fire=2).send(choose("none"), roll(2, 5))
    assert table.ball("B1").strength == 3 and table.ball("B1").fire == 2
    table = Table().placed().arrange("B1", strength=4, fire=2).send(choose("none"), roll(1, 5))
    assert table.ball("B1").strength == 4 and table.ball("B1").fire == 0


def test_fire_can_deflate_a_ball_and_the_fire_goes_out():
    table = Table().placed().arrange("B1", strength=0, fire=1).send(choose("none"), roll(4))
    assert table.ball("B1").deflated and table.ball("B1").fire == 0


def test_a_deflated_ball_returns_at_the_end_of_the_next_turn_with_its_str_and_effect():
    table = Table().placed().arrange("B1", strength=0, effect="horny")
    table.shoot("B1", momentum=0).bite("bitey_back", faces=(9, 1))  # boob, but A0 wins: B1 flat in turn 1
    assert table.ball("B1").deflated
    table.boing().rest_all().end_turn()
    assert table.ball("B1").deflated  # still flat through turn 2
    table.duff_turn()
    assert table.ball("B1").in_play and table.ball("B1").effect == "horny"
    assert table.ball("B1").strength == 0


def test_the_portal_roll_places_a_portal_at_or_under_the_turns_taken_where_the_table_says():
    """A ruleset that does not know the centre zone's spots (centre_spots 0) asks where every portal goes."""
    table = Table(data=data_with("portals", centre_spots=0)).placed().send(choose("none"))
    assert table.prompt().odds[0].probability == pytest.approx(1 / 12)
    table.send(roll(1))
    assert table.step == "portal_place"
    table.send(choose("centre"))
    assert table.state.portals == 1 and table.state.turn == 2


def test_with_certainly_a_free_centre_spot_the_portal_spot_is_not_asked():
    table = Table().placed().send(choose("none"), roll(1))  # 10 balls, 0 portals: 10 of 16 spots at most
    assert table.state.portals == 1 and table.state.turn == 2 and table.step == "target"
    assert "there is room" in table.log_text()
    table.state.portals = 6  # 10 balls and 6 portals could cover all 16 spots: asked
    table.send(choose("none"), roll(1))
    assert table.step == "portal_place"


def test_portal_odds_say_when_a_result_changes_nothing():
    table = Table().placed().send(choose("none"))
    labels = [o.label for o in table.prompt().odds]
    assert labels == ["add a portal", "remove a portal, but there is none: nothing changes"]
    table = Table().placed()
    table.state.portals = 10
    table.send(choose("none"))
    assert table.prompt().odds[0].label == "add a portal, but 10 of 10 are out: nothing changes"


def test_the_portal_roll_over_the_turns_taken_removes_a_portal():
    table = Table().placed()
    table.state.portals = 3
    table.send(choose("none"), roll(2))
    assert table.state.portals == 2


def test_no_portal_to_remove_changes_nothing():
    table = Table().placed().send(choose("none"), roll(7))
    assert table.state.portals == 0 and table.state.turn == 2


def test_after_turn_12_only_a_12_removes_a_portal():
    table = Table(data=data_with("portals", centre_spots=0)).placed()
    table.state.turn = 13
    table.state.portals = 4
    table.send(choose("none"), roll(11), choose("centre"))
    assert table.state.portals == 5
    table.state.turn = 15
    table.send(choose("none"), roll(12))
    assert table.state.portals == 4
    assert portal_place_chance(12, 13, 12, 12) == pytest.approx(11 / 12)


def test_there_are_never_more_than_10_portals():
    table = Table().placed()
    table.state.portals = 10
    table.send(choose("none"), roll(1))
    assert table.state.portals == 10 and table.state.turn == 2


def test_with_no_room_anywhere_a_portal_is_removed_instead():
    table = Table().placed()
    table.state.portals = 6
    table.send(choose("none"), roll(1), choose("no_room"))
    assert table.state.portals == 5


def test_a_full_centre_zone_sends_the_portal_to_a_monsterball_spot():
    table = Table(data=data_with("portals", centre_spots=0)).placed().send(choose("none"), roll(1), choose("monster_spot"))
    assert table.state.portals == 1


def test_the_portal_roll_is_made_by_the_player_who_shot():
    table = Table().placed().send(choose("none"))
    assert table.prompt().actor == A
    table.end_turn().send(choose("none"))
    assert table.prompt().actor == B


def test_equal_scores_are_decided_by_enemy_balls_deflated():
    table = Table().placed()
    for ball_id in ("B1", "B2", "B3", "B4"):
        table.arrange(ball_id, gone="portal")
    table.state.scores, table.state.deflations = [4, 4], [1, 2]
    table.send(choose("A1"), number(0), choose("miss"))  # a duff: B goes to 5
    assert table.step == "over" and table.state.winner == B
    table = Table().placed()
    for ball_id in ("B1", "B2", "B3", "B4"):
        table.arrange(ball_id, gone="portal")
    table.state.scores, table.state.deflations = [5, 4], [2, 1]
    table.send(choose("A1"), number(0), choose("miss"))
    assert table.state.winner == A and "on deflations (2 to 1)" in table.state.result


def test_equal_scores_and_deflations_are_a_draw():
    table = Table().placed()
    for ball_id in ("B1", "B2", "B3", "B4"):
        table.arrange(ball_id, gone="portal")
    table.state.scores, table.state.deflations = [5, 4], [1, 1]
    table.send(choose("none"))
    assert table.state.winner is None and "a draw" in table.state.result
    assert isinstance(table.prompt(), GameOver)


def test_the_game_ends_if_both_monsterballs_are_out_of_the_game():
    table = Table().placed().arrange("B0", gone="edge")
    table.send(choose("A1"), number(0), choose("edge_gone"))
    assert table.step == "over" and "both monsterballs are out of the game" in table.state.result


def test_the_view_tracks_turn_portals_and_the_current_step():
    table = Table().placed().send(choose("none"))
    view = table.rules.view(table.state)
    assert view.clock == "turn 1 · portals 0/10" and view.phase_id == "end"
    current = [row.name for row in view.phases if row.status == "current"]
    assert current == ["End of turn", "Portal roll"]


def test_by_the_book_a_player_with_every_miniball_deflated_ends_the_game():
    table = Table().placed()
    for ball_id in ("B1", "B2", "B3", "B4"):
        table.arrange(ball_id, deflated_turn=1)
    table.send(choose("none"))
    assert table.step == "over" and "Chompers has no miniballs left" in table.state.result


def test_with_the_old_ruling_deflated_miniballs_still_count_as_on_the_field():
    table = Table(setup_dict(deflated_miniballs_count=True)).placed()
    for ball_id in ("B1", "B2", "B3", "B4"):
        table.arrange(ball_id, deflated_turn=1)
    table.send(choose("none"))
    assert table.step == "portal"
