"""Ballmonsters! special effects and conditions woken by an even bite die."""

from __future__ import annotations

import pytest
from test_ballmonsters_helpers import A, B, table_with

from refbox.engine.clone import clone
from refbox.engine.errors import InvalidInput
from refbox.engine.prompts import Choose, choose


def hitting_b1(effects: dict[str, str], b1_strength: int = 3, **arrange):
    """A0 (STR 6) hits B1 with no boob (it has hit a friend already), B1 at the given STR."""
    table = table_with(effects).placed()
    table.state.friendly_hit = True
    table.arrange("B1", strength=b1_strength)
    for ball_id, fields in arrange.items():
        table.arrange(ball_id, **fields)
    return table.shoot("B1", momentum=0)


def test_a_flaming_ball_on_an_even_die_sets_an_adjacent_ball_on_fire():
    table = hitting_b1({"A0": "flaming"}).bite("bitey_back", faces=(2, 1))
    prompt = table.prompt()
    assert isinstance(prompt, Choose) and prompt.actor == A
    assert prompt.options[0].id == "B1" and prompt.options[0].hint == "bounce partner"
    table.send(choose("B1"))
    assert table.ball("B1").fire == 1
    assert table.at_boing


def test_an_odd_die_wakes_nothing():
    table = hitting_b1({"A0": "flaming"}).bite("bitey_back", faces=(3, 1))
    assert table.at_boing and table.ball("B1").fire == 0


def test_a_ball_on_fire_can_be_set_on_fire_again():
    table = hitting_b1({"A0": "flaming"}, B1={"fire": 1}).bite("bitey_back", faces=(2, 1))
    table.send(choose("B1"))
    assert table.ball("B1").fire == 2


def test_flaming_balls_cannot_be_set_on_fire():
    table = hitting_b1({"A0": "flaming", "B1": "flaming"}).bite("bitey_back", faces=(2, 1))
    assert "immune" in table.prompt().options[0].hint
    table.send(choose("B1"))
    assert table.ball("B1").fire == 0


def test_an_infectious_ball_makes_an_adjacent_ball_sick():
    table = hitting_b1({"A0": "infectious"}).bite("bitey_back", faces=(2, 1)).send(choose("B1"))
    assert table.ball("B1").sick


def test_burning_and_infectious_balls_cannot_fall_sick():
    table = hitting_b1({"A0": "infectious"}, B1={"fire": 1}).bite("bitey_back", faces=(2, 1)).send(choose("B1"))
    assert not table.ball("B1").sick
    table = hitting_b1({"A0": "infectious", "B1": "infectious"}).bite("bitey_back", faces=(2, 1)).send(choose("B1"))
    assert not table.ball("B1").sick


def test_setting_a_sick_ball_on_fire_removes_its_sickness():
    table = hitting_b1({"A0": "flaming"}, B1={"sick": True}).bite("bitey_back", faces=(2, 1)).send(choose("B1"))
    assert table.ball("B1").fire == 1 and not table.ball("B1").sick


def test_a_ball_on_fire_sets_others_on_fire_as_if_flaming():
    table = hitting_b1({}, A0={"fire": 1}).bite("bitey_back", faces=(2, 1))
    assert [a.kind for a in table.state.activations] == ["fire"]


def test_an_infectious_ball_on_fire_only_burns():
    table = hitting_b1({"A0": "infectious"}, A0={"fire": 1}).bite("bitey_back", faces=(2, 1))
    assert [a.kind for a in table.state.activations] == ["fire"]


def test_a_horny_ball_deflates_an_adjacent_ball_at_str_0():
    table = hitting_b1({"A0": "horny"}).bite("bitey_back", faces=(2, 1))
    options = [o.id for o in table.prompt().options]
    assert "B1" not in options  # STR 2 after the bite
    before = clone(table.state)
    with pytest.raises(InvalidInput, match="Not now: .*: a horn only deflates a ball at STR 0, and it is at STR 2"):
        table.send(choose("B1"))
    assert table.state == before
    assert "B2" in options and "A1" in options and options[-1] == "none"
    table.send(choose("B2"))
    assert table.ball("B2").deflated
    assert table.state.scores == [2, 0] and table.state.deflations == [1, 0]


def test_a_horny_ball_with_no_str_0_ball_around_does_nothing():
    table = hitting_b1({"A0": "horny"})
    for ball in table.state.balls:
        ball.strength = max(ball.strength, 1)
    table.bite("bitey_back", faces=(2, 1))
    assert table.at_boing
    assert "no ball on the field is at STR 0" in table.log_text()


def test_a_tough_nut_shrugs_off_one_bite():
    table = hitting_b1({"B1": "tough_nut"}).bite("bitey_back", faces=(9, 2))
    assert table.ball("B1").strength == 3
    assert "one bite shrugged off" in table.log_text()


def test_a_tough_nut_not_bitten_ignores_the_other_balls_effect():
    table = hitting_b1({"A0": "flaming", "B1": "tough_nut"}).bite("back_bitey", faces=(2, 4))  # A0 wins, backside
    assert table.state.activations == [] and table.at_boing
    assert table.ball("B1").fire == 0


def test_a_ball_deflated_by_the_bite_loses_its_activation():
    table = hitting_b1({"B1": "flaming"}, b1_strength=0).bite("bitey_back", faces=(9, 2))
    assert table.ball("B1").deflated
    assert table.state.activations == [] and table.ball("A0").fire == 0


def test_the_effect_choice_belongs_to_the_activated_balls_owner():
    table = hitting_b1({"B1": "flaming"}).bite("bitey_bitey", faces=(1, 2))  # both sides bitey, B1 even
    prompt = table.prompt()
    assert prompt.actor == B and prompt.options[0].id == "A0"


def test_an_activation_may_find_no_adjacent_ball():
    table = hitting_b1({"A0": "flaming"}).bite("bitey_back", faces=(2, 1)).send(choose("none"))
    assert all(b.fire == 0 for b in table.state.balls)
