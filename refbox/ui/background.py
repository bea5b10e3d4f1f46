"""Head starts taken off the UI thread, as Textual thread workers: the imports a match needs while the home
screen is shown, the game screens' stylesheets read once those are in, and the odds library for a match
resumed from the command line. A head start that fails changes nothing: what it would have imported is
imported, and any error reported, where it is first used.
"""

from __future__ import annotations

import importlib
import logging
import sys
from pathlib import Path
from typing import Callable

from textual.app import App
from textual.dom import DOMNode
from textual.worker import Worker

log = logging.getLogger("refbox")

WARM_UP = "warm-up"
"""The name of the warm-up worker (the app reads its result when it is done)."""


def screen_class(path: str) -> type:
    """A screen class named "module:Class" (a registry entry's setup or game screen)."""
    module, name = path.split(":")
    return getattr(importlib.import_module(module), name)


def warm_up_imports(cancelled: Callable[[], bool] = lambda: False) -> list[type]:
    """Import what opening a match needs (pydantic, the odds, every rules module, setup and game screen); the
    screens imported, whose stylesheets can then be read ahead. Runs in a worker's thread; stops between two
    imports once ``cancelled()`` (the app is closing: it waits for this thread)."""
    from refbox.engine.registry import BUILTIN

    screens: list[type] = []
    try:
        for name in ("refbox.engine.match", "icepool"):  # icepool: the odds (imported on first use otherwise)
            if cancelled():
                return screens
            importlib.import_module(name)
        for entry in BUILTIN:
            if cancelled():
                return screens
            entry.load_rules()
            screens += [screen_class(entry.setup_screen), screen_class(entry.game_screen)]
    except Exception:  # only a head start
        log.exception("warm-up import failed")
    return screens


def read_stylesheets(app: App, screens: list[type]) -> None:
    """Add the screens' .tcss files to the app's stylesheet now (what Textual does when a screen is first
    shown), one parse for all of them instead of one on the key that opens a match. On the UI thread."""
    sheet = app.stylesheet
    paths = {str(p) for cls in screens for p in (cls.CSS_PATH or []) if Path(p).is_absolute()}
    new = [p for p in sorted(paths) if not sheet.has_source(p, "")]
    if not new:
        return
    try:
        for p in new:
            sheet.read(Path(p))
        sheet.parse()  # not reparse(): that parses into a fresh sheet and leaves this one's parse cache empty,
        sheet.update(app)  # so the next widget class mounted (a new DEFAULT_CSS) would parse every source again
    except Exception:  # a head start only: the screen reads its stylesheet itself when shown
        log.exception("could not read the stylesheets ahead")


def import_odds() -> None:
    try:
        importlib.import_module("icepool")
    except Exception:  # only a head start
        log.exception("importing the odds library failed")


def import_odds_soon(node: DOMNode) -> Worker | None:
    """Import the exact-odds library in a worker of ``node`` unless it is imported already. Opened from the
    home screen it is (the warm-up); resumed from the command line, the first roll with odds would wait ~40 ms
    for it."""
    if "icepool" in sys.modules:
        return None
    return node.run_worker(import_odds, name="odds import", group="odds", thread=True, exit_on_error=False)
