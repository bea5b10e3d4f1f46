"""Slargeball! at the table: forced answers are not asked (and undo steps back over them), "nothing else this
phase" answers, and stable keys."""

from __future__ import annotations

from refbox.engine.match import Match
from refbox.engine.prompts import choose, roll

TEAMS = [{"name": "Red", "colour": "red"}, {"name": "Blue", "colour": "blue"}]


def new(squads: int = 1) -> Match:
    return Match.new("slargeball", {"teams": TEAMS, "squads": squads}, seed=1)


def knock_down_blue_but(m: Match, keep: str) -> None:
    for f in m.state.figures:
        if f.team == 1 and f.id != keep:
            f.status = "out"
    m.refresh()


def test_a_whap_with_one_possible_target_is_not_asked_and_undo_steps_over_it():
    m = new()
    m.submit(roll(6, 1))
    m.submit(choose("rest"))
    knock_down_blue_but(m, "B.T1")
    m.submit(choose("A.DG1"))
    assert m.state.step == "whap_roll" and m.state.ask.queue == ("B.T1",)
    assert m.state.log[-1].text == "Only one opponent stands to be whapped: Blue T1 (not asked)"
    assert m.events[-1] == choose("A.DG1"), "the forced target is no input of anyone's"
    m.undo()
    assert m.state.step == "whap_menu"


def test_a_groundball_nobody_can_reach_is_not_asked_about():
    m = new()
    m.submit(roll(6, 1))
    m.submit(choose("rest"))
    for f in m.state.figures:  # a hand-built position: only a frozen figure stands, so nobody can nab
        f.status, f.frozen = ("up", True) if f.id == "A.T1" else ("out", False)
    m.refresh()
    m.submit(choose("nobody"))  # nobody whaps: on to the Nab phase
    assert m.state.log[-1].text == "Nobody can try to nab groundball 1 (not asked)"
    assert m.state.step == "wake_roll" and m.events[-1] == choose("nobody")


def test_nothing_else_this_move_phase_still_asks_the_coaches():
    m = new(squads=3)
    m.submit(roll(6, 1))
    assert m.state.step == "move_menu" and m.state.move_step == 0
    m.submit(choose("rest"))
    assert m.state.step == "coach_menu" and m.state.ask.team == 0
    m.submit(choose("no"))
    assert m.state.step == "coach_menu" and m.state.ask.team == 1
    m.submit(choose("no"))
    assert m.state.phase == "whap"


def test_nobody_else_whaps_ends_the_phase_in_one_key():
    m = new()
    m.submit(roll(6, 1))
    m.submit(choose("rest"))
    keys = {o.id: o.key for o in m.prompt().options}
    assert keys["next"] == "1" and keys["nobody"] == "0" and keys["A.DG1"] == "a" and keys["B.DG1"] == "A"
    m.submit(choose("nobody"))
    assert m.state.phase == "nab"


def test_a_figure_keeps_its_key_in_every_prompt():
    m = new()
    m.submit(roll(6, 1))
    m.submit(choose("rest"))
    m.submit(choose("A.DG1"))
    targets = {o.id: o.key for o in m.prompt().options}
    menu_key = "A"  # Blue's DG1 in the whap menu
    assert targets["B.DG1"] == menu_key and targets["B.T1"] == "B"


def test_a_coach_with_every_activation_spent_is_logged_not_silently_skipped():
    m = new(squads=3)
    m.submit(roll(6, 1))
    m.state.teams[0].coach.activations = 3  # a hand-built position: every activation used
    m.refresh()
    m.submit(choose("rest"))
    assert any("all 3 activations are used" in line.text for line in m.state.log)
    assert m.state.step == "coach_menu" and m.state.ask.team == 1
