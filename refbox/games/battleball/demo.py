"""A Battleball match on refbox's board, played to an interesting moment: for screenshots and manual looks.

    python -m refbox.games.battleball.demo PATH
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from refbox.engine.match import Match
from refbox.engine.random_play import play_until

SETUP = {"coaches": ["Ann", "Bob"], "first_coach_team": "iron-wolves", "board": "screen"}
SEED = 4411


def board_demo(path: Path | None = None) -> Match:
    """Seeded play until a short move is to be chosen with carnage on the field (few keyed squares, so the
    board itself stays readable in the picture)."""
    match = Match.new("battleball", SETUP, seed=SEED, path=path, dice_mode="digital")

    def moment(s) -> bool:
        return (s.step == "move-to" and s.carnage.bit_count() >= 2 and s.turn_no > 20
                and (s.turn.reach | s.turn.reach_ball).bit_count() <= 40)

    return play_until(match, moment, random.Random(SEED))


def run_demo(path: Path | None = None, squares: int = 250) -> Match:
    """Seeded play until a long run is to be placed: more than ``squares`` squares in reach (a d20 roll; the
    heaviest board to read and to redraw)."""
    match = Match.new("battleball", SETUP, seed=7, path=path, dice_mode="digital")
    return play_until(match, lambda s: s.step == "move-to" and len(match.legal().ids) > squares, random.Random(7))


demo_match = board_demo
"""Every ruleset's demo module offers ``demo_match(path)``: a mid-match journal (tests, benches, screenshots)."""


if __name__ == "__main__":
    board_demo(Path(sys.argv[1]) if len(sys.argv) > 1 else None)
