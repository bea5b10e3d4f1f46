"""The ruleset file and the setup: shipped numbers, empty user slots, precise refusals."""

from __future__ import annotations

import subprocess
import sys

import pytest
from test_rulerball_support import new_match

from refbox.engine.errors import InvalidInput, RulesetError
from refbox.engine.registry import lookup
from refbox.engine.ruleset import read_toml, validate
from refbox.games.rulerball.data import Data
from refbox.games.rulerball.models import Setup


def shipped() -> Data:
    return lookup("rulerball").load_data()


def test_the_game_is_sixty_minutes_in_three_twenty_minute_periods():
    data = shipped()
    assert (data.clock.periods, data.clock.period_minutes, data.game_minutes) == (3, 20, 60)


def test_a_team_is_three_bikers_two_catchers_five_skaters_on_twelve_sectors():
    data = shipped()
    assert (data.team.biker, data.team.catcher, data.team.skater, data.track.sectors) == (3, 2, 5, 12)
    assert data.ball.laps_to_shoot == 3


def test_official_numbers_the_text_lacks_ship_empty():
    data = shipped()
    assert data.figures == {} and data.injuries == [] and data.penalty_minutes is None
    rolls = data.rolls
    assert all(getattr(rolls, r) is None for r in ("field", "avoid", "handoff", "combat", "injury", "shot"))


def test_every_step_belongs_to_a_phase_of_the_file_and_rulings_name_real_phases():
    from refbox.games.rulerball import rules  # noqa: F401  (registers the steps)
    from refbox.games.rulerball.steps import HARM, STEPS, SUB_STEPS

    data = shipped()
    ids = {p.id for p in data.phases}
    assert {s.phase for s in STEPS.table.values()} <= ids | {HARM}
    for s in STEPS.table.values():
        if s.phase != HARM and data.phase(s.phase).steps:  # the tracker opens the phase at the step's own line
            assert SUB_STEPS[s.name] in [st.id for st in data.phase(s.phase).steps], s.name
    assert set(SUB_STEPS) <= set(STEPS.table)
    assert all(set(r.applies_to) <= ids | {"general", "setup"} for r in data.rulings)


def test_a_typo_in_a_roll_is_an_error_naming_the_field(tmp_path):
    raw = read_toml(lookup("rulerball").data_path)
    raw["rolls"]["field"] = {"sides": 6, "stat": "skil", "succeed": "at_most"}
    with pytest.raises(RulesetError, match="rolls.field.stat"):
        validate(Data, raw, "house.toml")


def test_a_team_of_the_wrong_make_up_is_refused():
    setup = Setup().model_dump()
    setup["teams"][1]["figures"][0]["role"] = "skater"
    with pytest.raises(InvalidInput, match="Away has 2 biker"):
        new_match(setup=setup)


def test_a_start_sector_off_the_track_is_refused():
    setup = Setup().model_dump()
    setup["teams"][0]["figures"][0]["start_sector"] = 13
    with pytest.raises(InvalidInput, match="start sector 13"):
        new_match(setup=setup)


def test_the_rules_module_imports_neither_textual_nor_rich():
    code = "import sys, refbox.games.rulerball.rules; print(any(m.split('.')[0] in ('textual', 'rich') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_two_teams_in_the_same_colour_are_refused():
    from pydantic import ValidationError

    setup = Setup().model_dump()
    setup["teams"][1]["colour"] = "red"
    with pytest.raises(ValidationError, match="different colours"):
        Setup.model_validate(setup)
