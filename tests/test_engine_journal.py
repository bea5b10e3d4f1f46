"""The journal: every input durable, state = replay, undo/redo survive restarts, damage handled."""

import json

import pytest

from refbox.engine import plain
from refbox.engine.errors import InvalidInput, JournalError, NothingToUndo
from refbox.engine.journal import Entry
from refbox.engine.match import Match
from refbox.engine.prompts import choose, roll
from slargeball_driver import TEAMS

SETUP = {"teams": TEAMS, "squads": 1}


def new(tmp_path, seed=5):
    return Match.new("slargeball", SETUP, seed=seed, path=tmp_path / "m.jsonl")


def test_every_input_is_one_line_written_before_submit_returns(tmp_path):
    m = new(tmp_path)
    m.submit(roll(6, 1))
    lines = (tmp_path / "m.jsonl").read_text().splitlines()
    assert len(lines) == 2
    assert json.loads(lines[0])["refbox_journal"] == 3, "versioned header"
    entry = json.loads(lines[1])
    assert entry.pop("h"), "chained to the header"
    assert entry == {"op": "input", "event": {"kind": "roll", "value": [6, 1], "source": "physical"}, "n": 1}


def test_resume_replays_the_journal_to_the_same_state(tmp_path):
    m = new(tmp_path)
    m.submit(roll(6, 1))
    m.submit(choose("contact"))
    m.submit(roll(5))
    resumed, message = Match.load(tmp_path / "m.jsonl")
    assert message is None
    assert resumed.state == m.state and resumed.events == m.events


def test_undo_and_redo_any_number_of_steps_and_survive_a_restart(tmp_path):
    m = new(tmp_path)
    states = [plain.dump(m.state)]
    for event in (roll(6, 1), choose("contact"), roll(5), choose("done")):
        m.submit(event)
        states.append(plain.dump(m.state))
    m.undo()
    m.undo()
    m.undo()
    assert plain.dump(m.state) == states[1]
    m.redo()
    assert plain.dump(m.state) == states[2]
    resumed, _ = Match.load(tmp_path / "m.jsonl")
    assert plain.dump(resumed.state) == states[2]
    resumed.redo()
    resumed.redo()
    assert plain.dump(resumed.state) == states[4]


def test_undoing_a_digital_roll_and_redoing_it_gives_the_same_value(tmp_path):
    m = new(tmp_path)
    first = m.roll_digital()
    m.submit(first)
    m.undo()
    m.redo()
    assert m.events[-1] == first
    m.undo()
    assert m.roll_digital() == first, "undo never re-rolls: the same position gives the same faces"


def test_digital_rolls_come_from_the_seed(tmp_path):
    a = Match.new("slargeball", SETUP, seed=42).roll_digital()
    b = Match.new("slargeball", SETUP, seed=42).roll_digital()
    assert a == b and a.source == "digital"


def test_undo_at_the_start_of_a_match_is_refused_clearly(tmp_path):
    m = new(tmp_path)
    with pytest.raises(NothingToUndo, match="start of the match"):
        m.undo()
    with pytest.raises(NothingToUndo, match="Nothing to redo"):
        m.redo()


def test_a_torn_last_line_is_dropped_with_a_message_and_a_backup(tmp_path):
    m = new(tmp_path)
    m.submit(roll(6, 1))
    m.submit(choose("contact"))
    path = tmp_path / "m.jsonl"
    with open(path, "a") as f:
        f.write('{"op": "input", "event": {"kind": "ro')
    resumed, message = Match.load(path)
    assert "cut off" in message and (tmp_path / "m.jsonl.torn").exists()
    assert resumed.state == m.state
    resumed.submit(roll(2))  # appends cleanly after the recovery
    assert Match.load(path)[0].state == resumed.state


@pytest.mark.parametrize("garbage", ["garbage", "[" * 100_000 + "]" * 100_000], ids=["text", "nested too deep"])
def test_damage_in_the_middle_is_a_clear_error_and_the_file_is_untouched(tmp_path, garbage):
    m = new(tmp_path)
    m.submit(roll(6, 1))
    m.submit(choose("contact"))
    path = tmp_path / "m.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    lines[1] = garbage + "\n"
    damaged = "".join(lines)
    path.write_text(damaged)
    with pytest.raises(JournalError, match="line 2 is not a JSON entry"):
        Match.load(path)
    assert path.read_text() == damaged


