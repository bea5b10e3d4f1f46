"""Ballmonsters! matches saved by rules version 1 are upgraded when they load and end exactly as they were
played: every field the old code had ends as it did (fields added since only add), and the report counts what
the old counters counted.

- tests/fixtures/ballmonsters-v1.jsonl (tests/fixtures/make_sb_bm_v1.py, code of commit 3a44fb4): a whole match
  saved before the table options, so every old question was asked (a hit, then its distance; the vector letter;
  a hit on the bounce partner allowed; the portal spot always asked) and the house rules were the old rulings;
- tests/fixtures/ballmonsters-v1-quick*.jsonl (tests/fixtures/make_ballmonsters_v1_quick.py, commit 83b1b9e):
  the shipped ruleset's quick table, one match to the end with its house rules left to the ruleset, one saved
  mid-match with both house rules chosen on the setup form.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from test_ballmonsters_helpers import load_data, setup_dict

from refbox.engine import plain
from refbox.engine.match import Match
from refbox.engine.prompts import Event, choose, confirm, roll
from refbox.engine.report import build
from refbox.games.ballmonsters.rules import Ballmonsters, Setup
from refbox.games.ballmonsters.upgrade import v1_events

FIXTURES = Path(__file__).parent / "fixtures"
SUMMARIES = {**json.loads((FIXTURES / "sb-bm-v1.json").read_text()),
             **json.loads((FIXTURES / "ballmonsters-v1-quick.json").read_text())}
COUNTERS = ("bites", "deflated_enemies")
"""Version 1 kept the report's counts on each ball; today the rules record them as facts."""


def copied(name: str, tmp_path: Path) -> Path:
    for suffix in (".jsonl", ".meta.json"):
        shutil.copy(FIXTURES / f"{name}{suffix}", tmp_path / f"{name}{suffix}")
    return tmp_path / f"{name}.jsonl"


def same_where_old(old, new, where="state") -> None:
    """Every value the old dump has is equal in the new one (new keys are ignored, the old counters too)."""
    if isinstance(old, dict):
        assert isinstance(new, dict), where
        for key, value in old.items():
            if key in COUNTERS:
                continue
            assert key in new, f"{where}.{key} is gone"
            same_where_old(value, new[key], f"{where}.{key}")
    elif isinstance(old, list):
        assert isinstance(new, list) and len(old) == len(new), where
        for i, (a, b) in enumerate(zip(old, new)):
            same_where_old(a, b, f"{where}[{i}]")
    else:
        assert old == new, f"{where}: {old!r} then, {new!r} now"


@pytest.mark.parametrize("name", ["ballmonsters-v1", "ballmonsters-v1-quick", "ballmonsters-v1-quick-house"])
def test_a_version_1_match_is_upgraded_and_ends_as_it_was_played(name, tmp_path):
    path = copied(name, tmp_path)
    match, message = Match.load(path)
    expected = SUMMARIES[name]
    assert message is not None and "upgraded" in message
    assert match.header.rules_version == 3 and "table" not in match.header.data
    assert match.setup.board == "table" and not match.state.mat  # they were played at the table
    state = plain.dump(match.state)
    log = state.pop("log")
    same_where_old(expected["state"], state)
    assert len(log) == expected["log_lines"]
    assert log[-1]["text"] == expected["log_tail"][-1]
    if name == "ballmonsters-v1":  # each old hit and its distance are one input now, and no vector is asked
        assert len(match.events) < expected["events"]
    else:
        assert len(match.events) == expected["events"]
    match.close()
    resumed, message = Match.load(path)  # rewritten in today's form: it resumes as it is
    assert message is None and resumed.state == match.state
    resumed.close()


def test_the_old_rulings_and_house_rules_come_with_an_old_match(tmp_path):
    old, _ = Match.load(copied("ballmonsters-v1", tmp_path))
    assert old.setup.deflated_miniballs_count and old.setup.other_deflations_score
    assert not old.data.boing.partner_apart and old.data.portals.centre_spots == 0
    quick, _ = Match.load(copied("ballmonsters-v1-quick", tmp_path))
    assert not quick.setup.deflated_miniballs_count and not quick.setup.other_deflations_score
    assert quick.data.boing.partner_apart and quick.data.portals.centre_spots == 16
    house, _ = Match.load(copied("ballmonsters-v1-quick-house", tmp_path))
    assert house.setup.deflated_miniballs_count and house.setup.other_deflations_score


@pytest.mark.parametrize("name", ["ballmonsters-v1-quick", "ballmonsters-v1-quick-house"])
def test_the_report_counts_what_version_1_counted_on_its_balls(name, tmp_path):
    report = build(copied(name, tmp_path))
    old = SUMMARIES[name]["state"]
    names = [team["name"] for team in old["teams"]]
    for ball in old["balls"]:
        counted = report.tally.figures.get((ball["team"], ball["name"]), {})
        assert counted.get("bites", 0) == ball["bites"], ball["name"]
        assert counted.get("deflations", 0) == ball["deflated_enemies"], ball["name"]
    for team in (0, 1):
        by_balls = sum(b["deflated_enemies"] for b in old["balls"] if b["team"] == team)
        assert report.tally.teams[team].get("deflations", 0) == old["deflations"][team], names[team]
        assert by_balls <= old["deflations"][team]


def test_an_old_hit_saved_without_its_distance_is_asked_again(tmp_path):
    path = copied("ballmonsters-v1", tmp_path)
    lines = path.read_text().splitlines(keepends=True)
    events = [Event.from_json(json.loads(line)["event"]) for line in lines[1:]]
    hit = next(n for n, e in enumerate(events, start=1) if e.kind == "choose" and e.value == "hit")
    assert events[hit].kind == "number"  # its distance, the next input
    path.write_text("".join(lines[: hit + 1]))  # the header and the inputs up to the first hit
    match, message = Match.load(path)
    assert "upgraded" in message and match.state.step == "result" and len(match.events) == hit - 1
    shot = match.prompt()
    assert [o.id for o in shot.options][:2] == ["miss", "hit0"]
    match.close()


def test_an_old_answer_that_todays_rules_take_unasked_is_dropped():
    class NothingToAimAt(Ballmonsters):
        """Every ball but the first shooter's monsterball deflated when the match starts."""

        def start(self, setup):
            state = super().start(setup)
            for ball in state.balls[1:]:
                ball.deflated_turn = 1
            return state

    rules = NothingToAimAt(load_data())
    setup = Setup.model_validate(setup_dict(deflated_miniballs_count=True))
    asked = [confirm(), choose("none"), roll(12)]  # version 1 asked for the target ("none": a duff)
    assert v1_events(rules, setup, asked) == [confirm(), roll(12)]


def test_a_version_2_setup_naming_no_board_was_at_the_table_and_today_one_is_on_the_mat():
    from refbox.games.ballmonsters.models import default_setup
    from refbox.games.ballmonsters.rules import Ballmonsters

    old = {k: v for k, v in default_setup().items() if k != "board"}
    setup, _ = Ballmonsters.upgrade_setup(2, old, {})
    assert setup["board"] == "table"
    assert Ballmonsters.upgrade_setup(2, {**old, "board": "mat"}, {})[0]["board"] == "mat"
    assert Ballmonsters.upgrade_setup(3, old, {})[0] == old  # today's: no board is the mat (Setup's default)
