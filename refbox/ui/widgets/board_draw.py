"""How the Board widget draws a row: the styles of a board's roles and marks, one square's characters, and the
gap between two squares.

A square is ``cell_width`` characters, then ``gap`` characters that belong to no square: two figures side by
side read "R1 r1", never "R1r1". A line drawn between two squares (Monster Ball's line of scrimmage, Battleball's
20-yard line: ``BoardView.between``) sits in that gap and hides no square. A staggered board shifts its odd
rows by half a square and its gap (``pitch // 2`` characters).
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style

from refbox.engine.board import BoardView, Cell
from refbox.ui.widgets.colours import RICH

LOOKS: dict[str, Style] = {
    "field": Style(color="grey50", bgcolor="#17331b"),
    "line": Style(color="grey85", bgcolor="#17331b", bold=True),
    "endzone": Style(color="grey70", bgcolor="#24244a"),
    "half": Style(color="grey42", bgcolor="#10240f"),
    "out": Style(color="grey35", bgcolor="#121212"),
    "ball": Style(color="#ffd75f", bgcolor="#17331b", bold=True),
    "carnage": Style(color="#ff5f5f", bgcolor="#3a1010", bold=True),
    "down": Style(color="grey62", bgcolor="#17331b", italic=True),
}
"""Default styles of the roles a game names; unknown roles draw plain."""

MARKS: dict[str, Style] = {
    "reach": Style(bgcolor="#2e5a32"),
    "free": Style(bgcolor="#2e5a32"),
    "stop": Style(bgcolor="#6b4a12"),
    "target": Style(bgcolor="#7a1f1f"),
    "last": Style(italic=True),
    "mover": Style(reverse=True),
    "carrier": Style(underline=True, bold=True),
    "mover carrier": Style(reverse=True, underline=True, bold=True),
}
AREA_MARKS = frozenset({"reach", "free", "stop", "target"})
"""Marks of an area: the gap between two squares marked alike is coloured too (the area reads as one)."""
HINT = Style(color="black", bgcolor="#ffd700", bold=True)
HINT_ON: dict[str, Style] = {
    "stop": Style(color="black", bgcolor="#ff8700", bold=True),
    "target": Style(color="black", bgcolor="#ff5f5f", bold=True),
}
"""A key drawn on a square marked "stop" or "target" keeps that meaning visible (amber, red)."""
CURSOR = Style(reverse=True, blink=False, bold=True)
MARK_GLYPHS = {"reach": "○", "free": "○", "stop": "◇", "target": "◎", "last": "•"}
"""What an empty square in reach, free to be placed on, where the mover would have to stop, targeted, or on the
last move's path shows (colour or not); a figure at the end of the last move is in italics (an underline is a
carrier's)."""
MARK_WORDS = {"reach": "in reach", "free": "free to stand on", "stop": "must stop there", "target": "target",
              "last": "the last move (its figure in italics)"}
RULER = Style(color="grey58")
STYLE_WORDS = {"mover": "reversed: the mover", "carrier": "underlined: the ball carrier"}
"""A mark of two words ("mover carrier") is both: the mover who carries a ball keeps its underline."""


def marks_legend(view: BoardView) -> str:
    """The marks on ``view`` in words ("○ in reach  ◇ must stop there  underlined: the ball carrier R1"): the
    carrier is named, so that he is known where underlining does not show."""
    shown = set(view.marks.values())
    words = [f"{MARK_GLYPHS[m]} {MARK_WORDS[m]}" for m in MARK_GLYPHS if m in shown]
    if "target" in shown:  # a targeted figure shows its code, not the glyph: it is named, as colour may not show
        aimed = sorted(sq for sq, m in view.marks.items() if m == "target" and view.cell(sq).is_token)
        if aimed:
            at = words.index(f"{MARK_GLYPHS['target']} {MARK_WORDS['target']}")
            words[at] += "s" * (len(aimed) > 1) + " " + " ".join(view.cell(sq).text.strip() for sq in aimed)
    styles = []
    for mark, word in STYLE_WORDS.items():
        squares = [sq for sq, m in view.marks.items() if mark in m.split()]
        if squares:
            codes = " ".join(view.cell(sq).text.strip() for sq in sorted(squares)) if mark == "carrier" else ""
            word = f"{word}s" if mark == "carrier" and len(squares) > 1 else word  # every carrier named
            styles.append(f"{word} {codes}" if codes else word)
    return "  ".join(words + styles)


