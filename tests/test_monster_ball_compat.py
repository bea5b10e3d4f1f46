"""Matches saved by version 1 of the rules (before the on-screen field, or with the older table questions) are
upgraded when loaded: their inputs become today's (a question refbox now answers itself dropped, a selection
turned into its one key), and they resume exactly where they were, in table mode."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from saved_match import signed

from refbox.engine import registry
from refbox.engine.match import Match
from refbox.engine.prompts import choose, pick, roll
from refbox.engine.random_play import random_answer, replayed
from golden.fingerprints import MATCH_INPUTS, _digest, _event

FIXTURES = Path(__file__).parent / "fixtures"
SUMMARY = json.loads((FIXTURES / "monster-ball-v1.json").read_text())
UPGRADED_AWAY = ("events", "log_lines")
"""What an upgrade changes: the inputs (fewer questions, a selection as its key) and so the log's lines."""


def position(match: Match) -> dict:
    s = match.state
    return {"events": len(match.events), "step": s.step, "score": [t.score for t in s.teams], "possession": s.possession,
            "to_go": s.to_go, "down": s.down, "seconds": s.seconds, "carrier": s.carrier,
            "ejected": [p.id for t in s.teams for p in t.players if p.ejected], "field": [t.field for t in s.teams],
            "log_lines": len(s.log), "result": s.result}


def loaded(tmp_path: Path, name: str, checkpoint: bool = True) -> tuple[Match, str | None]:
    for suffix in (".jsonl", ".meta.json", ".checkpoint.json"):
        if checkpoint or suffix != ".checkpoint.json":
            shutil.copy(FIXTURES / f"{name}{suffix}", tmp_path / f"{name}{suffix}")
    if checkpoint:
        signed(tmp_path / f"{name}.jsonl")
    return Match.load(tmp_path / f"{name}.jsonl")


@pytest.mark.parametrize("name", sorted(SUMMARY))
@pytest.mark.parametrize("checkpoint", [True, False])
def test_a_match_saved_by_the_table_only_version_is_upgraded_and_resumes_where_it_was(tmp_path, name, checkpoint):
    match, message = loaded(tmp_path, name, checkpoint)
    assert "saved by an older refbox" in message and (tmp_path / f"{name}.jsonl.v1").exists()
    now, then = position(match), SUMMARY[name]
    assert {k: v for k, v in now.items() if k not in UPGRADED_AWAY} == {k: v for k, v in then.items() if k not in UPGRADED_AWAY}
    assert match.setup.board == "table" and not match.state.board and match.state.pos == {}
    assert match.data.formations is None  # the data embedded in the old header has no line-ups
    assert match.header.rules_version == match.rules.version == 3 and match.setup.edition == 2
    assert position(replayed(match)) == now
    match.close()
    again, message = Match.load(tmp_path / f"{name}.jsonl")  # the rewritten journal is today's: read as it is
    assert message is None and position(again) == now
    again.close()


def test_an_upgraded_match_goes_on_with_todays_one_key_table_question(tmp_path):
    match, _ = loaded(tmp_path, "monster-ball-v1-gym")
    assert match.state.step == "kick_catchers" and match.prompt().kind == "choose"  # "who stands in the landing grid?"
    assert match.legal().ids[0] == "none" and match.legal().ids[-1] == "some"
    match.close()


def upgrade(events, **setup):
    """Version-1 inputs of a table match (the older questions) as today's rules take them."""
    rules = registry.lookup("monster-ball").load()
    return rules.upgrade_events(1, rules.Setup.model_validate({"board": "table", **setup}), events)


KICKOFF = [choose("C12"), roll(1, 3), roll(5)]
"""Chaos's Drow kicks off; it lands in Law's zone 8, division 3: who stands in the landing grid?"""


def test_a_selection_of_one_nobody_or_several_becomes_its_key():
    assert upgrade([*KICKOFF, pick("L2")]) == [*KICKOFF, choose("L2")]
    assert upgrade([*KICKOFF, pick()]) == [*KICKOFF, choose("none")]
    assert upgrade([*KICKOFF, pick("L8", "L2"), roll(5, 6)]) == [*KICKOFF, choose("some"), pick("L8", "L2"), roll(5, 6)]


def test_a_forced_answer_the_old_journal_holds_is_dropped():
    # hike, and the carrier goes down to a lone tackler: Law's quarterback fumbles; Chaos's cheater is asked
    touchback = [choose("C12"), roll(12, 12)]
    old = [*touchback, choose("hike"), roll(4, 4), choose("done"), choose("cheat"), choose("C12"), choose("L7")]
    assert upgrade(old) == [*touchback, choose("hike"), roll(4, 4), choose("done"), choose("cheat"), choose("L7")]


def test_two_cheaters_picked_in_the_other_order_become_all_with_their_dice_swapped():
    """Law's carrier tackled by two Kobolds (Ankle Bite) who both cheat, named the other way round: today "all"
    lists them in squad order, so the two cheat dice of the tackle roll change places with them."""
    touchback = [choose("C12"), roll(12, 12), choose("hike"), roll(4, 4), choose("done"), choose("tackle"),
                 choose("L7"), pick("C13", "C14")]
    new = upgrade([*touchback, pick("C14", "C13"), choose("block"), roll(2, 3, 5, 6, 4)])
    assert new[7:9] == [choose("some"), pick("C13", "C14")]  # who tackles: several, then who
    assert new[-3:] == [choose("all"), choose("block"), roll(2, 3, 6, 5, 4)]


def test_a_new_table_match_plays_the_games_the_older_rules_played_for_the_setup_screens_table():
    """Digests of the pre-refactor rules' match (setup screen's table: fewer_keys and table_keys on) for seed 11,
    computed as tests/golden/fingerprints.py computes a match's. Edition 2: the rules before issue 39's fixes
    (tests/golden/fingerprints.json has today's). The log's digest is of today's wording (a Magic Missile named as
    one); the inputs, their digest and the result are the older rules' own."""
    m = Match.new("monster-ball", {"board": "table", "edition": 2}, seed=11)
    rng = random.Random(11)
    for _ in range(MATCH_INPUTS):
        if m.prompt().kind == "over":
            break
        m.submit(random_answer(m.prompt(), rng))
    assert {"inputs": len(m.events), "events": _digest(_event(e) for e in m.events),
            "log": _digest([line.stamp, line.text, line.actor] for line in m.state.log),
            "headline": m.view().headline} == {"inputs": 481, "events": "10e36b18071592f4", "log": "681e600a09397d1f",
                                               "headline": "Law 12 : 42 Chaos"}
