"""A match's files: the journal (the truth), and the two conveniences written after it, the summary the home
screen lists (with the play settings) and the checkpoint a resume starts from.

An input counts only once its journal line is durable (``append`` raises JournalWriteError otherwise, and the
match is rebuilt as it was). The summary and the checkpoint are written in the background, off the key's path;
if they fail the input stands and ``take_warning`` says what could not be refreshed.

A checkpoint names the inputs it follows (a running digest of the journal's inputs) and is signed (HMAC) with
the folder's secret key (storage.checkpoint_key): one that does not match the journal, or was edited by hand with
its digest recomputed, is ignored and the journal replayed.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import threading
from pathlib import Path
from typing import Any

from refbox.engine import plain, storage
from refbox.engine.journal import Entry, Header, Journal
from refbox.engine.prompts import Event

CHECKPOINT_FORMAT = 4
"""3: the digest is keyed; 4: log lines carry the faces of the rolls they report. Checkpoints of earlier formats
are ignored (the journal is replayed once)."""

log = logging.getLogger("refbox")


class MatchFiles:
    def __init__(self, journal: Journal, header: Header) -> None:
        self.journal = journal
        self.digests = Digests(header)
        self._threads: dict[str, threading.Thread] = {}
        self._warning_lock = threading.Lock()
        self._warning: str | None = None

    @property
    def path(self) -> Path:
        return self.journal.path

    # ---- the journal ----

    def append(self, entry: Entry) -> None:
        """Write one journal line durably (raises JournalWriteError, having changed nothing, if it cannot)."""
        self.journal.append(entry)

    def lock(self) -> None:
        """Claim the match for one window (see Journal.lock)."""
        self.journal.lock()

    def close(self) -> None:
        self.wait()
        self.journal.unlock()

    # ---- the summary (and the play settings) ----

    def write_summary(self, meta: dict, background: bool = False) -> None:
        self._run("summary", self._write_summary, (meta,), background)

    def _write_summary(self, meta: dict) -> None:
        try:
            storage.write_meta(self.path, meta)
        except OSError as e:
            self._warn(f"The input is saved, but the list summary {storage.meta_path(self.path).name} "
                       f"could not be refreshed ({e.strerror or e}).")
        except Exception:  # a summary is never worth an input (and in a thread, a traceback would reach the screen)
            log.exception("could not write the match summary")

    def read_summary(self) -> dict:
        return storage.read_meta(self.path)

    # ---- the checkpoint ----

    def write_checkpoint(self, base: int, events: list[Event], snapshot: tuple[Any, list],
                         background: bool = False) -> None:
        """Save ``snapshot`` (a state and its log lines) as the position after the first ``base`` inputs."""
        job = (base, self.digests.upto(events, base), snapshot)
        self._run("checkpoint", self._write_checkpoint, job, background)

    def _write_checkpoint(self, base: int, events_digest: bytes, snapshot: tuple[Any, list]) -> None:
        state, log_lines = snapshot
        dump = plain.dump(state)
        dump["log"] = [plain.dump(line) for line in log_lines]
        path = storage.checkpoint_path(self.path)
        try:
            digest = state_digest(storage.checkpoint_key(path.parent, create=True), events_digest, dump)
            storage.write_json(path, {"format": CHECKPOINT_FORMAT, "events": base, "digest": digest, "state": dump})
        except OSError as e:
            self._warn(f"The input is saved, but the checkpoint {path.name} could not be refreshed "
                       f"({e.strerror or e}): resuming this match will take a little longer.")

    def read_checkpoint(self, state_class: type, done: list[Event]) -> tuple[int, Any] | None:
        """The checkpoint's (inputs covered, state) if it follows the journal's first inputs and its digest is
        this folder's; None otherwise (edited, damaged, or of another match: the journal is replayed)."""
        snap = storage.read_json(storage.checkpoint_path(self.path))
        try:
            n = snap["events"]
            if snap.get("format") != CHECKPOINT_FORMAT or type(n) is not int or not 0 < n <= len(done):
                return None
            key = storage.checkpoint_key(self.path.parent)  # none: no checkpoint can be trusted
            if not hmac.compare_digest(snap["digest"], state_digest(key, self.digests.upto(done, n), snap["state"])):
                return None
            return n, plain.load(state_class, snap["state"])
        except Exception:  # anything odd in a checkpoint (1e400, wrong types, a bug): replay instead
            return None

    def forget_checkpoint(self) -> None:
        storage.checkpoint_path(self.path).unlink(missing_ok=True)

    # ---- background writes and their warnings ----

    def _run(self, name: str, fn, args: tuple, background: bool) -> None:
        self._join(name)
        if background:
            thread = self._threads[name] = threading.Thread(target=fn, args=args, daemon=True,
                                                            name=f"refbox-{name}")
            thread.start()
        else:
            fn(*args)

    def _join(self, name: str) -> None:
        thread = self._threads.pop(name, None)
        if thread is not None:
            thread.join()

    def wait(self) -> None:
        """Until the summary and the checkpoint being written in the background are on disk (or have failed,
        leaving a warning)."""
        for name in list(self._threads):
            self._join(name)

    def _warn(self, text: str) -> None:
        with self._warning_lock:
            self._warning = text

    def take_warning(self) -> str | None:
        """The newest warning about a summary or a checkpoint, once."""
        with self._warning_lock:
            warning, self._warning = self._warning, None
        return warning


class Digests:
    """Running digests of the inputs, one per prefix length, computed as far as asked and cut back by undo:
    a checkpoint costs only the inputs since the last one."""

    def __init__(self, header: Header) -> None:
        self._chain = [hashlib.sha256(header.model_dump_json().encode()).digest()]

    def upto(self, events: list[Event], n: int) -> bytes:
        chain = self._chain
        for event in events[len(chain) - 1:n]:
            text = event.text if event.text is not None else _canonical(event.to_json())
            chain.append(hashlib.sha256(chain[-1] + text.encode()).digest())
        return chain[n]

    def cut(self, n: int) -> None:
        del self._chain[n + 1:]


def _canonical(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"), sort_keys=True)


def state_digest(key: bytes, events_digest: bytes, state: Any) -> str:
    """A checkpoint's digest: over the inputs it follows and the state they led to, keyed."""
    return hmac.new(key, events_digest + _canonical(state).encode(), hashlib.sha256).hexdigest()
