"""Where matches and house rules live: the user data directory, or --data-dir / $REFBOX_DATA_DIR."""

from __future__ import annotations

import json
import os
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


def write_json(path: Path, obj: dict) -> None:
    """Replaced atomically and durably: a reader sees the old file or the new one, never half of one,
    and after a power cut the new one is there (the file and the directory entry are fsync'd)."""
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
        obj = json.loads(path.read_text(encoding="utf-8"))
        return obj if isinstance(obj, dict) else {}
    except (OSError, ValueError):
        return {}


def saved_matches(root: Path) -> list[SavedMatch]:
    """Saved matches, newest first. Reads only each header line and the meta file: fast to list."""
    found = []
    folder = matches_dir(root)
    if not folder.is_dir():
        return []
    for path in folder.glob("*.jsonl"):
        meta = read_meta(path)
        try:
            with open(path, encoding="utf-8") as f:
                header = json.loads(f.readline())
            found.append(
                SavedMatch(
                    path=path,
                    match_id=str(header["match_id"]),
                    ruleset=str(header["ruleset"]),
                    title=str(header["title"]),
                    created=str(header["created"]),
                    summary=str(meta.get("summary", "")),
                    modified=path.stat().st_mtime,
                )
            )
        except (OSError, ValueError, KeyError, TypeError):
            found.append(
                SavedMatch(path, path.stem, "?", "?", "", "", path.stat().st_mtime, problem="unreadable header")
            )
    return sorted(found, key=lambda m: m.modified, reverse=True)
