"""Slargeball! Move phase: piles, breaking contact, offside; unconscious and frozen figures stay put."""

import pytest

from refbox.engine.clone import clone
from refbox.engine.errors import InvalidInput
from refbox.engine.prompts import Event
from slargeball_driver import Driver

DG, TREMPLES, NICKELBACKS, GOALIES, CAPTAINS, RUSHERS, COACHES = range(7)


def test_crossing_a_pile_needs_half_move_rounded_up():
    d = Driver().knock_down().to_move_step(DG, team=0)
    d.choose("pile")  # one Defensive Grelker: no need to ask which
    assert d.prompt().success.startswith("2 or less"), "M4 needs 2"
    d.roll(2)
    assert d.fig("A.DG1").up
    d.choose("done").choose("done")
    d.choose("pile").choose("A.T1")
    assert d.prompt().success.startswith("3 or less"), "M6 needs 3"


def test_rushing_grelker_m8_needs_4_to_cross_a_pile():
    d = Driver().knock_down("B.T1").to_move_step(RUSHERS, team=0)
    d.choose("pile")
    assert d.prompt().odds[0].probability == pytest.approx(4 / 6)


def test_failed_pile_roll_mires_the_figure_and_drops_its_ball():
    d = Driver().knock_down()
    d.give_ball(1, "A.DG1")
    d.to_move_step(DG, team=0).choose("pile").roll(3)
    assert d.fig("A.DG1").status == "mired"
    assert d.s.ball(1).where == "ground"


def test_leaving_base_contact_needs_1_or_2_and_is_tried_once_a_turn():
    d = Driver().to_move_step(DG, team=0)
    d.choose("contact")
    assert d.prompt().odds[0].probability == pytest.approx(2 / 6)
    d.roll(3)
    assert "held in contact" in d.last_log()
    assert "contact" not in d.option_ids(), "one try per figure per turn"


def test_offside_figure_is_knocked_out_at_the_edge():
    d = Driver().to_move_step(DG, team=0)
    d.choose("offside")
    assert d.fig("A.DG1").status == "out"


def test_unconscious_figures_never_move():
    d = Driver()
    d.fig("A.DG1").status = "out"
    d.to_move_step(DG, team=1)
    assert d.s.ask.team == 1, "Red's only Defensive Grelker is down: its sub-phase is skipped"


def test_frozen_figures_never_move():
    d = Driver().knock_down()
    d.fig("A.T1").frozen = True
    d.to_move_step(TREMPLES, team=0).choose("pile")
    assert d.step == "move_roll" and d.s.ask.figure == "A.T2", "only the unfrozen Tremple can be asked about"


def test_coaches_plough_through_piles_without_a_roll():
    d = Driver(squads=3)
    d.skip_to("coach_menu")
    assert d.s.move_step == COACHES, "coaches are asked about activation, never about piles"


def test_an_impossible_die_face_is_refused_and_changes_nothing():
    d = Driver().knock_down().to_move_step(DG, team=0).choose("pile")
    before = clone(d.s)
    for bad, message in (([0], "not a face of a d6"), ([7], "not a face of a d6"), ([1, 2], "Expected 1 die")):
        with pytest.raises(InvalidInput, match=message):
            d.send(Event(kind="roll", value=bad))
        assert d.s == before


def test_a_key_with_no_meaning_in_this_phase_is_refused():
    from refbox.engine.prompts import choose, number
    d = Driver().to_move_step(DG, team=0)
    with pytest.raises(InvalidInput, match="not one of the choices"):
        d.send(choose("fling"))
    with pytest.raises(InvalidInput, match="Expected a choice"):
        d.send(number(3))


def test_breaking_contact_twice_is_refused_with_the_reason():
    from refbox.engine.prompts import choose
    d = Driver().to_move_step(DG, team=0).choose("contact").roll(5)
    with pytest.raises(InvalidInput, match="already tried once this turn"):
        d.send(choose("contact"))


def test_only_a_goalie_can_carry_the_ball_into_the_bunker():
    d = Driver()
    d.give_ball(1, "A.T1")
    d.to_move_step(TREMPLES, team=0)
    assert "goal" not in d.option_ids()


def test_no_pile_to_cross_while_nobody_is_down():
    d = Driver().to_move_step(DG, team=0)
    assert "pile" not in d.option_ids()
    d.knock_down("B.T1")
    assert "pile" in d.option_ids()


def test_the_move_menu_offers_exactly_the_actions_some_figure_can_take():
    """The menu's one-pass check agrees with the per-action figure lists on every move menu of random play."""
    import random

    from refbox.engine import registry
    from refbox.engine.play import Game, random_event
    from refbox.games.slargeball.steps_move import ACTIONS, menu_actions, movers

    entry = registry.lookup("slargeball")
    rules = entry.load()
    data = rules.data
    menus = 0
    for seed in range(3):
        game = Game.start(rules, rules.Setup.model_validate({**rules.headless_setup(), "board": "table"}))
        rng = random.Random(seed)
        while (legal := game.legal()).kind != "over":
            if game.state.step == "move_menu":
                menus += 1
                assert menu_actions(game.state, data) == [k for k in ACTIONS if movers(game.state, data, k)]
            game.apply(random_event(legal, rng))
    assert menus > 100
