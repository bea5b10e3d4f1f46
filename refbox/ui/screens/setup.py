"""The setup screen every ruleset shares: dice mode and seed, a Start button, errors shown in place.
A ruleset's setup screen adds its own fields (``compose_fields``), turns them into its Setup model's
dict (``collect``) and previews what it will build (``preview``)."""

from __future__ import annotations

from pathlib import Path

import random

from pydantic import ValidationError
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Static

from refbox.engine.errors import RefboxError
from refbox.engine.match import Match
from refbox.engine.registry import Entry
from refbox.engine.storage import matches_dir, new_match_path
from refbox.engine.text import digits
from refbox.ui.widgets.keybar import KeyBar
from refbox.ui.widgets.literal import literal
from refbox.ui.widgets.select import Select

PLAYERS = [("A person", "person"), ("Computer: random (any legal answer)", "random"),
           ("Computer: greedy (best odds now)", "greedy"), ("Computer: search (looks ahead, about 1/2 s)", "search")]
PACES = [("1 s on screen before it is entered", 1.0), ("2 s on screen", 2.0), ("0.3 s on screen", 0.3),
         ("Entered at once", 0.0)]
DICE_MODES = [("Physical dice: type the faces", "physical"), ("Digital dice: refbox rolls", "digital")]


class SetupScreen(Screen):
    CSS_PATH = [Path(__file__).parent / "setup.tcss"]
    BINDINGS = [Binding("escape", "back", "Back"), Binding("ctrl+s", "start", "Start match")]
    PLAYED_BY = "Coach {} is played by"
    """The label of who plays each side (a game whose figures include a coach says "Team")."""

    def __init__(self, entry: Entry) -> None:
        super().__init__()
        self.entry = entry
        self.rules = entry.load()
        self.data = self.rules.data

    def compose(self) -> ComposeResult:
        yield Static(literal(f" refbox · new match · {self.entry.title}"), id="title")
        with Horizontal():
            with VerticalScroll(id="form"):
                yield from self.compose_fields()
                if self.offers_computer:
                    for side in (0, 1):
                        yield Label(self.PLAYED_BY.format(side + 1))
                        yield Select(PLAYERS, value="person", allow_blank=False, id=f"player{side}")
                    yield Static(literal("A computer coach plays only where refbox owns the board (its board, field or mat), not at a table.", "dim"))
                    yield Label("Pace of the computer's moves")
                    yield Select(PACES, value=1.0, allow_blank=False, id="pace")
                yield Label("Dice")
                yield Select(DICE_MODES, value="physical", allow_blank=False, id="dice")
                yield Label("Seed for digital dice (same seed, same rolls)")
                yield Input(str(random.randint(1, 99_999)), id="seed", restrict=r"[0-9]*", max_length=9)
                yield Static(id="error")
                yield Button("Start match (Ctrl+S)", variant="primary", id="start")
            with VerticalScroll(id="preview-box"):
                yield Static(id="preview")
        yield KeyBar()

    def compose_fields(self) -> ComposeResult:
        yield from ()

    @property
    def offers_computer(self) -> bool:
        """A computer coach plays where refbox owns the board: where a new match of this ruleset can have one."""
        return self.rules.computer_can_play(self.rules.Setup.model_validate(self.rules.new_setup()))

    def computer_sides(self) -> dict[int, str]:
        if not self.offers_computer:
            return {}
        players = {side: self.query_one(f"#player{side}", Select).value for side in (0, 1)}
        return {side: level for side, level in players.items() if level != "person"}  # type: ignore[misc]

    def collect(self) -> dict:
        raise NotImplementedError

    def preview(self, setup) -> Text:
        """What the setup will build; names go in as plain text (``Text.append``), never as markup."""
        return Text()

    def on_mount(self) -> None:
        self.refresh_preview()
        first = self.query("#form Input, #form Select").first()  # typing goes to the first field at once
        first.focus()

    @on(Input.Changed)
    @on(Select.Changed)
    def refresh_preview(self) -> None:
        error = self.query_one("#error", Static)
        try:
            setup = self.rules.Setup.model_validate(self.collect())
            self.rules.begin(setup)
        except (ValidationError, RefboxError) as e:
            error.update(_error(_first(e) if isinstance(e, ValidationError) else str(e)))
            self.query_one("#preview", Static).update(literal("What this setup builds shows here once the "
                                                              "problem on the left is fixed.", "dim"))
            return
        error.update(self._full_note())
        self.query_one("#preview", Static).update(self.preview(setup))

    def _full_note(self) -> Text | str:
        """A name field at its limit takes no more characters (a pasted name is cut there): say so."""
        full = [i for i in self.query("#form Input") if i.id != "seed" and i.max_length
                and len(i.value) >= i.max_length]
        if not full:
            return ""
        return literal(f"A name holds {full[0].max_length} characters at most: what was typed past that was "
                       "left out.", "dim")

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        seed_text = self.query_one("#seed", Input).value
        if not digits(seed_text):
            self._refuse("The seed must be a whole number.")
            return
        try:
            setup = self.rules.Setup.model_validate(self.collect())
            root = self.app.data_dir  # type: ignore[attr-defined]
            path = new_match_path(root, self.entry.base)
            matches_dir(root).mkdir(parents=True, exist_ok=True)
            computer = self.computer_sides()
            if computer and not self.rules.computer_can_play(setup):
                self._refuse("The computer coach plays only on refbox's board: choose the on-screen board, "
                             "or a person for both coaches.")
                return
            match = Match.new(self.entry, setup, seed=int(seed_text), path=path,
                              dice_mode=self.query_one("#dice", Select).value)  # type: ignore[arg-type]
            if computer:
                match.change_settings(computer=computer, pace=float(self.query_one("#pace", Select).value))  # type: ignore[arg-type]
                match.save()
        except ValidationError as e:
            self._refuse(_first(e))
            return
        except (RefboxError, OSError) as e:
            self._refuse(str(e))
            return
        self.app.switch_screen(self.app.game_screen(match))  # type: ignore[attr-defined]

    def _refuse(self, message: str) -> None:
        """Why the match cannot start, where the eye is: the message scrolled into view and said in a toast."""
        error = self.query_one("#error", Static)
        error.update(_error(message))
        error.scroll_visible(animate=False)
        self.notify(message, title="Cannot start the match", severity="error", markup=False)

    def action_back(self) -> None:
        self.app.pop_screen()


def _error(message: str) -> Text:
    return literal(f"✗ {message}", "red")


def _first(e: ValidationError) -> str:
    """The first problem, where it is ("teams 1 name") and what it is, in words a person reads."""
    err = e.errors()[0]
    where = " ".join(str(p + 1) if isinstance(p, int) else str(p) for p in err["loc"]) or "setup"
    msg = err["msg"].removeprefix("Value error, ")
    ctx = err.get("ctx") or {}
    if err["type"] == "string_too_short" and ctx.get("min_length") == 1:
        msg = "must not be empty"
    elif err["type"] == "string_too_long" and isinstance(err.get("input"), str):
        msg = f"{len(err['input'])} characters, at most {ctx.get('max_length')} fit"
    return f"{where}: {msg}" if where != "setup" else msg
