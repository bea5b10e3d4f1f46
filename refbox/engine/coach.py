"""The computer coach: decides what a coach decides (never the dice), at three levels.

- ``random``: any legal answer (shaped by the ruleset's RANDOM_WEIGHTS).
- ``greedy``: the answer with the best expected value one step ahead: each candidate is applied to a copy of
  the game, the dice that follow are resolved by their exact odds (every face combination, each equally likely)
  up to the next decision, and the ruleset's ``evaluate`` scores what is left.
- ``search``: the rollout algorithm (Bertsekas) on top of greedy: greedy's dozen best answers are each played
  on from, through the rest of the coach's turn and the opponent's reply, by a cheap greedy base policy for both
  sides (a few answers tried per question, dice sampled from the coach's own random generator, the same dice for
  every answer in a round), and ``evaluate`` judges where that leaves the game. Rounds continue within the time
  (or iteration) budget, the worse half of the answers dropping out after each; greedy's answer stands unless
  another did better on the same dice by more than the noise. So it sees what one step cannot (which figure
  to move given what it can do with its roll; the reply a move invites), and is never worse than its base
  for lack of play-outs.

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

from refbox.engine.dice import percent
from refbox.engine.play import Drawer, Game, RandomAnswers
from refbox.engine.prompts import COACH_LEVELS, NOTE_MAX, CoachNote, Event, Legal

LEVELS = COACH_LEVELS
DEFAULT_THINK = 0.5
"""Seconds a search coach thinks per decision by default."""


@dataclass(slots=True)
class Decision:
    event: Event
    value: float | None = None
    """The coach's estimate of its winning chances after this answer (0..1), when it has one."""
    considered: int = 1
    """Answers it weighed."""
    reason: str = ""
    """Why, when it did not weigh the answers (the only one worth weighing, the rules' usual answer)."""


def note(level: str, decision: Decision, prompt: object) -> CoachNote:
    """What the log keeps of a decision: the coach's level, the answer as ``prompt`` (the question it answered)
    labels it, and why, each percentage naming what it is the chance of: the answer's own chance (the rules
    say of what) and, from a weighing coach, its estimate of winning the match."""
    event = decision.event
    options = {o.id: o for o in getattr(prompt, "options", ())}
    reasons = []
    if event.kind == "choose":
        option = options.get(event.value)
        answer = option.label if option is not None and option.label else str(event.value)
        if option is not None and option.chance is not None:
            of = option.chance_of or "this answer working out"
            reasons.append(f"chance of {of} {percent(option.chance)}")
    elif event.kind == "pick":
        answer = ", ".join(options[i].label if i in options and options[i].label else i for i in event.value)
        answer = answer or "none of them"
    elif event.kind == "number":
        answer = f"{event.value} {getattr(prompt, 'unit', '')}".strip()
    else:
        answer = "to go on"
    if decision.value is not None:
        reasons.append(f"chance of winning the match, as it sees it, {percent(decision.value)}")
    elif decision.reason:
        reasons.append(decision.reason)
    return CoachNote(level, _fit(answer), _fit("; ".join(reasons)))


def _fit(text: str) -> str:
    text = " ".join(text.split())  # one line: a label never breaks the log
    return text if len(text) <= NOTE_MAX else text[: NOTE_MAX - 1] + "…"


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
    """The candidates a greedy or searching coach weighs: the ones the rules point out (``coach_options``: a
    board move's squares that change something, and a few of the rest; ``coach_numbers``: a number question's
    values, the promising first), else all, but never the ones the rules say a coach leaves alone
    (``coach_avoids``: re-arranging a line-up, whose endless shuffles a noisy estimate would happily pick)."""
    if legal.kind == "number":
        values = game.rules.coach_numbers(game.state, legal)
        if values:
            return [Event("number", v) for v in values]
    chosen = game.rules.coach_options(game.state, legal) if legal.kind == "choose" else None
    options = [Event("choose", i) for i in chosen] if chosen else candidates(legal, rng)
    avoid = game.rules.coach_avoids
    kept = [e for e in options if not (e.kind == "choose" and e.value in avoid)] if avoid else options
    return kept or options


def usual_answer(game: Game, legal: Legal) -> Event | None:
    """The answer a rules module says a coach gives without weighing (``coach_default``): a line-up taken as
    it stands, say, where weighing hundreds of shuffles would only spend the clock."""
    return game.rules.coach_default(game.state, legal)


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
        return Decision(game.rules.drawer.draw(legal, self.rng), None, 1, "an answer drawn at random")


