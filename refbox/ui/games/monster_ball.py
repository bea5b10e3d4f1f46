"""Monster Ball: the setup form (sides, line-ups, referee, kick-off, victory, where the figures stand) and the
game screen.

On the on-screen field (a new match's default) the shared Board widget draws the field beside the prompt: a
figure is picked by its letter, its destination by the key drawn on the square (or the arrows and Enter).
Narrower than 170 columns the field is drawn one character a square (each figure its letter), with gaps.

The game screen adds the captain's one-minute countdown: the screen owns it (the rules never read a
clock). Each captain's half-round has one minute, kept across its sub-prompts (Hustle, tackle, pass...)
and across undo and redo. It runs only while this screen is on top (never under help or a modal), pauses
with Ctrl+T, and stops itself when nobody has pressed a key for a while. When it runs out the move menu
is answered with "time's up", an ordinary journaled input (out in a sub-prompt: once the action is done).
The time left is kept with the match's summary, so a resumed match goes on with it.
"""

from __future__ import annotations

from pathlib import Path

from dataclasses import replace

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Input, Label

from refbox.engine.prompts import Event
from refbox.games.monster_ball import live
from refbox.games.monster_ball.models import Setup
from refbox.games.monster_ball.flow import possessive as flow_possessive
from refbox.engine.board import BoardView
from refbox.games.monster_ball.view import BALL, ball_text, down_text, field_strip
from refbox.ui.screens.game import GameScreen
from refbox.ui.screens.setup import SetupScreen
from refbox.ui.widgets.board import Board
from refbox.ui.widgets.colours import style
from refbox.ui.widgets.literal import padded
from refbox.ui.widgets.lines import Lines, LineText
from refbox.ui.widgets.select import Select

SIDES = [("Law", 0), ("Chaos", 1)]
MENUS = ("move", "move_to")
"""The steps a captain's "time's up" answers: the action menu, and a figure's destination on the field."""


class MonsterBallSetupScreen(SetupScreen):
    CSS_PATH = [*SetupScreen.CSS_PATH, Path(__file__).parent / "monster_ball.tcss"]

    def compose_fields(self) -> ComposeResult:
        yield Label("Where the figures stand")
        yield Select([("On refbox's field: move them on screen, refbox measures", "screen"),
                      ("On a real field on the table: tell refbox distances and who stands where", "table")],
                     value="screen", allow_blank=False, id="board")
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
        yield Select(referees, value=self.data.default_referee, allow_blank=False, id="referee")
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
            "board": value("board"),
        }

    def preview(self, setup: Setup) -> Text:
        d = self.data
        names = (setup.law_name, setup.chaos_name)
        colours = (setup.law_colour, setup.chaos_colour)
        ref = d.referee(setup.referee)
        text = Text()
        text.append(f"{names[setup.kicking_team]} kick off", style="bold")
        text.append(f" · {ref.name}: {ref.blurb}\n")
        text.append("On refbox's field: pick a figure by its letter, then the key on its new square.\n\n"
                    if setup.board == "screen" else
                    "On the table: refbox asks for distances, grids and who stands where.\n\n")
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
                        text.append(f"    {n} × {padded(c.name(side), 13)} {dice}\n")
                text.append("\n")
        text.append("Dice are given by their sides: H8 is a d8 for Hustle.")
        return text


class CaptainClock(LineText):
    """The captain on the clock and the seconds left, or why no clock runs."""

    def show(self, name: str | None, colour: str | None, left: int, paused: bool, note: str = "") -> None:
        self.display = name is not None
        if name is None:
            return
        text = Lines()
        text.append(f"{name} on the clock: {left // 60}:{left % 60:02d}", style=style(colour))
        if note:
            text.append(f" · {note}", style="bold")
        text.append(" · paused (Ctrl+T runs)" if paused else " · Ctrl+T pauses", style="dim")
        self.set_text(text)


SHARED = "&"
"""A compact field's square with two figures on it (their keys in the caption)."""


