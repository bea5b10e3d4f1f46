"""Test support (no tests here): seeded random matches played in memory and written as saved journals at once
(one write instead of one fsync per input), for the screens that read saved matches."""

from __future__ import annotations

import random
from pathlib import Path

from every_ruleset import default_setup

from refbox.engine import registry, storage
from refbox.engine.journal import FORMAT_VERSION, Entry, Journal, chain_start
from refbox.engine.match import Match
from refbox.engine.play import random_event


def play(ruleset: str, seed: int = 5, upto: int | None = None, setup: dict | None = None) -> Match:
    """A seeded random match in memory, to its end (or ``upto`` inputs)."""
    match = Match.new(ruleset, default_setup(ruleset) if setup is None else setup, seed)
    rng = random.Random(seed)
    while match.legal().kind != "over" and (upto is None or len(match.events) < upto):
        match.submit(random_event(match.legal(), rng, match.rules.random_weights))
    return match


def write_journal(match: Match, path: Path, version: int) -> None:
    """The match's inputs written at ``path`` in one go, as a journal of format ``version`` (its id: the stem)."""
    header = match.header.model_copy(update={"match_id": path.stem, "refbox_journal": version})
    head = header.model_dump_json() + "\n"
    journal = Journal(path, version, 0, chain_start(head))
    lines = []
    for event in match.events:
        data, link = journal.line_for(Entry("input", event))
        lines.append(data)
        journal.count, journal.chain = journal.count + 1, link
    path.write_bytes(head.encode() + b"".join(lines))


def save(match: Match, root: Path, name: str) -> Path:
    """The match written as a saved journal under ``root`` (one write, no fsync per input) and its summary."""
    path = storage.matches_dir(root) / f"{name}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    write_journal(match, path, FORMAT_VERSION)
    storage.write_meta(path, {"finished": match.legal().kind == "over", "summary": "test"})
    return path


def signed(journal: Path) -> None:
    """Sign the checkpoint beside ``journal`` with its folder's key, in today's format, as refbox would have
    written it: fixtures kept from before checkpoints were keyed still test resuming from a checkpoint."""
    import json

    from refbox.engine.journal import effective, read
    from refbox.engine.files import CHECKPOINT_FORMAT, Digests, state_digest

    loaded = read(journal, repair=False)
    done, _ = effective(loaded.entries)
    path = storage.checkpoint_path(journal)
    snap = json.loads(path.read_text())
    key = storage.checkpoint_key(journal.parent, create=True)
    snap["digest"] = state_digest(key, Digests(loaded.header).upto(done, snap["events"]), snap["state"])
    snap["format"] = CHECKPOINT_FORMAT
    path.write_text(json.dumps(snap))
