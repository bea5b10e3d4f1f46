"""Slargeball!'s step table: every question a match asks, registered by the module of its phase.

The turn as the table plays it (positions reported by the table, refbox rolling and keeping score):
steps_move (initiative and the move sub-phases), steps_coach (coaches, in their move sub-phase), steps_whap,
steps_fling, steps_nab, steps_end (consciousness, Break Play, full time). refbox.games.slargeball.flow moves a
match from one phase to the next; rules.py imports every module (so they register) and checks the table.
"""

from __future__ import annotations

from refbox.engine.steps import Steps

STEPS = Steps("slargeball")
