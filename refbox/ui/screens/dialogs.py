"""Small modal questions."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from refbox.ui.widgets.literal import joined, literal


class YesNo(ModalScreen[bool]):
    """A question answered with y/Enter or n/Esc. The question is shown literally (it may quote file names)."""

    BINDINGS = [Binding("y,enter", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]
    DEFAULT_CSS = """
    YesNo { align: center middle; }
    YesNo > Vertical { width: 80%; height: auto; border: thick $warning; background: $surface; padding: 1 2; }
    """

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(literal(self.question))
            yield Static(joined("\n", ("y", "bold"), " / Enter: yes    ", ("n", "bold"), " / Esc: no"))

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
