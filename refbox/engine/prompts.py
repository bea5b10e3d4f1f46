"""What a match needs next (a prompt) and what the table answers (an event).

A rules module exposes ``prompt(state) -> Prompt`` (everything a screen shows: labels, hints, odds) and,
optionally, ``legal(state) -> Legal`` (only the legal answers: ids, dice, bounds; cheap, for the computer
coach, the simulator and checking). ``check(legal, event)`` validates an event before any rule sees it,
so a bad answer changes nothing.

Prompts and events are plain slotted dataclasses: they are built on every input, so they must be cheap.
Validation happens at the boundaries: ``Event.from_json`` for journal lines, ``check`` for answers.
"""

from __future__ import annotations

from bisect import bisect
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import accumulate, repeat
from typing import Any, Callable, Literal, NamedTuple, Union

from refbox.engine.errors import InvalidInput
from refbox.engine.text import digits, problem

Actor = int | None
"""Whose decision a prompt is: a team index (0 or 1), or None for the referee / the table."""

Kind = Literal["choose", "pick", "roll", "number", "confirm", "over"]
Source = Literal["physical", "digital"]


@dataclass(slots=True)
class Option:
    id: str
    """The value journaled when this option is chosen."""
    label: str = ""
    hint: str = ""
    actor: Actor = None
    """Team the option belongs to, for colouring (None: neutral)."""
    key: str = ""
    """Its own key, the same in every prompt so hands can learn it ("done" always 1, a figure always its
    letter); "" takes the next free key. One or two characters."""
    at: tuple[int, int] | None = None
    """The board square this option stands for (a destination, a figure): its key is drawn there."""
    chance: float | None = None
    """The exact chance that choosing this works out, shown beside it (which tackler, which receiver)."""
    chance_of: str = ""
    """What ``chance`` is the chance of, in a few words ("the pass being caught"): the computer coach's note in
    the log says it beside the number."""


@dataclass(slots=True)
class Refusal:
    """An action that exists but is not legal now, and why: the message a user gets if they try it."""

    id: str
    label: str
    reason: str
    key: str = ""
    """The key the action has where it is offered (a figure's letter): pressed now, it says why not."""


@dataclass(slots=True)
class DieSpec:
    sides: int
    label: str = ""
    """Whose die and what for, e.g. "Red Tremple 1 (Fling 4)"."""
    note: str = ""
    """What this die needs, e.g. "wakes on 1-3 (50.0 %)"."""

    def __post_init__(self) -> None:
        if not 2 <= self.sides <= 100:
            raise ValueError(f"a die has 2 to 100 sides, not {self.sides}")


@dataclass(slots=True)
class Outcome:
    label: str
    probability: float
    """Exact odds computed with icepool, stored as a float for display."""


@dataclass(slots=True)
class Choose:
    actor: Actor = None
    text: str = ""
    options: tuple[Option, ...] = ()
    refused: tuple[Refusal, ...] = ()
    kind: Literal["choose"] = "choose"
    explain: Callable[[object], str | None] | None = None
    """Why an answer that is not offered is refused, in words, where ``refused`` does not list it (a square
    beyond a line: too many to list); it returns None where it has nothing to say. A value, not a closure, so
    that two prompts built alike compare equal. The board names a square as its answer would (the game's
    ids), so the screen asks it about a square that has no answer too."""


@dataclass(slots=True)
class Pick:
    """Choose any subset of options (figures in base contact, figures near a coach's path)."""

    actor: Actor = None
    text: str = ""
    options: tuple[Option, ...] = ()
    refused: tuple[Refusal, ...] = ()
    min: int = 0
    max: int | None = None
    kind: Literal["pick"] = "pick"


@dataclass(slots=True)
class Roll:
    """A chance node: the dice, what they are for, what succeeds, and the exact odds."""

    actor: Actor = None
    text: str = ""
    purpose: str = ""
    dice: tuple[DieSpec, ...] = ()
    success: str = ""
    odds: tuple[Outcome, ...] = ()
    kind: Literal["roll"] = "roll"
    chance: float | None = None
    """For the luck figures of a match report: the exact chance that this roll goes the actor's way..."""
    wins: Callable[[list[int]], bool] | None = None
    """...and, given the faces, whether it did. Both set, or neither (a roll with no side, or no success)."""


