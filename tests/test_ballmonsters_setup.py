"""Ballmonsters! setup: team make-up, fiddle points, placement and who shoots first."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError
from test_ballmonsters_helpers import A, B, Table, load_data, setup_dict

from refbox.engine import registry, ruleset
from refbox.engine.errors import RuleError, RulesetError
from refbox.engine.match import Match
from refbox.engine.prompts import Choose, Confirm, confirm
from refbox.games.ballmonsters import rules


def test_ruleset_holds_the_team_make_up_and_limits():
    data = load_data()
    assert (data.team.miniballs, data.team.monsterball_str, data.team.miniball_str) == (4, 5, 0)
    assert (data.strength.min, data.strength.max) == (0, 6)
    assert (data.fiddle.budget, data.fiddle.per_ball) == (6, 2)
    assert [e.id for e in data.effects] == ["flaming", "infectious", "tough_nut", "winged", "horny"]
    assert [c.id for c in data.conditions] == ["deflated", "on_fire", "sick"]
    assert (data.scoring.duff, data.scoring.deflation, data.scoring.portal) == (1, 2, 3)
    assert data.portals.max == 10


def test_bite_tables_by_facing_come_from_the_ruleset():
    data = load_data()
    friendly = [data.bite.friendly.calls_for_bite(k) for k in ("bitey_bitey", "bitey_back", "back_bitey", "back_back")]
    unfriendly = [data.bite.unfriendly.calls_for_bite(k) for k in ("bitey_bitey", "bitey_back", "back_bitey", "back_back")]
    assert friendly == [False, True, True, False]
    assert unfriendly == [True, True, True, False]


def test_a_typo_in_the_ruleset_names_file_and_field(tmp_path: Path):
    house = tmp_path / "house.toml"
    house.write_text('[meta]\nname = "bm-house"\nextends = "ballmonsters"\n[fiddle]\nbudjet = 8\n')
    with pytest.raises(RulesetError, match="fiddle.budjet"):
        ruleset.load(rules.Data, registry.lookup("ballmonsters").data_path, house)


def test_monsterballs_start_at_str_5_and_miniballs_at_0_plus_fiddled_str():
    setup = setup_dict()
    setup["teams"][1]["miniballs"][2]["str_bonus"] = 2
    table = Table(setup)
    assert table.ball("A0").strength == 6  # default setup buys +1 STR for each monsterball
    assert table.ball("A1").strength == 0
    assert table.ball("B3").strength == 2
    assert [b.kind for b in table.state.balls].count("miniball") == 8


def test_a_ball_may_take_one_special_effect():
    setup = setup_dict()
    setup["teams"][0]["miniballs"][0]["effect"] = "winged"
    assert Table(setup).ball("A1").effect == "winged"


def test_two_effects_on_one_ball_are_refused_by_the_setup_model():
    setup = setup_dict()
    setup["teams"][0]["miniballs"][0]["effect"] = ["flaming", "horny"]
    with pytest.raises(ValidationError):
        rules.Setup.model_validate(setup)


def test_an_unknown_effect_is_refused():
    setup = setup_dict()
    setup["teams"][0]["miniballs"][0]["effect"] = "laser eyes"
    with pytest.raises(ValidationError):
        rules.Setup.model_validate(setup)


def test_a_third_fiddle_point_on_one_ball_is_refused():
    setup = setup_dict()
    setup["teams"][0]["miniballs"][0].update(str_bonus=2, effect="flaming")
    with pytest.raises(RuleError, match="Gobblers Pip has 3 fiddle points: at most 2 per ball"):
        Match.new("ballmonsters", setup, seed=1)


def test_more_than_six_fiddle_points_per_team_is_refused():
    setup = setup_dict()
    for ball in setup["teams"][1]["miniballs"]:
        ball["str_bonus"] = 2  # 8 + the monsterball's 1 = 9
    with pytest.raises(RuleError, match="Chompers spends 9 fiddle points: the budget is 6"):
        Match.new("ballmonsters", setup, seed=1)


def test_exactly_six_fiddle_points_is_allowed():
    setup = setup_dict()
    miniballs = setup["teams"][1]["miniballs"]
    miniballs[0]["str_bonus"] = 2
    miniballs[1].update(str_bonus=1, effect="horny")
    miniballs[2]["effect"] = "tough_nut"
    assert rules.fiddle_problems(rules.Setup.model_validate(setup), load_data()) == []


def test_fiddle_points_cannot_lift_a_monsterball_above_str_6():
    setup = setup_dict()
    setup["teams"][0]["monsterball"]["str_bonus"] = 2
    with pytest.raises(RuleError, match="would start at STR 7: the most is 6"):
        Match.new("ballmonsters", setup, seed=1)


def test_a_team_needs_four_miniballs():
    setup = setup_dict()
    setup["teams"][0]["miniballs"].pop()
    with pytest.raises(RuleError, match="needs 4 to 8 miniballs, not 3"):
        Match.new("ballmonsters", setup, seed=1)


def test_teams_and_balls_need_distinct_names():
    same_team = setup_dict()
    same_team["teams"][1]["name"] = "gobblers"
    with pytest.raises(ValidationError, match="different names"):
        rules.Setup.model_validate(same_team)
    same_ball = setup_dict()
    same_ball["teams"][0]["miniballs"][1]["name"] = "Pip"
    with pytest.raises(ValidationError, match="two balls share a name"):
        rules.Setup.model_validate(same_ball)


def test_placement_is_a_table_action_for_the_team_placing_first():
    table = Table(setup_dict(places_first=B))
    prompt = table.prompt()
    assert isinstance(prompt, Confirm) and prompt.actor == B
    assert "Chompers sets a miniball" in prompt.text


def test_the_team_that_places_first_takes_the_first_shot():
    table = Table(setup_dict(places_first=B)).send(confirm())
    assert table.state.turn == 1 and table.state.shooter == B
    prompt = table.prompt()
    assert isinstance(prompt, Choose) and prompt.actor == B
    assert "Chompers Maw" in prompt.text


def test_team_colours_are_for_the_hotseat_prompts():
    assert Table().rules.colours(rules.Setup.model_validate(setup_dict())) == ("red", "blue")


def test_view_before_placement_shows_both_rosters():
    table = Table()
    view = table.rules.view(table.state)
    assert view.headline == "Gobblers 0 : 0 Chompers"
    assert view.clock == "placement · portals 0/10"
    assert view.rosters[A].columns == ["Ball", "STR", "Effect", "Conditions"]
    assert view.rosters[A].rows[0] == ["Big Bertha (M)", "6", "-", "ok"]
    assert view.phase_id == "setup"


def test_house_rules_change_the_fiddle_budget_and_the_setup_follows(tmp_path: Path):
    house = tmp_path / "house.toml"
    house.write_text('[meta]\nname = "bm-rich"\nextends = "ballmonsters"\n[fiddle]\nbudget = 8\nper_ball = 2\n')
    data = ruleset.load(rules.Data, registry.lookup("ballmonsters").data_path, house)
    setup = setup_dict()
    for ball in setup["teams"][0]["miniballs"][:3]:
        ball["str_bonus"] = 2  # 6 + the monsterball's 1 = 7: over the printed budget, inside the house one
    assert Table(setup, data=data).ball("A1").strength == 2
    with pytest.raises(RuleError, match="budget is 6"):
        Table(setup)


def test_a_ruleset_missing_an_effect_is_refused(tmp_path: Path):
    base = registry.lookup("ballmonsters").data_path
    text = base.read_text().replace('id = "horny"', 'id = "flaming"', 1)
    broken = tmp_path / "ballmonsters.toml"
    broken.write_text(text)
    with pytest.raises(RulesetError, match="effects must list each of"):
        ruleset.load(rules.Data, broken)


def test_more_than_four_miniballs_are_allowed_up_to_the_rulesets_most():
    setup = rules.default_setup(miniballs=6)
    table = Table(setup)
    assert sum(1 for b in table.state.balls if b.kind == "miniball") == 12
    setup = rules.default_setup(miniballs=8)
    setup["teams"][0]["miniballs"].append({"name": "Ninth"})
    with pytest.raises(RuleError, match="needs 4 to 8 miniballs, not 9"):
        Table(setup)


def test_the_two_teams_start_with_ball_names_of_their_own():
    a, b = rules.default_setup()["teams"]
    names_a = {a["monsterball"]["name"], *(m["name"] for m in a["miniballs"])}
    names_b = {b["monsterball"]["name"], *(m["name"] for m in b["miniballs"])}
    assert not names_a & names_b


def test_a_new_match_plays_by_the_book_unless_the_ruleset_chooses_a_house_rule(tmp_path: Path):
    book = rules.Setup.model_validate(setup_dict())
    assert not book.deflated_miniballs_count and not book.other_deflations_score
    assert rules.Setup.model_validate(Table().rules.new_setup()) == book.model_copy(update={"board": "mat"})
    house = tmp_path / "house.toml"
    house.write_text('[meta]\nname = "bm-old"\nextends = "ballmonsters"\n[ending]\ndeflated_miniballs_count = true\n')
    data = ruleset.load(rules.Data, registry.lookup("ballmonsters").data_path, house)
    setup = rules.Setup.model_validate(rules.Ballmonsters(data).new_setup())
    assert setup.deflated_miniballs_count and not setup.other_deflations_score


def test_teams_of_different_sizes_each_find_their_own_balls():
    setup = setup_dict()
    setup["teams"][1]["miniballs"].append({"name": "Lug"})
    table = Table(setup)
    assert [b.id for b in table.state.balls] == ["A0", "A1", "A2", "A3", "A4", "B0", "B1", "B2", "B3", "B4", "B5"]
    assert table.ball("B5").name == "Lug" and table.state.monsterball(B).name == "Maw"
    assert table.state.monsterball(A).name == "Big Bertha"
    with pytest.raises(KeyError):
        table.ball("A5")
