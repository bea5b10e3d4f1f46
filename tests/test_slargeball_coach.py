"""Slargeball! coaches: activation needs, freezing the target, walk-by whaps, the talking-to."""

import pytest

from slargeball_driver import Driver


def coach_menu(d, team=0):
    d.skip_to("coach_menu")
    while d.s.ask.team != team:
        d.choose("no").skip_to("coach_menu")
    return d


def activate(d, target="A.T1", team=0):
    coach_menu(d, team).choose("try").roll(1).choose(target)
    return d


def test_coach_activation_needs_3_then_2_then_1_and_no_fourth():
    d = Driver(squads=3)
    needs = []
    for _ in range(3):
        coach_menu(d)
        needs.append(d.s.teams[0].coach.activations)
        d.choose("try")
        needs[-1] = d.prompt().success.split(" ")[0]
        d.roll(1).choose("A.T1").pick().choose("yes")
        d.finish_turn().skip_to("walk_by").pick().choose("yes")  # returns to the bench
    assert needs == ["3", "2", "1"]
    d.finish_turn()
    for _ in range(40):
        assert d.step != "coach_menu" or d.s.ask.team != 0, "no fourth activation"
        if d.s.phase == "over":
            break
        d.send(d.neutral())


def test_a_failed_activation_does_not_change_the_need_and_one_try_per_turn():
    d = Driver(squads=3)
    coach_menu(d).choose("try").roll(4)
    assert d.s.teams[0].coach.activations == 0
    d.finish_turn()
    coach_menu(d).choose("try")
    assert d.prompt().success.startswith("3 or less")


def test_the_coachs_target_is_frozen_and_the_coach_takes_the_field():
    d = activate(Driver(squads=3), "A.N1")
    assert d.fig("A.N1").frozen and d.fig("A.CO").on_field
    assert d.s.teams[0].coach.mode == "storming"


def test_walk_by_whaps_at_whap_5_on_figures_near_the_path():
    d = activate(Driver(squads=3))
    d.pick("B.T1", "A.N2")
    assert d.step == "walk_by_roll" and len(d.prompt().dice) == 2
    assert all(o.probability == pytest.approx(5 / 6) for o in d.prompt().odds[:2])
    d.roll(5, 6)
    assert d.fig("B.T1").status == "out" and d.fig("A.N2").up


def test_the_talking_to_lasts_one_turn_then_the_target_is_knocked_out_and_the_coach_returns():
    d = activate(Driver(squads=3), "A.N1").pick().choose("yes")
    cs = d.s.teams[0].coach
    assert cs.mode == "talking" and cs.talk_turn == 2
    d.finish_turn()  # turn 1 ends
    assert d.fig("A.N1").frozen
    d.finish_turn()  # turn 2, the talking-to, ends
    assert d.fig("A.N1").status == "out" and not d.fig("A.N1").frozen
    assert d.s.teams[0].coach.mode == "returning"
    d.skip_to("walk_by").pick().choose("yes")
    assert d.s.teams[0].coach.mode == "bench" and not d.fig("A.CO").on_field


def test_an_unconscious_coach_does_not_move_and_its_target_stays_frozen():
    d = activate(Driver(squads=3), "A.N1").pick().choose("no")
    d.fig("A.CO").status = "out"
    d.finish_turn()
    seen = set()
    while d.s.turn == 2:
        seen.add(d.step)
        d.send(d.neutral())
    assert "walk_by" not in seen and d.fig("A.N1").frozen


def test_coach_can_only_target_its_own_team():
    d = coach_menu(Driver(squads=3)).choose("try").roll(1)
    assert all(i.startswith("A.") and not i.endswith("CO") for i in d.option_ids())


def test_break_play_sends_a_conscious_coach_off_and_releases_its_target():
    d = activate(Driver(squads=3), "A.N1").pick().choose("no")
    d.finish_turn()
    d.skip_to("move_menu").choose("break").choose("yes").confirm()
    assert not d.fig("A.CO").on_field and not d.fig("A.N1").frozen


def test_at_the_table_the_walk_by_list_offers_the_coachs_own_target():
    """The text lets the target be whapped, and nothing in the walk-by rule spares it (ruling
    coach-walk-by-target): the table is offered it like any figure near the coach's path."""
    d = activate(Driver(squads=3), "A.N1")
    assert "A.N1" in d.option_ids() and "A.CO" not in d.option_ids()
    assert "its own target included" in d.prompt().text
    d.pick("A.N1").roll(2)
    assert d.fig("A.N1").status == "out"


def test_break_play_in_the_last_turn_does_not_promise_another_turn():
    d = Driver(squads=3)
    d.s.turn = d.s.turns
    d.skip_to("move_menu").choose("break").choose("yes").confirm()
    texts = [line.text for line in d.s.log]
    assert "The table is reset; that was the last turn" in texts
    assert not any("play resumes next turn" in t for t in texts)
    assert d.step == "over"
