"""What every game's state shares: the match log, and the headless view a screen draws."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from refbox.engine.board import BoardView
from refbox.engine.prompts import Actor

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


class LogLine(Model):
    stamp: str
    """Where in the match it happened, e.g. "T7 Whap"."""
    text: str
    actor: Actor = None


class Unlogged(list):
    """The log of a headless game nobody reads (``refbox sim``, a coach's look-ahead): lines are dropped.
    The rules never read the log, so a game plays the same with it."""

    __slots__ = ()

    def append(self, line) -> None:
        pass


UNLOGGED = Unlogged()
"""One for every headless game: it never holds anything."""


class GameState(Model):
    log: list[LogLine] = Field(default_factory=list)

    @property
    def logged(self) -> bool:
        """Whether log lines are kept: a hot path may skip wording a line nobody will read."""
        return self.log is not UNLOGGED

    def note(self, stamp: str, text: str, actor: Actor = None) -> None:
        """A log line, built as ``built`` builds it, inline (more than one line an input in some games)."""
        log = self.log
        if log is UNLOGGED:
            return
        line = _new_line(LogLine)
        _set(line, "__dict__", {"stamp": stamp, "text": text, "actor": actor})
        _set(line, "__pydantic_fields_set__", {"stamp", "text", "actor"})
        _set(line, "__pydantic_extra__", None)
        _set(line, "__pydantic_private__", None)
        log.append(line)


_new_line, _set = LogLine.__new__, object.__setattr__


# ---- the view: what a screen shows, computed headless from the state (plain dataclasses: built per redraw) ----


@dataclass(slots=True)
class PhaseRow:
    name: str
    status: Literal["done", "current", "todo"]
    depth: int = 0


@dataclass(slots=True)
class Stat:
    label: str
    value: str
    actor: Actor = None


@dataclass(slots=True)
class Roster:
    title: str
    actor: Actor
    columns: list[str]
    rows: list[list[str]]
    dim: list[bool] = field(default_factory=list)
    """Rows to grey out (unconscious, out of the game)."""
    fold: bool = False
    """Two rows a line (the first half of the rows beside the second) where the panel is wide enough."""


class Later(Sequence):
    """A list built on first use: a view's rosters beside a board stay hidden until Tab, and building them on
    every key of the field was a tenth of its view. Compares equal to the list it builds."""

    __slots__ = ("_build", "_items")

    def __init__(self, build: Callable[[], list]) -> None:
        self._build, self._items = build, None

    def _list(self) -> list:
        if self._items is None:
            self._items = self._build()
        return self._items

    def __getitem__(self, index):
        return self._list()[index]

    def __len__(self) -> int:
        return len(self._list())

    def __eq__(self, other) -> bool:
        return self._list() == (list(other) if isinstance(other, Sequence) else other)

    def __repr__(self) -> str:
        return f"Later({self._list()!r})"


@dataclass(slots=True)
class View:
    headline: str
    """Score line for the title bar, e.g. "Red 2 : 1 Blue"."""
    clock: str
    """Turn or clock, e.g. "turn 7/25"."""
    phases: list[PhaseRow]
    phase_id: str
    """Key of the current phase for help and rulings."""
    scoreboard: list[Stat]
    rosters: Sequence[Roster]
    """A list, or a ``Later`` where the screen may never show them (beside a board)."""
    notes: list[str] = field(default_factory=list)
    """Extra lines for the centre panel (pending whaps, the shot in progress...)."""
    board: BoardView | None = None
    """The board, for rulesets where refbox owns the positions (drawn by the Board widget)."""
