"""Digests of seeded games of every ruleset: the same seeds must play the same games after a refactor.

Three kinds, each a digest of every input (and, for matches, of every log line and the final headline):
- ``headless``: random play as ``refbox sim`` plays it (legal answers, the rules' random weights);
- ``coach``: a greedy coach (fixed budget, no clock) against random play, on the rulesets with a board;
- ``match``: a journaled Match answered at random from its prompts, for each setup a new match can have (the
  setup screen's choices: the on-screen board, or the table) and for the older flows that saved journals still
  use (``old``: their questions with one answer asked, as before; their journals are kept in tests/golden/ so
  that a change to how old journals load can be checked against them).
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

GOLDEN = Path(__file__).with_name("fingerprints.json")

RULESETS = ("slargeball", "rulerball", "monster-ball", "ballmonsters", "battleball")
HEADLESS_SEEDS = (1, 2, 3)
MATCH_SEEDS = (11, 12)
MATCH_INPUTS = 1500
COACH_INPUTS = 120
COACHED = ("monster-ball", "battleball")


def _digest(items) -> str:
    h = hashlib.sha256()
    for item in items:
        h.update(json.dumps(item, sort_keys=True, separators=(",", ":")).encode())
        h.update(b"\n")
    return h.hexdigest()[:16]


def _event(e) -> list:
    return [e.kind, e.value]


def headless(ruleset: str, seed: int, decide=None, limit: int = 100_000) -> dict:
    from refbox.engine import registry
    from refbox.engine.play import Game
    from refbox.commands.sim import loaded, sim_setup

    entry = registry.lookup(ruleset)
    rules = loaded(entry)
    at_table = "table" if ruleset in ("slargeball", "ballmonsters") else None  # stored: the table's (sim: the board)
    game = Game.start(rules, sim_setup(entry, at_table))
    rng = random.Random(seed)
    events = []
    known = None
    for _ in range(limit):
        legal = known or rules.legal(game.state)
        if legal.kind == "over":
            break
        if decide is None or legal.kind == "roll":
            event = rules.drawer.draw(legal, rng)
        else:
            event = decide(game, legal)
        events.append(_event(event))
        known = rules.apply(game.state, event)
    return {"inputs": len(events), "events": _digest(events), "outcome": list(game.outcome())}


def coached(ruleset: str, seed: int) -> dict:
    from refbox.engine import registry
    from refbox.engine.coach import deciders, make
    from refbox.commands.sim import loaded

    rules = loaded(registry.lookup(ruleset))
    coaches = {0: make("greedy", 0, seed=seed, iterations=1), 1: make("random", 1, seed=seed)}
    decide = deciders(coaches, random.Random(f"sim:{seed}"), rules.drawer)
    return headless(ruleset, seed, decide, COACH_INPUTS)


UPGRADED = {"battleball": ("old",), "monster-ball": ("old", "table"), "rulerball": ("old",)}
"""Kinds whose flow only an older rules version played: their journals, kept in tests/golden/ (``old_journal``,
saved by the rules that played them), are upgraded at load and must end where the stored digest's match ended.
(Monster Ball's "table" kind: the table without its one-key selections, which today's rules always ask.)"""


def setups(ruleset: str) -> dict[str, dict]:
    """Each kind of setup a match of ``ruleset`` can have, by name (the upgraded kinds: as their journals hold)."""
    from every_ruleset import default_setup

    base = default_setup(ruleset)
    if ruleset in ("battleball", "monster-ball"):
        out = {"screen": {**base, "board": "screen"}, "table": {**base, "board": "table"}}
    else:
        out = {"new": base}
    for kind in UPGRADED.get(ruleset, ()):
        out.setdefault(kind, {})
    return out


def old_journal(ruleset: str, seed: int, kind: str = "old") -> Path:
    return GOLDEN.with_name(f"{ruleset}-{kind}-{seed}.jsonl")


def match(ruleset: str, seed: int, kind: str, save: bool = False) -> dict:
    from refbox.engine.match import Match
    from refbox.engine.prompts import GameOver
    from refbox.engine.random_play import random_answer

    path = old_journal(ruleset, seed) if save else None
    if path is not None:
        path.unlink(missing_ok=True)
    m = Match.new(ruleset, setups(ruleset)[kind], seed=seed, path=path)
    rng = random.Random(seed)
    for _ in range(MATCH_INPUTS):
        if isinstance(m.prompt(), GameOver):
            break
        m.submit(random_answer(m.prompt(), rng))
    m.close()
    return {"inputs": len(m.events), "events": _digest(_event(e) for e in m.events),
            "log": _digest([line.stamp, line.text, line.actor] for line in m.state.log),
            "headline": m.view().headline}


def fingerprints() -> dict:
    out: dict = {}
    kept = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
    for r in RULESETS:
        out[r] = {"headless": {str(s): headless(r, s) for s in HEADLESS_SEEDS},
                  "match": {kind: kept[r]["match"][kind] if kind in UPGRADED.get(r, ()) else  # today's rules cannot play them
                            {str(s): match(r, s, kind, save=kind == "old") for s in MATCH_SEEDS}
                            for kind in setups(r)}}
        if r in COACHED:
            out[r]["coach"] = {"5": coached(r, 5)}
    return out
