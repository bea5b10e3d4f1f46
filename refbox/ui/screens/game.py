"""The game screen every ruleset shares: prompt in the centre, phases left, scoreboard right,
rosters and log below. A ruleset's screen subclasses it and adds its own stylesheet.

It is a thin view: every key becomes at most one journal event through the Match, and
everything drawn comes from ``rules.view(state)`` and ``match.prompt()``.
"""

from __future__ import annotations

import importlib
import logging
import sys
import threading
from pathlib import Path

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from refbox.engine.errors import JournalWriteError, RefboxError
from refbox.engine.match import Match
from refbox.engine.prompts import Choose, Confirm, Event, GameOver, Number, Pick, Roll
from refbox.engine.text import digits, printable
from refbox.ui.computer import ComputerPlayer
from refbox.ui.heap import START_AFTER, TICK, QuietCollector
from refbox.ui.keys import (
    FaceEntry,
    assign_keys,
    could_become,
    number_is_complete,
    out_of_range,
    range_words,
    unit_after_a_number,
)
from refbox.ui.screens.help import HelpScreen
from refbox.ui.widgets.board import Board
from refbox.ui.widgets.boxes import Column, Row, ScrollColumn
from refbox.ui.widgets.keybar import KeyBar
from refbox.ui.widgets.lines import Lines, LineText
from refbox.ui.widgets.panels import MatchLog, PhaseTracker, RosterTable, Scoreboard
from refbox.ui.widgets.prompt_panel import Interaction, PromptPanel

log = logging.getLogger("refbox")


def import_odds_soon() -> None:
    """Import the exact-odds library in the background once the match is on screen. Opened from the home screen
    it is imported already; resumed from the command line, the first roll with odds would wait ~40 ms for it."""
    if "icepool" in sys.modules:
        return

    def run() -> None:
        try:
            importlib.import_module("icepool")
        except Exception:  # only a head start: imported, and reported, where first used
            log.exception("importing the odds library failed")

    threading.Thread(target=run, name="refbox-odds-import", daemon=True).start()


