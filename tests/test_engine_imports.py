"""The engine is headless: nothing outside refbox/ui imports textual, and the engine imports no rich."""

import json
import pkgutil
import subprocess
import sys

import refbox


def headless_modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(refbox.__path__, "refbox."):
        if info.name.startswith("refbox.ui"):
            continue
        names.append(info.name)
    return names


def test_engine_games_and_cli_import_neither_textual_nor_rich():
    modules = [m for m in headless_modules() if m != "refbox.__main__"]
    assert "refbox.engine.match" in modules and "refbox.games.slargeball.rules" in modules
    code = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []


def test_the_home_screen_path_does_not_import_icepool_or_pydantic_rules():
    """Start-up stays fast: the registry and the saved-match list need neither icepool nor a rules module."""
    code = (
        "import sys, refbox.engine.registry, refbox.engine.storage\n"
        "print([m for m in ('icepool', 'refbox.games.slargeball.rules') if m in sys.modules])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
