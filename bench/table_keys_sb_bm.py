"""Keys a referee presses per turn at the table (physical dice): Slargeball! and Ballmonsters!.

    python bench/table_keys_sb_bm.py [slargeball|ballmonsters] [TURNS]

Drives the engine (no screen) and counts what the game screen would need for each input, using the
screen's own key rules: an option's key (one or two characters, refbox.ui.keys.assign_keys), a Pick's
toggles plus Enter, die faces typed as FaceEntry takes them (a pending "1" on a d12 needs Space), a number
taken without Enter once no digit could extend it, a confirm's Enter. Forced steps the rules answer
themselves cost nothing (that is the point).

Two measures per ruleset:
- a scripted quiet turn (nobody acts beyond what must be rolled; Slargeball: 2 squads);
- weighted random table play ("the table" mostly moves without dice, sometimes whaps, flings, nabs),
  keys per turn median / p90 / max over TURNS turns.
"""

from __future__ import annotations

import random
import statistics
import sys

from refbox.engine.match import Match
from refbox.engine.prompts import Choose, Confirm, Event, GameOver, Number, Pick, Roll, choose, number, pick, roll
from refbox.ui.keys import FaceEntry, assign_keys, number_is_complete


def keys_for(prompt, event: Event) -> int:
    if isinstance(prompt, Choose):
        keys = assign_keys([o.key for o in prompt.options])
        return len(keys[[o.id for o in prompt.options].index(event.value)])
    if isinstance(prompt, Pick):
        keys = assign_keys([o.key for o in prompt.options])
        ids = [o.id for o in prompt.options]
        return sum(len(keys[ids.index(v)]) for v in event.value) + 1
    if isinstance(prompt, Roll):
        entry, n = FaceEntry.for_dice(d.sides for d in prompt.dice), 0
        for face in event.value:
            for ch in str(face):
                entry = entry.type(ch)
                n += 1
            if entry.pending:
                entry = entry.commit()
                n += 1
        return n
    if isinstance(prompt, Number):
        typed = str(event.value)
        for i in range(1, len(typed) + 1):
            if number_is_complete(typed[:i], prompt.min, prompt.max):
                return i
        return len(typed) + 1
    if isinstance(prompt, Confirm):
        return 1
    raise ValueError(prompt)


# ---- Slargeball ----

SB_TEAMS = [{"name": "Red", "colour": "red"}, {"name": "Blue", "colour": "blue"}]
SB_QUIET = {"move_menu": ("rest", "done"), "coach_menu": ("no",), "whap_menu": ("nobody", "next"),
            "fling_menu": ("hold",), "air_landed": ("ground",), "break_check": ("no",), "move_figure": ("back",),
            "coach_arrived": ("no",), "fling_landing": ("field",), "bonk_landing": ("field",)}
SB_WEIGHTS = {"rest": 40.0, "done": 20.0, "pile": 0.6, "contact": 0.6, "offside": 0.1, "goal": 1.0,
              "break": 0.02, "nobody": 4.0, "next": 2.0, "hold": 1.0, "spot": 1.0, "try": 1.0, "no": 1.0,
              "back": 0.1, "field": 4.0, "off": 0.3}


def sb_answer(m: Match, rng: random.Random | None) -> Event:
    p, step = m.prompt(), m.state.step
    if isinstance(p, Roll):
        if rng is None:  # quiet: initiative to Red, every other die fails (6 = worst on a d6 roll-under)
            return Event("roll", [6, 1] if step == "initiative_roll" else [6] * len(p.dice), "physical")
        return Event("roll", [rng.randint(1, d.sides) for d in p.dice], "physical")
    if isinstance(p, Confirm):
        return Event("confirm")
    if isinstance(p, Pick):
        ids = [o.id for o in p.options]
        if rng is None or not ids or rng.random() < 0.6:
            return Event("pick", [])
        return Event("pick", rng.sample(ids, 1))
    if isinstance(p, Number):
        return Event("number", p.min if rng is None else rng.randint(p.min, p.max))
    ids = [o.id for o in p.options]
    if rng is None:
        pick = next(i for i in SB_QUIET.get(step, ids) if i in ids) if any(i in ids for i in SB_QUIET.get(step, ()))\
            else ids[0]
        return Event("choose", pick)
    weights = [SB_WEIGHTS.get(i, 0.15 if step == "whap_menu" else 1.0) for i in ids]
    return Event("choose", rng.choices(ids, weights)[0])


