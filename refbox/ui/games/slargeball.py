"""Slargeball!: its setup form (teams, colours, squads) and its game screen."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label

from refbox.games.slargeball.models import TEAM_COLOURS
from refbox.games.slargeball.lineup import roster
from refbox.ui.screens.game import GameScreen
from refbox.ui.screens.setup import SetupScreen
from refbox.ui.widgets.board import Board, marks_legend
from refbox.ui.widgets.colours import RICH
from refbox.ui.widgets.literal import padded
from refbox.ui.widgets.select import Select

COACH_LIMITS = ("The computer coach beats random play but seldom breaks through a line of opponents (two computer "
                "coaches mostly draw 0 : 0), and it always keeps refbox's line-up.")
"""What the setup says of the computer coach on the field (every rule of the field is played)."""


class SlargeballSetupScreen(SetupScreen):
    PLAYED_BY = "Team {} is played by"  # a Slargeball coach is a figure on the field: "Coach 1" would read as him
    def compose_fields(self) -> ComposeResult:
        colours = [(c, c) for c in TEAM_COLOURS]
        first = self.rules.new_setup()
        for i, team in enumerate(first["teams"]):
            yield Label(f"Team {i + 1}: name and colour")
            with Horizontal(classes="team-row"):
                yield Input(team["name"], id=f"name{i}", max_length=24)
                yield Select(colours, value=team["colour"], allow_blank=False, id=f"colour{i}")
        g = self.data.game
        yield Label(f"Squads per team ({g.squads_min}-{g.squads_max}, the same for both)")
        squads = [(str(n), n) for n in range(g.squads_min, g.squads_max + 1)]
        yield Select(squads, value=first["squads"], allow_blank=False, id="squads")
        yield Label("Field")
        boards = [("On screen: refbox keeps the positions", "screen"),
                  ("At the table: it reports contact and landings", "table")]
        if self.data.field is None:
            boards = boards[1:]
        yield Select(boards, value=first.get("board", "table"), allow_blank=False, id="board")

    @property
    def offers_computer(self) -> bool:
        """A computer coach plays on the field (a new match's board): offered when the ruleset has one;
        starting it at the table is refused with the setup screen's message."""
        return self.data.field is not None

    def collect(self) -> dict:
        return {
            "teams": [
                {"name": self.query_one(f"#name{i}", Input).value.strip(),
                 "colour": self.query_one(f"#colour{i}", Select).value}
                for i in (0, 1)
            ],
            "squads": self.query_one("#squads", Select).value,
            "board": self.query_one("#board", Select).value,
        }

    def preview(self, setup) -> Text:
        text = Text()
        text.append(f"{setup.squads} squad(s) a side · {self.data.balls_for(setup.squads)} ball(s) in play · "
                    f"{self.data.game.turns} turns\n\n", style="bold")
        for team, t in enumerate(setup.teams):
            figs = roster(setup.squads, self.data, team)
            text.append(t.name, style=f"bold {RICH.get(t.colour, t.colour)}")
            text.append(f" — {len(figs)} figures\n")
            counts: dict[str, int] = {}
            for f in figs:
                counts[f.pos] = counts.get(f.pos, 0) + 1
            for pos_id, n in counts.items():
                p = self.data.position(pos_id)
                text.append(f"  {n} × {padded(p.name, 18)} M{p.move} W{p.whap} F{p.fling} N{p.nab}\n")
            text.append("\n")
        if setup.board == "screen":
            text.append("On-screen field", style="bold")
            text.append(": 64 x 32 one-inch squares. refbox works out contact, reach, piles, "
                        "range, landings and the coach's run. Keys: a figure's letter, then the key drawn on its "
                        "square (or the arrows and Enter, or a click). Before the kick-off and after each Break "
                        "Play each team may change refbox's line-up (1 keeps it); 9 in a Move question asks the "
                        "other team to agree to break play.\n")
            text.append(f"{COACH_LIMITS}\n", style="dim")
        else:
            text.append("At the table", style="bold")
            text.append(": the table moves the figures and tells refbox who is in contact and where balls land.\n")
        return text


class SlargeballScreen(GameScreen):
    """At the table: the prompt, scoreboard, rosters and log. On refbox's field the field and the prompt (41
    columns) share the top: two columns a square when the whole field fits beside the prompt, else one (130 x
    40 shows the whole field, its frame and the caption's second line given up when the rows are short); a narrower window
    scrolls the field to what the question is about, a window shorter than the field's rows gives up the log."""

    CSS_PATH = [*GameScreen.CSS_PATH, Path(__file__).parent / "slargeball.tcss"]
    PROMPT_WIDTH = 41
    LOG_ROWS = 5
    FRAME = 2
    """The field box's border, top and bottom (or left and right)."""
    CHROME = 2
    """The screen's title line and key bar."""
    CAPTION = 2
    """The caption's lines under the field: what the signs mean, and the marks (one line when tight)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._compact: tuple | None = None
        """The last board drawn one column a square: (the view's board, its compact copy)."""

    def on_mount(self) -> None:
        self._fit(*self.app.size)
        super().on_mount()

    def on_resize(self, event) -> None:
        self._fit(event.size.width, event.size.height)
        if self.match.state.board:
            self.redraw(full=False)

    def compact(self, board, width: int | None = None) -> bool:
        """Whether ``board`` is drawn one column a square: two do not fit beside the prompt."""
        width = self.app.size.width if width is None else width
        return board.cell_width != 1 and Board.width_for(board) + self.FRAME + self.PROMPT_WIDTH > width

    def board_shown(self, board):
        """The field as drawn: one column a square when two do not fit (``compact_board``)."""
        if board is None or not self.compact(board):
            return board
        if self._compact is None or self._compact[0] is not board:  # a copy: the view is the match's, cached
            self._compact = board, compact_board(board, self.names)
        return self._compact[1]

    def _fit(self, width: int, height: int) -> None:
        board = self.match.view().board
        if board is None:
            return
        compact = self.compact(board, width)
        shown = compact_board(board, self.names) if compact else board
        full = Board.width_for(shown) + self.FRAME
        box = self.query_one("#fieldbox")
        want = max(20, min(full, width - self.PROMPT_WIDTH))
        if box.styles.width is None or box.styles.width.value != want:
            box.styles.width = want
        rows = board.rows + 1  # and the column ruler
        self.set_class(height < rows + self.FRAME + self.CAPTION + self.CHROME + self.LOG_ROWS, "-no-log")
        self.set_class(compact and height < rows + self.FRAME + self.CAPTION + self.CHROME, "-tight")


def compact_board(board, names: tuple[str, str]):
    """``board`` one column a square: a figure shows its key alone (its ball and its fall in its looks:
    underlined carries, grey is down), zones, bunkers and lines their first sign; the caption says so in one
    line (a 40-row window has room for one)."""
    cells = {sq: replace(cell, text=cell.text[:1]) for sq, cell in board.cells.items()}
    marks = marks_legend(board)  # what the question's marks mean first: the line is cut at the field's width
    caption = " · ".join(part for part in (marks, f"{names[0]} a-z, {names[1]} A-Z", "● ball, underlined: carries",
                                           "grey: down", "◌ coming down") if part)  # the ball's sign before the
    # line is cut at the field's width (it ended "◌ ball", the sign of a ball in the air, never of one lying)
    return replace(board, cells=cells, cell_width=1, gap=0, blank=replace(board.blank, text=board.blank.text[:1]),
                   caption=caption)  # no gap: one-letter keys never run together, and the whole field fits
