"""Monster Ball: the setup form (sides, line-ups, referee, kick-off, victory) and the game screen.

The game screen adds the captain's one-minute countdown: the screen owns it (the rules never read a
clock), restarts it whenever a new captain's half-round begins, pauses it with Ctrl+T, and when it
runs out answers the pending menu with "time's up", an ordinary journaled input.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Input, Label, Select, Static

from refbox.engine.prompts import Event
from refbox.games.monster_ball.models import Setup
from refbox.games.monster_ball.view import field_strip
from refbox.ui.screens.game import GameScreen
from refbox.ui.screens.setup import SetupScreen
from refbox.ui.widgets.colours import style

SIDES = [("Law", 0), ("Chaos", 1)]


class MonsterBallSetupScreen(SetupScreen):
    CSS_PATH = [*SetupScreen.CSS_PATH, Path(__file__).parent / "monster_ball.tcss"]

    def compose_fields(self) -> ComposeResult:
        yield Label("Team names: Law (blue bases) and Chaos (red bases)")
        with Horizontal(classes="team-row"):
            yield Input("Law", id="law", max_length=24)
            yield Input("Chaos", id="chaos", max_length=24)
        yield Label("Line-ups")
        yield Select([("The suggested first-game teams", "presets"), ("Gym-class picks from a shared pool", "gym_class")],
                     value="presets", allow_blank=False, id="lineups")
        yield Label("Who won the coin toss, and their choice")
        with Horizontal(classes="team-row"):
            yield Select(SIDES, value=0, allow_blank=False, id="coin")
            yield Select([("receives the kick", "receive"), ("kicks off", "kick")], value="receive", allow_blank=False, id="choice")
        yield Label("Referee (a cheat die at or under the number is spotted)")
        referees = [(f"{r.name} ({r.catches_at_most})", r.id) for r in self.data.referees]
        yield Select(referees, value="hydra-harry", allow_blank=False, id="referee")
        yield Label("Victory")
        q, minutes = self.data.clock.quarters, self.data.clock.quarter_seconds // 60
        yield Select([(f"First to {self.data.scoring.target_points} points", "points"), (f"The game clock: {q} x {minutes} minutes", "clock")],
                     value="points", allow_blank=False, id="victory")
        yield Label(f"Captain's time limit ({self.data.clock.captain_seconds} s a half-round)")
        yield Select([("On: a countdown ends the half-round", True), ("Off", False)], value=True, allow_blank=False, id="minute")

    def collect(self) -> dict:
        value = lambda wid: self.query_one(f"#{wid}", Select).value  # noqa: E731
        return {
            "law_name": self.query_one("#law", Input).value.strip(),
            "chaos_name": self.query_one("#chaos", Input).value.strip(),
            "lineups": value("lineups"),
            "coin_winner": value("coin"),
            "winner_choice": value("choice"),
            "referee": value("referee"),
            "victory": value("victory"),
            "captain_minute": value("minute"),
        }

    def preview(self, setup: Setup) -> str:
        d = self.data
        names = (setup.law_name, setup.chaos_name)
        colours = (setup.law_colour, setup.chaos_colour)
        ref = d.referee(setup.referee)
        lines = [f"[b]{names[setup.kicking_team]} kick off[/b] · {ref.name}: {ref.blurb}", ""]
        if setup.lineups == "gym_class":
            pool = sum(d.gym_class_pool.values())
            lines += [f"Gym class: {names[1 - setup.coin_winner]} pick first from a pool of {pool}:", ""]
            lines += [f"  {n} × {d.creature(c).law}/{d.creature(c).chaos}" for c, n in d.gym_class_pool.items()]
        else:
            for side in (0, 1):
                lines.append(f"[{style(colours[side])}]{names[side]}[/]")
                for unit in ("offense", "defense"):
                    counts = getattr(d.presets.side(side), unit)
                    lines.append(f"  {unit} ({sum(counts.values())})")
                    for cid, n in counts.items():
                        c = d.creature(cid)
                        dice = f"M{c.move} H{c.hustle} B{c.block} T{c.tackle} P{c.pass_} C{c.catch} K{c.kick} ch{c.cheat}"
                        lines.append(f"    {n} × {c.name(side):<13} {dice}")
                lines.append("")
        lines.append("Dice are given by their sides: H8 is a d8 for Hustle.")
        return "\n".join(lines)


class CaptainClock(Static):
    """The captain on the clock and the seconds left, or why no clock runs."""

    def show(self, name: str | None, colour: str | None, left: int, paused: bool) -> None:
        self.display = name is not None
        if name is None:
            return
        text = Text()
        text.append(f"{name} on the clock: {left // 60}:{left % 60:02d}", style=style(colour))
        text.append("  paused (Ctrl+T to run)" if paused else "  (Ctrl+T pauses)", style="dim")
        self.update(text)


class MonsterBallScreen(GameScreen):
    CSS_PATH = [*GameScreen.CSS_PATH, Path(__file__).parent / "monster_ball.tcss"]
    BINDINGS = [*GameScreen.BINDINGS, Binding("ctrl+t", "pause_clock", "Pause clock", priority=True)]

    TICK_SECONDS = 1.0
    """How often the countdown ticks (tests drive ``tick()`` directly)."""

    def __init__(self, match, message: str | None = None) -> None:
        super().__init__(match, message)
        self.limit = match.data.clock.captain_seconds
        self.left = self.limit
        self.paused = False
        self.half_id = match.state.half_id


    def on_mount(self) -> None:
        centre = self.query_one("#centre")
        centre.mount(Static(id="field-strip"), before="#prompt")
        centre.mount(CaptainClock(id="captain-clock"), before="#prompt")
        super().on_mount()
        self.set_interval(self.TICK_SECONDS, self.tick)

    def clock_running(self) -> bool:
        s = self.match.state
        return s.captain_minute and s.step == "move"

    def redraw(self, full: bool = True) -> None:
        s = self.match.state
        if s.half_id != self.half_id:
            self.half_id, self.left = s.half_id, self.limit
        super().redraw(full)
        strips = self.query("#field-strip")
        if full and strips:
            strip = Text(field_strip(s, self.match.data), style="dim")
            strip.highlight_words(["┃"], style=style(self.colours[s.possession]))
            strips.first(Static).update(strip)
        clocks = self.query("#captain-clock")
        if clocks:
            running = self.clock_running()
            clocks.first(CaptainClock).show(self.names[s.mover] if running else None, self.colours[s.mover], self.left, self.paused)

    def tick(self, seconds: int = 1) -> None:
        if self.paused or not self.clock_running():
            return
        self.left = max(0, self.left - seconds)
        if self.left == 0:
            self.submit(Event(kind="choose", value="timeout"))
        else:
            self.redraw(full=False)

    def action_pause_clock(self) -> None:
        self.paused = not self.paused
        self.ui.result = "Captain's clock paused." if self.paused else "Captain's clock running."
        self.redraw(full=False)
