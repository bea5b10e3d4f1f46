"""Ballmonsters! boings: vectors, splitting the power, chains of bounces, portals and the field edge."""

from __future__ import annotations

from test_ballmonsters_helpers import A, B, Table, data_with

from refbox.engine.clone import clone
from refbox.engine.prompts import Number, choose, number


def friendly_no_bite(momentum: int = 2, data=None) -> Table:
    """A0 (STR 6) hits A1 with bitey sides together: no bite, straight to the boing."""
    return Table(data=data).placed().shoot("A1", momentum=momentum).bite("bitey_bitey")


def test_the_vector_is_never_asked_the_table_lays_the_template():
    table = friendly_no_bite()
    assert table.step == "split" and "the table lays the template on a vector" in table.log_text()


def test_a_monsterball_keeps_at_least_2_power_in_the_boing():
    prompt = friendly_no_bite(momentum=2).prompt()
    assert isinstance(prompt, Number) and prompt.actor == A and (prompt.min, prompt.max) == (0, 6)


def test_the_power_is_split_and_the_active_ball_moves_first():
    table = friendly_no_bite(momentum=2).boing(give=5)
    assert table.state.moving.ball == "A0" and table.state.moving.power == 3
    table.send(choose("stop"))
    assert table.state.moving.ball == "A1" and table.state.moving.power == 5


def test_a_bouncing_ball_that_hits_another_starts_a_bounce_with_power_minus_inches():
    table = friendly_no_bite(momentum=2).boing(give=5).send(choose("stop"))
    table.send(choose("B2"), number(2))
    bounce = table.state.bounce
    assert (bounce.active, bounce.target, bounce.power) == ("A1", "B2", 3)
    assert not bounce.boob


def test_a_miniball_keeps_at_least_1_power_in_the_boing():
    table = friendly_no_bite(momentum=2).boing(give=5).send(choose("stop"), choose("B2"), number(1))
    table.bite("back_back")  # unfriendly back to back: no bite, and no vector asked: straight to the split
    assert (table.prompt().min, table.prompt().max) == (0, 3)


def test_chains_resolve_depth_first():
    table = friendly_no_bite(momentum=2).boing(give=5)
    table.send(choose("B2"), number(0))  # the monsterball hits B2 before A1 has moved: a new bounce first
    assert table.state.bounce.active == "A0" and [m.ball for m in table.state.moves] == ["A1"]
    table.bite("back_back").boing(give=0)
    table.send(choose("stop"))
    assert table.state.moving.ball == "A1"


def test_a_ball_deflated_in_the_bite_does_not_boing():
    table = Table().placed().shoot("A1", momentum=6).bite("bitey_back", faces=(9, 1))  # A1 at STR 0: flat
    assert table.ball("A1").deflated
    assert table.at_boing
    table.boing()  # no split: the monsterball keeps everything
    assert table.state.moving.ball == "A0" and table.state.moving.power == 12


def test_an_active_ball_deflated_in_the_bite_ends_its_bounce():
    table = friendly_no_bite(momentum=2).boing(give=5).send(choose("stop"), choose("B2"), number(1))
    table.arrange("B2", strength=4).bite("bitey_bitey", faces=(1, 9))  # B2 bites A1 (STR 0): flat
    assert table.ball("A1").deflated
    assert "no boing" in table.log_text()


def test_a_miniball_in_a_portal_leaves_the_game_and_scores_3_for_its_owner():
    table = friendly_no_bite(momentum=2)
    table.state.portals = 1
    table.boing(give=5).send(choose("stop"), choose("portal"))
    assert table.ball("A1").gone == "portal"
    assert table.state.scores == [3, 0]


def test_an_enemy_miniball_knocked_into_a_portal_scores_for_its_owner():
    table = Table().placed()
    table.state.portals = 1
    table.state.friendly_hit = True
    table.arrange("B1", strength=3).shoot("B1", momentum=2).bite("back_back").boing(give=4)
    table.send(choose("stop"), choose("portal"))
    assert table.state.scores == [0, 3]


def test_a_portal_is_refused_when_none_is_on_the_field():
    import pytest

    from refbox.engine.errors import InvalidInput

    table = friendly_no_bite().boing(give=5)
    assert table.state.portals == 0 and table.step == "move"
    before = clone(table.state)
    with pytest.raises(InvalidInput, match="Not now: Touched a portal: there is no portal on the field"):
        table.send(choose("portal"))
    assert table.state == before


def test_a_ball_off_the_edge_goes_to_a_free_start_space():
    table = friendly_no_bite().boing(give=5).send(choose("stop"), choose("edge"))
    assert table.ball("A1").in_play


def test_a_ball_off_the_edge_with_no_free_start_space_is_removed_without_points():
    table = friendly_no_bite().boing(give=5).send(choose("stop"), choose("edge_gone"))
    assert table.ball("A1").gone == "edge" and table.state.scores == [0, 0]


def test_the_view_shows_the_shot_and_the_bounce_chain():
    table = friendly_no_bite(momentum=2).boing(give=5)
    notes = table.rules.view(table.state).notes
    assert notes[0] == "Shot: Gobblers Big Bertha at Gobblers Pip, momentum 2, power 8"
    assert notes[1] == "Bouncing: Gobblers Big Bertha with 3 power"
    assert notes[2] == "Still to bounce: Gobblers Pip (5)"


def test_the_game_ends_when_a_player_has_no_miniballs_on_the_field():
    table = Table().placed()
    table.state.portals = 1
    table.state.friendly_hit = True
    for ball_id in ("B2", "B3", "B4"):
        table.arrange(ball_id, gone="portal")
    table.arrange("B1", strength=3).shoot("B1", momentum=2).bite("back_back").boing(give=4)
    table.send(choose("stop"), choose("portal"))
    assert table.step == "over"
    assert table.state.winner == B and "Chompers wins on points" in table.state.result


def test_every_ball_still_to_bounce_can_come_to_rest_with_one_key():
    table = friendly_no_bite(momentum=2).boing(give=5)
    rest = next(o for o in table.prompt().options if o.id == "rest_all")
    assert rest.key == "9" and "Gobblers Pip" in rest.label
    table.send(choose("rest_all"))
    assert table.state.moves == [] and table.step in ("fire", "portal")
    assert "Gobblers Big Bertha, Gobblers Pip come to rest." in table.log_text()


def test_the_bounce_partner_is_refused_as_a_hit_until_another_bounce():
    table = friendly_no_bite(momentum=2).boing(give=5)
    prompt = table.prompt()
    assert "A1" not in [o.id for o in prompt.options]
    assert any(r.id == "A1" and "bounce partner" in r.reason for r in prompt.refused)
    table.send(choose("B2"), number(0))  # Big Bertha hits B2 before A1 has moved: a new bounce
    table.bite("back_back").boing(give=0)
    table.send(choose("stop"))
    assert table.state.moving.ball == "A1" and "A0" in [o.id for o in table.prompt().options]


def test_a_ruleset_without_the_partner_ruling_lets_the_table_report_a_hit_on_the_partner():
    """Matches saved before the ruling bounce-partner-apart were played without it (their journals are upgraded
    with boing.partner_apart off)."""
    table = friendly_no_bite(momentum=2, data=data_with("boing", partner_apart=False)).boing(give=5)
    prompt = table.prompt()
    assert "A1" in [o.id for o in prompt.options] and "A1" not in [r.id for r in prompt.refused]
    table.send(choose("A1"), number(1))
    assert (table.state.bounce.active, table.state.bounce.target) == ("A0", "A1")
