"""Keys and questions per down in Monster Ball, on the table and on the on-screen field.

    python bench/monster_keys.py [GAMES]

Two measures, each over GAMES (default 4) seeded games through a Match:

- random downs: answers drawn as headless play draws them (the rules' random weights), at the table and on the
  field (the flow that asked every question is only in journals of rules version 1, upgraded when read);
- a captain's downs on the field: a simple sensible captain (run with the ball: the side steps forward, the
  carrier runs as far as he can; defend: the side closes in, tackle when next to the carrier, play fair).

Each answer is counted as the keys a person presses: an option's key (one or two characters), a selection's
toggles and Enter, a number's digits (and Enter unless the number is complete), the faces of typed dice (a
face that could still grow, like 1 on a d12, takes a second key) or one key (r) a roll with digital dice. A down
runs from one "between plays" menu to the next. "Figures moved" counts figures that changed square: what a
person at a table would move by hand. Prints averages; asserts nothing.
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
from refbox.ui.keys import assign_keys  # noqa: E402

KINDS = {
    "table": {"board": "table"},
    "on-screen field": {"board": "screen"},
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
    for _ in range(max_inputs):
        state, legal = match.state, match.legal()
        if legal.kind == "over":
            break
        if state.step == "between":
            if current is not None and current["inputs"]:
                downs.append(current)
            current = Counter()
        event = random_event(legal, rng, match.rules.random_weights)
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


def captain(match: Match, rng: random.Random, moved: set) -> object:
    """The sensible captain's answer to the pending prompt on the field."""
    from refbox.engine.prompts import Event

    s, legal = match.state, match.legal()
    ids = legal.ids
    if legal.kind == "roll":
        return random_event(legal, rng)
    if legal.kind == "pick":
        return Event("pick", list(ids[:max(legal.min, 1)]))
    if s.step == "between":
        return Event("choose", "hike")
    if s.step == "move":
        mine = s.carrier is not None and s.team_of(s.carrier) == s.mover
        for choice in ("tackle",):
            if choice in ids:
                return Event("choose", choice)
        key = (s.half_id, "macro")
        if key not in moved:
            moved.add(key)
            for choice in (("advance",) if mine else ("pursue",)):
                if choice in ids:
                    return Event("choose", choice)
        if mine and s.carrier in ids and (s.half_id, "carrier") not in moved:
            moved.add((s.half_id, "carrier"))
            return Event("choose", s.carrier)
        return Event("choose", "done")
    if s.step == "move_to":
        best = max((i for i in ids if i.startswith("m")), key=lambda i: (int(i[1:].split(",")[0]), -abs(int(i.split(",")[1]))),
                   default="stay")
        return Event("choose", best)
    for choice in ("fair", "all", "block", "hustle", "ready"):
        if choice in ids:
            return Event("choose", choice)
    return Event("choose", ids[0])


def captain_downs(seed: int, max_inputs: int = 4000) -> list[Counter]:
    match = Match.new("monster-ball", KINDS["on-screen field"], seed=seed)
    rng, moved = random.Random(seed), set()
    downs, current = [], None
    for _ in range(max_inputs):
        state = match.state
        if match.legal().kind == "over":
            break
        if state.step == "between":
            if current is not None and current["inputs"]:
                downs.append(current)
            current = Counter()
        event = captain(match, rng, moved)
        before = dict(state.pos)
        if current is not None:
            typed, digital = keys_for(match.prompt(), event)
            current["inputs"] += 1
            current["keys typed dice"] += typed
            current["keys digital dice"] += digital
            current["move inputs" if state.step in MOVES else "questions"] += 1
        match.submit(event)
        if current is not None and match.state.step != "between":
            current["figures moved"] += sum(1 for pid, sq in match.state.pos.items() if pid in before and before[pid] != sq)
    return downs


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    fields = ["inputs", "questions", "geometry questions", "move inputs", "figures moved", "keys typed dice", "keys digital dice"]
    for name, setup in KINDS.items():
        downs = [d for seed in range(1, games + 1) for d in measure(setup, seed)]
        means = {f: statistics.mean(d[f] for d in downs) for f in fields}
        print(f"random downs, {name}: {len(downs)} downs")
        print("   " + " · ".join(f"{f} {means[f]:.1f}" for f in fields))
    downs = [d for seed in range(1, games + 1) for d in captain_downs(seed)]
    fields = ["inputs", "questions", "move inputs", "figures moved", "keys typed dice", "keys digital dice"]
    means = {f: statistics.mean(d[f] for d in downs) for f in fields}
    print(f"a captain's downs on the field: {len(downs)} downs")
    print("   " + " · ".join(f"{f} {means[f]:.1f}" for f in fields))


if __name__ == "__main__":
    main()
