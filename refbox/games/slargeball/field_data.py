"""The model of ``[field]`` in rulesets/slargeball.toml: the field's layout in inches (rulings ``field-cells``,
``field-goal-areas``, ``start-positions``); ``geometry()`` gives the pure geometry built from it."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, model_validator

from refbox.engine.geometry.inch_field import InchField, Layout, field_of
from refbox.engine.ruleset import Strict


class FieldLayout(Strict):
    length: int = Field(ge=16, le=200)
    """Inches from end line to end line."""
    width: int = Field(ge=8, le=100)
    band_ends: int = Field(ge=2, le=20)
    """Cells of band beyond each end line: the goal zone, the bunker behind it, any spare."""
    band_sides: int = Field(ge=1, le=20)
    """Cells of band beyond each sideline: the coach spots."""
    base_inches: int = Field(ge=1, le=1)
    """Every base is one one-inch cell (the geometry models no other size)."""
    fallen_cells: int = Field(ge=1, le=1)
    """A fallen figure covers its own cell (the geometry models no other footprint)."""
    slargeline: int = Field(ge=1, le=99)
    """Inches from each team's own end line to its slargeline."""
    goal_zone_width: int = Field(ge=1, le=100)
    goal_zone_depth: int = Field(ge=1, le=19)
    bunker_width: int = Field(ge=1, le=100)
    bunker_depth: int = Field(ge=1, le=19)
    ball_spacing: int = Field(ge=1, le=100)
    placement_inches: int = Field(ge=0, le=20)
    """How far a woken figure or a dropped ball may be moved to stand clear of everyone."""
    lineup_gap: int = Field(ge=1, le=10)
    coach_through_figures: bool
    scatter_degrees: list[Annotated[int, Field(ge=0, le=359)]] = Field(min_length=2, max_length=20)
    """Per face of the direction die, the scatter's turn clockwise from straight on."""

    @model_validator(mode="after")
    def _fits(self) -> FieldLayout:
        self.layout()  # the geometry's own checks, with its messages
        return self

    def layout(self) -> Layout:
        values = self.model_dump()
        values["scatter_degrees"] = tuple(values["scatter_degrees"])
        return Layout(**values)

    def geometry(self) -> InchField:
        return field_of(self.layout())

    def check(self, balls: int, faces: int) -> None:
        """Raise ValueError unless ``balls`` balls fit across the field and there is a scatter angle per face."""
        if (balls - 1) * self.ball_spacing >= self.width:
            raise ValueError(f"field: {balls} balls {self.ball_spacing} inches apart do not fit across the field")
        if len(self.scatter_degrees) != faces:
            raise ValueError(f"field.scatter_degrees: one angle per scatter direction ({faces}) is needed")
