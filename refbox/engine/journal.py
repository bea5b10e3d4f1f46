"""The match journal: a versioned JSON Lines file, one input per line, fsync'd on every append.

Line 1 is the header (ruleset, setup, the ruleset data the match was started with, seed).
Every later line is ``{"op": "input", "event": {...}}``, ``{"op": "undo"}`` or ``{"op": "redo"}``:
the file is append-only, so nothing is ever lost, and undo/redo survive a restart.

Format 2 adds to every entry its number ``n`` (1, 2, 3...) and ``h``, a hash chained over the previous
entry (the first one over the header line): a line cut out, duplicated, moved or edited is reported as
damage at that line. Format 1 journals (no chain) are still read, and appended to in format 1.

Format 3 lets an input carry the computer coach's note (``event.coach``: its level, the answer it chose, its
reason), so the log keeps why the computer did what it did. A format 2 journal is still read, and appended to
in format 2: its new inputs leave their notes out (an older refbox reading it would refuse a field it does not
know), so only the journals started by this version hold notes.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
import stat
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

try:
    import fcntl
except ImportError:  # not on POSIX: no cross-window lock
    fcntl = None

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from refbox.engine.errors import JournalError, JournalWriteError
from refbox.engine.prompts import Event
from refbox.engine.storage import fsync_dir, kind_of
from refbox.engine.text import Name

FORMAT_VERSION = 3
READABLE = (1, 2, 3)
NOTES_FROM = 3
"""The first format whose inputs carry the computer coach's notes."""


class Header(BaseModel):
    model_config = ConfigDict(extra="forbid")

    refbox_journal: int = FORMAT_VERSION
    match_id: Name
    ruleset: Name
    title: Name
    created: Name
    seed: int
    setup: dict[str, Any]
    data: dict[str, Any]
    """The ruleset numbers the match started with: a resumed match never changes rules under you."""
    rules_version: int = Field(1, ge=1, le=1000)
    """What the inputs mean (the ruleset class's ``version`` when the match was saved; absent in the journals of
    refbox before versions: 1). An older one is upgraded when read (refbox.engine.upgrade)."""

    @field_validator("refbox_journal")
    @classmethod
    def _known(cls, v: int) -> int:
        if v not in READABLE:
            raise ValueError(f"format {v} is not one this refbox reads")
        return v


@dataclass(slots=True, frozen=True)
class Entry:
    op: Literal["input", "undo", "redo"]
    event: Event | None = None

    def body(self, notes: bool = True) -> dict:
        """The entry as written; without ``notes``, an input's coach's note left out (formats before 3)."""
        return {"op": self.op, "event": self.event.to_json(notes)} if self.event is not None else {"op": self.op}


@dataclass
class Loaded:
    header: Header
    entries: list[Entry]
    recovered: str | None = None
    """A message when a torn last line was dropped on load."""
    damaged_at: int | None = None
    """With salvage: the first damaged line (entries stop before it)."""
    chain: str = ""
    """The hash of the last entry (format 2), to chain the next append."""
    torn: bool = False
    """Read with ``repair=False``: the file ends in a torn line that was left out, and left in the file."""


def effective(entries: list[Entry]) -> tuple[list[Event], list[Event]]:
    """Fold inputs, undos and redos into (the events in force, the redo stack)."""
    done: list[Event] = []
    undone: list[Event] = []
    for entry in entries:
        if entry.op == "input":
            assert entry.event is not None
            done.append(entry.event)
            undone.clear()  # a new input after an undo replaces what was undone: it cannot be redone
        elif entry.op == "undo":
            if not done:
                raise JournalError("the journal undoes past the start of the match")
            undone.append(done.pop())
        else:
            if not undone:
                raise JournalError("the journal redoes with nothing undone")
            done.append(undone.pop())
    return done, undone


def _canonical(obj: dict) -> str:
    return json.dumps(obj, separators=(",", ":"), sort_keys=True)


