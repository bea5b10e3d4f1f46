"""Journals saved by version 1 in its older flow: their inputs, as today's questions take them.

Version 1 asked new matches the questions of today (its ``fewer_keys`` flow: their inputs need no change) and kept
an older, longer flow for the matches saved before it. That flow asked the clock every turn (a confirm), the cannon
(a confirm) and where the ball stopped (a choice of sector), which figures it reached (one selection), each catcher
whether he tries and then the outcome, each move by naming the figure and typing its end sector, the fights sector by
sector ("done" moving on to the next), every fight's target, and the penalties after every combat sweep.

Its inputs are replayed on today's rules, each older answer turned into the answers that mean the same thing: the
same figures move to the same sectors, the same fights and rolls happen in the same order, so a journal reaches the
same position (score, clock, figures, ball). Only the log's wording of a quiet turn differs.
"""

from __future__ import annotations

from typing import Any

from refbox.engine.errors import JournalError, RefboxError
from refbox.engine.prompts import Event, check, choose, number
from refbox.games.rulerball.data import FURTHER
from refbox.games.rulerball.steps_ball import path_ahead
from refbox.games.rulerball.steps_combat import attackers
from refbox.games.rulerball.steps_move import walker
from refbox.games.rulerball.track import counterclockwise_distance


def old_flow_events(rules: Any, setup: Any, events: list[Event]) -> list[Event]:
    """A version 1 journal's inputs as today's rules take them. The older flow answers the cannon's question with a
    confirm (its second input: no figure is on a timer at the start), the shorter one with the sector; the shorter
    one's inputs are today's (it too fought a figure's only target without asking)."""
    if len(events) < 2 or events[1].kind != "confirm":
        return events
    return _Translation(rules, setup).run(events)


class _Translation:
    """Today's rules, fed the older flow's answers one by one (``take``) and given today's (``give``)."""

    def __init__(self, rules: Any, setup: Any) -> None:
        self.steps, self.data = rules.steps, rules.data
        self.state = rules.start(setup)
        self.out: list[Event] = []
        self.taken: list[Event] = []
        """Answers today's rules took by themselves (a fight's only target) that the older flow asked for."""
        self.reached: list[str] = []
        """The figures the older flow's selection said the ball reaches, still to reach (in path order)."""
        self.moving: str | None = None
        """The figure the older flow named to move, until its end sector comes."""
        self.old_sweep: int | None = None
        """The place in the sweep of the sector whose fights the older flow asks (None: not in a combat sweep)."""
        self.steps.settle(self.state, self.data, self.taken)

    def run(self, events: list[Event]) -> list[Event]:
        for n, old in enumerate(events, start=1):
            if self.taken:
                if (self.taken[0].kind, self.taken[0].value) != (old.kind, old.value):
                    raise JournalError(f"input {n} of the older journal does not answer the question today's rules "
                                       f"settled by themselves ({self.taken[0].value!r}); it cannot be upgraded")
                self.taken.pop(0)
                continue
            for _ in range(8):  # an older answer becomes at most a few of today's
                if self.take(old, n):
                    break
            else:
                raise JournalError(f"input {n} of the older journal cannot be upgraded (at {self.state.step})")
        self.finish()
        return self.out

    def give(self, event: Event, n: int) -> None:
        try:
            check(self.steps.legal(self.state, self.data), event)
        except RefboxError as e:
            raise JournalError(f"input {n} of the older journal cannot be upgraded: {e}") from None
        self.steps.apply(self.state, self.data, event, self.taken)
        self.out.append(event)

    def take(self, old: Event, n: int) -> bool:
        """Answer today's question from the older answer ``old``; True once ``old`` is used up."""
        state, step, kind = self.state, self.state.step, old.kind
        if kind == "confirm" and step in ("release", "ball_stop", "initiative"):
            return True  # the clock of a turn that started by itself, or the cannon: no longer asked
        if step == "ball_stop":
            self.reached = []
            if kind == "choose":  # where the ball stopped, chosen among the sectors
                self.give(number(int(str(old.value))), n)
                return True
        elif step == "ball_path":
            if kind == "pick":  # whom the ball reaches: one at a time today
                picked = set(old.value)  # type: ignore[arg-type]
                self.reached = [f.id for f in path_ahead(state, self.data) if f.id in picked]
                if len(self.reached) != len(picked):
                    raise JournalError(f"input {n} of the older journal cannot be upgraded: it names a figure "
                                       "the ball does not reach")
                return True
            if self.reached:
                self.give(choose(self.reached.pop(0)), n)
                return False
        elif step == "field_quick":
            if old == choose("field") and "field" not in self.steps.legal(state, self.data).ids:
                return True  # tries to field it: the outcome the table enters comes next
        elif step == "move_walk" and kind == "choose" and self.moving is None:
            self.moving = str(old.value)  # the figure that moves: its end sector comes next
            return True
        elif step == "move_walk" and kind == "number" and self.moving is not None:
            self.move_to(int(old.value), n)  # type: ignore[arg-type]
            return True
        elif step == "combat_walk":
            return self.fights(old, n)
        self.give(old, n)
        return True

    def move_to(self, end: int, n: int) -> None:
        figure = self.state.fig(self.moving or "")
        self.moving = None
        if not 1 <= end <= self.data.track.sectors:
            raise JournalError(f"input {n} of the older journal cannot be upgraded: sector {end} is off the track")
        if walker(self.state, self.data) is not figure:
            self.give(choose("first"), n)
            self.give(choose(figure.id), n)
        gone = counterclockwise_distance(figure.sector or 1, end, self.data.track.sectors)
        if gone < FURTHER:
            self.give(choose(str(gone) if gone else "stay"), n)
        else:
            self.give(choose("further"), n)
            self.give(number(end), n)

    def fights(self, old: Event, n: int) -> bool:
        """The older flow asked each sector in turn (skipping those where nobody could start a fight), then the
        penalties; today one question covers the sweep and says whether a penalty follows."""
        if self.at_penalties():
            self.old_sweep = None
            if old == choose("none"):
                self.give(choose("done"), n)
                return True
            self.give(choose("penalty"), n)
            return False
        if old == choose("done"):  # no more fights in this sector
            self.old_sweep += 1  # type: ignore[operator]
            return True
        self.give(old, n)
        return True

    def at_penalties(self) -> bool:
        """Whether the older flow's combat sweep is over (its next question the penalties); else ``old_sweep`` is
        the place of the sector it asks."""
        sweep = self.old_sweep or 0
        places = {self.data.sweep_orders[self.state.initiative][f.sector] for f in attackers(self.state, self.data)}
        while sweep < self.data.track.sectors and sweep not in places:
            sweep += 1
        self.old_sweep = sweep
        return sweep >= self.data.track.sectors

    def finish(self) -> None:
        """A journal that stops between two older answers that make one of today's: today's question is put where
        the older one stood (the figure named to move, the ball's next figure, the penalties)."""
        step = self.state.step
        if step == "move_walk" and self.moving is not None:
            figure = self.state.fig(self.moving)
            if walker(self.state, self.data) is not figure:
                self.give(choose("first"), 0)
                self.give(choose(figure.id), 0)
        elif step == "ball_path" and self.reached:
            self.give(choose(self.reached.pop(0)), 0)
        elif step == "combat_walk" and self.at_penalties():
            self.give(choose("penalty"), 0)
