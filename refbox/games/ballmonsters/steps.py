"""The step table of Ballmonsters!: every question of the game is a step registered here by the module of its
part of the turn (shot.py, bite.py, boing.py, turn.py), each with its legal answers, its prompt and its apply.

Some steps ask the table what happened on the real mat: a target it can see (``target``), a hit or a duff and
how far (``result``), which sides touch (``facing``), where a bouncing ball ends and how far it went before a
hit (``move``, ``move_hit``), where a new portal goes (``portal_place``). The others are the rules' own
questions (momentum, power committed or given, dice), whoever measures the mat."""

from __future__ import annotations

from refbox.engine.steps import Steps

STEPS = Steps("ballmonsters")

PLACES = {
    "place": (None, "Placement"), "place_facing": (None, "Placement"), "aim": ("target", "Shot"),
    "vector": ("boing", "Boing"), "portal_take": ("portal", "Portals"),
    "target": ("target", "Shot"), "momentum": ("momentum", "Shot"), "result": ("result", "Shot"),
    "facing": ("bite", "Bite"), "commit": ("bite", "Bite"), "bite": ("bite", "Bite"),
    "effect": ("effects", "Effects"),
    "split": ("boing", "Boing"), "move": ("boing", "Boing"), "move_hit": ("boing", "Boing"),
    "fire": ("upkeep", "End of turn"), "portal": ("portal", "Portals"), "portal_place": ("portal", "Portals"),
    "over": ("portal", "Full time"),
}  # fmt: skip
"""Each step's place in its phase's sequence (the ruleset's ``phases.steps`` ids) and its log stamp."""
