"""Test support for tests that go over every ruleset: default setups, every name field, saved matches.

A name field is given by its path in the Setup dict (which is also pydantic's error location) and the
id of the setup screen's Input that edits it.
"""

from __future__ import annotations

import copy
import importlib
import random
from pathlib import Path

from refbox.engine import random_play, registry
from refbox.engine.match import Match
from refbox.engine.storage import matches_dir

RULESETS = ("slargeball", "rulerball", "monster-ball", "ballmonsters", "battleball")

Path_ = tuple[str | int, ...]


def default_setup(ruleset: str) -> dict:
    if ruleset == "slargeball":
        return {"teams": [{"name": "Red Ravagers", "colour": "red"}, {"name": "Blue Bashers", "colour": "blue"}],
                "squads": 2}
    if ruleset == "rulerball":
        from refbox.games.rulerball.models import Setup

        return Setup().model_dump(mode="json")
    if ruleset == "ballmonsters":
        from refbox.games.ballmonsters.rules import default_setup as bm_default

        return bm_default()
    return {}


def name_fields(ruleset: str) -> list[tuple[Path_, str]]:
    """(path in the Setup dict, setup screen Input id) of every name a user types for ``ruleset``."""
    if ruleset == "slargeball":
        return [(("teams", i, "name"), f"name{i}") for i in (0, 1)]
    if ruleset == "rulerball":
        setup = default_setup(ruleset)
        fields = []
        for i in (0, 1):
            fields.append((("teams", i, "name"), f"name{i}"))
            fields += [(("teams", i, "figures", j, "name"), f"f{i}-{j}-name")
                       for j in range(len(setup["teams"][i]["figures"]))]
        return fields
    if ruleset == "monster-ball":
        return [(("law_name",), "law"), (("chaos_name",), "chaos")]
    if ruleset == "ballmonsters":
        setup = default_setup(ruleset)
        fields = []
        for i in (0, 1):
            fields.append((("teams", i, "name"), f"name{i}"))
            fields.append((("teams", i, "monsterball", "name"), f"b{i}-0-name"))
            fields += [(("teams", i, "miniballs", k, "name"), f"b{i}-{k + 1}-name")
                       for k in range(len(setup["teams"][i]["miniballs"]))]
        return fields
    if ruleset == "battleball":
        return [(("coaches", i), f"coach{i}") for i in (0, 1)]
    raise KeyError(ruleset)


def with_names(ruleset: str, names: dict[Path_, str]) -> dict:
    """The default setup of ``ruleset`` with the names at the given paths replaced."""
    setup = copy.deepcopy(default_setup(ruleset))
    if ruleset == "battleball" and any(p[0] == "coaches" for p in names):
        setup["coaches"] = ["Coach 1", "Coach 2"]
    for path, value in names.items():
        node = setup
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return setup


def rules_class(ruleset: str):
    """The ruleset's Rules class, from the registry."""
    return registry.lookup(ruleset).load_rules()


def saved_match(root: Path, ruleset: str, setup: dict | None = None, events: int = 40, seed: int = 7,
                name: str | None = None) -> Path:
    """A match of ``ruleset`` played ``events`` random inputs in, saved under ``root`` (closed, unlocked)."""
    path = matches_dir(root) / f"{name or ruleset}.jsonl"
    match = Match.new(ruleset, default_setup(ruleset) if setup is None else setup, seed=seed, path=path)
    random_play.advance(match, events, random.Random(seed))
    match.save()
    match.close()
    return path


def demo_journal(root: Path, ruleset: str) -> Path:
    """A mid-match journal from the ruleset's own demo (seeded random play where it has none)."""
    path = matches_dir(root) / f"{ruleset}-demo.jsonl"
    try:
        demo = importlib.import_module(f"refbox.games.{ruleset.replace('-', '_')}.demo")
    except ModuleNotFoundError:
        return saved_match(root, ruleset, events=120, name=f"{ruleset}-demo")
    if not hasattr(demo, "demo_match"):  # a demo module with other demos only (Battleball's board_demo)
        return saved_match(root, ruleset, events=120, name=f"{ruleset}-demo")
    match = demo.demo_match(path)
    match.save()
    match.close()
    return path


async def resume_from_home(app, pilot, path: Path) -> None:
    """Open the app at home, then resume the match at ``path`` and let the game screen settle."""
    await pilot.pause()
    app.resume(str(path))
    await pilot.pause()
    await pilot.pause()
