"""Keys a referee presses at the table (physical board, typed dice): Battleball per turn, Monster Ball per play.

    python bench/table_keys_bb_mb.py [battleball|monster-ball|both] [TURNS]

Drives the engine (no screen) and counts each input's keys with the screen's own key rules
(bench/table_keys_sb_bm.py keys_for: an option's key, a selection's toggles and Enter, typed faces, a
number taken without Enter once complete, a confirm's Enter). A question the rules answer themselves
costs nothing. Each ruleset is measured in the flows a match can have: as saved before issue 14's first
pass (every question asked), the first pass (forced questions skipped), the table audit, and the line-up,
halt and restart instructions logged instead of confirmed (Setup.fold_confirms). Battleball is also counted per
whole random match, where the folded instructions show (they come once a half, not once a turn).

- Battleball: a scripted quiet turn (the carrier moves and keeps the ball, nobody next to an opponent)
  and weighted random table turns (mostly quiet moves, sometimes a tackle, a hand-off, a pass).
- Monster Ball: a scripted run play (hike, both sides move, a single tackle on the carrier, the spot)
  and weighted random plays (between-plays menu to the next).
"""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from table_keys_sb_bm import keys_for  # noqa: E402

from refbox.engine.match import Match  # noqa: E402
from refbox.engine.play import random_event  # noqa: E402
from refbox.engine.prompts import Event, GameOver  # noqa: E402

BB_FLOWS = {
    "every question (saved before)": {"board": "table"},
    "forced skipped (skip_forced)": {"board": "table", "skip_forced": True},
    "table audit (fewer_keys)": {"board": "table", "skip_forced": True, "fewer_keys": True},
    "instructions logged (fold_confirms)": {"board": "table", "skip_forced": True, "fewer_keys": True,
                                            "fold_confirms": True},
}
MB_FLOWS = {
    "every question (saved before)": {"board": "table"},
    "forced skipped (fewer_keys)": {"board": "table", "fewer_keys": True},
    "table audit (table_keys)": {"board": "table", "fewer_keys": True, "table_keys": True},
}

BB_WEIGHTS = {"halt": 0.01, "left": 4.0, "pickup": 1.0, "pickup-td": 0.05, "kept": 4.0, "td": 0.3, "yes": 0.3,
              "no": 1.0, "end": 3.0, "hand-off": 0.4, "pass": 0.4, "tackle": 1.2, "loose": 4.0, "give-mine": 0.2,
              "give-theirs": 0.2, "intercept": 1.0, "recover": 0.2}


def bb_random(setup: dict, turns: int) -> list[tuple[int, int]]:
    rows = []
    for seed in range(200):
        try:
            m = Match.new("battleball", setup, seed=seed)
        except Exception:
            return []
        rng = random.Random(seed)
        keys = inputs = 0
        turn = (m.state.half, m.state.turn_no)
        for _ in range(3000):
            p = m.prompt()
            if isinstance(p, GameOver):
                break
            legal = m.legal()
            if legal.kind == "number":
                event = Event("number", rng.randint(1, 12))
            else:
                event = random_event(legal, rng, BB_WEIGHTS)
            k = keys_for(p, event)
            m.submit(event)
            keys, inputs = keys + k, inputs + 1
            now = (m.state.half, m.state.turn_no)
            if now != turn:
                if turn[1] > 0:
                    rows.append((keys, inputs))
                keys = inputs = 0
                turn = now
        if len(rows) >= turns:
            break
    return rows[:turns]


def bb_matches(setup: dict, count: int) -> list[tuple[int, int, int]]:
    """Whole random table matches: (keys, inputs, Enter-only confirms) per match."""
    rows = []
    for seed in range(count):
        try:
            m = Match.new("battleball", setup, seed=seed)
        except Exception:
            return []
        rng = random.Random(seed)
        keys = inputs = confirms = 0
        for _ in range(20000):
            p = m.prompt()
            if isinstance(p, GameOver):
                break
            legal = m.legal()
            event = Event("number", rng.randint(1, 12)) if legal.kind == "number" else random_event(legal, rng, BB_WEIGHTS)
            keys += keys_for(p, event)
            inputs += 1
            confirms += legal.kind == "confirm"
            m.submit(event)
        rows.append((keys, inputs, confirms))
    return rows


def bb_quiet(setup: dict) -> tuple[int, int] | None:
    """Kick-off, roll-off, then one turn: the Wolves' RB1 picks up the ball (turn 1, not counted), then on
    turn 3 he moves again, keeps the ball, nobody next to an opponent: the turn passes."""
    try:
        m = Match.new("battleball", setup, seed=1)
    except Exception:
        return None
    script = {"lineup": Event("confirm"), "roll-off": Event("roll", [6, 1], "physical")}  # (no line-up if folded)
    while m.state.turn_no == 0:
        m.submit(script.get(m.state.step, Event("confirm")))

    def turn(ball: str) -> tuple[int, int]:
        keys = inputs = 0
        start = m.state.turn_no
        answers = {"select": "RB1", "move-die": "6", "ball": ball, "adjacent": "no", "action": "end"}
        while m.state.turn_no == start:
            p, step = m.prompt(), m.state.step
            if step == "move-roll":
                event = Event("roll", [7] * len(p.dice), "physical")
            elif step == "select" and m.state.side == 1:
                answers = {**answers, "select": "RB1", "ball": "left"}
                event = Event("choose", "RB1")
            else:
                event = Event("choose", answers[step] if step != "ball" or m.state.side == 0 else "left")
            keys += keys_for(p, event)
            inputs += 1
            m.submit(event)
        return keys, inputs

    turn("pickup")
    turn("left")
    return turn("kept")