def slargeball(turns: int) -> None:
    m = Match.new("slargeball", {"teams": SB_TEAMS, "squads": 2}, seed=1)
    per_turn = _count(m, lambda: m.state.turn, lambda: sb_answer(m, None), first_only=True)
    print(f"slargeball quiet 2-squad turn: {per_turn[0][0]} keys in {per_turn[0][1]} inputs (turn 1)")
    # a busier turn: one whap that lands, the rest nobody; one figure tries a groundball; the victim stays down
    m = Match.new("slargeball", {"teams": SB_TEAMS, "squads": 2}, seed=1)
    script = [roll(6, 1), "MOVE", "WHAP", choose("A.DG1"), choose("B.T1"), roll(2), "NOBODY",
              pick("A.N1"), roll(5), pick(), roll(6)]
    keys = inputs = 0
    for item in script:
        p = m.prompt()
        if item == "MOVE":
            item = choose("rest" if "rest" in [o.id for o in p.options] else "done")
            while m.state.phase == "move" and item.value == "done":
                keys += keys_for(p, item); inputs += 1; m.submit(item); p = m.prompt()
            if m.state.phase != "move":
                continue
        elif item == "WHAP":
            continue
        elif item == "NOBODY":
            ids = [o.id for o in p.options]
            if "nobody" in ids:
                item = choose("nobody")
            else:
                while m.state.phase == "whap":
                    item = choose("next"); keys += keys_for(p, item); inputs += 1; m.submit(item); p = m.prompt()
                continue
        keys += keys_for(p, item)
        inputs += 1
        m.submit(item)
    assert m.state.turn == 2, (m.state.turn, m.state.step)
    print(f"slargeball scripted 2-squad turn (a whap, a nab try, a wake roll): {keys} keys in {inputs} inputs")
    rows = []
    for seed in range(40):
        m = Match.new("slargeball", {"teams": SB_TEAMS, "squads": 2}, seed=seed)
        rng = random.Random(seed)
        rows += _count(m, lambda: m.state.turn, lambda: sb_answer(m, rng))
        if len(rows) >= turns:
            break
    _report("slargeball random table turns (2 squads)", rows[:turns])


# ---- Ballmonsters ----

BM_WEIGHTS = {"hit": 6.0, "edge_gone": 0.02, "none": 0.1, "no_room": 0.1, "portal": 3.0, "miss": 1.0}


def bm_answer(m: Match, rng: random.Random) -> Event:
    p = m.prompt()
    if isinstance(p, Roll):
        return Event("roll", [rng.randint(1, d.sides) for d in p.dice], "physical")
    if isinstance(p, Confirm):
        return Event("confirm")
    if isinstance(p, Number):
        return Event("number", rng.randint(p.min, p.max))
    if isinstance(p, Pick):
        return Event("pick", [])
    ids = [o.id for o in p.options]
    weights = [BM_WEIGHTS.get(i, 6.0 / max(1, len(ids) - 2) if i.startswith("hit") else 1.0) for i in ids]
    return Event("choose", rng.choices(ids, weights)[0])


def ballmonsters(turns: int) -> None:
    from refbox.games.ballmonsters.rules import default_setup

    # a typical shot: an enemy target, a bite, a split, both balls come to rest (then the portal die)
    m = Match.new("ballmonsters", default_setup(), seed=1)
    m.submit(Event("confirm"))
    keys = inputs = 0
    plan = [choose("B2"), number(3), "HIT", choose("bitey_bitey"), number(2), roll(3, 4), "SPLIT", "REST"]
    for item in plan:
        p = m.prompt()
        ids = [o.id for o in getattr(p, "options", ())]
        if item == "HIT":
            if "hit" in ids:
                for e in (choose("hit"), number(5)):
                    keys += keys_for(m.prompt(), e); inputs += 1; m.submit(e)
                continue
            item = choose("hit0")
        elif item == "SPLIT":
            if m.state.step == "vector":
                keys += keys_for(p, choose("A")); inputs += 1; m.submit(choose("A")); p = m.prompt()
            if m.state.step != "split":
                continue
            item = number(2)
        elif item == "REST":
            while m.state.step == "move":
                p = m.prompt()
                e = choose("rest_all" if "rest_all" in [o.id for o in p.options] else "stop")
                keys += keys_for(p, e); inputs += 1; m.submit(e)
            continue
        keys += keys_for(p, item)
        inputs += 1
        m.submit(item)
    shot = keys
    p = m.prompt()
    keys += keys_for(p, roll(8)); inputs += 1; m.submit(roll(8))
    print(f"ballmonsters scripted shot (target, momentum, hit, facing, commit, bite, split, rest): {shot} keys; "
          f"with the portal die {keys} keys in {inputs} inputs")

    rows = []
    for seed in range(60):
        m = Match.new("ballmonsters", default_setup(), seed=seed)
        m.submit(Event("confirm"))  # placement
        rng = random.Random(seed)
        rows += _count(m, lambda: m.state.turn, lambda: bm_answer(m, rng))
        if len(rows) >= turns:
            break
    _report("ballmonsters random shots (a shot and its end of turn)", rows[:turns])


def _count(m: Match, turn_of, answer, first_only: bool = False) -> list[tuple[int, int]]:
    rows, keys, inputs, turn = [], 0, 0, turn_of()
    for _ in range(20000):
        p = m.prompt()
        if isinstance(p, GameOver):
            break
        event = answer()
        keys += keys_for(p, event)
        inputs += 1
        m.submit(event)
        if turn_of() != turn:
            rows.append((keys, inputs))
            keys, inputs, turn = 0, 0, turn_of()
            if first_only:
                break
    return rows


def _report(what: str, rows: list[tuple[int, int]]) -> None:
    keys = sorted(k for k, _ in rows)
    inputs = sorted(i for _, i in rows)
    p90 = keys[int(len(keys) * 0.9)]
    print(f"{what}: {len(rows)} turns; keys/turn median {statistics.median(keys)}, p90 {p90}, max {keys[-1]}, "
          f"mean {statistics.mean(keys):.1f}; inputs/turn median {statistics.median(inputs)}, "
          f"mean {statistics.mean(inputs):.1f}")


if __name__ == "__main__":
    which = sys.argv[1] if len(sys.argv) > 1 else "both"
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 400
    if which in ("slargeball", "both"):
        slargeball(n)
    if which in ("ballmonsters", "both"):
        ballmonsters(n)
