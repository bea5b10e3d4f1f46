"""Slargeball! Whap phase: simultaneous, highest Whap first, one whap each, carriers drop the ball."""

from slargeball_driver import Driver


def to_whap(d):
    return d.skip_to("whap_menu", phase="whap")


def test_whaps_resolve_from_the_highest_whap_down():
    d = to_whap(Driver())
    bands = []
    while d.s.phase == "whap":
        bands.append(d.s.whap_band)
        d.choose("next")
    assert bands == sorted(bands, reverse=True) and bands[0] == 4


def test_whap_succeeds_on_a_roll_at_or_under_the_whap_stat():
    d = to_whap(Driver())
    d.choose("A.DG1").choose("B.T1")
    assert d.prompt().success.startswith("4 or less")
    d.roll(4)
    assert d.fig("B.T1").status == "out"


def test_a_figure_knocked_out_this_phase_still_whaps():
    d = to_whap(Driver())
    d.choose("A.DG1").choose("B.DG1").roll(1)
    assert d.fig("B.DG1").status == "out"
    assert "B.DG1" in d.option_ids(), "simultaneous: B.DG1 still gets its whap"
    d.choose("B.DG1").choose("A.DG1").roll(1)
    assert d.fig("A.DG1").status == "out"


def test_one_whap_per_figure_per_turn():
    d = to_whap(Driver())
    d.choose("A.DG1").choose("B.T1").roll(6)
    assert "A.DG1" not in d.option_ids()


def test_a_figure_can_be_whapped_by_several_but_only_standing_targets_are_offered():
    d = to_whap(Driver())
    d.choose("A.DG1").choose("B.T1").roll(6)
    d.choose("B.DG1").choose("A.T1").roll(1)
    assert d.s.whap_band == 3, "every Whap 4 figure has whapped: on to Whap 3"
    d.choose("A.T2")
    assert "B.T1" in d.option_ids(), "missed once, can be whapped again"


def test_frozen_figures_and_coaches_do_not_whap():
    d = Driver(squads=3)
    d.fig("A.DG1").frozen = True
    to_whap(d)
    ids = d.option_ids()
    assert "A.DG1" not in ids and not any(i.endswith(".CO") for i in ids)


def test_knocked_out_carrier_drops_the_ball_as_a_groundball():
    d = Driver()
    d.give_ball(1, "B.T1")
    to_whap(d)
    d.choose("A.DG1").choose("B.T1").roll(2)
    assert d.s.ball(1).where == "ground" and d.s.ball(1).carrier is None


def test_whapping_twice_is_refused_with_the_reason():
    import pytest

    from refbox.engine.errors import InvalidInput
    from refbox.engine.prompts import choose
    d = to_whap(Driver())
    d.choose("A.DG1").choose("B.T1").roll(6)
    from refbox.engine.clone import clone

    before = clone(d.s)
    with pytest.raises(InvalidInput, match="already whapped this turn"):
        d.send(choose("A.DG1"))
    assert d.s == before
