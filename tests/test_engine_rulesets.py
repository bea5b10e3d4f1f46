"""Rulesets as data: validated on load with the file and field named; house rules; the registry."""

import pytest

from refbox.engine import registry
from refbox.engine.errors import RulesetError
from refbox.engine.ruleset import load
from refbox.games.slargeball.data import Data

BASE = registry.rulesets_dir() / "slargeball.toml"


def test_the_shipped_slargeball_ruleset_loads():
    data = load(Data, BASE)
    assert data.game.turns == 25 and data.coach.activation_needs == [3, 2, 1]


def test_a_wrong_type_names_the_file_and_the_field(tmp_path):
    broken = tmp_path / "slargeball.toml"
    broken.write_text(BASE.read_text().replace("turns = 25", 'turns = "many"'))
    with pytest.raises(RulesetError) as err:
        load(Data, broken)
    assert str(broken) in str(err.value) and "game.turns" in str(err.value)


def test_a_missing_field_names_the_file_and_the_field(tmp_path):
    broken = tmp_path / "slargeball.toml"
    broken.write_text(BASE.read_text().replace("ballbonk_on_or_under = 4", ""))
    with pytest.raises(RulesetError, match="game.ballbonk_on_or_under.*Field required"):
        load(Data, broken)


def test_invalid_toml_is_reported_with_the_file(tmp_path):
    broken = tmp_path / "x.toml"
    broken.write_text("[game\n")
    with pytest.raises(RulesetError, match="not valid TOML"):
        load(Data, broken)


def test_an_unknown_key_is_an_error_not_silently_ignored(tmp_path):
    broken = tmp_path / "slargeball.toml"
    broken.write_text(BASE.read_text().replace("turns = 25", "turns = 25\nturnz = 30"))
    with pytest.raises(RulesetError, match="game.turnz"):
        load(Data, broken)


def test_house_rules_merge_over_the_base_and_are_validated(tmp_path):
    house = tmp_path / "long.toml"
    house.write_text('[meta]\nname = "slargeball-long"\ntitle = "Long Slargeball"\nextends = "slargeball"\n'
                     "[game]\nturns = 40\n")
    data = load(Data, BASE, house)
    assert data.game.turns == 40 and data.game.die == 6
    house.write_text('[meta]\nname = "x"\nextends = "slargeball"\n[game]\nturns = -1\n')
    with pytest.raises(RulesetError, match=r"long.toml.*game.turns"):
        load(Data, BASE, house)


def test_house_rule_files_become_registry_variants(tmp_path):
    (tmp_path / "long.toml").write_text('[meta]\nname = "slargeball-long"\ntitle = "Long Slargeball"\n'
                                        'extends = "slargeball"\n[game]\nturns = 40\n')
    (tmp_path / "bad.toml").write_text("[meta]\nname = 1\n")
    variants, problems = registry.house_variants(tmp_path)
    assert [v.title for v in variants] == ["Long Slargeball"]
    assert variants[0].load_data().game.turns == 40
    assert len(problems) == 1 and "bad.toml" in problems[0]


def test_every_ruleset_is_listed_and_found_by_name_or_alias():
    assert [e.title for e in registry.BUILTIN] == [
        "Slargeball!", "Rülerball", "Monster Ball", "Ballmonsters!", "Battleball"]
    assert registry.lookup("SLARGE").name == "slargeball"
    assert registry.lookup("Rulerball").name == "rulerball"
    with pytest.raises(RulesetError, match="unknown ruleset"):
        registry.lookup("calvinball")


def test_slargeball_data_checks_its_own_consistency(tmp_path):
    broken = tmp_path / "slargeball.toml"
    broken.write_text(BASE.read_text().replace("squads = [4, 5]", "squads = [4]"))
    with pytest.raises(RulesetError, match="balls"):
        load(Data, broken)
