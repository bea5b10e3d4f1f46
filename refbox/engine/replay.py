"""Step through a saved match, read-only: forward and back by input, by turn, by score; from a log line to the
moment it was written. The journal is read without repairs and without the lock; nothing is ever written.

``follow`` re-reads the journal and takes in the inputs appended since (a spectator following a live match).
"""

from __future__ import annotations

from pathlib import Path

from refbox.engine.clone import clone
from refbox.engine.journal import effective, read
from refbox.engine.match import Match
from refbox.engine.play import Game
from refbox.engine.registry import lookup
from refbox.engine.upgrade import upgraded

KEEP_EVERY = 32
"""A copy of the state every this many inputs, so seeking anywhere replays at most this many."""


class Replay:
    def __init__(self, path: Path) -> None:
        self.path = path
        loaded = read(path, repair=False)
        self.header, self.events = _current(loaded)
        self._entries = len(loaded.entries)
        self._match = Match(self.header, None)
        self.rules, self.data, self.setup = self._match.rules, self._match.data, self._match.setup
        self._kept = {0: self._copy()}
        self.log_ends: list[int] = [len(self._match.state.log)]
        """How many log lines stood after each input (index = input number)."""
        self.scores: list[tuple] = [self._score()]
        self._advance_to_end()
        self.position = len(self.events)

    # ---- reading along ----

    def _copy(self):
        """The state now, without its log (log lines never change: a kept copy only remembers how many)."""
        state = self._match.state
        log, state.log = state.log, []
        try:
            return clone(state), len(log)
        finally:
            state.log = log

    def _score(self) -> tuple:
        try:
            return tuple(self.rules.outcome(self._match.state))
        except NotImplementedError:
            return ()

    def _advance_to_end(self) -> None:
        m = self._match
        for n in range(len(m.events), len(self.events)):
            m.submit(self.events[n])
            self.log_ends.append(len(m.state.log))
            self.scores.append(self._score())
            if (n + 1) % KEEP_EVERY == 0:
                self._kept[n + 1] = self._copy()

    def follow(self) -> bool:
        """Take in what was appended to the journal since it was read (a spectator following a live match);
        True if anything changed. An undo in the live match is followed too: the replay starts over."""
        loaded = read(self.path, repair=False)
        if len(loaded.entries) == self._entries:
            return False
        _, events = _current(loaded)
        self._entries = len(loaded.entries)
        at_end = self.position == len(self.events)
        if events[: len(self.events)] != self.events:
            self._match = Match(self.header, None)
            self._kept, self.log_ends = {0: self._copy()}, [len(self._match.state.log)]
            self.scores = [self._score()]
        self.events = events
        self._advance_to_end()
        if at_end or self.position > len(self.events):
            self.position = len(self.events)
        return True

    # ---- where we are ----

    def state_at(self, n: int):
        """The state after the first ``n`` inputs (a copy: looking never changes the replay)."""
        n = max(0, min(n, len(self.events)))
        base = max(k for k in self._kept if k <= n)
        kept, lines = self._kept[base]
        game = Game(self.rules, clone(kept))
        game.state.log = self._match.state.log[:lines]
        for event in self.events[base:n]:
            game.apply(event)
        return game.state

    @property
    def state(self):
        return self.state_at(self.position)

    def prompt(self):
        return self.rules.prompt(self.state)

    def view(self):
        return self.rules.view(self.state)

    # ---- moving ----

    def go(self, n: int) -> int:
        self.position = max(0, min(n, len(self.events)))
        return self.position

    def step(self, by: int) -> int:
        return self.go(self.position + by)

    def next_score(self, forward: bool = True) -> int:
        """The next (or previous) input that changed the score."""
        rng = range(self.position + 1, len(self.events) + 1) if forward else range(self.position - 1, 0, -1)
        for n in rng:
            if self.scores[n] != self.scores[n - 1]:
                return self.go(n)
        return self.go(len(self.events) if forward else 0)

    def next_turn(self, forward: bool = True) -> int:
        """The first input of the next (or this/previous) turn, read from the log's stamps (their first word:
        "T7", "H2", "P1 12:00")."""
        log = self._match.state.log

        def turn_at(n: int) -> str:
            end = self.log_ends[n]
            return log[end - 1].stamp.split(" ")[0] if end else ""

        here = turn_at(self.position)
        rng = range(self.position + 1, len(self.events) + 1) if forward else range(self.position - 1, -1, -1)
        for n in rng:
            if turn_at(n) != here:
                if forward:
                    return self.go(n)
                here = turn_at(n)
                while n > 0 and turn_at(n - 1) == here:
                    n -= 1
                return self.go(n)
        return self.go(len(self.events) if forward else 0)

    def input_of_line(self, line: int) -> int:
        """The input that wrote log line ``line`` (0-based)."""
        for n, end in enumerate(self.log_ends):
            if end > line:
                return n
        return len(self.events)


def _current(loaded):
    """The journal's header and inputs as today's rules read them (an older journal upgraded in memory)."""
    done, _ = effective(loaded.entries)
    return upgraded(lookup(loaded.header.ruleset).load_rules(), loaded.header, done)
