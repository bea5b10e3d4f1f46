"""Battleball's ruleset file as a model (rulesets/battleball.toml: every number and table), and what the rules
derive from it once per loaded ruleset (cached properties: the board's grid, each player's dice...)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pydantic import Field, field_validator, model_validator

from refbox.engine.geometry.staggered import StaggeredGrid, staggered_grid
from refbox.engine.prompts import Legal
from refbox.engine.ruleset import RulesetData, Strict
from refbox.engine.text import Label, Name

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
    name: Label


class Position(Strict):
    id: Name
    name: Label
    short: Label
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
    name: Label


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
    def _formation(self) -> Board:
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

    # ---- what the rules derive from these numbers: computed once per loaded ruleset (a copy made with
    # ``model_copy(update=...)`` keeps them: validate a changed ruleset again instead) ----

    @cached_property
    def grid(self) -> StaggeredGrid | None:
        """The board's squares (None without a [board]: the table keeps the positions)."""
        b = self.board
        return staggered_grid(b.rows, b.length, b.line) if b is not None else None

    @cached_property
    def pitch(self) -> Pitch | None:
        """What refbox's board rules read on every move (None without a [board]: the table keeps the positions)."""
        b, f = self.board, self.grid
        if b is None or f is None:
            return None
        return Pitch(grid=f, heavy=self.heavy, one_heavy=self.one_heavy, through_team_mates=b.through_team_mates,
                     stop_on_half_squares=b.stop_on_half_squares, catches=self.catches)

    @cached_property
    def roster(self) -> dict[str, Position]:
        """Each player id of a side, in roster order (RB1, RB2, RB3, T, HT, ...), and his position."""
        return {pid: p for p in self.positions
                for pid in ((p.short,) if p.count == 1 else (f"{p.short}{n}" for n in range(1, p.count + 1)))}

    @cached_property
    def dice(self) -> dict[str, tuple[int, ...]]:
        """Each player id's dice: (20,) for a Running Back, (6, 6) for a Heavy Tackle."""
        return {pid: (p.sides,) * p.dice for pid, p in self.roster.items()}

    @cached_property
    def move_rolls(self) -> dict[tuple[int, str], Legal]:
        """The legal answer to each figure's movement roll, by (side, player id): his dice (asked every turn)."""
        return {(side, pid): Legal("roll", side, sides=dice) for side in (0, 1) for pid, dice in self.dice.items()}

    @cached_property
    def places(self) -> dict[str, Place]:
        """Each player id's square in the default formation (empty without a [board])."""
        return {p.id: p for p in self.board.formation} if self.board is not None else {}

    @cached_property
    def heavy(self) -> frozenset[str]:
        """The ids of the figures covering two squares on the board (the Heavy Tackle)."""
        return frozenset(pid for pid, p in self.roster.items() if p.squares == 2)

    @cached_property
    def one_heavy(self) -> str | None:
        """The only two-square figure's id where there is just one (the usual line-up: no set to walk)."""
        return next(iter(self.heavy)) if len(self.heavy) == 1 else None

    @cached_property
    def catches(self) -> dict[str, int]:
        """Each player id's longest catchable throw: his dice and the passing die (ruling throwing-distance)."""
        from refbox.games.battleball import odds

        return {pid: odds.longest_catch(dice, self.game.passing_die) for pid, dice in self.dice.items()}

    @cached_property
    def board_names(self) -> dict[tuple[int, int], str]:
        """What the board's view calls each of its squares: a square of the field its id ("31.12": the view's
        column is one more, column 0 being the near end zone), the end zones' squares "end zone"."""
        f = self.grid
        if f is None:
            return {}
        names = {(c, r): "end zone" for c in range(f.length + 3) for r in range(f.rows)}
        names.update({(f.col[i] + 1, f.row[i]): sid for i, sid in f.ids.items()})
        return names

    def full_name(self, team_id: str, pid: str) -> str:
        """'Iron Wolves RB1 (Running Back, d20)': how log lines name a player."""
        return self.full_names[(team_id, pid)]

    @cached_property
    def full_names(self) -> dict[tuple[str, str], str]:
        """``full_name`` of every (team id, player id)."""
        return {(t.id, pid): f"{t.name} {pid} ({p.name}, {dice_text(p)})" for t in self.teams
                for pid, p in self.roster.items()}

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
    def _ids_unique(self) -> Data:
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


@dataclass(frozen=True, slots=True)
class Pitch:
    """A ruleset's board as the rules read it on every move, once per ruleset (``Data.pitch``): plain attributes
    (a pydantic model's go through its ``__getattr__`` hook, several times slower to read)."""

    grid: StaggeredGrid
    heavy: frozenset[str]
    """The ids of the figures covering two squares (the Heavy Tackle)."""
    one_heavy: str | None
    """The only two-square figure's id where there is just one (the usual line-up: no set to walk)."""
    through_team_mates: bool
    stop_on_half_squares: bool
    catches: dict[str, int]
    """Each player id's longest catchable throw (``Data.catches``)."""


def dice_text(pos: Position) -> str:
    """'d20', '2d6'."""
    return f"{pos.dice if pos.dice > 1 else ''}d{pos.sides}"
