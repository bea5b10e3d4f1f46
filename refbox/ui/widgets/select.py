"""Textual's Select, safe against a page key typed the moment its list opens.

Textual 8.2's drop-down list (``SelectOverlay``) computes its lines when it is first laid out; PageUp or
PageDown handled before that (Enter then PageUp typed ahead, faster than one frame) looks the highlighted
option up in an empty table and raises KeyError, which ends the app. Until that is fixed upstream, the
list goes to its first or last option instead when it has not been laid out yet.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Select as TextualSelect
from textual.widgets._select import SelectCurrent, SelectOverlay


class _Overlay(SelectOverlay):
    def _move_page(self, direction) -> None:
        if (self.highlighted or 0) not in self._index_to_line:  # not laid out yet: no pages to move by
            self.action_first() if direction < 0 else self.action_last()
            return
        super()._move_page(direction)


class Select(TextualSelect):
    """``textual.widgets.Select`` with the guarded drop-down list (same CSS, same messages)."""

    def compose(self) -> ComposeResult:
        yield SelectCurrent(self.prompt)
        yield _Overlay(type_to_search=self._type_to_search).data_bind(compact=TextualSelect.compact)
