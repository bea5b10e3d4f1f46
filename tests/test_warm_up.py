"""Opened at home, refbox imports what a match needs in a background worker and reads the game screens'
stylesheets ahead, so the first resume or new match waits for neither; opened on a match, it does not."""

import asyncio
import threading
from pathlib import Path

from textual.worker import get_current_worker

from refbox.ui import app as app_module
from refbox.ui.app import RefboxApp
from refbox.ui.background import WARM_UP

GAME_TCSS = str(Path(app_module.__file__).parent / "screens" / "game.tcss")


async def test_at_home_the_imports_run_in_a_worker_and_the_game_stylesheets_are_read_ahead(tmp_path, monkeypatch):
    threads = []
    imports = app_module.warm_up_imports
    monkeypatch.setattr(app_module, "warm_up_imports",
                        lambda cancelled: threads.append((threading.current_thread(), get_current_worker().name))
                        or imports(cancelled))
    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        while app._imports_done is None:  # the warm-up starts once the first screen is drawn
            await pilot.pause()
        await asyncio.get_running_loop().run_in_executor(None, app.settle)  # the imports are done
        for _ in range(50):
            if app.stylesheet.has_source(GAME_TCSS, ""):
                break
            await pilot.pause()
        assert app.stylesheet.has_source(GAME_TCSS, "")
        assert threads and threads[0][0] is not threading.main_thread() and threads[0][1] == WARM_UP, \
            "imported off the UI thread, in the warm-up worker"
        await pilot.press("1")  # a new Slargeball match: its setup screen opens as before
        await pilot.pause()
        assert type(app.screen).__name__ == "SlargeballSetupScreen"


async def test_opened_on_a_match_there_is_no_warm_up(tmp_path):
    from saved_match import play, save

    path = save(play("slargeball", upto=10), tmp_path, "sb")
    app = RefboxApp(data_dir=tmp_path, resume_path=path)
    async with app.run_test(size=(130, 40)) as pilot:
        await pilot.pause()
        assert not any(w.name == WARM_UP for w in app.workers)
        app.settle()  # returns at once: nothing to wait for


def test_a_match_resumed_from_the_command_line_imports_the_odds_library_in_a_worker():
    """Nothing else imports it first there: the first roll showing odds would wait for it on its key."""
    import subprocess
    import sys
    code = ("import asyncio, sys, threading\n"
            "from textual.app import App\n"
            "from refbox.ui.background import import_odds_soon\n"
            "assert 'icepool' not in sys.modules\n"
            "async def main():\n"
            "    app = App()\n"
            "    async with app.run_test():\n"
            "        worker = import_odds_soon(app)\n"
            "        assert worker is not None and worker.name == 'odds import'\n"
            "        await worker.wait()\n"
            "        assert 'icepool' in sys.modules\n"
            "        assert import_odds_soon(app) is None, 'imported already: nothing to do'\n"
            "asyncio.run(main())\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_cancelled_warm_up_stops_between_two_imports():
    """The app waits for its workers' threads as it closes: a warm-up cancelled then imports nothing more."""
    from refbox.ui.background import warm_up_imports

    asked = []
    assert warm_up_imports(lambda: asked.append(1) or len(asked) > 2) == []
    assert len(asked) == 3, "asked before each import: stopped before the first rules module"
