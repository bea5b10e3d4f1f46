"""The game screen every ruleset shares: the match's panels (refbox.ui.screens.match_screen) with the prompt
in the centre. A ruleset's screen subclasses it and adds its own stylesheet.

It is a thin view: every key becomes at most one journal event through the Match, and
everything drawn comes from ``rules.view(state)`` and ``match.prompt()``.
"""

from __future__ import annotations

import logging
from dataclasses import replace

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.worker import Worker

from refbox.engine.errors import JournalWriteError, RefboxError
from refbox.engine.match import Match
from refbox.engine.prompts import Choose, Event, Pick
from refbox.engine.text import printable
from refbox.ui.background import import_odds_soon
from refbox.ui.computer import ComputerPlayer
from refbox.ui.heap import START_AFTER, TICK, QuietCollector
from refbox.ui.interpreter import (
    ChangePace,
    Coaching,
    Context,
    HurryCoach,
    Nothing,
    PauseDemo,
    Redraw,
    Refuse,
    RollDigitally,
    Submit,
    Typed,
    click_option,
    click_square,
    expects,
    interpret,
)
from refbox.ui.keys import assign_keys
from refbox.ui.screens.help import HelpScreen
from refbox.ui.screens.match_screen import MatchScreen
from refbox.ui.widgets.board import Board, marks_legend
from refbox.ui.widgets.lines import Lines, LineText
from refbox.ui.widgets.panels import MatchLog
from refbox.ui.widgets.prompt_panel import PromptPanel, describe

log = logging.getLogger("refbox")


