"""A match: a ruleset's rules (refbox.engine.contract), its data, and a journal whose replay is the state.

The driver loop is: ``prompt`` -> an answer (typed faces, a choice, or ``roll_digital``) ->
``submit`` (check, apply, journal with fsync) -> redraw. Undo and redo append to the journal too.

An input counts only once its journal line is durable: if the write fails, the state, the redo stack
and the file are as they were, and the JournalWriteError says so. Files written after the journal
(the list summary, the checkpoint) are conveniences: if they fail, the input stands and ``warning``
says what could not be refreshed.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import threading
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import ValidationError

from refbox.engine import plain, storage
from refbox.engine.clone import clone
from refbox.engine.dice import DigitalRoller
from refbox.engine.errors import InvalidInput, JournalError, NothingToUndo, RefboxError
from refbox.engine.journal import Entry, Header, Journal, claimed, effective, first_error, read, rewrite
from refbox.engine.prompts import Event, Legal, check
from refbox.engine.registry import Entry as RulesetEntry
from refbox.engine.registry import lookup
from refbox.engine.upgrade import upgraded

SNAPSHOT_EVERY = 64
"""Keep a copy of the state every this many events, so undo replays at most this many."""

CHECKPOINT_EVERY = 256
"""Write a verified checkpoint of the state beside the journal this often (in the background) and on
leaving, so resuming replays at most this many inputs. The journal stays the truth: a checkpoint whose
digest does not match the journal's inputs and its own state is ignored. The digest is keyed (HMAC) with the
folder's secret key (storage.checkpoint_key): a checkpoint edited by hand, its digest recomputed, is ignored
too, unless whoever edited it also read the key."""

KEPT_STATES = 4
"""States kept for stepping back and forth by undo and redo without a replay."""

META_EVERY = 25
"""Refresh the saved-match summary (for the home screen list) once the match is this many inputs away from
the one last written (undo counts: it changes the summary too), and on leaving."""

CHECKPOINT_FORMAT = 3
"""3: the digest is keyed. Checkpoints of earlier formats are ignored (the journal is replayed once)."""

DiceMode = Literal["physical", "digital"]

log = logging.getLogger("refbox")


class Match:
    def __init__(self, header: Header, journal: Journal | None, ruleset: RulesetEntry | None = None) -> None:
        self.header = header
        self.journal = journal
        self.entry = ruleset or lookup(header.ruleset)
        rules = self.entry.load_rules()
        try:
            self.data = rules.Data.model_validate(header.data)
            self.setup = rules.Setup.model_validate(header.setup)
        except ValidationError as e:  # a hand-edited header: the match cannot be set up as it was saved
            raise JournalError(f"the match's saved ruleset or setup is damaged ({first_error(e)})") from None
        self.rules = rules(self.data)
        self.roller = DigitalRoller(header.seed)
        self.events: list[Event] = []
        self.redo_stack: list[Event] = []
        self.state = self.rules.begin(self.setup)
        self._kept: dict[int, tuple] = {}
        """Positions (a state with its prompt and view, if built) an undo or a redo stepped away from, by their
        number of inputs: stepping back to one is a swap, not a replay and a new prompt (undo/redo pairs are
        what a table does most). Never the live state object."""
        self._snapshots: dict[int, Any] = {0: self._snapshot()}
        self._prompt = None
        self._legal: Legal | None = None
        self._view = None
        self._digests = _Digests(header)
        self._checkpointing: threading.Thread | None = None
        self._meta_writing: threading.Thread | None = None
        self._meta_at = 0
        """Inputs in the match when the summary was last written."""
        self._checkpoint_covers: tuple[int, int] | None = None
        """(inputs in the match, inputs in the checkpoint) when a checkpoint was last written in play."""
        self.dice_mode: DiceMode = "physical"
        self.computer: dict[int, str] = {}
        """Sides played by the computer coach, and its level (a setting kept in the meta file, like dice)."""
        self.pace: float = 1.0
        """Seconds a computer's decision stays on screen before it is entered."""
        self.timers: dict[str, Any] = {}
        """A screen's own running times (Monster Ball's captain countdown), kept in the meta file so that a
        resumed match goes on with them; never read by the rules (replays do not depend on them)."""
        self._warning_lock = threading.Lock()
        self.warning: str | None = None
        """Set when a file after the journal (summary, checkpoint) could not be written; see take_warning."""

    # ---- creating and loading ----

    @classmethod
    def new(
        cls,
        ruleset: RulesetEntry | str,
        setup: Any,
        seed: int,
        path: Path | None = None,
        dice_mode: DiceMode = "physical",
    ) -> "Match":
        """Start a match; with a path, its journal is created there (``-2``, ``-3``... if that name is taken)."""
        entry = lookup(ruleset) if isinstance(ruleset, str) else ruleset
        data = entry.load_data()
        setup_model = entry.load_rules().Setup.model_validate(setup)
        header = Header(
            rules_version=entry.load_rules().version,
            match_id=path.stem if path else f"{entry.name}-memory",
            ruleset=entry.base,
            title=entry.title,
            created=datetime.now().isoformat(timespec="seconds"),
            seed=seed,
            setup=setup_model.model_dump(mode="json"),
            data=data.model_dump(mode="json"),
        )
        match = cls.created(header, path, entry) if path else cls(header, None, entry)
        match.set_dice_mode(dice_mode)
        return match

    @classmethod
    def created(cls, header: Header, path: Path, entry: RulesetEntry | None = None) -> "Match":
        """A new match whose journal is written only once its header has set up a match: a header that
        cannot (a damaged ruleset or setup) leaves no file behind."""
        match = cls(header, None, entry)
        match.journal = Journal.create(path, header, unique=True)
        match._digests = _Digests(header)  # the name it got (``-2``...) is part of what checkpoints digest
        return match

    @classmethod
    def load(cls, path: Path, salvage: bool = False, repair: bool = True) -> tuple["Match", str | None]:
        """Resume from a journal. Returns the match and a message if something had to be recovered.

        With ``salvage``, a journal damaged in the middle is cut back to the inputs before the damage
        (a copy of the original is kept) instead of being refused. With ``repair=False`` nothing is written:
        a journal whose last line is torn is refused (a read ahead must not repair what the user is told of)."""
        loaded = read(path, salvage=salvage, repair=repair)
        if loaded.torn:
            raise JournalError(f"{path}: its last line is torn and needs repairing; the file was left untouched")
        done, undone = effective(loaded.entries)
        try:
            header, upgraded_done = upgraded(lookup(loaded.header.ruleset).load_rules(), loaded.header, done)
        except RefboxError as e:
            raise JournalError(f"{path}: {e}; the file was left untouched") from None
        if header is not loaded.header:
            if not repair:
                raise JournalError(f"{path}: it was saved by an older refbox and is upgraded when resumed; the file "
                                   "was left untouched")
            return cls._upgrade(path, loaded.header, header, upgraded_done)
        try:
            match = cls(loaded.header, Journal.after(path, loaded))
        except RefboxError as e:
            raise JournalError(f"{path}: {e}; the file was left untouched") from None
        except ValueError as e:  # pydantic: setup or data in the header no longer validate
            raise JournalError(f"{path}: the match header does not validate: {e}; the file was left untouched") from None
        start = match._resume_checkpoint(done) if not salvage else 0
        bad = None
        for n, event in enumerate(done[start:], start=start + 1):
            if n == len(done) and not salvage:
                match._keep_before_last()
            try:
                match._apply(event)
            except RefboxError as e:
                if not salvage:
                    raise JournalError(f"{path}: input {n} cannot be replayed: {e}; the file was left untouched",
                                       salvageable=True) from None
                bad = n
                break
        match._read_settings(path)
        match._meta_at = len(match.events)  # the summary on disk is this match's, as last saved
        if salvage and (bad is not None or loaded.damaged_at is not None):
            with claimed(path):  # a window playing this match would be writing to the file being replaced
                backup, match.journal = rewrite(path, loaded.header, match.events)
            where = f"line {loaded.damaged_at}" if bad is None else f"input {bad}"
            return match, (f"The journal was damaged at {where}: resumed from the {len(match.events)} inputs before "
                           f"it. The original file is kept as {backup.name}.")
        match.redo_stack = undone
        return match, loaded.recovered

    @classmethod
    def _upgrade(cls, path: Path, old: Header, header: Header, events: list[Event]) -> tuple["Match", str]:
        """A journal saved by an older version, rewritten with its inputs as today's rules take them (the original
        kept beside it). Its redo history is not carried over: it was written for the older rules."""
        match = cls(header, None)
        for n, event in enumerate(events, start=1):
            try:
                match._apply(event)
            except RefboxError as e:
                raise JournalError(f"{path}: upgraded input {n} cannot be replayed: {e}; the file was left "
                                   "untouched") from None
        with claimed(path):
            backup, match.journal = rewrite(path, header, match.events, kept_as=f"v{old.rules_version}")
        storage.checkpoint_path(path).unlink(missing_ok=True)  # it holds a state of the older rules
        match._read_settings(path)
        match._save_meta()
        return match, (f"This match was saved by an older refbox: its {len(events)} inputs were upgraded to this "
                       f"version's rules. The original file is kept as {backup.name}.")

    def _read_settings(self, path: Path) -> None:
        """The play settings kept in the match's meta file (dice mode, computer sides and pace, timers)."""
        meta = storage.read_meta(path)
        self.dice_mode = "digital" if meta.get("dice_mode") == "digital" else "physical"
        self.computer, self.pace = computer_settings(meta)
        self.timers = meta["timers"] if isinstance(meta.get("timers"), dict) else {}

    # ---- the driver loop ----

    def refresh(self) -> None:
        """Forget the cached prompt after the state was arranged directly (test fixtures, demos)."""
        self._kept.clear()
        self._forget_shown()

    def _forget_shown(self) -> None:
        """The prompt, legal answers and view are the state's: built again when next asked for."""
        self._prompt = None
        self._legal = None
        self._view = None

    def prompt(self):
        """What the screen shows now: labels, hints, odds (built on demand, cached until the next input)."""
        if self._prompt is None:
            self._prompt = self.rules.prompt(self.state)
        return self._prompt

    def view(self):
        """What the screen's panels show (the rules' view of the state), cached until the next input."""
        if self._view is None:
            self._view = self.rules.view(self.state)
        return self._view

    def legal(self) -> Legal:
        """The legal answers now, without labels or odds (cheap)."""
        if self._legal is None:
            self._legal = self.rules.legal(self.state)
        return self._legal

    def check(self, event: Event) -> None:
        """Raise InvalidInput unless ``event`` answers the pending prompt legally (nothing is changed)."""
        legal = self.legal()
        try:
            check(legal, event)
        except InvalidInput:
            check(legal, event, self.prompt())  # the same refusal, worded with the prompt's labels
            raise

    def submit(self, event: Event) -> None:
        """Check the event, apply it, then journal it durably. On any error nothing changes."""
        self.check(event)  # a malformed answer is refused before anything is touched
        before = len(self.events)
        try:
            self._apply(event, checked=True)
            self._record(Entry("input", event))
        except BaseException:  # a rule refused it midway, the disk refused the line, or a bug
            self._rebuild(before)
            raise
        self.redo_stack.clear()
        self._kept = {k: v for k, v in self._kept.items() if k < before}  # later ones belong to the undone line
        self._after_write()

    def roll_digital(self) -> Event:
        """The digital answer to the pending roll: faces from the seed and this roll's position."""
        legal = self.legal()
        if legal.kind != "roll":
            raise NothingToUndo("There is no roll pending.")
        faces = self.roller.roll(len(self.events), list(legal.sides))
        return Event(kind="roll", value=faces, source="digital")

    def undo(self) -> Event:
        if not self.events:
            raise NothingToUndo("Nothing to undo: this is the start of the match.")
        event = self.events[-1]
        self._record(Entry("undo"))  # written first: if the disk refuses, nothing was undone
        n, left = len(self.events), self._position()
        if n - 1 in self._kept:
            self._step_to(n - 1, self._kept.pop(n - 1))
        else:
            self._rebuild(n - 1)
        self._keep(n, left)
        self.redo_stack.append(event)
        self._after_write()
        return event

    def redo(self) -> Event:
        if not self.redo_stack:
            raise NothingToUndo("Nothing to redo.")
        event = self.redo_stack[-1]
        before, left = len(self.events), self._position()
        kept = self._kept.pop(before + 1, None)
        try:
            if kept is not None:
                self._step_to(before + 1, kept, event)
            else:
                self._apply(event)
            self._record(Entry("redo"))
        except BaseException:
            if kept is not None:
                self._step_to(before, left)
                self._keep(before + 1, kept)
            else:
                self._rebuild(before)
            raise
        if kept is not None:
            self._keep(before, left)
        self.redo_stack.pop()
        self._after_write()
        return event

    def set_dice_mode(self, mode: DiceMode) -> None:
        """A setting, not a game input: kept in the match's meta file, untouched by undo."""
        self.dice_mode = mode
        self._save_meta()

    def set_computer(self, sides: dict[int, str], pace: float | None = None) -> None:
        """Which sides the computer coach plays (a setting, like the dice mode: undo never changes it)."""
        self.computer = dict(sides)
        if pace is not None:
            self.pace = pace
        self._save_meta()

    def take_warning(self) -> str | None:
        """The newest warning about a secondary file, once."""
        with self._warning_lock:
            warning, self.warning = self.warning, None
        return warning

    # ---- internals ----

    def _apply(self, event: Event, checked: bool = False) -> None:
        if not checked:
            self.check(event)
        self.rules.apply(self.state, event)
        self.events.append(event)
        self._forget_shown()
        n = len(self.events)
        if n % SNAPSHOT_EVERY == 0:
            self._snapshots[n] = self._snapshot()

    def _position(self) -> tuple:
        return self.state, self._prompt, self._legal, self._view

    def _step_to(self, n: int, position: tuple, event: Event | None = None) -> None:
        """Make ``position`` (kept earlier: the state after ``n`` inputs, its prompt and view if built) the live
        one: one input fewer than now, or one more (``event``, being redone)."""
        state = position[0]
        if event is not None:
            self.events.append(event)
            if n % SNAPSHOT_EVERY == 0:
                self.state = state
                self._snapshots[n] = self._snapshot()
        else:
            del self.events[n:]
            for k in [k for k in self._snapshots if k > n]:
                del self._snapshots[k]
            self._digests.cut(n)
        self.state, self._prompt, self._legal, self._view = position

    def _keep(self, n: int, position: tuple) -> None:
        self._kept[n] = position
        while len(self._kept) > KEPT_STATES:  # the farthest from where play is goes first
            del self._kept[max(self._kept, key=lambda k: abs(k - len(self.events)))]

    def _keep_before_last(self) -> None:
        """On resume, keep the state before the last input: the first undo is a swap, not a replay of up to
        63 inputs from a snapshot (35 ms in a Ballmonsters match)."""
        state, log_lines = self._snapshot()  # a copy of its own, never the live state
        state.log = log_lines
        self._keep(len(self.events), (state, None, None, None))

    def _rebuild(self, upto: int) -> None:
        """State after the first ``upto`` events: from the nearest snapshot, replaying the rest."""
        events = self.events[:upto]
        base = max(k for k in self._snapshots if k <= upto)
        for k in [k for k in self._snapshots if k > upto]:
            del self._snapshots[k]
        self.state = self._restore(self._snapshots[base])
        self.events = events[:base]
        self._forget_shown()
        for event in events[base:]:
            self._apply(event, checked=True)  # replaying inputs that were legal: no checks
        self._digests.cut(upto)

    def _snapshot(self) -> tuple[Any, list]:
        """A copy of the state; log lines are never changed once written, so they are shared, not copied."""
        log_lines = self.state.log
        self.state.log = []
        try:
            copy = clone(self.state)
        finally:
            self.state.log = log_lines
        return copy, list(log_lines)

    @staticmethod
    def _restore(snapshot: tuple[Any, list]) -> Any:
        state, log_lines = snapshot
        fresh = clone(state)
        fresh.log = list(log_lines)
        return fresh

    def _record(self, entry: Entry) -> None:
        if self.journal is not None:
            self.journal.append(entry)

    def _after_write(self) -> None:
        """The summary and the checkpoint, after the journal line is safe, written in the background (off the
        key's path); their failures only warn, at the next input."""
        if self.journal is None:
            return
        n = len(self.events)
        if abs(n - self._meta_at) >= META_EVERY:  # not again and again as undo and redo cross a boundary
            self._save_meta(background=True)
        covers = self._checkpoint_covers
        if covers is not None and n < covers[1]:
            covers = self._checkpoint_covers = None  # undone past what the checkpoint holds
        if n and n % CHECKPOINT_EVERY == 0 and (covers is None or covers[0] != n):
            self.checkpoint(background=True)

    def lock(self) -> None:
        """Claim the match for one window (see Journal.lock)."""
        if self.journal is not None:
            self.journal.lock()

    def close(self) -> None:
        self.wait_for_files()
        if self.journal is not None:
            self.journal.unlock()

    def save(self) -> None:
        """On leaving the match: refresh the list summary and the checkpoint (the journal is already safe)."""
        self._save_meta()
        self.checkpoint()

    def checkpoint(self, background: bool = False) -> None:
        """Save the newest in-memory snapshot strictly before the current input, so that after a
        resume both the replay and the first undos cost at most SNAPSHOT_EVERY inputs."""
        if self.journal is None or len(self.events) <= SNAPSHOT_EVERY:
            return
        base = max(k for k in self._snapshots if k < len(self.events))
        if base == 0:
            return
        job = (storage.checkpoint_path(self.journal.path), base, self._digests.upto(self.events, base),
               self._snapshots[base])
        self._checkpoint_covers = (len(self.events), base)
        self._wait_for_checkpoint()
        if background:
            self._checkpointing = threading.Thread(target=self._write_checkpoint, args=job, daemon=True)
            self._checkpointing.start()
        else:
            self._write_checkpoint(*job)

    def wait_for_files(self) -> None:
        """Until the summary and the checkpoint being written in the background are on disk (or have failed,
        leaving a ``warning``)."""
        self._wait_for_checkpoint()
        self._wait_for_meta()

    def _wait_for_meta(self) -> None:
        if self._meta_writing is not None:
            self._meta_writing.join()
            self._meta_writing = None

    def _wait_for_checkpoint(self) -> None:
        if self._checkpointing is not None:
            self._checkpointing.join()
            self._checkpointing = None

    def _write_checkpoint(self, path: Path, base: int, events_digest: bytes, snapshot: tuple[Any, list]) -> None:
        state, log_lines = snapshot
        dump = plain.dump(state)
        dump["log"] = [plain.dump(line) for line in log_lines]
        try:
            digest = _state_digest(storage.checkpoint_key(path.parent, create=True), events_digest, dump)
            storage.write_json(path, {"format": CHECKPOINT_FORMAT, "events": base, "digest": digest, "state": dump})
        except OSError as e:
            self._warn(f"The input is saved, but the checkpoint {path.name} could not be refreshed "
                       f"({e.strerror or e}): resuming this match will take a little longer.")

    def _resume_checkpoint(self, done: list[Event]) -> int:
        """Start from a checkpoint that matches the journal's first inputs and its own state (an edited or
        damaged checkpoint is ignored: the journal is replayed instead). Returns how many inputs it covers."""
        assert self.journal is not None
        snap = storage.read_json(storage.checkpoint_path(self.journal.path))
        try:
            n = snap["events"]
            if snap.get("format") != CHECKPOINT_FORMAT or type(n) is not int or not 0 < n <= len(done):
                return 0
            key = storage.checkpoint_key(self.journal.path.parent)  # none: no checkpoint can be trusted
            if not hmac.compare_digest(snap["digest"], _state_digest(key, self._digests.upto(done, n), snap["state"])):
                return 0
            state = plain.load(type(self.state), snap["state"])
        except Exception:  # anything odd in a checkpoint (1e400, wrong types, a bug): replay instead
            return 0
        self.state, self.events = state, list(done[:n])
        self._forget_shown()
        self._snapshots[n] = self._snapshot()
        return n

    def _save_meta(self, background: bool = False) -> None:
        """The summary is built here; in the background (as inputs go on) only the file is written."""
        if self.journal is None:
            return
        try:
            summary = self.view()
            meta = {"dice_mode": self.dice_mode, "summary": f"{summary.headline} · {summary.clock}",
                    "finished": self.legal().kind == "over",
                    "computer": {str(side): level for side, level in self.computer.items()}, "pace": self.pace,
                    "timers": dict(self.timers)}
        except Exception:  # a summary is never worth an input
            log.exception("could not build the match summary")
            return
        self._wait_for_meta()
        self._meta_at = len(self.events)
        if background:
            self._meta_writing = threading.Thread(target=self._write_meta, args=(meta,), daemon=True)
            self._meta_writing.start()
        else:
            self._write_meta(meta)

    def _write_meta(self, meta: dict) -> None:
        assert self.journal is not None
        try:
            storage.write_meta(self.journal.path, meta)
        except OSError as e:
            self._warn(f"The input is saved, but the list summary {storage.meta_path(self.journal.path).name} "
                       f"could not be refreshed ({e.strerror or e}).")
        except Exception:  # a summary is never worth an input (and in a thread, a traceback would reach the screen)
            log.exception("could not write the match summary")

    def _warn(self, text: str) -> None:
        with self._warning_lock:
            self.warning = text


class _Digests:
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


def _state_digest(key: bytes, events_digest: bytes, state: Any) -> str:
    """The checkpoint's digest: over the inputs it follows and the state they led to, keyed."""
    return hmac.new(key, events_digest + _canonical(state).encode(), hashlib.sha256).hexdigest()


def computer_settings(meta: dict) -> tuple[dict[int, str], float]:
    """The computer sides and pace from a meta file, ignoring anything that does not make sense."""
    from refbox.engine.coach import LEVELS

    raw = meta.get("computer")
    sides = {int(k): v for k, v in raw.items() if k in ("0", "1") and v in LEVELS} if isinstance(raw, dict) else {}
    pace = meta.get("pace")
    return sides, float(pace) if isinstance(pace, (int, float)) and 0 <= pace <= 10 else 1.0
