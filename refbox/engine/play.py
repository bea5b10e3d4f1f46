"""Headless play at full speed: a game is a rules module, its data and a state, stepped by legal answers.

No journal, no prompts, no checks: the answers come from ``legal`` (so they are legal by construction),
which is what the simulator and the computer coach's look-ahead need. ``Game.clone`` is cheap enough to
search with. The match driver (refbox.engine.match) stays the way to play for real.

A rules module may provide, besides the protocol's start / prompt / apply / view:

- ``legal(state, data) -> Legal``: the legal answers without labels or odds (else derived from ``prompt``);
- ``legal_live(state, data) -> Legal``: ``legal`` for an answer drawn at once, which may read the state instead
  of copying it (random play takes it where given: such answers are good only until the state changes);
- ``outcome(state, data) -> (points, points)``: the two sides' score, read at the end (else ``state.score``);
- ``evaluate(state, data, side) -> float``: how good the state is for ``side``, 0 to 1 (else from the score);
- ``sim_setup(data) -> dict``: the setup headless play uses (else the Setup model's defaults);
- ``RANDOM_WEIGHTS``: option id -> weight, for answers drawn at random (table questions, the random coach).

``apply`` may return the ``Legal`` of the step it leaves the state at, when it listed those answers anyway
(settling forced answers): headless play then takes it instead of asking again.
"""

from __future__ import annotations

import random
from bisect import bisect
from itertools import accumulate, repeat
from dataclasses import dataclass
from typing import Any, Callable

from refbox.engine.clone import clone
from refbox.engine.prompts import Event, Legal, legal_of
from refbox.engine.state import UNLOGGED


@dataclass
class Game:
    rules: Any
    data: Any
    state: Any

    @classmethod
    def start(cls, rules: Any, data: Any, setup: Any, logged: bool = False) -> "Game":
        """A new game; unless ``logged``, its log lines are dropped (nobody reads a headless game's log)."""
        state = rules.start(setup, data)
        if not logged:
            state.log = UNLOGGED
        return cls(rules, data, state)

    def legal(self) -> Legal:
        fn = getattr(self.rules, "legal", None)
        return fn(self.state, self.data) if fn else legal_of(self.rules.prompt(self.state, self.data))

    def apply(self, event: Event) -> None:
        self.rules.apply(self.state, self.data, event)

    def clone(self) -> "Game":
        """A copy to look ahead with: the position, not the history (its log drops what it is told)."""
        log = self.state.log
        self.state.log = []
        try:
            twin = clone(self.state)
        finally:
            self.state.log = log
        twin.log = UNLOGGED
        return Game(self.rules, self.data, twin)

    def outcome(self) -> tuple[float, float]:
        fn = getattr(self.rules, "outcome", None)
        if fn is not None:
            return fn(self.state, self.data)
        return score_of(self.state)

    def evaluate(self, side: int) -> float:
        """How good the position is for ``side``: the rules' own estimate, else the score as a win chance."""
        fn = getattr(self.rules, "evaluate", None)
        if fn is not None:
            return fn(self.state, self.data, side)
        mine, theirs = self.outcome() if side == 0 else self.outcome()[::-1]
        return 0.5 if mine == theirs else (1.0 if mine > theirs else 0.0)


def score_of(state: Any) -> tuple[float, float]:
    for name in ("score", "scores"):
        score = getattr(state, name, None)
        if isinstance(score, (list, tuple)) and len(score) == 2:
            return score[0], score[1]
    teams = getattr(state, "teams", None)
    if teams and hasattr(teams[0], "score"):
        return teams[0].score, teams[1].score
    raise NotImplementedError("the rules module needs outcome(state, data)")


_CUMULATIVE: dict[tuple, list[float]] = {}
_SAME_IDS: dict[int, tuple] = {}


def _cumulative(ids: tuple[str, ...], weights: dict[str, float]) -> list[float] | None:
    """Running totals of the answers' weights, or None when none of them has a weight of its own; kept per
    answer list (random play asks the same few lists again and again: building them was a sixth of a random
    Battleball input), found by the list's identity first (rules that reuse their answer tuples), else by value."""
    kept = _SAME_IDS.get(id(ids))
    if kept is not None and kept[0] is ids and kept[1] is weights:
        return kept[2]
    if weights.keys().isdisjoint(ids):
        return None
    if len(_CUMULATIVE) > 20_000 or len(_SAME_IDS) > 20_000:  # both stay small: long games make new lists
        _CUMULATIVE.clear()
        _SAME_IDS.clear()
    key = (id(weights), ids)
    found = _CUMULATIVE.get(key)
    if found is None:
        found = _CUMULATIVE[key] = list(accumulate(map(weights.get, ids, repeat(1.0))))  # as a loop of += sums
    _SAME_IDS[id(ids)] = (ids, weights, found)  # holding ids keeps its id from being reused meanwhile
    return found


