"""The table audit (issue 14, Setup.table_keys): "which of these players?" in one key at the table.

Four selections at the table are mostly answered with nobody or a single player: who tackles, who stands in
a kick's landing grid, who else goes for a long pass, who tries to recover a fumble. In a table_keys match
each is first a one-key choice (nobody where nobody is an answer, each player alone, "several"); "several"
asks the old selection next, in the same step. With one possible tackler and no "nobody" the choice is
forced, and refbox takes it (rules.answer_forced logs it). Matches without table_keys ask the selection, as
their journals hold.
"""

from __future__ import annotations

from typing import Callable

from refbox.engine.errors import RuleError
from refbox.engine.prompts import Choose, Event, Legal, Pick
from refbox.games.monster_ball import ask, contest, kicks, passing, tackles
from refbox.games.monster_ball.data import Data
from refbox.games.monster_ball.models import State
from refbox.games.monster_ball.steps import STEPS

Candidates = Callable[[State, Data], list[str]]
Chances = Callable[[State, Data, list[str]], dict[str, float]]


def _tackle_chances(s: State, data: Data, ids: list[str]) -> dict[str, float]:
    """Each lone tackler's chance to put the target down against its better defence die (honest rolls)."""
    assert s.action is not None and s.action.target is not None
    return {pid: tackles.down_chance(s, data, s.action.target, [pid]) for pid in ids}


ONE_KEY: dict[str, tuple[Candidates, str | None, str, Chances | None]] = {
    # step: (candidates, the "nobody" answer's id or None, its label, each lone answer's chance)
    "tackle_tacklers": (lambda s, d: list(s.standing(s.mover)), None, "", _tackle_chances),
    "kick_catchers": (lambda s, d: kicks.catch_candidates(s), "none", "Nobody: the ball is not caught", None),
    "pass_contest": (lambda s, d: passing.contest_candidates(s), "none", "Nobody else: only the receiver", None),
    "recovery_pick": (lambda s, d: contest.recovery_candidates(s), "none", "Nobody: the ball hits the ground", None),
}


def ids_of(cands: list[str], none_id: str | None) -> tuple[str, ...]:
    """Nobody (if an answer), each player alone, and "several" (a selection follows) when two or more could."""
    return (*([none_id] if none_id else []), *cands, *(("some",) if len(cands) >= 2 else ()))


def _wrap(step_name: str) -> None:
    step = STEPS[step_name]
    old_legal, old_prompt, old_apply = step.legal, step.prompt, step.apply
    cands_of, none_id, none_label, chances_of = ONE_KEY[step_name]

    def legal(s: State, data: Data) -> Legal:
        base = old_legal(s, data)  # type: ignore[misc]
        if not s.table_keys:
            return base
        if s.picking:
            return Legal("pick", base.actor, base.ids, min=2, max=base.max)
        return Legal("choose", base.actor, ids_of(cands_of(s, data), none_id))

    def prompt(s: State, data: Data) -> Choose | Pick:
        base = old_prompt(s, data)  # type: ignore[misc]
        if not s.table_keys:
            return base
        if s.picking:
            return Pick(actor=base.actor, text=base.text.split(" (")[0] + " (two or more)", options=base.options,
                        refused=base.refused, min=2)
        ids = legal(s, data).ids
        chances = chances_of(s, data, [i for i in ids if i not in ("some", none_id)]) if chances_of else None
        options = ask.subset_options(s, data, ids, "tackle" if step_name == "tackle_tacklers" else "catch",
                                     none_label, chances)
        text = base.text.split(" (none:")[0] if none_id else base.text  # the "nobody" option says it already
        if chances:
            text += " (the odds: the target goes down against its better defence die)"
        return Choose(actor=base.actor, text=text, options=options, refused=base.refused)

    def apply(s: State, data: Data, event: Event) -> None:
        if not s.table_keys:
            old_apply(s, data, event)  # type: ignore[misc]
            return
        if s.picking:
            if len(event.value) < 2:  # type: ignore[arg-type]  (the prompt's min says so; a direct apply too)
                raise RuleError("Choose two or more: nobody or one player alone is a key of the question before.")
            s.picking = False
            old_apply(s, data, event)  # type: ignore[misc]
            return
        value = str(event.value)
        if value == "some":
            s.picking = True
            return
        old_apply(s, data, Event("pick", [] if value == none_id else [value]))  # type: ignore[misc]

    step.legal, step.prompt, step.apply = legal, prompt, apply
    step.may_force = True  # a lone tackler (no "nobody" answer) is the only answer; a selection is never forced


for _name in ONE_KEY:
    _wrap(_name)
