"""The game screen every ruleset shares: prompt in the centre, phases left, scoreboard right,
rosters and log below. A ruleset's screen subclasses it and adds its own stylesheet.

It is a thin view: every key becomes at most one journal event through the Match, and
everything drawn comes from ``rules.view(state)`` and ``match.prompt()``.
"""

from __future__ import annotations

from pathlib import Path

import logging

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.geometry import Region
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from refbox.engine.errors import RefboxError
from refbox.engine.match import Match
from refbox.engine.prompts import Choose, Confirm, Event, GameOver, Number, Pick, Roll
from refbox.engine.text import printable
from refbox.ui.keys import FaceEntry, option_keys
from refbox.ui.screens.help import HelpScreen
from refbox.ui.widgets.literal import literal
from refbox.ui.widgets.panels import MatchLog, PhaseTracker, RosterTable, Scoreboard
from refbox.ui.widgets.prompt_panel import Interaction, PromptPanel

log = logging.getLogger("refbox")


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
    ]

    def __init__(self, match: Match, message: str | None = None) -> None:
        super().__init__()
        self.match = match
        self.colours = match.rules.colours(match.setup)
        self.ui = Interaction(result=message or "")
        self._swallow_enter = False

    # ---- layout ----

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Horizontal(id="top"):
            yield PhaseTracker(id="phases")
            with Vertical(id="middle"):
                yield Static(id="now")
                with VerticalScroll(id="centre"):
                    yield PromptPanel(id="prompt")
                    yield Static(id="notes")
            yield Scoreboard(id="board")
        with Horizontal(id="rosters"):
            for i in (0, 1):
                with VerticalScroll(classes="roster"):
                    yield RosterTable(id=f"roster{i}")
        with VerticalScroll(id="logbox"):
            yield MatchLog(id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.redraw()

    def on_unmount(self) -> None:
        self._save()
        self.match.close()

    @property
    def names(self) -> tuple[str, str]:
        team_names = getattr(self.match.rules, "team_names", None)
        if team_names is not None:
            return team_names(self.match.setup, self.match.data)
        return tuple(t.name for t in self.match.setup.teams)  # type: ignore[return-value]

    def redraw(self, full: bool = True) -> None:
        prompt = self.match.prompt()
        if isinstance(prompt, Roll) and self.ui.faces is None:
            self.ui.faces = FaceEntry([d.sides for d in prompt.dice])
        panel = self.query_one(PromptPanel)
        panel.show(prompt, self.names, self.colours, self.ui, self.match.dice_mode, self.query_one("#now", Static))
        if isinstance(prompt, (Choose, Pick)):
            self.query_one("#centre", VerticalScroll).scroll_to_region(
                Region(0, max(0, panel.cursor_line - 1), 1, 3), animate=False)
        if not full:
            return
        view = self.match.rules.view(self.match.state, self.match.data)
        title = Text()
        title.append(f" refbox · {printable(self.match.header.title)} · ", style="bold")
        title.append(view.headline, style="bold")
        current = " / ".join(row.name for row in view.phases if row.status == "current")
        title.append(f" · {view.clock} · {current}", style="bold")
        title.append(f" · seed {self.match.header.seed} · dice: {self.match.dice_mode}", style="dim")
        self.query_one("#title", Static).update(title)
        self.query_one(PhaseTracker).show(view)
        self.query_one(Scoreboard).show(view, self.colours)
        for i, roster in enumerate(view.rosters[:2]):
            self.query_one(f"#roster{i}", RosterTable).show(roster, self.colours)
        self.query_one("#notes", Static).update(literal("\n".join(view.notes)))
        self.query_one(MatchLog).show(self.match.state.log, self.colours)
        self.query_one("#logbox", VerticalScroll).scroll_end(animate=False)

    # ---- one input = one event ----

    def submit(self, event: Event) -> None:
        before = len(self.match.state.log)
        try:
            self.match.submit(event)
        except RefboxError as e:
            self._refuse(str(e))
            return
        except Exception as e:  # a bug must not cost the match: nothing was applied or saved
            log.exception("input failed")
            self._refuse(f"internal error ({type(e).__name__}: {e}); nothing was changed. Please report it.")
            return
        news = [line.text for line in self.match.state.log[before:]]
        self.ui = Interaction(result=" · ".join(news[-3:]))
        self.redraw()

    def _refuse(self, message: str) -> None:
        self.ui.error = message
        if self.ui.faces is not None:
            self.ui.faces = None
        self.redraw(full=False)

    # ---- keys ----

    def on_key(self, event: events.Key) -> None:
        prompt = self.match.prompt()
        key, char = event.key, event.character or ""
        if char in ("?", "u", "U", "r", "d", "q") or key in ("ctrl+p", "tab", "shift+tab"):
            return  # bindings
        handled = True
        self.ui.error = ""
        swallow, self._swallow_enter = self._swallow_enter, False
        if swallow and key in ("enter", "space"):
            event.stop()
            return
        if key in ("escape", "backspace"):
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
        elif handled:
            self.redraw(full=False)
        event.stop()
        event.prevent_default()

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
        if key in ("up", "down", "pageup", "pagedown", "home", "end"):
            step = {"up": -1, "down": 1, "pageup": -10, "pagedown": 10, "home": -n, "end": n}[key]
            self.ui.cursor = max(0, min(n - 1, self.ui.cursor + step))
            return True
        if key == "enter":
            if isinstance(prompt, Pick):
                self.submit(Event(kind="pick", value=[o.id for o in prompt.options if o.id in self.ui.picked]))
            elif n:
                self.submit(Event(kind="choose", value=prompt.options[self.ui.cursor].id))
            return True
        if key == "space" and isinstance(prompt, Pick) and n:
            self._toggle(prompt.options[self.ui.cursor].id)
            return True
        keys = option_keys(n)
        if char in keys:
            index = keys.index(char)
            if isinstance(prompt, Pick):
                self.ui.cursor = index
                self._toggle(prompt.options[index].id)
            else:
                self.submit(Event(kind="choose", value=prompt.options[index].id))
            return True
        return False

    def _toggle(self, option_id: str) -> None:
        self.ui.picked.symmetric_difference_update({option_id})

    def _face_key(self, prompt: Roll, key: str, char: str) -> bool:
        entry = self.ui.faces or FaceEntry([d.sides for d in prompt.dice])
        self.ui.faces = entry
        if key in ("space", "enter") and not entry.commit():
            if not entry.faces and self.match.dice_mode == "digital":
                self.action_roll()
                return True
        elif char.isdigit():
            try:
                entry.type(char)
            except RefboxError as e:
                self._refuse(str(e))
                return True
        elif key not in ("space", "enter"):
            return False
        if entry.complete:
            self.submit(Event(kind="roll", value=list(entry.faces), source="physical"))
            self._swallow_enter = True  # "9 Enter" on a d20 must not also answer the next prompt
        return True

    def _number_key(self, prompt: Number, key: str, char: str) -> bool:
        if char.isdigit() or (char == "-" and not self.ui.number):
            self.ui.number += char
            return True
        if key == "enter":
            try:
                value = int(self.ui.number)
            except ValueError:
                self._refuse(f"Type a number from {prompt.min} to {prompt.max} first.")
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
        try:
            event = self.match.undo()
        except RefboxError as e:
            self._refuse(str(e))
            return
        self.ui = Interaction(result=f"Undone: {describe(event, self.match.prompt())}")
        self.redraw()

    def action_redo(self) -> None:
        prompt = self.match.prompt()
        try:
            event = self.match.redo()
        except RefboxError as e:
            self._refuse(str(e))
            return
        self.ui = Interaction(result=f"Redone: {describe(event, prompt)}")
        self.redraw()

    def action_dice(self) -> None:
        mode = "digital" if self.match.dice_mode == "physical" else "physical"
        self.match.set_dice_mode(mode)
        self.ui.result = f"Dice mode: {mode} (any roll can still be typed in, or rolled with r)"
        self.redraw()

    def action_help(self) -> None:
        view = self.match.rules.view(self.match.state, self.match.data)
        self.app.push_screen(HelpScreen(self.match.data, view.phase_id))

    def action_leave(self) -> None:
        self._save()
        self.app.pop_screen()

    def _save(self) -> None:
        try:
            self.match.save()
        except OSError as e:  # the journal is already durable; only the list summary is stale
            log.warning("could not save the match summary: %s", e)


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
    return f"{getattr(prompt, 'text', 'number')[:40]}: {event.value}"
