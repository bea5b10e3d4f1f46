"""The ruleset contract: one class per game, which the engine, the computer coach, reports and screens call.

A game subclasses ``Rules`` and declares everything explicitly (nothing is probed for):

    class Slargeball(Rules):
        name = "slargeball"
        Data, Setup, State = data.Data, models.Setup, models.State
        steps = STEPS                      # its step table (refbox.engine.steps)
        statistics = ("whaps", ...)        # the report's columns, counted from the facts its rules record

        def start(self, setup): ...        # the state before the first question (the engine settles it)
        def view(self, state): ...
        def outcome(self, state): ...
        def team_names(self, setup): ...
        def colours(self, setup): ...

An instance holds one loaded ruleset's data (``Rules(data)``); what a game derives from its data is computed
once per instance (``functools.cached_property``), never in module-level caches.

The core, in the spirit of OpenSpiel: ``start(setup) -> state``, ``legal(state)`` (cheap: ids, dice, bounds),
``prompt(state)`` (the same answers with labels, hints and odds, for a screen), ``apply(state, event)`` (the
state moves on by one checked answer). The state is the game's own; the engine only reads ``state.step``
(through the step machine), ``state.log`` and ``state.happened`` (refbox.engine.state.GameState).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import Any, ClassVar

from refbox.engine.play import Drawer
from refbox.engine.prompts import Event, Legal, Prompt
from refbox.engine.state import UNLOGGED, GameState, View
from refbox.engine.steps import Steps
from refbox.engine.upgrade import drop_forced_answers


@dataclass(frozen=True)
class Picture:
    """A position worth a screenshot (``python -m refbox.ui.screenshots`` saves ``<ruleset>-<name>.svg``):
    ``build(path)`` plays a seeded match to it, journaled at ``path``, and returns the open Match."""

    name: str
    build: Callable[[Any], Any]
    size: tuple[int, int] = (130, 40)
    """The terminal's columns and rows for the picture."""