def compact_board(board: BoardView, crowded: set) -> BoardView:
    """A copy of ``board`` one character a square (the view is the match's, cached with its state): each
    figure by its key letter, the ball carrier by the ball (his key in the caption), a square with two figures
    (``crowded``) by ``SHARED`` (their keys in the caption), a two-digit zone number in the band spilling into
    the gap after its square."""
    cells = {sq: replace(cell, text=cell.text[:1]) for sq, cell in board.cells.items()}
    between = dict(board.between)
    for (x, y), cell in board.cells.items():
        if y in (0, board.rows - 1) and len(cell.text) == 2 and cell.text.isdigit():
            between[(x, y)] = replace(cell, text=cell.text[1])  # "10": its second digit in the gap after it
    caption = board.caption
    shared = []
    for sq, cell in board.cells.items():
        if cell.is_token and len(cell.text) == 2 and cell.text[1] == BALL:  # "a●": figure a has the ball
            cells[sq] = replace(cell, text=BALL)
            caption += f" · {BALL} in a team's colour: the carrier, key {cell.text[0]}"
        elif sq in crowded:
            cells[sq] = replace(cell, text=SHARED)
            shared.append(cell.text)
    if shared:
        caption += f" · {SHARED} two on a square: {', '.join(sorted(shared))}"
    return replace(board, cells=cells, between=between, cell_width=1,
                   blank=replace(board.blank, text=board.blank.text[:1]), caption=caption)


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
        self._found: dict = {}
        self._compact: tuple | None = None
        """(a board, its one-character-a-square copy): the copy drawn while the board is the same."""

    def on_mount(self) -> None:
        self._resume_countdown()
        middle = self.query_one("#middle")
        middle.mount(LineText(id="field-strip"), before="#prompt")
        middle.mount(CaptainClock(id="captain-clock"), before="#prompt")
        self.query_one("#fieldbox").mount(LineText(id="fieldscore"))
        super().on_mount()
        self.set_interval(self.TICK_SECONDS, self.tick)

    @property
    def compact(self) -> bool:
        """Narrow terminals draw the field one character a square."""
        return self.app.size.width < self.COMPACT_BELOW

    COMPACT_BELOW = 170
    """The whole field, two characters a square with their gaps (about 120 columns), beside the prompt."""
    PROMPT_ROOM = 50
    """What the prompt keeps of the window's width: a field wider than the rest scrolls (it follows the action)."""

    def board_shown(self, board):
        """Narrower than ``COMPACT_BELOW`` the field is drawn one character a square (the ball carrier as the
        ball, named in the caption); the field's box is as wide as the field drawn, or as the window leaves
        beside the prompt."""
        if self.compact and board.cell_width != 1:
            if self._compact is None or self._compact[0] is not board:
                places = list(self.match.state.pos.values())
                self._compact = board, compact_board(board, {sq for sq in places if places.count(sq) > 1})
            board = self._compact[1]
        field = self.query_one("#field", Board)
        width = min(field.width_for(board), max(20, self.app.size.width - self.PROMPT_ROOM - 2))
        if field.styles.width is None or field.styles.width.value != width:
            field.styles.width = width
            self.query_one("#fieldbox").styles.width = width + 2
        return board

    def on_resize(self, event) -> None:
        if self.match.state.board:
            self.redraw()

    def key_pressed(self) -> None:
        """Any key is someone at the table."""
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
        self.match.keep_timer("captain", {"half": list(self.half_key()), "left": value})

    def save(self) -> None:
        self.match.keep_timer("captain", {"half": list(self.half_key()), "left": self.left,
                                          "paused": self.paused and not self.idle_stop})
        super().save()

    def _resume_countdown(self) -> None:
        """A resumed match goes on with the time its half-round had left when it was saved, paused if it was
        (a pause by Ctrl+T; the idle stop is undone by the first key anyway)."""
        saved = self.match.settings.timers.get("captain")
        if not isinstance(saved, dict):
            return
        self.paused = saved.get("paused") is True
        left = saved.get("left")
        if saved.get("half") == list(self.half_key()) and isinstance(left, int) and not isinstance(left, bool) \
                and 0 <= left <= self.limit:
            self.lefts[self.half_key()] = left

    def half_running(self) -> bool:
        """A captain's half-round is under way (the move menu or an action declared from it)."""
        return self.match.state.captain_minute and live.half_running(self.match.state)

    def clock_running(self) -> bool:
        """The countdown runs only while a half-round is under way, unpaused, with this screen on top
        (never under the help screen or a modal), and not while the other captain decides."""
        return not self.paused and self.app.screen is self and self.half_running() and not self.other_deciding()

    def other_deciding(self) -> bool:
        """The question is the other captain's (a defence against a tackle, say): their time, not the mover's."""
        legal = self.match.legal()
        return legal.kind not in ("roll", "over") and legal.actor is not None and legal.actor != self.match.state.mover

    def _widget(self, widget_id: str):
        """One of this screen's own widgets, or None while it is still being mounted (looked up once)."""
        found = self._found.get(widget_id)
        if found is None:
            hits = self.query(f"#{widget_id}")
            if not hits:
                return None
            found = self._found[widget_id] = hits.first()
        return found

    def redraw(self, full: bool = True) -> None:
        s = self.match.state
        super().redraw(full)
        strip = self._widget("field-strip")
        if full and strip is not None:
            strip.display = not s.board
            if not s.board:
                text, scrimmage = Lines(), style(self.colours[s.possession])
                for i, part in enumerate(field_strip(s, self.match.data).split("┃")):
                    text.append("┃" if i else "", style=scrimmage).append(part, style="dim")
                strip.set_text(text)
        scores = self._widget("fieldscore")
        if full and scores is not None and s.board:
            scores.set_text(self.field_score())
        self.show_clock()
        if self.clock_running() and self.left == 0 and s.step in MENUS and self.half_key() not in self.fired:
            self.call_later(self.expire)  # the minute ran out during an action: the half ends at the menu

    def show_clock(self) -> None:
        """The captain's clock line only (a tick changes nothing else)."""
        s = self.match.state
        clock = self._widget("captain-clock")
        if clock is not None:
            running = self.half_running()
            note = ""
            if running and self.left == 0:
                note = "time's up" if s.step in MENUS else "time's up: the half ends after this action"
            elif running and self.other_deciding():
                note = f"stands still while {flow_possessive(self.names[1 - s.mover])} captain answers"
            clock.show(self.names[s.mover] if running else None, self.colours[s.mover], self.left, self.paused, note)

    def tick(self, seconds: int = 1) -> None:
        if not self.clock_running():
            return
        self.idle += seconds
        if self.idle >= self.IDLE_SECONDS:
            self.paused = self.idle_stop = True
            self.tell(f"No key for {self.IDLE_SECONDS} s: the captain's clock stopped itself (any key runs it).")
            return
        self.left = max(0, self.left - seconds)
        if self.left == 0 and self.match.state.step in MENUS:
            self.expire()
        elif self.left == 0:
            self.redraw(full=False)  # time's up during an action: the clock says so, the half ends at the menu
        else:
            self.show_clock()

    def expire(self) -> None:
        """Answer the move menu with "time's up" once per half-round (a journaled input)."""
        key = self.half_key()
        if not self.clock_running() or self.left > 0 or self.match.state.step not in MENUS or key in self.fired:
            return
        self.fired.add(key)
        self.submit(Event(kind="choose", value="timeout"))

    def action_pause_clock(self) -> None:
        self.idle, self.idle_stop = 0, False
        self.paused = not self.paused
        self.tell("Captain's clock paused." if self.paused else "Captain's clock running.")

    def field_score(self) -> Lines:
        """The down and the ball in two lines under the field (the side panel gives its width to the prompt; the
        title bar has the score and the clock)."""
        s, data = self.match.state, self.match.data
        f = data.field
        if s.kick is not None and s.kick.kind == "kickoff":
            text = Lines(f"Kick-off from the {flow_possessive(s.teams[s.possession].name)} {f.yards(s.to_go)}", style="bold")
        else:
            text = Lines(f"{down_text(s, data)} · the {f.yards(s.to_go)}, {s.to_go} to score", style="bold")
        words, who = ball_text(s)
        text.append("\nBall: ")
        text.append(words, style=style(self.colours[who]) if who is not None else "bold")
        if s.captain_minute and s.step in MENUS:
            text.append(f" · limit {data.clock.captain_seconds} s a half-round", style="dim")
        return text
