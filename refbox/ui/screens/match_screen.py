"""The panels a match is shown in, shared by the game screen and the replay: the title bar; the turn sequence,
or the board and its caption; a centre column that is the screen's own (the prompt, or the replay's moment);
the scoreboard; the rosters (beside a board only after Tab); the log. Everything drawn comes from the
ruleset's ``view`` of a state.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.screen import Screen

from refbox.engine.state import View
from refbox.ui.interpreter import square_name
from refbox.ui.widgets.board import Board, marks_legend
from refbox.ui.widgets.boxes import Column, Row, ScrollColumn
from refbox.ui.widgets.keybar import KeyBar
from refbox.ui.widgets.lines import Lines, LineText
from refbox.ui.widgets.panels import PhaseTracker, RosterTable, Scoreboard


class MatchScreen(Screen):
    CSS_PATH = [Path(__file__).parent / "game.tcss"]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (36, "-tall")]
    """Small terminals hide the phase tracker (the title names the phase) and shrink the log."""

    colours: tuple[str, str] = ("white", "white")

    # ---- what a screen built on it gives ----

    def compose_middle(self) -> ComposeResult:
        """The centre column's widgets."""
        yield from ()

    def compose_log(self) -> ComposeResult:
        """The log box's widget."""
        yield from ()

    def has_board(self) -> bool:
        """Whether the match is shown on a board (asked before the first layout)."""
        return False

    # ---- layout ----

    def first_classes(self, width: int, height: int) -> dict[str, bool]:
        """The classes a window of this size starts with (the size breakpoints, ``-with-board``), set before
        any style is computed: each change of a mounted screen's classes restyles every widget."""
        breakpoints = {name: False for _, name in self.HORIZONTAL_BREAKPOINTS + self.VERTICAL_BREAKPOINTS}
        for size, points in ((width, self.HORIZONTAL_BREAKPOINTS), (height, self.VERTICAL_BREAKPOINTS)):
            reached = [name for at, name in sorted(points) if size >= at]  # the widest breakpoint reached, as Textual picks
            if reached:
                breakpoints[reached[-1]] = True
        breakpoints["-with-board"] = self.has_board()
        return breakpoints

    def compose(self) -> ComposeResult:
        self.update_classes(self.first_classes(*self.app.size), update=False)
        yield LineText(id="title", wrap=False)
        with Row(id="top"):
            with Column(id="phasesbox"):  # the box draws the border: a repaint of the tracker is only its lines
                yield PhaseTracker(id="phases")
            with Column(id="fieldbox"):
                yield Board(id="field")
                yield LineText(id="caption")
            with Column(id="middle"):
                yield from self.compose_middle()
            with Column(id="scoresbox"):
                yield Scoreboard(id="scores")
        with Row(id="rosters"):
            for i in (0, 1):
                with ScrollColumn(classes="roster"):
                    yield RosterTable(id=f"roster{i}")
        with Column(id="logbox"):
            yield from self.compose_log()
        yield KeyBar()

    # ---- drawing ----

    def show_title(self, title: Lines) -> None:
        self.query_one("#title", LineText).set_text(title)

    def show_panels(self, view: View) -> None:
        """The turn sequence (beside no board), the scoreboard and the rosters (when shown) of ``view``."""
        if view.board is None:  # beside a board the turn sequence is never shown (the title names the phase)
            self.query_one(PhaseTracker).show(view)
        self.query_one(Scoreboard).show(view, self.colours)
        if self.rosters_shown(view):  # hidden beside a board until Tab: not even built
            for i, roster in enumerate(view.rosters[:2]):
                self.query_one(f"#roster{i}", RosterTable).show(roster, self.colours)

    def show_board(self, board, hints: dict | None = None, cursor=None) -> None:
        """The board with the answers' keys on their squares and the cursor, and its caption."""
        hints = hints or {}
        self.query_one(Board).show(board, hints, cursor)
        caption = Lines(board.caption, style="dim")
        # the marks' legend has its line whether or not marks are shown: a caption of one height never costs a
        # layout pass on a key
        caption.append(f"\n{marks_legend(board)}", style="dim")
        if cursor is not None:
            caption.append(f"   cursor {square_name(board, cursor)}", style="dim")
            if cursor in hints:
                caption.append(f" [{hints[cursor]}]", style="dim")
        self.query_one("#caption", LineText).set_text(caption)

    def rosters_shown(self, view: View) -> bool:
        return view.board is None or not self.has_class("-with-board") or self.has_class("-show-rosters")

    def action_rosters(self) -> None:
        """On a board screen, Tab shows or hides the rosters under the board; elsewhere it moves the focus."""
        if self.has_class("-with-board"):
            self.toggle_class("-show-rosters")
            self.redraw()  # the rosters are drawn only while shown
        else:
            self.focus_next()

    def redraw(self) -> None:
        """Draw everything again."""

    def action_scroll_board(self, direction: int) -> None:
        self.query_one(Board).scroll_by_squares(direction)
