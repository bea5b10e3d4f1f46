"""Battleball's setup (a pydantic model: where a match's choices enter) and its match state (plain slotted
dataclasses the rules change in place; pydantic checks them against these hints where a checkpoint enters)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, GetCoreSchemaHandler, field_validator
from pydantic_core import CoreSchema, core_schema

from refbox.engine.state import GameState
from refbox.engine.text import Name

# ---- setup ----


class Setup(BaseModel):
    """What a match is set up with; the defaults are what a new match gets."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    coaches: tuple[Name, Name] = ("Coach 1", "Coach 2")
    """Coach names; coach 0 is team 0 throughout the match."""
    first_coach_team: Literal["iron-wolves", "black-harts"] = "iron-wolves"
    """The team coach 0 takes; coach 1 takes the other."""
    board: Literal["screen", "table"] = "screen"
    """"screen": refbox keeps the positions on its own board; "table": a physical board, and the table reports
    what happens on it (a ruleset without a [board] is played only so)."""
    edition: int = Field(default=3, ge=2, le=3)
    """The rules the match follows. 3 (issue 39): two carnage tokens can wall a square in (a corner half square
    has two neighbours), and on the board a Heavy Tackle whose two dice give the same result is not asked which
    counts. Journals of rules version 2 and older are read as edition 2, and replay as they were played."""

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

Side = Annotated[int, Field(ge=0, le=1)]
Status = Literal["field", "locker", "out"]
"""On the field; in the Locker Room (injured, back next half); seriously injured (out for the game)."""


@dataclass(slots=True, kw_only=True)
class Player:
    id: str
    position: str
    status: Status = "field"


@dataclass(frozen=True, slots=True)
class Ref:
    """One player of one side (never changed: a new one is made, so states share them)."""

    team: Side
    id: str


@dataclass(slots=True, kw_only=True)
class Fumble:
    fumbler: Ref
    near: list[int] = field(default_factory=list)
    """On the board: the squares the fumbler stood on (the ball goes within reach of them)."""
    holder: Side
    """The side that had the ball: the other coach places it."""
    then: Literal["adjacent", "end-turn"]
    """Where the turn goes once the ball is placed."""
    given_to: Side | None = None
    """At the table: the side whose player is handed the ball when no empty square is in reach."""


@dataclass(slots=True, kw_only=True)
class Turn:
    """What the current turn has established so far; cleared when the turn passes."""

    mover: str | None = None
    move_faces: list[int] = field(default_factory=list)
    ht_no_move: bool = False
    tackler: str | None = None
    target: str | None = None
    tackle_faces: list[int] = field(default_factory=list)
    used: list[int | None] = field(default_factory=lambda: [None, None])
    """The face each side uses in a tackle (a Heavy Tackle's coach picks one of two)."""
    receiver: str | None = None
    distance: int | None = None
    passing_face: int | None = None
    # on the board: where the mover can go for this roll (squares as bit masks: refbox.engine.geometry.staggered)
    reach: int = 0
    """Squares he can end on without the ball."""
    reach_ball: int = 0
    """Squares he can end on with the ball (picked up on the way, or carried)."""
    endzone: bool = False
    """A step into the end zone is in reach (with the ball)."""
    stop: int = 0
    """Squares where he would have to stop (next to an opponent)."""
    mates: int = 0
    """The squares of his team-mates (they stand still while he moves: contact after his move is read off it)."""
    dest: int | None = None
    """The square chosen, while his coach says whether he picks the ball up on the way."""

    def clear(self) -> None:
        """Blank again for the next turn: in place, every turn (nothing else holds it; a copy of the state
        copies it), which costs a fifth of making a new one."""
        self.mover = self.tackler = self.target = self.receiver = self.distance = self.passing_face = None
        self.dest = None
        self.move_faces, self.tackle_faces, self.used = [], [], [None, None]
        self.ht_no_move = self.endzone = False
        self.reach = self.reach_ball = self.stop = self.mates = 0


Step = Literal[
    "lineup", "lineup-to", "team-rules", "roll-off",
    "select", "move-roll", "move-to", "pickup", "ball", "action",
    "tackle", "tackler", "target", "tackle-roll", "tackle-die",
    "hand-off-to", "hand-off-roll",
    "pass-to", "pass-distance", "pass-roll", "pass-miss", "pass-land", "intercept-by", "recover-by",
    "fumble-place", "fumble-give",
    "over",
]  # fmt: skip
"""The question pending (refbox.engine.steps): each is registered in the module of its part of the turn."""


