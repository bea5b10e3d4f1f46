"""Where matches and house rules live: the user data directory, or --data-dir / $REFBOX_DATA_DIR."""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

ENV_VAR = "REFBOX_DATA_DIR"


def data_dir(override: str | Path | None = None) -> Path:
    if override:
        return Path(override).expanduser()
    if os.environ.get(ENV_VAR):
        return Path(os.environ[ENV_VAR]).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("refbox", appauthor=False))


def matches_dir(root: Path) -> Path:
    return root / "matches"


def house_dir(root: Path) -> Path:
    return root / "rulesets"


def new_match_path(root: Path, ruleset: str, now: datetime | None = None) -> Path:
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    folder = matches_dir(root)
    path = folder / f"{ruleset}-{stamp}.jsonl"
    n = 2
    while path.exists():
        path = folder / f"{ruleset}-{stamp}-{n}.jsonl"
        n += 1
    return path


@dataclass(frozen=True)
class SavedMatch:
    path: Path
    match_id: str
    ruleset: str
    title: str
    created: str
    summary: str
    modified: float
    problem: str = ""
    """Why the match cannot be resumed, when its header is unreadable."""


def meta_path(journal: Path) -> Path:
    return journal.with_suffix(".meta.json")


def read_meta(journal: Path) -> dict:
    return read_json(meta_path(journal))


def write_meta(journal: Path, meta: dict) -> None:
    """Settings and the list summary."""
    write_json(meta_path(journal), meta)


def checkpoint_path(journal: Path) -> Path:
    return journal.with_suffix(".checkpoint.json")


CHECKPOINT_KEY = ".checkpoint-key"
"""The secret that signs the checkpoints of the matches in a folder (one per folder: matches/, archive/...)."""

KEY_BYTES = 32


def checkpoint_key(folder: Path, create: bool = False) -> bytes:
    """The folder's checkpoint key: random bytes only refbox (and whoever can read this user's files) knows, so
    that a checkpoint edited by hand cannot carry a valid digest. With ``create``, made if missing or damaged
    (readable by this user only). OSError if there is none (or it cannot be made)."""
    path = folder / CHECKPOINT_KEY
    key = _read_key(path)
    if key is not None:
        return key
    if not create:
        raise FileNotFoundError(errno.ENOENT, "no checkpoint key", str(path))
    import secrets
    import tempfile

    fd, tmp = tempfile.mkstemp(dir=folder, prefix=CHECKPOINT_KEY + ".")  # readable by this user only (0600)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(secrets.token_bytes(KEY_BYTES))
            f.flush()
            os.fsync(f.fileno())
        try:
            os.link(tmp, path)  # never over a key another window made meanwhile (theirs is read below)
        except FileExistsError:
            if _read_key(path) is None:  # the one there is damaged
                os.replace(tmp, path)
        except OSError:  # a drive without hard links
            os.replace(tmp, path)
    finally:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
    fsync_dir(folder)
    key = _read_key(path)
    if key is None:
        raise OSError(errno.EIO, "the checkpoint key cannot be read back", str(path))
    return key


def _read_key(path: Path) -> bytes | None:
    """The key in ``path``, or None if there is none or it is damaged (OSError if it cannot be read)."""
    try:
        with open(path, "rb") as f:
            key = f.read(KEY_BYTES + 1)
    except FileNotFoundError:
        return None
    return key if len(key) == KEY_BYTES else None


