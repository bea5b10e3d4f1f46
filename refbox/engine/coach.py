"""The computer coach: decides what a coach decides (never the dice), at three levels.

- ``random``: any legal answer (shaped by the ruleset's RANDOM_WEIGHTS).
- ``greedy``: the answer with the best expected value one step ahead: each candidate is applied to a copy of
  the game, the dice that follow are resolved by their exact odds (every face combination, each equally likely)
  up to the next decision, and the ruleset's ``evaluate`` scores what is left.
- ``search``: Monte Carlo tree search over decisions (open loop: dice are sampled from the coach's own random
  generator at every visit, so chance nodes are weighted by their true odds), with random play-outs to a horizon
  and ``evaluate`` at the leaves; it stops at its time or iteration budget and takes the most visited answer.

A coach only ever sees a copy of the game and its own RNG: it cannot peek at the match's digital dice.
Its decisions are ordinary events, journaled like a person's.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from dataclasses import dataclass
from typing import Callable

from refbox.engine.play import Game, random_event
from refbox.engine.prompts import Event, Legal

LEVELS = ("random", "greedy", "search")
DEFAULT_THINK = 0.5
"""Seconds a search coach thinks per decision by default."""


@dataclass(slots=True)
class Decision:
    event: Event
    value: float | None = None
    """The coach's estimate of its winning chances after this answer (0..1), when it has one."""
    considered: int = 1
    """Answers it weighed."""


def candidates(legal: Legal, rng: random.Random, limit: int = 24) -> list[Event]:
    """The answers a coach weighs: every choice, every number (or a spread), a handful of selections."""
    kind = legal.kind
    if kind == "choose":
        return [Event("choose", i) for i in legal.ids]
    if kind == "confirm":
        return [Event("confirm")]
    if kind == "number":
        lo, hi = legal.min, legal.max if legal.max is not None else legal.min
        values = range(lo, hi + 1) if hi - lo < limit else sorted({lo, hi, *rng.sample(range(lo, hi + 1), limit - 2)})
        return [Event("number", v) for v in values]
    if kind == "pick":
        ids = list(legal.ids)
        hi = len(ids) if legal.max is None else min(legal.max, len(ids))
        found: dict[tuple, Event] = {}
        for k in range(legal.min, hi + 1):
            for combo in itertools.combinations(ids, k):
                found[combo] = Event("pick", list(combo))
                if len(found) >= limit:
                    return list(found.values())
        return list(found.values())
    raise ValueError(f"a coach does not answer {kind}")


def weighed(game: Game, legal: Legal, rng: random.Random) -> list[Event]:
    """The candidates a greedy or searching coach weighs: all but the ones the rules say a coach leaves alone
    (``COACH_AVOIDS``: re-arranging a line-up, whose endless shuffles a noisy estimate would happily pick)."""
    options = candidates(legal, rng)
    avoid = getattr(game.rules, "COACH_AVOIDS", ())
    kept = [e for e in options if not (e.kind == "choose" and e.value in avoid)] if avoid else options
    return kept or options


def usual_answer(game: Game, legal: Legal) -> Event | None:
    """The answer a rules module says a coach gives without weighing (``coach_default``): a line-up taken as
    it stands, say, where weighing hundreds of shuffles would only spend the clock."""
    fn = getattr(game.rules, "coach_default", None)
    return fn(game.state, game.data, legal) if fn is not None else None


class Coach:
    level = "random"

    def __init__(self, side: int, seed: int = 0, think: float = DEFAULT_THINK, iterations: int | None = None) -> None:
        self.side = side
        self.rng = random.Random(f"coach:{side}:{seed}")
        self.think = think
        self.iterations = iterations
        """A fixed number of search iterations instead of a time budget (deterministic, for tests)."""
        self.stop_now = False
        """Set from another thread (Esc in the app) to make a thinking coach decide at once."""

    def decide(self, game: Game, legal: Legal | None = None) -> Decision:
        legal = legal or game.legal()
        weights = getattr(game.rules, "RANDOM_WEIGHTS", None)
        return Decision(random_event(legal, self.rng, weights), None, 1)


