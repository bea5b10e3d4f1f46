"""Side panels of the game screen: the turn sequence, the scoreboard, the rosters, the log.

Each panel redraws only when what it shows has changed, and draws plain styled text (not Rich
tables, whose layout pass costs milliseconds per key press)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Static

from refbox.engine.state import LogLine, Roster, View
from refbox.ui.widgets.colours import mark, style
from refbox.ui.widgets.literal import padded, widest
from refbox.ui.widgets.lines import Lines, LineText, ShownAgainOnResize, runs

MARKS = {"done": ("✓", "dim"), "current": ("▶", "bold reverse"), "todo": (" ", "")}


def update_in_place(widget: Static, content: Text) -> None:
    """Update a Static, skipping the layout pass when its height is set by the stylesheet, when the new text takes
    as many lines as the old, or when the widget has no width (hidden, as the turn sequence beside a board, or not laid out yet: its first layout
    will size it)."""
    if content == getattr(widget, "_refbox_content", None):
        return  # the same text: nothing to repaint
    widget._refbox_content = content  # type: ignore[attr-defined]
    if not widget.styles.height.is_auto:  # sized by the stylesheet: its text never changes its size
        widget.update(content, layout=False)
        return
    lines = height(content, widget.content_size.width, widget.app.console)
    widget.update(content, layout=bool(lines) and lines != getattr(widget, "_refbox_lines", None))
    widget._refbox_lines = lines  # type: ignore[attr-defined]


def height(text: Text, width: int, console) -> int:
    """Lines ``text`` takes at ``width`` cells (0 when the width is not known yet). Only lines longer than the
    width are wrapped to count them (wrapping everything costs milliseconds)."""
    if width <= 0:
        return 0
    return sum(1 if cell_len(line) <= width else len(Text(line).wrap(console, width))
               for line in text.plain.split("\n"))


class Panel(LineText):
    """A panel drawn line by line (only changed rows repainted) that skips building its text when ``key``
    says it would show the same thing again."""

    _shown: object = None

    def show_if_changed(self, key: object, build) -> bool:
        """Update (and say so) only when ``key`` differs from what is shown."""
        if key == self._shown:
            return False
        self._shown = key
        self.set_text(build())
        return True


class PhaseTracker(Panel):
    """The turn sequence with the current phase and sub-phase highlighted."""

    def show(self, view: View) -> None:
        rows = tuple((r.name, r.status, r.depth) for r in view.phases)
        self.show_if_changed(rows, lambda: self._text(rows))

    @staticmethod
    def _text(rows) -> Lines:
        text = Lines()
        for name, status, depth in rows:
            mark, look = MARKS[status]
            text.append(f"{'   ' * depth}{mark} {name}\n", style=look)
        return text


SHORT_VALUE = 12
"""Cells a scoreboard keeps beside its labels for a value (a clock, a turn, a score, "groundball")."""


class Scoreboard(ShownAgainOnResize, Panel):
    def show(self, view: View, colours: tuple[str, str]) -> None:
        rows = tuple((s.label, s.value, s.actor) for s in view.scoreboard)
        self._last = (view, colours)
        width = self.content_size.width
        self.show_if_changed((rows, width), lambda: self._text(rows, colours, width))

    @staticmethod
    def _text(rows, colours, room: int = 0) -> Lines:
        """Labels padded to the widest, so that the values line up, but never so far that a short value
        ("1/25") no longer fits beside in ``room`` (a long team name as a label): longer values wrap anyway."""
        width = widest(label for label, _, _ in rows) + 1
        if room:
            width = min(width, max(4, room - SHORT_VALUE - widest(mark(actor) for _, _, actor in rows)))
        text = Lines()
        for label, value, actor in rows:
            look = style(colours[actor]) if actor is not None else ""
            text.append(mark(actor) + padded(label, max(width, cell_len(label) + 1)), style=look)
            text.append(f"{value}\n", style=look)
        return text


class RosterTable(ShownAgainOnResize, Panel):
    def show(self, roster: Roster, colours: tuple[str, str]) -> None:
        self._last = (roster, colours)
        width = self.content_size.width if roster.fold else 0  # a folded roster's layout depends on the width
        key = (roster.title, tuple(map(tuple, roster.rows)), tuple(roster.dim), width)
        self.show_if_changed(key, lambda: self._text(roster, colours, width))

    @staticmethod
    def _text(roster: Roster, colours, width: int = 0) -> Lines:
        """The roster as a table; a folded one two rows a line, unless that is wider than ``width`` (0: unknown)."""
        look = style(colours[roster.actor]) if roster.actor is not None else "bold"
        columns, rows, dim = roster.columns, roster.rows, roster.dim
        widths = _widths(columns, rows)
        if roster.fold and len(rows) > 1:
            paired = _paired(roster)
            paired_widths = _widths(paired[0], paired[1])
            if not width or sum(paired_widths) + len(paired_widths) - 1 <= width:
                (columns, rows, dim), widths = paired, paired_widths
        text = Lines()
        text.append(mark(roster.actor) + roster.title.upper() + "\n", style=look)
        text.append(" ".join(map(padded, columns, widths)).rstrip() + "\n", style="bold dim")
        for i, row in enumerate(rows):
            grey = dim[i] if i < len(dim) else False
            # no padding after the last column: a longer entry there (a ball mark) repaints its own row only
            text.append(" ".join(map(padded, row, widths)).rstrip() + "\n", style="dim" if grey else "")
        return text


def _widths(columns: list[str], rows: list[list[str]]) -> list[int]:
    return [widest([columns[i]] + [r[i] for r in rows]) for i in range(len(columns))]


def _paired(roster: Roster) -> tuple[list[str], list[list[str]], list[bool]]:
    """The first half of the rows beside the second: columns, rows and which lines to grey out (both halves)."""
    rows, dim = roster.rows, roster.dim
    half = (len(rows) + 1) // 2
    blank = [""] * len(roster.columns)
    grey = list(dim) + [False] * (len(rows) - len(dim))
    lines = [rows[i] + ["│"] + (rows[half + i] if half + i < len(rows) else blank) for i in range(half)]
    line_dim = [grey[i] and (half + i >= len(rows) or grey[half + i]) for i in range(half)]
    return roster.columns + ["│"] + roster.columns, lines, line_dim


def _same(old: list[Strip], new: list[Strip], index: int) -> bool:
    """Whether row ``index`` shows the same line (the same cached strip, or nothing) in both."""
    if index >= len(old) or index >= len(new):
        return index >= len(old) and index >= len(new)
    return old[index] is new[index]


def log_text(when: str, what: str, actor, stamp: int, colours: tuple[str, str]) -> Text:
    """A log line: its stamp (turn and phase) padded to ``stamp`` cells, dim, then the line in its team's colour
    (the game screen's log and the replay's)."""
    text = Text(f"{when:<{stamp}}", style="dim")
    text.append(mark(actor) + what, style=style(colours[actor]) if actor is not None else "")
    return text


class MatchLog(ScrollView):
    """The journal, rendered: newest last, stamped with turn and phase, in team colours.

    Line API: only the visible rows are drawn, and each log line's wrapped rendering is kept by its content,
    so a key that adds a line renders that line only, and an undo (which rebuilds the state's log) finds
    every earlier line already rendered. (A Static re-rendered all sixty lines on every input: ~75 ms.)"""

    DEFAULT_CSS = "MatchLog { height: 1fr; overflow-x: hidden; }"

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._items: tuple = ()
        self._colours: tuple[str, str] | None = None
        self._rows: list[Strip] = []
        self._width = 0
        self._cache: dict[tuple, list[Strip]] = {}
        self._base: Style | None = None
        """The widget's colours as a Rich style (looking them up walks every ancestor's styles)."""
        self._drawn: dict[int, tuple[Strip, tuple, Strip]] = {}
        """Each row as drawn last, by the row's id: (row, (scroll x, width), drawn strip)."""

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._base = None
        self._drawn.clear()

    def show(self, lines: list[LogLine], colours: tuple[str, str], limit: int = 60) -> bool:
        """Show at least the last ``limit`` lines (fewer than ``1.5 * limit``: the first line shown moves in
        steps of half the limit, so the rows do not all move on every new line); True if anything changed."""
        step = max(1, limit // 2)
        first = max(0, (len(lines) - limit) // step * step)
        items = tuple((line.stamp, line.audited(), line.actor) for line in lines[first:])
        if items == self._items and colours == self._colours:
            return False
        self._items, self._colours = items, colours
        self._lay_out()
        return True

    def on_mount(self) -> None:
        self.anchor()  # newest last: kept in view as lines come, until the reader scrolls up

    def on_resize(self) -> None:
        self._lay_out()

    def watch_show_vertical_scrollbar(self) -> None:
        """The scrollbar that appears once the log is longer than its box takes two columns: wrap again."""
        self._lay_out()

    def _lay_out(self) -> None:
        width = self.scrollable_content_region.width
        if width <= 0 or self._colours is None:
            return
        stamp = max((len(item[0]) for item in self._items), default=0) + 2
        if len(self._cache) > 4000:
            self._cache.clear()
        rows: list[Strip] = []
        for item in self._items:
            key = (item, stamp, width, self._colours)
            strips = self._cache.get(key)
            if strips is None:
                strips = self._cache[key] = self._render_item(item, stamp, width)
            rows.extend(strips)
        old, self._rows = self._rows, rows
        view = self.scrollable_content_region.height
        bottom = self.scroll_offset.y + view
        # An undo takes the newest lines away: the others stay where they are (a blank row or two at the
        # bottom), so the key repaints those rows, not the whole box. A redo or a new input fills them again.
        keep = width == self._width and view < len(rows) < bottom and len(rows) >= bottom - view // 2
        self._width = width
        self.virtual_size = Size(width, bottom if keep else len(rows))
        if keep or (len(rows) <= bottom and self.scroll_offset.y == max(0, len(rows) - view)):
            top = self.scroll_offset.y  # the view does not move: repaint the rows whose line changed
            changed = [y for y in range(view) if not _same(old, rows, top + y)]
            for start, count in runs(changed):
                self.refresh(Region(0, start, width, count))
            return
        self.scroll_end(animate=False)  # after the refresh, when the scrollbars (and so the end) are known
        self.refresh()

    def _render_item(self, item: tuple, stamp: int, width: int) -> list[Strip]:
        text = log_text(*item, stamp, self._colours)
        console = self.app.console
        return [Strip(list(line.render(console)), line.cell_len) for line in text.wrap(console, width)]

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        if self._base is None:
            self._base = self.rich_style
        index = scroll_y + y
        if index >= len(self._rows):
            return Strip.blank(width, self._base)
        row, window = self._rows[index], (scroll_x, width)
        drawn = self._drawn.get(id(row))
        if drawn is not None and drawn[0] is row and drawn[1] == window:
            return drawn[2]
        if len(self._drawn) > 4 * max(1, self.size.height):
            self._drawn.clear()
        strip = row.apply_style(self._base).crop_extend(scroll_x, scroll_x + width, self._base)
        self._drawn[id(row)] = (row, window, strip)
        return strip

    @property
    def plain(self) -> str:
        """What the log holds, as plain text (for tests)."""
        return "\n".join(f"{when} {what}" for when, what, _ in self._items)