_CHOSEN: dict[str, Event] = {}
"""One Event per option id drawn at random (an Event is immutable: headless play asks the same ids again and
again, and building an Event was a tenth of a random input)."""


def chosen(option: str) -> Event:
    found = _CHOSEN.get(option)
    if found is None:
        if len(_CHOSEN) > 50_000:
            _CHOSEN.clear()
        found = _CHOSEN[option] = Event("choose", option)
    return found


_ONE_DIE: dict[int, tuple[Event, ...]] = {}
"""The digital roll of one die of each size, by face (an Event is never changed once made: building one was a
tenth of a random roll)."""


def _one_die(sides: int) -> tuple[Event, ...]:
    got = _ONE_DIE[sides] = tuple(Event("roll", [face], "digital") for face in range(1, sides + 1))
    return got


_ROLLED: dict[tuple[int, ...], Event] = {}
"""The digital roll of several dice, by their faces (kept as _ONE_DIE's are: building one was half of drawing
a two-dice roll)."""


def _rolled(faces: tuple[int, ...]) -> Event:
    if len(_ROLLED) > 50_000:
        _ROLLED.clear()
    got = _ROLLED[faces] = Event("roll", list(faces), "digital")
    return got


def random_event(legal: Legal, rng: random.Random, weights: dict[str, float] | None = None) -> Event:
    """Any legal answer, drawn from ``rng`` (dice uniformly; choices by ``weights`` where given)."""
    kind = legal.kind
    if kind == "roll":
        below, sides = rng._randbelow, legal.sides  # what rng.randint(1, s) draws, without its argument checks
        if len(sides) == 1:  # one die: its Event kept per face
            n = sides[0]
            return (_ONE_DIE.get(n) or _one_die(n))[below(n)]
        faces = tuple([below(s) + 1 for s in sides])
        return _ROLLED.get(faces) or _rolled(faces)
    if kind == "choose":
        ids = legal.ids
        if type(ids) is not tuple:  # a LazyIds: drawn from without writing the list out
            option = ids.draw(rng, weights)
        elif weights:
            totals = _cumulative(ids, weights)
            if totals is None:  # all weights 1: what rng.choices would draw (one random(), totals 1, 2, 3...)
                option = ids[int(rng.random() * len(ids))]
            else:  # what rng.choices(ids, cum_weights=totals) draws
                option = ids[bisect(totals, rng.random() * totals[-1], 0, len(ids) - 1)]
        else:
            option = ids[rng._randbelow(len(ids))]  # what rng.randrange(len(ids)) draws
        return _CHOSEN.get(option) or chosen(option)  # chosen(), its usual case inline
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


Decider = Callable[[Game, Legal], Event]


class Unfinished(RuntimeError):
    """A game that did not end within the inputs allowed (coaches that both stand still)."""


class RandomAnswers:
    """A Decider that answers every decision at random, by the rules' RANDOM_WEIGHTS: each side named in
    ``rngs`` from its own RNG, anyone else (the table) from ``rng``. ``play_out`` draws its answers inline:
    a call a decision was 0.6% of a random Monster Ball input's instructions, 0.9% of a Battleball one's."""

    def __init__(self, rngs: dict, rng: random.Random, weights: dict[str, float] | None) -> None:
        self.rngs, self.rng, self.weights = rngs, rng, weights

    def __call__(self, game: Game, legal: Legal) -> Event:
        return random_event(legal, self.rngs.get(legal.actor, self.rng), self.weights)


def play_out(game: Game, decide: Decider | None, rng: random.Random, max_inputs: int = 100_000) -> int:
    """Step ``game`` to its end: rolls from ``rng``, decisions from ``decide`` (None: at random from ``rng``).
    Returns the inputs taken."""
    rules, data, state = game.rules, game.data, game.state
    weights = getattr(rules, "RANDOM_WEIGHTS", None)
    legal_fn = getattr(rules, "legal", None) or (lambda s, d: legal_of(rules.prompt(s, d)))
    apply = rules.apply
    known = None
    if decide is None or type(decide) is RandomAnswers:  # every answer drawn here
        rng_of, table = ({}.get, rng) if decide is None else (decide.rngs.get, decide.rng)
        if decide is not None:
            weights = decide.weights
        legal_fn = getattr(rules, "legal_live", None) or legal_fn  # each answer drawn before anything changes
        for n in range(max_inputs):
            legal = known or legal_fn(state, data)
            kind = legal.kind
            if kind == "over":
                return n
            known = apply(state, data, random_event(legal, rng if kind == "roll" else rng_of(legal.actor, table), weights))
    else:
        for n in range(max_inputs):
            legal = known or legal_fn(state, data)
            kind = legal.kind
            if kind == "over":
                return n
            event = random_event(legal, rng) if kind == "roll" else decide(game, legal)
            known = apply(state, data, event)
    if game.legal().kind == "over":
        return max_inputs
    raise Unfinished(f"the game did not end within {max_inputs} inputs")
