"""The pydantic game state of the games not yet moved to plain dataclasses (refbox.engine.state): kept only
until the last of them moves, then deleted. New code uses refbox.engine.state.GameState."""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel, ConfigDict, Field

from refbox.engine.prompts import Actor
from refbox.engine.state import UNLOGGED, Fact, LogLine

M = TypeVar("M", bound=BaseModel)


def _plain_attribute_reads() -> None:
    """Take pydantic's ``BaseModel.__getattr__`` away. It serves private attributes and extra fields only, which
    no refbox model has (tests/test_engine_models.py checks every one), but its mere presence sends every
    attribute read of every model through a Python-level hook and turns off CPython's specialised reads: a
    quarter of a random Slargeball input, an eighth of a Battleball one. A missing attribute still raises
    AttributeError."""
    if "__getattr__" in BaseModel.__dict__:
        del BaseModel.__getattr__


_plain_attribute_reads()


class Model(BaseModel):
    """Base of game state: validated where it enters (construction, a checkpoint, a setup), not on every
    assignment inside the rules, which are trusted code on a hot path (random play, the computer coach)."""

    model_config = ConfigDict(extra="forbid")

    def __setattr__(self, name: str, value) -> None:
        # a declared field (every one is in __dict__ once built) is stored as it is; pydantic's own __setattr__
        # was a fifth of a random Battleball input. Frozen models and anything else still go through pydantic.
        fields = self.__dict__
        if name in fields:
            fields[name] = value
        else:
            super().__setattr__(name, value)

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        if cls.model_config.get("frozen"):
            cls.__setattr__ = BaseModel.__setattr__  # type: ignore[method-assign]  # refuses, as pydantic does


def built(cls: type[M], **fields) -> M:
    """A model of trusted values, without validation (a log line the rules write, a record they build): the
    field values must already be what validation would give. Defaults are not filled in."""
    return made(cls, fields, fields)


def made(cls: type[M], fields: dict, given=()) -> M:
    """``built`` from a dict of every field's value (defaults included: it becomes the model's own), ``given``
    naming the fields set explicitly, as pydantic records them."""
    new = cls.__new__(cls)
    setter = object.__setattr__
    setter(new, "__dict__", fields)
    setter(new, "__pydantic_fields_set__", set(given))
    setter(new, "__pydantic_extra__", None)
    setter(new, "__pydantic_private__", None)
    return new


class GameState(Model):
    log: list[LogLine] = Field(default_factory=list)
    happened: list[Fact] = Field(default_factory=list)
    """What the last input did, for the report's statistics (refbox.engine.state.Fact)."""

    @property
    def logged(self) -> bool:
        """Whether log lines are kept: a hot path may skip wording a line nobody will read."""
        return self.log is not UNLOGGED

    def note(self, stamp: str, text: str, actor: Actor = None) -> None:
        """A log line, built as ``built`` builds it, inline (more than one line an input in some games)."""
        log = self.log
        if log is UNLOGGED:
            return
        log.append(LogLine(stamp, text, actor))

    def record(self, kind: str, team: int, who: str | None = None, amount: int = 1) -> None:
        if self.log is not UNLOGGED:
            self.happened.append(Fact(kind, team, who, amount))
