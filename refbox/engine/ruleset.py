"""Rulesets as data: each game's numbers live in ``rulesets/<game>.toml`` and are validated on load.

A house-rules file is a TOML file whose ``[meta]`` table names the ruleset it ``extends``; its tables
are merged over the base file and the result is validated as a whole.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from refbox.engine import tomlfile
from refbox.engine.errors import RulesetError
from refbox.engine.text import Name, Prose


class Strict(BaseModel):
    """Base of ruleset tables: unknown keys are errors (a typo must not be silently ignored)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Meta(Strict):
    name: Name = Field(min_length=1, max_length=60)
    title: Name = Field(min_length=1, max_length=60)
    aliases: list[Name] = []
    extends: Name | None = None
    """Set in a house-rules file: the ruleset it changes."""
    source: Name = Field("", max_length=200)
    """Where the rules come from (edition), for the help screen."""


class Step(Strict):
    id: Name
    name: Name


class Phase(Strict):
    id: Name
    name: Name
    steps: list[Step] = []
    help: Prose = ""
    """Rule help for this phase, in refbox's own words."""


class Ruling(Strict):
    id: Name
    applies_to: list[Name] = Field(min_length=1)
    """Phase ids (or "setup", "general") where the ruling is shown."""
    ruling: Prose
    reason: Prose


class RulesetData(Strict):
    """Fields every ruleset shares; each game extends this with its own numbers and tables."""

    meta: Meta
    phases: list[Phase] = Field(min_length=1)
    rulings: list[Ruling] = []
    not_implemented: list[Prose] = []
    """Rules refbox knows it does not referee yet: shown in the help and the notes."""

    def phase(self, phase_id: str) -> Phase:
        for p in self.phases:
            if p.id == phase_id:
                return p
        raise KeyError(phase_id)

    def rulings_for(self, phase_id: str) -> list[Ruling]:
        return [r for r in self.rulings if phase_id in r.applies_to or "general" in r.applies_to]


D = TypeVar("D", bound=RulesetData)


def read_toml(path: Path) -> dict[str, Any]:
    """The file's tables, or a RulesetError naming the file and what is wrong (see ``tomlfile``)."""
    return tomlfile.read(path)


def merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """Tables merge key by key; any other value (including arrays) is replaced whole."""
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


def validate(model: type[D], raw: dict[str, Any], where: str) -> D:
    try:
        return model.model_validate(raw)
    except ValidationError as e:
        problems = []
        for err in e.errors()[:5]:
            field = ".".join(str(p) for p in err["loc"]) or "(top level)"
            msg = err["msg"].removeprefix("Value error, ")
            problems.append(f"{where}: field '{field}': {msg}")
        more = f" (and {e.error_count() - 5} more)" if e.error_count() > 5 else ""
        raise RulesetError("; ".join(problems) + more) from None
    except RecursionError:
        raise RulesetError(f"{where}: nested too deeply") from None
    except Exception as e:  # a consistency check tripped over tables it did not expect: still the file's fault
        raise RulesetError(f"{where}: the tables do not fit together ({type(e).__name__}: {e})") from None


def load(model: type[D], base: Path, house: Path | None = None) -> D:
    raw = read_toml(base)
    where = tomlfile.where(base)
    if house is not None:
        raw = merge(raw, read_toml(house))
        where = f"{tomlfile.where(house)} (over {base.name})"
    return validate(model, raw, where)
