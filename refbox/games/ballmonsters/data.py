"""The ruleset file's model: every number and table of Ballmonsters! (rulesets/ballmonsters.toml)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from refbox.engine.ruleset import RulesetData, Strict
from refbox.engine.text import Label, Name, Prose
from refbox.games.ballmonsters.mat_data import MatTable

EffectId = Literal["flaming", "infectious", "tough_nut", "winged", "horny"]
FacingKey = Literal["bitey_bitey", "bitey_back", "back_bitey", "back_back"]
"""Which sides touch in a bounce: <active ball's side>_<target's side>."""


class TeamMakeUp(Strict):
    miniballs: int = Field(ge=1, le=12)
    """The fewest miniballs a team fields (the book: four)."""
    max_miniballs: int | None = Field(None, ge=1, le=12)
    """The most (the book allows more than four through options); None: exactly ``miniballs``."""
    monsterball_str: int = Field(ge=0, le=100)
    miniball_str: int = Field(ge=0, le=100)


class StrengthBounds(Strict):
    min: int = Field(ge=0, le=100)
    max: int = Field(ge=1, le=100)


class Fiddle(Strict):
    budget: int = Field(ge=0, le=100)
    """Fiddle points per team."""
    per_ball: int = Field(ge=0, le=100)
    """At most this many on one ball."""


class ShotRules(Strict):
    max_momentum: int = Field(ge=0, le=20)


class BiteTable(Strict):
    """True where the touching sides call for a bite roll."""

    bitey_bitey: bool
    bitey_back: bool
    back_bitey: bool
    back_back: bool

    def calls_for_bite(self, facing: FacingKey) -> bool:
        return getattr(self, facing)


class BiteRules(Strict):
    die: int = Field(ge=2, le=100)
    crit_face: int = Field(ge=1, le=100)
    keep_power: int = Field(ge=0, le=100)
    """The active ball keeps at least this much power when committing (or all it has, if less)."""
    boob_bonus: int = Field(ge=0, le=100)
    friendly: BiteTable
    unfriendly: BiteTable


class BoingRules(Strict):
    vectors: list[Prose] = Field(min_length=1)
    keep_monsterball: int = Field(ge=0, le=100)
    keep_miniball: int = Field(ge=0, le=100)
    partner_apart: bool = True
    """A bouncing ball cannot hit the partner it flies apart from until another bounce has happened (the
    ruling bounce-partner-apart). False: the table may report such a hit (matches saved before the ruling)."""


class FireRules(Strict):
    die: int = Field(ge=2, le=100)


class PortalRules(Strict):
    die: int = Field(ge=2, le=100)
    max: int = Field(ge=0, le=100)
    centre_spots: int = Field(0, ge=0, le=100)
    """Spots in the centre zone (0: unknown, so refbox always asks where a new portal goes). Each ball or token
    covers at most one, so with fewer portals and balls than spots there is certainly room."""
    late_after_turn: int = Field(ge=0, le=1000)
    """After this many turns, only ``late_remove_face`` removes a portal; anything else adds one."""
    late_remove_face: int = Field(ge=1, le=100)


class Scoring(Strict):
    duff: int = Field(ge=-100, le=100)
    deflation: int = Field(ge=-100, le=100)
    portal: int = Field(ge=-100, le=100)
    other_deflations_score: bool = False
    """The setup screen's first choice for the house rule: a ball deflated by fire or sickness scores
    ``deflation`` for its owner's opponent (the book scores only deflations by an enemy ball)."""


class Ending(Strict):
    deflated_miniballs_count: bool = False
    """The setup screen's first choice for the house rule: a deflated miniball still counts as on the field for
    the end of the game (the old ruling). The book: a deflated ball is off the table, so a player with every
    miniball deflated or gone ends the game."""


class Described(Strict):
    id: Name
    name: Label
    summary: Prose


class Effect(Described):
    id: EffectId


class Data(RulesetData):
    ending: Ending = Ending()
    team: TeamMakeUp
    strength: StrengthBounds
    fiddle: Fiddle
    shot: ShotRules
    bite: BiteRules
    boing: BoingRules
    fire: FireRules
    portals: PortalRules
    scoring: Scoring
    effects: list[Effect]
    conditions: list[Described]
    mat: MatTable = MatTable()

    @model_validator(mode="after")
    def _consistent(self) -> "Data":
        if self.strength.min > self.strength.max:
            raise ValueError("strength.min is above strength.max")
        for start in (self.team.monsterball_str, self.team.miniball_str):
            if not self.strength.min <= start <= self.strength.max:
                raise ValueError(f"a starting STR of {start} is outside strength.min..max")
        if self.team.max_miniballs is not None and self.team.max_miniballs < self.team.miniballs:
            raise ValueError("team.max_miniballs is below team.miniballs")
        if len(self.mat.boing_degrees) != len(self.boing.vectors):
            raise ValueError("mat.boing_degrees needs one angle for each of boing.vectors")
        ids = [e.id for e in self.effects]
        if sorted(ids) != sorted(set(EffectId.__args__)):
            raise ValueError(f"effects must list each of {', '.join(EffectId.__args__)} once")
        return self

    @property
    def most_miniballs(self) -> int:
        return self.team.max_miniballs or self.team.miniballs

    def effect(self, effect_id: str) -> Effect:
        return next(e for e in self.effects if e.id == effect_id)
