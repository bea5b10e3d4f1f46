"""Slargeball! match state: teams, figures, balls, coaches, and the question pending."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from refbox.engine.legacy_state import GameState, Model
from refbox.engine.text import Name

TEAM_COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan", "orange", "white")
"""Colours a team can wear; names every terminal theme understands."""


class TeamSetup(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Name = Field(min_length=1, max_length=24)
    colour: Literal["red", "blue", "green", "yellow", "magenta", "cyan", "orange", "white"]


class Setup(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    teams: tuple[TeamSetup, TeamSetup]
    squads: int = Field(ge=1, le=9)
    """Squads per team (the same for both); the ruleset bounds it (1-5 by the book)."""

    @model_validator(mode="after")
    def _distinct(self) -> "Setup":
        a, b = self.teams
        if a.name.strip().casefold() == b.name.strip().casefold():
            raise ValueError("the two teams need different names")
        if a.colour == b.colour:
            raise ValueError("the two teams need different colours")
        return self


Status = Literal["up", "out", "mired"]
"""Conscious, knocked out, or mired in a pile (unconscious too, for every rule)."""


class Figure(Model):
    id: str
    """Unique in the match: team letter + tag, e.g. "A.T1"."""
    team: int = Field(ge=0, le=1)
    pos: str
    tag: str
    """Short name on the roster, e.g. "T1", "DG2", "G"."""
    move: int = Field(ge=0)
    whap: int = Field(ge=0)
    fling: int = Field(ge=0)
    nab: int = Field(ge=0)
    status: Status = "up"
    frozen: bool = False
    """Target of its coach's wrath: may not move, whap, fling or nab."""
    coach: bool = False
    on_field: bool = True
    """Coaches start off the field; every other figure is always on it."""
    key: str = ""
    """Its own key in every prompt (set from its place in the roster)."""

    @property
    def up(self) -> bool:
        return self.status == "up"

    @property
    def can_act(self) -> bool:
        return self.status == "up" and not self.frozen and self.on_field


class Ball(Model):
    id: int = Field(ge=1)
    where: Literal["ground", "carried", "air", "out"] = "ground"
    carrier: str | None = None
    rested_this_nab: bool = False
    """Came to rest during the current Nab phase: no further nab until next turn."""

    def put(self, where: str, carrier: str | None = None) -> None:
        """Change place and carrier together, checked as one change (the model's own rule, without the cost of
        validating the whole ball again: it is on every nab and fling)."""
        if where not in _WHERE or (where == "carried") != (carrier is not None):
            raise ValueError(f"ball {self.id}: a carried ball needs a carrier, and only a carried ball has one")
        fields = self.__dict__
        fields["where"], fields["carrier"] = where, carrier

    @model_validator(mode="after")
    def _carrier_iff_carried(self) -> "Ball":
        if (self.where == "carried") != (self.carrier is not None):
            raise ValueError(f"ball {self.id}: a carried ball needs a carrier, and only a carried ball has one")
        return self


_WHERE = ("ground", "carried", "air", "out")


class CoachState(Model):
    activations: int = Field(default=0, ge=0, le=9)
    mode: Literal["bench", "storming", "talking", "returning"] = "bench"
    target: str | None = None
    talk_turn: int = 0
    """The turn spent frozen with the target (the one after arrival)."""
    tried_turn: int = 0
    """Last turn an activation was attempted (one attempt per turn)."""


class Team(Model):
    name: str
    colour: str
    score: int = Field(default=0, ge=0)
    coach: CoachState = Field(default_factory=CoachState)


class Ask(Model):
    """The question pending inside the current phase; ``prompt`` renders it, ``apply`` answers it."""

    step: str
    team: int | None = None
    figure: str | None = None
    ball: int | None = None
    action: str | None = None
    queue: list[str] = Field(default_factory=list)
    face: int = 0


Phase = Literal["initiative", "move", "whap", "fling", "nab", "consciousness", "break", "over"]


_FOUND_AT: dict[str, int] = {}
"""A figure id -> its index in the figures list where it was last found (a hint, checked on every use)."""


class State(GameState):
    turn: int = Field(default=1, ge=1)
    turns: int = Field(ge=1)
    phase: Phase = "initiative"
    move_step: int = Field(default=0, ge=0)
    side: int = Field(default=0, ge=0, le=1)
    """Which of the two teams is acting within the move sub-phase (0 = initiative team first)."""
    initiative: int | None = None
    teams: list[Team] = Field(min_length=2, max_length=2)
    figures: list[Figure]
    balls: list[Ball] = Field(min_length=1)
    ask: Ask
    whap_band: int = 0
    whapped: list[str] = Field(default_factory=list)
    up_at_whap: list[str] = Field(default_factory=list)
    tried_contact: list[str] = Field(default_factory=list)
    fling_queue: list[int] = Field(default_factory=list)
    nab_done: list[int] = Field(default_factory=list)
    """Groundballs already tried this Nab phase."""
    nab_queue: list[str] = Field(default_factory=list)
    """Figures still to try for the ball in hand, in Nab order."""
    bonk_involved: list[str] = Field(default_factory=list)
    bonk_ring: list[str] = Field(default_factory=list)
    """Figures bonked in the latest ring of a ballbonk chain: the next ring touches them."""
    scored_ball: int | None = None
    break_reason: str = ""
    move_rest: bool = False
    """The table said nothing else needs dice this Move phase: the remaining sub-phases ask only coaches."""

    def fig(self, fig_id: str) -> Figure:
        figures = self.figures
        i = _FOUND_AT.get(fig_id)  # the same as figures[self.fig_index(fig_id)], one call less: it is everywhere
        if i is not None and i < len(figures):
            f = figures[i]
            if f.id == fig_id:
                return f
        return figures[self.fig_index(fig_id)]

    def fig_index(self, fig_id: str) -> int:
        """Where the figure is in ``figures`` (its roster order)."""
        figures = self.figures
        i = _FOUND_AT.get(fig_id)  # where it was last time, checked: the roster never changes order
        if i is not None and i < len(figures) and figures[i].id == fig_id:
            return i
        for i, f in enumerate(figures):
            if f.id == fig_id:
                _FOUND_AT[fig_id] = i
                return i
        raise KeyError(fig_id)

    def ball(self, ball_id: int) -> Ball:
        return self.balls[ball_id - 1]

    def carried_by(self, fig_id: str) -> list[Ball]:
        return [b for b in self.balls if b.carrier == fig_id]

    def team_order(self) -> tuple[int, int]:
        first = self.initiative if self.initiative is not None else 0
        return first, 1 - first

    def coach_of(self, team: int) -> Figure | None:
        return next((f for f in self.figures if f.team == team and f.coach), None)
