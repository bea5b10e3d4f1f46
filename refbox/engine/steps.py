"""The step machine every game runs on: a table of named steps, one registered the same way in every game.

A game's state names the question pending in ``state.step``. Each step has three parts, registered with
decorators on a game's ``Steps`` table:

    STEPS = Steps("slargeball")

    @STEPS.legal_for("whap_target", phase="whap", forcible=True)
    def whap_target_legal(state, data) -> Legal: ...          # the legal answers: ids, dice sides, bounds

    @STEPS.prompt_for("whap_target")
    def whap_target_prompt(state, data, legal) -> Prompt: ... # the same answers with labels, hints and odds

    @STEPS.apply_for("whap_target")
    def whap_target_apply(state, data, event) -> None: ...    # what the (checked) answer does

The legal answers are written once: the prompt is built from them (``Steps.prompt`` hands them over), and
tests check on every state of random play that the prompt offers exactly those (``legal_of(prompt) == legal``).

After every answer the machine settles the state: a step that has nothing to ask moves on by itself
(``skip_for``), and a ``forcible`` step whose answer is forced (one choice, or a selection from nobody) is
answered here, in one place, with a log line saying so (``forced_for`` words it), never asked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from refbox.engine.prompts import Event, Legal, Prompt

LegalFn = Callable[[Any, Any], Legal]
PromptFn = Callable[[Any, Any, Legal], Prompt]
ApplyFn = Callable[[Any, Any, Event], None]
SkipFn = Callable[[Any, Any], bool]
ForcedFn = Callable[[Any, Any, Event], None]

SETTLE_LIMIT = 10_000
"""Steps settled in a row before the machine calls it a bug (a step that keeps skipping)."""


@dataclass(slots=True)
class Step:
    name: str
    phase: str = ""
    """The ruleset file's phase id this step belongs to (the phase tracker and the help)."""
    legal: LegalFn | None = None
    prompt: PromptFn | None = None
    apply: ApplyFn | None = None
    forcible: bool = False
    """Its answer can be forced (one possible choice, or a selection with nobody to select): then the machine
    answers it without asking. Steps that always offer a real choice leave this False (no check is made)."""
    skip: SkipFn | None = None
    """Moves the state on and returns True when the step has nothing to ask (an empty sector, nobody due)."""
    forced: ForcedFn | None = None
    """Logs a forced answer before it is applied; without it the machine logs nothing (the apply does)."""


class Steps:
    """A game's step table: registration (``*_for`` decorators) and running (legal, prompt, apply, settle)."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.table: dict[str, Step] = {}

    # ---- registration ----

    def _step(self, name: str) -> Step:
        step = self.table.get(name)
        if step is None:
            step = self.table[name] = Step(name)
        return step

    def legal_for(self, name: str, phase: str, forcible: bool = False) -> Callable[[LegalFn], LegalFn]:
        def register(fn: LegalFn) -> LegalFn:
            step = self._step(name)
            if step.legal is not None:
                raise ValueError(f"{self.game}: step {name!r} has two legal-answer functions")
            step.legal, step.phase, step.forcible = fn, phase, forcible
            return fn

        return register

    def prompt_for(self, name: str) -> Callable[[PromptFn], PromptFn]:
        def register(fn: PromptFn) -> PromptFn:
            self._step(name).prompt = fn
            return fn

        return register

    def apply_for(self, name: str) -> Callable[[ApplyFn], ApplyFn]:
        def register(fn: ApplyFn) -> ApplyFn:
            self._step(name).apply = fn
            return fn

        return register

    def skip_for(self, name: str) -> Callable[[SkipFn], SkipFn]:
        def register(fn: SkipFn) -> SkipFn:
            self._step(name).skip = fn
            return fn

        return register

    def forced_for(self, name: str) -> Callable[[ForcedFn], ForcedFn]:
        def register(fn: ForcedFn) -> ForcedFn:
            self._step(name).forced = fn
            return fn

        return register

    def check(self) -> "Steps":
        """Raise unless every registered step has its three parts (called once all modules have registered)."""
        for step in self.table.values():
            missing = [part for part in ("legal", "prompt", "apply") if getattr(step, part) is None]
            if missing:
                raise ValueError(f"{self.game}: step {step.name!r} has no {' or '.join(missing)} function")
        return self

    # ---- running ----

    def phase(self, state: Any) -> str:
        return self.table[state.step].phase

    def legal(self, state: Any, data: Any) -> Legal:
        return self.table[state.step].legal(state, data)  # type: ignore[misc]

    def prompt(self, state: Any, data: Any) -> Prompt:
        step = self.table[state.step]
        return step.prompt(state, data, step.legal(state, data))  # type: ignore[misc]

    def apply(self, state: Any, data: Any, event: Event, taken: list[Event] | None = None) -> Legal | None:
        """Apply a checked answer, then settle. Returns the legal answers of the step it stops at where settling
        listed them (headless play uses them instead of asking again), else None. ``taken``: see ``settle``."""
        self.table[state.step].apply(state, data, event)  # type: ignore[misc]
        return self.settle(state, data, taken)

    def settle(self, state: Any, data: Any, taken: list[Event] | None = None) -> Legal | None:
        """Move past steps with nothing to ask, and answer forced ones, until a question needs someone. The
        forced answers are appended to ``taken`` where given (upgrading a journal that asked them)."""
        table = self.table
        for _ in range(SETTLE_LIMIT):
            step = table[state.step]
            skip = step.skip
            if skip is not None and skip(state, data):
                continue
            if not step.forcible:
                return None
            legal = step.legal(state, data)  # type: ignore[misc]
            answer = forced_answer(legal)
            if answer is None:
                return legal
            if step.forced is not None:
                step.forced(state, data, answer)
            step.apply(state, data, answer)  # type: ignore[misc]
            if taken is not None:
                taken.append(answer)
        raise RuntimeError(f"{self.game}: step {state.step!r} keeps settling")  # a bug, never user input


def forced_answer(legal: Legal) -> Event | None:
    """The one possible answer to ``legal`` (a single choice, or an empty selection when there is nobody to
    select), or None when someone has to decide."""
    kind = legal.kind
    if kind == "choose":
        ids = legal.ids
        if len(ids) != 1:
            return None
        return Event("choose", ids[0])
    if kind == "pick" and not legal.ids and legal.min == 0:
        return Event("pick", [])
    return None
