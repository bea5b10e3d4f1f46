"""Test-wide fixtures: what makes screenshots depend on the wall clock is taken away."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def steady_text_cursor(monkeypatch):
    """A text field's cursor blinks every half second: a snapshot would catch it on or off by chance. In tests
    it stays on (Textual's own blink toggle, made a no-op: test code only, refbox never does this)."""
    from textual.widgets import Input

    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
