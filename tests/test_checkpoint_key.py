"""A checkpoint is believed only when refbox wrote it: its digest is keyed with the folder's secret, so a
checkpoint edited by hand (its digest recomputed) is ignored and the match resumes as the journal and the report
say. The key's limit is stated too: whoever reads it can sign."""

import json
import random

import pytest

from refbox.engine import random_play, storage
from refbox.engine.match import Match
from slargeball_driver import TEAMS


def played(tmp_path, inputs=200, seed=5) -> Match:
    m = Match.new("slargeball", {"teams": TEAMS, "squads": 1}, seed=seed, path=tmp_path / "m.jsonl")
    random_play.advance(m, inputs, random.Random(seed))
    return m


def resumed_from_its_checkpoint(m: Match, monkeypatch) -> bool:
    """Whether ``m`` resumes to the same state replaying fewer inputs than lie between two checkpoints."""
    m.save()
    applied = []
    real = type(m.rules).apply
    monkeypatch.setattr(type(m.rules), "apply", lambda *a: (applied.append(1), real(*a)))
    resumed, _ = Match.load(m.path)
    monkeypatch.undo()
    return resumed.state == m.state and len(applied) < 64



def forged(m: Match, key: bytes | None, score: int = 3) -> dict:
    """The match's checkpoint with a goal added to the first team's score and its digest recomputed by hand:
    with ``key`` (someone who read the key), or as an unkeyed SHA-256 (the digest refbox wrote before)."""
    import hashlib

    from refbox.engine.files import _canonical, state_digest as _state_digest
    path = storage.checkpoint_path(m.path)
    data = json.loads(path.read_text())
    data["state"]["teams"][0]["score"] = score
    events = m.files.digests.upto(m.events, data["events"])
    data["digest"] = (_state_digest(key, events, data["state"]) if key is not None
                      else hashlib.sha256(events + _canonical(data["state"]).encode()).hexdigest())
    path.write_text(json.dumps(data))
    return data


@pytest.mark.parametrize("key", [None, b"k" * 32], ids=["unkeyed", "another key"])
def test_a_checkpoint_whose_digest_was_recomputed_by_hand_is_ignored(tmp_path, key):
    from refbox.engine.report import build

    m = played(tmp_path, inputs=200)
    m.save()
    forged(m, key)
    resumed = Match.load(m.path)[0]
    assert resumed.state == m.state == random_play.replayed(m).state
    assert [t.score for t in resumed.state.teams] == list(build(m.path).score), "the report agrees"


def test_the_checkpoint_key_is_this_users_alone_and_stays_in_its_folder(tmp_path):
    from refbox import matchfiles

    m = played(tmp_path, inputs=200)
    m.save()
    key = tmp_path / storage.CHECKPOINT_KEY
    assert key.stat().st_mode & 0o777 == 0o600 and len(key.read_bytes()) == 32
    assert key not in matchfiles.files_of(m.path), "archiving a match leaves the key behind"
    assert storage.checkpoint_key(tmp_path) == key.read_bytes() == storage.checkpoint_key(tmp_path, create=True)


def test_without_its_key_a_checkpoint_is_replayed_past_and_the_next_one_is_keyed_again(tmp_path, monkeypatch):
    m = played(tmp_path, inputs=200)
    m.save()
    (tmp_path / storage.CHECKPOINT_KEY).unlink()
    assert Match.load(m.path)[0].state == m.state
    (tmp_path / storage.CHECKPOINT_KEY).write_bytes(b"short")  # damaged: made anew when next needed
    assert Match.load(m.path)[0].state == m.state
    assert resumed_from_its_checkpoint(m, monkeypatch)


def test_a_checkpoint_of_the_unkeyed_format_is_ignored(tmp_path, monkeypatch):
    m = played(tmp_path, inputs=200)
    m.save()
    path = storage.checkpoint_path(m.path)
    data = json.loads(path.read_text())
    path.write_text(json.dumps(data | {"format": 2}))
    applied = []
    real = type(m.rules).apply
    monkeypatch.setattr(type(m.rules), "apply", lambda *a: (applied.append(1), real(*a)))
    assert Match.load(m.path)[0].state == m.state and len(applied) == len(m.events), "replayed whole"


def test_whoever_reads_the_key_can_sign_a_checkpoint(tmp_path):
    """The limit of the design, stated as a test: the key is a file of this user's; someone who reads it (this
    user, or root) can sign a forged checkpoint, as they could write any file of this user's."""
    m = played(tmp_path, inputs=200)
    m.save()
    forged(m, storage.checkpoint_key(tmp_path), score=7)
    assert Match.load(m.path)[0].state.teams[0].score == 7
