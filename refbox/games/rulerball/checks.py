"""One pass/fail check: rolled from the user's numbers when they are set, entered as an outcome when not."""

from __future__ import annotations

from refbox.engine.dice import percent
from refbox.engine.errors import RuleError
from refbox.engine.prompts import Choose, DieSpec, Event, Legal, Option, Outcome, Roll
from refbox.games.rulerball.data import RollRule
from refbox.games.rulerball.models import Figure
from refbox.games.rulerball.track import needs_words, roll_target, success_chance, succeeded

SUCCESS, FAILURE = "success", "failure"
ENTERED = (SUCCESS, FAILURE)


def check_legal(rule: RollRule | None, figure: Figure, opponent: Figure | None, actor: int | None,
                entered: tuple[str, ...] = ENTERED) -> Legal:
    """The check's answers: its dice when the ruleset's numbers are set for these figures, else the outcomes
    the table enters (``entered``)."""
    if rule is None or roll_target(rule, figure, opponent) is None:
        return Legal("choose", actor, entered)
    return Legal("roll", actor, sides=(rule.sides,) * rule.dice)


def check_prompt(
    legal: Legal,
    rule: RollRule | None,
    figure: Figure,
    opponent: Figure | None,
    *,
    text: str,
    purpose: str,
    success: str,
    failure: str,
    who: str,
    choices: dict[str, Option] | None = None,
) -> Roll | Choose:
    """The question for ``check_legal``'s answers: the dice with their odds, or the outcomes (``choices`` words
    them where the check has more than success and failure)."""
    actor = legal.actor
    if legal.kind == "choose":
        why = "no roll is set in the ruleset" if rule is None else f"{who} has no {_stat_words(rule)} set"
        choices = choices or {SUCCESS: Option(id=SUCCESS, label=success, actor=actor),
                              FAILURE: Option(id=FAILURE, label=failure)}
        return Choose(actor=actor, text=f"{text} ({why}: enter what happened)",
                      options=tuple(choices[i] for i in legal.ids))
    assert rule is not None
    target = roll_target(rule, figure, opponent)
    assert target is not None
    p = success_chance(rule.dice, rule.sides, rule.succeed, target)
    need = needs_words(rule, target)
    dice = tuple(DieSpec(sides=sides, label=f"{who} ({purpose})", note=f"needs {need}") for sides in legal.sides)
    if p <= 0:
        line = f"{success} is impossible: it needs {need}, which the dice cannot roll"
    elif p >= 1:
        line = f"{success} is certain: any roll makes {need}"
    else:
        line = f"{success} on {need} ({percent(p)})"
    return Roll(
        actor=actor,
        text=text,
        purpose=purpose,
        dice=dice,
        success=line,
        odds=(Outcome(label=success, probability=p), Outcome(label=failure, probability=1 - p)),
        chance=p,
        wins=lambda faces: succeeded(rule, faces, target),
    )


def check_result(rule: RollRule | None, figure: Figure, opponent: Figure | None, event: Event) -> tuple[bool, str]:
    """(passed, words for the log) for an answer to ``check_prompt``."""
    target = roll_target(rule, figure, opponent) if rule else None
    if event.kind == "choose":
        if rule is not None and target is not None:
            raise RuleError("This check is rolled from the ruleset's numbers: enter the die faces.")
        return event.value == SUCCESS, "entered by the table"
    if rule is None or target is None:
        raise RuleError("This check has no numbers set: enter what happened instead of die faces.")
    faces = list(event.value)  # type: ignore[arg-type]
    return succeeded(rule, faces, target), f"rolled {'+'.join(map(str, faces))} (needs {needs_words(rule, target)})"


def _stat_words(rule: RollRule) -> str:
    return rule.stat if rule.against is None else f"{rule.stat} / opponent's {rule.against}"
