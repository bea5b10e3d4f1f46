"""The shape every game's rules module has (see refbox.games.slargeball.rules for one)."""

from __future__ import annotations

from typing import Protocol

from pydantic import BaseModel

from refbox.engine.prompts import Event, Prompt
from refbox.engine.ruleset import RulesetData
from refbox.engine.legacy_state import GameState
from refbox.engine.state import View


class RulesModule(Protocol):
    Data: type[RulesetData]
    """The ruleset file's model."""
    Setup: type[BaseModel]
    """What the setup screen collects (team names, colours, options)."""
    State: type[GameState]

    def start(self, setup: BaseModel, data: RulesetData) -> GameState:
        """The state at the first prompt of a new match."""

    def prompt(self, state: GameState, data: RulesetData) -> Prompt:
        """What the match needs now. Pure: never changes the state."""

    def apply(self, state: GameState, data: RulesetData, event: Event) -> None:
        """Advance ``state`` in place by one checked event, or raise RuleError (the Match rolls back)."""

    def view(self, state: GameState, data: RulesetData) -> View:
        """Everything the screen shows besides the prompt."""

    def colours(self, setup: BaseModel) -> tuple[str, str]:
        """The two teams' colours, for hotseat prompts."""

    def team_names(self, setup: BaseModel, data: RulesetData) -> tuple[str, str]:
        """The two sides' names as prompts address them (optional: default ``setup.teams[i].name``)."""
