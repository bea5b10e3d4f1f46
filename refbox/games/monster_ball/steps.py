"""Monster Ball's step table (refbox.engine.steps): every question of the walked procedure is a named step whose
legal answers, prompt and apply are registered where its procedure lives (squads, kicks, between, live,
moves, tackles, passing, contest, downs, over). A forced answer (one possible choice) is taken by the engine and
logged here."""

from __future__ import annotations

from refbox.engine.errors import RuleError
from refbox.engine.prompts import GameOver, Legal
from refbox.engine.steps import Steps

STEPS = Steps("monster-ball")


def forced_line(s, data, event) -> None:
    """The log line for an answer the engine took without asking: the player's name, or the option's id."""
    if not s.logged:
        return
    from refbox.games.monster_ball import flow

    answer = str(event.value)
    who = s.label(answer) if answer[:1] in "LC" and answer[1:].isdigit() else answer
    s.note(flow.stamp(s), f"{who}: the only possible answer, taken without asking.", STEPS.legal(s, data).actor)


def forcible(name: str, phase: str):
    """``STEPS.legal_for(name, phase, forcible=True)``, its forced answers logged by ``forced_line``."""
    STEPS.forced_for(name)(forced_line)
    return STEPS.legal_for(name, phase=phase, forcible=True)


@STEPS.legal_for("over", phase="over")
def over_legal(s, data) -> Legal:
    return Legal("over", s.winner)


@STEPS.prompt_for("over")
def over_prompt(s, data, legal: Legal) -> GameOver:
    return GameOver(actor=s.winner, text=s.result or "The match is over.")


@STEPS.apply_for("over")
def over_apply(s, data, event) -> None:
    raise RuleError("The match is over: there is nothing left to answer.")
