"""The rule help for the current phase, in refbox's own words, with the rulings that apply."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from refbox.engine.ruleset import RulesetData

KEYS_HELP = """Keys: a die face is one key (1-6 on a d6; two digits or a digit and Enter on bigger dice) · \
r roll digitally · d switch physical/digital dice · 1-9, letters or ↑↓ Enter to choose · Space toggles in a \
selection · Backspace/Esc clears what you typed · u undo · U redo · ? this help · q save and leave · \
Shift+←/→ scroll a board wider than the window · Ctrl+P commands. Every input is saved as you go."""


def reflowed(text: str) -> str:
    """A ruleset file's text with its line breaks inside sentences taken out (the screen wraps it again at its
    own width): a break stays after a sentence or a colon when a new line starts with a capital or a bullet,
    and around a blank line."""
    lines = text.split("\n")
    out = lines[:1]
    for line in lines[1:]:
        before, now = out[-1].rstrip(), line.strip()
        keep = not before or not now or (before[-1] in ".!?:" and (now[0].isupper() or now[0] in "-•*"))
        if keep:
            out.append(line)
        else:
            out[-1] = f"{before} {now}"
    return "\n".join(out)


def help_text(data: RulesetData, phase_id: str) -> Text:
    text = Text()
    text.append(f"{data.meta.title}", style="bold")
    if data.meta.source:
        text.append(f"  ({data.meta.source})", style="dim")
    text.append("  · Esc closes this help\n\n", style="dim")
    phase = next((p for p in data.phases if p.id == phase_id), None)
    if phase is not None:
        text.append(f"{phase.name}\n", style="bold underline")
        text.append(f"{reflowed(phase.help)}\n\n")
    rulings = data.rulings_for(phase_id)
    if rulings:
        text.append("Rulings that apply here\n", style="bold underline")
        for r in rulings:
            text.append(f"• {r.ruling}\n")
            text.append(f"  Why: {r.reason}\n", style="dim")
        text.append("\n")
    if data.not_implemented:
        text.append("Not refereed by refbox (yet)\n", style="bold underline")
        for item in data.not_implemented:
            text.append(f"• {item}\n")
        text.append("\n")
    text.append(KEYS_HELP, style="dim")
    return text


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,question_mark,q", "dismiss", "Close")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 90%; height: 85%; border: thick $accent; background: $surface; padding: 1 2; }
    """

    def __init__(self, data: RulesetData, phase_id: str) -> None:
        super().__init__()
        self._text = help_text(data, phase_id)

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self._text)

    def action_dismiss(self) -> None:
        self.dismiss(None)
