"""Battleball: its setup form (two coaches, who takes which team) and its game screen."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Input, Label

from refbox.games.battleball.data import TEAM_COLOURS
from refbox.ui.screens.game import GameScreen
from refbox.ui.screens.setup import SetupScreen
from refbox.ui.widgets.board import Board
from refbox.ui.widgets.colours import style
from refbox.ui.widgets.literal import padded
from refbox.ui.widgets.lines import Lines, LineText
from refbox.ui.widgets.select import Select


class BattleballSetupScreen(SetupScreen):
    def compose_fields(self) -> ComposeResult:
        teams = [(Text(t.name), t.id) for t in self.data.teams]
        yield Label("Coach 1: name")
        yield Input("Coach 1", id="coach0", max_length=24)
        yield Label("Coach 1 takes (coach 2 gets the other team)")
        yield Select(teams, value=teams[0][1], allow_blank=False, id="team0")
        yield Label("Coach 2: name")
        yield Input("Coach 2", id="coach1", max_length=24)
        yield Label("Board")
        boards = [("On screen: refbox keeps the positions", "screen"),
                  ("Use a physical board: the table reports what happens on it", "table")]
        if self.data.board is None:
            boards = boards[1:]
        yield Select(boards, value=boards[0][1], allow_blank=False, id="board")

    def collect(self) -> dict:
        return {
            "coaches": [self.query_one(f"#coach{i}", Input).value for i in (0, 1)],
            "first_coach_team": self.query_one("#team0", Select).value,
            "board": self.query_one("#board", Select).value,
        }

    def preview(self, setup) -> Text:
        text = Text()
        for coach, team_id in zip(setup.coaches, setup.team_ids()):
            text.append(self.data.team(team_id).name, style=style(TEAM_COLOURS[team_id]))
            text.append(f" — coach {coach}\n")
            for pos in self.data.positions:
                dice = f"{pos.dice if pos.dice > 1 else ''}d{pos.sides} {pos.die_colour}"
                extra = " · 2 squares, keeps one die" if pos.dice > 1 else ""
                text.append(f"  {pos.count} × {padded(pos.name, 13)} {dice}{extra}\n")
            text.append("\n")
        g = self.data.game
        rules = ", ".join(r.name for r in self.data.team_rules)
        b = self.data.board
        if setup.board == "screen" and b is not None:
            text.append("On-screen board", style="bold")
            text.append(f": {b.rows} rows of staggered squares, {b.length} from goal line to goal line, line-ups "
                        f"on the first {b.line}; refbox finds the moves, tackles, throwing distances and where a "
                        "ball may go. Keys: a figure's letter, then the letter drawn on the square.\n")
        else:
            text.append("Physical board", style="bold")
            text.append(": the table moves the figures and tells refbox what happened.\n")
        text.append(f"First to {g.touchdowns_to_win} touchdowns", style="bold")
        text.append(f"; a touchdown ends the half; level after {g.halves} halves: overtime.\n"
                    f"First turn: a d{g.roll_off_die} roll-off at the table (equal rolls roll again).\n")
        text.append(f"Team Rules: {rules}" if rules else
                    "Team Rules: none listed. Add your Locker Room card's options in a house-rules file to pick them.")
        return text


class BattleballScreen(GameScreen):
    """On refbox's board the board and the prompt share the top. The board gets up to its full width and the
    prompt 41 columns (down to 36 so that the board keeps 58); the board scrolls to keep the squares asked
    about in view. A window too short for the board's rows hides the log; one too small for the board screen
    at all says so instead of drawing a broken layout (and takes no game keys until it is larger)."""

    CSS_PATH = [*GameScreen.CSS_PATH, Path(__file__).parent / "battleball.tcss"]
    PROMPT_WIDTH, PROMPT_MIN = 38, 36
    """The prompt's column, and the least it gets."""
    BOARD_WIDE, BOARD_MIN = 58, 40
    """The board's box: the width it keeps before the prompt gives way, and the least that is still a board (a
    dozen squares); whole, it is the row ruler, 43 squares and a half with their gaps, and the border."""
    LOG_ROWS = 5
    """The log's box when the window is short (three lines)."""
    BLOCKED = ("undo", "redo", "roll", "dice", "rosters")
    """Actions refused while the window is too small: they would change what nobody can see."""

    def first_classes(self, width: int, height: int) -> dict[str, bool]:
        return {**super().first_classes(width, height), **self._size_classes(width, height)}

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield LineText(id="too-small")  # shown instead of the rest when the window is too small

    def on_mount(self) -> None:
        self._fit(*self.app.size)
        super().on_mount()

    def on_resize(self, event) -> None:
        self._fit(event.size.width, event.size.height)

    def minimum_size(self) -> tuple[int, int]:
        """The least window the board screen works in: the board's least width beside the prompt's; the
        title, every row of the board, its column ruler and its scrollbar, and the key bar."""
        board = self.match.view().board
        rows = board.rows if board is not None else 0
        return self.BOARD_MIN + self.PROMPT_MIN, 1 + rows + 1 + 1 + 1

    def _size_classes(self, width: int, height: int) -> dict[str, bool]:
        if self.match.view().board is None:
            return {"-too-small": False, "-no-log": False}
        least_w, least_h = self.minimum_size()
        return {"-too-small": width < least_w or height < least_h,
                "-no-log": height < least_h + self.LOG_ROWS}

    def _fit(self, width: int, height: int) -> None:
        """The board's width for this window, and whether the log (or anything) fits."""
        if self.match.view().board is None:
            return
        classes = self._size_classes(width, height)
        self.set_class(classes["-too-small"], "-too-small")
        self.set_class(classes["-no-log"], "-no-log")
        full = Board.width_for(self.match.view().board) + 2
        board = max(min(self.BOARD_WIDE, width - self.PROMPT_MIN), min(full, width - self.PROMPT_WIDTH))
        box = self.query_one("#fieldbox")
        if box.styles.width is None or box.styles.width.value != board:
            box.styles.width = board
        if classes["-too-small"]:
            least_w, least_h = self.minimum_size()
            self.query_one("#too-small", LineText).set_text(Lines(
                f"Battleball's board needs a window of at least {least_w}×{least_h}; this window is "
                f"{width}×{height}.\n\nMake the window larger to go on (nothing is lost: q saves and leaves).",
                style="bold"))

    def too_small(self) -> bool:
        return self.has_class("-too-small")

    def takes_keys(self) -> bool:
        """While the window is too small, game keys do nothing (q and ? still work; see ``check_action``)."""
        return not self.too_small()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.BLOCKED and self.too_small():
            return False
        return super().check_action(action, parameters)

