"""Containers that keep the lines they drew.

A repaint covers one rectangle around every changed row, so each key asks every container under it (the
screen's rows, columns and bordered boxes) for its lines again: background, border and padding that have
not changed. Textual's answer costs about 40 µs a container even when it only looks lines up. These
containers keep their last lines and hand them back until their size, their style, the app's line filters
or a refresh of their own says otherwise.
"""

from __future__ import annotations

from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget


class KeptLines:
    """Mixin (first among the bases; not a widget itself, so the CSS type stays the container's)."""

    _kept: dict[int, Strip] | None = None
    _kept_for: tuple = ()

    def render_lines(self: Widget, crop: Region) -> list[Strip]:  # type: ignore[misc]
        size = self.outer_size  # the lines asked for are the whole box's, border and padding included
        whole = (0, size.width)
        stamp = (size, tuple(map(id, self.get_line_filters())))
        kept = self._kept if stamp == self._kept_for else None
        if kept is not None and crop.column_span == whole:
            try:
                return [kept[y] for y in crop.line_range]
            except KeyError:
                pass
        strips = super().render_lines(crop)  # type: ignore[misc]
        if crop.column_span == whole:
            if kept is None:
                kept = self._kept = {}
                self._kept_for = stamp
            kept.update(zip(crop.line_range, strips))
        return strips

    def refresh(self, *regions: Region, **kwargs) -> Widget:  # type: ignore[misc]
        self._kept = None
        return super().refresh(*regions, **kwargs)  # type: ignore[misc]

    def notify_style_update(self) -> None:
        self._kept = None
        super().notify_style_update()  # type: ignore[misc]


class Row(KeptLines, Horizontal):
    """A Horizontal that keeps its lines."""


class Column(KeptLines, Vertical):
    """A Vertical that keeps its lines."""


class ScrollColumn(KeptLines, VerticalScroll):
    """A VerticalScroll that keeps its lines."""
