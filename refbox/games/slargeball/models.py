"""Slargeball! match state: teams, figures, balls, coaches, and the question pending.

The setup is a frozen pydantic model (it is where a user's choices enter); the state is plain slotted
dataclasses (refbox.engine.state), validated by pydantic only where it enters from a file (a checkpoint).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from refbox.engine.state import GameState
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
    board: Literal["table", "screen"] = "table"
    """"table": the table reports contact, landings, piles and the coach's path; "screen": refbox keeps the
    positions on its own field (refbox.games.slargeball.field) and works them out. A new match starts on the
    field (``Slargeball.new_setup``); the model's own default stays "table" because that is what a journal
    written before the field existed (with no ``board``) was played at."""

    @model_validator(mode="after")
    def _distinct(self) -> Setup:
        a, b = self.teams
        if a.name.strip().casefold() == b.name.strip().casefold():
            raise ValueError("the two teams need different names")
        if a.colour == b.colour:
            raise ValueError("the two teams need different colours")
        return self


Status = Literal["up", "out", "mired"]
"""Conscious, knocked out, or mired in a pile (unconscious too, for every rule)."""

Count = Annotated[int, Field(ge=0)]
Side = Annotated[int, Field(ge=0, le=1)]


@dataclass(slots=True, kw_only=True)
class Figure:
    id: str
    """Unique in the match: team letter + tag, e.g. "A.T1"."""
    team: Side
    pos: str
    tag: str
    """Short name on the roster, e.g. "T1", "DG2", "G"."""
    move: Count
    whap: Count
    fling: Count
    nab: Count
    status: Status = "up"
    frozen: bool = False
    """Target of its coach's wrath: may not move, whap, fling or nab."""
    coach: bool = False
    on_field: bool = True
    """Coaches start off the field; every other figure is always on it."""
    key: str = ""
    """Its own key in every prompt (set from its place in the roster)."""
    cell: tuple[int, int] | None = None
    """On refbox's field: its one-inch cell (a coach on the bench: his spot beside the field); None at the table."""

    @property
    def up(self) -> bool:
        return self.status == "up"

    @property
    def can_act(self) -> bool:
        return self.status == "up" and not self.frozen and self.on_field


Where = Literal["ground", "carried", "air", "out"]
_WHERE = ("ground", "carried", "air", "out")


@dataclass(slots=True, kw_only=True)
class Ball:
    id: Annotated[int, Field(ge=1)]
    where: Where = "ground"
    carrier: str | None = None
    rested_this_nab: bool = False
    """Came to rest during the current Nab phase: no further nab until next turn."""
    cell: tuple[int, int] | None = None
    """On refbox's field: where a groundball lies or an airball comes down (None while carried or at the table)."""
    heading: tuple[int, int] | None = None
    """On refbox's field: the way its last flight went (a bounce off a bonked cluster goes on from there)."""

    def __post_init__(self) -> None:
        _check_carrier(self.id, self.where, self.carrier)

    def put(self, where: str, carrier: str | None = None) -> None:
        """Change place and carrier together, checked as one change."""
        _check_carrier(self.id, where, carrier)
        self.where, self.carrier = where, carrier


def _check_carrier(ball: int, where: str, carrier: str | None) -> None:
    if where not in _WHERE or (where == "carried") != (carrier is not None):
        raise ValueError(f"ball {ball}: a carried ball needs a carrier, and only a carried ball has one")


@dataclass(slots=True, kw_only=True)
class CoachState:
    activations: Annotated[int, Field(ge=0, le=9)] = 0
    mode: Literal["bench", "storming", "talking", "returning"] = "bench"
    target: str | None = None
    talk_turn: int = 0
    """The turn spent frozen with the target (the one after arrival)."""
    tried_turn: int = 0
    """Last turn an activation was attempted (one attempt per turn)."""


@dataclass(slots=True, kw_only=True)
class Team:
    name: str
    colour: str
    score: Count = 0
    coach: CoachState = field(default_factory=CoachState)


@dataclass(slots=True, kw_only=True)
class Ask:
    """What the pending question (``State.step``) is about: a new one for every question, never changed."""

    team: int | None = None
    figure: str | None = None
    ball: int | None = None
    action: str | None = None
    queue: tuple[str, ...] = ()
    face: int = 0


Phase = Literal["initiative", "move", "whap", "fling", "nab", "consciousness", "break", "over", "lineup"]
""""lineup": on refbox's field, the teams adjusting their kick-off line-up (before the first initiative roll)."""


@dataclass(slots=True, kw_only=True)
class State(GameState):
    step: str
    """The question pending (a step of refbox.games.slargeball.steps)."""
    ask: Ask = field(default_factory=Ask)
    turn: Annotated[int, Field(ge=1)] = 1
    turns: Annotated[int, Field(ge=1)]
    phase: Phase = "initiative"
    move_step: Count = 0
    side: Side = 0
    """Which of the two teams is acting within the move sub-phase (0 = initiative team first)."""
    initiative: int | None = None
    teams: Annotated[list[Team], Field(min_length=2, max_length=2)]
    figures: list[Figure]
    balls: Annotated[list[Ball], Field(min_length=1)]
    whap_band: int = 0
    whapped: list[str] = field(default_factory=list)
    up_at_whap: list[str] = field(default_factory=list)
    tried_contact: list[str] = field(default_factory=list)
    fling_queue: list[int] = field(default_factory=list)
    nab_done: list[int] = field(default_factory=list)
    """Groundballs already tried this Nab phase."""
    nab_queue: list[str] = field(default_factory=list)
    """Figures still to try for the ball in hand, in Nab order."""
    bonk_involved: list[str] = field(default_factory=list)
    bonk_ring: list[str] = field(default_factory=list)
    """Figures bonked in the latest ring of a ballbonk chain: the next ring touches them."""
    scored_ball: int | None = None
    break_reason: str = ""
    move_rest: bool = False
    """The table said nothing else needs dice this Move phase: the remaining sub-phases ask only coaches."""
    board: bool = False
    """Positions are kept on refbox's field (Setup.board == "screen")."""
    moved: list[str] = field(default_factory=list)
    """On the field: the figures that have had their move this Move phase."""
    resting: list[int] = field(default_factory=list)
    """On the field: the teams none of whose figures move again this Move phase (their coaches are still asked)."""
    lineups: Count = 0
    """On the field: the line-ups the teams have adjusted so far (kick-off, then each Break Play); who adjusts
    first alternates with it (ruling lineup-order)."""

    def fig(self, fig_id: str) -> Figure:
        for f in self.figures:
            if f.id == fig_id:
                return f
        raise KeyError(fig_id)

    def fig_index(self, fig_id: str) -> int:
        """Where the figure is in ``figures`` (its roster order)."""
        for i, f in enumerate(self.figures):
            if f.id == fig_id:
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
