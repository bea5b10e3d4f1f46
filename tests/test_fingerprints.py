"""The same seeds play the same games: random play, a greedy coach and journaled matches of every ruleset give
the digests stored in tests/golden/fingerprints.json (made by tests/golden/make_fingerprints.py). A refactor
leaves them as they are; a change to the rules rewrites the file in the same commit, saying why."""

from __future__ import annotations

import json

import pytest

from golden.fingerprints import (COACHED, GOLDEN, HEADLESS_SEEDS, MATCH_SEEDS, RULESETS, UPGRADED, coached, headless,
                                 match, setups, upgraded_old)

STORED = json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("seed", HEADLESS_SEEDS)
def test_random_play_plays_the_stored_game(ruleset, seed):
    assert headless(ruleset, seed) == STORED[ruleset]["headless"][str(seed)]


@pytest.mark.parametrize("ruleset,kind", [(r, k) for r in RULESETS for k in setups(r)])
@pytest.mark.parametrize("seed", MATCH_SEEDS)
def test_a_journaled_match_plays_and_logs_the_stored_game(ruleset, kind, seed):
    assert match(ruleset, seed, kind) == STORED[ruleset]["match"][kind][str(seed)]


@pytest.mark.parametrize("ruleset", COACHED)
def test_a_greedy_coach_makes_the_stored_decisions(ruleset):
    assert coached(ruleset, 5) == STORED[ruleset]["coach"]["5"]


@pytest.mark.parametrize("ruleset", UPGRADED)
@pytest.mark.parametrize("seed", MATCH_SEEDS)
def test_an_older_flows_journal_is_upgraded_and_ends_where_it_ended(ruleset, seed, tmp_path):
    stored = STORED[ruleset]["match"]["old"][str(seed)]
    got = upgraded_old(ruleset, seed, tmp_path)
    assert got["headline"] == stored["headline"] and got["inputs"] <= stored["inputs"]
