"""The match under the home screen's cursor, read in the background so that Enter finds it loaded.

Reading a 25-turn journal (its hash chain, the checkpoint, the inputs after it) takes ~25 ms: a quarter of the
time from Enter to the game screen. ``Match.load`` only reads files, so it can run in a thread while the user
looks at the list. The loaded match is used only if none of its files changed since (size and modification
time of the journal, its checkpoint and its summary; a journal only grows); otherwise, and after any error, the
match is loaded again on the spot, which reports problems exactly as before.
"""

from __future__ import annotations

import logging
import os
import threading
from pathlib import Path

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


class ReadAhead:
    def __init__(self) -> None:
        self._path: Path | None = None
        self._thread: threading.Thread | None = None
        self._result: tuple | None = None
        """(stamp before loading, match, recovered message), once loaded without an error."""

    def start(self, path: Path) -> None:
        """Load ``path`` in the background (the previous read-ahead, if another match, is dropped)."""
        if path == self._path and (self._thread is not None or self._result is not None):
            if self._result is None or self._result[0] == stamp(path):
                return  # loading, or loaded and still current
        self._path, self._result = path, None
        thread = self._thread = threading.Thread(target=self._load, args=(path,), name="refbox-read-ahead",
                                                 daemon=True)
        thread.start()

    def _load(self, path: Path) -> None:
        from refbox.engine.match import Match

        before = stamp(path)
        try:
            match, recovered = Match.load(path, repair=False)  # a repair is made, and told, on Enter
        except Exception:  # loaded again on Enter, which reports it
            logging.getLogger("refbox").debug("read-ahead of %s failed", path, exc_info=True)
            result = None
        else:
            result = (before, match, recovered)
        if self._path == path:
            self._result = result
            self._thread = None

    def take(self, path: Path) -> tuple | None:
        """The match read ahead for ``path`` as (match, recovered message), if its files have not changed
        since; None otherwise. Waits for a read-ahead of ``path`` still under way. Either way it is gone."""
        if path != self._path:
            return None
        thread = self._thread
        if thread is not None:
            thread.join()
        result, self._path, self._result, self._thread = self._result, None, None, None
        if result is None or stamp(path) != result[0]:
            return None
        return result[1], result[2]