@dataclass(slots=True)
class Number:
    """A bounded value only the table knows: a distance, a count, momentum."""

    actor: Actor = None
    text: str = ""
    min: int = 0
    max: int = 0
    unit: str = ""
    kind: Literal["number"] = "number"


@dataclass(slots=True)
class Confirm:
    """A table action to perform and acknowledge (reset the figures after Break Play)."""

    actor: Actor = None
    text: str = ""
    kind: Literal["confirm"] = "confirm"


@dataclass(slots=True)
class GameOver:
    actor: Actor = None
    text: str = ""
    kind: Literal["over"] = "over"


Prompt = Union[Choose, Pick, Roll, Number, Confirm, GameOver]


class LazyIds(Sequence):
    """A long list of answer ids, written out only when someone reads all of it (a move's hundred squares:
    random play only counts them and takes one). It equals, hashes and prints as the tuple it lists.

    A subclass sets ``head`` (the ids listed first: the only ones a random weight may name; the rest weigh 1)
    and ``size``, and gives ``_rest(k)`` (the k-th id after the head) and ``_listed()`` (every id, in order);
    ``__contains__`` is worth overriding."""

    __slots__ = ("head", "size", "_all")

    def __init__(self, head: tuple[str, ...], size: int) -> None:
        self.head, self.size, self._all = head, size, None

    def _rest(self, k: int) -> str:
        raise NotImplementedError

    def _listed(self) -> tuple[str, ...]:
        raise NotImplementedError

    def listed(self) -> tuple[str, ...]:
        got = self._all
        if got is None:
            got = self._all = self._listed()
        return got

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, k: Any) -> Any:
        if isinstance(k, slice):
            return self.listed()[k]
        if k < 0:
            k += self.size
        if not 0 <= k < self.size:
            raise IndexError("answer index out of range")
        return self._pick(k)

    def _pick(self, k: int) -> str:
        head = self.head
        return head[k] if k < len(head) else self._rest(k - len(head))

    def __iter__(self):
        return iter(self.listed())

    def __contains__(self, value: object) -> bool:
        return value in self.listed()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (tuple, LazyIds)):
            return self.listed() == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.listed())

    def __repr__(self) -> str:
        return repr(self.listed())

    def draw(self, rng: Any, weights: dict[str, float] | None) -> str:
        """One id at random, drawn as ``random_event`` draws from the listed tuple (the same calls on ``rng``,
        the same answer: weights are halves and whole numbers, so their running totals are exact). A subclass
        may draw by other calls with the same odds (Monster Ball's MenuIds: docs/ADDING_A_RULESET.md)."""
        n = self.size
        if not weights:
            return self._pick(rng._randbelow(n))
        head = self.head
        if not head or weights.keys().isdisjoint(head):
            return self._pick(int(rng.random() * n))
        tops = list(accumulate(map(weights.get, head, repeat(1.0))))
        top = tops[-1]
        x = rng.random() * (top + (n - len(head)))
        if x < top:
            return self._pick(bisect(tops, x, 0, min(len(tops), n - 1)))
        j = int(x - top)  # the totals after the head are top + 1, top + 2, ...: count those <= x
        while j and top + j > x:
            j -= 1
        while top + j + 1 <= x:
            j += 1
        return self._pick(min(len(head) + j, n - 1))


class Legal(NamedTuple):
    """The legal answers to a prompt and nothing else: what a computer coach, the simulator and ``check``
    need. ``ids`` for choose/pick, ``sides`` for a roll, ``min``/``max`` for a number or a pick's size.
    Immutable; a named tuple because one is built for most inputs (a frozen dataclass took three times as long)."""

    kind: Kind
    actor: Actor = None
    ids: tuple[str, ...] | LazyIds = ()
    sides: tuple[int, ...] = ()
    min: int = 0
    max: int | None = None


def legal_of(prompt: Prompt) -> Legal:
    """The legal answers a full prompt offers (the slow path, for rules without their own ``legal``)."""
    kind = prompt.kind
    if kind == "choose":
        return Legal("choose", prompt.actor, tuple(o.id for o in prompt.options))
    if kind == "pick":
        return Legal("pick", prompt.actor, tuple(o.id for o in prompt.options), min=prompt.min, max=prompt.max)
    if kind == "roll":
        return Legal("roll", prompt.actor, sides=tuple(d.sides for d in prompt.dice))
    if kind == "number":
        return Legal("number", prompt.actor, min=prompt.min, max=prompt.max)
    return Legal(kind, prompt.actor)


