"""Setup (what the roster editor collects) and State (the match in progress)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from refbox.engine.legacy_state import GameState, Model, made
from refbox.engine.text import Name
from refbox.games.rulerball.data import Role, Stat, StatName, TimerTrack

TEAM_COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan", "orange", "white")
"""Colours a team can wear: names every terminal theme understands."""
TeamColour = Literal["red", "blue", "green", "yellow", "magenta", "cyan", "orange", "white"]
ROLE_NAMES = {"biker": "Biker", "catcher": "Catcher", "skater": "Skater"}
DEFAULT_MAKE_UP: tuple[tuple[Role, int], ...] = (("biker", 3), ("catcher", 2), ("skater", 5))


class _SetupModel(BaseModel):
    model_config = ConfigDict(extra="forbid")


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
    fewer_keys: bool = False
    """The table flow in fewer keys (figures walked in order, one key a move, one key for a quiet combat).
    New matches from the setup screen set it; a match saved before it existed has none and replays the old
    questions exactly."""

    @model_validator(mode="after")
    def _teams_differ(self) -> "Setup":
        if self.teams[0].name.strip() == self.teams[1].name.strip():
            raise ValueError("the two teams need different names")
        if self.teams[0].colour == self.teams[1].colour:
            raise ValueError("the two teams need different colours")
        return self


Place = Literal["track", "penalty", "shaken", "rest", "out"]


class Figure(Model):
    id: str
    """Stable key, e.g. "0-skater-3" (team, role, number within role)."""
    team: int
    role: Role
    name: str
    stats: dict[StatName, int] = Field(default_factory=dict)
    """Only the stats that are set (roster, else the ruleset's role defaults)."""
    start_sector: int
    place: Place = "track"
    sector: int | None = None
    """Set while on the track."""
    timer: int = Field(default=0, ge=0)
    """Minutes left on a timer track; at 0 the figure may return."""
    moves: int = Field(default=0, ge=0)
    fights: int = Field(default=0, ge=0)
    """This turn's moves and fights (the cones refbox replaces); both must stay at most 1."""

    @property
    def on_track(self) -> bool:
        return self.place == "track"

    @property
    def timed(self) -> bool:
        return self.place in ("penalty", "shaken", "rest")


class Ball(Model):
    where: Literal["cannon", "loose", "held"] = "cannon"
    sector: int | None = None
    """Loose: where it lies. Held: the carrier's sector."""
    carrier: str | None = None
    team: int | None = None
    """Team in possession."""
    lap_start: int | None = None
    """Sector where the ball was fielded or stolen: the activation lap ends back here."""
    progress: int = 0
    """Sectors carried counterclockwise since ``lap_start``."""
    active: bool = False
    shooter: str | None = None
    """Skater who declared a scoring attempt this turn."""


class Pending(Model):
    """The procedure in progress inside a step: who, against whom, what is queued."""

    figure: str | None = None
    other: str | None = None
    queue: list[str] = Field(default_factory=list)
    winner: str | None = None
    injury_track: TimerTrack | None = None
    ball_end: int | None = None
    ball_from: int | None = None
    passed: list[str] = Field(default_factory=list)
    """Fewer keys: figures the ball has already reached on its path this Ball step..."""
    reached: int = 0
    """...and how far along the path (an index into it) the last of them stood."""


_NO_PENDING = dict(figure=None, other=None, queue=None, winner=None, injury_track=None, ball_end=None, ball_from=None,
                   passed=None, reached=0)
_NO_BALL = dict(where="cannon", sector=None, carrier=None, team=None, lap_start=None, progress=0, active=False,
                shooter=None)


def assign(model: Model, **values) -> None:
    """Set declared fields of a state model at once, as ``model.field = value`` stores each (Model.__setattr__,
    a Python call per field, was a tenth of a move)."""
    model.__dict__.update(values)


def reset_pending(state: "State", **given) -> None:
    """``state.pending = Pending(**given)``, done in place (one is set on most inputs, and a new model costs more
    than the rest of a move): the values must be valid. The lists are new ones: a model made before may share the
    old ones."""
    fields = state.pending.__dict__
    fields.update(_NO_PENDING)
    fields["queue"], fields["passed"] = [], []
    if given:
        fields.update(given)


def new_ball(**given) -> Ball:
    """``Ball(**given)`` without validation: the values must be valid."""
    fields = _NO_BALL.copy()
    if given:
        fields.update(given)
    return made(Ball, fields, given)


_AT: dict[str, int] = {}
"""Figure id -> its index in the figures list (the same in every match of one roster make-up)."""


class State(GameState):
    teams: tuple[str, str]
    colours: tuple[str, str]
    figures: list[Figure]
    score: list[int] = [0, 0]
    period: int = 1
    clock: int = 0
    """Minutes played when this turn started (the turn is the minute after it)."""
    turn: int = 0
    step: str = "clock"
    restart: Literal["match", "period", "none"] = "match"
    """What the next clock step does: start the match, start a period, or advance one minute."""
    clock_stopped: bool = False
    reset_due: bool = False
    period_over: bool = False
    over: bool = False
    initiative: int | None = None
    sweep: int = 0
    """How many sectors of the current sweep are finished (0..sectors)."""
    ball: Ball = Field(default_factory=Ball)
    offense: int | None = None
    pending: Pending = Field(default_factory=Pending)
    fewer_keys: bool = False
    """From the setup: the shorter table flow (see Setup.fewer_keys)."""

    def fig(self, figure_id: str) -> Figure:
        figures = self.figures
        at = _AT.get(figure_id)  # where it stood last time: checked, so never stale
        if at is not None and at < len(figures) and figures[at].id == figure_id:
            return figures[at]
        for at, f in enumerate(figures):
            if f.id == figure_id:
                _AT[figure_id] = at
                return f
        raise KeyError(figure_id)

    def label(self, figure_id: str) -> str:
        return self.label_of(self.fig(figure_id))

    def label_of(self, f: Figure) -> str:
        return f"{self.teams[f.team]} {f.name}"

    def stamp(self, step: str) -> str:
        return f"T{self.turn} {step}"
