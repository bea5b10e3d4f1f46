"""Random legal play, headless: the seeded simulation every ruleset's tests and benchmarks use."""

from __future__ import annotations

import random
from typing import Any, Callable

from refbox.engine.clone import clone
from refbox.engine.errors import RefboxError
from refbox.engine.match import Match
from refbox.engine.play import random_event
from refbox.engine.prompts import Choose, Confirm, Event, GameOver, Number, Pick, Roll, check


def random_answer(prompt: Any, rng: random.Random) -> Event:
    """Any well-formed answer to ``prompt``, drawn from ``rng``."""
    if isinstance(prompt, Choose):
        return Event(kind="choose", value=rng.choice(prompt.options).id)
    if isinstance(prompt, Pick):
        ids = [o.id for o in prompt.options]
        hi = len(ids) if prompt.max is None else min(prompt.max, len(ids))
        k = rng.randint(prompt.min, hi) if hi >= prompt.min else prompt.min
        k = min(k, rng.randint(prompt.min, max(prompt.min, min(hi, 2))))  # keep clusters small
        return Event(kind="pick", value=rng.sample(ids, k))
    if isinstance(prompt, Roll):
        return Event(kind="roll", value=[rng.randint(1, d.sides) for d in prompt.dice], source="digital")
    if isinstance(prompt, Number):
        return Event(kind="number", value=rng.randint(prompt.min, prompt.max))
    if isinstance(prompt, Confirm):
        return Event(kind="confirm")
    raise ValueError(f"no answer to {prompt!r}")


def advance(match: Match, events: int, rng: random.Random,
            choose: Callable[[Any, random.Random], Event] = random_answer) -> None:
    """Answer up to ``events`` prompts with ``choose``, stopping early at the end of the match."""
    for _ in range(events):
        prompt = match.prompt()
        if isinstance(prompt, GameOver):
            return
        match.submit(choose(prompt, rng))


def play_random(
    match: Match,
    seed: int,
    max_events: int = 20_000,
    invariant: Callable[[Match], None] | None = None,
    choose: Callable[[Any, random.Random], Event] = random_answer,
) -> int:
    """Answer prompts at random until the match is over. Returns the number of events applied.

    ``invariant(match)`` runs after every event; raise AssertionError in it to fail a test.
    """
    rng = random.Random(seed)
    for n in range(max_events):
        prompt = match.prompt()
        if isinstance(prompt, GameOver):
            return n
        match.submit(choose(prompt, rng))
        if invariant is not None:
            invariant(match)
    raise AssertionError(f"match not over after {max_events} events")


def replayed(match: Match) -> Match:
    """A fresh match fed the same events: its state must equal the original's."""
    twin = Match(match.header, None)
    for event in match.events:
        twin.submit(event)
    return twin


class RulesTable:
    """A ruleset's rules driven directly, as a Match drives them (check, apply, roll back on a refusal), but
    with no journal, so that a test can arrange the state first (who carries, what lies where)."""

    def __init__(self, rules: Any, setup: dict) -> None:
        self.rules, self.data = rules, rules.data
        self.state = rules.begin(type(rules).Setup.model_validate(setup))

    def prompt(self):
        return self.rules.prompt(self.state)

    def send(self, *events: Event) -> "RulesTable":
        for event in events:
            before = clone(self.state)
            try:
                check(self.prompt(), event)
                self.rules.apply(self.state, event)
            except RefboxError:
                self.state = before
                raise
        return self


def play_until(match: Match, moment: Callable[[Any], bool], rng: random.Random, at_least: int = 0,
               weighted: bool = True, limit: int = 20_000) -> Match:
    """Random legal inputs (shaped by the ruleset's random weights unless not ``weighted``) until
    ``moment(state)`` holds after at least ``at_least`` of them: a demo's position. Raises RuntimeError if the
    match ends or ``limit`` inputs pass first (another seed is needed)."""
    weights = match.rules.random_weights if weighted else None
    for n in range(limit):
        if n >= at_least and moment(match.state):
            return match
        legal = match.legal()
        if legal.kind == "over":
            break
        match.submit(random_event(legal, rng, weights))
    raise RuntimeError("the demo never reached its moment: change the seed")
