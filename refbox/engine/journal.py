"""The match journal: a versioned JSON Lines file, one input per line, fsync'd on every append.

Line 1 is the header (ruleset, setup, the ruleset data the match was started with, seed).
Every later line is ``{"op": "input", "event": {...}}``, ``{"op": "undo"}`` or ``{"op": "redo"}``:
the file is append-only, so nothing is ever lost, and undo/redo survive a restart.
"""

from __future__ import annotations

import json
import os
import shutil

try:
    import fcntl
except ImportError:  # not on POSIX: no cross-window lock
    fcntl = None
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from refbox.engine.errors import JournalError
from refbox.engine.prompts import Event

FORMAT_VERSION = 1


class Header(BaseModel):
    model_config = ConfigDict(extra="forbid")

    refbox_journal: int = FORMAT_VERSION
    match_id: str
    ruleset: str
    title: str
    created: str
    seed: int
    setup: dict[str, Any]
    data: dict[str, Any]
    """The ruleset numbers the match started with: a resumed match never changes rules under you."""


class Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    op: Literal["input", "undo", "redo"]
    event: Event | None = None


class Loaded(BaseModel):
    header: Header
    entries: list[Entry]
    recovered: str | None = None
    """A message when a torn last line was dropped on load."""
    damaged_at: int | None = None
    """With salvage: the first damaged line (entries stop before it)."""


def effective(entries: list[Entry]) -> tuple[list[Event], list[Event]]:
    """Fold inputs, undos and redos into (the events in force, the redo stack)."""
    done: list[Event] = []
    undone: list[Event] = []
    for entry in entries:
        if entry.op == "input":
            assert entry.event is not None
            done.append(entry.event)
            undone.clear()
        elif entry.op == "undo":
            if not done:
                raise JournalError("the journal undoes past the start of the match")
            undone.append(done.pop())
        else:
            if not undone:
                raise JournalError("the journal redoes with nothing undone")
            done.append(undone.pop())
    return done, undone


class Journal:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = None

    def lock(self) -> None:
        """Claim the match for this window: a second refbox on the same match is refused, not interleaved.

        An advisory flock on a lock file beside the journal; the OS releases it if refbox dies."""
        if self._lock is not None or fcntl is None:
            return
        handle = open(self.path.with_suffix(".lock"), "a")
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            raise JournalError(
                f"{self.path.name} is open in another refbox window: close it there first "
                "(two windows writing one match would corrupt it)"
            ) from None
        self._lock = handle

    def unlock(self) -> None:
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    @classmethod
    def create(cls, path: Path, header: Header) -> "Journal":
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "x", encoding="utf-8") as f:
            f.write(header.model_dump_json() + "\n")
            f.flush()
            os.fsync(f.fileno())
        return cls(path)

    def append(self, entry: Entry) -> None:
        """Write one line and make it durable before returning (the screen shows nothing earlier)."""
        line = entry.model_dump_json(exclude_none=True) + "\n"
        with open(self.path, "a", encoding="utf-8") as f:
            f.write(line)
            f.flush()
            os.fsync(f.fileno())

    @classmethod
    def open(cls, path: Path) -> tuple["Journal", Loaded]:
        return cls(path), read(path)


def read(path: Path, salvage: bool = False) -> Loaded:
    """Parse a journal. A torn last line is dropped (the original kept beside it); other damage raises,
    unless ``salvage``: then the entries before the first damaged line are returned (nothing is written)."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise JournalError(f"{path}: no such saved match") from None
    except OSError as e:
        raise JournalError(f"{path}: cannot read: {e.strerror}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise JournalError(f"{path}: not a refbox journal (not UTF-8 text); the file was left untouched") from None
    lines = text.split("\n")
    torn = lines.pop()  # text after the last newline: '' when the file ends cleanly
    if not lines:
        raise JournalError(f"{path}: empty or cut-off journal (no complete header line); the file was left untouched")
    header = _header(path, lines[0])
    entries = []
    for n, line in enumerate(lines[1:], start=2):
        try:
            entries.append(_entry(path, n, line))
        except JournalError as e:
            if not salvage:
                raise JournalError(str(e), salvageable=True) from None
            return Loaded(header=header, entries=_consistent(entries), damaged_at=n)
    recovered = None
    if torn and not salvage:
        kept = _try_entry(torn)
        if kept is not None:
            entries.append(kept)
            _rewrite(path, raw + b"\n", None)
            recovered = f"The last line of {path.name} was missing its end; it was complete and is kept."
        else:
            backup = path.with_name(path.name + ".torn")
            _rewrite(path, raw[: len(raw) - len(torn.encode())], backup)
            recovered = (
                f"The last entry of {path.name} was cut off mid-write (a crash or power cut) and was dropped; "
                f"the original file is kept as {backup.name}."
            )
    try:
        effective(entries)
    except JournalError as e:
        if not salvage:
            raise JournalError(f"{path}: {e}; the file was left untouched", salvageable=True) from None
        entries = _consistent(entries)
    return Loaded(header=header, entries=entries, recovered=recovered)


def _consistent(entries: list[Entry]) -> list[Entry]:
    """The longest prefix whose undos and redos make sense."""
    for end in range(len(entries), -1, -1):
        try:
            effective(entries[:end])
            return entries[:end]
        except JournalError:
            continue
    return []


def rewrite(path: Path, header: Header, events: list[Event]) -> Path:
    """Replace a damaged journal by one holding ``events``; the original is kept beside it. Returns the copy."""
    backup = path.with_name(path.name + ".damaged")
    n = 2
    while backup.exists():
        backup = path.with_name(f"{path.name}.damaged-{n}")
        n += 1
    content = header.model_dump_json() + "\n" + "".join(
        Entry(op="input", event=e).model_dump_json(exclude_none=True) + "\n" for e in events)
    _rewrite(path, content.encode("utf-8"), backup)
    return backup


def _header(path: Path, line: str) -> Header:
    try:
        obj = json.loads(line)
    except json.JSONDecodeError:
        raise JournalError(f"{path}: line 1 is not a refbox journal header; the file was left untouched") from None
    if not isinstance(obj, dict) or "refbox_journal" not in obj:
        raise JournalError(f"{path}: not a refbox journal (no header); the file was left untouched")
    if obj["refbox_journal"] != FORMAT_VERSION:
        raise JournalError(
            f"{path}: journal format {obj['refbox_journal']!r} is not supported by this refbox "
            f"(it reads format {FORMAT_VERSION}); the file was left untouched"
        )
    try:
        return Header.model_validate(obj)
    except ValidationError as e:
        raise JournalError(f"{path}: line 1: invalid header: {_first_error(e)}; the file was left untouched") from None


def _entry(path: Path, n: int, line: str) -> Entry:
    try:
        return Entry.model_validate_json(line)
    except ValidationError as e:
        raise JournalError(f"{path}: line {n} is damaged ({_first_error(e)}); the file was left untouched") from None


def _try_entry(line: str) -> Entry | None:
    try:
        return Entry.model_validate_json(line)
    except ValidationError:
        return None


def _rewrite(path: Path, content: bytes, backup: Path | None) -> None:
    if backup is not None:
        shutil.copy2(path, backup)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(content)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def _first_error(e: ValidationError) -> str:
    err = e.errors()[0]
    where = ".".join(str(p) for p in err["loc"]) or "value"
    return f"{where}: {err['msg']}"
