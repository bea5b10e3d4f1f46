"""Slargeball! journals saved by rules version 1 are upgraded when loaded and end where they ended: matches
saved before the table options (tests/fixtures/make_sb_bm_v1.py), and matches whose ruleset asked the forced
answers or skipped them (tests/fixtures/make_slargeball_v1_forced.py)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from refbox.engine import plain
from refbox.engine.errors import JournalError
from refbox.engine.journal import Entry, Journal, read
from refbox.engine.match import Match
from refbox.engine.report import build

FIXTURES = Path(__file__).parent / "fixtures"
BEFORE_OPTIONS = json.loads((FIXTURES / "sb-bm-v1.json").read_text())["slargeball-v1"]
FORCED = json.loads((FIXTURES / "slargeball-v1-forced.json").read_text())


def copied(name: str, tmp_path: Path) -> Path:
    for file in FIXTURES.glob(f"{name}.*"):
        if file.suffix in (".jsonl", ".json") and not file.name.endswith("-forced.json"):
            shutil.copy(file, tmp_path / file.name)
    return tmp_path / f"{name}.jsonl"


def same_where_old(old, new, where="state") -> None:
    """Every value the old dump has is equal in the new one (new keys are ignored)."""
    if isinstance(old, dict):
        assert isinstance(new, dict), where
        for key, value in old.items():
            assert key in new, f"{where}.{key} is gone"
            same_where_old(value, new[key], f"{where}.{key}")
    elif isinstance(old, list):
        assert isinstance(new, list) and len(old) == len(new), where
        for i, (a, b) in enumerate(zip(old, new)):
            same_where_old(a, b, f"{where}[{i}]")
    else:
        assert old == new, f"{where}: {old!r} then, {new!r} now"


def test_a_match_saved_before_the_table_options_resumes_in_the_same_position(tmp_path):
    path = copied("slargeball-v1", tmp_path)
    match, message = Match.load(path)
    assert message.startswith("This match was saved by an older refbox")
    assert len(match.events) == BEFORE_OPTIONS["events"] and match.prompt().kind == "over"
    old, now = dict(BEFORE_OPTIONS["state"]), plain.dump(match.state)
    assert old.pop("ask")["step"] == now["step"] == "over"  # the pending question's name moved to the state
    same_where_old(old, now)
    assert [line.text for line in match.state.log[-5:]] == BEFORE_OPTIONS["log_tail"]
    match.close()
    assert (tmp_path / "slargeball-v1.jsonl.v1").exists(), "the original is kept"
    again, message = Match.load(path)
    assert message is None and again.header.rules_version == 3 and again.state == match.state
    again.close()


@pytest.mark.parametrize("name", ["slargeball-v1-asked", "slargeball-v1-skipped"])
def test_an_old_match_that_asked_or_skipped_the_forced_answers_ends_as_it_ended(name, tmp_path):
    expected = FORCED[name]
    match, message = Match.load(copied(name, tmp_path))
    assert message.startswith("This match was saved by an older refbox")
    dropped = expected["forced_inputs"]  # answers today's rules take without asking
    assert len(match.events) == expected["events"] - dropped
    log = [line.text for line in match.state.log]
    assert sum("(not asked)" in line for line in log) == dropped + expected["not_asked"] > 0
    assert log[-3:] == expected["log_tail"]
    s = match.state
    assert [s.teams[0].score, s.teams[1].score] == expected["score"] and s.turn == expected["turn"]
    assert match.prompt().text == expected["result"]
    match.close()


def test_a_report_of_an_old_journal_upgrades_it_in_memory_and_writes_nothing(tmp_path):
    path = copied("slargeball-v1-asked", tmp_path)
    before = path.read_bytes()
    report = build(path)
    assert report.finished and report.result == FORCED["slargeball-v1-asked"]["result"]
    assert report.inputs == FORCED["slargeball-v1-asked"]["events"] - FORCED["slargeball-v1-asked"]["forced_inputs"]
    assert path.read_bytes() == before and not (tmp_path / "slargeball-v1-asked.jsonl.v1").exists()


def test_an_old_journal_whose_inputs_fit_neither_flow_is_refused_and_left_untouched(tmp_path):
    old = read(copied("slargeball-v1-asked", tmp_path), repair=False)
    events = [entry.event for entry in old.entries]
    path = tmp_path / "swapped.jsonl"
    journal = Journal.create(path, old.header)
    for event in [events[1], events[0], *events[2:]]:  # the first two inputs swapped
        journal.append(Entry("input", event))
    before = path.read_bytes()
    with pytest.raises(JournalError, match="do not replay on today.s rules, with or without"):
        Match.load(path)
    assert path.read_bytes() == before
