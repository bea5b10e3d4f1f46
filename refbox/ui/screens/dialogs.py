"""Small modal questions."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class YesNo(ModalScreen[bool]):
    """A question answered with y/Enter or n/Esc."""

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
            yield Static(self.question)
            yield Static("\n[b]y[/b] / Enter: yes    [b]n[/b] / Esc: no")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
