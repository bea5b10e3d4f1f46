"""Matches saved by version 1 in its older, longer flow (no ``fewer_keys`` in their setup, no goal_value in their
data) are upgraded when loaded: their inputs become today's questions' answers and reach the position they had
(score, clock, ball, every figure), the journal is rewritten in today's form with the original kept beside it, and
the match goes on with today's questions. Version 1's shorter flow is today's: its inputs stay as they are."""

from __future__ import annotations

import dataclasses
import json
import random
import shutil
from pathlib import Path

import pytest

from refbox.engine.errors import JournalError
from refbox.engine.journal import read
from refbox.engine.match import Match
from refbox.engine.random_play import replayed
from refbox.engine.upgrade import upgraded
from refbox.games.rulerball.rules import Rulerball
from refbox.games.rulerball.steps_move import walker

FIXTURES = Path(__file__).parent / "fixtures"
SUMMARY = json.loads((FIXTURES / "rulerball-v1.json").read_text())
"""Where the older flow's journals stood when they were made (tests/fixtures/make_rulerball_v1.py)."""


def position(match: Match) -> dict:
    s = match.state
    return {"score": list(s.score), "clock": s.clock, "turn": s.turn, "period": s.period,
            "ball": dataclasses.asdict(s.ball),
            "figures": [[f.id, f.place, f.sector, f.timer, f.moves, f.fights] for f in s.figures]}


def copied(tmp_path: Path, name: str, checkpoint: bool = False) -> Path:
    for suffix in (".jsonl", ".meta.json", ".checkpoint.json"):
        if (FIXTURES / f"{name}{suffix}").exists() and (checkpoint or suffix != ".checkpoint.json"):
            shutil.copy(FIXTURES / f"{name}{suffix}", tmp_path / f"{name}{suffix}")
    return tmp_path / f"{name}.jsonl"


@pytest.mark.parametrize("name", sorted(SUMMARY))
@pytest.mark.parametrize("checkpoint", [True, False])
def test_a_match_of_the_older_flow_is_upgraded_to_where_it_was(tmp_path, name, checkpoint):
    path = copied(tmp_path, name, checkpoint)
    match, message = Match.load(path)
    was = {k: v for k, v in SUMMARY[name].items() if k in ("score", "clock", "turn", "period", "ball", "figures")}
    assert position(match) == was
    assert message.startswith("This match was saved by an older refbox") and f"{name}.jsonl.v1" in message
    assert len(match.events) < SUMMARY[name]["events"]  # fewer questions for the same play
    assert not (tmp_path / f"{name}.checkpoint.json").exists()  # a state of the older rules
    assert replayed(match).state == match.state
    match.close()
    assert read(path).header.rules_version == Rulerball.version and (tmp_path / f"{name}.jsonl.v1").exists()
    again, message = Match.load(path)  # rewritten in today's form: read as it is
    assert message is None and again.state == match.state
    again.close()


def test_an_upgraded_match_goes_on_with_todays_questions(tmp_path):
    match, _ = Match.load(copied(tmp_path, "rulerball-v1-demo"))
    assert match.state.step == "move_walk" and match.state.turn == 4
    assert all(o.key for o in match.prompt().options)  # the keys of today's flow
    match.close()


def test_a_figure_named_to_move_just_before_the_save_is_still_the_one_asked(tmp_path):
    """The older flow named the figure first and typed its end sector next: its journal stopped in between."""
    match, _ = Match.load(copied(tmp_path, "rulerball-v1-long"))
    assert match.state.step == "move_walk" and walker(match.state, match.data).id == "0-skater-3"
    match.close()


def test_an_older_journal_that_cannot_be_upgraded_is_refused_and_left_untouched(tmp_path):
    loaded = read(copied(tmp_path, "rulerball-v1-demo"))
    events = [e.event for e in loaded.entries]
    moved_to = next(n for n, e in enumerate(events) if e.kind == "number" and n > 20)
    events[moved_to] = dataclasses.replace(events[moved_to], value=99)  # a figure skating off the track
    with pytest.raises(JournalError, match=f"input {moved_to + 1} of the older journal cannot be upgraded: sector 99"):
        upgraded(Rulerball, loaded.header, events)
    path = tmp_path / "bad.jsonl"  # the same in a file (format 1: no hash chain to edit)
    lines = [loaded.header.model_copy(update={"refbox_journal": 1}).model_dump_json()]
    lines += [json.dumps({"op": "input", "event": e.to_json()}) for e in events]
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(JournalError, match="sector 99 is off the track; the file was left untouched"):
        Match.load(path)
    assert path.read_text().splitlines() == lines and not path.with_name("bad.jsonl.v1").exists()


def test_a_match_of_the_shorter_flow_keeps_its_inputs(tmp_path):
    """Version 1's new matches asked today's questions: their journals only lose the flag."""
    m = Match.new("rulerball", {}, seed=5)
    rng = random.Random(5)
    from test_rulerball_random import table_like

    for _ in range(300):
        m.submit(table_like(m)(m.prompt(), rng))
    old = m.header.model_copy(update={"rules_version": 1, "setup": {**m.header.setup, "fewer_keys": True}})
    header, events = upgraded(Rulerball, old, list(m.events))
    assert events == m.events and header.setup == m.header.setup and header.rules_version == 2
