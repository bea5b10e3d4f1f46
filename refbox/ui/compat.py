"""Every use of a private Textual API, in one place (tests/test_textual_compat.py fails loudly when a Textual
upgrade moves any of it). pyproject.toml pins Textual to the minor version this was tested with.

- Textual 8.2's drop-down list of a Select (``SelectOverlay``, in the private ``textual.widgets._select``)
  computes its lines when it is first laid out; PageUp or PageDown handled before that (Enter then PageUp typed
  ahead, faster than one frame) looks the highlighted option up in an empty table (the private
  ``_index_to_line``) and raises KeyError, which ends the app. Until that is fixed upstream, the guarded list
  goes to its first or last option instead when it has not been laid out yet.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Select
from textual.widgets._select import SelectCurrent, SelectOverlay

TESTED_WITH = "8.2"
"""The Textual minor version this module was written against (pyproject pins it)."""


class GuardedOverlay(SelectOverlay):
    """A Select's drop-down list that survives a page key typed before its first layout."""

    def _move_page(self, direction) -> None:
        if (self.highlighted or 0) not in self._index_to_line:  # not laid out yet: no pages to move by
            self.action_first() if direction < 0 else self.action_last()
            return
        super()._move_page(direction)


class GuardedSelect(Select):
    """``textual.widgets.Select`` with the guarded drop-down list (same CSS, same messages). Its compose is
    Select's own, with the list swapped."""

    def compose(self) -> ComposeResult:
        yield SelectCurrent(self.prompt)
        yield GuardedOverlay(type_to_search=self._type_to_search).data_bind(compact=Select.compact)
