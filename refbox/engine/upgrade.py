"""Journals saved by older versions of a ruleset: their inputs, upgraded to what today's rules take.

A journal's header names the ``rules_version`` its inputs were written for. When a ruleset's ``version`` is
newer, reading the journal upgrades its setup and ruleset numbers (``Rules.upgrade_setup``, raw JSON) and its
inputs (``Rules.upgrade_events``). A match resumed from such a journal rewrites it in today's form (the original
is kept beside it); a replay, a report or a spectator upgrades it in memory and writes nothing.

The usual change is a question no longer asked because its answer is forced: the old journal holds an answer
that today's rules take by themselves. ``drop_forced_answers`` replays the old inputs on today's rules and drops
each one that repeats an answer the rules have just taken without asking.
"""

from __future__ import annotations

from typing import Any

from refbox.engine.errors import JournalError
from refbox.engine.prompts import Event


def drop_forced_answers(rules: Any, setup: Any, events: list[Event]) -> list[Event]:
    """``events`` (an older journal's inputs, each answering every question asked then) without the answers
    today's rules take themselves. Raises JournalError when the two do not line up."""
    steps, data = rules.steps, rules.data
    state = rules.start(setup)
    taken: list[Event] = []
    steps.settle(state, data, taken)
    kept: list[Event] = []
    for n, event in enumerate(events, start=1):
        if taken:
            if _same(taken[0], event):
                taken.pop(0)
                continue
            raise JournalError(f"input {n} of the older journal does not answer the question today's rules "
                               f"settled by themselves ({taken[0].value!r}); it cannot be upgraded")
        if state.step not in steps.table:
            raise JournalError(f"input {n} of the older journal answers a step today's rules do not have")
        steps.apply(state, data, event, taken)
        kept.append(event)
    return kept


def _same(a: Event, b: Event) -> bool:
    return a.kind == b.kind and a.value == b.value


def upgraded(rules_class: Any, header: Any, events: list[Event]) -> tuple[Any, list[Event]]:
    """The header and inputs of a journal as today's rules read them (unchanged when already current). Raises
    JournalError when an older journal cannot be upgraded."""
    old, now = header.rules_version, rules_class.version
    if old == now:
        return header, events
    if old > now:
        raise JournalError(f"it was saved by a newer refbox (rules version {old}; this one knows {now})")
    try:
        setup, data = rules_class.upgrade_setup(old, dict(header.setup), dict(header.data))
        rules = rules_class(rules_class.Data.model_validate(data))
        setup_model = rules_class.Setup.model_validate(setup)
        events = rules.upgrade_events(old, setup_model, events)
    except JournalError:
        raise
    except Exception as e:  # an old journal that today's models or rules refuse: say so, change nothing
        raise JournalError(f"it was saved by an older refbox and cannot be upgraded ({type(e).__name__}: {e})") from None
    new = header.model_copy(update={"setup": setup_model.model_dump(mode="json"), "data": data,
                                    "rules_version": now})
    return new, events
