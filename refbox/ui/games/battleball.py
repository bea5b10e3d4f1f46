"""Battleball: its setup form (two coaches, who takes which team) and its game screen."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.widgets import Input, Label, Select

from refbox.games.battleball.models import TEAM_COLOURS
from refbox.ui.screens.game import GameScreen
from refbox.ui.screens.setup import SetupScreen
from refbox.ui.widgets.colours import style


class BattleballSetupScreen(SetupScreen):
    def compose_fields(self) -> ComposeResult:
        teams = [(t.name, t.id) for t in self.data.teams]
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
        }

    def preview(self, setup) -> str:
        lines = []
        for coach, team_id in zip(setup.coaches, setup.team_ids()):
            lines.append(f"[{style(TEAM_COLOURS[team_id])}]{self.data.team(team_id).name}[/] — coach {coach}")
            for pos in self.data.positions:
                dice = f"{pos.dice if pos.dice > 1 else ''}d{pos.sides} {pos.die_colour}"
                extra = " · 2 squares, keeps one die" if pos.dice > 1 else ""
                lines.append(f"  {pos.count} × {pos.name:<13} {dice}{extra}")
            lines.append("")
        g = self.data.game
        rules = ", ".join(r.name for r in self.data.team_rules)
        b = self.data.board
        if setup.board == "screen" and b is not None:
            lines.append(f"[b]On-screen board[/]: {b.rows} rows of staggered squares, {b.length} from goal line "
                         f"to goal line, line-ups on the first {b.line}; refbox finds the moves, tackles, "
                         "throwing distances and where a ball may go. Keys: a figure's letter, then the "
                         "letter drawn on the square.")
        else:
            lines.append("[b]Physical board[/]: the table moves the figures and tells refbox what happened.")
        lines += [
            f"[b]First to {g.touchdowns_to_win} touchdowns[/]; a touchdown ends the half; level after "
            f"{g.halves} halves: overtime.",
            f"First turn: a d{g.roll_off_die} roll-off at the table (equal rolls roll again).",
            f"Team Rules: {rules}" if rules else
            "Team Rules: none listed. Add your Locker Room card's options in a house-rules file to pick them.",
        ]
        return "\n".join(lines)


class BattleballScreen(GameScreen):
    CSS_PATH = [*GameScreen.CSS_PATH, Path(__file__).parent / "battleball.tcss"]

