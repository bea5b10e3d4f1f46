"""Journals saved by version 1 of Monster Ball's rules, upgraded to today's inputs (refbox.engine.upgrade).

Version 1 had flags in its setup: without ``fewer_keys`` it asked the questions with one possible answer and
took "does anyone cheat?" (a tackle's, a pass's Wardrobe Malfunction) as a selection; without ``table_keys`` it
took the table's "which of these players?" (who tackles, who stands in the landing grid, who else goes for the
pass, who recovers) as a selection. Today every match asks the short way. An old journal's inputs are replayed
on today's rules, and at each question:

- an answer the rules now take themselves is dropped where the older flow asked for it (``upgrade_events``
  finds which flow the journal played);
- a selection where today's question is one key becomes that key: nobody, the one player, "all" (every
  candidate), or "several" followed by the same selection. Where "all" lists two cheaters in the other order
  than the selection did, their two cheat dice in the roll that follows are swapped with them, so each die
  stays its cheater's.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from refbox.engine.errors import JournalError, RefboxError
from refbox.engine.prompts import Event, Legal, check
from refbox.engine.steps import forced_answer
from refbox.games.monster_ball import passing
from refbox.games.monster_ball.models import State

ONE_KEY = {"tackle_tacklers": None, "kick_catchers": "none", "pass_contest": "none", "recovery_pick": "none"}
"""The table's one-key questions, with the id of their "nobody" answer (None: there is none)."""
CHEATS = {"tackle_cheats": "tackle_roll", "pass_wardrobe": "pass_roll"}
"""The one-key cheat questions, with the roll their cheat dice are rolled in."""


def upgrade_setup(version: int, setup: dict) -> dict:
    """Version 1 setups: matches saved before the on-screen field were table matches; the flags are gone."""
    if version >= 2:
        return setup
    setup = {k: v for k, v in setup.items() if k not in ("fewer_keys", "table_keys")}
    setup.setdefault("board", "table")
    return setup


FLOWS = ((True, True), (True, False), (False, False), (False, True))
"""The flows version 1 could have played, as (fewer_keys, table_keys), likeliest first: the setup screen's, the
table's before its one-key questions, the first version's (and one no screen offered)."""


def upgrade_events(rules: Any, setup: Any, events: list[Event]) -> list[Event]:
    """``events`` of a version-1 journal as today's rules take them. Raises JournalError where they do not fit.

    The journal's flow is not in today's setup (the engine hands over the upgraded one), so each flow version 1
    could have played is tried in turn and the first that every input fits is taken. A wrong flow fits only by a
    string of coincidences (every answer to a question it did not ask also an answer to the question after)."""
    failures = []
    for fewer_keys, table_keys in FLOWS:
        try:
            return _upgraded(rules, setup, events, fewer_keys, table_keys)
        except Misfit as e:
            failures.append(e)
    raise max(failures, key=lambda e: e.fitted)  # the flow that fitted longest says where it went wrong


def _upgraded(rules: Any, setup: Any, events: list[Event], fewer_keys: bool, table_keys: bool) -> list[Event]:
    table, data = rules.steps.table, rules.data
    state = rules.start(setup)
    old, out = deque(events), []
    swap: list = []  # (roll step, where the two cheat dice are) for a cheat answered "all" in another order

    def asked(step: str) -> bool:
        """Whether that flow asked a question today's rules answer themselves."""
        return not fewer_keys or (step in ONE_KEY and not table_keys)

    while True:
        _settle(state, data, table, old, asked, len(events))
        if not old:
            return out
        event = old.popleft()
        n = len(events) - len(old)
        for new in _translated(state, event, table[state.step].legal(state, data), swap):
            if swap and new.kind == "roll" and state.step == swap[0][0]:
                new = _swapped(new, swap.pop(0)[1](state))
            try:
                check(table[state.step].legal(state, data), new)
                table[state.step].apply(state, data, new)
            except RefboxError as e:
                raise Misfit(n, f"it does not fit today's rules ({e})") from None
            out.append(new)


class Misfit(JournalError):
    """An older journal's input that does not fit a flow tried for it."""

    def __init__(self, n: int, why: str) -> None:
        super().__init__(f"input {n} of the older journal cannot be upgraded: {why}")
        self.fitted = n
        """How far the journal fitted that flow (the flows tried are compared by it)."""


def _settle(state: State, data: Any, table: dict, old: deque, asked, total: int) -> None:
    """Today's forced answers, taken; each one the older flow asked must be the journal's next input (dropped)."""
    while True:
        step = table[state.step]
        if not step.forcible:
            return
        legal = step.legal(state, data)
        answer = forced_answer(legal)
        if answer is None:
            return
        if asked(state.step) and old:
            said = _translated(state, old[0], legal, [])
            if len(said) != 1 or said[0].kind != answer.kind or said[0].value != answer.value:
                raise Misfit(total - len(old) + 1, f"it does not answer {state.step!r}, which had one answer")
            old.popleft()
        if step.forced is not None:
            step.forced(state, data, answer)
        step.apply(state, data, answer)


def _translated(state: State, event: Event, legal: Legal, swap: list) -> list[Event]:
    """The inputs today's question takes for an old one's answer (a selection where today asks one key)."""
    step = state.step
    if event.kind != "pick" or legal.kind != "choose":
        return [event]
    picked = list(event.value)  # type: ignore[arg-type]
    if step in ONE_KEY:
        if not picked and ONE_KEY[step] is not None:
            return [Event("choose", ONE_KEY[step])]
        if len(picked) == 1:
            return [Event("choose", picked[0])]
        return [Event("choose", "some"), Event("pick", picked)]
    if step in CHEATS:
        candidates = [i for i in legal.ids if i not in ("fair", "all", "some")]
        if not picked:
            return [Event("choose", "fair")]
        if len(picked) == 1:
            return [Event("choose", picked[0])]
        if sorted(picked) == sorted(candidates) and (picked == candidates or len(candidates) == 2):
            if picked != candidates:
                swap.append((CHEATS[step], _cheat_dice(step)))
            return [Event("choose", "all")]
        return [Event("choose", "some"), Event("pick", picked)]
    return [event]


def _cheat_dice(step: str):
    """Where the cheat dice start among a roll's faces: after the tacklers' dice, or the pass and catch dice."""
    if step == "tackle_cheats":
        return lambda s: len(s.action.tacklers)
    return lambda s: 1 + len(passing.catchers(s))


def _swapped(event: Event, at: int) -> Event:
    faces = list(event.value)  # type: ignore[arg-type]
    faces[at], faces[at + 1] = faces[at + 1], faces[at]
    return Event("roll", faces, event.source)
