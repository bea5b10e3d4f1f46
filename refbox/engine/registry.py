"""The registry: each ruleset's name and aliases, its data file, its rules module and its screens.

Kept free of pydantic and icepool so the home screen starts fast; rules load on first use.
"""

from __future__ import annotations

import importlib
import os
import unicodedata
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from refbox.engine import text, tomlfile
from refbox.engine.errors import RulesetError

if TYPE_CHECKING:
    from refbox.engine.contract import Rules


@dataclass(frozen=True)
class Entry:
    name: str
    title: str
    aliases: tuple[str, ...]
    data_file: str
    rules: str
    """``module:Class`` of the ruleset's rules (a refbox.engine.contract.Rules), imported when first used."""
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

    def load_rules(self) -> type[Rules]:
        """The ruleset's Rules class."""
        module, name = self.rules.split(":")
        return getattr(importlib.import_module(module), name)

    def load_data(self):
        from refbox.engine import ruleset

        return ruleset.load(self.load_rules().Data, self.data_path, self.house_file)

    def load(self) -> Rules:
        """The rules over this entry's data (house rules merged): what a match, a simulation or a screen calls."""
        return self.load_rules()(self.load_data())


def _entry(name: str, title: str, aliases: tuple[str, ...], playable: bool) -> Entry:
    module = name.replace("-", "_")
    cls = "".join(part.title() for part in name.split("-"))  # monster-ball -> MonsterBall
    return Entry(
        name=name,
        title=title,
        aliases=aliases,
        data_file=f"{name}.toml",
        rules=f"refbox.games.{module}.rules:{cls}",
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
    """House-rules files in ``house_dir``: the variants they define and one message per broken file.

    A file is broken when it cannot be read as TOML (see ``tomlfile``), when its ``[meta]`` does not
    name the ruleset it extends and its own name, or when that name (or a built-in's name, alias or
    title) is already taken: the first file to use a name keeps it, in file-name order."""
    if house_dir is None:
        return [], []
    try:
        with os.scandir(house_dir) as listing:  # not Path.glob, which takes an unreadable folder for an empty one
            paths = sorted(Path(item.path) for item in listing
                           if item.name.endswith(".toml") and not item.name.startswith("."))
    except (FileNotFoundError, NotADirectoryError):
        return [], []
    except OSError as e:
        return [], [f"{tomlfile.where(house_dir)}: cannot list the house rules: {e.strerror or e}"]
    taken = {}
    for b in BUILTIN:
        for key in (b.name, *b.aliases, b.title):
            taken.setdefault(_key(key), f"the built-in ruleset {b.title}")
    found, problems = [], []
    for path in paths:
        try:
            variant = _house_variant(path)
        except RulesetError as e:
            problems.append(str(e))
            continue
        except Exception as e:  # whatever else goes wrong reading one file is that file's problem alone
            problems.append(f"{tomlfile.where(path)}: cannot be read ({type(e).__name__}: {text.printable(str(e))})")
            continue
        owner = taken.get(_key(variant.name))
        if owner is not None:
            problems.append(f"{tomlfile.where(path)}: [meta] name {variant.name!r} is already used by {owner}; "
                            "give this file a name of its own")
            continue
        taken[_key(variant.name)] = path.name
        found.append(variant)
    return found, problems


def _house_variant(path: Path) -> Entry:
    where = tomlfile.where(path)
    meta = tomlfile.read(path).get("meta")
    if not isinstance(meta, dict):
        raise RulesetError(f"{where}: [meta] must be a table naming the ruleset it extends and its own name "
                           f"(got {_kind(meta)})")
    for key in ("extends", "name"):
        if key not in meta:
            raise RulesetError(f"{where}: [meta] needs {key!r} (house rules name the ruleset they extend and "
                               "their own name)")
    extends, name = meta["extends"], meta["name"]
    if not isinstance(extends, str):
        raise RulesetError(f"{where}: [meta] extends must be the name of a ruleset, in quotes (got {_kind(extends)})")
    if not isinstance(name, str) or not name.strip():
        raise RulesetError(f"{where}: [meta] name must be a name in quotes (got {_kind(name)})")
    if not _key(name):
        raise RulesetError(f"{where}: [meta] name {name!r} needs at least one letter or digit")
    title = meta.get("title")
    if title is not None and not isinstance(title, str):
        raise RulesetError(f"{where}: [meta] title must be text in quotes (got {_kind(title)})")
    for field, value in (("name", name), ("title", title or "")):
        why = text.problem(value)
        if why is not None:
            raise RulesetError(f"{where}: [meta] {field} {why}")
    try:
        base = lookup(extends)
    except RulesetError as e:
        raise RulesetError(f"{where}: [meta] extends: {e}") from None
    return replace(base, name=name, title=title or f"{base.title} (house rules)", aliases=(), house_file=path)


def _kind(value: object) -> str:
    """What a TOML value is, for a message: 'a number', 'a table', ..."""
    if value is None:
        return "nothing"
    names = {bool: "true/false", int: "a number", float: "a number", str: "text", list: "a list", dict: "a table"}
    return names.get(type(value), type(value).__name__)


def entries(house_dir: Path | None = None) -> list[Entry]:
    return [*BUILTIN, *house_variants(house_dir)[0]]


def lookup(name: str, house_dir: Path | None = None) -> Entry:
    """The ruleset called ``name`` (its name, an alias or its title): a built-in one first, so that no house-rules
    file (broken or not) is read to find one; then the house-rules variants in ``house_dir``."""
    key = _key(name)
    for entry in BUILTIN:
        if _named(entry, key):
            return entry
    variants, problems = house_variants(house_dir) if house_dir else ([], [])
    for entry in variants:
        if _named(entry, key):
            return entry
    known = ", ".join(e.name for e in (*BUILTIN, *variants))
    unread = f"; {len(problems)} house-rules file(s) could not be read, the first: {problems[0]}" if problems else ""
    raise RulesetError(f"unknown ruleset {name!r} (known: {known}){unread}")


def _named(entry: Entry, key: str) -> bool:
    return key == _key(entry.name) or key in {_key(a) for a in entry.aliases} or key == _key(entry.title)
