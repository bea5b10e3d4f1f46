"""Headless play at full speed: a game is a ruleset's rules (refbox.engine.contract.Rules) and a state, stepped
by legal answers.

No journal, no prompts, no checks: the answers come from ``legal`` (so they are legal by construction), which
is what the simulator and the computer coach's look-ahead need. ``Game.clone`` is cheap enough to search with.
The match driver (refbox.engine.match) stays the way to play for real.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Mapping
from itertools import accumulate, repeat
from typing import Any, Callable

from refbox.engine.clone import clone
from refbox.engine.prompts import Event, Legal
from refbox.engine.state import UNLOGGED, LogLine


class Game:
    """A ruleset's rules and a state: what a coach looks ahead with and the simulator plays."""

    __slots__ = ("rules", "state")

    def __init__(self, rules: Any, state: Any) -> None:
        self.rules, self.state = rules, state

    @classmethod
    def start(cls, rules: Any, setup: Any, logged: bool = False) -> "Game":
        """A new game; unless ``logged``, its log lines are dropped (nobody reads a headless game's log)."""
        state = rules.begin(setup)
        if not logged:
            state.log = UNLOGGED
        return cls(rules, state)

    @property
    def data(self) -> Any:
        return self.rules.data

    def legal(self) -> Legal:
        return self.rules.legal(self.state)

    def apply(self, event: Event) -> Legal | None:
        if event.coach is not None:
            return apply_noted(self.rules, self.state, event)
        return self.rules.apply(self.state, event)

    def clone(self) -> "Game":
        """A copy to look ahead with: the position, not the history (its log drops what it is told)."""
        log = self.state.log
        self.state.log = []
        try:
            twin = clone(self.state)
        finally:
            self.state.log = log
        twin.log = UNLOGGED
        return Game(self.rules, twin)

    def outcome(self) -> tuple[float, float]:
        return self.rules.outcome(self.state)

    def evaluate(self, side: int) -> float:
        return self.rules.evaluate(self.state, side)


def apply_noted(rules: Any, state: Any, event: Event) -> Legal | None:
    """Apply a computer coach's answer and put its note in the log, before the lines the answer wrote (under the
    stamp of the first of them): the log says what the computer chose and why, in play, on resume and in a
    replay alike."""
    if not state.logged:
        return rules.apply(state, event)
    actor = rules.legal(state).actor
    before = len(state.log)
    result = rules.apply(state, event)
    log = state.log
    stamp = log[before].stamp if len(log) > before else log[before - 1].stamp if before else ""
    log.insert(before, LogLine(stamp, event.coach.line(), actor))
    return result


