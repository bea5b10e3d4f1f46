"""Matches saved before the on-screen field (no board in their setup, no field data in their header) resume
exactly as before, in table mode: the same inputs replay to the same position, from a checkpoint or without."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from saved_match import signed

from refbox.engine.match import Match
from refbox.engine.sim import replayed

FIXTURES = Path(__file__).parent / "fixtures"
SUMMARY = json.loads((FIXTURES / "monster-ball-v1.json").read_text())


def position(match: Match) -> dict:
    s = match.state
    return {"events": len(match.events), "step": s.step, "score": [t.score for t in s.teams], "possession": s.possession,
            "to_go": s.to_go, "down": s.down, "seconds": s.seconds, "carrier": s.carrier,
            "ejected": [p.id for t in s.teams for p in t.players if p.ejected], "field": [t.field for t in s.teams],
            "log_lines": len(s.log), "result": s.result}


@pytest.mark.parametrize("name", sorted(SUMMARY))
@pytest.mark.parametrize("checkpoint", [True, False])
def test_a_match_saved_by_the_table_only_version_resumes_where_it_was(tmp_path, name, checkpoint):
    for suffix in (".jsonl", ".meta.json", ".checkpoint.json"):
        if checkpoint or suffix != ".checkpoint.json":
            shutil.copy(FIXTURES / f"{name}{suffix}", tmp_path / f"{name}{suffix}")
    if checkpoint:
        signed(tmp_path / f"{name}.jsonl")
    match, message = Match.load(tmp_path / f"{name}.jsonl")
    assert message is None
    assert position(match) == SUMMARY[name]
    assert match.setup.board == "table" and not match.setup.fewer_keys and not match.state.board
    assert match.data.formations is None  # the data embedded in the old header has no line-ups
    assert match.state.pos == {}
    twin = replayed(match)
    assert position(twin) == position(match)
    if not checkpoint:  # a checkpoint keeps the old wording of its log lines; a replay writes today's
        assert twin.state == match.state
    match.close()


def test_an_old_match_goes_on_with_the_table_questions(tmp_path):
    name = "monster-ball-v1-gym"
    for suffix in (".jsonl", ".meta.json"):
        shutil.copy(FIXTURES / f"{name}{suffix}", tmp_path / f"{name}{suffix}")
    match, _ = Match.load(tmp_path / f"{name}.jsonl")
    assert match.state.step == "kick_catchers" and match.prompt().kind == "pick"  # "who stands in the landing grid?"
    match.close()
