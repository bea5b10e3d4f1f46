"""The same seeds play the same games: random play, a greedy coach and journaled matches of every ruleset give
the digests stored in tests/golden/fingerprints.json (made by tests/golden/make_fingerprints.py). A refactor
leaves them as they are; a change to the rules rewrites the file in the same commit, saying why."""

from __future__ import annotations

import json
import shutil

import pytest

from golden.fingerprints import (COACHED, GOLDEN, HEADLESS_SEEDS, MATCH_SEEDS, RULESETS, UPGRADED, coached, headless,
                                 match, old_journal, setups)
from refbox.engine.match import Match

STORED = json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("seed", HEADLESS_SEEDS)
def test_random_play_plays_the_stored_game(ruleset, seed):
    assert headless(ruleset, seed) == STORED[ruleset]["headless"][str(seed)]


@pytest.mark.parametrize("ruleset,kind", [(r, k) for r in RULESETS for k in setups(r) if k not in UPGRADED.get(r, ())])
@pytest.mark.parametrize("seed", MATCH_SEEDS)
def test_a_journaled_match_plays_and_logs_the_stored_game(ruleset, kind, seed):
    assert match(ruleset, seed, kind) == STORED[ruleset]["match"][kind][str(seed)]


@pytest.mark.parametrize("ruleset,kind", [(r, k) for r, kinds in UPGRADED.items() for k in kinds])
@pytest.mark.parametrize("seed", MATCH_SEEDS)
def test_a_journal_of_an_older_flow_upgrades_and_ends_as_the_stored_game(tmp_path, ruleset, kind, seed):
    journal = old_journal(ruleset, seed, kind)
    for path in (journal, journal.with_suffix("").with_suffix(".meta.json")):
        shutil.copy(path, tmp_path / path.name)
    m, message = Match.load(tmp_path / journal.name)
    assert "older refbox" in message
    assert m.view().headline == STORED[ruleset]["match"][kind][str(seed)]["headline"]
    m.close()


@pytest.mark.parametrize("ruleset", COACHED)
def test_a_greedy_coach_makes_the_stored_decisions(ruleset):
    assert coached(ruleset, 5) == STORED[ruleset]["coach"]["5"]
