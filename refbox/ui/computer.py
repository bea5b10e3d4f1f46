"""The computer's side in the app: it thinks in a Textual thread worker while the screen stays responsive, shows
its decision with a one-line reason, and enters it after the match's pace (Esc: decide now / enter it now).

Its decisions are ordinary inputs through the screen's ``submit``. With digital dice it also rolls the dice
of its own side and the table's (a person rolls their own with r, or types real dice).
"""

from __future__ import annotations

import logging
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from textual.worker import Worker, WorkerState

from refbox.engine.coach import Coach, Decision, make, note
from refbox.engine.play import Game
from refbox.engine.prompts import Event

if TYPE_CHECKING:
    from refbox.ui.screens.game import GameScreen

COACH = "coach"
"""The name of the thinking worker (the screen hands its state changes to ``worker_changed``)."""


class ComputerPlayer:
    def __init__(self, screen: "GameScreen") -> None:
        self.screen = screen
        self.coaches: dict[int, Coach] = {}
        self.turn = 0
        """Bumped whenever what the computer was about to do no longer applies (undo, leave, a new input)."""
        self.thinking: Coach | None = None
        self.pending: Event | None = None
        self._timer = None
        self._worker: Worker | None = None
        self.paused = False

    @property
    def match(self):
        return self.screen.match

    def sides(self) -> dict[int, str]:
        return self.match.settings.computer

    def is_computer(self, actor) -> bool:
        return actor in self.match.settings.computer

    @property
    def demo(self) -> bool:
        """Computer against computer: a demo to watch."""
        return len(self.match.settings.computer) == 2

    @property
    def solo(self) -> bool:
        """A person against the computer."""
        return len(self.match.settings.computer) == 1

    def decides(self, legal) -> bool:
        """Whether the computer answers this question (not a roll: dice are dice)."""
        if legal.kind in ("roll", "over") or not self.match.settings.computer:
            return False
        return self.is_computer(legal.actor) or (legal.actor is None and self.demo)

    def persons_decision(self) -> bool:
        """Whether the pending question is a decision the person makes (where a solo undo stops)."""
        legal = self.match.legal()
        return legal.kind not in ("roll", "over") and not self.decides(legal)

    def coach(self, side: int) -> Coach:
        level = self.match.settings.computer[side]
        coach = self.coaches.get(side)
        if coach is None or coach.level != level:
            coach = self.coaches[side] = make(level, side, seed=self.match.header.seed)
        return coach

    def cancel(self) -> None:
        self.turn += 1
        if self.thinking is not None:
            self.thinking.stop_now = True  # its thread ends soon; what it decides is dropped
        if self._worker is not None:
            self._worker.cancel()
        self._worker, self.thinking, self.pending = None, None, None
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    # ---- what happens after every redraw ----

    def consider(self) -> None:
        """If the pending question is the computer's (or its dice), start on it."""
        if not self.match.settings.computer or self.thinking is not None or self.pending is not None or self.paused:
            return
        legal = self.match.legal()
        if legal.kind == "over":
            return
        if legal.kind == "roll":
            if self.match.settings.dice_mode == "digital" and (self.is_computer(legal.actor) or legal.actor is None):
                self._enter_later(self.match.roll_digital(), "rolls")
            return
        if not self.decides(legal):
            return
        coach = self.coach(legal.actor if legal.actor is not None else min(self.match.settings.computer))
        game = Game(self.match.rules, self.match.state).clone()  # its own copy, taken now
        self.thinking = coach
        self.screen.show_computer(f"{coach.level} coach thinking… (Esc: decide now)")
        self._worker = self.screen.run_worker(partial(coach.decide, game, legal), name=COACH, group=COACH,
                                              thread=True, exclusive=True, exit_on_error=False)

    def worker_changed(self, worker: Worker) -> None:
        """The thinking worker ended: enter its decision after the pace, or say it could not decide (never a
        traceback: the person plays it). A worker cancelled meanwhile is not this one any more."""
        if worker is not self._worker or worker.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        coach, self._worker, self.thinking = self.thinking, None, None
        if worker.state == WorkerState.ERROR:
            error = worker.error
            logging.getLogger("refbox").error("the computer coach failed", exc_info=error)
            self.screen.show_computer(f"the computer coach could not decide ({type(error).__name__}); please answer")
            return
        decision: Decision = worker.result
        coach_note = self.note(coach.level if coach is not None else "random", decision)
        self._enter_later(replace(decision.event, coach=coach_note), coach_note.line())

    def note(self, level: str, decision: Decision):
        """The decision's note, journaled with it and kept in the log: the level, the answer as the prompt labels
        it and why, every percentage saying what it is the chance of ("Computer (search) chose LB2 tackles RB1:
        chance of the tackle bringing RB1 down 71.0 %; chance of winning the match, as it sees it, 64.0 %")."""
        return note(level, decision, self.match.prompt())

    def _enter_later(self, event: Event, reason: str) -> None:
        self.pending = event
        self.screen.show_computer(reason if reason.startswith("Computer") else f"Computer: {reason}")
        turn = self.turn
        self._timer = self.screen.set_timer(max(0.05, self.match.settings.pace), lambda: self._enter(turn))

    def _enter(self, turn: int) -> None:
        if turn != self.turn or self.pending is None:
            return
        event, self.pending, self._timer = self.pending, None, None
        self.screen.submit(event)

    # ---- keys ----

    def hurry(self) -> bool:
        """Esc: a thinking coach decides now; a shown decision is entered now. True if there was one."""
        if self.thinking is not None:
            self.thinking.stop_now = True
            return True
        if self.pending is not None:
            if self._timer is not None:
                self._timer.stop()
            self._enter(self.turn)
            return True
        return False

    def busy(self) -> bool:
        return self.thinking is not None or self.pending is not None

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        if self.paused:
            self.cancel()
        self.screen.show_computer("demo paused (Space resumes)" if self.paused else "")
        if not self.paused:
            self.consider()

    def faster(self, factor: float) -> None:
        pace = min(10.0, max(0.0, round(self.match.settings.pace * factor, 2) if self.match.settings.pace else 0.25))
        self.match.change_settings(pace=pace)
        self.screen.show_computer(f"pace {pace:g} s a move (+ faster, - slower)")
