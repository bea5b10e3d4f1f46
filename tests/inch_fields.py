"""The fields the inch-geometry tests play on: the shipped Slargeball! field and small ones for brute force."""

from __future__ import annotations

import dataclasses

from refbox.engine import registry
from refbox.engine.geometry.inch_field import InchField, Layout, field_of

SHIPPED = registry.lookup("slargeball").load_data().field.layout()
F = field_of(SHIPPED)
"""The 64 x 32 inch field of rulesets/slargeball.toml."""


def small(**changes) -> InchField:
    """A 12 x 8 field with a band of 3 cells at the ends (zone 1, bunker 1) and 1 at the sides."""
    layout = dataclasses.replace(SHIPPED, length=12, width=8, band_ends=3, band_sides=1, slargeline=3,
                                 goal_zone_width=4, goal_zone_depth=1, bunker_width=2, bunker_depth=1,
                                 ball_spacing=3)
    return field_of(dataclasses.replace(layout, **changes))


def cells_of(field: InchField, mask: int) -> set[tuple[int, int]]:
    return set(field.cells(mask))


__all__ = ["SHIPPED", "F", "InchField", "Layout", "cells_of", "small"]