class Positions(dict):
    """Where one side's figures stand (player id -> square), keeping the mask of those squares (a bit per
    square) until they change: the rules ask for it several times a turn."""

    __slots__ = ("_mask",)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._mask: int | None = None

    def squares(self) -> int:
        """The squares of the figures' first feet, as a mask."""
        m = self._mask
        if m is None:
            m = 0
            for i in self.values():
                m |= 1 << i
            self._mask = m
        return m

    def __deepcopy__(self, memo: dict) -> Positions:
        twin = Positions(self)
        twin._mask = self._mask
        return twin

    def __setitem__(self, pid: str, square: int) -> None:
        m = self._mask
        if m is not None:  # a move: the mask follows it (two bits) instead of being built again (one a figure)
            old = self.get(pid)
            if old is not None:  # his old square's bit goes, if no one else's: every figure on his own square
                m = m ^ (1 << old) if m.bit_count() == len(self) else None
            self._mask = None if m is None else m | 1 << square
        dict.__setitem__(self, pid, square)

    def __delitem__(self, pid: str) -> None:
        self._mask = None
        dict.__delitem__(self, pid)

    def _forgets(name: str):  # type: ignore[misc]  # every other way a dict changes forgets the mask too
        def change(self, *args, **kwargs):
            self._mask = None
            return getattr(dict, name)(self, *args, **kwargs)
        change.__name__ = name
        return change

    pop, popitem, clear, update, setdefault, __ior__ = map(_forgets, (
        "pop", "popitem", "clear", "update", "setdefault", "__ior__"))
    del _forgets

    @classmethod
    def __get_pydantic_core_schema__(cls, source: type, handler: GetCoreSchemaHandler) -> CoreSchema:
        """Checked as a ``dict[str, int]`` where a state enters from a file, then held as Positions."""
        return core_schema.no_info_after_validator_function(cls, handler(dict[str, int]))


@dataclass(slots=True, kw_only=True)
class State(GameState):
    teams: tuple[str, str]
    """Team ids, side 0 then side 1."""
    coaches: tuple[str, str]
    players: list[list[Player]]
    step: Step = "lineup"
    half: Annotated[int, Field(ge=1)] = 1
    """1, 2, ...; past the last regular half it is overtime."""
    score: list[Annotated[int, Field(ge=0)]] = field(default_factory=lambda: [0, 0])
    side: Side = 0
    """Whose turn it is (or who picks, during Team Rules and the line-up)."""
    turn_no: Annotated[int, Field(ge=0)] = 0
    first_of_half: Side | None = None
    carrier: Ref | None = None
    ball_at_centre: bool = True
    last_holder: Side | None = None
    carnage_on_field: Annotated[int, Field(ge=0)] = 0
    carnage_placed: Annotated[int, Field(ge=0)] = 0
    team_rules: list[str | None] = field(default_factory=lambda: [None, None])
    turn: Turn = field(default_factory=Turn)
    fumble: Fumble | None = None
    halt_first: Side | None = None
    """After a halt on the board: the side that moves first once both have lined up."""
    result: str = ""
    edition: int = 3
    """Setup.edition: which rules the match follows."""
    # ---- the board, when refbox keeps the positions (Setup.board == "screen") ----
    board: bool = False
    at: list[Positions] = field(default_factory=lambda: [Positions(), Positions()])
    """Per side, where each player on the field stands: player id -> square (a Heavy Tackle: his first
    square; the second is ``StaggeredGrid.foot`` of it). Players off the field have no square."""
    ball: int | None = None
    """The square of a loose ball (None while someone carries it, or off the board)."""
    carnage: int = 0
    """The squares with a carnage token, as a mask (a bit per square: no two tokens share one)."""
    last_move: list[int] = field(default_factory=list)
    """The last move: the square it started from, the square it ended on."""
    lineup_next: Literal["half", "halt", "restart"] = "half"
    """What the line-up on the board leads to: a half's start (Team Rules, roll-off), or play after a halt
    or a restart."""

    def player(self, ref: Ref) -> Player:
        for p in self.players[ref.team]:
            if p.id == ref.id:
                return p
        raise KeyError(f"{ref.team}:{ref.id}")

    def on_field(self, side: int) -> list[Player]:
        return [p for p in self.players[side] if p.status == "field"]

    def holder(self) -> int | None:
        return self.carrier.team if self.carrier else None

    def carries(self, side: int, pid: str) -> bool:
        """Whether player ``pid`` of ``side`` has the ball (cheaper than comparing Refs)."""
        c = self.carrier
        return c is not None and c.id == pid and c.team == side
