"""Battleball's data (the ruleset file), setup and match state: pydantic models, no procedures."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from refbox.engine.ruleset import RulesetData, Strict
from refbox.engine.state import GameState, Model
from refbox.engine.text import Name

TEAM_COLOURS = {"iron-wolves": "#9fb6cc", "black-harts": "#e0524b"}
"""Screen colours per team id: steel for the Wolves, red for the Harts (black would vanish on a dark terminal)."""


# ---- the ruleset file ----


class Game(Strict):
    touchdowns_to_win: int = Field(ge=1, le=20)
    halves: int = Field(ge=1, le=10)
    roll_off_die: int = Field(ge=2, le=100)
    passing_die: int = Field(ge=2, le=100)
    fumble_reach: int = Field(ge=1, le=20)
    pass_distance_limit: int = Field(ge=1, le=100)
    """refbox's bound on a typed throwing distance, not a rule of the game."""


class Team(Strict):
    id: Name
    name: Name


class Position(Strict):
    id: Name
    name: Name
    short: Name
    """Prefix of the player ids: RB gives RB1, RB2, RB3 (a single player is just HT)."""
    count: int = Field(ge=1, le=11)
    sides: int = Field(ge=2, le=100)
    dice: int = Field(default=1, ge=1, le=2)
    """2 for the Heavy Tackle: he rolls both and uses one."""
    squares: int = Field(default=1, ge=1, le=4)
    """Squares the figure covers: carnage tokens left when he is removed."""
    die_colour: Name


class TeamRule(Strict):
    id: Name
    name: Name


class Data(RulesetData):
    game: Game
    teams: list[Team] = Field(min_length=2, max_length=2)
    positions: list[Position] = Field(min_length=1)
    team_rules: list[TeamRule] = []

    def position(self, position_id: str) -> Position:
        for p in self.positions:
            if p.id == position_id:
                return p
        raise KeyError(position_id)

    def team(self, team_id: str) -> Team:
        for t in self.teams:
            if t.id == team_id:
                return t
        raise KeyError(team_id)

    @model_validator(mode="after")
    def _ids_unique(self) -> "Data":
        for label, ids in (
            ("positions", [p.id for p in self.positions]),
            ("positions.short", [p.short for p in self.positions]),
            ("team_rules", [r.id for r in self.team_rules]),
        ):
            if len(set(ids)) != len(ids):
                raise ValueError(f"{label}: ids must be unique")
        if {t.id for t in self.teams} != set(TEAM_COLOURS):
            raise ValueError(f"teams: ids must be {sorted(TEAM_COLOURS)}")
        return self


# ---- setup ----


class Setup(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    coaches: tuple[Name, Name] = ("Coach 1", "Coach 2")
    """Coach names; coach 0 is team 0 throughout the match."""
    first_coach_team: Literal["iron-wolves", "black-harts"] = "iron-wolves"
    """The team coach 0 takes; coach 1 takes the other."""

    @field_validator("coaches")
    @classmethod
    def _names(cls, names: tuple[str, str]) -> tuple[str, str]:
        cleaned = tuple(n.strip() for n in names)
        for n in cleaned:
            if not n:
                raise ValueError("a coach needs a name")
            if len(n) > 24:
                raise ValueError(f"coach name {n!r} is longer than 24 characters")
        return cleaned  # type: ignore[return-value]

    def team_ids(self) -> tuple[str, str]:
        other = "black-harts" if self.first_coach_team == "iron-wolves" else "iron-wolves"
        return (self.first_coach_team, other)


# ---- the match state ----

Status = Literal["field", "locker", "out"]
"""On the field; in the Locker Room (injured, back next half); seriously injured (out for the game)."""


class Player(Model):
    id: str
    position: str
    status: Status = "field"


class Ref(Model):
    """One player of one side."""

    team: int = Field(ge=0, le=1)
    id: str


class Fumble(Model):
    fumbler: Ref
    holder: int
    """The side that had the ball: the other coach places it."""
    then: Literal["adjacent", "end-turn"]
    """Where the turn goes once the ball is placed."""
    given_to: int | None = None
    """The side whose player is handed the ball when no empty square is in reach."""


class Turn(Model):
    """What the current turn has established so far; cleared when the turn passes."""

    mover: str | None = None
    move_faces: list[int] = []
    ht_no_move: bool = False
    tackler: str | None = None
    target: str | None = None
    tackle_faces: list[int] = []
    used: list[int | None] = [None, None]
    """The face each side uses in a tackle (a Heavy Tackle's coach picks one of two)."""
    receiver: str | None = None
    distance: int | None = None
    passing_face: int | None = None


Step = Literal[
    "lineup", "team-rules", "roll-off",
    "select", "move-roll", "move-die", "ball",
    "adjacent", "action",
    "tackler", "target", "tackle-roll", "tackle-die",
    "hand-off-to", "hand-off-roll",
    "pass-to", "pass-distance", "pass-roll", "pass-miss", "intercept-by", "recover-by",
    "fumble-place", "fumble-give",
    "touchdown", "halt", "restart", "over",
]  # fmt: skip


class State(GameState):
    teams: tuple[str, str]
    """Team ids, side 0 then side 1."""
    coaches: tuple[str, str]
    players: list[list[Player]]
    step: Step = "lineup"
    half: int = 1
    """1, 2, ...; past the last regular half it is overtime."""
    score: list[int] = [0, 0]
    side: int = 0
    """Whose turn it is (or who picks, during Team Rules)."""
    turn_no: int = 0
    first_of_half: int | None = None
    carrier: Ref | None = None
    ball_at_centre: bool = True
    last_holder: int | None = None
    carnage_on_field: int = 0
    carnage_placed: int = 0
    team_rules: list[str | None] = [None, None]
    turn: Turn = Turn()
    fumble: Fumble | None = None
    scorer: int | None = None
    halt_first: int | None = None
    result: str = ""

    def player(self, ref: Ref) -> Player:
        for p in self.players[ref.team]:
            if p.id == ref.id:
                return p
        raise KeyError(f"{ref.team}:{ref.id}")

    def on_field(self, side: int) -> list[Player]:
        return [p for p in self.players[side] if p.status == "field"]

    def holder(self) -> int | None:
        return self.carrier.team if self.carrier else None
