"""Monster Ball: the setup form (sides, line-ups, referee, kick-off, victory) and the game screen.

The game screen adds the captain's one-minute countdown: the screen owns it (the rules never read a
clock). Each captain's half-round has one minute, kept across its sub-prompts (Hustle, tackle, pass...)
and across undo and redo. It runs only while this screen is on top (never under help or a modal), pauses
with Ctrl+T, and stops itself when nobody has pressed a key for a while. When it runs out the move menu
is answered with "time's up", an ordinary journaled input (out in a sub-prompt: once the action is done).
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Input, Label, Static

from refbox.engine.prompts import Event
from refbox.games.monster_ball import live
from refbox.games.monster_ball.models import Setup
from refbox.games.monster_ball.view import field_strip
from refbox.ui.screens.game import GameScreen
from refbox.ui.screens.setup import SetupScreen
from refbox.ui.widgets.colours import style
from refbox.ui.widgets.select import Select

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
        referees = [(Text(f"{r.name} ({r.catches_at_most})"), r.id) for r in self.data.referees]
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

    def preview(self, setup: Setup) -> Text:
        d = self.data
        names = (setup.law_name, setup.chaos_name)
        colours = (setup.law_colour, setup.chaos_colour)
        ref = d.referee(setup.referee)
        text = Text()
        text.append(f"{names[setup.kicking_team]} kick off", style="bold")
        text.append(f" · {ref.name}: {ref.blurb}\n\n")
        if setup.lineups == "gym_class":
            pool = sum(d.gym_class_pool.values())
            text.append(f"Gym class: {names[1 - setup.coin_winner]} pick first from a pool of {pool}:\n\n")
            for c, n in d.gym_class_pool.items():
                text.append(f"  {n} × {d.creature(c).law}/{d.creature(c).chaos}\n")
        else:
            for side in (0, 1):
                text.append(f"{names[side]}\n", style=style(colours[side]))
                for unit in ("offense", "defense"):
                    counts = getattr(d.presets.side(side), unit)
                    text.append(f"  {unit} ({sum(counts.values())})\n")
                    for cid, n in counts.items():
                        c = d.creature(cid)
                        dice = f"M{c.move} H{c.hustle} B{c.block} T{c.tackle} P{c.pass_} C{c.catch} K{c.kick} ch{c.cheat}"
                        text.append(f"    {n} × {c.name(side):<13} {dice}\n")
                text.append("\n")
        text.append("Dice are given by their sides: H8 is a d8 for Hustle.")
        return text


class CaptainClock(Static):
    """The captain on the clock and the seconds left, or why no clock runs."""

    def show(self, name: str | None, colour: str | None, left: int, paused: bool, note: str = "") -> None:
        self.display = name is not None
        if name is None:
            return
        text = Text()
        text.append(f"{name} on the clock: {left // 60}:{left % 60:02d}", style=style(colour))
        if note:
            text.append(f"  {note}", style="bold")
        text.append("  paused (Ctrl+T to run)" if paused else "  (Ctrl+T pauses)", style="dim")
        self.update(text)


class MonsterBallScreen(GameScreen):
    CSS_PATH = [*GameScreen.CSS_PATH, Path(__file__).parent / "monster_ball.tcss"]
    BINDINGS = [*GameScreen.BINDINGS, Binding("ctrl+t", "pause_clock", "Pause clock", priority=True)]

    TICK_SECONDS = 1.0
    """How often the countdown ticks (tests drive ``tick()`` directly)."""
    IDLE_SECONDS = 90
    """Ticked seconds without a key after which the countdown stops itself: one unattended minute may run
    out and be journaled, never a second one while nobody is at the keyboard."""

    def __init__(self, match, message: str | None = None) -> None:
        super().__init__(match, message)
        self.limit = match.data.clock.captain_seconds
        self.lefts: dict[tuple, int] = {}
        """Seconds left per captain's half-round: undo and redo find the time that half had, never a fresh minute."""
        self.fired: set[tuple] = set()
        """Half-rounds whose "time's up" the screen has answered already (an undone one is not fired again)."""
        self.paused = False
        self.idle = 0
        self.idle_stop = False
        """The pause is the idle limit's: the next key starts the clock again."""

    def on_mount(self) -> None:
        centre = self.query_one("#centre")
        centre.mount(Static(id="field-strip"), before="#prompt")
        centre.mount(CaptainClock(id="captain-clock"), before="#prompt")
        super().on_mount()
        self.set_interval(self.TICK_SECONDS, self.tick)

    def on_key(self, event) -> None:
        """Any key is someone at the table (GameScreen's own on_key handles the key itself)."""
        self.idle = 0
        if self.idle_stop:
            self.paused = self.idle_stop = False

    # ---- the countdown ----

    def half_key(self) -> tuple:
        s = self.match.state
        return (s.half_id, s.round, s.mover, s.possession)

    @property
    def left(self) -> int:
        return self.lefts.get(self.half_key(), self.limit)

    @left.setter
    def left(self, value: int) -> None:
        self.lefts[self.half_key()] = value

    def half_running(self) -> bool:
        """A captain's half-round is under way (the move menu or an action declared from it)."""
        return self.match.state.captain_minute and live.half_running(self.match.state)

    def clock_running(self) -> bool:
        """The countdown runs only while a half-round is under way, unpaused, with this screen on top
        (never under the help screen or a modal)."""
        return not self.paused and self.app.screen is self and self.half_running()

    def redraw(self, full: bool = True) -> None:
        s = self.match.state
        super().redraw(full)
        strips = self.query("#field-strip")
        if full and strips:
            strip = Text(field_strip(s, self.match.data), style="dim")
            strip.highlight_words(["┃"], style=style(self.colours[s.possession]))
            strips.first(Static).update(strip)
        clocks = self.query("#captain-clock")
        if clocks:
            running = self.half_running()
            note = ""
            if running and self.left == 0:
                note = "time's up" if s.step == "move" else "time's up: the half ends after this action"
            clocks.first(CaptainClock).show(self.names[s.mover] if running else None, self.colours[s.mover], self.left, self.paused, note)
        if self.clock_running() and self.left == 0 and s.step == "move" and self.half_key() not in self.fired:
            self.call_later(self.expire)  # the minute ran out during an action: the half ends at the menu

    def tick(self, seconds: int = 1) -> None:
        if not self.clock_running():
            return
        self.idle += seconds
        if self.idle >= self.IDLE_SECONDS:
            self.paused = self.idle_stop = True
            self.ui.result = f"No key for {self.IDLE_SECONDS} s: the captain's clock stopped itself (any key runs it)."
            self.redraw(full=False)
            return
        self.left = max(0, self.left - seconds)
        if self.left == 0 and self.match.state.step == "move":
            self.expire()
        else:
            self.redraw(full=False)

    def expire(self) -> None:
        """Answer the move menu with "time's up" once per half-round (a journaled input)."""
        key = self.half_key()
        if not self.clock_running() or self.left > 0 or self.match.state.step != "move" or key in self.fired:
            return
        self.fired.add(key)
        self.submit(Event(kind="choose", value="timeout"))

    def action_pause_clock(self) -> None:
        self.idle, self.idle_stop = 0, False
        self.paused = not self.paused
        self.ui.result = "Captain's clock paused." if self.paused else "Captain's clock running."
        self.redraw(full=False)
