"""Setup (what the setup screen collects) and the match state of Ballmonsters!."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from refbox.engine.legacy_state import GameState, Model
from refbox.engine.text import Name
from refbox.games.ballmonsters.data import EffectId, FacingKey

# ---- setup ----

TEAM_COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan", "orange", "white")
Colour = Literal["red", "blue", "green", "yellow", "magenta", "cyan", "orange", "white"]


class BallSetup(BaseModel):
    """One ball on the team roster, with the fiddle points spent on it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Name = Field(min_length=1, max_length=24)
    str_bonus: int = Field(0, ge=0, le=100)
    """Fiddle points spent on +1 STR each."""
    effect: EffectId | None = None
    """The ball's one special effect (costs one fiddle point)."""

    @property
    def fiddle_points(self) -> int:
        return self.str_bonus + (1 if self.effect else 0)


class TeamSetup(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Name = Field(min_length=1, max_length=24)
    colour: Colour = "red"
    monsterball: BallSetup
    miniballs: list[BallSetup] = Field(min_length=1)

    @property
    def balls(self) -> list[BallSetup]:
        return [self.monsterball, *self.miniballs]

    @property
    def fiddle_points(self) -> int:
        return sum(b.fiddle_points for b in self.balls)


class Setup(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    teams: tuple[TeamSetup, TeamSetup]
    places_first: int = Field(0, ge=0, le=1)
    """The team that sets down the first miniball (and so takes the first shot)."""
    deflated_miniballs_count: bool | None = None
    """House rule: a deflated miniball still counts as on the field for the end (None: the ruleset's choice)."""
    other_deflations_score: bool | None = None
    """House rule: deflations by fire or sickness score for the opponent (None: the ruleset's choice)."""

    @field_validator("teams")
    @classmethod
    def _distinct_names(cls, teams: tuple[TeamSetup, TeamSetup]) -> tuple[TeamSetup, TeamSetup]:
        if teams[0].name.strip().casefold() == teams[1].name.strip().casefold():
            raise ValueError("the two teams need different names")
        if teams[0].colour == teams[1].colour:
            raise ValueError("the two teams need different colours (every prompt is drawn in its team's colour)")
        return teams

    @model_validator(mode="after")
    def _ball_names_distinct(self) -> "Setup":
        for team in self.teams:
            names = [b.name.strip().casefold() for b in team.balls]
            if len(set(names)) != len(names):
                raise ValueError(f"{team.name}: two balls share a name")
        return self


# ---- match state ----

Kind = Literal["monsterball", "miniball"]
Step = Literal[
    "place", "target", "momentum", "result", "distance", "facing", "commit", "bite", "effect",
    "vector", "split", "move", "move_hit", "fire", "portal", "portal_place", "over",
]  # fmt: skip


class Ball(Model):
    id: str
    team: int = Field(ge=0, le=1)
    kind: Kind
    name: str
    strength: int = Field(ge=0)
    effect: EffectId | None = None
    fire: int = Field(0, ge=0)
    """Fire tokens (on fire while above 0)."""
    sick: bool = False
    deflated_turn: int | None = None
    """The turn it was deflated in; it returns at the end of the next turn."""
    gone: Literal["portal", "edge"] | None = None
    """Removed from the game for good."""
    bites: int = 0
    """Bites it has given this match (for the match report)."""
    deflated_enemies: int = 0
    """Enemy balls it has deflated (by a bite or a horn) this match."""

    @property
    def deflated(self) -> bool:
        return self.deflated_turn is not None

    @property
    def in_play(self) -> bool:
        """On the table: can be hit, can bite, can move."""
        return self.gone is None and self.deflated_turn is None


class Bounce(Model):
    active: str
    target: str
    power: int = Field(ge=0)
    """The active ball's running power."""
    boob: bool = False
    facing: FacingKey | None = None
    committed: int = Field(0, ge=0)


class Activation(Model):
    """An effect woken by an even bite die, waiting for its owner to pick the ball it hits."""

    ball: str
    kind: Literal["fire", "sick", "horny"]
    partner: str


class Move(Model):
    """A ball about to bounce along its vector with this much power."""

    ball: str
    power: int = Field(ge=0)
    partner: str | None = None
    """The ball it bounced with (it flies away from it)..."""
    after: int = 0
    """...in bounce number ``after`` of the shot."""


_FOUND_AT: dict[str | int, int] = {}
"""A ball id (or a team, for its monsterball) -> its index in the balls list where it was last found (a hint,
checked on every use)."""


class TeamInfo(Model):
    name: str
    colour: str


class State(GameState):
    teams: list[TeamInfo]
    balls: list[Ball]
    first: int
    """The team that shoots first."""
    turn: int = 0
    shooter: int = 0
    step: Step = "place"
    scores: list[int] = [0, 0]
    deflations: list[int] = [0, 0]
    """Enemy balls each team has deflated (the tie-break)."""
    portals: int = Field(0, ge=0)
    # the shot in progress
    target: str | None = None
    momentum: int | None = None
    power: int = 0
    """Power of the monsterball's shot (before the first hit)."""
    friendly_hit: bool = False
    """The shooting monsterball has hit a friendly ball this shot (no boob after that)."""
    bounces: int = 0
    """Bounces resolved so far this shot."""
    bounce: Bounce | None = None
    activations: list[Activation] = Field(default_factory=list)
    moves: list[Move] = Field(default_factory=list)
    """Balls still to bounce along their vectors (a stack: last in moves first)."""
    moving: Move | None = None
    hit: str | None = None
    """The ball the moving ball has run into (awaiting the distance)."""
    fire_queue: list[str] = Field(default_factory=list)
    winner: int | None = None
    result: str = ""
    deflated_count: bool = True
    """A deflated miniball counts as on the field for the end of the game (from setup and ruleset)."""
    other_deflations_score: bool = True
    """Fire and sickness deflations score for the opponent (from setup and ruleset)."""

    def ball(self, ball_id: str) -> Ball:
        balls = self.balls
        i = _FOUND_AT.get(ball_id)  # where it was last time, checked: the balls never change order
        if i is not None and i < len(balls):
            b = balls[i]
            if b.id == ball_id:
                return b
        for i, b in enumerate(balls):
            if b.id == ball_id:
                _FOUND_AT[ball_id] = i
                return b
        raise KeyError(ball_id)

    def monsterball(self, team: int) -> Ball:
        """The team's monsterball (it has one)."""
        balls = self.balls
        i = _FOUND_AT.get(team)  # as in ``ball``: where it was last time, checked
        if i is not None and i < len(balls):
            b = balls[i]
            if b.team == team and b.kind == "monsterball":
                return b
        for i, b in enumerate(balls):
            if b.team == team and b.kind == "monsterball":
                _FOUND_AT[team] = i
                return b
        raise StopIteration(team)

    def miniballs_left(self, team: int) -> int:
        """Miniballs on the field: not removed for good, and (unless ``deflated_count``) not deflated."""
        left, every = 0, self.deflated_count
        for b in self.balls:
            if b.team == team and b.kind == "miniball" and b.gone is None and (every or b.deflated_turn is None):
                left += 1
        return left

    def has_miniballs(self, team: int) -> bool:
        """``miniballs_left(team) > 0``, reading the balls only until the first (at the end of every shot)."""
        every = self.deflated_count
        for b in self.balls:
            if b.team == team and b.kind == "miniball" and b.gone is None and (every or b.deflated_turn is None):
                return True
        return False

    def label(self, ball_id: str) -> str:
        b = self.ball(ball_id)
        return f"{self.teams[b.team].name} {b.name}"
