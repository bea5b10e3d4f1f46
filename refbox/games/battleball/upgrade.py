"""Journals saved by version 1 of Battleball's rules, as today's rules take their inputs (refbox.engine.upgrade).

Version 1 set up a match with three flags that kept older journals replaying: ``skip_forced`` (answers with
no alternative not asked), ``fewer_keys`` (at the table, a Heavy Tackle's move keeps the higher die and a
Heavy Tackle's tackle die is taken when both give the same result, without asking; "next to an opponent?"
folded into the after-move choice) and ``fold_confirms`` (at the table, the line-up, halt and restart
instructions logged instead of confirmed with Enter); a setup without ``board`` was played at the table.
Today every match plays as those flags on, so an older journal's inputs are translated:

- every Enter (line-up, touchdown, halt, restart) is dropped: nothing is confirmed any more;
- "next to an opponent?" yes becomes the after-move choice "tackle"; no becomes "end" where the turn then
  passed, and is dropped where the after-move choice came next (its answer follows);
- a Heavy Tackle's die choices no longer asked (his move; a tackle die that changes nothing) are dropped;
- answers with no alternative are dropped where the journal holds them.

Which flags a journal was played with is read from its inputs, not its setup: today's setup model has no
such fields, and the engine hands ``upgrade_events`` that model, not the journal's own setup. The forced
answers are the one thing the inputs do not always tell apart (a journal that ends on one), so both
readings are tried, the one without them first (every journal since refbox kept the board).
"""

from __future__ import annotations

from typing import Any

from refbox.engine.errors import JournalError, RefboxError
from refbox.engine.prompts import Event, check
from refbox.engine.state import UNLOGGED

FLAGS = ("skip_forced", "fewer_keys", "fold_confirms")


def setup_from_version_1(setup: dict, data: dict) -> tuple[dict, dict]:
    """A version-1 setup without its flags; without a board it was played at the table (the old default)."""
    setup = {k: v for k, v in setup.items() if k not in FLAGS}
    setup.setdefault("board", "table")
    return setup, data


def events_from_version_1(rules: Any, setup: Any, events: list[Event]) -> list[Event]:
    """A version-1 journal's inputs as today's rules take them (raises JournalError if they do not fit)."""
    problems = []
    for asked_forced in (False, True):
        try:
            return _translated(rules, setup, events, asked_forced)
        except RefboxError as e:
            problems.append(str(e))
    raise JournalError(f"its inputs do not fit today's rules ({'; '.join(dict.fromkeys(problems))})")


def _translated(rules: Any, setup: Any, events: list[Event], asked_forced: bool) -> list[Event]:
    steps, data = rules.steps, rules.data
    state = rules.start(setup)
    state.log = UNLOGGED
    taken: list[Event] = []
    steps.settle(state, data, taken)
    kept: list[Event] = []
    move_die = False
    """At the table: a Heavy Tackle's move with two different dice was followed by "which die?"."""
    tackle_dice = 0
    """At the table: the Heavy Tackle die questions asked after the last tackle roll, still to come."""
    for n, event in enumerate(events, start=1):
        if event.kind == "confirm":
            continue
        if move_die:
            move_die = False
            if _a_face(event):
                continue
        if tackle_dice:
            tackle_dice -= 1
            if state.step != "tackle-die" and _a_face(event):
                continue
        if taken:
            if asked_forced:
                if event.kind == taken[0].kind and event.value == taken[0].value:
                    taken.pop(0)
                    continue
                raise JournalError(f"input {n} does not repeat the answer taken without asking")
            taken.clear()
        if state.step == "action" and not state.board and event.kind == "choose" and event.value in ("yes", "no"):
            if event.value == "yes":
                event = Event("choose", "tackle")
            elif _ball_to_move(state):
                continue  # the after-move choice was asked next: its answer follows
            else:
                event = Event("choose", "end")
        step = state.step
        try:
            check(steps.legal(state, data), event)
        except RefboxError as e:
            raise JournalError(f"input {n} ({event.value!r} at {step}): {e}") from None
        if not state.board and event.kind == "roll":
            faces: list[int] = event.value  # type: ignore[assignment]
            if step == "move-roll":
                move_die = len(faces) == 2 and faces[0] != faces[1]
            elif step == "tackle-roll":  # each Heavy Tackle whose two dice differ picked one
                k = len(data.dice[state.turn.tackler])
                tackle_dice = sum(len(g) == 2 and g[0] != g[1] for g in (faces[:k], faces[k:]))
        steps.apply(state, data, event, taken)
        kept.append(event)
    if taken and asked_forced:
        taken.clear()  # the journal ends before the answers today's rules took themselves: nothing is lost
    return kept


def _a_face(event: Event) -> bool:
    return event.kind == "choose" and isinstance(event.value, str) and event.value.isdigit()


def _ball_to_move(state: Any) -> bool:
    """Whether the side to move holds the ball with a team-mate on the field (a hand-off or pass to offer)."""
    c = state.carrier
    return c is not None and c.team == state.side and len(state.on_field(state.side)) > 1