def without_weighing(game: Game, legal: Legal, options: list[Event]) -> Decision | None:
    """The decision when there is nothing to weigh: one answer worth weighing, or the rules' usual answer."""
    if len(options) == 1:
        return Decision(options[0], None, 1, "the only answer worth weighing")
    usual = usual_answer(game, legal)
    return None if usual is None else Decision(usual, None, 1, "the usual answer here, given without weighing")


class GreedyCoach(Coach):
    level = "greedy"
    leaves = 512
    """Most dice outcomes resolved exactly per answer; past that they are sampled."""

    def decide(self, game: Game, legal: Legal | None = None) -> Decision:
        legal = legal or game.legal()
        options = weighed(game, legal, self.rng)
        unweighed = without_weighing(game, legal, options)
        if unweighed is not None:
            return unweighed
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


class SearchCoach(GreedyCoach):
    """Rollout (Bertsekas): each answer is judged by playing the game on from it with a cheap greedy base
    policy for both sides, so the search is at least as good as that policy, and sees what one step cannot
    (which figure to move given what it can do with the roll, the opponent's reply)."""

    level = "search"
    widest = 12
    """At most this many answers rolled out, the best by greedy's exact one-step value."""
    reach = 2
    """A play-out stops when the turn has passed this many times (2: the rest of our turn and the opponent's
    reply), at the game's end, or after ``depth`` decisions; ``evaluate`` judges where it stops."""
    depth = 8
    probes = 8
    """Answers the base policy tries per decision (the rules' first ones: the likeliest)."""
    margin = 1.0
    phase_ms = 0
    """Milliseconds for all of a side's decisions in one phase, where the ruleset budgets by phase (0: per
    decision)."""
    phase: object = None
    spent = 0.0
    """Seconds spent so far in ``phase``."""
    hurried_leaves = 4
    """Dice outcomes per answer in greedy's first pass once a quarter of the budget is spent (24 before)."""

    def decide(self, game: Game, legal: Legal | None = None) -> Decision:
        legal = legal or game.legal()
        options = weighed(game, legal, self.rng)
        unweighed = without_weighing(game, legal, options)
        if unweighed is not None:
            return unweighed
        started = time.perf_counter()
        budget = self.budget(game)
        deadline = started + budget
        first = []
        for e in options:  # greedy's values, more thinly sampled once a quarter of the budget is spent
            hurry = self.stop_now or (self.iterations is None and time.perf_counter() > deadline - 0.75 * budget)
            first.append(self.expected(game, e, self.limit(game, "hurried_leaves") if hurry else 24))
        order = sorted(range(len(options)), key=lambda i: -first[i])[: self.limit(game, "widest")]
        options, first = [options[i] for i in order], [first[i] for i in order]
        # sequential halving: every answer left is played out once per round, with the same dice for all of
        # them (common random numbers: the comparison is between answers, not luck); the worse half drops out,
        # greedy's own answer (the first) stays in as the one to beat
        runs: list[list[float]] = [[] for _ in options]
        alive = list(range(len(options)))
        done = 0
        while not self.stop_now:
            seed = self.rng.random()
            for i in alive:
                if self.stop_now or (self.iterations is not None and done >= self.iterations) or (
                        self.iterations is None and time.perf_counter() >= deadline):
                    break
                runs[i].append(self._roll_out(game, options[i], random.Random(seed)))
                done += 1
            else:
                rest = sorted(alive[1:], key=lambda k: -sum(runs[k]) / len(runs[k]))
                alive = [0] + rest[: max(1, len(alive) // 2 - 1)]
                continue
            break
        self.stop_now = False
        self.last_rollouts = done
        self.spent += time.perf_counter() - started
        return Decision(*self._pick(options, runs, self.limit(game, "margin")), len(options))

    def budget(self, game: Game) -> float:
        """Seconds for this decision: ``think``, or where the ruleset budgets a phase (``coach_phase``) what is
        left of the phase's ``phase_ms`` shared among the decisions still to come in it (at most ``think``;
        none left: greedy's answer, unless play-outs find better within the time greedy's pass takes)."""
        plan = game.rules.coach_phase(game.state, self.side)
        cap = self.limit(game, "phase_ms") / 1000
        if plan is None or not cap:
            return self.think
        phase, left = plan
        if phase != self.phase:
            self.phase, self.spent = phase, 0.0
        return max(0.0, min(self.think, (cap - self.spent) / max(1, left)))

    def limit(self, game: Game, name: str) -> int:
        """One of the search's limits (widest, reach, depth, probes, hurried_leaves, margin): the ruleset's own
        (``search_limits``: fewer, cheaper play-outs where its decisions are costly), else the coach's."""
        return game.rules.search_limits.get(name, getattr(self, name))

    def _pick(self, options: list[Event], runs: list[list[float]], margin: float) -> tuple[Event, float]:
        """Greedy's answer unless another one did better on the same dice by more than ``margin`` standard
        errors of the paired differences: noise alone must not talk the coach out of a sound move."""
        base = runs[0]
        best, best_gain = 0, 0.0
        for k in range(1, len(options)):
            m = min(len(runs[k]), len(base))
            if m < 2:
                continue
            diffs = [runs[k][r] - base[r] for r in range(m)]
            mean = sum(diffs) / m
            var = sum((d - mean) ** 2 for d in diffs) / (m - 1)
            if mean > margin * math.sqrt(var / m) and mean > best_gain:
                best, best_gain = k, mean
        value = sum(runs[best]) / len(runs[best]) if runs[best] else None
        return options[best], value

    def _roll_out(self, game: Game, event: Event, rng: random.Random) -> float:
        """Where ``event`` leads, for this coach's side: the game played on by the base policy (both sides),
        the dice from ``rng`` (the coach's own), until the turn has passed ``reach`` times."""
        g = game.clone()
        g.apply(event)
        drawer = g.rules.drawer
        actor, passes = self.side, 0
        depth, reach = self.limit(game, "depth"), self.limit(game, "reach")
        for _ in range(depth):
            legal = self._to_decision(g, rng)
            if legal is None:
                return terminal_value(g, self.side)
            if legal.actor not in (0, 1):  # a question for the table: answered at random
                g.apply(drawer.draw(legal, rng))
                continue
            if legal.actor != actor:
                actor, passes = legal.actor, passes + 1
                if passes >= reach:
                    break
            g.apply(self._base(g, legal, rng))
        return g.evaluate(self.side)

    def _base(self, g: Game, legal: Legal, rng: random.Random) -> Event:
        """The base policy: greedy on a few answers (the rules' first ones and a random few), each followed by
        one sample of the dice it leads to. When the first three look alike the choice does not show in
        ``evaluate`` yet (which figure to move, before its roll): any answer will do."""
        options = weighed(g, legal, rng)
        if len(options) == 1:
            return options[0]
        usual = usual_answer(g, legal)
        if usual is not None:
            return usual
        options = options[: self.limit(g, "probes")]
        best, best_value, seen = options[0], -1.0, set()
        for k, event in enumerate(options):
            branch = g.clone()
            branch.apply(event)
            value = (terminal_value(branch, legal.actor) if self._to_decision(branch, rng) is None
                     else branch.evaluate(legal.actor))
            seen.add(value)
            if k == 2 and len(seen) == 1:
                return options[0]
            if value > best_value:
                best, best_value = event, value
        return best

    def _to_decision(self, g: Game, rng: random.Random) -> Legal | None:
        """Roll the dice pending (the coach's own RNG) up to the next decision; None when the game is over."""
        while True:
            legal = g.legal()
            if legal.kind == "over":
                return None
            if legal.kind != "roll":
                return legal
            g.apply(g.rules.drawer.draw(legal, rng))


COACHES: dict[str, type[Coach]] = {"random": Coach, "greedy": GreedyCoach, "search": SearchCoach}


def make(level: str, side: int, seed: int = 0, think: float = DEFAULT_THINK,
         iterations: int | None = None) -> Coach:
    try:
        cls = COACHES[level]
    except KeyError:
        raise ValueError(f"unknown coach level {level!r}: choose from {', '.join(LEVELS)}") from None
    return cls(side, seed, think, iterations)


Decider = Callable[[Game, Legal], Event]


def deciders(coaches: dict[int, Coach], rng: random.Random, drawer: Drawer) -> Decider:
    """One decide function for a whole game whose ruleset draws random answers with ``drawer``: each side's coach
    answers its own questions; questions for the table (no side) are answered at random, as a table would."""
    drawn = {side: c.rng for side, c in coaches.items() if type(c) is Coach}  # the random level: no Decision
    if len(drawn) == len(coaches):
        return RandomAnswers(drawn, rng, drawer)  # (play_out draws these inline)

    def decide(game: Game, legal: Legal) -> Event:
        actor = legal.actor
        own = drawn.get(actor)
        if own is not None:
            return drawer.draw(legal, own)  # what Coach.decide draws
        coach = coaches.get(actor)
        if coach is None:
            return drawer.draw(legal, rng)
        return coach.decide(game, legal).event
    return decide
