"""Test-wide fixtures: what makes screenshots depend on the wall clock is taken away, and a test that leaves the
garbage collector off (``refbox sim``'s games turn it off for random play) fails itself, not a later test that
happens to share its process."""

from __future__ import annotations

import gc

import pytest


@pytest.fixture(autouse=True)
def collector_left_as_found():
    before = gc.isenabled()
    yield
    if gc.isenabled() != before:
        gc.enable() if before else gc.disable()
        pytest.fail(f"the test left the garbage collector {'off' if before else 'on'} (FREEZER.thaw() gives it back)")


@pytest.fixture(autouse=True)
def steady_text_cursor(monkeypatch):
    """A text field's cursor blinks every half second: a snapshot would catch it on or off by chance. In tests
    it stays on (Textual's own blink toggle, made a no-op: test code only, refbox never does this)."""
    from textual.widgets import Input

    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
