"""A match: a ruleset's rules (refbox.engine.contract), its data, and the journal whose replay is the state.

The driver loop is: ``prompt`` -> an answer (typed faces, a choice, or ``roll_digital``) -> ``submit`` (check,
apply, journal with fsync) -> redraw. Undo and redo append to the journal too. This module is the replay and
undo core; the files (journal, summary, checkpoint) are refbox.engine.files, and how the match is played (dice
mode, computer sides, pace, timers) is refbox.engine.settings.

An input counts only once its journal line is durable: if the write fails, the state, the redo stack and the
file are as they were, and the JournalWriteError says so.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from refbox.engine.clone import clone
from refbox.engine.dice import DigitalRoller
from refbox.engine.errors import InvalidInput, JournalError, NothingToUndo, RefboxError
from refbox.engine.files import MatchFiles
from refbox.engine.journal import NOTES_FROM, Entry, Header, Journal, claimed, effective, first_error, read, rewrite
from refbox.engine.play import apply_noted
from refbox.engine.prompts import Event, Legal, check
from refbox.engine.registry import Entry as RulesetEntry
from refbox.engine.registry import lookup
from refbox.engine.settings import DiceMode, PlaySettings
from refbox.engine.upgrade import upgraded

SNAPSHOT_EVERY = 64
"""Keep a copy of the state every this many events, so undo replays at most this many."""

CHECKPOINT_EVERY = 256
"""Write a signed checkpoint of the state beside the journal this often (in the background) and on leaving, so
resuming replays at most this many inputs (refbox.engine.files)."""

KEPT_STATES = 4
"""States kept for stepping back and forth by undo and redo without a replay."""

SUMMARY_EVERY = 25
"""Refresh the saved-match summary (for the home screen list) once the match is this many inputs away from
the one last written (undo counts: it changes the summary too), and on leaving."""

log = logging.getLogger("refbox")


class Match:
    def __init__(self, header: Header, journal: Journal | None, ruleset: RulesetEntry | None = None) -> None:
        self.header = header
        self.files = MatchFiles(journal, header) if journal is not None else None
        """The journal and the files written after it; None for a match held in memory only."""
        self.settings = PlaySettings()
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
        self._summary_at = 0
        """Inputs in the match when the summary was last written."""
        self._checkpoint_covers: tuple[int, int] | None = None
        """(inputs in the match, inputs in the checkpoint) when a checkpoint was last written in play."""

    # ---- creating and loading ----

    @classmethod
    def new(
        cls,
        ruleset: RulesetEntry | str,
        setup: Any,
        seed: int,
        path: Path | None = None,
        dice_mode: DiceMode = "physical",
        created: datetime | None = None,
    ) -> "Match":
        """Start a match; with a path, its journal is created there (``-2``, ``-3``... if that name is taken).
        ``created`` is now unless given (a demo whose picture must not change from one run to the next)."""
        entry = lookup(ruleset) if isinstance(ruleset, str) else ruleset
        data = entry.load_data()
        setup_model = entry.load_rules().Setup.model_validate(setup)
        header = Header(
            rules_version=entry.load_rules().version,
            match_id=path.stem if path else f"{entry.name}-memory",
            ruleset=entry.base,
            title=entry.title,
            created=(created or datetime.now()).isoformat(timespec="seconds"),
            seed=seed,
            setup=setup_model.model_dump(mode="json"),
            data=data.model_dump(mode="json"),
        )
        match = cls.created(header, path, entry) if path else cls(header, None, entry)
        match.change_settings(dice_mode=dice_mode)
        return match

    @classmethod
    def created(cls, header: Header, path: Path, entry: RulesetEntry | None = None) -> "Match":
        """A new match whose journal is written only once its header has set up a match: a header that
        cannot (a damaged ruleset or setup) leaves no file behind."""
        match = cls(header, None, entry)
        match.files = MatchFiles(Journal.create(path, header, unique=True), header)
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
        match.settings = PlaySettings.from_meta(match.files.read_summary())
        match._summary_at = len(match.events)  # the summary on disk is this match's, as last saved
        if salvage and (bad is not None or loaded.damaged_at is not None):
            with claimed(path):  # a window playing this match would be writing to the file being replaced
                backup, journal = rewrite(path, loaded.header, match.events)
            match.files = MatchFiles(journal, loaded.header)
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
            backup, journal = rewrite(path, header, match.events, kept_as=f"v{old.rules_version}")
        match.files = MatchFiles(journal, header)
        match.files.forget_checkpoint()  # it holds a state of the older rules
        match.settings = PlaySettings.from_meta(match.files.read_summary())
        match.write_summary()
        return match, (f"This match was saved by an older refbox: its {len(events)} inputs were upgraded to this "
                       f"version's rules. The original file is kept as {backup.name}.")

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
        if event.coach is not None and self.files is not None and self.files.journal.version < NOTES_FROM:
            event = replace(event, coach=None)  # an older format's journal holds no notes: nor does its match
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

    def change_settings(self, **changes: Any) -> None:
        """Change how the match is played (``dice_mode``, ``computer``, ``pace``, ``timers``: see PlaySettings):
        settings, not inputs, so undo never touches them; saved with the summary at once."""
        self.settings = replace(self.settings, **changes)
        self.write_summary()

    def keep_timer(self, name: str, value: Any) -> None:
        """A screen's running time (a countdown), saved with the next summary: it changes every second, so it is
        not written now."""
        self.settings.timers[name] = value

    @property
    def path(self) -> Path | None:
        """The journal's path (None for a match held in memory only)."""
        return self.files.path if self.files is not None else None

    def take_warning(self) -> str | None:
        """The newest warning about a summary or a checkpoint that could not be written, once."""
        return self.files.take_warning() if self.files is not None else None

    # ---- internals ----

    def _apply(self, event: Event, checked: bool = False) -> None:
        if not checked:
            self.check(event)
        if event.coach is None:
            self.rules.apply(self.state, event)
        else:  # a computer coach's answer: its note goes in the log too
            apply_noted(self.rules, self.state, event)
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
            self._cut_digests(n)
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
        self._cut_digests(upto)

    def _cut_digests(self, n: int) -> None:
        if self.files is not None:
            self.files.digests.cut(n)

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
        if self.files is not None:
            self.files.append(entry)

    def _after_write(self) -> None:
        """The summary and the checkpoint, after the journal line is safe, written in the background (off the
        key's path); their failures only warn, at the next input."""
        if self.files is None:
            return
        n = len(self.events)
        if abs(n - self._summary_at) >= SUMMARY_EVERY:  # not again and again as undo and redo cross a boundary
            self.write_summary(background=True)
        covers = self._checkpoint_covers
        if covers is not None and n < covers[1]:
            covers = self._checkpoint_covers = None  # undone past what the checkpoint holds
        if n and n % CHECKPOINT_EVERY == 0 and (covers is None or covers[0] != n):
            self.checkpoint(background=True)

    # ---- the files ----

    def lock(self) -> None:
        """Claim the match for one window (see Journal.lock)."""
        if self.files is not None:
            self.files.lock()

    def close(self) -> None:
        if self.files is not None:
            self.files.close()

    def save(self) -> None:
        """On leaving the match: refresh the list summary and the checkpoint (the journal is already safe)."""
        self.write_summary()
        self.checkpoint()

    def wait_for_files(self) -> None:
        """Until the summary and the checkpoint being written in the background are on disk (or have failed)."""
        if self.files is not None:
            self.files.wait()

    def checkpoint(self, background: bool = False) -> None:
        """Save the newest in-memory snapshot strictly before the current input, so that after a
        resume both the replay and the first undos cost at most SNAPSHOT_EVERY inputs."""
        if self.files is None or len(self.events) <= SNAPSHOT_EVERY:
            return
        base = max(k for k in self._snapshots if k < len(self.events))
        if base == 0:
            return
        self._checkpoint_covers = (len(self.events), base)
        self.files.write_checkpoint(base, self.events, self._snapshots[base], background)

    def _resume_checkpoint(self, done: list[Event]) -> int:
        """Start from the checkpoint where it is one of this journal's (else the journal is replayed). Returns
        how many inputs it covers."""
        assert self.files is not None
        found = self.files.read_checkpoint(type(self.state), done)
        if found is None:
            return 0
        n, self.state = found
        self.events = list(done[:n])
        self._forget_shown()
        self._snapshots[n] = self._snapshot()
        return n

    def write_summary(self, background: bool = False) -> None:
        """The summary the home screen lists, with the play settings (built here; in the background only the
        file is written)."""
        if self.files is None:
            return
        try:
            view = self.view()
            meta = {**self.settings.to_meta(), "summary": f"{view.headline} · {view.clock}",
                    "finished": self.legal().kind == "over"}
        except Exception:  # a summary is never worth an input
            log.exception("could not build the match summary")
            return
        self._summary_at = len(self.events)
        self.files.write_summary(meta, background)
