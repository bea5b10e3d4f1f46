"""The walked procedure: each step is a prompt and the apply that answers it.

Step modules register with ``@step(name)``; ``rules`` dispatches on ``state.step``. A step whose
prompt would have nothing to ask moves on by itself (``skip``), so every prompt the table sees needs it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from refbox.engine.prompts import Event, Prompt
from refbox.games.rulerball.data import Data
from refbox.games.rulerball.models import State

PromptFn = Callable[[State, Data], Prompt]
ApplyFn = Callable[[State, Data, Event], None]
SkipFn = Callable[[State, Data], bool]


HARM = "harm"
"""Phase of the harm detour (injury, lost ball): shown as the phase it interrupts."""


@dataclass(frozen=True)
class Step:
    phase: str
    """Phase id in the ruleset file (for the tracker and the help), or HARM."""
    prompt: PromptFn
    apply: ApplyFn
    skip: SkipFn | None = None
    """Returns True after moving the state on when there is nothing to ask."""
    sub: str | None = None
    """Step id inside the phase in the ruleset file, for the tracker."""


STEPS: dict[str, Step] = {}
SKIPS: dict[str, SkipFn] = {}
"""The steps that may have nothing to ask, and how they move on."""
SETTLES_ITSELF: set[str] = set()
"""Steps whose apply settles the state itself, before and after (the busiest: it knows what it changed)."""


def step(name: str, phase: str, sub: str | None = None, skip: SkipFn | None = None, settles_itself: bool = False):
    """Register a step in two parts: decorate its prompt with this, then its apply with ``<prompt>.answer``."""
    if settles_itself:
        SETTLES_ITSELF.add(name)

    def register(prompt: PromptFn) -> "_Half":
        return _Half(name, phase, prompt, skip, sub)

    return register


class _Half:
    """A step whose prompt is known and whose apply is still to come."""

    def __init__(self, name: str, phase: str, prompt: PromptFn, skip: SkipFn | None, sub: str | None) -> None:
        self.name, self.phase, self.prompt, self.skip, self.sub = name, phase, prompt, skip, sub

    def answer(self, apply: ApplyFn) -> ApplyFn:
        STEPS[self.name] = Step(self.phase, self.prompt, apply, self.skip, self.sub)
        if self.skip is not None:
            SKIPS[self.name] = self.skip
        return apply


def settle(state: State, data: Data) -> None:
    """Move past steps that have nothing to ask (an empty sector, no one due back)."""
    for _ in range(10_000):
        skip = SKIPS.get(state.step)
        if skip is None or not skip(state, data):
            return
    raise RuntimeError(f"step {state.step!r} keeps skipping")  # a bug, never user input