def choice(actor: Actor, *ids: str) -> Legal:
    return Legal("choose", actor, ids)


def dice(actor: Actor, *sides: int) -> Legal:
    return Legal("roll", actor, sides=sides)


COACH_LEVELS = ("random", "greedy", "search")
"""The computer coach's levels (refbox.engine.coach), as a note names them."""

NOTE_MAX = 400
"""The longest part of a coach's note (an answer's label, its reason)."""


@dataclass(slots=True, frozen=True)
class CoachNote:
    """Why the computer coach gave an answer, journaled with it and written to the log: its level, the answer it
    chose (as the prompt labelled it) and its reason, every percentage saying what it is the chance of."""

    level: str
    answer: str
    why: str = ""

    def line(self) -> str:
        """The log line, e.g. "Computer (search) chose Pass to RB2: chance of the pass being caught 62 %"."""
        return f"Computer ({self.level}) chose {self.answer}" + (f": {self.why}" if self.why else "")

    def to_json(self) -> dict:
        return {"level": self.level, "answer": self.answer, "why": self.why}

    @classmethod
    def from_json(cls, obj: object) -> "CoachNote":
        if not isinstance(obj, dict):
            raise ValueError("event.coach: not an object")
        unknown = set(obj) - {"level", "answer", "why"}
        if unknown:
            raise ValueError(f"event.coach.{sorted(unknown)[0]}: unknown field")
        level, answer, why = obj.get("level"), obj.get("answer"), obj.get("why", "")
        if level not in COACH_LEVELS:
            raise ValueError(f"event.coach.level: {level!r} is not a coach level")
        for name, text in (("answer", answer), ("why", why)):
            if not isinstance(text, str):
                raise ValueError(f"event.coach.{name}: not text")
            if len(text) > NOTE_MAX:
                raise ValueError(f"event.coach.{name}: {len(text)} characters long; at most {NOTE_MAX}")
            trouble = problem(text)
            if trouble:
                raise ValueError(f"event.coach.{name}: {trouble}")
        return cls(level, answer, why)


@dataclass(slots=True, frozen=True)
class Event:
    """One input, exactly as journaled. ``value`` is an option id, a list of ids, faces or a number."""

    kind: Literal["choose", "pick", "roll", "number", "confirm"]
    value: str | int | list[int] | list[str] | None = None
    source: Source | None = None
    text: str | None = field(default=None, compare=False, repr=False)
    """Its canonical JSON when read from a journal line whose hash matched it (saves re-encoding it)."""
    coach: CoachNote | None = field(default=None, compare=False)
    """The computer coach's note when it gave this answer (None: a person's answer, or a roll). Not part of
    what the answer is: the same answer with or without a note plays the same."""

    def to_json(self, notes: bool = True) -> dict:
        out: dict = {"kind": self.kind}
        if self.value is not None:
            out["value"] = self.value
        if self.source is not None:
            out["source"] = self.source
        if notes and self.coach is not None:
            out["coach"] = self.coach.to_json()
        return out

    @classmethod
    def from_json(cls, obj: object) -> "Event":
        """An event read from a file: every field checked, a ValueError naming the first problem."""
        if not isinstance(obj, dict):
            raise ValueError("event: not an object")
        unknown = set(obj) - {"kind", "value", "source", "coach"}
        if unknown:
            raise ValueError(f"event.{sorted(unknown)[0]}: unknown field")
        kind, value, source = obj.get("kind"), obj.get("value"), obj.get("source")
        if kind not in ("choose", "pick", "roll", "number", "confirm"):
            raise ValueError(f"event.kind: {kind!r} is not an input kind")
        if source not in (None, "physical", "digital"):
            raise ValueError(f"event.source: {source!r} is not physical or digital")
        if not _FITS[kind](value):
            raise ValueError(f"event.value: {value!r} does not fit a {kind} input")
        note = obj.get("coach")
        if note is None:
            return cls(kind, value, source)
        if kind == "roll":
            raise ValueError("event.coach: a roll carries no coach's note")
        return cls(kind, value, source, coach=CoachNote.from_json(note))


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


_FITS = {
    "choose": lambda value: isinstance(value, str),
    "pick": lambda value: isinstance(value, list) and all(isinstance(v, str) for v in value),
    "roll": lambda value: isinstance(value, list) and all(_is_int(v) for v in value),
    "number": _is_int,
    "confirm": lambda value: value is None,
}
"""What value each input kind carries."""


