"""The Monster Ball ruleset file's model: every number and table lives in rulesets/monster-ball.toml."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import ConfigDict, Field, model_validator

from refbox.engine.ruleset import RulesetData, Strict
from refbox.engine.text import Label, Name, Prose

if TYPE_CHECKING:
    from refbox.games.monster_ball.lineups import Lineups
    from refbox.games.monster_ball.pitch import Pitch
    from refbox.games.monster_ball.places import Moves
    from refbox.games.monster_ball.squads import Squads

DieSides = Literal[4, 6, 8, 10, 12]
CheatKind = Literal["roughness", "blink", "missile", "holding", "ankle_bite", "divine", "slam", "wardrobe"]
STANDALONE_CHEATS = frozenset({"blink", "missile", "holding"})
"""The cheats a figure uses on its own, as an action of the menu (the others come with a tackle or a block)."""
Unit = Literal["offense", "defense"]
GridFace = Annotated[int, Field(ge=1, le=12)]
"""A face of the d12 that picks the grid across the field."""
SquadCount = Annotated[int, Field(ge=0, le=30)]
"""Creatures of one kind in a preset line-up."""
PoolCount = Annotated[int, Field(ge=0, le=50)]
"""Creatures of one kind in the gym-class pool."""


class Scoring(Strict):
    touchdown: int = Field(ge=1, le=100)
    field_goal: int = Field(ge=1, le=100)
    target_points: int = Field(ge=1, le=1000)


class Clock(Strict):
    quarters: int = Field(ge=1, le=10)
    quarter_seconds: int = Field(ge=1, le=3600)
    round_seconds: int = Field(ge=1, le=600)
    kick_seconds: int = Field(ge=0, le=600)
    captain_seconds: int = Field(ge=1, le=600)


class FieldGeometry(Strict):
    playable_zones: int = Field(ge=2, le=20)
    squares_per_zone: int = Field(ge=1, le=20)
    end_zone_squares: int = Field(ge=1, le=20)
    grids_wide: int = Field(ge=1, le=12)
    yards_per_zone: int = Field(ge=1, le=100)
    max_grids_between: int = Field(ge=1, le=100)
    start_to_go: int = Field(ge=1, le=400)
    kickoff_to_go: int = Field(ge=1, le=400)
    downs: int = Field(ge=1, le=10)
    first_down_squares: int = Field(ge=1, le=400)
    penalty_squares: int = Field(ge=0, le=400)
    grid_divisions: list[tuple[GridFace, GridFace]] = Field(max_length=12)
    """d12 faces (low, high) for each division across the field, in order."""
    width_squares: int = Field(default=18, ge=1, le=60)
    """Squares across the field (the on-screen field; matches saved before it existed never use it)."""
    out_of_bounds_squares: int = Field(default=1, ge=1, le=5)
    """The out-of-bounds band around the field, in squares."""

    @property
    def squares(self) -> int:
        """Playable squares from goal line to goal line."""
        return self.playable_zones * self.squares_per_zone

    def zone_of(self, to_go: int) -> int:
        """The zone of the square just behind a line ``to_go`` squares from the goal (zones count down to it)."""
        return min(self.playable_zones, to_go // self.squares_per_zone + 1)

    def yards(self, to_go: int) -> int:
        return round(to_go * self.yards_per_zone / self.squares_per_zone)

    @model_validator(mode="after")
    def _check(self) -> "FieldGeometry":
        faces = [f for lo, hi in self.grid_divisions for f in range(lo, hi + 1)]
        if faces != list(range(1, 13)):
            raise ValueError("grid_divisions must cover the d12 faces 1-12 once each, in order")
        if len(self.grid_divisions) != self.grids_wide:
            raise ValueError("grid_divisions needs one entry per grid across the field")
        if self.width_squares % self.grids_wide:
            raise ValueError("width_squares must split into grids_wide equal divisions")
        if not (self.start_to_go < self.squares and self.kickoff_to_go < self.squares):
            raise ValueError("start_to_go and kickoff_to_go must lie inside the playable squares")
        return self


class Challenges(Strict):
    beat: int = Field(ge=0, le=100)
    """The usual number to beat (hike, pass base, catch, recovery, holding, divine intervention)."""


class Referee(Strict):
    id: Name
    name: Label
    catches_at_most: int = Field(ge=0, le=12)
    """A cheat die at or under this number is spotted."""
    blurb: Prose = ""


class Creature(Strict):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    id: Name
    law: Label
    chaos: Label
    positions: list[Label]
    move: int = Field(ge=0, le=20)
    hustle: DieSides
    block: DieSides
    tackle: DieSides
    pass_: DieSides = Field(alias="pass")
    catch: DieSides
    kick: DieSides
    cheat: DieSides
    cheat_name: Label
    cheat_kind: CheatKind
    cheat_effect: Prose

    def name(self, side: int) -> str:
        return self.law if side == 0 else self.chaos


class SideLineups(Strict):
    offense: dict[str, SquadCount]
    defense: dict[str, SquadCount]


class Presets(Strict):
    law: SideLineups
    chaos: SideLineups

    def side(self, index: int) -> SideLineups:
        return self.law if index == 0 else self.chaos


class Slot(Strict):
    """One place in a formation: the role that fills it (a creature position), how far back from its line
    and where across the field (1..width, from the captain's left looking downfield)."""

    role: Label
    back: int = Field(ge=0, le=60)
    across: int = Field(ge=1, le=60)


class Formations(Strict):
    """Default line-ups on the on-screen field. Scrimmage: ``offense`` from the line of scrimmage back,
    ``defense`` from the first square past it. Kick-off: ``kicking`` from the kick line (the kicker's slot
    first, role "kicker") and the 50, ``receiving`` back from the 50."""

    offense: list[Slot] = Field(min_length=1)
    defense: list[Slot] = Field(min_length=1)
    kicking: list[Slot] = Field(min_length=1)
    receiving: list[Slot] = Field(min_length=1)

    @model_validator(mode="after")
    def _kicker_first(self) -> "Formations":
        if self.kicking[0].role != "kicker":
            raise ValueError("the first kicking slot is the kicker's (role = \"kicker\")")
        return self


class Data(RulesetData):
    scoring: Scoring
    clock: Clock
    field: FieldGeometry
    challenges: Challenges
    referees: list[Referee] = Field(min_length=1)
    creatures: list[Creature] = Field(min_length=1)
    presets: Presets
    gym_class_pool: dict[str, PoolCount]
    formations: Formations | None = None
    """Line-ups for the on-screen field; None in data saved before it existed (those matches are table-only)."""

    # ---- worked out once per loaded ruleset (a copy made with model_copy keeps the original's: make a new one) ----

    @cached_property
    def creatures_by_id(self) -> dict[str, Creature]:
        return {c.id: c for c in self.creatures}

    @cached_property
    def pitch(self) -> "Pitch":
        """The on-screen field's geometry."""
        from refbox.games.monster_ball.pitch import Pitch

        return Pitch.of(self.field)

    @cached_property
    def moves(self) -> "Moves":
        """Where figures can move on the pitch, as far as worked out (places.py)."""
        from refbox.games.monster_ball.places import Moves

        return Moves(self.pitch)

    @cached_property
    def lineups(self) -> "Lineups":
        """The line-ups placed so far (lineups.py)."""
        from refbox.games.monster_ball.lineups import Lineups

        return Lineups()

    def zone_ruler(self, team: int) -> list[str]:
        """The column ruler in ``team``'s words: each playable zone's number under its middle column, "EZ"
        under each end zone (squares are named "zone 4 column 2, row 7")."""
        return list(self.zone_rulers[team])

    @cached_property
    def zone_rulers(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        return self.one_zone_ruler(0), self.one_zone_ruler(1)

    def one_zone_ruler(self, team: int) -> tuple[str, ...]:
        p = self.pitch
        names = [""] * p.cols
        for zone in range(1, p.zones + 1):
            names[p.zone_columns(team, zone)[p.zone_squares // 2]] = str(zone)
        names[p.first - p.end_squares] = names[p.last + 1] = "EZ"
        return tuple(names)

    def square_names(self, team: int) -> dict[tuple[int, int], str]:
        """Every square of the board in ``team``'s words (``Pitch.square_name``), worked out once."""
        return self.square_name_tables[team]

    @cached_property
    def square_name_tables(self) -> tuple[dict, dict]:
        p = self.pitch
        return tuple({sq: p.square_name(t, sq) for sq in p.grid.squares()} for t in (0, 1))  # type: ignore[return-value]

    @cached_property
    def field_background(self) -> tuple[dict, dict]:
        """The on-screen field without figures, as the screen draws it, and its row labels (view.py)."""
        from refbox.games.monster_ball.view import background

        return background(self)

    @cached_property
    def squads(self) -> "Squads":
        """The ruleset's numbers of each side's players, found once per squad (squads.py)."""
        from refbox.games.monster_ball.squads import Squads

        return Squads(self)

    def creature(self, creature_id: str) -> Creature:
        return self.creatures_by_id[creature_id]

    @property
    def default_referee(self) -> str:
        """The book's referee where the ruleset has him, else the first one a house ruleset lists."""
        ids = [r.id for r in self.referees]
        return "hydra-harry" if "hydra-harry" in ids else ids[0]

    def referee(self, referee_id: str) -> Referee:
        for r in self.referees:
            if r.id == referee_id:
                return r
        raise KeyError(referee_id)

    @model_validator(mode="after")
    def _known_creatures(self) -> "Data":
        known = {c.id for c in self.creatures}
        lists = [self.gym_class_pool]
        for side in (self.presets.law, self.presets.chaos):
            lists += [side.offense, side.defense]
        for counts in lists:
            unknown = set(counts) - known
            if unknown:
                raise ValueError(f"unknown creature(s) {sorted(unknown)}; known: {sorted(known)}")
            if any(n < 0 for n in counts.values()):
                raise ValueError("creature counts cannot be negative")
        if self.formations is not None:
            width = self.field.width_squares
            for name in ("offense", "defense", "kicking", "receiving"):
                for slot in getattr(self.formations, name):
                    if slot.across > width:
                        raise ValueError(f"formations.{name}: across {slot.across} is beyond the {width}-square width")
        return self
