"""The refbox Textual app: a thin shell that opens screens and reports errors without tracebacks."""

from __future__ import annotations

import logging
import threading
from pathlib import Path

from textual.app import App, SystemCommand
from textual.worker import Worker, WorkerState, get_current_worker

from refbox.engine.errors import JournalError, RefboxError
from refbox.engine.registry import Entry
from refbox.engine.storage import data_dir as resolve_data_dir, read_json, write_json
from refbox.engine.text import printable
from refbox.ui.background import WARM_UP, read_stylesheets, screen_class, warm_up_imports
from refbox.ui.readahead import ReadAhead
from refbox.ui.widgets import colours


SETTINGS = "settings.json"
"""Preferences that are not part of any match (the theme), in the data dir."""


class RefboxApp(App):
    TITLE = "refbox"
    CSS_PATH = [Path(__file__).parent / "screens" / "home.tcss"]
    """Home is the default screen, whose own CSS_PATH Textual does not load: the app loads it."""
    ENABLE_COMMAND_PALETTE = True

    def __init__(self, data_dir: Path | None = None, resume_path: Path | None = None) -> None:
        super().__init__()
        self.data_dir = data_dir or resolve_data_dir()
        self._resume_path = resume_path
        self._read_ahead = ReadAhead(lambda job: self.run_worker(job, name="read-ahead", group="read-ahead",
                                                                 thread=True, exit_on_error=False))
        self._read_ahead_wanted: Path | None = None
        self._imports_done: threading.Event | None = None
        """Set once the warm-up imports are done (None: no warm-up started)."""
        colours.markers_on = self.no_color  # without colour each side gets a marker (■ □)
        _log_to_file(self.data_dir)

    def get_default_screen(self):
        """Home is the bottom screen itself (no blank screen drawn under it at start-up)."""
        from refbox.ui.screens.home import HomeScreen

        return HomeScreen()

    def on_mount(self) -> None:
        if self._resume_path is None:  # opened at home: get a match ready meanwhile
            self.call_after_refresh(self._warm_up)
        theme = read_json(self.data_dir / SETTINGS).get("theme")
        if isinstance(theme, str) and theme in self.available_themes:
            self.theme = theme
        self.theme_changed_signal.subscribe(self, self._keep_theme)
        if self._resume_path is not None:
            self.resume(str(self._resume_path))

    def _warm_up(self) -> None:
        """Once the first screen is drawn, import in a worker what opening a match needs; then read those
        screens' stylesheets, so the first resume or new match waits for neither."""
        done = self._imports_done = threading.Event()

        def imports() -> list[type]:
            worker = get_current_worker()
            try:
                return warm_up_imports(lambda: worker.is_cancelled)
            finally:
                done.set()

        self.run_worker(imports, name=WARM_UP, group=WARM_UP, thread=True, exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name == WARM_UP and event.state == WorkerState.SUCCESS:
            read_stylesheets(self, event.worker.result)
            if self._read_ahead_wanted is not None:
                self.read_ahead(self._read_ahead_wanted)

    def settle(self) -> None:
        """Wait for the warm-up imports (if still running) before importing anything on the UI thread: two threads
        importing the same modules at once could trip over each other's import locks."""
        if self._imports_done is not None:
            self._imports_done.wait()

    def read_ahead(self, journal: Path) -> None:
        """Load this match in the background (the one under the home screen's cursor): a resume then finds it
        loaded. Waits for the warm-up imports (never two threads importing at once)."""
        if self._imports_done is None or not self._imports_done.is_set():
            self._read_ahead_wanted = journal
            return
        self._read_ahead_wanted = None
        self._read_ahead.start(journal)

    def _keep_theme(self, theme) -> None:
        """The theme picked in the command palette is the theme next time (settings.json in the data dir)."""
        settings = read_json(self.data_dir / SETTINGS)
        settings["theme"] = theme.name
        try:
            write_json(self.data_dir / SETTINGS, settings)
        except OSError as e:
            self.notify(f"The theme could not be kept for next time: {e}", severity="warning", markup=False)

    # ---- after the whistle (issue 15): report, replay, rematch ----

    def open_report(self, journal: Path) -> None:
        self.settle()
        from refbox.ui.screens.report import ReportScreen

        self.push_screen(ReportScreen(journal))

    def open_replay(self, journal: Path) -> None:
        self.settle()
        from refbox.ui.screens.replay import ReplayScreen

        self.push_screen(ReplayScreen(journal))

    def rematch(self, journal: Path) -> None:
        """Same setup and teams, a new seed: the old match is left (saved), the new one opens."""
        self.settle()
        from refbox import matchfiles

        try:
            match = matchfiles.rematch(journal, self.data_dir)
        except RefboxError as e:
            self.report(str(e), "No rematch")
            return
        except Exception as e:  # never a traceback
            logging.getLogger("refbox").exception("rematch failed")
            self.report(f"{type(e).__name__}: {e}", "No rematch")
            return
        while len(self.screen_stack) > 1:
            self.pop_screen()
        try:
            screen = self.game_screen(match)
        except RefboxError as e:
            self.report(str(e), "No rematch")
            return
        self.push_screen(screen)
        self.notify(f"Rematch: seed {match.header.seed}, saved as {match.path.name}", title="Rematch",
                    markup=False)

    def report(self, message: str, title: str, timeout: float = 15) -> None:
        """An error toast. The message often quotes a name or a file name: shown literally, never as markup."""
        self.notify(printable(message, newlines=True), title=title, severity="error", timeout=timeout, markup=False)

    def new_match(self, entry: Entry) -> None:
        self.settle()
        try:
            screen = screen_class(entry.setup_screen)(entry)
        except RefboxError as e:
            self.report(str(e), "Cannot start", timeout=10)
            return
        except Exception as e:  # never a traceback: report and stay on the home screen
            logging.getLogger("refbox").exception("new match failed")
            self.report(f"{type(e).__name__}: {e}", "Cannot start", timeout=10)
            return
        self.push_screen(screen)

    def resume(self, path: str, salvage: bool = False) -> None:
        self.settle()
        from refbox.engine.match import Match  # pydantic and icepool load on first use, not at start-up

        try:
            ready = None if salvage else self._read_ahead.take(Path(path))
            match, recovered = ready or Match.load(Path(path), salvage=salvage)
        except JournalError as e:
            if e.salvageable and not salvage:
                from refbox.ui.screens.dialogs import YesNo

                question = (f"{e}\n\nResume from the inputs before the damage? The damaged file is kept "
                            "beside the match (.damaged) and nothing else is changed.")
                self.push_screen(YesNo(question), lambda yes: self.resume(path, salvage=True) if yes else None)
            else:
                self.report(str(e), "Cannot resume")
            return
        except RefboxError as e:
            self.report(str(e), "Cannot resume")
            return
        except Exception as e:  # never a traceback: report and stay on the home screen
            logging.getLogger("refbox").exception("resume failed")
            self.report(f"{type(e).__name__}: {e}", "Cannot resume")
            return
        try:
            screen = self.game_screen(match, recovered)
        except RefboxError as e:
            self.report(str(e), "Cannot resume")
            return
        self.push_screen(screen)

    def game_screen(self, match, message: str | None = None):
        """The screen for a match, once this window holds its lock (raises JournalError if another does)."""
        match.lock()
        try:
            return screen_class(match.entry.game_screen)(match, message)
        except BaseException:
            match.close()  # no screen holds the match: let another window (or a retry) have it
            raise

    def get_system_commands(self, screen):
        yield from super().get_system_commands(screen)
        from refbox.ui.screens.game import GameScreen

        if isinstance(screen, GameScreen):
            yield SystemCommand("Undo", "Undo the last input", screen.action_undo)
            yield SystemCommand("Redo", "Redo the last undone input", screen.action_redo)
            yield SystemCommand("Roll digitally", "Roll the pending dice with the seeded roller", screen.action_roll)
            yield SystemCommand("Switch dice mode", "Physical (type faces) or digital (refbox rolls)",
                                screen.action_dice)
            yield SystemCommand("Rules help", "Help for the current phase, with rulings", screen.action_help)
            yield SystemCommand("Save and leave", "Back to the home screen (the match is saved)",
                                screen.action_leave)


def _log_to_file(root: Path, create: bool = True) -> None:
    """Internal errors go to a log file in the data directory, never to the terminal. The file is opened at the
    first error; without ``create`` (a spectator, who writes nothing) the data directory is never created."""
    try:
        if create:
            root.mkdir(parents=True, exist_ok=True)
        elif not root.is_dir():
            return
        handler = logging.FileHandler(root / "refbox.log", encoding="utf-8", delay=True)
    except OSError:
        return
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    logger = logging.getLogger("refbox")
    if not logger.handlers:
        logger.addHandler(handler)
