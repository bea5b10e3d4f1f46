"""Slargeball! Check for Consciousness: every unconscious figure rolls at or under its Whap."""

import pytest

from refbox.engine.prompts import Roll
from slargeball_driver import Driver


def test_unconscious_figures_wake_on_a_roll_at_or_under_their_whap():
    d = Driver()
    d.fig("A.DG1").status = "out"
    d.fig("B.RG1").status = "mired"
    d.skip_to("wake_roll")
    prompt = d.prompt()
    assert [die.label for die in prompt.dice] == ["Red DG1", "Blue RG1"]
    assert prompt.odds[0].probability == pytest.approx(4 / 6) and prompt.odds[1].probability == pytest.approx(2 / 6)
    d.roll(4, 3)
    assert d.fig("A.DG1").up and d.fig("B.RG1").status == "mired"


def test_the_whole_phase_is_one_roll_so_digital_dice_take_one_key():
    d = Driver()
    for tag in ("A.DG1", "A.T1", "B.N2"):
        d.fig(tag).status = "out"
    d.skip_to("wake_roll")
    assert isinstance(d.prompt(), Roll) and len(d.prompt().dice) == 3
    d.send(d.m.roll_digital())
    assert d.s.turn == 2
    assert sum("wakes up" in line.text or "stays down" in line.text for line in d.s.log) == 3


def test_no_unconscious_figures_no_question():
    d = Driver()
    d.skip_to("ground_contact", phase="nab").pick()
    assert d.s.turn == 2
