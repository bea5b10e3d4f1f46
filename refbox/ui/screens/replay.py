"""Replay: step through a saved match, read-only (issue 15), in the game screen's panels. Forward and back by
input, by turn, by score; the log is a list whose highlighted line follows the moment shown, and Enter on any
line jumps to the input that wrote it. The board is drawn where the match has one.

Nothing here writes or locks: the journal is read by refbox.engine.replay.Replay. With ``live=True`` this is the
spectator view of ``refbox serve MATCH``: it re-reads the journal twice a second and follows the referee's
window (the referee keeps the lock), with the score large.
"""

from __future__ import annotations

import logging
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Digits, OptionList
from textual.widgets.option_list import Option

from refbox.engine.errors import RefboxError
from refbox.engine.replay import Replay
from refbox.engine.text import printable
from refbox.ui.screens.match_screen import MatchScreen
from refbox.ui.widgets.board import Board
from refbox.ui.widgets.lines import Lines, LineText
from refbox.ui.widgets.panels import log_text
from refbox.ui.widgets.prompt_panel import describe

log = logging.getLogger("refbox")

FOLLOW_EVERY = 0.5
"""Seconds between two looks at a live journal (spectator view)."""


def describe_input(replay: Replay, n: int) -> str:
    """Input ``n`` (1-based) in words: the question it answered and the answer."""
    if not 1 <= n <= len(replay.events):
        return ""
    state = replay.state_at(n - 1)
    prompt = replay.rules.prompt(state)
    return describe(replay.events[n - 1], prompt)


