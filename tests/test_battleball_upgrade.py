"""Journals saved by version 1 of Battleball's rules (setups with the flags skip_forced, fewer_keys and
fold_confirms; no board: the table) are upgraded at load: each flow version 1 saved ends where it ended
(tests/fixtures/make_battleball_v1.py made them), the resumed file is rewritten in today's form with the
original kept beside it, and a report or replay upgrades in memory without writing."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from refbox.engine import storage
from refbox.engine.geometry.staggered import bits_of
from refbox.engine.journal import read
from refbox.engine.match import Match
from refbox.engine.prompts import Event
from refbox.engine.report import build
from refbox.games.battleball.rules import Battleball

FIXTURES = Path(__file__).parent / "fixtures"
SUMMARY = json.loads((FIXTURES / "battleball-v1.json").read_text())


def copied(name: str, tmp_path: Path) -> Path:
    for path in FIXTURES.glob(f"battleball-v1-{name}.*"):
        shutil.copy(path, tmp_path / path.name)
    return tmp_path / f"battleball-v1-{name}.jsonl"


def position(m: Match) -> dict:
    s = m.state
    return {"score": list(s.score), "half": s.half, "turn_no": s.turn_no, "side": s.side, "result": s.result,
            "carrier": [s.carrier.team, s.carrier.id] if s.carrier else None,
            "status": [[p.status for p in side] for side in s.players], "at": [dict(side) for side in s.at],
            "ball": s.ball, "carnage": bits_of(s.carnage), "carnage_placed": s.carnage_placed, "step": s.step,
            "headline": m.view().headline}


@pytest.mark.parametrize("name", list(SUMMARY))
def test_a_version_1_journal_resumes_where_it_ended(name, tmp_path):
    path = copied(name, tmp_path)
    m, message = Match.load(path)
    assert "saved by an older refbox" in message and "kept as" in message
    want = {k: v for k, v in SUMMARY[name].items() if k != "inputs"}
    assert position(m) == want
    assert len(m.events) <= SUMMARY[name]["inputs"]  # questions no longer asked are gone
    m.close()
    rewritten = read(path)
    assert rewritten.header.rules_version == Battleball.version == 3 and rewritten.header.setup["edition"] == 2
    assert rewritten.header.setup["board"] in ("screen", "table") and not {"skip_forced", "fewer_keys",
                                                                          "fold_confirms"} & set(rewritten.header.setup)
    assert not storage.checkpoint_path(path).exists(), "the older rules' checkpoint is not trusted"
    again, note = Match.load(path)  # today's form: loads as it is
    assert note is None and position(again) == want
    again.close()


def test_the_older_flows_answers_are_translated_not_replayed_as_they_were(tmp_path):
    """A journal from before the board: every Enter, "next to an opponent?", a Heavy Tackle's dice and the
    answers with no alternative were inputs then; today's rules take them without asking."""
    old = [entry.event for entry in read(FIXTURES / "battleball-v1-table-asked.jsonl").entries if entry.event]
    m, _ = Match.load(copied("table-asked", tmp_path))
    choices = lambda events: {e.value for e in events if e.kind == "choose"}  # noqa: E731
    assert "confirm" in {e.kind for e in old} and "confirm" not in {e.kind for e in m.events}
    assert {"yes", "no"} <= choices(old) and not {"yes", "no"} & choices(m.events)
    assert Event("choose", "tackle") in m.events
    m.close()


def test_a_report_of_a_version_1_journal_upgrades_in_memory_and_writes_nothing(tmp_path):
    path = copied("table-skip", tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    report = build(path)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    assert report.score == tuple(SUMMARY["table-skip"]["score"]) and report.finished
    assert report.tally.teams[0]["tackles made"] > 0 and report.tally.teams[0]["touchdowns"] == 2


def test_a_version_1_setup_without_a_board_was_played_at_the_table():
    setup, data = Battleball.upgrade_setup(1, {"coaches": ["A", "B"], "skip_forced": False}, {"x": 1})
    assert setup == {"coaches": ["A", "B"], "board": "table", "edition": 2} and data == {"x": 1}
    assert Battleball.upgrade_setup(2, {"board": "screen"}, {}) == ({"board": "screen", "edition": 2}, {})
    assert Battleball.upgrade_setup(3, {"board": "screen"}, {}) == ({"board": "screen"}, {}), "today's: as it is"
