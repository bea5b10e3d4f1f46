"""Battleball's step table (refbox.engine.steps): every question of a match, registered by the module of its
part of the match: kickoff.py (line-up, Team Rules, roll-off), movement.py (pick a player, roll, move, the
ball), after_move.py, contact.py (tackles, hand-offs), passing.py, fumbles.py and flow.py (the end).

A step is one question whoever keeps the positions. Where refbox's board and a physical board ask it
differently (``state.board``), its functions say so: on the board the geometry is derived, so some answers
are squares and some questions of the table (next to an opponent? how far?) never come up.
"""

from refbox.engine.steps import Steps

STEPS = Steps("battleball")
