"""Ballmonsters!: the setup form (teams, ball names, fiddle points) and the game screen."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label, Static

from refbox.games.ballmonsters.models import TEAM_COLOURS, Setup
from refbox.games.ballmonsters.rules import default_setup
from refbox.ui.screens.game import GameScreen
from refbox.ui.screens.setup import SetupScreen
from refbox.ui.widgets.colours import style
from refbox.ui.widgets.literal import padded
from refbox.ui.widgets.select import Select

BONUSES = [("+0 STR", 0), ("+1 STR", 1), ("+2 STR", 2)]


TCSS = Path(__file__).parent / "ballmonsters.tcss"


class BallmonstersSetupScreen(SetupScreen):
    CSS_PATH = [*SetupScreen.CSS_PATH, TCSS]

    def compose_fields(self) -> ComposeResult:
        low, high = self.data.team.miniballs, self.data.most_miniballs
        defaults = default_setup(miniballs=high)
        colours = [(c, c) for c in TEAM_COLOURS]
        effects = [(Text("no effect"), "none")] + [(Text(e.name), e.id) for e in self.data.effects]
        fiddle = self.data.fiddle
        yield Label("The mat")
        yield Select([("On screen: refbox keeps the mat and measures every shot", "mat"),
                      ("A real mat on the table: the table reports lines, sides, distances", "table")],
                     value=self.rules.new_setup()["board"], allow_blank=False, id="board")
        if high > low:
            yield Label(f"Miniballs a team (the book: {low}; options may give more)")
            yield Select([(f"{n} miniballs", n) for n in range(low, high + 1)], value=low, allow_blank=False,
                         id="miniballs")
        for i, team in enumerate(defaults["teams"]):
            yield Label(f"Team {i + 1}: name and colour")
            with Horizontal(classes="team-row"):
                yield Input(team["name"], id=f"name{i}", max_length=24)
                yield Select(colours, value=team["colour"], allow_blank=False, id=f"colour{i}")
            yield Static(f"Balls ({fiddle.budget} fiddle points a team, at most {fiddle.per_ball} a ball: "
                         "+1 STR or the ball's one effect each)", classes="ball-head")  # fmt: skip
            for j, ball in enumerate([team["monsterball"], *team["miniballs"]]):
                row = Horizontal(classes="ball-row", id=f"row{i}-{j}")
                row.display = j <= low
                with row:
                    yield Static("M" if j == 0 else " ", classes="kind")
                    yield Input(ball["name"], id=f"b{i}-{j}-name", max_length=24, classes="ball-name")
                    yield Select(BONUSES, value=ball.get("str_bonus", 0), allow_blank=False, id=f"b{i}-{j}-str")
                    yield Select(effects, value="none", allow_blank=False, id=f"b{i}-{j}-effect")
        yield Label("Who places the first miniball (and so takes the first shot)")
        yield Select([("Team 1", 0), ("Team 2", 1)], value=0, allow_blank=False, id="first")
        yield Label("A deflated miniball, for the end of the game")
        yield Select([("is off the field (the book)", False), ("still counts as on it (house rule)", True)],
                     value=self.data.ending.deflated_miniballs_count, allow_blank=False, id="deflated")
        yield Label("A ball deflated by fire or sickness")
        yield Select([("scores nothing (the book)", False),
                      (f"scores +{self.data.scoring.deflation} for its opponent (house rule)", True)],
                     value=self.data.scoring.other_deflations_score, allow_blank=False, id="other")

    @property
    def offers_computer(self) -> bool:
        """The computer coach is offered (it plays on the on-screen mat; starting refuses it on the table's)."""
        return True

    def _miniballs(self) -> int:
        if self.data.most_miniballs == self.data.team.miniballs:
            return self.data.team.miniballs
        return self.query_one("#miniballs", Select).value  # type: ignore[return-value]

    @on(Select.Changed, "#miniballs")
    def _show_rows(self) -> None:
        count = self._miniballs()
        for i in (0, 1):
            for j in range(1, self.data.most_miniballs + 1):
                self.query_one(f"#row{i}-{j}").display = j <= count

    def collect(self) -> dict:
        teams = []
        for i in (0, 1):
            balls = [self._ball(i, j) for j in range(self._miniballs() + 1)]
            teams.append({"name": self.query_one(f"#name{i}", Input).value.strip(),
                          "colour": self.query_one(f"#colour{i}", Select).value,
                          "monsterball": balls[0], "miniballs": balls[1:]})  # fmt: skip
        return {"teams": teams, "places_first": self.query_one("#first", Select).value,
                "deflated_miniballs_count": self.query_one("#deflated", Select).value,
                "other_deflations_score": self.query_one("#other", Select).value,
                "board": self.query_one("#board", Select).value}

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
        text.append(f"One monsterball (STR {d.team.monsterball_str}) and {len(setup.teams[0].miniballs)} miniballs "
                    f"(STR {d.team.miniball_str}) a side; STR {d.strength.min}-{d.strength.max}\n\n", style="bold")
        for team in setup.teams:
            text.append(team.name, style=style(team.colour))
            text.append(f" — fiddle points {team.fiddle_points}/{d.fiddle.budget}")
            unspent = d.fiddle.budget - team.fiddle_points
            if unspent > 0:
                text.append(f"  ⚠ {unspent} unspent: +1 STR or an effect each", style="bold yellow")
            text.append("\n")
            for j, ball in enumerate(team.balls):
                base = d.team.monsterball_str if j == 0 else d.team.miniball_str
                effect = d.effect(ball.effect).name if ball.effect else "-"
                kind = "monsterball" if j == 0 else "miniball"
                text.append(f"  {padded(ball.name, 16)} {kind:<12} STR {base + ball.str_bonus}  {effect}\n")
            text.append("\n")
        first = setup.teams[setup.places_first].name
        text.append(f"{first} places the first miniball and takes the first shot.\n\n")
        m = d.mat
        if setup.board == "mat":
            text.append("On-screen mat", style="bold")
            text.append(f": {m.width_mm} x {m.height_mm} mm, refbox keeps every ball's place and measures each shot "
                        "(lines of sight, facing edges, inches, where bounces end). You declare target, edge, "
                        "momentum and vectors; dice as usual.\n\n")
        else:
            text.append("Real mat", style="bold")
            text.append(": the table measures and reports lines, touching sides, inches and resting places.\n\n")
        sc = d.scoring
        text.append("Scoring", style="bold")
        text.append(f": duff +{sc.duff} to the opponent · enemy deflated +{sc.deflation} · own miniball into a portal "
                    f"+{sc.portal}.\n")
        house = []
        if setup.deflated_miniballs_count:
            house.append("a deflated miniball still counts as on the field (the game ends only when a side has "
                         "none left for good)")
        if setup.other_deflations_score:
            house.append(f"a ball deflated by fire or sickness gives its opponent +{sc.deflation}")
        text.append("House rules", style="bold")
        text.append(": " + ("; ".join(house) if house else "none, the book as written") + ".\n\n")
        text.append("Effects", style="bold")
        for e in d.effects:
            text.append(f"\n  {e.name}: {e.summary}")
        return text


class BallmonstersScreen(GameScreen):
    CSS_PATH = [*GameScreen.CSS_PATH, TCSS]
