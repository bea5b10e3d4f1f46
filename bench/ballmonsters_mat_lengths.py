"""Ballmonsters! on the on-screen mat: how long seeded games of random answers last (the rules set no turn
limit: ruling no-turn-limit). Usage: python bench/ballmonsters_mat_lengths.py GAMES [MAX_INPUTS]. Prints
each game's turns and how it ended, then the unfinished count and the turns' spread."""

from __future__ import annotations

import random
import sys

from refbox.engine.coach import deciders, make
from refbox.engine.play import Game, Unfinished, play_out
from refbox.engine.registry import lookup


def main(argv: list[str]) -> None:
    games = int(argv[0])
    limit = int(argv[1]) if len(argv) > 1 else 100_000
    rules = lookup("ballmonsters").load()
    setup = rules.Setup.model_validate({**rules.new_setup(), "board": "mat"})
    turns, unfinished = [], 0
    for game_no in range(games):
        coaches = {t: make("random", t, seed=game_no) for t in (0, 1)}
        game = Game.start(rules, setup)
        try:
            inputs = play_out(game, deciders(coaches, random.Random(game_no), rules.drawer),
                              random.Random(f"dice:{game_no}"), limit)
        except Unfinished:
            unfinished += 1
            print(f"game {game_no}: unfinished after {limit} inputs (turn {game.state.turn})", flush=True)
            continue
        turns.append(game.state.turn)
        print(f"game {game_no}: {game.state.turn} turns, {inputs} inputs: {game.state.result}", flush=True)
    turns.sort()
    if turns:
        at = lambda q: turns[min(len(turns) - 1, int(q * len(turns)))]
        print(f"{games} games · unfinished {unfinished} · turns min {turns[0]} · quartiles {at(0.25)} {at(0.5)} "
              f"{at(0.75)} · 90% {at(0.9)} · max {turns[-1]}")


if __name__ == "__main__":
    main(sys.argv[1:])
