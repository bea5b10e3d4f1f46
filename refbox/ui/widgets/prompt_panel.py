"""The centre of the game screen: what to do now, for whom, and the legal answers or the roll's odds."""

from __future__ import annotations

import io
from dataclasses import dataclass, field

from rich.console import Console, Group
from rich.style import Style as RichStyle
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from refbox.engine.dice import percent
from refbox.engine.prompts import Choose, Confirm, GameOver, Number, Pick, Roll
from refbox.ui.keys import FaceEntry, assign_keys
from refbox.ui.widgets.colours import style


@dataclass
class Interaction:
    """What the user has typed or highlighted for the pending prompt (UI state, never journaled)."""

    cursor: int = 0
    picked: set[str] = field(default_factory=set)
    faces: FaceEntry | None = None
    number: str = ""
    error: str = ""
    code: str = ""
    """The first key of a two-key option code, waiting for the second."""
    square: tuple[int, int] | None = None
    """The board cursor (arrow keys), when the options stand on squares."""
    result: str = ""
    """The outcome of the last input, in words."""


WINDOW = 24
"""At most this many options are listed at once, a window around the cursor: a move on a board may offer
hundreds of squares (all keyed on the board), and drawing every line would make each key press slow."""


class PromptPanel(Static):
    cursor_line = 0
    """The line of the highlighted option, so the screen can keep it in view."""

    def show(self, prompt, names: tuple[str, str], colours: tuple[str, str], ui: Interaction, dice_mode: str,
             head_widget: Static | None = None) -> None:
        """Draw the prompt; the question itself goes to ``head_widget`` (kept in view above the options)."""
        head_parts: list = []
        if ui.result:
            head_parts.append(Text(f"↳ {ui.result}", style="italic"))
        who = names[prompt.actor] if prompt.actor is not None else "Referee"
        head = Text()
        head.append(f"NOW: {who} ▸ ", style=style(colours[prompt.actor]) if prompt.actor is not None else "bold")
        head.append(prompt.text)
        head_parts.append(head)
        parts: list = []
        self.cursor_line = ui.cursor + 1  # where the highlighted option is drawn
        if isinstance(prompt, (Choose, Pick)):
            parts.append(self._options(prompt, colours, ui))
        elif isinstance(prompt, Roll):
            parts.append(self._roll(prompt, ui, dice_mode))
        elif isinstance(prompt, Number):
            unit = f" {prompt.unit}" if prompt.unit else ""
            parts.append(Text(f"\n  > {ui.number or '_'}{unit}   ({prompt.min}-{prompt.max}; type digits, Enter)"))
        elif isinstance(prompt, Confirm):
            parts.append(Text("\n[Enter] done", style="bold"))
        elif isinstance(prompt, GameOver):
            parts.append(Text("\n[u] undo the last input   [q] back to the home screen", style="dim"))
        if ui.error:
            parts.append(Text(f"\n✗ {ui.error}", style="bold red"))
        self.shown_head = Group(*head_parts)
        if head_widget is None:
            parts = [*head_parts, *parts]
        else:
            head_widget.update(self.shown_head)
        self.shown = Group(*parts)
        self.update(self.shown)

    @property
    def plain(self) -> str:
        """What the panel shows, as plain text (for tests and screen readers)."""
        console = Console(width=400, file=io.StringIO(), color_system=None)
        with console.capture() as capture:
            console.print(self.shown_head)
            console.print(self.shown)
        return capture.get()

    def _options(self, prompt: Choose | Pick, colours: tuple[str, str], ui: Interaction) -> Text:
        text = Text("\n")
        keys = assign_keys([o.key for o in prompt.options])
        width = max((len(k) for k in keys), default=1)
        n = len(prompt.options)
        start = max(0, min(ui.cursor - WINDOW // 2, n - WINDOW)) if n > WINDOW else 0
        stop = min(n, start + WINDOW)
        on_board = " (every one has its key on the board)" if any(o.at is not None for o in prompt.options) else ""
        if start:
            text.append(f"  ↑ {start} more above (PgUp){on_board}\n", style="dim")
        self.cursor_line = 1 + (1 if start else 0) + ui.cursor - start
        for i in range(start, stop):
            opt, key = prompt.options[i], keys[i]
            mark = "▶" if i == ui.cursor else " "
            box = ("[x] " if opt.id in ui.picked else "[ ] ") if isinstance(prompt, Pick) else ""
            click = RichStyle(meta={"@click": f"screen.click_option({i})"})  # the mouse works too
            label = Text(f"{mark} [{key:<{width}}] {box}", style="reverse" if i == ui.cursor else "")
            label.stylize(click)
            look = style(colours[opt.actor]) if opt.actor is not None else ""
            if opt.chance is not None:
                label.append(f"{percent(opt.chance):>7} ", style="bold cyan")
            label.append(opt.label, style=look)
            if opt.hint:
                label.append(f"  ({opt.hint})", style="dim")
            text.append_text(label)
            text.append("\n")
        if stop < n:
            text.append(f"  ↓ {n - stop} more below (PgDn){on_board}\n", style="dim")
        if prompt.refused:
            text.append("Not now: ", style="dim bold")
            text.append("; ".join(f"{r.label} ({r.reason})" for r in prompt.refused) + "\n", style="dim")
        if ui.code:
            text.append(f"\n{ui.code}_ : the second key of the code", style="bold")
        if isinstance(prompt, Pick):
            text.append("\nkeys/Space toggle · Enter confirms the selection"
                        + (" (none is fine)" if prompt.min == 0 else ""), style="dim")
        else:
            text.append("\npress a key, or ↑↓ and Enter", style="dim")
        return text

    def _roll(self, prompt: Roll, ui: Interaction, dice_mode: str) -> Table:
        table = Table.grid(padding=(0, 2))
        table.add_column()
        table.add_column()
        typed = ui.faces.faces if ui.faces else []
        for i, die in enumerate(prompt.dice):
            face = str(typed[i]) if i < len(typed) else (ui.faces.pending + "_" if ui.faces and i == len(typed) else "·")
            table.add_row(Text(f"d{die.sides}  [{face:>2}]", style="bold"), Text(f"{die.label}  {die.note}"))
        table.add_row(Text(""), Text(""))
        table.add_row(Text("Succeeds", style="dim"), Text(prompt.success))
        for outcome in prompt.odds:
            table.add_row(Text(percent(outcome.probability), style="bold cyan"), Text(outcome.label))
        hint = ("[r]/Space roll digitally · or type the faces of real dice" if dice_mode == "digital"
                else "type the faces of the dice · [r] roll digitally for this one roll")
        table.add_row(Text(""), Text(hint, style="dim"))
        return table
