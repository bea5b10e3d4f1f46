"""The step table: each step of the walked procedure names its phase, its legal answers, its prompt and how
it applies.

Modules register their steps with ``@asks("step", phase=...)`` on the prompt function, ``@answers("step")``
on the apply function and ``@legal_for("step")`` on the function listing the legal answers (ids, dice sides,
bounds: cheap, no labels, no odds). A prompt builds its options from that same function, so the two cannot
drift. rules.py dispatches on ``state.step``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

PromptFn = Callable[[Any, Any], Any]
ApplyFn = Callable[[Any, Any, Any], None]
LegalFn = Callable[[Any, Any], Any]


@dataclass
class Step:
    phase: str
    prompt: PromptFn | None = None
    apply: ApplyFn | None = None
    legal: LegalFn | None = None
    may_force: bool = False
    """The step can have a single legal answer (then, in matches that skip forced questions, it is applied
    without asking). Steps that always offer a choice ("done", a die roll) leave this False: no check."""


STEPS: dict[str, Step] = {}


def asks(name: str, phase: str) -> Callable[[PromptFn], PromptFn]:
    def register(fn: PromptFn) -> PromptFn:
        STEPS.setdefault(name, Step(phase)).prompt = fn
        STEPS[name].phase = phase
        return fn

    return register


def answers(name: str) -> Callable[[ApplyFn], ApplyFn]:
    def register(fn: ApplyFn) -> ApplyFn:
        STEPS.setdefault(name, Step("")).apply = fn
        return fn

    return register


def legal_for(name: str, may_force: bool = False) -> Callable[[LegalFn], LegalFn]:
    def register(fn: LegalFn) -> LegalFn:
        step = STEPS.setdefault(name, Step(""))
        step.legal = fn
        step.may_force = may_force
        return fn

    return register
