"""Journals saved by version 1 of these rules, read as today's rules take them (refbox.engine.upgrade).

Version 1 had table options in the ruleset (``table.quick``, off in matches saved before it existed) and house
rules that a setup could leave to the ruleset (None). Today every match asks what version 1's quick matches
asked, and the setup always holds its house rules. A version 1 journal becomes:

- its setup: each house rule it left open takes the value its ruleset gave (True where the ruleset predates it:
  the old rulings);
- its ruleset: ``table`` dropped; a match that was not quick keeps what it was played with: a hit on the bounce
  partner allowed (``boing.partner_apart`` false) and the new portal's spot always asked (``centre_spots`` 0);
- its inputs: a shot with no ball on the table to aim at is a duff today's rules take unasked (its "none" is
  dropped); and where the match was not quick, a hit and its distance, once two answers, become the one answer
  today's rules take (``hit<inches past STR>``; a hit saved without its distance is asked again) and the vector
  letter, which refbox never used, is dropped.
"""

from __future__ import annotations

import copy
from typing import Any

from refbox.engine.errors import JournalError, RefboxError
from refbox.engine.prompts import Event, check
from refbox.engine.state import UNLOGGED


def v1_setup(setup: dict, data: dict) -> tuple[dict, dict]:
    setup, data = copy.deepcopy(setup), copy.deepcopy(data)
    quick = bool((data.pop("table", None) or {}).get("quick", False))
    ending = data.setdefault("ending", {})
    scoring = data.setdefault("scoring", {})
    ending.setdefault("deflated_miniballs_count", True)
    scoring.setdefault("other_deflations_score", True)
    if setup.get("deflated_miniballs_count") is None:
        setup["deflated_miniballs_count"] = ending["deflated_miniballs_count"]
    if setup.get("other_deflations_score") is None:
        setup["other_deflations_score"] = scoring["other_deflations_score"]
    if not quick:
        data.setdefault("boing", {})["partner_apart"] = False
        data.setdefault("portals", {})["centre_spots"] = 0
    return setup, data


def v1_events(rules: Any, setup: Any, events: list[Event]) -> list[Event]:
    """The inputs of a version 1 journal as today's rules take them, checked one by one on a replay."""
    steps, data = rules.steps, rules.data
    state = rules.start(setup)
    state.log = UNLOGGED
    taken: list[Event] = []  # answers today's rules took without asking (a shot with no ball to aim at)
    steps.settle(state, data, taken)
    vectors = set(data.boing.vectors)
    kept: list[Event] = []
    hit = False  # an old "hit" waiting for its distance
    for n, event in enumerate(events, start=1):
        if taken:
            if (event.kind, event.value) != (taken[0].kind, taken[0].value):
                raise JournalError(f"input {n} of the older journal does not answer the question today's rules "
                                   f"settled by themselves ({taken[0].value!r}); it cannot be upgraded")
            taken.pop(0)
            continue
        legal = rules.legal(state)
        if hit:
            if event.kind != "number":
                raise JournalError(f"input {n} of the older journal should be the distance of the hit before it")
            strength = state.monsterball(state.shooter).strength
            event, hit = Event("choose", f"hit{max(0, event.value - strength)}"), False
        elif state.step == "result" and event.kind == "choose" and event.value == "hit":
            hit = True
            continue
        elif event.kind == "choose" and event.value in vectors and event.value not in legal.ids:
            continue  # the vector letter of a boing: today the table lays the template unasked
        try:
            check(legal, event)
            steps.apply(state, data, event, taken)
        except RefboxError as e:
            raise JournalError(f"input {n} of the older journal does not fit today's rules: {e}") from None
        kept.append(event)
    return kept  # a hit saved without its distance is dropped: the match asks for the shot's result again
