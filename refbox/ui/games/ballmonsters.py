"""Ballmonsters!: the setup form (teams, ball names, fiddle points) and the game screen."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label, Static

from refbox.games.ballmonsters.models import TEAM_COLOURS, Setup
from refbox.games.ballmonsters.rules import default_setup
from refbox.ui.screens.game import GameScreen
from refbox.ui.screens.setup import SetupScreen
from refbox.ui.widgets.colours import style
from refbox.ui.widgets.select import Select

BONUSES = [("+0 STR", 0), ("+1 STR", 1), ("+2 STR", 2)]


TCSS = Path(__file__).parent / "ballmonsters.tcss"


class BallmonstersSetupScreen(SetupScreen):
    CSS_PATH = [*SetupScreen.CSS_PATH, TCSS]

    def compose_fields(self) -> ComposeResult:
        defaults = default_setup()
        colours = [(c, c) for c in TEAM_COLOURS]
        effects = [(Text("no effect"), "none")] + [(Text(e.name), e.id) for e in self.data.effects]
        fiddle = self.data.fiddle
        for i, team in enumerate(defaults["teams"]):
            yield Label(f"Team {i + 1}: name and colour")
            with Horizontal(classes="team-row"):
                yield Input(team["name"], id=f"name{i}", max_length=24)
                yield Select(colours, value=team["colour"], allow_blank=False, id=f"colour{i}")
            yield Static(f"Balls ({fiddle.budget} fiddle points a team, at most {fiddle.per_ball} a ball: "
                         "+1 STR or the ball's one effect each)", classes="ball-head")  # fmt: skip
            for j, ball in enumerate([team["monsterball"], *team["miniballs"]]):
                with Horizontal(classes="ball-row"):
                    yield Static("M" if j == 0 else " ", classes="kind")
                    yield Input(ball["name"], id=f"b{i}-{j}-name", max_length=24, classes="ball-name")
                    yield Select(BONUSES, value=ball.get("str_bonus", 0), allow_blank=False, id=f"b{i}-{j}-str")
                    yield Select(effects, value="none", allow_blank=False, id=f"b{i}-{j}-effect")
        yield Label("Who places the first miniball (and so takes the first shot)")
        yield Select([("Team 1", 0), ("Team 2", 1)], value=0, allow_blank=False, id="first")

    def collect(self) -> dict:
        teams = []
        for i in (0, 1):
            balls = [self._ball(i, j) for j in range(self.data.team.miniballs + 1)]
            teams.append({"name": self.query_one(f"#name{i}", Input).value.strip(),
                          "colour": self.query_one(f"#colour{i}", Select).value,
                          "monsterball": balls[0], "miniballs": balls[1:]})  # fmt: skip
        return {"teams": teams, "places_first": self.query_one("#first", Select).value}

    def _ball(self, team: int, index: int) -> dict:
        effect = self.query_one(f"#b{team}-{index}-effect", Select).value
        return {
            "name": self.query_one(f"#b{team}-{index}-name", Input).value.strip(),
            "str_bonus": self.query_one(f"#b{team}-{index}-str", Select).value,
            "effect": None if effect == "none" else effect,
        }

    def preview(self, setup: Setup) -> Text:
        d = self.data
        text = Text()
        text.append(f"One monsterball (STR {d.team.monsterball_str}) and {d.team.miniballs} miniballs "
                    f"(STR {d.team.miniball_str}) a side; STR {d.strength.min}-{d.strength.max}\n\n", style="bold")
        for team in setup.teams:
            text.append(team.name, style=style(team.colour))
            text.append(f" — fiddle points {team.fiddle_points}/{d.fiddle.budget}\n")
            for j, ball in enumerate(team.balls):
                base = d.team.monsterball_str if j == 0 else d.team.miniball_str
                effect = d.effect(ball.effect).name if ball.effect else "-"
                kind = "monsterball" if j == 0 else "miniball"
                text.append(f"  {ball.name:<16} {kind:<12} STR {base + ball.str_bonus}  {effect}\n")
            text.append("\n")
        first = setup.teams[setup.places_first].name
        text.append(f"{first} places the first miniball and takes the first shot.\n\n")
        text.append("Scoring", style="bold")
        text.append(": duff +1 to the opponent · enemy deflated +2 · own miniball into a portal +3.\n\n")
        text.append("Effects", style="bold")
        for e in d.effects:
            text.append(f"\n  {e.name}: {e.summary}")
        return text


class BallmonstersScreen(GameScreen):
    CSS_PATH = [*GameScreen.CSS_PATH, TCSS]
