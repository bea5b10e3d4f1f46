"""The view model of a board, headless: what each square shows and in which role. A game's ``view`` fills
one; the UI's Board widget draws any of them (it never knows which game it is drawing).

Looks are role names, not colours: the widget maps them to styles (team colours come from the match), and
a game names its own roles freely ("endzone", "line", "carnage"): unknown roles draw plain.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from refbox.engine.geometry.squares import Square

TEAM_LOOKS = ("team0", "team1")
"""The looks of the two sides' figures: drawn in the team colours."""


@dataclass(slots=True, frozen=True)
class Cell:
    text: str = ""
    """What the square shows, at most ``BoardView.cell_width`` characters (a figure's short id, a ball)."""
    look: str = ""
    """The square's role: "field", "endzone", "team0", "team1", "ball", "out"... ("": plain)."""


@dataclass(slots=True)
class BoardView:
    cols: int
    rows: int
    cells: dict[Square, Cell]
    """Squares not listed are drawn as ``blank``."""
    cell_width: int = 2
    stagger: bool = False
    """Odd rows are drawn half a square to the right (refbox.engine.geometry.staggered)."""
    blank: Cell = Cell("·", "field")
    marks: dict[Square, str] = field(default_factory=dict)
    """Overlays for what the coach must see: "mover", "carrier", "last", "reach", "stop", "target"."""
    row_labels: dict[int, str] = field(default_factory=dict)
    """Text left of a row (a zone number); the widget keeps a margin as wide as the longest label."""
    caption: str = ""
    """One line under the board: whose turn, what the marks mean."""
    focus: Square | None = None
    """A square to keep in view when the board is larger than its pane (the mover, the ball)."""

    def cell(self, sq: Square) -> Cell:
        return self.cells.get(sq, self.blank)
