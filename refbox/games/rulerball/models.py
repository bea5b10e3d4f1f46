"""Setup (what the roster editor collects: a validated pydantic model) and State (the match in progress: plain
slotted dataclasses, validated where a checkpoint brings one in)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from refbox.engine.state import GameState
from refbox.engine.text import Name
from refbox.games.rulerball.data import Role, Stat, StatName, TimerTrack

TEAM_COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan", "orange", "white")
"""Colours a team can wear: names every terminal theme understands."""
TeamColour = Literal["red", "blue", "green", "yellow", "magenta", "cyan", "orange", "white"]
ROLE_NAMES = {"biker": "Biker", "catcher": "Catcher", "skater": "Skater"}
DEFAULT_MAKE_UP: tuple[tuple[Role, int], ...] = (("biker", 3), ("catcher", 2), ("skater", 5))


class _SetupModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class FigureSetup(_SetupModel):
    name: Name = Field(min_length=1, max_length=24)
    role: Role
    speed: Stat | None = None
    skill: Stat | None = None
    combat: Stat | None = None
    toughness: Stat | None = None
    start_sector: int = Field(ge=1, le=24)
    """Where the figure stands at every restart (the formations chapter is missing: the user sets it)."""


class TeamSetup(_SetupModel):
    name: Name = Field(min_length=1, max_length=20)
    colour: TeamColour
    figures: list[FigureSetup]


def default_team(index: int) -> TeamSetup:
    """A roster to edit: placeholder names, stats blank, each team grouped in one sector."""
    name, colour, sector = [("Home", "red", 1), ("Away", "blue", 7)][index]
    figures = [
        FigureSetup(name=f"{ROLE_NAMES[role]} {n}", role=role, start_sector=sector)
        for role, count in DEFAULT_MAKE_UP
        for n in range(1, count + 1)
    ]
    return TeamSetup(name=name, colour=colour, figures=figures)


class Setup(_SetupModel):
    teams: tuple[TeamSetup, TeamSetup] = Field(default_factory=lambda: (default_team(0), default_team(1)))

    @model_validator(mode="after")
    def _teams_differ(self) -> "Setup":
        if self.teams[0].name.strip() == self.teams[1].name.strip():
            raise ValueError("the two teams need different names")
        if self.teams[0].colour == self.teams[1].colour:
            raise ValueError("the two teams need different colours")
        return self


Place = Literal["track", "penalty", "shaken", "rest", "out"]
Count = Annotated[int, Field(ge=0)]
Team = Annotated[int, Field(ge=0, le=1)]
Sector = Annotated[int, Field(ge=1, le=24)]


@dataclass(slots=True, kw_only=True)
class Figure:
    id: str
    """Stable key, e.g. "0-skater-3" (team, role, number within role)."""
    team: Team
    role: Role
    name: str
    stats: dict[StatName, int] = field(default_factory=dict)
    """Only the stats that are set (roster, else the ruleset's role defaults)."""
    start_sector: Sector
    place: Place = "track"
    sector: Sector | None = None
    """Set while on the track."""
    timer: Count = 0
    """Minutes left on a timer track; at 0 the figure may return."""
    moves: Count = 0
    fights: Count = 0
    """This turn's moves and fights (the cones refbox replaces); both must stay at most 1."""

    @property
    def on_track(self) -> bool:
        return self.place == "track"

    @property
    def timed(self) -> bool:
        return self.place in TIMED


TIMED = frozenset(("penalty", "shaken", "rest"))
"""The places of a figure on a timer track."""


@dataclass(slots=True, kw_only=True)
class Ball:
    where: Literal["cannon", "loose", "held"] = "cannon"
    sector: Sector | None = None
    """Loose: where it lies. Held: the carrier's sector."""
    carrier: str | None = None
    team: Team | None = None
    """Team in possession."""
    lap_start: Sector | None = None
    """Sector where the ball was fielded or stolen: the activation lap ends back here."""
    progress: Count = 0
    """Sectors carried counterclockwise since ``lap_start``."""
    active: bool = False
    shooter: str | None = None
    """Skater who declared a scoring attempt this turn."""


@dataclass(slots=True, kw_only=True)
class Pending:
    """The procedure in progress inside a step: who, against whom, where the ball runs."""

    figure: str | None = None
    other: str | None = None
    """The second figure (a fight's target, a hand-off's receiver), or where the turn resumes after harm."""
    winner: str | None = None
    injury_track: TimerTrack | None = None
    ball_end: Sector | None = None
    ball_from: Sector | None = None
    passed: tuple[str, ...] = ()
    """Figures the ball has already reached on its path this Ball step..."""
    reached: Count = 0
    """...and how far along the path (an index into it) the last of them stood."""


@dataclass(slots=True, kw_only=True)
class State(GameState):
    teams: tuple[str, str]
    colours: tuple[str, str]
    figures: list[Figure]
    score: list[Count] = field(default_factory=lambda: [0, 0])
    period: Annotated[int, Field(ge=1)] = 1
    clock: Count = 0
    """Minutes played when this turn started (the turn is the minute after it)."""
    turn: Count = 0
    step: str = "clock"
    restart: Literal["match", "period", "none"] = "match"
    """What the next clock advance does: start the match, start a period, or move on one minute."""
    clock_stopped: bool = False
    reset_due: bool = False
    period_over: bool = False
    over: bool = False
    initiative: Sector | None = None
    sweep: Count = 0
    """How many sectors of the current sweep are finished (0..sectors)."""
    ball: Ball = field(default_factory=Ball)
    offense: Team | None = None
    pending: Pending = field(default_factory=Pending)

    def fig(self, figure_id: str) -> Figure:
        for f in self.figures:
            if f.id == figure_id:
                return f
        raise KeyError(figure_id)

    def label(self, figure_id: str) -> str:
        return self.label_of(self.fig(figure_id))

    def label_of(self, f: Figure) -> str:
        return f"{self.teams[f.team]} {f.name}"

    def stamp(self, step: str) -> str:
        return f"T{self.turn} {step}"
