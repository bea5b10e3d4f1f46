"""Through the app: a full disk or a read-only folder refuses the input with the truth, keeps the prompt
and what was typed, and the same key works once the disk is fixed."""

import errno
import os

from refbox.engine import plain, storage
from refbox.engine.match import Match
from refbox.games.slargeball.demo import demo_match
from refbox.ui.app import RefboxApp
from refbox.ui.keys import assign_keys

SIZE = (130, 40)


def panel_text(app) -> str:
    return app.screen.query_one("#prompt").plain


def failing(code: int, text: str):
    def fail(*_args, **_kwargs):
        raise OSError(code, text)
    return fail


async def test_a_full_disk_refuses_a_typed_roll_keeps_the_faces_and_enter_retries(tmp_path, monkeypatch):
    path = tmp_path / "matches" / "m.jsonl"
    demo_match(path, events=0, squads=1)  # the initiative roll-off: two d6 typed
    app = RefboxApp(data_dir=tmp_path, resume_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        match = app.screen.match
        before = (plain.dump(match.state), path.read_bytes())
        monkeypatch.setattr(os, "fsync", failing(errno.ENOSPC, "No space left on device"))
        await pilot.press("6", "2")
        text = panel_text(app)
        assert "disk is full" in text and "NOT recorded" in text and "free some space" in text
        assert (plain.dump(match.state), path.read_bytes()) == before, "nothing changed"
        assert app.screen.typed.faces.faces == (6, 2), "the typed faces are kept"
        monkeypatch.undo()
        await pilot.press("enter")
        assert match.events and match.events[0].value == [6, 2]
    assert Match.load(path)[0].events == match.events


async def test_a_read_only_folder_refuses_a_choice_and_undo_with_the_truth(tmp_path, monkeypatch):
    path = tmp_path / "matches" / "m.jsonl"
    demo_match(path, events=3, squads=1)
    app = RefboxApp(data_dir=tmp_path, resume_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        match = app.screen.match
        before = (list(match.events), path.read_bytes())
        prompt = match.prompt()
        key = ("enter" if prompt.kind in ("pick", "confirm") else "r" if prompt.kind == "roll"
               else assign_keys([o.key for o in prompt.options])[0])  # the first option's own key
        monkeypatch.setattr(os, "open", failing(errno.EROFS, "Read-only file system"))
        await pilot.press(key)
        assert "read-only" in panel_text(app) and "NOT recorded" in panel_text(app)
        await pilot.press("u")
        assert "read-only" in panel_text(app)
        monkeypatch.undo()
        assert (list(match.events), path.read_bytes()) == before
        await pilot.press("u")
        assert len(match.events) == len(before[0]) - 1


async def test_a_summary_that_cannot_be_refreshed_is_a_warning_not_a_lost_input(tmp_path, monkeypatch):
    from refbox.engine import match as match_module
    path = tmp_path / "matches" / "m.jsonl"
    demo_match(path, events=24, squads=1)
    monkeypatch.setattr(match_module, "SUMMARY_EVERY", 1)  # the summary is due at the next input
    app = RefboxApp(data_dir=tmp_path, resume_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        match = app.screen.match
        monkeypatch.setattr(storage, "write_json", failing(errno.ENOSPC, "No space left on device"))
        prompt = match.prompt()
        key = "r" if prompt.kind == "roll" else ("enter" if prompt.kind in ("pick", "confirm") else "1")
        await pilot.press(key)
        await pilot.pause()
        assert len(match.events) == 25, "the input stands"
        assert "NOT recorded" not in panel_text(app)
        notes = [n.message for n in app._notifications]
        assert any("input is saved" in n and "summary" in n for n in notes)
