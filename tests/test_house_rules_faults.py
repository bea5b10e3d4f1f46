"""House-rules files that break in ways the parser did not expect: each is that file's error, named, and no other
ruleset suffers; a folder that cannot be listed is reported; names are bounded as names typed at setup are; and
a long list of problems scrolls on the home screen instead of crushing its menu."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from refbox.engine import registry, storage
from refbox.engine.errors import RulesetError
from refbox.ui.app import RefboxApp

WORKTREE = Path(__file__).resolve().parent.parent
HUGE = "9" * 5000
"""A 5,000-digit number: tomllib raises ValueError (not TOMLDecodeError) on it."""


def house_file(root: Path, name: str, text: str) -> Path:
    folder = storage.house_dir(root)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text)
    return path


def refbox(*argv: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(WORKTREE)}
    return subprocess.run([sys.executable, "-m", "refbox", *argv], capture_output=True, text=True, env=env,
                          timeout=120)


def test_a_huge_number_is_that_files_error_named(tmp_path):
    house_file(tmp_path, "huge.toml", f'[meta]\nname = "huge"\nextends = "battleball"\n[game]\nhalves = {HUGE}\n')
    variants, problems = registry.house_variants(storage.house_dir(tmp_path))
    assert variants == [] and len(problems) == 1
    assert "huge.toml" in problems[0] and "4300 digits" in problems[0] and "set_int_max_str_digits" not in problems[0]


def test_other_rulesets_never_suffer_from_a_broken_house_file(tmp_path):
    house_file(tmp_path, "huge.toml", f'[meta]\nname = "huge"\nextends = "slargeball"\n[game]\nturns = {HUGE}\n')
    done = refbox("sim", "battleball", "--games", "1", "--data-dir", str(tmp_path))
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    asked = refbox("sim", "huge", "--games", "1", "--data-dir", str(tmp_path))
    assert asked.returncode == 2 and len(asked.stderr.splitlines()) == 1
    assert "unknown ruleset 'huge'" in asked.stderr and "huge.toml" in asked.stderr


def test_an_unexpected_error_reading_one_file_is_that_files_alone(tmp_path, monkeypatch):
    house_file(tmp_path, "a.toml", '[meta]\nname = "a"\nextends = "slargeball"\n')
    house_file(tmp_path, "b.toml", '[meta]\nname = "b"\nextends = "slargeball"\n')
    real = registry._house_variant

    def trips(path):
        if path.name == "a.toml":
            raise MemoryError("a parser bug")
        return real(path)

    monkeypatch.setattr(registry, "_house_variant", trips)
    variants, problems = registry.house_variants(storage.house_dir(tmp_path))
    assert [v.name for v in variants] == ["b"]
    assert problems == [f"{storage.house_dir(tmp_path) / 'a.toml'}: cannot be read (MemoryError: a parser bug)"]


def test_a_house_folder_that_cannot_be_listed_is_reported_not_taken_for_empty(tmp_path, monkeypatch):
    folder = storage.house_dir(tmp_path)
    folder.mkdir()
    real = os.scandir

    def refused(path="."):
        if Path(path) == folder:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", refused)  # as for a folder without read permission (the tests run as root)
    variants, problems = registry.house_variants(folder)
    assert variants == [] and problems == [f"{folder}: cannot list the house rules: Permission denied"]


def test_a_named_pipe_among_the_house_files_is_called_one(tmp_path):
    folder = storage.house_dir(tmp_path)
    folder.mkdir()
    os.mkfifo(folder / "pipe.toml")
    _, problems = registry.house_variants(folder)
    assert problems == [f"{folder / 'pipe.toml'}: is not a file (a named pipe); rulesets are .toml files"]


@pytest.mark.parametrize("field, value", [("name", "W" * 10_000), ("name", "W" * 25), ("id", "w" * 257)])
def test_a_house_team_name_is_bounded_as_a_typed_name_is(tmp_path, field, value):
    team = {"id": "iron-wolves", "name": "Wolves"} | {field: value}
    path = house_file(tmp_path, "long.toml", '[meta]\nname = "long"\nextends = "battleball"\n'
                      f'[[teams]]\nid = "{team["id"]}"\nname = "{team["name"]}"\n'
                      '[[teams]]\nid = "black-harts"\nname = "Harts"\n')
    entry = registry.lookup("long", path.parent)
    with pytest.raises(RulesetError, match=f"teams.0.{field}'.*characters long; at most"):
        entry.load_data()


def test_a_name_of_24_characters_still_fits(tmp_path):
    path = house_file(tmp_path, "ok.toml", '[meta]\nname = "ok"\nextends = "battleball"\n'
                      f'[[teams]]\nid = "iron-wolves"\nname = "{"W" * 24}"\n'
                      '[[teams]]\nid = "black-harts"\nname = "Harts"\n')
    assert registry.lookup("ok", path.parent).load_data().teams[0].name == "W" * 24


async def test_many_broken_files_scroll_under_the_menu_at_80_by_24(tmp_path):
    for n in range(30):
        house_file(tmp_path, f"broken-{n:02}.toml", "not toml at all")
    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.menu

        def drawn() -> list[str]:
            return [menu.render_line(y).text for y in range(menu.size.height)]

        assert menu.list_named("rulesets").rows >= 5, "the five rulesets keep their rows"
        rows = drawn()
        assert sum("not valid TOML" in row for row in rows) <= 5
        assert "lines 1-" in rows[-1] and "w shows more" in rows[-1] and "broken-00.toml" in "".join(rows)
        await pilot.press("w")
        rows = drawn()
        assert "lines 1-" not in rows[-1] and "broken-00.toml" not in "".join(rows), "w shows the next lines"
        seen = "".join(rows)
        while "lines 1-" not in drawn()[-1] and len(seen) < 10**6:
            await pilot.press("w")
            seen += "".join(drawn())
        assert "broken-29.toml" in seen, "every file's problem is shown on the way"
        assert "lines 1-" in drawn()[-1], "after the last page, the first again"


async def test_the_app_starts_beside_a_house_file_holding_a_huge_number(tmp_path):
    house_file(tmp_path, "huge.toml", f'[meta]\nname = "huge"\nextends = "battleball"\n[game]\nhalves = {HUGE}\n')
    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.menu
        assert len(menu.list_named("rulesets").options) == 5 and "huge.toml" in menu.message.plain
