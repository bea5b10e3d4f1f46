"""The view model of a board, headless: what each square shows and in which role. A game's ``view`` fills
one; the UI's Board widget draws any of them (it never knows which game it is drawing).

Looks are role names, not colours: the widget maps them to styles (team colours come from the match), and
a game names its own roles freely ("endzone", "line", "carnage"): unknown roles draw plain.

Every square has a name, the same on the rulers, in prompts, in the log and in reports: by default its
column's letter and its row's number ("C7"); a game may name columns and rows its own way (``col_names``,
``row_names``) or name squares outright (``square_names``). A name typed back finds its square
(``square_named``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from refbox.engine.geometry.squares import Square

TEAM_LOOKS = ("team0", "team1")
"""The looks of the two sides' figures: drawn in the team colours."""
TOKEN_LOOKS = frozenset({"team0", "team1", "ball", "down", "carnage"})
"""Looks that stand for something on the square (a figure, the ball, a carnage token), unless a cell says
otherwise (``Cell.token``)."""
MAX_HINTS = 8
"""Squares given a key drawn on the board at most; every other answer by name, cursor, click or list."""


def column_letters(n: int) -> str:
    """A, B, ... Z, AA, AB, ...: the default name of column ``n`` (from 0)."""
    name = ""
    n += 1
    while n:
        n, rest = divmod(n - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


@dataclass(slots=True, frozen=True)
class Cell:
    text: str = ""
    """What the square shows, at most ``BoardView.cell_width`` characters (a figure's short id, a ball)."""
    look: str = ""
    """The square's role: "field", "endzone", "team0", "team1", "ball", "out"... ("": plain)."""
    token: bool | None = None
    """Whether something stands on the square (a figure, the ball): None reads it from the look
    (``TOKEN_LOOKS``); an end zone or a zone number drawn in a team's colour says False."""

    @property
    def is_token(self) -> bool:
        return self.look in TOKEN_LOOKS if self.token is None else self.token


_TOKENS = re.compile(r"[0-9]+|[A-Za-z]+")


def name_key(name: str) -> tuple[str, ...]:
    """What identifies a square's name when typed: its numbers and its short letter groups, in order, in
    lower case ("31.12" -> ("31", "12"); "zone 4 column 2, row 7" -> ("4", "2", "7"); "C7" -> ("c", "7"))."""
    out = []
    for token in _TOKENS.findall(name):
        if token.isdigit():
            out.append(str(int(token)))
        elif len(token) <= 2:
            out.append(token.lower())
        else:  # "C7" is one group "C" then "7"; words ("zone", "row") say nothing a typist must repeat
            continue
    return tuple(out)


@dataclass(slots=True)
class BoardView:
    cols: int
    rows: int
    cells: dict[Square, Cell]
    """Squares not listed are drawn as ``blank``."""
    cell_width: int = 2
    gap: int = 1
    """Characters between two squares: tokens side by side never touch ("R1 r1"); 0 for a picture whose
    characters must join (Ballmonsters' mat)."""
    between: dict[Square, Cell] = field(default_factory=dict)
    """Lines drawn in the gap right of a square (a line of scrimmage, a 20-yard line): never over a square."""
    stagger: bool = False
    """Odd rows are drawn half a square to the right (refbox.engine.geometry.staggered)."""
    blank: Cell = Cell("·", "field")
    marks: dict[Square, str] = field(default_factory=dict)
    """Overlays for what the coach must see: "mover", "carrier", "last", "reach", "free" (a square a figure may
    be placed on: a line-up), "stop", "target"."""
    row_labels: dict[int, str] = field(default_factory=dict)
    """Text left of a row (a zone number); the widget keeps a margin as wide as the longest label."""
    caption: str = ""
    """One line under the board: whose turn, what the marks mean."""
    focus: Square | None = None
    """A square to keep in view when the board is larger than its pane (the mover, the ball)."""
    col_names: list[str] | None = None
    """The ruler under the board: each column's name ("" unnamed); None: letters A, B, ..."""
    row_names: list[str] | None = None
    """The ruler left of the board: each row's name; None: numbers from 1."""
    square_names: dict[Square, str] = field(default_factory=dict)
    """Squares named outright (how the game's prompts and log name them); the rest by column and row."""
    name_joint: str = ""
    """What stands between a column's name and a row's in a square's name ("." where both are numbers: 22.14)."""
    worth_keys: list[Square] = field(default_factory=list)
    """Squares that deserve a key drawn on them first, best first (the end zone, the ball, the furthest)."""
    hint_limit: int = MAX_HINTS
    """At most this many keys drawn on the board (a board whose answers are a few named spots draws them all)."""

    def cell(self, sq: Square) -> Cell:
        return self.cells.get(sq, self.blank)

    def col_name(self, col: int) -> str:
        names = self.col_names
        return names[col] if names is not None and 0 <= col < len(names) else column_letters(col)

    def row_name(self, row: int) -> str:
        names = self.row_names
        return names[row] if names is not None and 0 <= row < len(names) else str(row + 1)

    def name(self, sq: Square) -> str:
        """The square's name, as the rulers, the prompts and the log give it."""
        named = self.square_names.get(sq)
        if named is not None:
            return named
        return f"{self.col_name(sq[0])}{self.name_joint}{self.row_name(sq[1])}"

    def square_named(self, text: str, among: list[Square] | None = None) -> Square | None:
        """The square a typed name stands for (spaces, dots and case do not matter), first among ``among``
        when several squares share it ("end zone"); None if no square is named so."""
        key = name_key(text)
        if not key:
            return None
        squares = list(among or []) + [(c, r) for r in range(self.rows) for c in range(self.cols)]
        for sq in squares:
            if name_key(self.name(sq)) == key:
                return sq
        return None
