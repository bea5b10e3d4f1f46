"""Slargeball! setup: squads, positions, stats, balls, the opening roll-off."""

import pytest
from pydantic import ValidationError

from refbox.engine.errors import RuleError
from refbox.engine.match import Match
from refbox.engine.prompts import Roll
from slargeball_driver import TEAMS, Driver


def roster(squads: int, team: int = 0):
    return [f for f in Driver(squads=squads, initiative=None).s.figures if f.team == team]


def count(figs, pos):
    return sum(1 for f in figs if f.pos == pos)


def test_a_squad_is_two_tremples_two_nickelbacks_one_defensive_and_one_rushing_grelker():
    figs = roster(1)
    assert (count(figs, "T"), count(figs, "N"), count(figs, "DG"), count(figs, "RG")) == (2, 2, 1, 1)


def test_goalie_always_captain_from_two_squads_coach_from_three():
    assert [(count(roster(n), "G"), count(roster(n), "C"), count(roster(n), "CO")) for n in (1, 2, 3)] == [
        (1, 0, 0), (1, 1, 0), (1, 1, 1)]


def test_five_squads_make_33_figures_a_side():
    assert len(roster(5, 0)) == 33 and len(roster(5, 1)) == 33


@pytest.mark.parametrize("pos,stats", [
    ("CO", (16, 5, 5, 2)), ("C", (6, 4, 4, 3)), ("G", (6, 2, 4, 4)), ("T", (6, 3, 4, 2)),
    ("N", (6, 3, 2, 4)), ("DG", (4, 4, 2, 4)), ("RG", (8, 2, 3, 3)),
])
def test_stats_table_move_whap_fling_nab(pos, stats):
    fig = next(f for f in roster(3) if f.pos == pos)
    assert (fig.move, fig.whap, fig.fling, fig.nab) == stats


@pytest.mark.parametrize("squads,balls", [(1, 1), (2, 2), (3, 2), (4, 3), (5, 3)])
def test_balls_in_play_by_squads(squads, balls):
    assert len(Driver(squads=squads, initiative=None).s.balls) == balls


def test_squads_per_team_are_1_to_5():
    with pytest.raises(RuleError, match="1 to 5"):
        Match.new("slargeball", {"teams": TEAMS, "squads": 6}, seed=1)
    with pytest.raises(ValidationError):
        Match.new("slargeball", {"teams": TEAMS, "squads": 0}, seed=1)


def test_teams_need_different_names_and_colours():
    with pytest.raises(ValidationError, match="different colours"):
        Match.new("slargeball", {"teams": [TEAMS[0], {"name": "Blue", "colour": "red"}], "squads": 1}, seed=1)
    with pytest.raises(ValidationError, match="different names"):
        Match.new("slargeball", {"teams": [TEAMS[0], {"name": "red", "colour": "blue"}], "squads": 1}, seed=1)


def test_coaches_start_off_the_field():
    coach = next(f for f in roster(3) if f.coach)
    assert not coach.on_field


def test_opening_roll_off_higher_wins_and_ties_reroll():
    d = Driver(initiative=None)
    assert d.step == "initiative_roll"
    d.roll(4, 4)
    assert d.step == "initiative_roll" and d.s.initiative is None
    d.roll(2, 5)
    assert d.s.initiative == 1 and d.s.phase == "move"


def test_roll_off_odds_are_exact():
    prompt = Driver(initiative=None).prompt()
    assert isinstance(prompt, Roll)
    odds = {o.label: o.probability for o in prompt.odds}
    assert odds["Red win"] == pytest.approx(15 / 36)
    assert odds["tie: roll again"] == pytest.approx(6 / 36)


def test_a_new_match_starts_from_three_squads_a_side_with_the_setup_screens_names():
    from refbox.engine.registry import lookup

    rules = lookup("slargeball").load()
    setup = rules.Setup.model_validate(rules.new_setup())
    assert setup.squads == 3 and rules.team_names(setup) == ("Red Ravagers", "Blue Bashers")
    assert rules.colours(setup) == ("red", "blue")
    assert setup.board == "screen" and rules.computer_can_play(setup)  # a new match is played on the field
    assert rules.Setup.model_validate({**rules.new_setup(), "board": "table"}).board == "table"  # still a choice
    assert rules.Setup.model_validate({"teams": setup.teams, "squads": 3}).board == "table"  # an old journal's