class Rules:
    name: ClassVar[str]
    """The registry's name for the ruleset."""
    Data: ClassVar[type]
    """The ruleset file's model (refbox.engine.ruleset.RulesetData)."""
    Setup: ClassVar[type]
    """What a match is set up with (a pydantic model): its defaults are what a new match gets."""
    State: ClassVar[type[GameState]]
    steps: ClassVar[Steps]
    statistics: ClassVar[tuple[str, ...]] = ()
    """The report's statistics, in column order: the kinds of fact (``GameState.happened``) it counts."""
    random_weights: ClassVar[Mapping[str, float]] = MappingProxyType({})
    """Option id -> weight for answers drawn at random (random coaches, table questions in headless play):
    random games shaped like a real table's. Unnamed ids weigh 1."""
    coach_avoids: ClassVar[frozenset[str]] = frozenset()
    """Answers a computer coach never weighs (line-up shuffles a noisy estimate would happily pick)."""
    board_values: ClassVar[Mapping[str, str]] = MappingProxyType({"screen": "screen", "table": "table"})
    """For a ruleset whose Setup has a ``board`` choice: the Setup's value for refbox's own board or field
    ("screen") and for the table's flow ("table"), as ``refbox sim --board`` names them."""
    search_limits: ClassVar[Mapping[str, int]] = MappingProxyType({})
    """The search coach's limits where this ruleset wants its own (refbox.engine.coach.SearchCoach: widest,
    reach, depth, probes, hurried_leaves, margin, phase_ms), e.g. fewer answers rolled out when each play-out
    costs much."""
    version: ClassVar[int] = 1
    """What a journal's inputs mean. Raise it when a change makes saved inputs mean something else (a question
    no longer asked, an answer folded into another), and say in ``upgrade_setup`` / ``upgrade_events`` how an
    older journal's inputs become today's (refbox.engine.upgrade)."""

    def __init__(self, data: Any) -> None:
        self.data = data

    def __repr__(self) -> str:
        return f"<{type(self).__name__} rules>"

    # ---- setting up ----

    def new_setup(self) -> dict:
        """The setup a new match starts from (the setup screen's first values), as plain data."""
        return {}

    def headless_setup(self) -> dict:
        """The setup ``refbox sim``, benchmarks and random-play tests use."""
        return self.new_setup()

    def team_names(self, setup: Any) -> tuple[str, str]:
        raise NotImplementedError

    def colours(self, setup: Any) -> tuple[str, str]:
        """The two teams' colours (names every terminal theme understands)."""
        raise NotImplementedError

    def start(self, setup: Any) -> GameState:
        raise NotImplementedError

    def begin(self, setup: Any) -> GameState:
        """The state at the first question: ``start``, settled (a first step with nothing to ask moves on)."""
        state = self.start(setup)
        self.steps.settle(state, self.data)
        return state

    def computer_can_play(self, setup: Any) -> bool:
        """Whether a computer coach can play this setup (it must see the positions: refbox's own board)."""
        return False

    # ---- the step machine ----

    def legal(self, state: Any) -> Legal:
        return self.steps.legal(state, self.data)

    def drawing_legal(self, state: Any) -> Legal:
        """``legal`` for an answer drawn at once, before the state changes (random play): it may read the state
        instead of copying what it needs, so it is not to be kept."""
        return self.legal(state)

    def prompt(self, state: Any) -> Prompt:
        return self.steps.prompt(state, self.data)

    def apply(self, state: Any, event: Event) -> Legal | None:
        """Apply a checked answer; returns the next question's legal answers where settling listed them."""
        if state.happened:
            state.happened = []
        if event.kind == "roll" and state.log is not UNLOGGED:
            state.rolled += tuple(event.value)  # the next log line reports them
        return self.steps.apply(state, self.data, event)

    def phase(self, state: Any) -> str:
        return self.steps.phase(state)

    # ---- what a screen and a report show ----

    def view(self, state: Any) -> View:
        raise NotImplementedError

    def outcome(self, state: Any) -> tuple[float, float]:
        """The two sides' points (the winner has more; equal is a draw)."""
        raise NotImplementedError

    # ---- journals saved by older versions (refbox.engine.upgrade) ----

    @classmethod
    def upgrade_setup(cls, version: int, setup: dict, data: dict) -> tuple[dict, dict]:
        """An older journal's setup and ruleset numbers, as today's models read them (raw JSON in, raw out)."""
        return setup, data

    def upgrade_events(self, version: int, setup: Any, events: list[Event]) -> list[Event]:
        """An older journal's inputs as today's rules take them. By default: the answers older versions asked
        for where today's rules take them without asking (forced answers) are dropped."""
        return drop_forced_answers(self, setup, events)

    # ---- the computer coach ----

    @cached_property
    def drawer(self) -> Drawer:
        """Draws random answers with this ruleset's weights (random coaches, table questions in headless play)."""
        return Drawer(self.random_weights)

    def evaluate(self, state: Any, side: int) -> float:
        """How good the state is for ``side``, 0 to 1 (a search's leaf value): by default the score as it stands."""
        mine, theirs = self.outcome(state)[:: 1 if side == 0 else -1]
        return 0.5 if mine == theirs else 1.0 if mine > theirs else 0.0

    def coach_options(self, state: Any, legal: Legal) -> Sequence[str] | None:
        """The answers worth weighing among a long list (a move's squares that change something); None: all."""
        return None

    def coach_numbers(self, state: Any, legal: Legal) -> Sequence[int] | None:
        """A number question's values worth weighing, the promising first (a coach trying only a few tries
        those); None: every value in order."""
        return None

    def coach_default(self, state: Any, legal: Legal) -> Event | None:
        """An answer a coach gives without weighing (a line-up taken as it stands), or None."""
        return None

    def coach_phase(self, state: Any, side: int) -> tuple[Hashable, int] | None:
        """Where the search coach's time is budgeted per phase (``search_limits["phase_ms"]`` for all of a
        side's decisions in it) rather than per decision: the phase (any key that changes when it does) and
        how many more decisions the side may still make in it. None: per decision (``--think``)."""
        return None

    # ---- pictures ----

    @classmethod
    def pictures(cls) -> Sequence[Picture]:
        """Positions on the game's own board worth a screenshot (none by default)."""
        return ()