def team_style(colour: str) -> Style:
    """A figure of a team: its colour as the square's background, dark text on it."""
    return Style(color="black", bgcolor=RICH.get(colour, colour), bold=True)


def pitch(view: BoardView) -> int:
    """Characters from one square's start to the next's: the square and the gap after it."""
    return view.cell_width + view.gap


def shift(view: BoardView, row: int) -> int:
    """How far right a row starts: half a pitch for a staggered board's odd rows."""
    return pitch(view) // 2 if view.stagger and row % 2 else 0


def row_width(view: BoardView) -> int:
    """A row's characters, the rulers left out (a staggered board's odd rows are the longest)."""
    p = pitch(view)
    return view.cols * p + (p // 2 if view.stagger else 0)


class Painter:
    """Draws rows of squares into segments, each square's and each gap's drawing kept by what it shows."""

    def __init__(self, team_looks: dict[str, Style]) -> None:
        self.team_looks = team_looks
        self._known: dict[tuple, Segment] = {}

    def look(self, cell: Cell) -> Style:
        return self.team_looks.get(cell.look) or LOOKS.get(cell.look) or Style()

    def row(self, view: BoardView, row: int, cells: tuple, marks: tuple, hints: tuple, betweens: tuple,
            cursor: int) -> list[Segment]:
        """Row ``row``'s segments: its shift, then each square and the gap after it."""
        known, blank, w, g = self._known, view.blank, view.cell_width, view.gap
        if len(known) > 8192:
            known.clear()
        segments = []
        lead = shift(view, row)
        if lead:
            first = cells[0] if cells and cells[0] is not None else blank
            segments.append(Segment(" " * lead, self.look(blank if first.is_token else first)))
        n = len(cells)
        for col in range(n):
            cell = cells[col] or blank
            key = (cell, marks[col], hints[col], col == cursor)
            segment = known.get(key)
            if segment is None:
                segment = known[key] = self.square(w, *key)
            segments.append(segment)
            if g:
                right = (cells[col + 1] or blank) if col + 1 < n else None
                mark = marks[col] if col + 1 < n and marks[col] == marks[col + 1] in AREA_MARKS else None
                ground = cell if not cell.is_token else right if right is not None and not right.is_token else blank
                key = ("gap", betweens[col], ground.look, mark)
                segment = known.get(key)
                if segment is None:
                    segment = known[key] = self.gap(g, betweens[col], ground, mark)
                segments.append(segment)
        return segments

    def square(self, w: int, cell: Cell, mark: str | None, hint: str | None, is_cursor: bool) -> Segment:
        text, style = cell.text, self.look(cell)
        if mark:
            style = style + MARKS.get(mark, Style())
            if mark in MARK_GLYPHS and not cell.is_token:
                text = MARK_GLYPHS[mark]
        if hint:
            text, style = hint, style + HINT_ON.get(mark or "", HINT)
        if is_cursor:
            style = style + CURSOR
        return Segment(text[:w].center(w), style)

    def gap(self, g: int, line: Cell | None, ground: Cell, mark: str | None) -> Segment:
        """The gap after a square: the ground's colour (never a figure's), an area's mark when both sides have
        it, and a line drawn between the two squares."""
        style = self.look(Cell("", ground.look))
        if mark:
            style = style + MARKS[mark]
        if line is None:
            return Segment(" " * g, style)
        drawn = self.look(line)
        return Segment(line.text[:g].center(g), style + Style(color=drawn.color, bold=drawn.bold))

    @staticmethod
    def ruler(view: BoardView) -> str:
        """The column ruler: each column's name under its square (even rows), those that would run into the
        name before them left out ("10 12 14", never "101112")."""
        p, width = pitch(view), row_width(view)
        text = [" "] * width
        free = 0
        for col in range(view.cols):
            name, x = view.col_name(col), col * p
            if name and x >= free and x + len(name) <= width:
                text[x:x + len(name)] = name
                free = x + len(name) + 1
        return "".join(text)
