"""Text drawn with Textual's line API, for the panels that change on every key.

A Static renders (wraps, styles, crops) its whole text again on every update. Here a text is a list of lines,
each a tuple of (text, style) pieces: cheap to build and to compare. Each line is rendered once per width and
kept by its content, so a new text costs lookups for the lines it shares with texts shown lately (an undo and
its redo render nothing new), and only the rows that differ are repainted.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

from refbox.ui.widgets.direct import DirectLines

Piece = tuple[str, str]
"""A run of text and its Rich style (a style string such as "bold cyan"; "" for none)."""
Line = tuple[Piece, ...]

CACHE_LIMIT = 4000
"""Rendered lines kept (a prompt with hundreds of answers shows a window of them at a time)."""


class Lines:
    """A text built like ``rich.text.Text`` (``append(text, style)``, newlines start a new line), kept as lines
    of pieces. The text is never parsed as markup."""

    __slots__ = ("done", "pieces")

    def __init__(self, text: str = "", style: str = "") -> None:
        self.done: list[Line] = []
        self.pieces: list[Piece] = []
        if text:
            self.append(text, style)

    def append(self, text: str, style: str = "") -> Lines:
        if "\n" not in text:
            if text:
                self.pieces.append((text, style))
            return self
        first, *rest = text.split("\n")
        if first:
            self.pieces.append((first, style))
        for part in rest:
            self.done.append(tuple(self.pieces))
            self.pieces = [(part, style)] if part else []
        return self

    def extend(self, other: Lines) -> Lines:
        """Append ``other``: its first line continues this one's last."""
        first, *rest = other.lines
        self.pieces.extend(first)
        for line in rest:
            self.done.append(tuple(self.pieces))
            self.pieces = list(line)
        return self

    @property
    def lines(self) -> list[Line]:
        return [*self.done, tuple(self.pieces)]

    @property
    def plain(self) -> str:
        return "\n".join("".join(text for text, _ in line) for line in self.lines)

    def count(self) -> int:
        """Lines in the text."""
        return len(self.done) + 1

    def strip_end(self) -> Lines:
        """Drop trailing empty lines (as ``Text.rstrip`` would leave them)."""
        while self.done and not self.pieces:
            self.pieces = list(self.done.pop())
        return self

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Lines) and self.lines == other.lines

    __hash__ = None  # type: ignore[assignment]


def runs(rows: list[int]) -> list[tuple[int, int]]:
    """Sorted row numbers as (first, count) runs of consecutive rows: one repaint region per run."""
    out: list[tuple[int, int]] = []
    for y in rows:
        if out and out[-1][0] + out[-1][1] == y:
            out[-1] = (out[-1][0], out[-1][1] + 1)
        else:
            out.append((y, 1))
    return out


