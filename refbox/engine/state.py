"""What every game's state shares (the log, the facts an input records) and the headless view a screen draws.

A game's state is a plain slotted dataclass (``@dataclass(slots=True, kw_only=True)``, subclassing GameState):
the rules read and write it at full speed; pydantic validates it where it enters from a file (a checkpoint:
refbox.engine.plain), never on every assignment.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from refbox.engine.board import BoardView
from refbox.engine.prompts import Actor


@dataclass(slots=True)
class LogLine:
    stamp: str
    """Where in the match it happened, e.g. "T7 Whap"."""
    text: str
    actor: Actor = None
    faces: tuple[int, ...] = ()
    """The faces of the rolls this line reports, as they were typed or rolled (the engine attaches them: every
    roll's faces are in the log, so a match can be audited from it)."""

    def audited(self) -> str:
        """The line as the log shows it: its text, then the faces of the dice it reports."""
        return f"{self.text}  [dice {' '.join(map(str, self.faces))}]" if self.faces else self.text


@dataclass(slots=True)
class Fact:
    """Something an input did that a report counts: a whap tried, a goal scored (by whom, for which team)."""

    kind: str
    """The statistic it counts, in the game's words ("whaps", "goals")."""
    team: int
    who: str | None = None
    """The figure's name as the report shows it (None: the team's, not a figure's)."""
    amount: int = 1


class Unlogged(list):
    """The log of a headless game nobody reads (``refbox sim``, a coach's look-ahead): lines are dropped.
    The rules never read the log, so a game plays the same with it."""

    __slots__ = ()

    def append(self, line) -> None:
        pass


UNLOGGED = Unlogged()
"""One for every headless game: it never holds anything."""


@dataclass(slots=True, kw_only=True)
class GameState:
    log: list[LogLine] = field(default_factory=list)
    happened: list[Fact] = field(default_factory=list)
    """What the last input did (cleared before each): the one stream a report's statistics come from."""
    rolled: tuple[int, ...] = ()
    """Faces rolled and not yet on a log line: the next line written reports them (``LogLine.faces``)."""

    @property
    def logged(self) -> bool:
        """Whether log lines (and facts) are kept: a hot path may skip wording a line nobody will read."""
        return self.log is not UNLOGGED

    def note(self, stamp: str, text: str, actor: Actor = None) -> None:
        log = self.log
        if log is not UNLOGGED:
            log.append(LogLine(stamp, text, actor, self.rolled))
            self.rolled = ()

    def record(self, kind: str, team: int, who: str | None = None, amount: int = 1) -> None:
        """A fact for the report (dropped in a headless game, as the log is)."""
        if self.log is not UNLOGGED:
            self.happened.append(Fact(kind, team, who, amount))


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
