"""Rülerball: the setup form with its roster editor, and the game screen.

The roster editor is where the user enters the figures' stats from their own rulebook (refbox ships
none); blank stats fall back to the ruleset's role defaults, else the table enters outcomes.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label, Static

from refbox.games.rulerball.data import STATS
from refbox.games.rulerball.models import ROLE_NAMES, TEAM_COLOURS, Setup, default_team
from refbox.games.rulerball.view import SweepCell, phase_id, sweep_cells
from refbox.ui.screens.game import GameScreen
from refbox.ui.screens.setup import SetupScreen
from refbox.ui.widgets.colours import RICH
from refbox.ui.widgets.lines import Lines, LineText, ShownAgainOnResize
from refbox.ui.widgets.select import Select

STAT_HEADS = {"speed": "Spd", "skill": "Skl", "combat": "Cmb", "toughness": "Tgh"}
ROLLS = ("field", "avoid", "handoff", "combat", "injury", "shot")


def _number(text: str) -> int | str | None:
    """Blank is "not set"; anything else goes to the model, which names a bad value."""
    text = text.strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        return text


class RulerballSetupScreen(SetupScreen):
    CSS_PATH = [*SetupScreen.CSS_PATH, Path(__file__).parent / "rulerball.tcss"]

    def compose_fields(self) -> ComposeResult:
        colours = [(c, c) for c in TEAM_COLOURS]
        yield Static("Stats come from your rulebook; a blank stat is not set (the table enters outcomes). "
                     "Sector: where the figure starts, and stands again after every reset.", classes="intro")
        for i in (0, 1):
            team = default_team(i)
            yield Label(f"Team {i + 1}: name and colour")
            with Horizontal(classes="team-row"):
                yield Input(team.name, id=f"name{i}", max_length=20)
                yield Select(colours, value=team.colour, allow_blank=False, id=f"colour{i}")
            yield Static("   Figure               " + "".join(f"{STAT_HEADS[s]:<6}" for s in STATS)
                         + "Sector", classes="fig-head")
            for j, fig in enumerate(team.figures):
                with Horizontal(classes="fig-row"):
                    yield Static(ROLE_NAMES[fig.role][0], classes="role")
                    yield Input(fig.name, id=f"f{i}-{j}-name", max_length=24, classes="fig-name", compact=True)
                    for stat in STATS:
                        yield Input("", id=f"f{i}-{j}-{stat}", restrict=r"-?[0-9]*", max_length=3,
                                    placeholder="-", classes="stat", compact=True)
                    yield Input(str(fig.start_sector), id=f"f{i}-{j}-sector", restrict=r"[0-9]*", max_length=2,
                                classes="sector", compact=True)

    def collect(self) -> dict:
        teams = []
        for i in (0, 1):
            figures = []
            for j, fig in enumerate(default_team(i).figures):
                row = {"name": self._value(f"f{i}-{j}-name"), "role": fig.role,
                       "start_sector": _number(self._value(f"f{i}-{j}-sector"))}
                row.update({stat: _number(self._value(f"f{i}-{j}-{stat}")) for stat in STATS})
                figures.append(row)
            teams.append({"name": self._value(f"name{i}"), "colour": self.query_one(f"#colour{i}", Select).value,
                          "figures": figures})
        return {"teams": teams}

    def _value(self, widget_id: str) -> str:
        return self.query_one(f"#{widget_id}", Input).value.strip()

    def preview(self, setup: Setup) -> Text:
        d = self.data
        text = Text()
        text.append(f"{d.clock.periods} periods of {d.clock.period_minutes} minutes · one turn a minute · "
                    f"{d.track.sectors} sectors\n\n", style="bold")
        for t in setup.teams:
            starts = sorted({f.start_sector for f in t.figures})
            stats = sum(1 for f in t.figures for s in STATS if getattr(f, s) is not None)
            text.append(t.name, style=f"bold {RICH.get(t.colour, t.colour)}")
            text.append(f" — {len(t.figures)} figures, starting in sector(s) {', '.join(map(str, starts))}; "
                        f"{stats} stat(s) set\n")
        rolls = [r for r in ROLLS if getattr(d.rolls, r) is not None]
        text.append("\nRolls from your numbers: " + (", ".join(rolls) if rolls else "none set") + "\n"
                    "Anything without numbers is entered as an outcome by the table.\n"
                    + (f"Injury table: {len(d.injuries)} result(s)" if d.injuries else "Injury table: not set"))
        return text


class SweepStrip(ShownAgainOnResize, LineText):
    """The initiative marker's sweep in one glance: each sector, how many of its figures are done."""

    MOST_A_ROW = 6

    def show(self, cells: list[SweepCell], fighting: bool) -> None:
        """A cell per sector ("▶S12 0/12"), as many to a row as the width holds (up to six), the rows broken
        between cells, never inside one."""
        self._last = (cells, fighting)
        self.display = bool(cells)
        if not cells:
            return
        counts = [f"{c.done}/{c.total}" if c.total else "-" for c in cells]
        room = max(4, *map(len, counts))  # "0/10", or "10/10" once ten figures moved
        words = [f"{'▶' if c.current else ' '}S{c.sector:<2} {count:<{room}}" for c, count in zip(cells, counts)]
        per_row = max(1, min(self.MOST_A_ROW, (self.content_size.width or 60) // len(words[0])))
        text = Lines("Fight sweep" if fighting else "Move sweep", style="bold")
        text.append("  · sector: fought/figures\n" if fighting else "  · sector: moved/figures\n", style="dim")
        for i, (cell, word) in enumerate(zip(cells, words)):
            look = "bold reverse" if cell.current else "dim" if cell.passed or not cell.total else ""
            text.append(word, style=look)
            if i % per_row == per_row - 1 and i < len(cells) - 1:
                text.append("\n")
        self.set_text(text)


class RulerballScreen(GameScreen):
    CSS_PATH = [*GameScreen.CSS_PATH, Path(__file__).parent / "rulerball.tcss"]

    def on_mount(self) -> None:
        self.query_one("#middle").mount(SweepStrip(id="sweep"), before="#prompt")
        super().on_mount()

    def action_rosters(self) -> None:
        """On a short terminal the rosters make way for the prompt: Tab shows or hides them."""
        if self.has_class("-short"):
            self.toggle_class("-show-rosters")
        else:
            super().action_rosters()

    def redraw(self, full: bool = True) -> None:
        super().redraw(full)
        strip = self.query("#sweep")
        if full and strip:
            state, data = self.match.state, self.match.data
            strip.first(SweepStrip).show(sweep_cells(state, data), phase_id(state) == "combat")
