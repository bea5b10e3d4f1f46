"""The spectator's app (`refbox --watch`, `--replay`, each tab of `refbox serve MATCH`) is read-only by
construction: its replay view is its only screen, every key leaves the data dir byte-identical, and the keys that
leave the view quit the app (there is no home screen beneath it from which to open, start, archive or delete)."""

from __future__ import annotations

import pytest
from saved_match import play, save

from refbox.cli import main
from refbox.ui.screens.replay import ReplayScreen
from refbox.ui.spectator import SpectatorApp

SIZE = (120, 40)
KEYS = [chr(c) for c in range(0x21, 0x7F) if chr(c) != "q"]
"""Every printable key but q, then every named key a keyboard sends but the ones that quit."""
KEYS += ["space", "enter", "tab", "shift+tab", "backspace", "delete", "insert", "up", "down", "left", "right",
         "home", "end", "pageup", "pagedown", *(f"f{n}" for n in range(1, 13)),
         *(f"ctrl+{c}" for c in "abdefghijklmnoprstuvwxyz"), "ctrl+up", "shift+left", "ctrl+c"]


def files(root) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def watched(tmp_path_factory):
    root = tmp_path_factory.mktemp("data")
    return root, save(play("battleball", upto=150), root, "watched")  # a match with a board


@pytest.mark.parametrize("live, leave", [(True, "q"), (False, "escape"), (True, "ctrl+q")])
async def test_every_key_changes_nothing_and_leaving_the_view_quits(watched, live, leave):
    root, path = watched
    before = files(root)
    app = SpectatorApp(path, live=live, data_dir=root)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        view = app.screen
        assert isinstance(view, ReplayScreen) and view.replay is not None
        for key in KEYS:
            await pilot.press(key)
            assert app.screen_stack == [view], f"{key} opened another screen"
        await pilot.press("b")
        assert view.replay.position == 0, "the keys reach the view"
        await pilot.press(leave)
        await pilot.pause()
        assert app.return_code == 0, f"{leave} quits the app"
    assert files(root) == before


async def test_there_is_no_command_palette(watched):
    root, path = watched
    app = SpectatorApp(path, data_dir=root)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        assert len(app.screen_stack) == 1, "no palette (its theme command would write the settings)"


@pytest.mark.parametrize("option", ["--watch", "--replay"])
def test_the_command_opens_the_spectators_app_not_refboxs(watched, monkeypatch, option):
    root, path = watched
    opened = []
    monkeypatch.setattr(SpectatorApp, "run", lambda self: opened.append(self))
    monkeypatch.setattr("refbox.ui.app.RefboxApp.run", lambda self: pytest.fail("the referee's app was opened"))
    assert main([option, "watched", "--data-dir", str(root)]) == 0
    assert [(a.journal, a.live) for a in opened] == [(path, option == "--watch")]


async def test_a_spectator_of_a_data_dir_that_does_not_exist_creates_nothing(tmp_path, watched):
    _, path = watched
    app = SpectatorApp(path, data_dir=tmp_path / "none")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("q")
    assert not (tmp_path / "none").exists()
