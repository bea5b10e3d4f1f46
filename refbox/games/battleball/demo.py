"""A Battleball match on refbox's board, played to an interesting moment: for screenshots and manual looks.

    python -m refbox.games.battleball.demo PATH
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from refbox.engine.match import Match
from refbox.engine.play import random_event
from refbox.games.battleball.rules import Battleball

SETUP = {"coaches": ["Ann", "Bob"], "first_coach_team": "iron-wolves", "board": "screen"}
SEED = 4411


def board_demo(path: Path | None = None) -> Match:
    """Seeded play until a short move is to be chosen with carnage on the field (few keyed squares, so the
    board itself stays readable in the picture)."""
    match = Match.new("battleball", SETUP, seed=SEED, path=path, dice_mode="digital")
    rng = random.Random(SEED)
    for _ in range(20_000):
        state = match.state
        if state.step == "move-to" and state.carnage.bit_count() >= 2 and state.turn_no > 20:
            if (state.turn.reach | state.turn.reach_ball).bit_count() <= 40:
                return match
        legal = match.legal()
        if legal.kind == "over":
            break
        match.submit(random_event(legal, rng, Battleball.random_weights))
    raise RuntimeError("the demo never reached its moment: change SEED")


def run_demo(path: Path | None = None, squares: int = 250) -> Match:
    """Seeded play until a long run is to be placed: more than ``squares`` squares in reach (a d20 roll; the
    heaviest board to read and to redraw)."""
    match = Match.new("battleball", SETUP, seed=7, path=path, dice_mode="digital")
    rng = random.Random(7)
    for _ in range(20_000):
        if match.state.step == "move-to" and len(match.legal().ids) > squares:
            return match
        legal = match.legal()
        if legal.kind == "over":
            break
        match.submit(random_event(legal, rng, Battleball.random_weights))
    raise RuntimeError("the demo never reached its moment: change the seed")


demo_match = board_demo
"""Every ruleset's demo module offers ``demo_match(path)``: a mid-match journal (tests, benches, screenshots)."""


if __name__ == "__main__":
    board_demo(Path(sys.argv[1]) if len(sys.argv) > 1 else None)