def test_a_damaged_side_file_counts_as_absent(tmp_path):
    """Settings and match summaries are conveniences: damaged ones (even nested past Python's limit) are ignored."""
    from refbox.engine.storage import read_json

    for text in ("{broken", "[" * 100_000 + "]" * 100_000, '["a list"]'):
        (tmp_path / "side.json").write_text(text)
        assert read_json(tmp_path / "side.json") == {}


def test_an_input_that_no_longer_replays_is_a_clear_error(tmp_path):
    m = new(tmp_path)
    m.submit(roll(6, 1))
    m.files.append(Entry("input", roll(9)))  # a well-formed line that the rules refuse on replay
    with pytest.raises(JournalError, match="input 2 cannot be replayed"):
        Match.load(tmp_path / "m.jsonl")


def test_a_journal_of_another_format_version_is_refused(tmp_path):
    path = tmp_path / "m.jsonl"
    path.write_text(json.dumps({"refbox_journal": 99}) + "\n")
    with pytest.raises(JournalError, match="format 99 is not supported"):
        Match.load(path)


def test_a_file_that_is_not_a_journal_is_refused(tmp_path):
    path = tmp_path / "m.jsonl"
    path.write_text("hello\n")
    with pytest.raises(JournalError, match="not a refbox journal"):
        Match.load(path)


def test_a_refused_input_is_not_journaled(tmp_path):
    m = new(tmp_path)
    with pytest.raises(InvalidInput, match="7 is not a face of a d6"):
        m.submit(roll(7, 1))
    assert len((tmp_path / "m.jsonl").read_text().splitlines()) == 1


def test_the_dice_mode_is_a_setting_kept_across_restarts_and_not_undone(tmp_path):
    m = new(tmp_path)
    m.change_settings(dice_mode="digital")
    m.submit(roll(6, 1))
    m.undo()
    assert Match.load(tmp_path / "m.jsonl")[0].settings.dice_mode == "digital"


def test_undo_far_back_uses_snapshots_and_matches_a_fresh_replay(tmp_path):
    import random

    from refbox.engine import random_play
    m = new(tmp_path)
    rng = random.Random(3)
    for _ in range(300):
        if m.prompt().kind == "over":
            break
        m.submit(random_play.random_answer(m.prompt(), rng))
    for _ in range(150):
        m.undo()
    assert m.state == random_play.replayed(m).state


def test_a_checkpoint_speeds_resume_but_the_journal_stays_the_truth(tmp_path):
    from refbox.games.slargeball.demo import demo_match
    from refbox.engine import random_play
    path = tmp_path / "matches" / "m.jsonl"
    match = demo_match(path, events=300)
    match.save()
    checkpoint = path.with_suffix(".checkpoint.json")
    assert checkpoint.exists()
    resumed, _ = Match.load(path)
    assert resumed.state == match.state == random_play.replayed(match).state
    match.undo()  # the checkpoint now covers more inputs than are in force: it must be ignored
    assert Match.load(path)[0].state == match.state


def test_a_checkpoint_that_does_not_match_the_journal_is_ignored(tmp_path):
    from refbox.games.slargeball.demo import demo_match
    path = tmp_path / "matches" / "m.jsonl"
    match = demo_match(path, events=100)
    match.save()
    checkpoint = path.with_suffix(".checkpoint.json")
    data = json.loads(checkpoint.read_text())
    data["state"]["teams"][0]["score"] = 99
    data["digest"] = "0" * 64
    checkpoint.write_text(json.dumps(data))
    assert Match.load(path)[0].state == match.state
    checkpoint.write_text("{broken")
    assert Match.load(path)[0].state == match.state


def test_a_match_open_in_one_window_is_refused_in_another(tmp_path):
    first = new(tmp_path)
    first.lock()
    second, _ = Match.load(tmp_path / "m.jsonl")
    with pytest.raises(JournalError, match="open in another refbox window"):
        second.lock()
    first.close()
    second.lock()  # free once the first window lets go (or dies: the OS drops the lock)
    second.close()


def test_a_lock_file_that_cannot_be_created_is_a_clear_refusal_not_a_crash(tmp_path):
    """A read-only folder, or something else already named like the lock file: refbox says it needs to write."""
    match = new(tmp_path)
    match.close()
    (tmp_path / "m.lock").unlink(missing_ok=True)
    (tmp_path / "m.lock").mkdir()
    again, _ = Match.load(tmp_path / "m.jsonl")
    with pytest.raises(JournalError, match="m.lock cannot be created beside the match"):
        again.lock()