def choose(option_id: str) -> Event:
    return Event(kind="choose", value=option_id)


def pick(*ids: str) -> Event:
    return Event(kind="pick", value=list(ids))


def roll(*faces: int, source: Source = "physical") -> Event:
    return Event(kind="roll", value=list(faces), source=source)


def number(n: int) -> Event:
    return Event(kind="number", value=n)


def confirm() -> Event:
    return Event(kind="confirm")


def check(legal: Legal | Prompt, event: Event, prompt: Prompt | None = None) -> None:
    """Raise InvalidInput unless ``event`` is a well-formed, legal answer.

    ``legal`` may be a full prompt (tests, old callers). ``prompt``, when given, words the message
    for an option that exists but is refused now ("Not now: ... already whapped this turn")."""
    if not isinstance(legal, Legal):
        prompt = legal
        legal = legal_of(legal)
    if legal.kind == "over":
        raise InvalidInput("The match is over: there is nothing left to answer. Undo to go back.")
    if event.kind != legal.kind:
        raise InvalidInput(f"Expected {_kind_words(legal.kind)} here, not {_kind_words(event.kind)}.")
    kind, value = legal.kind, event.value
    if kind == "choose":
        if value not in legal.ids:
            raise InvalidInput(_not_a_choice(prompt, value))
    elif kind == "pick":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise InvalidInput("Expected a list of choices.")
        unknown = [v for v in value if v not in legal.ids]
        if unknown:
            raise InvalidInput(_not_a_choice(prompt, unknown[0]))
        if len(set(value)) != len(value):
            raise InvalidInput("The same choice was picked twice.")
        if len(value) < legal.min:
            raise InvalidInput(f"Pick at least {legal.min}.")
        if legal.max is not None and len(value) > legal.max:
            raise InvalidInput(f"Pick at most {legal.max}.")
    elif kind == "roll":
        labels = tuple(d.label for d in prompt.dice) if isinstance(prompt, Roll) else ()
        check_faces(legal.sides, value, labels)
    elif kind == "number":
        if not _is_int(value):
            raise InvalidInput("Expected a whole number.")
        if not legal.min <= value <= legal.max:
            unit = f" {prompt.unit}" if isinstance(prompt, Number) and prompt.unit else ""
            raise InvalidInput(f"{value}{unit} is out of range: enter {legal.min} to {legal.max}{unit}.")


def _not_a_choice(prompt: Prompt | None, value: object) -> str:
    for refusal in getattr(prompt, "refused", ()):
        if refusal.id == value:
            return f"Not now: {refusal.label}: {refusal.reason}."
    explain = getattr(prompt, "explain", None)
    why = explain(value) if explain is not None else None
    return why or f"{value!r} is not one of the choices here."


def check_faces(sides: tuple[int, ...] | tuple[DieSpec, ...], faces: object, labels: tuple[str, ...] = ()) -> None:
    sides = tuple(s.sides if isinstance(s, DieSpec) else s for s in sides)
    if not isinstance(faces, list) or not all(_is_int(f) for f in faces):
        raise InvalidInput("Expected die faces as whole numbers.")
    if len(faces) != len(sides):
        raise InvalidInput(f"Expected {len(sides)} die face(s), got {len(faces)}.")
    for i, (n, face) in enumerate(zip(sides, faces)):
        if not 1 <= face <= n:
            whose = f" ({labels[i]})" if i < len(labels) and labels[i] else ""
            raise InvalidInput(f"{face} is not a face of a d{n}{whose}: enter 1 to {n}.")


def parse_face(text: str, sides: int) -> int:
    """Turn what a user typed for one die into a face, or raise InvalidInput with the reason."""
    text = text.strip()
    if not digits(text):
        raise InvalidInput(f"{text!r} is not a die face: type a number from 1 to {sides}.")
    face = int(text)
    if not 1 <= face <= sides:
        raise InvalidInput(f"{face} is not a face of a d{sides}: type 1 to {sides}.")
    return face


def _kind_words(kind: str) -> str:
    return {
        "choose": "a choice",
        "pick": "a selection",
        "roll": "die faces",
        "number": "a number",
        "confirm": "a confirmation",
        "over": "nothing (the match is over)",
    }[kind]

