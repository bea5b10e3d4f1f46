"""Battleball: its setup form (two coaches, who takes which team) and its game screen."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Input, Label

from refbox.games.battleball.models import TEAM_COLOURS
from refbox.ui.screens.game import GameScreen
from refbox.ui.screens.setup import SetupScreen
from refbox.ui.widgets.colours import style
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
            "skip_forced": True,
            "fewer_keys": True,
            "fold_confirms": True,
        }

    def preview(self, setup) -> Text:
        text = Text()
        for coach, team_id in zip(setup.coaches, setup.team_ids()):
            text.append(self.data.team(team_id).name, style=style(TEAM_COLOURS[team_id]))
            text.append(f" — coach {coach}\n")
            for pos in self.data.positions:
                dice = f"{pos.dice if pos.dice > 1 else ''}d{pos.sides} {pos.die_colour}"
                extra = " · 2 squares, keeps one die" if pos.dice > 1 else ""
                text.append(f"  {pos.count} × {pos.name:<13} {dice}{extra}\n")
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
    CSS_PATH = [*GameScreen.CSS_PATH, Path(__file__).parent / "battleball.tcss"]

