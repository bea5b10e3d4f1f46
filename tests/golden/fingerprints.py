"""Digests of seeded games of every ruleset: the same seeds must play the same games after a refactor.

Three kinds, each a digest of every input (and, for matches, of every log line and the final headline):
- ``headless``: random play as ``refbox sim`` plays it (legal answers, the rules' random weights);
- ``coach``: a greedy coach (fixed budget, no clock) against random play, on the rulesets with a board;
- ``match``: a journaled Match answered at random from its prompts (the app's default setup).
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
    from refbox.engine.play import Game, random_event
    from refbox.simulate import loaded, sim_setup

    entry = registry.lookup(ruleset)
    rules, data = loaded(entry)
    game = Game.start(rules, data, sim_setup(entry))
    rng = random.Random(seed)
    weights = getattr(rules, "RANDOM_WEIGHTS", None)
    legal_fn = getattr(rules, "legal", None)
    events = []
    known = None
    for _ in range(limit):
        legal = known or legal_fn(game.state, data)
        if legal.kind == "over":
            break
        if decide is None or legal.kind == "roll":
            event = random_event(legal, rng, weights)
        else:
            event = decide(game, legal)
        events.append(_event(event))
        known = game.rules.apply(game.state, data, event)
    return {"inputs": len(events), "events": _digest(events), "outcome": list(game.outcome())}


def coached(ruleset: str, seed: int) -> dict:
    from refbox.engine.coach import deciders, make
    from refbox.engine import registry
    from refbox.simulate import loaded

    rules, _ = loaded(registry.lookup(ruleset))
    coaches = {0: make("greedy", 0, seed=seed, iterations=1), 1: make("random", 1, seed=seed)}
    decide = deciders(coaches, random.Random(f"sim:{seed}"), getattr(rules, "RANDOM_WEIGHTS", None))
    return headless(ruleset, seed, decide, COACH_INPUTS)


def match(ruleset: str, seed: int) -> dict:
    from every_ruleset import default_setup
    from refbox.engine.match import Match
    from refbox.engine.prompts import GameOver
    from refbox.engine.sim import random_answer

    m = Match.new(ruleset, default_setup(ruleset), seed=seed)
    rng = random.Random(seed)
    for _ in range(MATCH_INPUTS):
        if isinstance(m.prompt(), GameOver):
            break
        m.submit(random_answer(m.prompt(), rng))
    return {"inputs": len(m.events), "events": _digest(_event(e) for e in m.events),
            "log": _digest([line.stamp, line.text, line.actor] for line in m.state.log),
            "headline": m.view().headline}


def fingerprints() -> dict:
    out: dict = {}
    for r in RULESETS:
        out[r] = {"headless": {str(s): headless(r, s) for s in HEADLESS_SEEDS},
                  "match": {str(s): match(r, s) for s in MATCH_SEEDS}}
        if r in COACHED:
            out[r]["coach"] = {"5": coached(r, 5)}
    return out
