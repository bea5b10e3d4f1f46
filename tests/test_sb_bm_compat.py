"""Slargeball! and Ballmonsters! matches saved before the table options (tests/fixtures/make_sb_bm_v1.py, made
with the code of commit 3a44fb4) resume exactly as they were played: every input replays, and every field the
old code had ends as it did (fields added since only add)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from refbox.engine.match import Match

FIXTURES = Path(__file__).parent / "fixtures"
SUMMARY = json.loads((FIXTURES / "sb-bm-v1.json").read_text())


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


@pytest.mark.parametrize("name", ["slargeball-v1"])  # ballmonsters-v1: tests/test_ballmonsters_old_journals.py
def test_an_old_match_resumes_exactly(name, tmp_path):
    for suffix in (".jsonl", ".meta.json"):
        shutil.copy(FIXTURES / f"{name}{suffix}", tmp_path / f"{name}{suffix}")
    match, message = Match.load(tmp_path / f"{name}.jsonl")
    expected = SUMMARY[name]
    assert message is None and len(match.events) == expected["events"]
    assert match.prompt().kind == "over"
    state = match.state.model_dump(mode="json")
    log = state.pop("log")
    same_where_old(expected["state"], state)
    assert len(log) == expected["log_lines"]
    assert [line["text"] for line in log[-5:]] == expected["log_tail"]
