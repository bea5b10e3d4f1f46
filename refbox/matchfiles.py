"""A saved match's files as a whole: finished or not, archive, delete to the trash, rematch.

A match is its journal (``NAME.jsonl``) and the files beside it that share its name (``NAME.meta.json``,
``NAME.checkpoint.json``, ``NAME.lock``, ``NAME.jsonl.torn``, ``NAME.jsonl.damaged``...). Archiving or deleting
moves all of them together into ``archive/`` or ``trash/`` under the data directory: nothing is ever erased, and a
file moved back into ``matches/`` is a saved match again.
"""

from __future__ import annotations

import random
import shutil
from datetime import datetime
from pathlib import Path

from refbox.engine import storage
from refbox.engine.errors import JournalError, RefboxError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no advisory locks, as in the journal
    fcntl = None  # type: ignore[assignment]


def archive_dir(root: Path) -> Path:
    return root / "archive"


def trash_dir(root: Path) -> Path:
    return root / "trash"


def is_finished(journal: Path) -> bool:
    """What the match's summary says (written on leaving it and every few inputs): the match is over."""
    return storage.read_meta(journal).get("finished") is True


def files_of(journal: Path) -> list[Path]:
    """The journal and every file beside it that belongs to it."""
    stem = journal.name.removesuffix(".jsonl")
    try:
        return sorted(p for p in journal.parent.iterdir() if p.name == journal.name or p.name.startswith(stem + "."))
    except OSError:
        return [journal]


def in_use(journal: Path) -> bool:
    """True while a refbox window holds the match's lock (it is being played)."""
    lock = journal.with_suffix(".lock")
    if fcntl is None or not lock.exists():
        return False
    try:
        with open(lock, "a") as handle:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                return True
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
    except OSError:
        return False
    return False


def move_match(journal: Path, folder: Path) -> list[Path]:
    """Move the match's files into ``folder`` (created if needed); a name already there gets ``-2``, ``-3``...
    Returns where each file went. Refused (nothing moved) while the match is open in a refbox window."""
    if in_use(journal):
        raise JournalError(f"{journal.name} is open in a refbox window: leave it there first")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise RefboxError(f"cannot create {folder}: {e.strerror or e}") from None
    files = files_of(journal)
    stem = journal.name.removesuffix(".jsonl")
    new_stem, n = stem, 2
    while any((folder / (new_stem + f.name[len(stem):])).exists() for f in files):
        new_stem, n = f"{stem}-{n}", n + 1
    moved = []
    for f in files:
        target = folder / (new_stem + f.name[len(stem):])
        try:
            shutil.move(str(f), str(target))
        except OSError as e:
            raise RefboxError(f"cannot move {f.name} to {folder}: {e.strerror or e} "
                              f"(moved so far: {', '.join(p.name for p in moved) or 'nothing'})") from None
        moved.append(target)
    return moved


def rematch(journal: Path, root: Path, seed: int | None = None):
    """A new match with the same ruleset data (house rules included), setup and teams, a new seed, and the old
    match's dice mode and computer sides. Returns the Match (its journal created under ``root``)."""
    from refbox.engine.journal import Header, read
    from refbox.engine.match import Match
    from refbox.engine.registry import lookup
    from refbox.engine.settings import PlaySettings
    from refbox.engine.upgrade import upgraded

    saved = read(journal, repair=False).header
    old, _ = upgraded(lookup(saved.ruleset).load_rules(), saved, [])  # a rematch is set up as today's rules read it
    seed = seed if seed is not None else random.SystemRandom().randint(1, 99_999)
    while seed == old.seed:
        seed = random.SystemRandom().randint(1, 99_999)
    path = storage.new_match_path(root, old.ruleset)
    path.parent.mkdir(parents=True, exist_ok=True)
    header = Header(rules_version=old.rules_version, match_id=path.stem, ruleset=old.ruleset, title=old.title,
                    created=datetime.now().isoformat(timespec="seconds"), seed=seed, setup=old.setup, data=old.data)
    match = Match.created(header, path)
    played = PlaySettings.from_meta(storage.read_meta(journal))
    match.change_settings(dice_mode=played.dice_mode, computer=played.computer, pace=played.pace)  # writes its meta
    return match
