"""Nothing is lost: a failed write changes nothing, damage anywhere in a journal is found, a checkpoint
can never make a match the journal would not, and new matches never collide."""

import errno
import json
import os
import random
from datetime import datetime

import pytest

from refbox.engine import plain, random_play, storage
from refbox.engine.errors import JournalError, JournalWriteError, NothingToUndo
from refbox.engine.journal import Entry
from refbox.engine.match import Match
from refbox.engine.prompts import choose, roll
from slargeball_driver import TEAMS

SETUP = {"teams": TEAMS, "squads": 1}


def new(tmp_path, seed=5):
    return Match.new("slargeball", SETUP, seed=seed, path=tmp_path / "m.jsonl")


def played(tmp_path, inputs=40, seed=5):
    m = new(tmp_path, seed)
    random_play.advance(m, inputs, random.Random(seed))
    return m


def disk_full(*_args, **_kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


def fingerprint(m: Match):
    return (plain.dump(m.state), list(m.events), list(m.redo_stack), m.path.read_bytes())


# ---- 1. a failed save changes nothing ----


def test_a_failed_fsync_leaves_state_redo_stack_and_journal_as_they_were(tmp_path, monkeypatch):
    m = played(tmp_path)
    m.undo()  # something on the redo stack, which a new input would clear
    before = fingerprint(m)
    event = random_play.random_answer(m.prompt(), random.Random(1))
    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(JournalWriteError) as refused:
        m.submit(event)
    monkeypatch.undo()
    assert fingerprint(m) == before
    message = str(refused.value)
    assert "m.jsonl" in message and "disk is full" in message and "NOT recorded" in message
    assert "free some space and press the key again" in message
    m.submit(event)  # once there is room, the same key works
    assert Match.load(m.path)[0].state == m.state


def test_a_line_written_halfway_is_cut_back_off_the_file(tmp_path, monkeypatch):
    m = played(tmp_path)
    before = fingerprint(m)
    real_write = os.write

    def half_then_full(fd, data):
        monkeypatch.setattr(os, "write", disk_full)
        return real_write(fd, bytes(data[: len(data) // 2]))

    monkeypatch.setattr(os, "write", half_then_full)
    with pytest.raises(JournalWriteError):
        m.submit(random_play.random_answer(m.prompt(), random.Random(2)))
    monkeypatch.undo()
    assert fingerprint(m) == before


def test_when_even_the_repair_fails_no_later_line_is_written_after_the_fragment(tmp_path, monkeypatch):
    m = played(tmp_path)
    real_write = os.write

    def half_then_full(fd, data):
        monkeypatch.setattr(os, "write", disk_full)
        return real_write(fd, bytes(data[: len(data) // 2]))

    monkeypatch.setattr(os, "write", half_then_full)
    monkeypatch.setattr(os, "ftruncate", disk_full)
    event = random_play.random_answer(m.prompt(), random.Random(2))
    with pytest.raises(JournalWriteError) as first:
        m.submit(event)
    assert "nothing changed" not in str(first.value) and "a part of its line may remain" in str(first.value)
    monkeypatch.undo()
    with pytest.raises(JournalWriteError, match="resume it"):
        m.submit(event)  # refused: appending after a fragment would bury it mid-file
    resumed, message = Match.load(m.path)
    assert "cut off" in message and resumed.state == m.state


@pytest.mark.parametrize("action", ["undo", "redo"])
def test_a_failed_undo_or_redo_changes_nothing(tmp_path, monkeypatch, action):
    m = played(tmp_path)
    m.undo()
    before = fingerprint(m)
    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(JournalWriteError):
        getattr(m, action)()
    monkeypatch.undo()
    assert fingerprint(m) == before


def test_a_read_only_journal_refuses_with_the_truth(tmp_path, monkeypatch):
    m = played(tmp_path)
    before = fingerprint(m)

    def read_only(*_args, **_kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(os, "open", read_only)
    with pytest.raises(JournalWriteError, match="read-only.*NOT recorded"):
        m.submit(random_play.random_answer(m.prompt(), random.Random(3)))
    monkeypatch.undo()
    assert fingerprint(m) == before


def test_a_summary_that_cannot_be_written_does_not_undo_a_saved_input(tmp_path, monkeypatch):
    m = played(tmp_path, inputs=24)  # the 25th input refreshes the list summary
    monkeypatch.setattr(storage, "write_json", disk_full)
    m.submit(random_play.random_answer(m.prompt(), random.Random(4)))
    m.wait_for_files()  # the summary is written in the background
    monkeypatch.undo()
    assert len(m.events) == 25 and Match.load(m.path)[0].state == m.state, "the input stands"
    warning = m.take_warning()
    assert "input is saved" in warning and "summary" in warning and "m.meta.json" in warning
    assert m.take_warning() is None, "said once"


def test_a_checkpoint_that_cannot_be_written_does_not_undo_a_saved_input(tmp_path, monkeypatch):
    m = played(tmp_path, inputs=100)
    monkeypatch.setattr(storage, "write_json", disk_full)
    m.save()
    monkeypatch.undo()
    assert "checkpoint" in m.take_warning()
    assert Match.load(m.path)[0].state == m.state


def test_a_new_match_that_cannot_be_created_leaves_no_file(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(JournalWriteError, match="not created"):
        new(tmp_path)
    monkeypatch.undo()
    assert not (tmp_path / "m.jsonl").exists()


# ---- 4. resume never silently becomes a different match ----


def lines_of(m):
    return m.path.read_text().splitlines(keepends=True)


@pytest.mark.parametrize("cut", [[5], [5, 6], [12]])
def test_lines_cut_from_the_middle_are_reported_at_the_next_line(tmp_path, cut):
    m = played(tmp_path)
    lines = lines_of(m)
    kept = [line for i, line in enumerate(lines) if i not in cut]
    m.path.write_text("".join(kept))
    with pytest.raises(JournalError, match=f"line {cut[0] + 1} holds entry {cut[-1] + 1}.*missing") as e:
        Match.load(m.path)
    assert e.value.salvageable


def test_a_duplicated_line_is_damage_not_a_second_input(tmp_path):
    m = played(tmp_path)
    m.undo()
    m.redo()
    lines = lines_of(m)
    m.path.write_text("".join(lines + [lines[-1]]))  # the redo line twice
    with pytest.raises(JournalError, match="again"):
        Match.load(m.path)


def test_swapped_or_edited_lines_are_damage(tmp_path):
    m = played(tmp_path)
    lines = lines_of(m)
    swapped = lines[:4] + [lines[5], lines[4]] + lines[6:]
    m.path.write_text("".join(swapped))
    with pytest.raises(JournalError, match="line 5"):
        Match.load(m.path)
    entry = json.loads(lines[7])
    entry["n"] = entry["n"]  # same number, different content
    entry["event"] = {"kind": "confirm"}
    edited = lines[:7] + [json.dumps(entry) + "\n"] + lines[8:]
    m.path.write_text("".join(edited))
    with pytest.raises(JournalError, match="line 8 does not match"):
        Match.load(m.path)


def test_the_chain_is_over_the_content_not_the_spelling_of_a_line(tmp_path):
    """Hashing cuts each line's body out of the line as written (no re-encoding); a line re-spelled with
    spaces and another key order, same content, is still checked the slow way and accepted."""
    m = played(tmp_path)
    lines = lines_of(m)
    respelled = [lines[0]] + [json.dumps(dict(reversed(json.loads(line).items())), indent=None) + "\n"
                              for line in lines[1:]]
    assert respelled[3] != lines[3]
    m.path.write_text("".join(respelled))
    resumed, _ = Match.load(m.path)
    assert resumed.events == m.events and resumed.state == m.state


def test_events_read_from_a_journal_keep_their_canonical_json_for_the_checkpoint_digest(tmp_path):
    m = played(tmp_path)
    resumed, _ = Match.load(m.path)
    assert resumed.events and all(e.text == json.dumps(e.to_json(), separators=(",", ":"), sort_keys=True)
                                  for e in resumed.events)


def test_one_bad_byte_is_damage_at_its_line_and_can_be_salvaged(tmp_path):
    m = played(tmp_path)
    raw = bytearray(m.path.read_bytes())
    start = raw.index(b"\n", raw.index(b"\n", raw.index(b"\n") + 1) + 1) + 1  # line 4
    raw[start + 2] = 0xFF
    m.path.write_bytes(bytes(raw))
    with pytest.raises(JournalError, match="line 4 is not UTF-8"):
        Match.load(m.path)
    salvaged, message = Match.load(m.path, salvage=True)
    assert len(salvaged.events) == 2 and "line 4" in message
    salvaged.submit(random_play.random_answer(salvaged.prompt(), random.Random(1)))
    assert Match.load(m.path)[0].events == salvaged.events, "the salvaged journal chains on"


def test_an_edited_checkpoint_is_ignored(tmp_path):
    m = played(tmp_path, inputs=200)
    m.save()
    path = storage.checkpoint_path(m.path)
    data = json.loads(path.read_text())
    data["state"]["teams"][0]["score"] = 9  # a changed score, digest left as it was
    path.write_text(json.dumps(data))
    assert Match.load(m.path)[0].state == m.state


def test_an_unreadable_number_in_a_checkpoint_is_ignored(tmp_path):
    m = played(tmp_path, inputs=200)
    m.save()
    path = storage.checkpoint_path(m.path)
    text = path.read_text()
    path.write_text(text.replace('"turn": ', '"turn": 1e400, "x": ', 1))
    assert Match.load(m.path)[0].state == m.state


def resumed_from_its_checkpoint(m: Match, monkeypatch) -> bool:
    """Whether ``m`` resumes to the same state replaying fewer inputs than lie between two checkpoints."""
    m.save()
    applied = []
    real = type(m.rules).apply
    monkeypatch.setattr(type(m.rules), "apply", lambda *a: (applied.append(1), real(*a)))
    resumed, _ = Match.load(m.path)
    monkeypatch.undo()
    return resumed.state == m.state and 0 < len(applied) < 64


def test_a_checkpoint_is_used_when_it_checks_out(tmp_path, monkeypatch):
    m = played(tmp_path, inputs=200)
    assert resumed_from_its_checkpoint(m, monkeypatch), "resumed from the checkpoint, not from the start"


def test_a_torn_tail_of_a_symlinked_journal_repairs_the_target(tmp_path):
    m = played(tmp_path)
    real = m.path
    link = tmp_path / "link.jsonl"
    link.symlink_to(real)
    with open(real, "a") as f:
        f.write('{"op": "inp')
    resumed, message = Match.load(link)
    assert "cut off" in message and link.is_symlink()
    assert resumed.state == m.state and not real.read_text().endswith('"inp')


def test_a_line_still_being_written_by_the_window_playing_the_match_is_not_cut_off(tmp_path):
    m = played(tmp_path)
    m.lock()  # the referee's window, mid-append
    with open(m.path, "ab") as f:
        f.write(b'{"op": "input", "ev')
    half_written = m.path.read_bytes()
    with pytest.raises(JournalError, match="open in another refbox window"):
        Match.load(m.path)
    assert m.path.read_bytes() == half_written and not (tmp_path / "m.jsonl.torn").exists()
    m.close()
    assert "cut off" in Match.load(m.path)[1], "once that window is gone, the tail is a crash's"


def test_a_damaged_match_open_in_another_window_is_not_salvaged_under_it(tmp_path):
    m = played(tmp_path)
    m.lock()
    raw = bytearray(m.path.read_bytes())
    raw[raw.index(b"\n", raw.index(b"\n") + 1) + 3] = 0xFF  # line 3
    m.path.write_bytes(bytes(raw))
    with pytest.raises(JournalError, match="open in another refbox window"):
        Match.load(m.path, salvage=True)
    assert m.path.read_bytes() == bytes(raw)


def test_two_matches_started_in_the_same_second_get_their_own_files(tmp_path):
    now = datetime(2026, 11, 23, 12, 0, 0)
    paths = [storage.new_match_path(tmp_path, "slargeball", now) for _ in range(2)]
    assert paths[0] == paths[1], "both ask for the same name before either exists"
    a = Match.new("slargeball", SETUP, 1, path=paths[0])
    b = Match.new("slargeball", SETUP, 2, path=paths[1])
    assert a.path != b.path and b.header.match_id == b.path.stem
    assert Match.load(b.path)[0].header.seed == 2


def test_a_match_renamed_because_its_name_was_taken_still_resumes_from_its_checkpoint(tmp_path, monkeypatch):
    Match.new("slargeball", SETUP, 1, path=tmp_path / "m.jsonl")
    m = Match.new("slargeball", SETUP, 5, path=tmp_path / "m.jsonl")
    assert m.path.name == "m-2.jsonl"
    random_play.advance(m, 200, random.Random(5))
    assert resumed_from_its_checkpoint(m, monkeypatch), "the checkpoint digests the name the match got"


def test_a_rematch_of_a_match_whose_saved_setup_is_damaged_leaves_no_file(tmp_path):
    from refbox import matchfiles

    old = new(tmp_path / "old")
    lines = old.path.read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    header["setup"]["squads"] = "many"
    old.path.write_text(json.dumps(header) + "\n")
    with pytest.raises(JournalError, match="damaged"):
        matchfiles.rematch(old.path, tmp_path / "new")
    assert not list((tmp_path / "new").rglob("*.jsonl"))


# ---- 5. undo, redo and new inputs across a restart ----


def test_a_new_input_after_undo_replaces_the_undone_one_for_good(tmp_path):
    m = new(tmp_path)
    m.submit(roll(6, 1))
    m.submit(choose("contact"))
    m.undo()
    m.submit(choose("done"))
    resumed, _ = Match.load(m.path)
    assert resumed.events == m.events and resumed.redo_stack == []
    with pytest.raises(NothingToUndo):
        resumed.redo()


def test_undo_redo_and_new_inputs_replay_the_same_after_every_restart(tmp_path):
    m = new(tmp_path)
    rng = random.Random(7)
    for step in range(120):
        action = rng.choice(["input", "input", "input", "undo", "redo"])
        try:
            if action == "input":
                if m.prompt().kind == "over":
                    continue
                m.submit(random_play.random_answer(m.prompt(), rng))
            else:
                getattr(m, action)()
        except NothingToUndo:
            continue
        if step % 10 == 0:
            resumed, _ = Match.load(m.path)
            assert (resumed.events, resumed.redo_stack, resumed.state) == (m.events, m.redo_stack, m.state)


def test_a_format_1_journal_still_resumes_and_grows_in_its_own_format(tmp_path):
    m = played(tmp_path, inputs=10)
    lines = lines_of(m)
    header = json.loads(lines[0])
    header["refbox_journal"] = 1
    old = [json.dumps(header) + "\n"]
    for line in lines[1:]:
        entry = json.loads(line)
        entry.pop("n"), entry.pop("h")
        old.append(json.dumps(entry) + "\n")
    m.path.write_text("".join(old))
    resumed, _ = Match.load(m.path)
    assert resumed.state == m.state
    resumed.submit(random_play.random_answer(resumed.prompt(), random.Random(1)))
    assert "h" not in json.loads(lines_of(resumed)[-1])
    assert Match.load(m.path)[0].state == resumed.state


def test_the_journal_carries_what_the_redo_needs(tmp_path):
    m = new(tmp_path)
    m.submit(roll(6, 1))
    m.files.append(Entry("undo"))
    assert Match.load(m.path)[0].redo_stack == [roll(6, 1)]


def test_a_checkpoint_with_a_matching_digest_but_an_impossible_value_is_ignored(tmp_path):
    from refbox.engine.files import state_digest as _state_digest
    m = played(tmp_path, inputs=200)
    m.save()
    path = storage.checkpoint_path(m.path)
    data = json.loads(path.read_text())
    data["state"]["turn"] = float("inf")  # 1e400 in the file: a forged digest cannot make it valid
    key = storage.checkpoint_key(m.path.parent)
    data["digest"] = _state_digest(key, m.files.digests.upto(m.events, data["events"]), data["state"])
    path.write_text(json.dumps(data))
    assert Match.load(m.path)[0].state == m.state


def test_after_undo_and_new_inputs_the_checkpoint_still_checks_out(tmp_path, monkeypatch):
    m = played(tmp_path, inputs=200)
    m.save()  # a checkpoint over inputs that the undos below take back
    for _ in range(20):
        m.undo()
    random_play.advance(m, 30, random.Random(99))
    assert resumed_from_its_checkpoint(m, monkeypatch), "resumed from the checkpoint, not from the start"

