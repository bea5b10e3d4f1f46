"""The match under the home screen's cursor, read in the background so that Enter finds it loaded.

Reading a 25-turn journal (its hash chain, the checkpoint, the inputs after it) takes ~25 ms: a quarter of the
time from Enter to the game screen. ``Match.load`` only reads files, so it can run in a worker's thread while
the user looks at the list. The loaded match is used only if none of its files changed since (size and modification
time of the journal, its checkpoint and its summary; a journal only grows); otherwise, and after any error, the
match is loaded again on the spot, which reports problems exactly as before.
"""

from __future__ import annotations

import logging
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from refbox.engine import storage


def stamp(journal: Path) -> tuple:
    """What changes when any file a resume reads changes."""
    out = []
    for path in (journal, storage.checkpoint_path(journal), storage.meta_path(journal)):
        try:
            st = os.stat(path)
        except OSError:
            out.append(None)
        else:
            out.append((st.st_size, st.st_mtime_ns, st.st_ino))
    return tuple(out)


@dataclass
class Job:
    """One read-ahead: its match, and what it found (in the job's thread, read once ``done`` is set)."""

    path: Path
    started: threading.Event = field(default_factory=threading.Event)
    done: threading.Event = field(default_factory=threading.Event)
    result: tuple | None = None
    """(stamp before loading, match, recovered message), once loaded without an error."""

    def run(self) -> None:
        from refbox.engine.match import Match

        self.started.set()
        before = stamp(self.path)
        try:
            match, recovered = Match.load(self.path, repair=False)  # a repair is made, and told, on Enter
        except Exception:  # loaded again on Enter, which reports it
            logging.getLogger("refbox").debug("read-ahead of %s failed", self.path, exc_info=True)
        else:
            self.result = (before, match, recovered)
        finally:
            self.done.set()


class ReadAhead:
    """One match read ahead at a time. ``run`` starts a job in the background (the app runs it in a thread
    worker; ``run=lambda job: job()`` reads at once)."""

    def __init__(self, run: Callable[[Callable[[], None]], object]) -> None:
        self._run = run
        self._job: Job | None = None

    def start(self, path: Path) -> None:
        """Load ``path`` in the background (the previous read-ahead, if another match, is dropped)."""
        job = self._job
        if job is not None and job.path == path:
            if not job.done.is_set() or (job.result is not None and job.result[0] == stamp(path)):
                return  # loading, or loaded and still current
        job = self._job = Job(path)
        self._run(job.run)

    def take(self, path: Path) -> tuple | None:
        """The match read ahead for ``path`` as (match, recovered message), if its files have not changed
        since; None otherwise. Waits for a read-ahead of ``path`` under way (not for one still to start: then
        the match is loaded on the spot). Either way it is gone."""
        job = self._job
        if job is None or job.path != path:
            return None
        self._job = None
        if not job.started.is_set():
            return None
        job.done.wait()
        if job.result is None or stamp(path) != job.result[0]:
            return None
        return job.result[1], job.result[2]