class GameScreen(Screen):
    CSS_PATH = [Path(__file__).parent / "game.tcss"]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (36, "-tall")]
    """Small terminals hide the phase tracker (the title names the phase) and shrink the log."""
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

    def __init__(self, match: Match, message: str | None = None) -> None:
        super().__init__()
        self.match = match
        self.colours = match.rules.colours(match.setup)
        self.ui = Interaction(result=message or "")
        self._swallow_enter = False
        self._view = None
        self.computer = ComputerPlayer(self)
        self.heap = QuietCollector()

    # ---- layout ----

    def compose(self) -> ComposeResult:
        self._preset_classes()
        yield LineText(id="title", wrap=False)
        with Row(id="top"):
            with Column(id="phasesbox"):  # the box draws the border: a repaint of the tracker is only its lines
                yield PhaseTracker(id="phases")
            with Column(id="fieldbox"):
                yield Board(id="field")
                yield LineText(id="caption")
            with Column(id="middle"):
                yield LineText(id="computer")
                yield PromptPanel(id="prompt")
            with Column(id="scoresbox"):
                yield Scoreboard(id="scores")
        with Row(id="rosters"):
            for i in (0, 1):
                with ScrollColumn(classes="roster"):
                    yield RosterTable(id=f"roster{i}")
        with Column(id="logbox"):
            yield MatchLog(id="log")
        yield KeyBar()

    def _preset_classes(self) -> None:
        """The classes the first resize and ``on_mount`` would set (the size breakpoints, ``-with-board``), set
        before any style is computed: each change of a mounted screen's classes restyles every widget."""
        width, height = self.app.size
        breakpoints = {name: False for _, name in self.HORIZONTAL_BREAKPOINTS + self.VERTICAL_BREAKPOINTS}
        for size, points in ((width, self.HORIZONTAL_BREAKPOINTS), (height, self.VERTICAL_BREAKPOINTS)):
            reached = [name for at, name in sorted(points) if size >= at]  # the widest breakpoint reached, as Textual picks
            if reached:
                breakpoints[reached[-1]] = True
        breakpoints["-with-board"] = self.match.view().board is not None
        self.update_classes(breakpoints, update=False)

    def on_mount(self) -> None:
        self.query_one(Board).set_colours(self.colours)
        view = self.match.view()
        self.set_class(view.board is not None, "-with-board")
        self.query_one("#computer", LineText).display = False
        self.redraw()
        self.call_after_refresh(import_odds_soon)
        self.set_timer(START_AFTER, self.heap.start)  # once the first frame is out: collect between keys
        self.set_interval(TICK, self.heap.tick)

    def on_unmount(self) -> None:
        self.heap.stop()
        self.computer.cancel()
        self._save()
        self.match.close()

    @property
    def names(self) -> tuple[str, str]:
        return self.match.rules.team_names(self.match.setup)

    _redraws = 0
    """How many times the screen was redrawn (a key that already redrew needs no second pass)."""

    def redraw(self, full: bool = True) -> None:
        self._redraws += 1
        prompt = self.match.prompt()
        if isinstance(prompt, Roll) and self.ui.faces is None:
            self.ui.faces = FaceEntry([d.sides for d in prompt.dice])
        if full or self._view is None:
            self._view = self.match.view()
        view = self._view
        panel = self.query_one(PromptPanel)
        notes = view.notes
        if view.board is not None and self.query_one(Board).overflows:
            notes = (BOARD_SCROLLS, *notes)  # before the reminders: the notes give way from the end
        panel.show(prompt, self.names, self.colours, self.ui, self.match.settings.dice_mode, notes)
        if not full:
            if view.board is not None:
                self._draw_board(view, prompt)
            return
        if view.board is not None:
            self._draw_board(view, prompt)
        title = Lines()
        title.append(f" refbox · {printable(self.match.header.title)} · ", style="bold")
        title.append(view.headline, style="bold")
        current = " / ".join(row.name for row in view.phases if row.status == "current")
        title.append(f" · {view.clock} · {current}", style="bold")
        title.append(f" · seed {self.match.header.seed} · dice: {self.match.settings.dice_mode}", style="dim")
        self.query_one("#title", LineText).set_text(title)
        if view.board is None:  # beside a board the turn sequence is never shown (the title names the phase)
            self.query_one(PhaseTracker).show(view)
        self.query_one(Scoreboard).show(view, self.colours)
        if self.rosters_shown(view):  # hidden beside a board until Tab: not even built
            for i, roster in enumerate(view.rosters[:2]):
                self.query_one(f"#roster{i}", RosterTable).show(roster, self.colours)
        self.query_one(MatchLog).show(self.match.state.log, self.colours)
        if self.match.settings.computer:
            self.call_after_refresh(self.computer.consider)

    def show_computer(self, text: str) -> None:
        """The computer coach's line: thinking, or what it does and why (empty: hidden)."""
        line = self.query_one("#computer", LineText)
        line.set_text(Lines(printable(text, newlines=True)))
        line.display = bool(text)

    def on_board_overflowed(self, _message: Board.Overflowed) -> None:
        self.redraw(full=False)  # the notes say (or no longer say) how to see the rest of the board

    def action_scroll_board(self, direction: int) -> None:
        self.query_one(Board).scroll_by_squares(direction)

    def _draw_board(self, view, prompt) -> None:
        board = self.query_one(Board)
        hints = {}
        if isinstance(prompt, (Choose, Pick)):
            for opt, key in zip(prompt.options, assign_keys([o.key for o in prompt.options])):
                if opt.at is not None:
                    hints[opt.at] = key
        board.show(view.board, hints, self.ui.square)
        caption = Lines(view.board.caption, style="dim")
        if self.ui.square is not None:
            caption.append(f"   cursor {square_name(view.board, self.ui.square)}", style="dim")
            if self.ui.square in hints:
                caption.append(f" [{hints[self.ui.square]}]", style="dim")
        self.query_one("#caption", LineText).set_text(caption)

    # ---- one input = one event ----

    def submit(self, event: Event) -> None:
        self.computer.cancel()
        self.show_computer("")
        before = len(self.match.state.log)
        try:
            self.match.submit(event)
        except JournalWriteError as e:  # not recorded: same prompt, what was typed is kept for another try
            again = " Enter tries the typed faces again." if event.kind == "roll" and self.ui.faces else ""
            self._refuse(f"{e}{again}", keep_typed=True)
            return
        except RefboxError as e:
            self.ui.number = ""  # a refused number is cleared: the next try starts afresh, the message says why
            self._refuse(str(e))
            return
        except Exception as e:  # a bug must not cost the match: nothing was applied or saved
            log.exception("input failed")
            self._refuse(f"internal error ({type(e).__name__}: {e}); nothing was changed. Please report it.")
            return
        news = [line.text for line in self.match.state.log[before:]]
        self.ui = Interaction(result=" · ".join(news[-3:]))
        self._warn()
        self.redraw()
        if self.match.legal().kind == "over" and self.match.path is not None:
            self.full_time()

    def full_time(self) -> None:
        """The final whistle: the summary says so, and the match report opens (q comes back here)."""
        self._save()
        self.app.open_report(self.match.path)  # type: ignore[attr-defined]

    def _refuse(self, message: str, keep_typed: bool = False) -> None:
        self.ui.error = message
        if self.ui.faces is not None and not keep_typed:
            self.ui.faces = None
        self.redraw(full=False)

    def _warn(self) -> None:
        """A file after the journal (summary, checkpoint) could not be written: the input stands; say so."""
        warning = self.match.take_warning()
        if warning:
            self.notify(warning, title="Saved, with a warning", severity="warning", timeout=10, markup=False)

    # ---- keys ----

    def on_key(self, event: events.Key) -> None:
        prompt = self.match.prompt()
        key, char = event.key, event.character or ""
        if char in ("?", "u", "U", "r", "d", "q") or key in ("ctrl+p", "tab", "shift+tab", "shift+left", "shift+right"):
            return  # bindings
        handled = True
        swallow, self._swallow_enter = self._swallow_enter, False
        if swallow and key in ("enter", "space"):  # what the key before it showed (a refusal too) stays
            event.stop()
            return
        self.ui.error = ""
        drawn = self._redraws
        if self.ui.code and key in ("escape", "backspace"):  # before the computer's Esc: a typed key goes first
            self.ui.code = self.ui.code[:-1] if key == "backspace" else ""
        elif self.match.settings.computer and self._computer_key(key, char):
            event.stop()
            event.prevent_default()
            return
        elif key in ("escape", "backspace"):
            self._clear(prompt, key)
        elif isinstance(prompt, (Choose, Pick)):
            handled = self._option_key(prompt, key, char)
        elif isinstance(prompt, Roll):
            handled = self._face_key(prompt, key, char)
        elif isinstance(prompt, Number):
            handled = self._number_key(prompt, key, char)
        elif isinstance(prompt, Confirm) and key in ("enter", "space", "y"):
            self.submit(Event(kind="confirm"))
            return
        else:
            handled = False
        if not handled and char and char.isprintable():
            self._refuse(f"{char!r} does nothing here: {self._expects(prompt)}")
        elif handled and self._redraws == drawn:  # an input or a refusal has redrawn already
            self.redraw(full=False)
        event.stop()
        event.prevent_default()

    def _computer_key(self, key: str, char: str) -> bool:
        """Keys while the computer coach plays: Esc hurries it; in a demo Space pauses and + / - set the pace;
        a person's key on the computer's question is refused. True if the key was handled."""
        if key == "escape" and self.computer.hurry():
            return True
        if self.computer.demo and char in (" ", "+", "-"):
            if char == " ":
                self.computer.toggle_pause()
            else:
                self.computer.faster(0.5 if char == "+" else 2.0)
            return True
        legal = self.match.legal()
        if self.computer.decides(legal) and (self.computer.solo or not self.computer.paused):
            self._refuse("The computer coach is answering this one (Esc: at once; u: undo to your last decision).")
            return True
        return False

    def _expects(self, prompt) -> str:
        if isinstance(prompt, Roll):
            return "type the die faces, or r to roll digitally."
        if isinstance(prompt, (Choose, Pick)):
            return "press the key of an option (see the list)."
        if isinstance(prompt, Number):
            return "type a number and Enter."
        if isinstance(prompt, GameOver):
            return "the match is over (u to undo, q to leave)."
        return "press Enter."

    def _clear(self, prompt, key: str) -> None:
        if isinstance(prompt, Roll) and self.ui.faces is not None:
            if key == "escape":
                self.ui.faces = FaceEntry([d.sides for d in prompt.dice])
            else:
                self.ui.faces.back()
        elif isinstance(prompt, Number):
            self.ui.number = "" if key == "escape" else self.ui.number[:-1]
        elif isinstance(prompt, Pick):
            self.ui.picked.clear()

    def _option_key(self, prompt: Choose | Pick, key: str, char: str) -> bool:
        n = len(prompt.options)
        squares = {o.at: i for i, o in enumerate(prompt.options) if o.at is not None}
        if self.ui.code and not (char and char.isprintable()):  # a code's first key waits: Enter takes nothing
            if key == "enter":
                self._refuse(f"{self.ui.code} is the first key of a two-key code: type its second key "
                             "(Esc or Backspace clears it).")
                return True
            self.ui.code = ""  # the arrows and Page keys move on: the typed key is dropped
        if squares and key in ("up", "down", "left", "right"):
            self._move_square(key, squares)
            return True
        if key in ("up", "down", "pageup", "pagedown", "home", "end"):
            step = {"up": -1, "down": 1, "pageup": -10, "pagedown": 10, "home": -n, "end": n}[key]
            self.ui.cursor = max(0, min(n - 1, self.ui.cursor + step))
            self.ui.square = None  # the list's highlight is what Enter takes now
            return True
        if key == "enter":
            if squares and self.ui.square in squares:
                self.ui.cursor = squares[self.ui.square]
            elif squares and self.ui.square is not None and isinstance(prompt, Choose):
                name = square_name(self._view.board if self._view is not None else None, self.ui.square)
                self._refuse(f"{name} is not one of the answers: walk the cursor onto a square with a key, "
                             "or press the key.")
                return True
            if isinstance(prompt, Pick):
                self.submit(Event(kind="pick", value=[o.id for o in prompt.options if o.id in self.ui.picked]))
            elif n:
                self.submit(Event(kind="choose", value=prompt.options[self.ui.cursor].id))
            return True
        if key == "space" and isinstance(prompt, Pick) and n:
            self._toggle(prompt.options[self.ui.cursor].id)
            return True
        if not char:
            return False
        keys = assign_keys([o.key for o in prompt.options])
        typed = self.ui.code + char
        if typed == "0" and isinstance(prompt, Pick) and prompt.min == 0 and "0" not in keys:
            return self._option_key(prompt, "enter", "")  # 0 is "nothing (else)": the selection as it stands
        if typed in keys:
            self.ui.code = ""
            self._take_option(prompt, keys.index(typed))
            return True
        if any(k.startswith(typed) and len(k) > len(typed) for k in keys):
            self.ui.code = typed  # the first key of a two-key code: wait for the second
            return True
        if self.ui.code:
            self.ui.code = ""
            self._refuse(f"{typed!r} is not a key here: {self._expects(prompt)}")
            return True
        return False

    def _take_option(self, prompt: Choose | Pick, index: int) -> None:
        if isinstance(prompt, Pick):
            self.ui.cursor = index
            self._toggle(prompt.options[index].id)
        else:
            self.submit(Event(kind="choose", value=prompt.options[index].id))

    def _move_square(self, key: str, squares: dict) -> None:
        """Arrows walk a cursor over the board; Enter takes the option on its square."""
        view = self._view.board if self._view is not None else None
        if view is None:
            return
        col, row = self.ui.square or next(iter(squares))
        dc, dr = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}[key]
        self.ui.square = (max(0, min(view.cols - 1, col + dc)), max(0, min(view.rows - 1, row + dr)))

    def on_board_clicked(self, message: Board.Clicked) -> None:
        """A click on a square takes the option drawn there (or moves the cursor to it)."""
        prompt = self.match.prompt()
        if not isinstance(prompt, (Choose, Pick)):
            return
        for i, opt in enumerate(prompt.options):
            if opt.at == message.square:
                self.ui.square = message.square
                self._take_option(prompt, i)
                if isinstance(prompt, Pick):
                    self.redraw(full=False)
                return
        self.ui.square = message.square
        self.redraw(full=False)

    def _toggle(self, option_id: str) -> None:
        self.ui.picked.symmetric_difference_update({option_id})

    def _face_key(self, prompt: Roll, key: str, char: str) -> bool:
        entry = self.ui.faces or FaceEntry([d.sides for d in prompt.dice])
        self.ui.faces = entry
        if key in ("space", "enter") and not entry.commit():
            if not entry.faces and self.match.settings.dice_mode == "digital":
                self.action_roll()
                return True
        elif digits(char):
            try:
                entry.type(char)
            except RefboxError as e:  # a wrong face: the faces already typed stay
                self._refuse(str(e), keep_typed=True)
                return True
        elif key not in ("space", "enter"):
            return False
        if entry.complete:
            self.submit(Event(kind="roll", value=list(entry.faces), source="physical"))
            # "9 Enter" on a d20 must not also answer the next prompt (unless the roll was not recorded:
            # then Enter is how the kept faces are tried again); a d6 face is one key, nobody adds Enter
            self._swallow_enter = self.ui.faces is not entry and key not in ("space", "enter") \
                and prompt.dice[-1].sides >= 10
        return True

    def _number_key(self, prompt: Number, key: str, char: str) -> bool:
        if digits(char) or (char == "-" and not self.ui.number and prompt.min < 0):
            typed = self.ui.number + char
            if not could_become(typed, prompt.min, prompt.max):  # no digit more could bring it in range
                self.ui.number = ""  # refused: cleared, nothing else changes
                self._refuse(out_of_range(typed, prompt.min, prompt.max, prompt.unit))
                self._swallow_enter = True  # "13 Enter": the Enter must not hide why 13 was refused
                return True
            self.ui.number = typed
            if number_is_complete(self.ui.number, prompt.min, prompt.max):
                self.submit(Event(kind="number", value=int(self.ui.number)))
                self._swallow_enter = prompt.max >= 10  # "7 Enter" out of habit where numbers can be longer
            return True
        if key == "enter":
            try:
                value = int(self.ui.number)
            except ValueError:
                self._refuse(f"Type {range_words(prompt.min, prompt.max, prompt.unit)} first.")
                return True
            if not prompt.min <= value <= prompt.max:  # "1 Enter" where 10 is the least
                typed, self.ui.number = self.ui.number, ""
                self._refuse(out_of_range(typed, prompt.min, prompt.max, prompt.unit))
                return True
            self.submit(Event(kind="number", value=value))
            return True
        return False

    # ---- actions (keys, footer, command palette, mouse) ----

    def action_click_option(self, index: int) -> None:
        """A click on an option: choose it, or toggle it in a selection."""
        prompt = self.match.prompt()
        if not isinstance(prompt, (Choose, Pick)) or not 0 <= index < len(prompt.options):
            return
        self.ui.cursor = index
        if isinstance(prompt, Pick):
            self._toggle(prompt.options[index].id)
            self.redraw(full=False)
        else:
            self.submit(Event(kind="choose", value=prompt.options[index].id))

    def action_roll(self) -> None:
        prompt = self.match.prompt()
        if not isinstance(prompt, Roll):
            self._refuse(f"There is no roll pending: {self._expects(prompt)}")
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
            self._refuse(str(e), keep_typed=True)
            self.redraw()
            return
        over = f" ({undone} inputs, back to your last decision)" if undone > 1 else ""
        self.ui = Interaction(result=f"Undone: {describe(event, self.match.prompt())}{over}")
        self._warn()
        self.redraw()

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
            self._refuse(str(e), keep_typed=True)
            self.redraw()
            return
        self.ui = Interaction(result=f"Redone: {describe(event, prompt)}")
        self._warn()
        self.redraw()

    def action_dice(self) -> None:
        mode = "digital" if self.match.settings.dice_mode == "physical" else "physical"
        self.match.change_settings(dice_mode=mode)
        self.ui.result = f"Dice mode: {mode} (any roll can still be typed in, or rolled with r)"
        self.redraw()

    def action_rosters(self) -> None:
        """On a board screen, Tab shows or hides the rosters under the board; elsewhere it moves the focus."""
        if self.has_class("-with-board"):
            self.toggle_class("-show-rosters")
            self.redraw()  # the rosters are drawn only while shown
        else:
            self.focus_next()

    def rosters_shown(self, view) -> bool:
        return view.board is None or not self.has_class("-with-board") or self.has_class("-show-rosters")

    def action_help(self) -> None:
        view = self.match.view()
        self.app.push_screen(HelpScreen(self.match.data, view.phase_id))

    def action_leave(self) -> None:
        self._save()
        self.app.pop_screen()

    def _save(self) -> None:
        self.match.save()  # the journal is already durable; a stale summary or checkpoint only warns
        self._warn()


BOARD_SCROLLS = "Shift+←/→ scrolls the board (wider than the window)"


def square_name(board, square) -> str:
    """A board square as the game names it in its options and log (a view with ``square_names``: Battleball's
    "31.12"), else by the view's own column and row."""
    names = getattr(board, "square_names", None)
    name = names.get(square) if names else None
    return name if name is not None else f"{square[0]},{square[1]}"


def describe(event: Event, prompt) -> str:
    """An event in words, using the labels of the prompt it answered."""
    labels = {o.id: o.label for o in getattr(prompt, "options", ())}
    if event.kind == "roll":
        faces = ", ".join(map(str, event.value))
        return f"{getattr(prompt, 'purpose', 'roll')}: {event.source} roll {faces}"
    if event.kind == "confirm":
        return "confirmation"
    if event.kind == "pick":
        return "picked " + (", ".join(labels.get(v, v) for v in event.value) or "none")
    if event.kind == "choose":
        return labels.get(event.value, str(event.value))
    unit = getattr(prompt, "unit", "")
    if not unit:
        return f"the number {event.value}"
    return f"{event.value} {unit}" if unit_after_a_number(unit) else f"{unit} {event.value}"