class Drawer:
    """Draws random legal answers: dice uniformly, choices by a ruleset's random weights (ids it does not name
    weigh 1). Draws exactly what ``random.Random.choices`` and ``randrange`` would, with fewer calls: it keeps
    the running totals of each answer list it has seen and one Event per answer (an Event never changes)."""

    __slots__ = ("weights", "_totals", "_chosen", "_rolled")

    def __init__(self, weights: Mapping[str, float] | None = None) -> None:
        self.weights = weights or None
        self._totals: dict[tuple[str, ...], list[float] | None] = {}
        self._chosen: dict[str, Event] = {}
        self._rolled: dict[tuple[int, ...], Event] = {}

    def draw(self, legal: Legal, rng: random.Random) -> Event:
        kind = legal.kind
        if kind == "roll":
            below, sides = rng._randbelow, legal.sides  # what rng.randint(1, s) draws, without its argument checks
            faces = tuple([below(s) + 1 for s in sides])
            return self._rolled.get(faces) or self._roll(faces)
        if kind == "choose":
            return self._choose(self._pick_id(legal.ids, rng))
        if kind == "pick":
            ids = list(legal.ids)
            hi = len(ids) if legal.max is None else min(legal.max, len(ids))
            k = rng.randint(legal.min, max(legal.min, min(hi, 2)))  # keep selections small, as tables do
            return Event("pick", rng.sample(ids, k))
        if kind == "number":
            return Event("number", rng.randint(legal.min, legal.max))  # type: ignore[arg-type]
        if kind == "confirm":
            return Event("confirm")
        raise ValueError(f"nothing to answer: {kind}")

    def _pick_id(self, ids: Any, rng: random.Random) -> str:
        weights = self.weights
        if type(ids) is not tuple:  # a LazyIds: drawn from without writing the list out
            return ids.draw(rng, weights)
        if not weights:
            return ids[rng._randbelow(len(ids))]  # what rng.randrange(len(ids)) draws
        totals = self._totals.get(ids, False)
        if totals is False:
            totals = self._totals_of(ids)
        if totals is None:  # no id of its own weight: what rng.choices draws with weights 1, 2, 3...
            return ids[int(rng.random() * len(ids))]
        return ids[bisect(totals, rng.random() * totals[-1], 0, len(ids) - 1)]  # rng.choices(cum_weights=...)

    def _totals_of(self, ids: tuple[str, ...]) -> list[float] | None:
        weights = self.weights
        found = None if weights.keys().isdisjoint(ids) else list(accumulate(map(weights.get, ids, repeat(1.0))))
        if len(self._totals) > 20_000:  # long games make new lists: keep the memory bounded
            self._totals.clear()
        self._totals[ids] = found
        return found

    def _choose(self, option: str) -> Event:
        found = self._chosen.get(option)
        if found is None:
            found = self._chosen[option] = Event("choose", option)
        return found

    def _roll(self, faces: tuple[int, ...]) -> Event:
        if len(self._rolled) > 50_000:
            self._rolled.clear()
        found = self._rolled[faces] = Event("roll", list(faces), "digital")
        return found


def random_event(legal: Legal, rng: random.Random, weights: Mapping[str, float] | None = None) -> Event:
    """Any legal answer, drawn from ``rng`` (dice uniformly; choices by ``weights`` where given)."""
    return Drawer(weights).draw(legal, rng)


Decider = Callable[[Game, Legal], Event]


class Unfinished(RuntimeError):
    """A game that did not end within the inputs allowed (coaches that both stand still)."""


class RandomAnswers:
    """A Decider that answers every decision at random, by the rules' random weights: each side named in
    ``rngs`` from its own RNG, anyone else (the table) from ``rng``. ``play_out`` draws these inline."""

    def __init__(self, rngs: dict, rng: random.Random, drawer: Drawer) -> None:
        self.rngs, self.rng, self.drawer = rngs, rng, drawer

    def __call__(self, game: Game, legal: Legal) -> Event:
        return self.drawer.draw(legal, self.rngs.get(legal.actor, self.rng))


def play_out(game: Game, decide: Decider | None, rng: random.Random, max_inputs: int = 100_000) -> int:
    """Step ``game`` to its end: rolls from ``rng``, decisions from ``decide`` (None: at random from ``rng``).
    Returns the inputs taken."""
    rules, state = game.rules, game.state
    apply = rules.apply
    known = None
    if decide is None or type(decide) is RandomAnswers:  # every answer drawn here
        if decide is None:
            rng_of, table, draw = {}.get, rng, rules.drawer.draw
        else:
            rng_of, table, draw = decide.rngs.get, decide.rng, decide.drawer.draw
        legal_fn = rules.drawing_legal  # each answer is drawn before anything changes
        for n in range(max_inputs):
            legal = known or legal_fn(state)
            kind = legal.kind
            if kind == "over":
                return n
            known = apply(state, draw(legal, rng if kind == "roll" else rng_of(legal.actor, table)))
    else:
        legal_fn, dice = rules.legal, rules.drawer.draw
        for n in range(max_inputs):
            legal = known or legal_fn(state)
            kind = legal.kind
            if kind == "over":
                return n
            event = dice(legal, rng) if kind == "roll" else decide(game, legal)
            known = apply(state, event)
    if game.legal().kind == "over":
        return max_inputs
    raise Unfinished(f"the game did not end within {max_inputs} inputs")
