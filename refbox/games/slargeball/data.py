"""The model of rulesets/slargeball.toml: every number refbox uses to referee Slargeball!."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Annotated

from pydantic import Field, model_validator

from refbox.engine.ruleset import RulesetData, Strict
from refbox.engine.text import Label, Name, Prose
from refbox.games.slargeball.field_data import FieldLayout
from refbox.games.slargeball.lineup import Layout, layout_of, roster


class Game(Strict):
    turns: int = Field(ge=1, le=200)
    die: int = Field(ge=2, le=100)
    squads_min: int = Field(ge=1, le=9)
    squads_max: int = Field(ge=1, le=9)
    captain_from_squads: int = Field(ge=1, le=9)
    coach_from_squads: int = Field(ge=1, le=9)
    fling_range_per_point: int = Field(ge=1, le=100)
    leave_contact_on_or_under: int = Field(ge=0, le=100)
    ballbonk_on_or_under: int = Field(ge=0, le=100)
    coach_random_fling_dice: int = Field(ge=1, le=6)
    bonk_scatter_dice: int = Field(ge=1, le=6)
    scoring_points: int = Field(ge=1, le=100)

    def squads_near(self, wanted: int) -> int:
        """``wanted`` squads a team, or the nearest count this ruleset allows (a house ruleset may narrow it)."""
        return min(max(wanted, self.squads_min), self.squads_max)


class Coach(Strict):
    activation_needs: list[Annotated[int, Field(ge=1, le=100)]] = Field(min_length=1, max_length=9)
    walk_by_whap: int = Field(ge=0, le=100)
    walk_by_reach_inches: int = Field(ge=0, le=100)
    speed_inches: int = Field(ge=1, le=100)


class Position(Strict):
    id: Name = Field(pattern=r"^[A-Z]{1,3}$")
    name: Label
    move: int = Field(ge=0, le=30)
    whap: int = Field(ge=0, le=6)
    fling: int = Field(ge=0, le=6)
    nab: int = Field(ge=0, le=6)
    points: int = Field(ge=0, le=1000)
    per_squad: int = Field(default=0, ge=0, le=9)
    per_team: int = Field(default=0, ge=0, le=1)
    from_squads: int = Field(default=1, ge=1, le=9)
    """A per-team position appears only with at least this many squads."""
    coach: bool = False

    @model_validator(mode="after")
    def _one_kind(self) -> "Position":
        if bool(self.per_squad) == bool(self.per_team):
            raise ValueError(f"position {self.id}: give exactly one of per_squad or per_team")
        return self


class BallCount(Strict):
    squads: list[Annotated[int, Field(ge=1, le=9)]] = Field(min_length=1, max_length=9)
    count: int = Field(ge=1, le=9)


class Scatter(Strict):
    directions: list[Prose] = Field(min_length=6, max_length=6)


class Data(RulesetData):
    game: Game
    coach: Coach
    positions: list[Position] = Field(min_length=1)
    balls: list[BallCount] = Field(min_length=1)
    scatter: Scatter
    field: FieldLayout | None = None
    """The field in inches; None in matches saved before refbox had one (they are played at the table)."""

    @model_validator(mode="after")
    def _consistent(self) -> "Data":
        ids = [p.id for p in self.positions]
        if len(set(ids)) != len(ids):
            raise ValueError("positions: two positions share an id")
        if not any(p.id == "move" for p in self.phases):
            raise ValueError("phases: a phase with id 'move' is needed (its steps are the move sub-phases)")
        steps = [s.id for s in self.phase("move").steps]
        missing = set(ids) - set(steps)
        if missing:
            raise ValueError(f"phases.move.steps: no move sub-phase for position(s) {sorted(missing)}")
        covered = sorted(n for b in self.balls for n in b.squads)
        wanted = list(range(self.game.squads_min, self.game.squads_max + 1))
        if covered != wanted:
            raise ValueError(f"balls: each squad count {wanted} needs exactly one ball count (got {covered})")
        if not all(1 <= n <= self.game.die for n in self.coach.activation_needs):
            raise ValueError(f"coach.activation_needs: each need must be 1..{self.game.die}")
        if self.field is not None:
            self.field.check(max(b.count for b in self.balls), len(self.scatter.directions))
        return self

    def position(self, pos_id: str) -> Position:
        return next(p for p in self.positions if p.id == pos_id)

    def balls_for(self, squads: int) -> int:
        return next(b.count for b in self.balls if squads in b.squads)

    @cached_property
    def facts(self) -> Facts:
        """What the rules read from this ruleset on almost every input, worked out once (a loaded ruleset never
        changes)."""
        steps = self.phase("move").steps
        layouts = {}
        for n in range(self.game.squads_min, self.game.squads_max + 1):
            figures = roster(n, self, 0) + roster(n, self, 1)
            layouts.setdefault(len(figures), layout_of(figures))
        return Facts(tuple(s.id for s in steps), tuple(s.name for s in steps),
                     frozenset(p.id for p in self.positions if p.coach), layouts)


@dataclass(frozen=True, slots=True)
class Facts:
    move_ids: tuple[str, ...]
    """The move sub-phases' ids (a position each), in order..."""
    move_names: tuple[str, ...]
    """...and their names, for the log's stamps."""
    coach_steps: frozenset[str]
    """The sub-phases of coach positions."""
    layouts: dict[int, Layout]
    """The layout of each roster this ruleset allows (both teams, a number of squads), by its size."""


