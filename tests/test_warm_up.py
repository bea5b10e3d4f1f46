"""Opened at home, refbox imports what a match needs in the background and reads the game screens' stylesheets
ahead, so the first resume or new match waits for neither; opened on a match, it does not."""

import asyncio
from pathlib import Path

from refbox.ui import app as app_module
from refbox.ui.app import RefboxApp, settle

GAME_TCSS = str(Path(app_module.__file__).parent / "screens" / "game.tcss")


async def test_at_home_the_game_stylesheets_are_read_ahead(tmp_path):
    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await asyncio.get_running_loop().run_in_executor(None, settle)  # the imports are done
        for _ in range(50):
            if app.stylesheet.has_source(GAME_TCSS, ""):
                break
            await pilot.pause()
        assert app.stylesheet.has_source(GAME_TCSS, "")
        await pilot.press("1")  # a new Slargeball match: its setup screen opens as before
        await pilot.pause()
        assert type(app.screen).__name__ == "SlargeballSetupScreen"


def test_a_match_resumed_from_the_command_line_imports_the_odds_library_in_the_background():
    """Nothing else imports it first there: the first roll showing odds would wait for it on its key."""
    import subprocess
    import sys
    code = ("import sys, threading\n"
            "from refbox.ui.screens.game import import_odds_soon\n"
            "assert 'icepool' not in sys.modules\n"
            "import_odds_soon()\n"
            "[t.join() for t in threading.enumerate() if t.name == 'refbox-odds-import']\n"
            "assert 'icepool' in sys.modules\n")
    subprocess.run([sys.executable, "-c", code], check=True)