class ReplayScreen(MatchScreen):
    """The game screen's panels at the moment replayed; in the middle, that moment (the last input and the next
    question); below, the whole log of the match (Enter on a line: its moment). Tab shows the rosters."""

    CSS_PATH = [*MatchScreen.CSS_PATH, Path(__file__).parent / "replay.tcss"]
    BINDINGS = [
        Binding("right", "step(1)", "Input ▶"),
        Binding("left", "step(-1)", "◀ Input"),
        Binding("t", "turn(True)", "Turn ▶"),
        Binding("T", "turn(False)", "◀ Turn"),
        Binding("s", "score(True)", "Score ▶"),
        Binding("S", "score(False)", "◀ Score"),
        Binding("b", "go_to(0)", "Start", show=False),
        Binding("e", "end", "End", show=False),
        Binding("tab", "rosters", "Rosters", show=False),
        Binding("shift+left", "scroll_board(-1)", "Board ←", show=False),
        Binding("shift+right", "scroll_board(1)", "Board →", show=False),
        Binding("q,escape", "back", "Back"),
    ]

    def __init__(self, journal: Path, live: bool = False) -> None:
        super().__init__()
        self.journal = journal
        self.live = live
        self.replay: Replay | None = None
        self._lines = 0

    def compose_middle(self) -> ComposeResult:
        yield Digits("", id="big")
        yield LineText(id="now")
        yield LineText(id="message")

    def compose_log(self) -> ComposeResult:
        yield OptionList(id="log")

    def on_mount(self) -> None:
        self.set_class(self.live, "-live")
        try:
            self.replay = Replay(self.journal)
        except RefboxError as e:
            self._fail(f"Cannot replay {self.journal.name}: {e}")
            return
        except Exception as e:  # never a traceback
            log.exception("replay failed")
            self._fail(f"Cannot replay {self.journal.name} ({type(e).__name__}: {e})")
            return
        self.colours = self.replay.rules.colours(self.replay.setup)
        self.query_one(Board).set_colours(self.colours)
        self.set_class(self.replay.view().board is not None, "-with-board")
        if not self.live:
            self.replay.go(len(self.replay.events))
        self._fill_log()
        self.show()
        self.query_one("#log", OptionList).focus()
        if self.live:
            self.set_interval(FOLLOW_EVERY, self.follow)

    def _fail(self, message: str) -> None:
        self.query_one("#message", LineText).set_text(Lines(message, style="red"))

    # ---- drawing ----

    def _fill_log(self) -> None:
        """The whole log of the match as read (lines are appended as a live match goes on)."""
        assert self.replay is not None
        lines = self.replay.state_at(len(self.replay.events)).log
        box = self.query_one("#log", OptionList)
        if len(lines) < self._lines:
            box.clear_options()
            self._lines = 0
        width = max((len(line.stamp) for line in lines), default=0) + 2
        box.add_options(Option(log_text(line.stamp, line.audited(), line.actor, width, self.colours))
                        for line in lines[self._lines:])
        self._lines = len(lines)

    def rosters_shown(self, view) -> bool:
        return self.has_class("-show-rosters")  # the log has the room: Tab shows them

    def action_rosters(self) -> None:
        self.toggle_class("-show-rosters")
        self.show()

    def redraw(self) -> None:
        self.show()

    def show(self) -> None:
        replay = self.replay
        if replay is None:
            return
        n, total = replay.position, len(replay.events)
        state = replay.state
        view = replay.rules.view(state)
        title = Lines(" LIVE · " if self.live else " REPLAY (read-only) · ", style="bold reverse" if self.live else "bold")
        title.append(f"input {n}/{total} · ", style="dim")  # before the long part, so a narrow screen keeps it
        title.append(printable(f"{view.headline} · {view.clock} · {replay.header.title}"), style="bold")
        self.show_title(title)
        if view.board is not None:
            self.show_board(view.board)
        self.show_panels(view)
        score = replay.scores[n] if n < len(replay.scores) else ()
        self.query_one("#big", Digits).update(" : ".join(_num(x) for x in score) if len(score) == 2 else "")
        now = Lines()
        if n:
            now.append("Last input: ", style="dim")
            now.append(printable(describe_input(replay, n), newlines=True) + "\n")
        prompt = replay.rules.prompt(state)
        now.append("Over: " if prompt.kind == "over" else "Next: ", style="dim")
        now.append(printable(getattr(prompt, "text", ""), newlines=True))
        now.append("\n\n← → input · t T turn · s S score · b e start, end · ↑↓ Enter: a log line's moment · "
                   "Tab rosters", style="dim")
        self.query_one("#now", LineText).set_text(now)
        box = self.query_one("#log", OptionList)
        end = replay.log_ends[n] if n < len(replay.log_ends) else self._lines
        if end:
            box.highlighted = end - 1
            box.scroll_to_highlight()

    # ---- moving ----

    def _moved(self) -> None:
        if self.replay is not None:
            self.show()

    def action_step(self, by: int) -> None:
        if self.replay:
            self.replay.step(by)
            self._moved()

    def action_turn(self, forward: bool) -> None:
        if self.replay:
            self.replay.next_turn(forward)
            self._moved()

    def action_score(self, forward: bool) -> None:
        if self.replay:
            self.replay.next_score(forward)
            self._moved()

    def action_go_to(self, n: int) -> None:
        if self.replay:
            self.replay.go(n)
            self._moved()

    def action_end(self) -> None:
        if self.replay:
            self.replay.go(len(self.replay.events))
            self._moved()

    @on(OptionList.OptionSelected, "#log")
    def _jump(self, event: OptionList.OptionSelected) -> None:
        """Enter on a log line: the moment it was written (the input that wrote it)."""
        if self.replay:
            self.replay.go(self.replay.input_of_line(event.option_index))
            self._moved()

    def follow(self) -> None:
        """Take in what the referee's window wrote since the last look (a spectator)."""
        if self.replay is None:
            return
        try:
            changed = self.replay.follow()
        except RefboxError as e:
            self._fail(f"Cannot follow the match: {e}")
            return
        except Exception as e:  # a half-written line is retried at the next look; anything else is shown
            log.exception("follow failed")
            self._fail(f"Cannot follow the match ({type(e).__name__}: {e})")
            return
        if changed:
            self._fill_log()
            self.show()

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 1:
            self.app.pop_screen()
        else:
            self.app.exit()


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"