class LineText(DirectLines, Widget):
    """Shows ``Lines`` (or a rich ``Text``): long lines wrap or, with ``wrap=False``, end in "…". With
    ``height: auto`` (the default) the widget is as tall as its text (a layout pass only when that height
    changes); with a height from the stylesheet, rows past it are not drawn and a new text never costs a
    layout pass."""

    DEFAULT_CSS = "LineText { height: auto; }"

    def __init__(self, *, wrap: bool = True, **kwargs) -> None:
        super().__init__(**kwargs)
        self.wrap = wrap
        self._parts: tuple[tuple[tuple[Line, ...], bool], ...] = ()
        self._rows: list[Strip] = []
        self._width = 0
        self._cache: dict[tuple, list[Strip]] = {}
        self._base: Style | None = None
        self._blank: Strip | None = None
        self._stale = False

    @property
    def plain(self) -> str:
        """What is shown, as plain text (for tests and screen readers)."""
        return "\n".join("".join(t for t, _ in line) for lines, _ in self._parts for line in lines)

    def set_text(self, text: Text | Lines) -> None:
        """Show ``text``; repaint only the rows that differ from what is on screen."""
        self.set_parts((text, self.wrap))

    def set_parts(self, *parts: tuple[Text | Lines, bool]) -> None:
        """Show texts one below the other, each wrapped or not (a question above answers cut to one line).
        An empty text takes no rows."""
        shown = tuple((as_lines(text), wrap) for text, wrap in parts)
        if shown == self._parts:
            return
        self._parts = shown
        self._lay_out()

    def rows_of(self, text: Text | Lines, wrap: bool = True) -> int:
        """How many rows ``text`` takes at the current width."""
        lines = as_lines(text)
        width = self.content_size.width
        return len(self._render(((lines, wrap),), width)) if width > 0 else len(lines)

    def on_resize(self) -> None:
        self._lay_out()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        if self._base is not None and self.rich_style != self._base:  # new colours (a theme), not a new class
            self._cache.clear()
            self._base = self._blank = None
            self._stale = True  # drawn again when next painted: styles change several times while mounting
            self.refresh()

    def _lay_out(self) -> None:
        width = self.content_size.width
        old, self._rows = self._rows, self._render(self._parts, width) if width > 0 else []
        new = self._rows
        auto = self.styles.height.is_auto
        if width != self._width or not self.is_mounted:
            self._width = width
            self.refresh(layout=auto and len(old) != len(new))
            return
        if auto and len(old) != len(new):
            self.refresh(layout=True)
            return
        changed = [y for y in range(max(len(old), len(new))) if y >= len(old) or y >= len(new) or old[y] is not new[y]]
        for start, count in runs(changed):
            self.refresh(Region(0, start, width, count))

    def _render(self, parts, width: int) -> list[Strip]:
        rows: list[Strip] = []
        cache = self._cache
        if len(cache) > CACHE_LIMIT:
            cache.clear()
        for lines, wrap in parts:
            if lines == ((),):
                continue
            for line in lines:
                key = (line, width, wrap)
                strips = cache.get(key)
                if strips is None:
                    strips = cache[key] = self._render_line(line, width, wrap)
                rows.extend(strips)
        return rows

    def _render_line(self, line: Line, width: int, wrap: bool) -> list[Strip]:
        console = self.app.console
        if self._base is None:
            self._base = self.rich_style
        text = Text.assemble(*line)  # plain pieces: never markup; control characters are dropped
        parts = list(text.wrap(console, width)) if wrap and text.cell_len > width else [text]
        strips = []
        for part in parts:
            if part.cell_len > width:
                part.truncate(width, overflow="ellipsis")
            strip = Strip(list(part.render(console)), part.cell_len)
            strips.append(strip.extend_cell_length(width).apply_style(self._base).simplify())
        return strips

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if width == self._width:
            return len(self._rows)
        return len(self._render(self._parts, width)) if width > 0 else 0

    def render_line(self, y: int) -> Strip:
        return self.render_row(y, self.content_size.width)

    def render_row(self, y: int, width: int) -> Strip:
        """Row ``y`` at content width ``width`` (``DirectLines`` looks the width up once a paint)."""
        if self._stale or width != self._width:  # new colours, or painted before the resize event came
            self._stale = False
            self._width = width
            self._rows = self._render(self._parts, width) if width > 0 else []
        if y < len(self._rows):
            return self._rows[y]
        if self._blank is None or self._blank.cell_length != width:
            self._blank = Strip.blank(width, self.rich_style)
        return self._blank


def as_lines(text: Text | Lines) -> tuple[Line, ...]:
    """The lines of pieces of a ``Lines``, or of a rich ``Text`` (its spans cut at each newline)."""
    if isinstance(text, Lines):
        return tuple(text.lines)
    out = []
    for line in text.split("\n", allow_blank=True):
        plain, pieces, at = line.plain, [], 0
        base = str(line.style) if line.style else ""
        for span in sorted(line.spans, key=lambda s: s.start):
            if span.start > at:
                pieces.append((plain[at:span.start], base))
            start = max(at, span.start)
            if span.end > start:
                pieces.append((plain[start:span.end], f"{base} {span.style}".strip()))
                at = span.end
        if at < len(plain):
            pieces.append((plain[at:], base))
        out.append(tuple(pieces))
    return tuple(out)


class ShownAgainOnResize:
    """For a LineText whose text depends on its width: each ``show(...)`` keeps its arguments in ``_last``,
    and a resize shows them again (before its first layout a widget draws at a guessed width)."""

    _last: tuple | None = None

    def on_resize(self) -> None:
        super().on_resize()  # type: ignore[misc]
        if self._last is not None:
            self.show(*self._last)  # type: ignore[attr-defined]
