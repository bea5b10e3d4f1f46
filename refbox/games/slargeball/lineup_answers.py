"""Line-up answers nobody types (steps_lineup): random play mostly takes refbox's line-up as it stands, and a
field journal of rules version 2 (which never asked) gets the "ready" answers its flow implied."""

from __future__ import annotations

import random
from typing import Any

from refbox.engine.errors import JournalError, RefboxError
from refbox.engine.play import Drawer
from refbox.engine.prompts import Event, Legal, check
from refbox.engine.state import UNLOGGED

READY = "ready"
"""The line-up question's first answer (steps_lineup.lineup_legal): no other question begins with it."""

BREAK = "ask_break"
"""The field's Move question's last answer (steps_field.field_move_legal): asking the other coach to break play."""

READY_ODDS = 0.9
"""How often random play takes a line-up as it stands: it still moves a figure now and then (every answer gets
drawn), and a seeded random match is not spent shuffling figures behind the line."""


class LineupDrawer(Drawer):
    """Random answers for Slargeball!: every answer as the engine's drawer draws it with no weights (so seeded
    games at the table draw exactly what they drew before the line-ups), except the line-up question, answered
    "ready" ``READY_ODDS`` of the time, else by one of its figures at random, and the field's Move question, where
    random play never asks to break play."""

    __slots__ = ()

    def draw(self, legal: Legal, rng: random.Random) -> Event:
        ids = legal.ids
        if legal.kind == "choose" and type(ids) is tuple and ids and ids[0] == READY:
            if len(ids) == 1 or rng.random() < READY_ODDS:
                return self._choose(READY)
            return self._choose(ids[1 + rng._randbelow(len(ids) - 1)])  # what rng.randrange draws
        if legal.kind == "choose" and type(ids) is tuple and ids and ids[-1] == BREAK:
            ids = ids[:-1]  # nobody asks to break play at random (drawn as before the answer was offered)
            return self._choose(ids[rng._randbelow(len(ids))])
        return super().draw(legal, rng)


def lineups_taken(rules: Any, setup: Any, events: list[Event]) -> list[Event]:
    """``events`` of a version 2 field journal with "ready" before every input that came while a line-up is
    asked today (and after the last, when the match stopped there): version 2 lined up by refbox's default.
    Raises JournalError when an input does not answer legally."""
    state = rules.begin(setup)
    state.log = UNLOGGED
    ready = Event("choose", READY)
    out: list[Event] = []
    try:
        for n, event in enumerate([*events, None], start=1):
            while state.step == "lineup":
                rules.apply(state, ready)
                out.append(ready)
            if event is None:
                break
            check(rules.legal(state), event)
            rules.apply(state, event)
            out.append(event)
    except RefboxError as e:
        raise JournalError(f"input {n} of the older journal does not replay on today's rules ({e})") from None
    return out
