"""The registry: each ruleset's name and aliases, its data file, its rules module and its screens.

Kept free of pydantic and icepool so the home screen starts fast; rules load on first use.
"""

from __future__ import annotations

import importlib
import tomllib
import unicodedata
from dataclasses import dataclass, replace
from pathlib import Path
from types import ModuleType

from refbox.engine.errors import RulesetError


@dataclass(frozen=True)
class Entry:
    name: str
    title: str
    aliases: tuple[str, ...]
    data_file: str
    rules: str
    """Dotted path of the rules module (start / prompt / apply / view)."""
    setup_screen: str
    game_screen: str
    """``module:Class`` of the screens, imported only when opened."""
    playable: bool
    base: str = ""
    """The built-in ruleset whose rules module this entry uses (itself, unless house rules)."""
    house_file: Path | None = None
    """Set for a house-rules variant: merged over ``data_file``."""

    @property
    def data_path(self) -> Path:
        return rulesets_dir() / self.data_file

    def load_rules(self) -> ModuleType:
        return importlib.import_module(self.rules)

    def load_data(self):
        rules = self.load_rules()
        from refbox.engine import ruleset

        return ruleset.load(rules.Data, self.data_path, self.house_file)


def _entry(name: str, title: str, aliases: tuple[str, ...], playable: bool) -> Entry:
    module = name.replace("-", "_")
    cls = "".join(part.title() for part in name.split("-"))
    return Entry(
        name=name,
        title=title,
        aliases=aliases,
        data_file=f"{name}.toml",
        rules=f"refbox.games.{module}.rules",
        setup_screen=f"refbox.ui.games.{module}:{cls}SetupScreen",
        game_screen=f"refbox.ui.games.{module}:{cls}Screen",
        playable=playable,
        base=name,
    )


BUILTIN: tuple[Entry, ...] = (
    _entry("slargeball", "Slargeball!", ("slarge", "slargeball!"), playable=True),
    _entry("rulerball", "Rülerball", ("rülerball", "ruler"), playable=True),
    _entry("monster-ball", "Monster Ball", ("monsterball", "monster"), playable=True),
    _entry("ballmonsters", "Ballmonsters!", ("ballmonsters!", "bm"), playable=True),
    _entry("battleball", "Battleball", ("battle",), playable=True),
)


def rulesets_dir() -> Path:
    """The shipped rulesets: inside the installed package, or the repository's top-level folder."""
    here = Path(__file__).resolve().parent.parent
    installed = here / "rulesets"
    return installed if installed.is_dir() else here.parent / "rulesets"


def _key(name: str) -> str:
    folded = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in folded if c.isalnum())


def house_variants(house_dir: Path | None) -> tuple[list[Entry], list[str]]:
    """House-rules files in ``house_dir``: the variants they define and a message per broken file."""
    if house_dir is None or not house_dir.is_dir():
        return [], []
    found, problems = [], []
    for path in sorted(house_dir.glob("*.toml")):
        try:
            meta = tomllib.loads(path.read_text(encoding="utf-8")).get("meta", {})
            base = lookup(meta["extends"])
            found.append(
                replace(
                    base,
                    name=str(meta["name"]),
                    title=str(meta.get("title", f"{base.title} (house rules)")),
                    aliases=(),
                    house_file=path,
                )
            )
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
            problems.append(f"{path}: not valid TOML: {e}")
        except KeyError as e:
            problems.append(f"{path}: [meta] needs {e} (house rules name the ruleset they extend and their own name)")
        except RulesetError as e:
            problems.append(f"{path}: {e}")
    return found, problems


def entries(house_dir: Path | None = None) -> list[Entry]:
    return [*BUILTIN, *house_variants(house_dir)[0]]


def lookup(name: str, house_dir: Path | None = None) -> Entry:
    key = _key(name)
    for entry in entries(house_dir) if house_dir else BUILTIN:
        if key == _key(entry.name) or key in {_key(a) for a in entry.aliases} or key == _key(entry.title):
            return entry
    known = ", ".join(e.name for e in BUILTIN)
    raise RulesetError(f"unknown ruleset {name!r} (known: {known})")
