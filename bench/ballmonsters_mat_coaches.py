"""Ballmonsters! on the on-screen mat: computer coaches against each other (``refbox sim`` plays the headless
setup, the table's flow; this plays the mat). Usage: python bench/ballmonsters_mat_coaches.py A,B GAMES THINK
[MAX_INPUTS]. THINK is seconds a decision, or iN for a fixed N play-outs a search decision (no clock: what the
search does when a busy machine does not starve it). Prints wins, draws, unfinished games and the slowest
decision."""

from __future__ import annotations

import random
import sys
import time

from refbox.engine.coach import deciders, make
from refbox.engine.play import Game, Unfinished, play_out
from refbox.engine.registry import lookup


def main(argv: list[str]) -> None:
    sides, games = argv[0].split(","), int(argv[1])
    fixed = int(argv[2][1:]) if argv[2].startswith("i") else None
    think = 0.5 if fixed is not None else float(argv[2])
    limit = int(argv[3]) if len(argv) > 3 else 20_000
    rules = lookup("ballmonsters").load()
    setup = rules.Setup.model_validate({**rules.new_setup(), "board": "mat"})
    wins, draws, unfinished, slowest, inputs = [0, 0], 0, 0, 0.0, 0
    for game_no in range(games):
        team_of = (game_no % 2, 1 - game_no % 2)  # side A plays each team in turn
        coaches = {team_of[s]: make(sides[s], team_of[s], seed=game_no, think=think, iterations=fixed)
                   for s in (0, 1)}
        decide = deciders(coaches, random.Random(f"mat:{game_no}"), rules.drawer)

        def timed(game, legal, decide=decide):
            nonlocal slowest
            start = time.perf_counter()
            event = decide(game, legal)
            slowest = max(slowest, time.perf_counter() - start)
            return event

        game = Game.start(rules, setup)
        try:
            inputs += play_out(game, timed, random.Random(f"dice:{game_no}"), limit)
        except Unfinished:
            unfinished += 1
            inputs += limit
            continue
        by_team = game.outcome()
        a, b = by_team[team_of[0]], by_team[team_of[1]]
        if a == b:
            draws += 1
        else:
            wins[0 if a > b else 1] += 1
        print(f"game {game_no}: {sides[0]} {a} : {b} {sides[1]}", flush=True)
    print(f"{sides[0]} {wins[0]} · {sides[1]} {wins[1]} · draws {draws} · unfinished {unfinished} (over {limit} "
          f"inputs) · {inputs / games:.0f} inputs a game · slowest decision {slowest:.2f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
