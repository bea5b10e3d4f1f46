"""Setup (what the setup screen collects, validated) and the match state of Ballmonsters! (plain dataclasses)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from refbox.engine.state import GameState
from refbox.engine.text import Name
from refbox.games.ballmonsters.data import Data, EffectId, FacingKey

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
    deflated_miniballs_count: bool = False
    """House rule: a deflated miniball still counts as on the field for the end (the book: it does not)."""
    other_deflations_score: bool = False
    """House rule: deflations by fire or sickness score for the opponent (the book: they score nothing)."""
    board: Literal["table", "mat"] = "mat"
    """"mat" (a new match's): refbox keeps every position on its on-screen mat and computes them
    (refbox.engine.geometry.mat); "table": a real mat, and the table reports lines, touching sides, distances
    and resting places."""

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


DEFAULT_TEAMS = (
    ("Gobblers", "red", "Big Bertha", ("Pip", "Squib", "Nib", "Dot", "Fizz", "Blip", "Mote", "Jot")),
    ("Chompers", "blue", "Maw", ("Grub", "Tusk", "Snap", "Zit", "Lug", "Nub", "Wart", "Gob")),
)
"""Names the setup screen starts with: each team its own, so the log never names two balls alike."""


def default_setup(miniballs: int = 4, **changes) -> dict:
    """A legal setup as plain data: the default teams, at the table unless ``board`` says otherwise (the flow
    headless play, the stored seeded games and most tests were made with; a new match's, on the mat, is
    ``Ballmonsters.new_setup``)."""
    teams = []
    for name, colour, big, small in DEFAULT_TEAMS:
        teams.append(
            {
                "name": name,
                "colour": colour,
                "monsterball": {"name": big, "str_bonus": 1},
                "miniballs": [{"name": n} for n in small[:miniballs]],
            }
        )
    return {"teams": teams, "places_first": 0, "board": "table", **changes}


def with_base_strength(team: TeamSetup, data: Data) -> list[tuple[BallSetup, int]]:
    return [(team.monsterball, data.team.monsterball_str)] + [(b, data.team.miniball_str) for b in team.miniballs]


def fiddle_problems(setup: Setup, data: Data) -> list[str]:
    """Everything wrong with the teams and their fiddle points, one message each (empty: all fine)."""
    problems = []
    low, high = data.team.miniballs, data.most_miniballs
    per_ball, budget, most = data.fiddle.per_ball, data.fiddle.budget, data.strength.max
    for team in setup.teams:
        if not low <= len(team.miniballs) <= high:
            need = f"{low}" if low == high else f"{low} to {high}"
            problems.append(f"{team.name} needs {need} miniballs, not {len(team.miniballs)}.")
        spent = 0
        for ball, base in with_base_strength(team, data):
            points = ball.fiddle_points
            spent += points
            if points > per_ball:
                problems.append(f"{team.name} {ball.name} has {points} fiddle points: at most {per_ball} per ball.")
            if base + ball.str_bonus > most:
                problems.append(f"{team.name} {ball.name} would start at STR {base + ball.str_bonus}: the most is {most}.")
        if spent > budget:
            problems.append(f"{team.name} spends {spent} fiddle points: the budget is {budget}.")
    return problems


# ---- match state ----

Kind = Literal["monsterball", "miniball"]
Step = Literal[
    "place", "target", "momentum", "result", "facing", "commit", "bite", "effect", "split", "move", "move_hit",
    "fire", "portal", "portal_place", "over",
    "place_facing", "aim", "vector", "portal_take",
]
"""The steps of the game (steps.py: STEPS), as a checkpoint may name them."""
Count = Annotated[int, Field(ge=0)]
Mm = Annotated[int, Field(ge=-10_000, le=10_000)]
Facing = Annotated[int, Field(ge=0, le=11)]
Spot = tuple[Mm, Mm, Facing]
"""A base on the mat: its centre in whole millimetres and its facing in 30-degree steps (geometry.hexes)."""

TEAM_LETTERS = "AB"
MOST_BALLS = 13
"""A team's monsterball and at most 12 miniballs (data.TeamMakeUp)."""
BALL_PLACES = {f"{letter}{i}": (team, i) for team, letter in enumerate(TEAM_LETTERS) for i in range(MOST_BALLS)}
"""A ball id -> (its team, its place in the team): A0 and B0 are the monsterballs."""


@dataclass(slots=True, kw_only=True)
class Ball:
    id: str
    team: Annotated[int, Field(ge=0, le=1)]
    kind: Kind
    name: str
    strength: Count
    effect: EffectId | None = None
    fire: Count = 0
    """Fire tokens (on fire while above 0)."""
    sick: bool = False
    deflated_turn: int | None = None
    """The turn it was deflated in; it returns at the end of the next turn."""
    gone: Literal["portal", "edge"] | None = None
    """Removed from the game for good."""

    @property
    def deflated(self) -> bool:
        return self.deflated_turn is not None

    @property
    def in_play(self) -> bool:
        """On the table: can be hit, can bite, can move."""
        return self.gone is None and self.deflated_turn is None


@dataclass(slots=True, kw_only=True)
class Bounce:
    active: str
    target: str
    power: Count
    """The active ball's running power."""
    boob: bool = False
    facing: FacingKey | None = None
    committed: Count = 0
    side: int | None = None
    """On the mat: the target's side the active ball touches (0..5; 0-2 bitey)..."""
    touched: list[int] = field(default_factory=list)
    """...among the sides a moving ball touched it on (one, or two beside a corner)."""
    vector: int | None = None
    """On the mat: the boing vector chosen (0 = A)."""


@dataclass(slots=True, kw_only=True)
class Activation:
    """An effect woken by an even bite die, waiting for its owner to pick the ball it hits."""

    ball: str
    kind: Literal["fire", "sick", "horny"]
    partner: str


@dataclass(slots=True, kw_only=True)
class Move:
    """A ball about to bounce along its vector with this much power."""

    ball: str
    power: Count
    partner: str | None = None
    """The ball it bounced with (it flies away from it)..."""
    after: int = 0
    """...in bounce number ``after`` of the shot."""
    degrees: float | None = None
    """On the mat: the direction it bounces in (degrees counter-clockwise from the mat's long side)."""


@dataclass(slots=True, kw_only=True)
class TeamInfo:
    name: str
    colour: str


@dataclass(slots=True, kw_only=True)
class State(GameState):
    teams: list[TeamInfo]
    balls: list[Ball]
    """The first team's balls (monsterball first), then the second's: ids A0, A1... B0, B1..."""
    second_team_at: int
    """Where the second team's balls start in ``balls`` (its monsterball's index)."""
    first: int
    """The team that shoots first."""
    deflated_count: bool
    """A deflated miniball counts as on the field for the end of the game (a house rule from the setup)."""
    other_deflations_score: bool
    """Fire and sickness deflations score for the opponent (a house rule from the setup)."""
    turn: int = 0
    shooter: int = 0
    step: Step = "place"
    scores: list[int] = field(default_factory=lambda: [0, 0])
    deflations: list[int] = field(default_factory=lambda: [0, 0])
    """Enemy balls each team has deflated (the tie-break)."""
    portals: Count = 0
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
    activations: list[Activation] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    """Balls still to bounce along their vectors (a stack: last in moves first)."""
    moving: Move | None = None
    hit: str | None = None
    """The ball the moving ball has run into (awaiting the distance)."""
    fire_queue: list[str] = field(default_factory=list)
    winner: int | None = None
    result: str = ""
    # ---- the on-screen mat (Setup.board == "mat"): refbox keeps the positions ----
    mat: bool = False
    at: dict[str, Spot] = field(default_factory=dict)
    """Each ball's base on the mat (a deflated ball's: where its token lies); a ball gone for good has none."""
    portal_at: list[Spot] = field(default_factory=list)
    """The portals on the mat, oldest first (``portals`` is their count)."""
    to_place: list[str] = field(default_factory=list)
    """Placement: the balls still to set down, in order (the first is being placed)."""
    placing_at: int | None = None
    """Placement: the spot (index into the mat's centre spots, then its monsterball spots) chosen for the
    ball being placed, awaiting its facing."""
    aim: str | None = None
    """The shot's declared facing edge and the shooter's side against it ("2:bitey": see onmat.aim_ids)."""

    def index(self, ball_id: str) -> int:
        """Where the ball is in ``balls`` (KeyError for an id no ball has)."""
        team, i = BALL_PLACES[ball_id]
        at = self.second_team_at + i if team else i
        if at >= len(self.balls) or self.balls[at].id != ball_id:
            raise KeyError(ball_id)
        return at

    def ball(self, ball_id: str) -> Ball:
        team, i = BALL_PLACES[ball_id]
        b = self.balls[self.second_team_at + i if team else i]
        if b.id != ball_id:  # an id past the first team's balls
            raise KeyError(ball_id)
        return b

    def monsterball(self, team: int) -> Ball:
        """The team's monsterball (it has one)."""
        return self.balls[self.second_team_at if team else 0]

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
