"""Matches saved before the fewer-keys flow (no fewer_keys in their setup, no goal_value in their data) resume
exactly as before: the same inputs replay to the same position and log, from a checkpoint or without, and go on
with the old questions."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from saved_match import signed

from refbox.engine.match import Match
from refbox.engine.sim import replayed

FIXTURES = Path(__file__).parent / "fixtures"
SUMMARY = json.loads((FIXTURES / "rulerball-v1.json").read_text())


def position(match: Match) -> dict:
    s = match.state
    return {"events": len(match.events), "step": s.step, "score": list(s.score), "clock": s.clock, "turn": s.turn,
            "period": s.period, "ball": s.ball.model_dump(mode="json"),
            "figures": [[f.id, f.place, f.sector, f.timer, f.moves, f.fights] for f in s.figures],
            "log": [line.text for line in s.log]}


@pytest.mark.parametrize("name", sorted(SUMMARY))
@pytest.mark.parametrize("checkpoint", [True, False])
def test_a_match_saved_before_the_fewer_keys_flow_resumes_where_it_was(tmp_path, name, checkpoint):
    for suffix in (".jsonl", ".meta.json", ".checkpoint.json"):
        if (FIXTURES / f"{name}{suffix}").exists() and (checkpoint or suffix != ".checkpoint.json"):
            shutil.copy(FIXTURES / f"{name}{suffix}", tmp_path / f"{name}{suffix}")
    if checkpoint and (tmp_path / f"{name}.checkpoint.json").exists():
        signed(tmp_path / f"{name}.jsonl")
    match, message = Match.load(tmp_path / f"{name}.jsonl")
    assert message is None
    assert not match.setup.fewer_keys and not match.state.fewer_keys and match.data.ball.goal_value == 1
    assert position(match) == SUMMARY[name]
    twin = replayed(match)
    assert position(twin) == position(match)
    match.close()


def test_an_old_match_goes_on_with_the_old_questions(tmp_path):
    name = "rulerball-v1-demo"
    for suffix in (".jsonl", ".meta.json"):
        shutil.copy(FIXTURES / f"{name}{suffix}", tmp_path / f"{name}{suffix}")
    match, _ = Match.load(tmp_path / f"{name}.jsonl")
    assert match.state.step == "move_pick" and match.prompt().text.endswith("who goes next (inner ring first, then clockwise)?")
    assert all(o.key == "" for o in match.prompt().options)  # the keys it was played with
    match.close()
