"""The spectator's app (``refbox --watch MATCH``, ``refbox --replay MATCH``, each tab of ``refbox serve MATCH``):
one match, read-only, by construction.

Its only screen is the replay view: there is no home screen beneath it to go back to, so `q` (or Esc) quits
the app. Its keys step through the match, follow it live and quit; there is no command palette (whose theme
command would write the settings file). Nothing here can open, start, archive or delete a match: the app has
no such code to reach, and the replay reads the journal without locking or repairing it.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from refbox.ui.screens.replay import ReplayScreen
from refbox.ui.widgets import colours


class SpectatorApp(App):
    TITLE = "refbox"
    ENABLE_COMMAND_PALETTE = False
    CSS_PATH = ReplayScreen.CSS_PATH
    """The default screen's own CSS_PATH is not read by Textual: the app reads it."""

    def __init__(self, journal: Path, live: bool = True, data_dir: Path | None = None) -> None:
        super().__init__()
        self.journal = journal
        self.live = live
        """Follow the journal as the referee's window writes it (else: a replay of the match as saved)."""
        colours.markers_on = self.no_color  # without colour each side gets a marker (■ □)
        if data_dir is not None:
            from refbox.ui.app import _log_to_file

            _log_to_file(data_dir, create=False)  # an error is logged there; nothing else is ever written

    def get_default_screen(self) -> ReplayScreen:
        return ReplayScreen(self.journal, live=self.live)
