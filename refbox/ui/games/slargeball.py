"""Slargeball!: its setup form (teams, colours, squads) and its game screen."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label

from refbox.games.slargeball.models import TEAM_COLOURS
from refbox.games.slargeball.lineup import roster
from refbox.ui.screens.game import GameScreen
from refbox.ui.screens.setup import SetupScreen
from refbox.ui.widgets.colours import RICH
from refbox.ui.widgets.literal import padded
from refbox.ui.widgets.select import Select

class SlargeballSetupScreen(SetupScreen):
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

    def collect(self) -> dict:
        return {
            "teams": [
                {"name": self.query_one(f"#name{i}", Input).value.strip(),
                 "colour": self.query_one(f"#colour{i}", Select).value}
                for i in (0, 1)
            ],
            "squads": self.query_one("#squads", Select).value,
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
        return text


class SlargeballScreen(GameScreen):
    CSS_PATH = [*GameScreen.CSS_PATH, Path(__file__).parent / "slargeball.tcss"]