def test_a_journal_damaged_in_the_middle_can_be_salvaged_up_to_the_damage(tmp_path):
    m = new(tmp_path)
    for event in (roll(6, 1), choose("contact"), roll(5), choose("done")):
        m.submit(event)
    path = tmp_path / "m.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    lines[3] = "garbage\n"  # the third input
    path.write_text("".join(lines))
    with pytest.raises(JournalError) as refused:
        Match.load(path)
    assert refused.value.salvageable
    salvaged, message = Match.load(path, salvage=True)
    assert len(salvaged.events) == 2 and "line 4" in message
    assert (tmp_path / "m.jsonl.damaged").read_text() == "".join(lines), "the original is kept"
    assert Match.load(path)[0].events == salvaged.events, "the journal now resumes cleanly"


def test_undo_and_redo_across_a_boundary_do_not_write_the_summary_and_checkpoint_again_and_again(tmp_path, monkeypatch):
    """The summary is rewritten once the match is 25 inputs from the last one written, the checkpoint at every
    256th input: a table going back and forth over such an input writes neither again, and the checkpoint is
    written again only after an undo past the inputs it holds."""
    from refbox.engine import storage
    from refbox.engine.match import CHECKPOINT_EVERY
    from refbox.games.slargeball.demo import demo_match
    match = demo_match(tmp_path / "matches" / "m.jsonl", events=CHECKPOINT_EVERY)  # summary at 250, checkpoint at 256
    match.wait_for_files()
    writes = []
    monkeypatch.setattr(storage, "write_meta", lambda path, meta: writes.append(("summary", len(match.events))))
    monkeypatch.setattr(storage, "write_json", lambda path, obj: writes.append(("checkpoint", obj["events"])))

    def step(do, times=1):
        for _ in range(times):
            do()
            match.wait_for_files()

    for _ in range(3):
        step(match.undo)
        step(match.redo)
    assert writes == []

    step(match.undo, 256 - 191)  # below the checkpoint's 192 inputs
    step(match.redo, 256 - 191)
    assert writes == [("summary", 225), ("summary", 200), ("summary", 225), ("summary", 250), ("checkpoint", 192)]


@pytest.mark.parametrize("field, value, message", [
    ("title", "Slarge\x1b]0;pwned\x07ball", "title: contains a control character"),
    ("title", "Slarge\ud800ball", "title: contains a lone surrogate"),
    ("data", {"meta": "oops"}, "saved ruleset or setup is damaged"),
], ids=["escape sequence", "lone surrogate", "hand-edited ruleset"])
def test_a_damaged_header_is_a_clear_error_and_the_file_is_untouched(tmp_path, field, value, message):
    new(tmp_path).close()
    path = tmp_path / "m.jsonl"
    header = json.loads(path.read_text().splitlines()[0])
    header[field] = {**header[field], **value} if isinstance(value, dict) else value
    path.write_text(json.dumps(header) + "\n")
    damaged = path.read_text()
    with pytest.raises(JournalError, match=message):
        Match.load(path)
    assert path.read_text() == damaged


def test_a_pipe_named_like_a_match_is_refused_without_blocking(tmp_path):
    import os

    from refbox.engine.journal import read
    from refbox.engine.storage import read_json

    os.mkfifo(tmp_path / "pipe.jsonl")
    os.mkfifo(tmp_path / "pipe.meta.json")
    with pytest.raises(JournalError, match="not a regular file"):
        read(tmp_path / "pipe.jsonl")
    assert read_json(tmp_path / "pipe.meta.json") == {}


def test_a_torn_match_in_a_folder_that_cannot_be_written_is_refused_and_left_as_it_was(tmp_path, monkeypatch):
    import errno

    from refbox.engine import journal

    m = new(tmp_path)
    m.submit(roll(6, 1))
    m.close()
    path = tmp_path / "m.jsonl"
    with open(path, "ab") as f:
        f.write(b'{"op": "input", "ev')  # a crash mid-append
    torn = path.read_bytes()
    real_open = open

    def read_only(file, mode="r", *args, **kwargs):
        if "w" in mode:
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(journal, "open", read_only, raising=False)
    monkeypatch.setattr(journal.shutil, "copy2", lambda *a: None)
    with pytest.raises(JournalError, match="needs repairing, but the folder cannot be written"):
        Match.load(path)
    assert path.read_bytes() == torn and not (tmp_path / "m.jsonl.tmp").exists()
