"""Every registered ruleset, as a new match gets it (the setup screen's first values): seeded random answers
through a journaled match play it to the end with every roll's faces in the log, and its journal resumes to the
same state. Each game's own
invariants are checked in its tests/test_<game>_random*.py; legal answers against prompts in
tests/test_engine_legal.py."""

import random

import pytest

from refbox.engine import registry
from refbox.engine.match import Match
from refbox.engine.play import random_event

RULESETS = [e.name for e in registry.BUILTIN]
INPUTS = 20_000
"""More than any of the five games takes to finish from random answers."""


@pytest.mark.parametrize("name", RULESETS)
def test_a_new_match_plays_to_the_end_logs_every_roll_and_resumes_to_the_same_state(tmp_path, name):
    rules = registry.lookup(name).load()
    path = tmp_path / f"{name}.jsonl"
    match = Match.new(name, rules.new_setup(), seed=3, path=path)
    rng = random.Random(3)
    for _ in range(INPUTS):
        legal = match.legal()
        if legal.kind == "over":
            break
        match.submit(random_event(legal, rng, rules.random_weights))
    assert match.legal().kind == "over", f"{name}: not over after {INPUTS} inputs"
    rolled = [face for event in match.events if event.kind == "roll" for face in event.value]
    logged = [face for line in match.state.log for face in line.faces] + list(match.state.rolled)
    assert logged == rolled, "every roll's faces are in the log, in order"
    match.close()
    resumed, message = Match.load(path)
    assert message is None
    assert resumed.state == match.state and resumed.events == match.events
    resumed.close()
