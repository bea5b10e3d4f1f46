"""Slargeball! Nab phase: airballs and ballbonk, groundballs in Nab order, coaches and frozen figures."""

import pytest

from slargeball_driver import Driver


def airball(d, fig="A.T1"):
    """Red T1 flings ball 1 on target; we stop when it must come down."""
    d.give_ball(1, fig)
    d.skip_to("fling_menu", phase="fling").choose("spot").roll(1)
    return d.skip_to("air_landed")


def test_an_airball_must_be_nabbed_by_the_figure_it_lands_on():
    d = airball(Driver())
    d.choose("B.N1")
    assert d.step == "nab_roll" and d.prompt().odds[0].probability == pytest.approx(4 / 6)
    d.roll(4)
    assert d.s.ball(1).carrier == "B.N1"


def test_a_missed_airball_means_ballbonk_on_4_or_less():
    d = airball(Driver()).choose("B.N1").roll(5)
    assert d.step == "bonk_roll" and d.prompt().odds[0].probability == pytest.approx(4 / 6)
    d.roll(4)
    assert d.fig("B.N1").status == "out"


def test_a_figure_that_shrugs_off_the_bonk_ends_the_chain_and_the_ball_drops():
    d = airball(Driver()).choose("B.N1").roll(5).roll(5)
    assert d.fig("B.N1").up and d.s.ball(1).where == "ground"


def test_ballbonk_spreads_through_the_cluster_highest_nab_first():
    d = airball(Driver()).choose("B.T1").roll(6).roll(1)
    assert d.step == "bonk_contacts"
    d.pick("A.T2", "B.DG1")  # Nab 2 and Nab 4
    assert d.s.ask.figure == "B.DG1", "highest Nab tries first"
    d.roll(6).roll(1)  # misses and is bonked
    assert d.s.ask.figure == "A.T2"
    d.roll(6).roll(2)
    assert d.step == "bonk_contacts", "the whole ring is down: who touches them?"
    d.pick("B.N1").roll(3)
    assert d.s.ball(1).carrier == "B.N1"


def test_a_fully_bonked_cluster_sends_the_ball_bouncing_2d6():
    d = airball(Driver()).choose("B.T1").roll(6).roll(1).pick()
    assert d.step == "bonk_scatter" and len(d.prompt().dice) == 3
    d.roll(2, 3, 3).choose("field")
    assert d.s.ball(1).where == "ground" and d.s.ball(1).rested_this_nab


def test_a_frozen_figure_cannot_nab_so_an_airball_on_it_is_a_bonk_check():
    d = Driver()
    d.fig("B.N1").frozen = True
    airball(d).choose("B.N1")
    assert d.step == "bonk_roll"


def test_groundball_tried_from_highest_nab_down_stopping_at_first_success():
    d = Driver().skip_to("ground_contact", phase="nab")
    d.pick("A.T1", "B.N1", "A.DG1")
    order = []
    while d.step == "nab_roll":
        order.append(d.s.ask.figure)
        d.roll(6 if len(order) < 2 else 1)
    assert order == ["A.DG1", "B.N1", "A.T1"][:len(order)]
    assert d.s.ball(1).carrier == "B.N1"


def test_groundball_nab_ties_go_to_the_initiative_team_first():
    d = Driver(initiative=1).skip_to("ground_contact", phase="nab")
    d.pick("A.N1", "B.N1")
    assert d.s.ask.figure == "B.N1"


def test_a_missed_groundball_is_no_penalty_and_stays_for_next_turn():
    d = Driver().skip_to("ground_contact", phase="nab").pick("A.T1")
    assert "no effect, the ball stays where it is" in str(d.m.prompt()), "nobody else is left to try"
    d.roll(6)
    assert d.fig("A.T1").up and d.s.ball(1).where == "ground"


def test_a_miss_with_figures_still_to_try_says_the_next_one_tries():
    d = Driver().skip_to("ground_contact", phase="nab").pick("A.T1", "B.N1")
    assert "no effect, the next figure tries" in str(d.m.prompt())


def test_coaches_never_try_for_groundballs():
    d = Driver(squads=3)
    d.fig("A.CO").on_field = True
    d.skip_to("ground_contact", phase="nab")
    assert "A.CO" not in d.option_ids()


def test_coaches_nab_airballs():
    d = Driver(squads=3)
    d.fig("A.CO").on_field = True
    airball(d, "A.T1")
    assert "A.CO" in d.option_ids()


def test_an_airball_on_open_ground_becomes_a_groundball_nabbed_next_turn():
    d = airball(Driver()).choose("ground")
    assert d.s.ball(1).where == "ground"
    assert d.step != "ground_contact", "it came to rest this Nab phase: no nab until next turn"