def write_json(path: Path, obj: dict) -> None:
    """Replaced atomically and durably: a reader sees the old file or the new one, never half of one,
    and after a power cut the new one is there (the file and the directory entry are fsync'd)."""
    import json  # here, not at the top: a first start (no settings, no matches) reads no JSON at all

    tmp = path.with_name(path.name + ".tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(json.dumps(obj))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise
    fsync_dir(path.parent)


def fsync_dir(folder: Path) -> None:
    """Make a new or replaced directory entry durable (a no-op where directories cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_json(path: Path) -> dict:
    try:
        if not stat.S_ISREG(path.stat().st_mode):  # a pipe would block the read
            return {}
        text = path.read_text(encoding="utf-8")
        import json

        obj = json.loads(text)
        return obj if isinstance(obj, dict) else {}
    except (OSError, ValueError, RecursionError):  # a damaged side file counts as absent
        return {}


HEADER_LIMIT = 8_000_000
"""Bytes of a journal's first line read for the list (a header holds the ruleset data: tens of kB)."""

HEADER_FIELDS = ("match_id", "ruleset", "title", "created")


def saved_matches(root: Path) -> list[SavedMatch]:
    """Saved matches, newest first. Reads only each header line and the meta file: fast to list.

    A file that cannot be listed properly (a broken link, a directory, a damaged header) is still
    listed, with ``problem`` saying what is wrong; nothing here raises for one bad file."""
    folder = matches_dir(root)
    try:
        paths = list(folder.glob("*.jsonl")) if folder.is_dir() else []
    except OSError:
        return []
    found = [_saved_match(path) for path in paths]
    return sorted(found, key=lambda m: m.modified, reverse=True)


def _saved_match(path: Path) -> SavedMatch:
    try:
        info = path.stat()
    except OSError as e:
        return _unlisted(path, stat_problem(path, e))
    if not stat.S_ISREG(info.st_mode):
        return _unlisted(path, f"is not a file ({kind_of(info.st_mode)})", info.st_mtime)
    try:
        header = header_fields(path)
    except ValueError as e:
        return _unlisted(path, str(e), info.st_mtime)
    try:
        summary = str(read_meta(path).get("summary", ""))
    except (RecursionError, MemoryError):  # a damaged meta file costs the summary, nothing else
        summary = ""
    return SavedMatch(path=path, summary=summary, modified=info.st_mtime, **header)


def header_fields(path: Path) -> dict[str, str]:
    """The list fields of the header line, or ValueError saying what is wrong with it."""
    try:
        with open(path, "rb") as f:
            line = f.readline(HEADER_LIMIT + 1)
    except OSError as e:
        raise ValueError(f"cannot be read: {e.strerror}") from None
    if len(line) > HEADER_LIMIT:
        raise ValueError(f"header line is longer than {HEADER_LIMIT:,} bytes: not a refbox journal")
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ValueError(f"header is not valid UTF-8 (byte {e.start + 1})") from None
    import json

    try:
        header = json.loads(text)
    except RecursionError:
        raise ValueError("header is nested too deeply: not a refbox journal") from None
    except ValueError:
        raise ValueError("header is not JSON: not a refbox journal (or damaged)") from None
    if not isinstance(header, dict):
        raise ValueError("header is not a JSON object: not a refbox journal")
    missing = [key for key in HEADER_FIELDS if not isinstance(header.get(key), str)]
    if missing:
        raise ValueError(f"header lacks {', '.join(missing)}: not a refbox journal (or damaged)")
    fields = {key: header[key] for key in HEADER_FIELDS}
    for key, value in fields.items():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:  # an escaped lone surrogate, e.g. "\\ud800"
            raise ValueError(f"header is not valid UTF-8 text ({key} holds a lone surrogate)") from None
    return fields


def kind_of(mode: int) -> str:
    """What a file that is not a regular file is, for a message."""
    kinds = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket"),
             (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"))
    return next((name for test, name in kinds if test(mode)), "not a regular file")


def locate(given: str, root: Path) -> Path:
    """A saved match given by its journal's path or by its id (as ``refbox --list`` shows it), once it is known
    to be a refbox journal (a regular file whose first line is a refbox header); RefboxError says what is wrong
    (a symbolic link loop, a folder, a named pipe, a file that is not a journal)."""
    from refbox.engine.errors import RefboxError

    path = Path(given)
    if not _present(path):
        path = matches_dir(root) / f"{given.removesuffix('.jsonl')}.jsonl"
        if not _present(path):
            raise RefboxError(f"no saved match {given!r} in {matches_dir(root)} (see refbox --list)")
    try:
        info = path.stat()
    except OSError as e:
        raise RefboxError(f"{path} {stat_problem(path, e)}") from None
    if not stat.S_ISREG(info.st_mode):
        raise RefboxError(f"{path} is {kind_of(info.st_mode)}, not a saved match")
    try:
        header_fields(path)
    except ValueError as e:
        raise RefboxError(f"{path}: {e}") from None
    return path


def _present(path: Path) -> bool:
    """Whether there is a directory entry at ``path`` (a broken or looping link counts)."""
    try:
        return os.path.lexists(path)
    except ValueError:  # a NUL in the name
        return False


def stat_problem(path: Path, e: OSError) -> str:
    if e.errno == errno.ELOOP:
        return "is a symbolic link loop"
    if isinstance(e, FileNotFoundError) and path.is_symlink():
        return "is a link to a file that does not exist"
    return f"cannot be read: {e.strerror}"


def _unlisted(path: Path, problem: str, modified: float | None = None) -> SavedMatch:
    """A row for a file that cannot be resumed, saying why."""
    if modified is None:
        try:
            modified = path.lstat().st_mtime
        except OSError:
            modified = 0.0
    return SavedMatch(path, path.stem, "?", "?", "", "", modified, problem=problem)
