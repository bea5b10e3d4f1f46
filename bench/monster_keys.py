"""Keys and questions per down in Monster Ball, on the table and on the on-screen field.

    python bench/monster_keys.py [GAMES]

Plays GAMES (default 4) seeded random games of each kind through a Match, the answers drawn as headless play
draws them (RANDOM_WEIGHTS), and counts what a person would press for each answer: an option's key (one or two
characters), a selection's toggles and Enter, a number's digits (and Enter unless the number is complete), the
faces of typed dice (a face that could still grow, like 1 on a d12, takes a second key) or one key (r) per roll
with digital dice. A down runs from one "between plays" menu to the next. Prints averages; asserts nothing.
"""

from __future__ import annotations

import random
import statistics
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from refbox.engine.match import Match  # noqa: E402
from refbox.engine.play import random_event  # noqa: E402
from refbox.engine.prompts import Choose, Number, Pick, Roll  # noqa: E402
from refbox.games.monster_ball import rules  # noqa: E402
from refbox.ui.keys import assign_keys  # noqa: E402

KINDS = {
    "table, as saved before (every question asked)": {"board": "table", "fewer_keys": False},
    "table, new match (forced questions skipped)": {"board": "table", "fewer_keys": True},
    "on-screen field": {"board": "screen", "fewer_keys": True},
}
MOVES = {"move", "move_to"}
GEOMETRY = {"fg_zones", "missile_grids", "pass_grids", "spot", "kick_catchers", "pass_contest", "recovery_pick",
            "tackle_tacklers", "hustle_mover", "hustle_blocker"}


def face_keys(face: int, sides: int) -> int:
    return 1 if face * 10 > sides else 2  # "1" on a d10 or d12 waits for a second digit or Space


def number_keys(value: int, low: int, high: int) -> int:
    typed = str(value)
    complete = not any(low <= int(typed + d) <= high for d in "0123456789") if typed.lstrip("-") != "0" else True
    return len(typed) + (0 if complete else 1)


def keys_for(prompt, event) -> tuple[int, int]:
    """(keys with typed dice, keys with digital dice) for answering ``prompt`` with ``event``."""
    if isinstance(prompt, (Choose, Pick)):
        keys = assign_keys([o.key for o in prompt.options])
        by_id = {o.id: k for o, k in zip(prompt.options, keys)}
        if isinstance(prompt, Choose):
            n = len(by_id[event.value])
        else:
            n = sum(len(by_id[v]) for v in event.value) + 1
        return n, n
    if isinstance(prompt, Roll):
        return sum(face_keys(f, d.sides) for f, d in zip(event.value, prompt.dice)), 1
    if isinstance(prompt, Number):
        n = number_keys(event.value, prompt.min, prompt.max)
        return n, n
    return 1, 1


def measure(setup: dict, seed: int, max_inputs: int = 6000) -> list[Counter]:
    match = Match.new("monster-ball", setup, seed=seed)
    rng = random.Random(seed)
    downs, current = [], None
    data = match.data
    for _ in range(max_inputs):
        state, legal = match.state, match.legal()
        if legal.kind == "over":
            break
        if state.step == "between":
            if current is not None and current["inputs"]:
                downs.append(current)
            current = Counter()
        event = random_event(legal, rng, rules.RANDOM_WEIGHTS)
        if current is not None:
            prompt = match.prompt()
            typed, digital = keys_for(prompt, event)
            current["inputs"] += 1
            current["keys typed dice"] += typed
            current["keys digital dice"] += digital
            if state.step in MOVES:
                if event.value not in ("done", "timeout", "stay") and event.value[0] != "m" and state.board:
                    current["figures moved"] += 1
                current["move inputs"] += 1
            else:
                current["questions"] += 1
            if state.step in GEOMETRY:
                current["geometry questions"] += 1
            if state.step == "move" and not state.board and event.value not in ("done", "timeout"):
                current["table contests"] += 1
        match.submit(event)
    return downs


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    fields = ["inputs", "questions", "geometry questions", "move inputs", "figures moved", "keys typed dice", "keys digital dice"]
    for name, setup in KINDS.items():
        downs = [d for seed in range(1, games + 1) for d in measure(setup, seed)]
        means = {f: statistics.mean(d[f] for d in downs) for f in fields}
        print(f"{name}: {len(downs)} downs")
        print("   " + " · ".join(f"{f} {means[f]:.1f}" for f in fields))


if __name__ == "__main__":
    main()
