"""The ruleset's ``[mat]`` table: the playmat's numbers, validated, and the engine's ``Mat`` built from them."""

from __future__ import annotations

from functools import cached_property
from typing import Annotated

from pydantic import Field, model_validator

from refbox.engine.geometry.mat import Mat, build_mat
from refbox.engine.ruleset import Strict

BoingAngle = Annotated[float, Field(gt=-90, lt=90)]
"""Less than a right angle either side of straight on, so the two balls always fly apart."""


class MatTable(Strict):
    width_mm: int = Field(594, ge=150, le=3000)
    """Along the long side (x)."""
    height_mm: int = Field(420, ge=150, le=3000)
    base_side_mm: float = Field(15, ge=5, le=60)
    """Every base and portal is a regular hexagon with sides this long."""
    centre_grid_in: float = Field(9, gt=0, le=60)
    """The centre zone: a square grid this wide, centred on the mat..."""
    centre_grid_cells: int = Field(3, ge=1, le=8)
    """...of this many cells a side; a spot on each corner."""
    monsterball_spot_in: float = Field(3, gt=0, le=60)
    """The monsterball spots: this far from each short side, on the middle line."""
    adjacent_mm: float = Field(1, ge=0.5, le=10)
    """Bases closer than this are adjacent (ruling mat-adjacent)."""
    clearance_mm: float = Field(1, ge=0, le=10)
    """A ball sliding back off a base ends at least this far from every ball."""
    boing_degrees: list[BoingAngle] = Field([0, 45, -45], min_length=1, max_length=9)
    """Boing vectors in the order of ``boing.vectors``: degrees counter-clockwise from straight on."""

    @model_validator(mode="after")
    def _fits(self) -> "MatTable":
        self.mat()  # a spot off the mat or two spots too close raise ValueError, reported with the file
        return self

    @cached_property
    def built(self) -> Mat:
        """The mat, built once per loaded ruleset."""
        return self.mat()

    def mat(self) -> Mat:
        return build_mat(self.width_mm, self.height_mm, self.base_side_mm, self.centre_grid_in,
                         self.centre_grid_cells, self.monsterball_spot_in, self.adjacent_mm, self.clearance_mm,
                         self.boing_degrees)
