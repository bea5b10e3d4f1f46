"""A match: a rules module, its ruleset data, and a journal whose replay is the state.

The driver loop is: ``prompt`` -> an answer (typed faces, a choice, or ``roll_digital``) ->
``submit`` (check, apply, journal with fsync) -> redraw. Undo and redo append to the journal too.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from refbox.engine import storage
from refbox.engine.dice import DigitalRoller
from refbox.engine.errors import JournalError, NothingToUndo, RefboxError
from refbox.engine.journal import Entry, Header, Journal, effective, read, rewrite
from refbox.engine.prompts import Event, Roll, check
from refbox.engine.registry import Entry as RulesetEntry
from refbox.engine.registry import lookup

SNAPSHOT_EVERY = 64
"""Keep a copy of the state every this many events, so undo replays at most this many."""

CHECKPOINT_EVERY = 256
"""Write a verified checkpoint of the state beside the journal this often (and on leaving),
so resuming replays at most this many inputs. The journal stays the truth: a checkpoint whose
digest does not match the journal's inputs is ignored."""

META_EVERY = 25
"""Refresh the saved-match summary (for the home screen list) this often, and on leaving."""

DiceMode = Literal["physical", "digital"]


class Match:
    def __init__(self, header: Header, journal: Journal | None, ruleset: RulesetEntry | None = None) -> None:
        self.header = header
        self.journal = journal
        self.entry = ruleset or lookup(header.ruleset)
        self.rules = self.entry.load_rules()
        self.data = self.rules.Data.model_validate(header.data)
        self.setup = self.rules.Setup.model_validate(header.setup)
        self.roller = DigitalRoller(header.seed)
        self.events: list[Event] = []
        self.redo_stack: list[Event] = []
        self.state = self.rules.start(self.setup, self.data)
        self._snapshots: dict[int, Any] = {0: self._snapshot()}
        self._prompt = None
        self.dice_mode: DiceMode = "physical"

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
        """Start a match; with a path, its journal is created there (and must not exist yet)."""
        entry = lookup(ruleset) if isinstance(ruleset, str) else ruleset
        data = entry.load_data()
        setup_model = entry.load_rules().Setup.model_validate(setup)
        header = Header(
            match_id=path.stem if path else f"{entry.name}-memory",
            ruleset=entry.base,
            title=entry.title,
            created=datetime.now().isoformat(timespec="seconds"),
            seed=seed,
            setup=setup_model.model_dump(mode="json"),
            data=data.model_dump(mode="json"),
        )
        journal = Journal.create(path, header) if path else None
        match = cls(header, journal, entry)
        match.set_dice_mode(dice_mode)
        return match

    @classmethod
    def load(cls, path: Path, salvage: bool = False) -> tuple["Match", str | None]:
        """Resume from a journal. Returns the match and a message if something had to be recovered.

        With ``salvage``, a journal damaged in the middle is cut back to the inputs before the damage
        (a copy of the original is kept) instead of being refused."""
        loaded = read(path, salvage=salvage)
        try:
            match = cls(loaded.header, Journal(path))
        except RefboxError as e:
            raise JournalError(f"{path}: {e}; the file was left untouched") from None
        except ValueError as e:  # pydantic: setup or data in the header no longer validate
            raise JournalError(f"{path}: the match header does not validate: {e}; the file was left untouched") from None
        done, undone = effective(loaded.entries)
        start = match._resume_checkpoint(done) if not salvage else 0
        bad = None
        for n, event in enumerate(done[start:], start=start + 1):
            try:
                match._apply(event)
            except RefboxError as e:
                if not salvage:
                    raise JournalError(f"{path}: input {n} cannot be replayed: {e}; the file was left untouched",
                                       salvageable=True) from None
                bad = n
                break
        match.dice_mode = storage.read_meta(path).get("dice_mode", "physical")
        if salvage and (bad is not None or loaded.damaged_at is not None):
            backup = rewrite(path, loaded.header, match.events)
            where = f"line {loaded.damaged_at}" if bad is None else f"input {bad}"
            return match, (f"The journal was damaged at {where}: resumed from the {len(match.events)} inputs before "
                           f"it. The original file is kept as {backup.name}.")
        match.redo_stack = undone
        return match, loaded.recovered

    # ---- the driver loop ----

    def refresh(self) -> None:
        """Forget the cached prompt after the state was arranged directly (test fixtures, demos)."""
        self._prompt = None

    def prompt(self):
        if self._prompt is None:
            self._prompt = self.rules.prompt(self.state, self.data)
        return self._prompt

    def submit(self, event: Event) -> None:
        """Check the event, apply it, then journal it durably. On any error nothing changes."""
        check(self.prompt(), event)  # a malformed answer is refused before anything is touched
        before = len(self.events)
        try:
            self._apply(event, checked=True)
        except Exception:  # a rule refused it midway (or a bug): restore the state exactly
            self._rebuild(before)
            raise
        self._write(Entry(op="input", event=event))
        self.redo_stack.clear()

    def roll_digital(self) -> Event:
        """The digital answer to the pending roll: faces from the seed and this roll's position."""
        prompt = self.prompt()
        if not isinstance(prompt, Roll):
            raise NothingToUndo("There is no roll pending.")
        faces = self.roller.roll(len(self.events), [die.sides for die in prompt.dice])
        return Event(kind="roll", value=faces, source="digital")

    def undo(self) -> Event:
        if not self.events:
            raise NothingToUndo("Nothing to undo: this is the start of the match.")
        event = self.events[-1]
        self._rebuild(len(self.events) - 1)
        self._write(Entry(op="undo"))
        self.redo_stack.append(event)
        return event

    def redo(self) -> Event:
        if not self.redo_stack:
            raise NothingToUndo("Nothing to redo.")
        event = self.redo_stack[-1]
        self._apply(event)
        self.redo_stack.pop()
        self._write(Entry(op="redo"))
        return event

    def set_dice_mode(self, mode: DiceMode) -> None:
        """A setting, not a game input: kept in the match's meta file, untouched by undo."""
        self.dice_mode = mode
        self._save_meta()

    # ---- internals ----

    def _apply(self, event: Event, checked: bool = False) -> None:
        if not checked:
            check(self.prompt(), event)
        self.rules.apply(self.state, self.data, event)
        self.events.append(event)
        self._prompt = None
        n = len(self.events)
        if n % SNAPSHOT_EVERY == 0:
            self._snapshots[n] = self._snapshot()

    def _rebuild(self, upto: int) -> None:
        """State after the first ``upto`` events: from the nearest snapshot, replaying the rest."""
        events = self.events[:upto]
        base = max(k for k in self._snapshots if k <= upto)
        for k in [k for k in self._snapshots if k > upto]:
            del self._snapshots[k]
        self.state = self._restore(self._snapshots[base])
        self.events = events[:base]
        self._prompt = None
        for event in events[base:]:
            self._apply(event)

    def _snapshot(self) -> tuple[Any, list]:
        """A copy of the state; log lines are never changed once written, so they are shared, not copied."""
        log = self.state.log
        self.state.log = []
        try:
            copy = type(self.state).model_validate(self.state.model_dump())
        finally:
            self.state.log = log
        return copy, list(log)

    def _restore(self, snapshot: tuple[Any, list]) -> Any:
        state, log = snapshot
        fresh = type(state).model_validate(state.model_dump())
        fresh.log = list(log)
        return fresh

    def _write(self, entry: Entry) -> None:
        if self.journal is not None:
            self.journal.append(entry)
            n = len(self.events)
            if n % META_EVERY == 0:
                self._save_meta()
            if n and n % CHECKPOINT_EVERY == 0:
                self.checkpoint()

    def lock(self) -> None:
        """Claim the match for one window (see Journal.lock)."""
        if self.journal is not None:
            self.journal.lock()

    def close(self) -> None:
        if self.journal is not None:
            self.journal.unlock()

    def save(self) -> None:
        """On leaving the match: refresh the list summary and the checkpoint (the journal is already safe)."""
        self._save_meta()
        self.checkpoint()

    def checkpoint(self) -> None:
        """Save the newest in-memory snapshot strictly before the current input, so that after a
        resume both the replay and the first undos cost at most SNAPSHOT_EVERY inputs."""
        if self.journal is None or len(self.events) <= SNAPSHOT_EVERY:
            return
        base = max(k for k in self._snapshots if k < len(self.events))
        if base == 0:
            return
        state, log = self._snapshots[base]
        dump = state.model_dump(mode="json")
        dump["log"] = [line.model_dump(mode="json") for line in log]
        storage.write_json(
            storage.checkpoint_path(self.journal.path),
            {"events": base, "digest": self._digest(self.events[:base]), "state": dump},
        )

    def _digest(self, events: list[Event]) -> str:
        h = hashlib.sha256(self.header.model_dump_json().encode())
        for event in events:
            h.update(event.model_dump_json().encode())
        return h.hexdigest()

    def _resume_checkpoint(self, done: list[Event]) -> int:
        """Start from a checkpoint that matches the journal's first inputs; returns how many it covers."""
        assert self.journal is not None
        snap = storage.read_json(storage.checkpoint_path(self.journal.path))
        try:
            n = int(snap["events"])
            if not 0 < n <= len(done) or snap["digest"] != self._digest(done[:n]):
                return 0
            state = type(self.state).model_validate(snap["state"])
        except (KeyError, TypeError, ValueError):
            return 0
        self.state, self.events, self._prompt = state, list(done[:n]), None
        self._snapshots[n] = self._snapshot()
        return n

    def _save_meta(self) -> None:
        if self.journal is not None:
            summary = self.rules.view(self.state, self.data)
            storage.write_meta(
                self.journal.path,
                {"dice_mode": self.dice_mode, "summary": f"{summary.headline} · {summary.clock}"},
            )
