"""The board: one widget that draws any grid from a BoardView (refbox.engine.board), with Textual's line API.

Each board row is one line of text; a square is ``cell_width`` characters and a gap (``board_draw``: tokens
never touch, lines between squares are drawn in it); staggered boards shift odd rows by half a square. Rulers name the rows (left) and the columns (the last line), and stay in place while the
board scrolls under them. A few answers' keys are drawn on their squares (``board_hints``: never over or
beside a figure); every square in reach, where the mover must stop, or targeted shows a glyph as well as a
colour (``MARK_GLYPHS``: it survives NO_COLOR). A click on a square posts ``Board.Clicked``. Only the rows
whose content changed are repainted.
"""

from __future__ import annotations

from operator import itemgetter

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from refbox.engine.board import BoardView
from refbox.engine.geometry.squares import Square
from refbox.ui.widgets.board_draw import MARK_GLYPHS, RULER, Painter, marks_legend, pitch, row_width, shift, team_style
from refbox.ui.widgets.board_hints import drawn_hints
from refbox.ui.widgets.direct import DirectLines
from refbox.ui.widgets.lines import runs

__all__ = ["Board", "marks_legend", "MARK_GLYPHS"]


class Board(DirectLines, ScrollView, can_focus=False):
    DEFAULT_CSS = """
    Board { height: auto; max-height: 100%; scrollbar-size: 1 1; }
    """

    class Overflowed(Message):
        """The board became wider than its pane (or fits again): the screen says how to see the rest."""

    class Clicked(Message):
        """A square was clicked."""

        def __init__(self, square: Square) -> None:
            super().__init__()
            self.square = square

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.view: BoardView | None = None
        self.hints: dict[Square, str] = {}
        """Every answer's square and key (the board keeps them in view)."""
        self.drawn: dict[Square, str] = {}
        """The keys drawn on the board (a few of ``hints``)."""
        self.cursor: Square | None = None
        self.team_looks: dict[str, Style] = {}
        self._rows: list[tuple] = []
        self._squares: list[list[Square]] = []
        """Each row's squares, left to right (made once per board size)."""
        self._strips: dict[int, Strip] = {}
        """Each row as drawn: cut to the visible window ``_window`` (scroll x, width)."""
        self._window = (0, 0)
        self._built: dict[tuple, Strip] = {}
        """Rows drawn lately, by content: an undo and its redo draw nothing new."""
        self._painter = Painter({})
        """Draws squares and gaps, each drawing kept by what it shows: a new row is mostly lookups."""
        self._pad: Style | None = None
        self._margin = 0
        self._label_width = self._name_width = 0
        self._ruler: Strip | None = None

    def set_colours(self, colours: tuple[str, str]) -> None:
        self.team_looks = {"team0": team_style(colours[0]), "team1": team_style(colours[1])}
        self._painter = Painter(self.team_looks)
        self._forget_drawings()
        self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._forget_drawings()

    def _forget_drawings(self) -> None:
        self._ruler = None
        self._strips.clear()
        self._built.clear()
        self._painter = Painter(self.team_looks)
        self._pad = None

    # ---- what to draw ----

    def show(self, view: BoardView, hints: dict[Square, str] | None = None, cursor: Square | None = None) -> None:
        """Draw ``view`` with the option keys ``hints`` on their squares; repaint only the rows that changed."""
        hints = hints or {}
        resized = self.view is None or (view.cols, view.rows, view.cell_width, view.gap, view.stagger) != (
            self.view.cols, self.view.rows, self.view.cell_width, self.view.gap, self.view.stagger)
        ruler = None if self.view is None else (self.view.col_names, self._margin)
        self.view, self.hints, self.cursor = view, hints, cursor
        self.drawn = drawn_hints(view, hints, view.hint_limit)
        self._margin = self._margin_width(view)
        if ruler != (view.col_names, self._margin):  # the columns named anew (Monster Ball: the mover's zones)
            self._ruler = None
            self._strips.pop(-1, None)
            if not resized:
                self.refresh_lines(self.ruler_line, 1)
        if resized or len(self._squares) != view.rows:
            self._squares = [[(c, r) for c in range(view.cols)] for r in range(view.rows)]
        rows = [self._row_key(view, r) for r in range(view.rows)]
        if resized or len(rows) != len(self._rows):
            self._forget_drawings()
            self._rows = rows
            self.virtual_size = Size(self._margin + row_width(view), view.rows + 1)  # the last line: the column ruler
            self.styles.height = view.rows + 1 + (1 if self.show_horizontal_scrollbar else 0)
            self.refresh()
        else:
            changed = [r for r, (old, new) in enumerate(zip(self._rows, rows)) if old != new]
            for r in changed:
                self._strips.pop(r, None)
            for start, count in runs(changed):
                self.refresh_lines(start, count)
            self._rows = rows
        self.keep_action_in_view()

    def watch_show_horizontal_scrollbar(self, shown: bool) -> None:
        """A board wider than its pane gets a horizontal scrollbar, known only after layout: give it its
        own line so that every row stays in view."""
        if self.view is not None:
            self.styles.height = self.view.rows + 1 + (1 if shown else 0)
        self.post_message(self.Overflowed())

    @property
    def overflows(self) -> bool:
        """Part of the board is scrolled out of its pane."""
        return self.view is not None and self.virtual_size.width > self.scrollable_content_region.width

    def scroll_by_squares(self, direction: int) -> None:
        """Half a pane sideways (a whole number of squares, so the left edge stays between two)."""
        if self.view is None:
            return
        w = pitch(self.view)
        step = max(w, self.scrollable_content_region.width // 2 // w * w)
        x = max(0, min(self.max_scroll_x, self.scroll_offset.x + direction * step))
        self.scroll_to(x=x - x % w, animate=False, immediate=True)

    def on_resize(self) -> None:
        """The first show() may come before the widget has a size: scroll the action into view now."""
        self.keep_action_in_view()

    def keep_action_in_view(self) -> None:
        """On a board larger than its pane: the cursor in view when there is one; else the squares asked about
        (the keyed ones) with the focus (the mover, the ball) where they fit together, else as many as fit."""
        view = self.view
        if view is None:
            return
        if self.cursor is not None or not self.hints:
            self.keep_in_view(self.cursor or view.focus)
            return
        window = self.scrollable_content_region
        squares = list(self.hints)
        whole = self._region([*squares, view.focus] if view.focus is not None else squares)
        pad = 2 * pitch(view)  # two squares of what lies around them, where there is room
        around = whole.grow((0, pad, 0, pad)).intersection(Region(0, 0, *self.virtual_size))
        regions = [around, whole]
        if self.drawn:  # too many to show together: the mover and the few keyed (the best) squares
            focus = [view.focus] if view.focus is not None else []
            regions.append(self._region([*self.drawn, *focus]))
        regions.append(self._region(squares))
        for region in regions:
            if region.width <= window.width - self._margin and region.height <= window.height - 1:
                break
        else:
            region = self._densest(squares, window.width - self._margin, view.focus)
        self._show_region(region)

    def _densest(self, squares: list[Square], room: int, focus: Square | None = None) -> Region:
        """The part of the board ``room`` characters wide that holds the most of ``squares`` (they cannot all
        be shown at once: as many as can), with the ``focus`` (the mover) in it when there is one."""
        assert self.view is not None
        w = self.view.cell_width
        xs = sorted(self._x(sq) for sq in squares)
        fx = None if focus is None else self._x(focus)
        pad = min(2 * pitch(self.view), max(0, (room - w) // 4))  # the focus not on the window's very edge
        fl, fr = (0, w) if fx is None else (max(0, fx - pad), fx + w + pad)

        def span(first: int, last: int) -> tuple[int, int]:  # the characters squares first..last take
            left, right = xs[first], xs[last] + w
            return (left, right) if fx is None else (min(left, fl), max(right, fr))

        best, shown, start = -1, (fl, fr), 0
        for end in range(len(xs)):
            while start < end and span(start, end)[1] - span(start, end)[0] > room:
                start += 1
            left, right = span(start, end)
            if right - left <= room and end - start >= best:
                best, shown = end - start, (left, right)
        return Region(self._margin + shown[0], 0, shown[1] - shown[0], 1)

    def _show_region(self, region: Region) -> None:
        """Scroll ``region`` into view with the window's left edge on a square's edge where it fits: cut
        through the middle of a square, a staggered board's rows look shifted the other way round. The
        rulers stay on the left and at the bottom: what they cover is not in view."""
        self.scroll_to_region(Region(region.x - self._margin, region.y, region.width + self._margin,
                                     region.height + 1), animate=False, immediate=True)
        assert self.view is not None
        x, w = self.scroll_offset.x, pitch(self.view)
        if w < 2 or x == 0:
            return
        width = self.scrollable_content_region.width
        aligned = x - x % w
        right = region.right
        for left in (aligned, aligned + w, self.max_scroll_x):  # at the right end: the last square whole
            if 0 <= left <= self.max_scroll_x and left + self._margin <= region.x and right <= left + width:
                break
        else:  # too wide to show whole: its left part, from a square's edge
            left = aligned
        if left != x:
            self.scroll_to(x=left, animate=False, immediate=True)

    def _region(self, squares: list[Square]) -> Region:
        """The board's characters that draw ``squares`` (C-level min and max: hundreds of keyed squares are
        looked at on every key; a staggered row's half square is counted on both sides)."""
        assert self.view is not None
        w = pitch(self.view)
        half = w // 2 if self.view.stagger else 0
        left, right = min(squares)[0], max(squares)[0]
        top, bottom = min(squares, key=itemgetter(1))[1], max(squares, key=itemgetter(1))[1]
        x = self._margin + left * w
        return Region(x, top, (right - left) * w + self.view.cell_width + half, bottom + 1 - top)

    def keep_in_view(self, square: Square | None) -> None:
        if square is None or self.view is None:
            return
        x = self._margin + self._x(square)
        self._show_region(Region(x, square[1], self.view.cell_width, 1))

    def _row_key(self, view: BoardView, r: int) -> tuple:
        """What a row shows: its label, and per square the cell (None: blank), mark and hint; and the cursor's
        column. Built with C-level lookups: a 720-square field is keyed on every key press."""
        squares = self._squares[r]
        cursor = self.cursor[0] if self.cursor is not None and self.cursor[1] == r else -1
        return (self._margin_text(view, r), tuple(map(view.cells.get, squares)), tuple(map(view.marks.get, squares)),
                tuple(map(self.drawn.get, squares)), tuple(map(view.between.get, squares)), cursor)

    @staticmethod
    def width_for(view: BoardView) -> int:
        """The columns ``view`` takes drawn whole: its row ruler and its squares."""
        labels, names = Board._ruler_widths(view)
        margin = (labels + 1 if labels else 0) + names + 1
        return margin + row_width(view)

    @staticmethod
    def _ruler_widths(view: BoardView) -> tuple[int, int]:
        """The left ruler: the rows' labels (a zone), then their names."""
        return (max((len(label) for label in view.row_labels.values()), default=0),
                max((len(view.row_name(r)) for r in range(view.rows)), default=0))

    def _margin_width(self, view: BoardView) -> int:
        self._label_width, self._name_width = self._ruler_widths(view)
        return (self._label_width + 1 if self._label_width else 0) + self._name_width + 1

    def _margin_text(self, view: BoardView, r: int) -> str:
        label = view.row_labels.get(r, "").rjust(self._label_width) + " " if self._label_width else ""
        return label + view.row_name(r).rjust(self._name_width) + " "

    def _x(self, square: Square) -> int:
        assert self.view is not None
        return shift(self.view, square[1]) + square[0] * pitch(self.view)

    # ---- the line API ----

    @property
    def ruler_line(self) -> int:
        """The widget's line that shows the column ruler: its last above the scrollbar."""
        height = self.size.height - (1 if self.show_horizontal_scrollbar else 0)
        return height - 1 if height > 0 and self.view is not None and height <= self.view.rows else (
            self.view.rows if self.view is not None else 0)

    def render_line(self, y: int) -> Strip:
        return self.render_row(y, self.size.width)

    def render_row(self, y: int, width: int) -> Strip:
        """Line ``y`` of the widget at width ``width`` (``DirectLines`` looks the width up once a paint): a
        row of the board under the row ruler, or (the last line) the column ruler."""
        scroll_x, scroll_y = self.scroll_offset
        view = self.view
        if view is None:
            return Strip.blank(width, self.rich_style)
        if (scroll_x, width) != self._window:
            self._window = (scroll_x, width)
            self._strips.clear()
        if self._pad is None:
            self._pad = self.rich_style
        if y == self.ruler_line:  # the ruler stays on the last line, the rows scroll under it
            return self._cropped(-1, self._ruler_strip(), scroll_x, width)
        row = y + scroll_y
        if not 0 <= row < view.rows:
            return Strip.blank(width, self.rich_style)
        return self._cropped(row, None, scroll_x, width)

    def _cropped(self, row: int, whole: Strip | None, scroll_x: int, width: int) -> Strip:
        """The row's margin (the row ruler, which stays) and the part of the board in the window."""
        strip = self._strips.get(row)
        if strip is None:
            assert self.view is not None
            margin = self._margin
            if whole is None:
                whole = self._build(row)
                head = Strip([Segment(self._rows[row][0], RULER)]) if row < len(self._rows) else Strip.blank(margin)
            else:
                head = Strip([Segment(" " * margin, self._pad)])
            room = max(0, width - margin)
            view = self.view
            into = (scroll_x - shift(view, row)) % pitch(view) if row >= 0 else 0  # a square's chars left of the edge
            cut = view.cell_width - into if 0 < into < view.cell_width else 0
            if cut:  # a square cut at the left edge: blanks, never half a figure's code
                body = Strip.join([Strip.blank(cut, self._pad), whole.crop(scroll_x + cut, scroll_x + room)])
            else:
                body = whole.crop(scroll_x, scroll_x + room)
            strip = Strip.join([head, body]).extend_cell_length(width, self._pad).crop(0, width)
            self._strips[row] = strip
        return strip

    def _ruler_strip(self) -> Strip:
        if self._ruler is None:
            assert self.view is not None
            self._ruler = Strip([Segment(Painter.ruler(self.view), RULER)])
        return self._ruler

    def _build(self, row: int) -> Strip:
        """A row's squares (no margin), kept by content."""
        view = self.view
        assert view is not None
        content = (row % 2, self._rows[row][1:] if row < len(self._rows) else ())
        strip = self._built.get(content)
        if strip is not None:
            return strip
        if len(self._built) > 4 * view.rows:
            self._built.clear()
        cells, marks, hints, betweens, cursor = content[1] if content[1] else ((), (), (), (), -1)
        segments = self._painter.row(view, row, cells, marks, hints, betweens, cursor)
        # neighbouring squares drawn alike become one segment: fewer escape codes to write and for the terminal to parse
        strip = self._built[content] = Strip(list(Segment.simplify(segments)))
        return strip

    # ---- the mouse ----

    def on_click(self, event) -> None:
        if event.x < self._margin or event.y >= self.ruler_line:
            return  # the rulers
        square = self.square_at(event.x + self.scroll_offset.x, event.y + self.scroll_offset.y)
        if square is not None:
            event.stop()
            self.post_message(self.Clicked(square))

    def square_at(self, x: int, y: int) -> Square | None:
        """The square under board coordinates (x, y), or None (margin, outside the board)."""
        view = self.view
        if view is None or not 0 <= y < view.rows:
            return None
        x -= self._margin + shift(view, y)
        if x < 0:
            return None
        col = x // pitch(view)  # a click on the gap after a square takes that square
        return (col, y) if col < view.cols else None