def link(previous: str, body: dict) -> str:
    """The chain hash of an entry: over the previous entry's hash and this entry's canonical body."""
    return _hash(previous, _canonical(body))


def _hash(previous: str, body_text: str) -> str:
    return hashlib.sha256((previous + body_text).encode()).hexdigest()[:16]


_EVENT_START, _INPUT_END = '{"event":', ',"op":"input"}'


def _body_text(line: bytes, h: object, n: int) -> str | None:
    """The canonical body of a line refbox wrote (keys sorted: event, h, n, op), cut from the line itself:
    hashing it saves re-encoding the entry. None when the line is not in that shape (then it is re-encoded)."""
    if not (isinstance(h, str) and h.isascii() and h.isalnum()):
        return None
    text = line.decode("utf-8")
    fields = f'"h":"{h}","n":{n},'
    if text.startswith("{" + fields):
        return "{" + text[len(fields) + 1:]
    cut = text.replace("," + fields, ",", 1)
    return cut if cut.startswith(_EVENT_START) and cut.endswith(_INPUT_END) else None


def chain_start(header_line: str) -> str:
    return hashlib.sha256(header_line.rstrip("\n").encode()).hexdigest()[:16]


class Journal:
    def __init__(self, path: Path, version: int = FORMAT_VERSION, count: int = 0, chain: str = "") -> None:
        self.path = path
        self.version = version
        self.count = count
        """Entries written so far (the next entry's number is count + 1)."""
        self.chain = chain
        self._lock = None
        self.broken: str | None = None
        """Set when a failed write could not be undone in the file: no more appends until resumed."""

    def lock(self) -> None:
        """Claim the match for this window: a second refbox on the same match is refused, not interleaved.

        An advisory flock on a lock file beside the journal; the OS releases it if refbox dies."""
        if self._lock is None:
            self._lock = _claim(self.path)

    def unlock(self) -> None:
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    @classmethod
    def create(cls, path: Path, header: Header, unique: bool = False) -> "Journal":
        """Write the header of a new journal, durably (file and directory entry). With ``unique``, a
        name already taken (two matches started in the same second) becomes ``<name>-2``, ``-3``..."""
        path.parent.mkdir(parents=True, exist_ok=True)
        stem, n = path.stem, 2
        while True:
            header.match_id = path.stem
            line = header.model_dump_json() + "\n"
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            except FileExistsError:
                if not unique:
                    raise
                path = path.with_name(f"{stem}-{n}.jsonl")
                n += 1
                continue
            break
        try:
            _write_all(fd, line.encode("utf-8"))
            os.fsync(fd)
        except OSError as e:
            os.close(fd)
            _remove_quietly(path)
            raise JournalWriteError(_write_failure(path, e, "The match was not created")) from None
        os.close(fd)
        fsync_dir(path.parent)
        return cls(path, header.refbox_journal, 0, chain_start(line))

    def line_for(self, entry: Entry) -> tuple[bytes, str]:
        """The bytes of the next line and the chain value it carries (nothing is written)."""
        body = entry.body(notes=self.version >= NOTES_FROM)
        if self.version == 1:
            return (_canonical(body) + "\n").encode(), ""
        h = link(self.chain, body)
        return (_canonical({**body, "n": self.count + 1, "h": h}) + "\n").encode(), h

    def append(self, entry: Entry) -> None:
        """Write one line and make it durable before returning. If that fails, the file is cut back to
        what it was and JournalWriteError says so: the entry was not recorded."""
        if self.broken:
            raise JournalWriteError(self.broken)
        data, h = self.line_for(entry)
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        except OSError as e:
            raise JournalWriteError(_write_failure(self.path, e)) from None
        try:
            size = os.fstat(fd).st_size
            try:
                _write_all(fd, data)
                os.fsync(fd)
            except OSError as e:
                self._cut_back(fd, size, e)
                raise JournalWriteError(self.broken or _write_failure(self.path, e)) from None
        finally:
            os.close(fd)
        self.count += 1
        self.chain = h

    def _cut_back(self, fd: int, size: int, cause: OSError) -> None:
        try:
            os.ftruncate(fd, size)  # once cut, the file reads right; a later fsync makes that durable
        except OSError:
            self.broken = (
                f"Could not save to {self.path}: {_reason(cause)}. The input was NOT recorded, but a part of its "
                "line may remain at the end of the file. Leave the match (q) and resume it: refbox drops an "
                "unfinished last line on resume."
            )

    @classmethod
    def open(cls, path: Path) -> tuple["Journal", Loaded]:
        loaded = read(path)
        return cls.after(path, loaded), loaded

    @classmethod
    def after(cls, path: Path, loaded: Loaded) -> "Journal":
        """The journal to append to after ``loaded`` was read from ``path``."""
        return cls(path, loaded.header.refbox_journal, len(loaded.entries), loaded.chain)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _remove_quietly(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def _reason(e: OSError) -> str:
    return {
        errno.ENOSPC: "the disk is full",
        errno.EDQUOT: "the disk quota is used up",
        errno.EROFS: "the disk is read-only",
        errno.EACCES: "permission denied",
        errno.EPERM: "permission denied",
        errno.EIO: "an input/output error",
    }.get(e.errno, e.strerror or type(e).__name__)


def _write_failure(path: Path, e: OSError, what: str = "The input was NOT recorded") -> str:
    advice = {
        errno.ENOSPC: "free some space and press the key again",
        errno.EDQUOT: "free some space and press the key again",
        errno.EROFS: "make the folder writable and press the key again",
        errno.EACCES: "fix the file's permissions and press the key again",
        errno.EPERM: "fix the file's permissions and press the key again",
    }.get(e.errno, "check the disk and press the key again")
    return f"Could not save to {path}: {_reason(e)}. {what} and nothing changed: {advice}."


def _claim(path: Path):
    """The lock on ``path``'s match (an open lock file), or JournalError if another window holds it."""
    if fcntl is None:
        return None
    lock = path.with_suffix(".lock")
    try:
        handle = open(lock, "a")
    except OSError as e:
        raise JournalError(f"{lock.name} cannot be created beside the match ({e.strerror or e}): refbox writes "
                           "every input to this folder, so it needs write access here") from None
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise JournalError(
            f"{path.name} is open in another refbox window: close it there first "
            "(two windows writing one match would corrupt it)"
        ) from None
    return handle


@contextmanager
def claimed(path: Path):
    """Hold ``path``'s lock while rewriting the file: a window playing the match may be writing its last line."""
    handle = _claim(path)
    try:
        yield
    finally:
        if handle is not None:
            handle.close()


def read(path: Path, salvage: bool = False, repair: bool = True) -> Loaded:
    """Parse a journal. A torn last line is dropped (the original kept beside it); other damage raises,
    unless ``salvage``: then the entries before the first damaged line are returned (nothing is written).
    With ``repair=False`` nothing is ever written (replays, reports, spectators): a torn last line, or one
    still being written by the referee's window, is simply left out."""
    try:
        if path.is_dir():
            raise IsADirectoryError
        mode = path.stat().st_mode
        if not stat.S_ISREG(mode):  # a pipe or a device would block or never end
            raise JournalError(f"{path}: {kind_of(mode)}, not a regular file, so not a saved match")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise JournalError(f"{path}: no such saved match") from None
    except IsADirectoryError:
        raise JournalError(f"{path}: a folder, not a saved match") from None
    except OSError as e:
        raise JournalError(f"{path}: cannot read: {e.strerror}") from None
    lines = raw.split(b"\n")
    torn = lines.pop()  # bytes after the last newline: b'' when the file ends cleanly
    if not lines:
        raise JournalError(f"{path}: empty or cut-off journal (no complete header line); the file was left untouched")
    header_text = _decode_header(path, lines[0])
    header = _header(path, header_text)
    reader = _Reader(path, header.refbox_journal, chain_start(header_text))
    for n, line in enumerate(lines[1:], start=2):
        try:
            reader.take(n, line)
        except JournalError as e:
            if not salvage:
                raise JournalError(str(e), salvageable=True) from None
            return Loaded(header=header, entries=_consistent(reader.entries), damaged_at=n, chain=reader.chain)
    recovered = None
    if torn and not repair:
        pass
    elif torn and not salvage:
        kept = reader.try_take(torn)
        target = path.resolve()  # repair what a symlink points at, never replace the link
        try:
            with claimed(path):
                recovered = _repair(path, target, raw, torn, kept)
        except OSError as e:
            raise JournalError(f"{path}: its last line was cut off by a crash and needs repairing, but the folder "
                               f"cannot be written ({e.strerror or e}): make it writable and open the match again; "
                               "the file was left untouched") from None
    entries = reader.entries
    try:
        effective(entries)
    except JournalError as e:
        if not salvage:
            raise JournalError(f"{path}: {e}; the file was left untouched", salvageable=True) from None
        entries = _consistent(entries)
    return Loaded(header=header, entries=entries, recovered=recovered, chain=reader.chain,
                  torn=bool(torn) and not repair)


def _repair(path: Path, target: Path, raw: bytes, torn: bytes, kept: bool) -> str:
    """Cut a torn last line off the journal, or end a complete one, once nothing else is writing it."""
    try:
        unchanged = target.read_bytes() == raw
    except OSError:
        unchanged = False
    if not unchanged:
        raise JournalError(f"{path}: the file changed while it was being read; open the match again")
    if kept:
        _rewrite(target, raw + b"\n", None)
        return f"The last line of {path.name} was missing its end; it was complete and is kept."
    backup = path.with_name(path.name + ".torn")
    _rewrite(target, raw[: len(raw) - len(torn)], backup)
    return (f"The last entry of {path.name} was cut off mid-write (a crash or power cut) and was dropped; "
            f"the original file is kept as {backup.name}.")


class _Reader:
    """Entries read in order, each checked against its number and the chain (format 2)."""

    def __init__(self, path: Path, version: int, chain: str) -> None:
        self.path, self.version, self.chain = path, version, chain
        self.entries: list[Entry] = []

    def take(self, line_no: int, line: bytes) -> None:
        entry, h = self._parse(line_no, line)
        self.entries.append(entry)
        self.chain = h

    def try_take(self, line: bytes) -> bool:
        try:
            self.take(len(self.entries) + 2, line)
        except JournalError:
            return False
        return True

    def _parse(self, line_no: int, line: bytes) -> tuple[Entry, str]:
        where = f"{self.path}: line {line_no}"
        try:
            obj = json.loads(line.decode("utf-8"))
        except UnicodeDecodeError:
            raise self._damage(where, "is not UTF-8 text") from None
        except (ValueError, RecursionError):
            raise self._damage(where, "is not a JSON entry") from None
        if not isinstance(obj, dict):
            raise self._damage(where, "is not an entry")
        n, h = obj.pop("n", None), obj.pop("h", None)
        try:
            entry = _entry(obj)
        except ValueError as e:
            raise self._damage(where, str(e)) from None
        if self.version == 1:
            return entry, ""
        expected = len(self.entries) + 1
        if n != expected:
            if isinstance(n, int) and not isinstance(n, bool) and n > expected:
                problem = f"holds entry {n} where entry {expected} belongs: {n - expected} entr" \
                          f"{'y is' if n - expected == 1 else 'ies are'} missing before it"
            elif isinstance(n, int) and not isinstance(n, bool):
                problem = f"holds entry {n} again where entry {expected} belongs (a duplicated or moved line)"
            else:
                problem = "has no entry number"
            raise self._damage(where, problem)
        body = _body_text(line, h, n)
        if body is not None and _hash(self.chain, body) == h:
            if entry.event is not None:  # the line as written: its event's JSON is known, keep it for digests
                object.__setattr__(entry.event, "text", body[len(_EVENT_START):-len(_INPUT_END)])
        elif h != link(self.chain, obj):
            raise self._damage(where, "does not match the line before it (it was edited, or lines were swapped)")
        return entry, h

    @staticmethod
    def _damage(where: str, problem: str) -> JournalError:
        return JournalError(f"{where} {problem}; the file was left untouched", salvageable=True)


def _entry(obj: dict) -> Entry:
    unknown = set(obj) - {"op", "event"}
    if unknown:
        raise ValueError(f"unknown field {sorted(unknown)[0]!r}")
    op = obj.get("op")
    if op == "input":
        return Entry("input", Event.from_json(obj.get("event")))
    if op in ("undo", "redo"):
        if obj.get("event") is not None:
            raise ValueError(f"an {op} carries no event")
        return Entry(op)
    raise ValueError(f"op: {op!r} is not input, undo or redo")


def _consistent(entries: list[Entry]) -> list[Entry]:
    """The longest prefix whose undos and redos make sense."""
    for end in range(len(entries), -1, -1):
        try:
            effective(entries[:end])
            return entries[:end]
        except JournalError:
            continue
    return []


def rewrite(path: Path, header: Header, events: list[Event], kept_as: str = "damaged") -> tuple[Path, "Journal"]:
    """Replace a journal (damaged, or saved by an older version) by one holding ``events`` (today's format); the
    original is kept beside it, as ``<name>.<kept_as>``. Returns the copy's path and the journal to append to."""
    backup = path.with_name(f"{path.name}.{kept_as}")
    n = 2
    while backup.exists():
        backup = path.with_name(f"{path.name}.{kept_as}-{n}")
        n += 1
    header = header.model_copy(update={"refbox_journal": FORMAT_VERSION})
    head = header.model_dump_json() + "\n"
    journal = Journal(path, FORMAT_VERSION, 0, chain_start(head))
    lines = []
    for event in events:
        data, h = journal.line_for(Entry("input", event))
        lines.append(data)
        journal.count, journal.chain = journal.count + 1, h
    _rewrite(path.resolve(), head.encode("utf-8") + b"".join(lines), backup)
    return backup, journal


def _decode_header(path: Path, line: bytes) -> str:
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        raise JournalError(f"{path}: line 1 (the match header) is not UTF-8 text; the file was left untouched") from None


def _header(path: Path, line: str) -> Header:
    try:
        obj = json.loads(line)
    except (ValueError, RecursionError):
        raise JournalError(f"{path}: line 1 is not a refbox journal header; the file was left untouched") from None
    if not isinstance(obj, dict) or "refbox_journal" not in obj:
        raise JournalError(f"{path}: not a refbox journal (no header); the file was left untouched")
    if obj["refbox_journal"] not in READABLE:
        raise JournalError(
            f"{path}: journal format {obj['refbox_journal']!r} is not supported by this refbox "
            f"(it reads formats {', '.join(map(str, READABLE))}); the file was left untouched"
        )
    try:
        return Header.model_validate(obj)
    except ValidationError as e:
        raise JournalError(f"{path}: line 1: invalid header: {first_error(e)}; the file was left untouched") from None


def _rewrite(path: Path, content: bytes, backup: Path | None) -> None:
    """Replace ``path`` atomically and durably (file, then directory), keeping a copy of the old one."""
    if backup is not None:
        shutil.copy2(path, backup)
    tmp = path.with_name(path.name + ".tmp")
    try:
        with open(tmp, "wb") as f:
            f.write(content)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError:
        tmp.unlink(missing_ok=True)  # a full disk leaves no half-written copy behind
        raise
    fsync_dir(path.parent)


def first_error(e: ValidationError) -> str:
    err = e.errors()[0]
    where = ".".join(str(p) for p in err["loc"]) or "value"
    return f"{where}: {err['msg']}"
