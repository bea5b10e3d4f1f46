"""Rülerball's step table (refbox.engine.steps): the steps_* modules register every step of the turn with it.

The phase tracker opens the current phase of the ruleset file to show its own steps: ``SUB_STEPS`` names, beside
the engine's table, the step of the file each question belongs to. The harm detour (an injury, a lost ball) has
no phase of its own: it is shown as the phase it interrupted (refbox.games.rulerball.view).
"""

from __future__ import annotations

from refbox.engine.steps import Steps

STEPS = Steps("rulerball")

HARM = "harm"
"""Phase of the harm detour (injury, lost ball): shown as the phase it interrupts."""

SUB_STEPS = {
    "clock": "advance", "release": "release", "release_sector": "release",
    "ball_stop": "fire", "ball_path": "path", "field_quick": "path", "field_roll": "path", "avoid": "path",
    "move_walk": "sweep", "move_first": "sweep", "move_further": "sweep", "handoff": "sweep", "handoff_roll": "sweep",
    "shot_declare": "sweep",
    "combat_walk": "fights", "combat_target": "fights", "combat_roll": "fights",
    "penalty": "penalties", "penalty_minutes": "penalties",
    "score": "attempt", "shot_miss": "attempt", "reset": "reset", "over": "reset",
}
"""Step -> the step of its phase in the ruleset file (``[[phases]] steps``), for the phase tracker."""