MB_WEIGHTS = None


def mb_random(setup: dict, plays: int) -> list[tuple[int, int]]:
    from refbox.games.monster_ball import rules

    rows = []
    for seed in range(1, 60):
        try:
            m = Match.new("monster-ball", setup, seed=seed)
        except Exception:
            return []
        rng = random.Random(seed)
        keys = inputs = 0
        counting = False
        for _ in range(4000):
            legal = m.legal()
            if legal.kind == "over":
                break
            if m.state.step == "between":
                if counting and inputs:
                    rows.append((keys, inputs))
                keys = inputs = 0
                counting = True
            event = random_event(legal, rng, rules.RANDOM_WEIGHTS)
            keys += keys_for(m.prompt(), event)
            inputs += 1
            m.submit(event)
        if len(rows) >= plays:
            break
    return rows[:plays]


def mb_run_play(setup: dict) -> tuple[int, int] | None:
    """From the first between-plays menu: hike, Law (with the ball) moves and is done, Chaos tackles the
    carrier with one player, the carrier blocks, the tackle lands, the ball is spotted 3 squares on."""
    try:
        m = Match.new("monster-ball", setup, seed=1)
    except Exception:
        return None
    rng = random.Random(1)
    from refbox.games.monster_ball import rules

    for _ in range(2000):  # the kick-off, played as headless play plays it, to the first between-plays menu
        if m.state.step == "between":
            break
        m.submit(random_event(m.legal(), rng, rules.RANDOM_WEIGHTS))
    keys = inputs = 0
    tackled = False
    for _ in range(60):
        p, step, s = m.prompt(), m.state.step, m.state
        ids = [o.id for o in getattr(p, "options", ())]
        if step == "between":
            if inputs:
                break
            event = Event("choose", "hike")
        elif step == "hike_roll":
            event = Event("roll", [d.sides for d in p.dice], "physical")
        elif step == "move":
            if s.mover != s.possession and not tackled and "tackle" in ids:
                event, tackled = Event("choose", "tackle"), True
            else:
                event = Event("choose", "done")
        elif step == "tackle_target":
            event = Event("choose", s.carrier)
        elif step in ("tackle_tacklers",) and p.__class__.__name__ == "Pick":
            event = Event("pick", [ids[0]])
        elif step == "tackle_tacklers":  # a one-key choice in the table audit
            event = Event("choose", ids[0])
        elif step == "tackle_cheats":
            event = Event("choose", "fair") if "fair" in ids else Event("pick", [])
        elif step == "defence_style":
            event = Event("choose", "block")
        elif step == "tackle_roll":
            event = Event("roll", [p.dice[0].sides] + [2] * (len(p.dice) - 1), "physical")
        elif step == "spot":
            event = Event("number", max(min(3, p.max), p.min))
        else:
            raise SystemExit(f"unscripted step {step}")
        keys += keys_for(p, event)
        inputs += 1
        m.submit(event)
    return keys, inputs


def _report(what: str, rows: list[tuple[int, int]]) -> None:
    if not rows:
        print(f"  {what}: (flow not available in this version)")
        return
    keys = sorted(k for k, _ in rows)
    print(f"  {what}: {len(rows)} samples; keys median {statistics.median(keys)}, mean {statistics.mean(keys):.2f}, "
          f"p90 {keys[int(len(keys) * 0.9)]}; inputs mean {statistics.mean(i for _, i in rows):.2f}")


def _scripted(flows: dict, play, what: str) -> None:
    """Keys and inputs of one scripted sequence under each flow."""
    for name, setup in flows.items():
        q = play(setup)
        print(f"  {name}: {what} {q[0] if q else '-'} keys in {q[1] if q else '-'} inputs")


def main() -> None:
    which = sys.argv[1] if len(sys.argv) > 1 else "both"
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 600
    if which in ("battleball", "both"):
        print("Battleball at the table, keys per turn")
        _scripted(BB_FLOWS, bb_quiet, "scripted carrier's quiet turn")
        for name, setup in BB_FLOWS.items():
            _report(f"{name}, random table turns", bb_random(setup, n))
        print("Battleball at the table, keys per whole random match (40 matches)")
        for name, setup in BB_FLOWS.items():
            rows = bb_matches(setup, 40)
            if rows:
                print(f"  {name}: keys mean {statistics.mean(r[0] for r in rows):.1f}, inputs mean "
                      f"{statistics.mean(r[1] for r in rows):.1f}, Enter-only confirms mean "
                      f"{statistics.mean(r[2] for r in rows):.2f}")
    if which in ("monster-ball", "both"):
        print("Monster Ball at the table, keys per play")
        _scripted(MB_FLOWS, mb_run_play, "scripted run play with one tackle")
        for name, setup in MB_FLOWS.items():
            _report(f"{name}, random table plays", mb_random(setup, n))


if __name__ == "__main__":
    main()
