"""The step table: each step of the walked procedure names its phase, its prompt and how it applies.

Modules register their steps with ``@asks("step", phase=...)`` on the prompt function and
``@answers("step")`` on the apply function; rules.py dispatches on ``state.step``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

PromptFn = Callable[[Any, Any], Any]
ApplyFn = Callable[[Any, Any, Any], None]


@dataclass
class Step:
    phase: str
    prompt: PromptFn | None = None
    apply: ApplyFn | None = None


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
