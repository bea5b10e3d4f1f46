"""Battleball's data (the ruleset file), setup and match state: pydantic models, no procedures."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from refbox.engine.ruleset import RulesetData, Strict
from refbox.engine.legacy_state import GameState, Model
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


class Place(Strict):
    """One figure of the default formation, seen from the side that attacks the far end zone (the other side
    stands mirrored): ``col`` squares from its own goal line, ``row`` from the near sideline."""

    id: Name
    """The player id (RB1, HT, ...)."""
    key: str
    """The key that picks this player in every prompt: one character a keyboard types (ASCII, no space)."""
    code: Name = Field(min_length=1, max_length=2)
    """What his square shows on the board (upper case for the first side, lower case for the second)."""
    col: int = Field(ge=0, le=80)
    row: int = Field(ge=0, le=40)

    @field_validator("key")
    @classmethod
    def _typed(cls, key: str) -> str:
        if len(key) != 1 or not "!" <= key <= "~":
            raise ValueError(f"a key is one letter, digit or sign of an ASCII keyboard, not {key!r}")
        return key


class Board(Strict):
    """The board refbox draws and referees when it keeps the positions (not in the rules texts: ruling
    board-layout). Change it in a house-rules file to match a real board."""

    rows: int = Field(ge=3, le=41)
    """Rows of squares from sideline to sideline (odd: the centre square sits on the middle row)."""
    length: int = Field(ge=8, le=80)
    """Squares from goal line to goal line in the odd rows; even rows have one more, their end squares
    halved by the goal lines."""
    line: int = Field(ge=1, le=40)
    """Squares from each goal line to the 20-yard line: a side lines up on these."""
    stop_on_half_squares: bool = True
    """Whether a move may end on a half square (every move may pass through one)."""
    through_team_mates: bool = True
    """Whether a move may pass through a team-mate's square (never through an opponent or carnage)."""
    formation: list[Place]

    @model_validator(mode="after")
    def _formation(self) -> "Board":
        from refbox.engine.geometry.staggered import staggered_grid

        try:
            f = staggered_grid(self.rows, self.length, self.line)
        except ValueError as e:
            raise ValueError(str(e)) from None
        taken: set[int] = set()
        for p in self.formation:
            if (p.col, p.row) not in f.index or p.col >= self.line:
                raise ValueError(f"formation {p.id}: square {p.col}.{p.row} is not behind the 20-yard line")
            squares = [f.at(p.col, p.row)]
            if p.id == "HT":
                squares.append(f.foot(squares[0]))
                if squares[1] < 0 or f.col[squares[1]] >= self.line:
                    raise ValueError(f"formation {p.id}: his second square is off the board or past the line")
            if taken & set(squares):
                raise ValueError(f"formation {p.id}: square {p.col}.{p.row} is taken twice")
            taken.update(squares)
        for label, values in (("ids", [p.id for p in self.formation]), ("keys", [p.key for p in self.formation])):
            if len(set(values)) != len(values):
                raise ValueError(f"formation: {label} must be unique")
        if any(p.key in "dqruU?1" for p in self.formation):
            raise ValueError("formation: keys d q r u U ? and 1 are taken by the screen")
        return self


class Data(RulesetData):
    game: Game
    teams: list[Team] = Field(min_length=2, max_length=2)
    positions: list[Position] = Field(min_length=1)
    team_rules: list[TeamRule] = Field(default_factory=list)
    board: Board | None = None
    """None in matches saved before refbox kept the board: they are refereed at the table."""

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
        if self.board is not None:
            ids = {p.short if p.count == 1 else f"{p.short}{n}" for p in self.positions for n in range(1, p.count + 1)}
            placed = {p.id for p in self.board.formation}
            if placed != ids:
                raise ValueError(f"board.formation: must place exactly the players {sorted(ids)}")
            if any(p.squares > 2 or (p.squares == 2) != (p.short == "HT") for p in self.positions):
                raise ValueError("positions: only the Heavy Tackle (HT) may cover two squares on the board")
        return self


# ---- setup ----


