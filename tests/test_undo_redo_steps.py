"""Undo and redo step back and forth over kept states instead of replaying: the result is always exactly the
state a replay of the journal gives, however inputs, undos and redos are mixed, and a refused write still
changes nothing."""

import errno
import os
import random

import pytest

from every_ruleset import RULESETS, default_setup
from refbox.engine import plain, random_play
from refbox.engine.errors import JournalWriteError, NothingToUndo
from refbox.engine.match import SNAPSHOT_EVERY, Match


def replay_of(m: Match):
    fresh, _ = Match.load(m.path)
    fresh.close()
    return now(fresh)


def now(m: Match):
    """The state, the inputs, and what is shown (the prompt and the view are kept with a state by undo)."""
    return plain.dump(m.state), list(m.events), list(m.redo_stack), m.prompt(), m.view()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_any_mix_of_inputs_undos_and_redos_leaves_the_state_a_replay_gives(tmp_path, ruleset, monkeypatch):
    rng = random.Random(11)
    m = Match.new(ruleset, default_setup(ruleset), seed=3, path=tmp_path / "m.jsonl")
    random_play.advance(m, 70, rng)  # past a snapshot (every 64 inputs)
    for step in range(90):
        move = rng.choice(("input", "undo", "undo", "redo", "redo"))
        if move == "input" and m.legal().kind == "over":
            move = "undo"
        try:
            if move == "input":
                m.submit(random_play.random_answer(m.prompt(), rng))
            elif move == "undo":
                m.undo()
            else:
                m.redo()
        except NothingToUndo:
            continue
        if step % 3 == 0:
            assert now(m) == replay_of(m), f"after {move} (step {step})"
    assert now(m) == replay_of(m)
    if len(m.events) > SNAPSHOT_EVERY:  # the checkpoint's digest of the inputs followed every step
        m.checkpoint()
        resumed_from = []
        original = Match._resume_checkpoint
        monkeypatch.setattr(Match, "_resume_checkpoint", lambda self, done: resumed_from.append(original(self, done))
                            or resumed_from[-1])
        assert now(m) == replay_of(m) and resumed_from[0] > 0, "the checkpoint was used"


def test_a_redo_the_disk_refuses_changes_nothing_even_over_a_kept_state(tmp_path, monkeypatch):
    m = Match.new("slargeball", default_setup("slargeball"), seed=3, path=tmp_path / "m.jsonl")
    random_play.advance(m, 30, random.Random(2))
    m.undo()
    m.redo()
    m.undo()  # the state after the redo is now kept: the next redo is a swap
    m.prompt()
    before = now(m), m.path.read_bytes()

    def disk_full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(JournalWriteError):
        m.redo()
    monkeypatch.undo()
    assert (now(m), m.path.read_bytes()) == before
    m.redo()
    assert now(m) == replay_of(m)
    m.undo()
    assert now(m) == replay_of(m)


def test_the_first_undo_after_a_resume_replays_nothing(tmp_path, monkeypatch):
    """The state before the last input is kept when a match is resumed: its undo is a swap."""
    rng = random.Random(5)
    m = Match.new("slargeball", default_setup("slargeball"), seed=3, path=tmp_path / "m.jsonl")
    random_play.advance(m, SNAPSHOT_EVERY + 30, rng)
    m.close()
    resumed, _ = Match.load(m.path)
    monkeypatch.setattr(Match, "_rebuild", lambda self, upto: pytest.fail("replayed from a snapshot"))
    resumed.undo()
    assert now(resumed) == replay_of(resumed)
    resumed.close()