class GreedyCoach(Coach):
    level = "greedy"
    leaves = 512
    """Most dice outcomes resolved exactly per answer; past that they are sampled."""

    def decide(self, game: Game, legal: Legal | None = None) -> Decision:
        legal = legal or game.legal()
        options = weighed(game, legal, self.rng)
        if len(options) == 1:
            return Decision(options[0], None, 1)
        usual = usual_answer(game, legal)
        if usual is not None:
            return Decision(usual, None, 1)
        best, best_value = options[0], -1.0
        deadline = time.perf_counter() + self.think
        for event in options:
            # past its budget (or told to hurry) it samples the rest of the answers' dice more thinly
            hurry = self.stop_now or (self.iterations is None and time.perf_counter() > deadline)
            value = self.expected(game, event, 8 if hurry else self.leaves)
            if value > best_value + 1e-12:
                best, best_value = event, value
        return Decision(best, best_value, len(options))

    def expected(self, game: Game, event: Event, leaves: int | None = None) -> float:
        after = game.clone()
        after.apply(event)
        return self._resolve(after, leaves or self.leaves)

    def _resolve(self, game: Game, budget: int) -> float:
        """The expected value for this coach's side once the dice pending now are rolled."""
        legal = game.legal()
        if legal.kind == "over":
            return terminal_value(game, self.side)
        if legal.kind != "roll":
            return game.evaluate(self.side)
        combos = math.prod(legal.sides)
        if combos <= budget:
            faces = itertools.product(*(range(1, s + 1) for s in legal.sides))
            share = max(1, budget // combos)
        else:
            faces = (tuple(self.rng.randint(1, s) for s in legal.sides) for _ in range(max(1, budget // 8)))
            share = 8
        total, n = 0.0, 0
        for combo in faces:
            branch = game.clone()
            branch.apply(Event("roll", list(combo), "digital"))
            total += self._resolve(branch, share) if share > 1 else branch.evaluate(self.side)
            n += 1
        return total / n


def terminal_value(game: Game, side: int) -> float:
    mine, theirs = game.outcome() if side == 0 else game.outcome()[::-1]
    return 1.0 if mine > theirs else (0.0 if mine < theirs else 0.5)


class _Node:
    __slots__ = ("visits", "value", "children")

    def __init__(self) -> None:
        self.visits = 0
        self.value = 0.0
        """Sum of play-out values, from the point of view of the side that chose the move into this node."""
        self.children: dict[str, _Node] = {}


def _key(event: Event) -> str:
    value = event.value
    return f"{event.kind}:{','.join(map(str, value)) if isinstance(value, list) else value}"


class SearchCoach(GreedyCoach):
    level = "search"
    horizon = 40
    """Inputs a play-out runs past the tree before ``evaluate`` judges it."""
    exploration = 0.9
    widest = 12
    """At most this many answers searched at the root, the best by a quick look at their odds."""

    def decide(self, game: Game, legal: Legal | None = None) -> Decision:
        legal = legal or game.legal()
        options = weighed(game, legal, self.rng)
        if len(options) == 1:
            return Decision(options[0], None, 1)
        usual = usual_answer(game, legal)
        if usual is not None:
            return Decision(usual, None, 1)
        root = _Node()
        deadline = time.perf_counter() + self.think
        if len(options) > self.widest:  # a board move offers hundreds of squares: search the likeliest few
            prior = {id(e): self.expected(game, e, 4) for e in options}
            options = sorted(options, key=lambda e: -prior[id(e)])[: self.widest]
        done = 0
        while not self.stop_now:
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif time.perf_counter() >= deadline:
                break
            self._iterate(game, root, options)
            done += 1
        self.stop_now = False
        by_key = {_key(e): e for e in options}
        visited = [(child.visits, child.value / child.visits, key) for key, child in root.children.items()
                   if key in by_key and child.visits]
        if not visited:
            return super().decide(game, legal)
        visits, value, key = max(visited)
        return Decision(by_key[key], value, len(options))

    def _iterate(self, game: Game, root: _Node, root_options: list[Event]) -> None:
        g = game.clone()
        path: list[tuple[_Node, int | None]] = [(root, None)]
        node, options, actor = root, root_options, self.side
        weights = getattr(g.rules, "RANDOM_WEIGHTS", None)
        while True:
            untried = [e for e in options if _key(e) not in node.children]
            if untried:
                event = untried[self.rng.randrange(len(untried))]
                child = node.children[_key(event)] = _Node()
            else:
                event, child = self._select(node, options)
            g.apply(event)
            path.append((child, actor))
            node = child
            legal = self._to_decision(g)
            if legal is None or untried:
                break
            options, actor = weighed(g, legal, self.rng), legal.actor
            if actor not in (0, 1):  # a question for the table: answered at random, not searched
                g.apply(random_event(legal, self.rng, weights))
                legal = self._to_decision(g)
                if legal is None:
                    break
                options, actor = weighed(g, legal, self.rng), legal.actor
        value = self._play_out(g, weights)
        for visited, mover in path:
            visited.visits += 1
            if mover is not None:
                visited.value += value if mover == self.side else 1.0 - value

    def _select(self, node: _Node, options: list[Event]) -> tuple[Event, _Node]:
        log_n = math.log(node.visits + 1)
        best, best_score = None, -1.0
        for event in options:
            child = node.children.get(_key(event))
            if child is None or child.visits == 0:
                return event, node.children.setdefault(_key(event), _Node())
            score = child.value / child.visits + self.exploration * math.sqrt(log_n / child.visits)
            if score > best_score:
                best, best_score = (event, child), score
        return best  # type: ignore[return-value]

    def _to_decision(self, g: Game) -> Legal | None:
        """Roll the dice pending (the coach's own RNG) up to the next decision; None when the game is over."""
        while True:
            legal = g.legal()
            if legal.kind == "over":
                return None
            if legal.kind != "roll":
                return legal
            g.apply(random_event(legal, self.rng))

    def _play_out(self, g: Game, weights) -> float:
        for _ in range(self.horizon):
            legal = g.legal()
            if legal.kind == "over":
                return terminal_value(g, self.side)
            g.apply(random_event(legal, self.rng, weights if legal.kind != "roll" else None))
        return g.evaluate(self.side)


COACHES: dict[str, type[Coach]] = {"random": Coach, "greedy": GreedyCoach, "search": SearchCoach}


def make(level: str, side: int, seed: int = 0, think: float = DEFAULT_THINK,
         iterations: int | None = None) -> Coach:
    try:
        cls = COACHES[level]
    except KeyError:
        raise ValueError(f"unknown coach level {level!r}: choose from {', '.join(LEVELS)}") from None
    return cls(side, seed, think, iterations)


Decider = Callable[[Game, Legal], Event]


def deciders(coaches: dict[int, Coach], rng: random.Random) -> Decider:
    """One decide function for a whole game: each side's coach answers its own questions; questions for
    the table (no side) are answered at random, as a table would."""
    def decide(game: Game, legal: Legal) -> Event:
        coach = coaches.get(legal.actor) if legal.actor is not None else None
        if coach is None:
            return random_event(legal, rng, getattr(game.rules, "RANDOM_WEIGHTS", None))
        return coach.decide(game, legal).event
    return decide