class GameScreen(MatchScreen):
    BINDINGS = [
        Binding("question_mark", "help", "Help"),
        Binding("u", "undo", "Undo"),
        Binding("U", "redo", "Redo"),
        Binding("r", "roll", "Roll"),
        Binding("d", "dice", "Dice mode"),
        Binding("q", "leave", "Save & leave"),
        Binding("tab", "rosters", "Rosters", show=False),
        Binding("shift+left", "scroll_board(-1)", "Board ←", show=False),
        Binding("shift+right", "scroll_board(1)", "Board →", show=False),
    ]
    """The global keys; every other key is read by ``refbox.ui.interpreter.interpret``."""

    def __init__(self, match: Match, message: str | None = None) -> None:
        super().__init__()
        self.match = match
        self.colours = match.rules.colours(match.setup)
        self.typed = Typed()
        """What is typed or highlighted for the pending prompt."""
        self.result = message or ""
        """The outcome of the last input, in words (above the question)."""
        self.error = ""
        """Why the last key was refused (under the question; the next key that does something clears it)."""
        self._drawn_error = ""
        self._view = None
        self.computer = ComputerPlayer(self)
        self.heap = QuietCollector()

    # ---- hooks for a ruleset's screen ----

    def board_shown(self, board):
        """The board as this screen draws it (a ruleset's screen may draw it smaller)."""
        return board

    def key_pressed(self) -> None:
        """Called on every key that reaches the screen, bindings too (someone is at the keyboard)."""

    def takes_keys(self) -> bool:
        """Whether the game's keys do anything now (the bindings ask ``check_action``)."""
        return True

    # ---- layout: the match's panels, the prompt in the middle ----

    def has_board(self) -> bool:
        return self.match.view().board is not None

    def compose_middle(self) -> ComposeResult:
        yield LineText(id="computer")
        yield PromptPanel(id="prompt")

    def compose_log(self) -> ComposeResult:
        yield MatchLog(id="log")

    def on_mount(self) -> None:
        self.query_one(Board).set_colours(self.colours)
        view = self.match.view()
        self.set_class(view.board is not None, "-with-board")
        self.query_one("#computer", LineText).display = False
        self.redraw()
        self.call_after_refresh(import_odds_soon, self)
        self.set_timer(START_AFTER, self.heap.start)  # once the first frame is out: collect between keys
        self.set_interval(TICK, self.heap.tick)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        self.computer.worker_changed(event.worker)

    def on_unmount(self) -> None:
        self.heap.stop()
        self.computer.cancel()
        self.save()
        self.match.close()

    @property
    def names(self) -> tuple[str, str]:
        return self.match.rules.team_names(self.match.setup)

    def redraw(self, full: bool = True) -> None:
        """The prompt and the board; with ``full`` the title and the panels too (after an input)."""
        prompt = self.match.prompt()
        if full or self._view is None:
            self._view = self.match.view()
        view = self._view
        panel = self.query_one(PromptPanel)
        notes, pinned = view.notes, ""
        scrolls = view.board is not None and self.query_one(Board).overflows
        if view.board is not None and not self.query_one("#caption").display:
            shown = self.board_shown(view.board)  # a short window hides the caption: its words under the answers
            parts = (BOARD_SCROLLS if scrolls else "", shown.caption, marks_legend(shown))
            pinned = " · ".join(part for part in parts if part)
        elif scrolls:
            notes = (BOARD_SCROLLS, *notes)  # before the reminders: the notes give way from the end
        panel.show(prompt, self.names, self.colours, self.typed, self.match.settings.dice_mode, notes,
                   result=self.result, error=self.error, pinned=pinned,
                   table="Both teams" if view.board is not None else "Referee")
        self._drawn_error = self.error
        if view.board is not None:
            self.draw_board()
        if not full:
            return
        self.show_title(self.title_line(view))
        self.show_panels(view)
        self.query_one(MatchLog).show(self.match.state.log, self.colours)
        if self.match.settings.computer:
            self.call_after_refresh(self.computer.consider)

    def title_line(self, view) -> Lines:
        title = Lines()
        title.append(f" refbox · {printable(self.match.header.title)} · ", style="bold")
        title.append(view.headline, style="bold")
        current = " / ".join(row.name for row in view.phases if row.status == "current")
        title.append(f" · {view.clock} · {current}", style="bold")
        title.append(f" · seed {self.match.header.seed} · dice: {self.match.settings.dice_mode}", style="dim")
        return title

    def tell(self, result: str) -> None:
        """Say something above the question (what just happened), without a new input."""
        self.result = result
        self.redraw(full=False)

    def show_computer(self, text: str) -> None:
        """The computer coach's line: thinking, or what it does and why (empty: hidden)."""
        line = self.query_one("#computer", LineText)
        line.set_text(Lines(printable(text, newlines=True)))
        line.display = bool(text)

    def on_board_overflowed(self, _message: Board.Overflowed) -> None:
        self.redraw(full=False)  # the notes say (or no longer say) how to see the rest of the board

    @property
    def board(self):
        """The board of the view last drawn (None without one)."""
        return self._view.board if self._view is not None else None

    def draw_board(self) -> None:
        """The board and its caption only (what a move of the board cursor changes)."""
        prompt, hints = self.match.prompt(), {}
        if isinstance(prompt, (Choose, Pick)):
            for opt, key in zip(prompt.options, assign_keys([o.key for o in prompt.options])):
                if opt.at is not None:
                    hints[opt.at] = key
        self.show_board(self.board_shown(self.board), hints, self.typed.square)

    # ---- keys: the bindings run actions, every other key is interpreted ----

    def on_key(self, event: events.Key) -> None:
        self.key_pressed()
        bound = self.active_bindings.get(event.key)
        if bound is not None and bound.node in (self, self.app):
            return  # one of BINDINGS (or the app's): Textual runs its action once the key has passed here
        event.stop()  # not the focused roster's scrolling keys: the arrows and Page keys are the game's
        event.prevent_default()
        if not self.takes_keys():
            return
        typed, action = interpret(event.key, event.character or "", self.match.prompt(), self.typed,
                                  self.key_context())
        if not isinstance(action, Nothing):
            self.error = ""
        self.perform(typed, action)

    def key_context(self) -> Context:
        """What the interpreter needs beside the prompt: the dice mode, the board drawn, the computer coach."""
        coaching = None
        if self.match.settings.computer:
            computer = self.computer
            answering = computer.decides(self.match.legal()) and (computer.solo or not computer.paused)
            coaching = Coaching(busy=computer.busy(), demo=computer.demo, answering=answering)
        return Context(dice_mode=self.match.settings.dice_mode, board=self.board, coach=coaching)

    def perform(self, typed: Typed, action) -> None:
        """What a key or a click means: ``typed`` is what is typed now, ``action`` what to do about it."""
        cursor_only = typed == replace(self.typed, square=typed.square) and not self._drawn_error
        self.typed = typed
        match action:
            case Submit(event=event, swallow_enter=swallow):
                self.submit(event, swallow)
            case Refuse(message=message):
                self.refuse(message)
            case RollDigitally():
                self.action_roll()
            case HurryCoach():
                self.computer.hurry()
            case PauseDemo():
                self.computer.toggle_pause()
            case ChangePace(factor=factor):
                self.computer.faster(factor)
            case Redraw() if cursor_only and self.board is not None:
                self.draw_board()  # only the board changes
            case Redraw():
                self.redraw(full=False)

    def on_board_clicked(self, message: Board.Clicked) -> None:
        """A click on a square takes the option drawn there (or moves the cursor to it)."""
        self.perform(*click_square(self.match.prompt(), self.typed, message.square))

    def action_click_option(self, index: int) -> None:
        """A click on an option: choose it, or toggle it in a selection."""
        self.perform(*click_option(self.match.prompt(), self.typed, index))

    # ---- one input = one event ----

    def submit(self, event: Event, swallow_enter: bool = False) -> None:
        """Enter one input. Refused, what was typed stays where a second try makes sense: after a disk error
        all of it (Enter tries again), after a rules refusal all but the number and the faces."""
        self.computer.cancel()
        self.show_computer("")
        before = len(self.match.state.log)
        try:
            self.match.submit(event)
        except JournalWriteError as e:  # not recorded: same prompt, what was typed is kept for another try
            again = " Enter tries the typed faces again." if event.kind == "roll" and event.source == "physical" else ""
            self.refuse(f"{e}{again}")
            return
        except RefboxError as e:
            self.typed = replace(self.typed, number="", faces=None, swallow_enter=swallow_enter)
            self.refuse(str(e))
            return
        except Exception as e:  # a bug must not cost the match: nothing was applied or saved
            log.exception("input failed")
            self.typed = replace(self.typed, faces=None, swallow_enter=swallow_enter)
            self.refuse(f"internal error ({type(e).__name__}: {e}); nothing was changed. Please report it.")
            return
        news = [line.text for line in self.match.state.log[before:]]
        self.typed, self.result, self.error = Typed(swallow_enter=swallow_enter), " · ".join(news[-3:]), ""
        self._warn()
        self.redraw()
        if self.match.legal().kind == "over" and self.match.path is not None:
            self.full_time()

    def full_time(self) -> None:
        """The final whistle: the summary says so, and the match report opens (q comes back here)."""
        self.save()
        self.app.open_report(self.match.path)  # type: ignore[attr-defined]

    def refuse(self, message: str) -> None:
        self.error = message
        self.redraw(full=False)

    def _warn(self) -> None:
        """A file after the journal (summary, checkpoint) could not be written: the input stands; say so."""
        warning = self.match.take_warning()
        if warning:
            self.notify(warning, title="Saved, with a warning", severity="warning", timeout=10, markup=False)

    # ---- actions (keys, footer, command palette) ----

    def action_roll(self) -> None:
        prompt = self.match.prompt()
        if prompt.kind != "roll":
            self.typed = replace(self.typed, faces=None)
            events = self.match.events
            rolled = " (the last dice are already rolled: see the log)" if events and events[-1].kind == "roll" else ""
            self.refuse(f"There is no roll pending{rolled}: {expects(prompt)}")
            return
        self.submit(self.match.roll_digital())

    def action_undo(self) -> None:
        self.computer.cancel()
        self.show_computer("")  # what the computer was about to do is no longer so
        if self.computer.demo and not self.computer.paused:
            self.computer.toggle_pause()
        try:
            event = self.match.undo()
            undone = 1
            while self.computer.solo and self.match.events and not self.computer.persons_decision():
                event = self.match.undo()  # in a solo match undo goes back to the person's last decision
                undone += 1
        except RefboxError as e:  # nothing to undo or redo, or the disk refused: what was typed stays
            self.error = str(e)
            self.redraw()
            return
        over = f" ({undone} inputs, back to your last decision)" if undone > 1 else ""
        self._start_afresh(f"Undone: {describe(event, self.match.prompt())}{over}")

    def action_redo(self) -> None:
        self.computer.cancel()
        self.show_computer("")
        prompt = self.match.prompt()
        try:
            event = self.match.redo()
            while self.computer.solo and self.match.redo_stack and not self.computer.persons_decision():
                prompt = self.match.prompt()
                event = self.match.redo()
        except RefboxError as e:  # nothing to undo or redo, or the disk refused: what was typed stays
            self.error = str(e)
            self.redraw()
            return
        self._start_afresh(f"Redone: {describe(event, prompt)}")

    def _start_afresh(self, result: str) -> None:
        self.typed, self.result, self.error = Typed(), result, ""
        self._warn()
        self.redraw()

    def action_dice(self) -> None:
        mode = "digital" if self.match.settings.dice_mode == "physical" else "physical"
        self.match.change_settings(dice_mode=mode)
        self.result = f"Dice mode: {mode} (any roll can still be typed in, or rolled with r)"
        self.redraw()

    def action_help(self) -> None:
        view = self.match.view()
        self.app.push_screen(HelpScreen(self.match.data, view.phase_id))

    def action_leave(self) -> None:
        self.save()
        self.app.pop_screen()

    def save(self) -> None:
        """Save the match's summary and checkpoint (the journal is durable already); a failure only warns."""
        self.match.save()
        self._warn()


BOARD_SCROLLS = "Shift+←/→ scrolls the board (wider than the window)"