class Setup(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    coaches: tuple[Name, Name] = ("Coach 1", "Coach 2")
    """Coach names; coach 0 is team 0 throughout the match."""
    first_coach_team: Literal["iron-wolves", "black-harts"] = "iron-wolves"
    """The team coach 0 takes; coach 1 takes the other."""
    board: Literal["screen", "table"] = "table"
    """"screen": refbox keeps the positions on its own board; "table": a physical board, the table reports
    what happens on it. The default is the table because matches saved before the screen board existed
    have no such field (the setup screen offers the on-screen board first)."""
    skip_forced: bool = False
    """Skip questions with a single answer (apply and log it). Off for matches saved before: their journals
    hold those answers."""
    fewer_keys: bool = False
    """The table audit (issue 14): a Heavy Tackle's move keeps the higher die without asking, and "next to an
    opponent?" is folded into the after-move choice (tackle, hand off, pass or end the turn: one key). Off for
    matches saved before: their journals hold the old answers."""
    fold_confirms: bool = False
    """At the table, the line-up, halt and restart instructions need no Enter (the referee decides nothing
    there): each goes to the log and play goes straight on to the next question (issue 14). Off for matches
    saved before: their journals hold those Enters."""

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
    near: list[int] = Field(default_factory=list)
    """On the board: the squares the fumbler stood on (the ball goes within reach of them)."""
    holder: int
    """The side that had the ball: the other coach places it."""
    then: Literal["adjacent", "end-turn"]
    """Where the turn goes once the ball is placed."""
    given_to: int | None = None
    """The side whose player is handed the ball when no empty square is in reach."""


class Turn(Model):
    """What the current turn has established so far; cleared when the turn passes."""

    mover: str | None = None
    move_faces: list[int] = Field(default_factory=list)
    ht_no_move: bool = False
    tackler: str | None = None
    target: str | None = None
    tackle_faces: list[int] = Field(default_factory=list)
    used: list[int | None] = Field(default_factory=lambda: [None, None])
    """The face each side uses in a tackle (a Heavy Tackle's coach picks one of two)."""
    receiver: str | None = None
    distance: int | None = None
    passing_face: int | None = None
    # on the board: where the mover can go for this roll (squares as bit masks, see refbox.engine.geometry.staggered)
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


Step = Literal[
    "lineup", "lineup-to", "team-rules", "roll-off",
    "select", "move-roll", "move-die", "move-to", "pickup", "ball",
    "adjacent", "action",
    "tackler", "target", "tackle-roll", "tackle-die",
    "hand-off-to", "hand-off-roll",
    "tackle",
    "pass-to", "pass-distance", "pass-roll", "pass-miss", "pass-land", "intercept-by", "recover-by",
    "fumble-place", "fumble-give",
    "touchdown", "halt", "restart", "over",
]  # fmt: skip


class Positions(dict):
    """Where one side's figures stand (player id -> square), keeping the mask of those squares (a bit per
    square, see refbox.engine.geometry.staggered) until they change: the rules ask for it several times a turn."""

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

    def __deepcopy__(self, memo: dict) -> "Positions":
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
    turn: Turn = Field(default_factory=Turn)
    fumble: Fumble | None = None
    scorer: int | None = None
    halt_first: int | None = None
    result: str = ""
    skip: bool = False
    """Questions with one answer are applied, not asked (Setup.skip_forced)."""
    fewer_keys: bool = False
    """Setup.fewer_keys: the table audit's folded questions."""
    fold_confirms: bool = False
    """Setup.fold_confirms at the table: line-up, halt and restart are logged, not asked."""
    # ---- the board, when refbox keeps the positions (Setup.board == "screen") ----
    board: bool = False
    at: list[dict[str, int]] = Field(default_factory=lambda: [Positions(), Positions()])
    """Per side, where each player on the field stands: player id -> square (a Heavy Tackle: his first
    square; the second is ``StaggeredGrid.foot`` of it). Players off the field have no square. Held as Positions."""
    ball: int | None = None
    """The square of a loose ball (None while someone carries it, or off the board)."""
    carnage: list[int] = Field(default_factory=list)
    """Squares with a carnage token."""
    last_move: list[int] = Field(default_factory=list)
    """The last move: the square it started from, the square it ended on."""
    lineup_next: Literal["half", "halt", "restart"] = "half"
    """What the line-up on the board leads to: a half's start (Team Rules, roll-off), or play after a halt
    or a restart."""

    @field_validator("at")
    @classmethod
    def _positions(cls, at: list[dict[str, int]]) -> list[dict[str, int]]:
        return [Positions(side) for side in at]

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
