"""What a match needs next (a prompt) and what the table answers (an event).

A rules module exposes ``prompt(state) -> Prompt`` and ``apply(state, event)``.
``check(prompt, event)`` validates an event against its prompt before any rule sees it,
so a bad answer changes nothing.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from refbox.engine.errors import InvalidInput

Actor = int | None
"""Whose decision a prompt is: a team index (0 or 1), or None for the referee / the table."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Option(_Frozen):
    id: str
    """The value journaled when this option is chosen."""
    label: str
    hint: str = ""
    actor: Actor = None
    """Team the option belongs to, for colouring (None: neutral)."""


class Refusal(_Frozen):
    """An action that exists but is not legal now, and why: the message a user gets if they try it."""

    id: str
    label: str
    reason: str


class DieSpec(_Frozen):
    sides: int = Field(ge=2, le=100)
    label: str
    """Whose die and what for, e.g. "Red Tremple 1 (Fling 4)"."""
    note: str = ""
    """What this die needs, e.g. "wakes on 1-3 (50.0 %)"."""


class Outcome(_Frozen):
    label: str
    probability: float = Field(ge=0.0, le=1.0)
    """Exact odds computed with icepool, stored as a float for display."""


class Choose(_Frozen):
    kind: Literal["choose"] = "choose"
    actor: Actor = None
    text: str
    options: tuple[Option, ...]
    refused: tuple[Refusal, ...] = ()


class Pick(_Frozen):
    """Choose any subset of options (figures in base contact, figures near a coach's path)."""

    kind: Literal["pick"] = "pick"
    actor: Actor = None
    text: str
    options: tuple[Option, ...]
    refused: tuple[Refusal, ...] = ()
    min: int = 0
    max: int | None = None


class Roll(_Frozen):
    """A chance node: the dice, what they are for, what succeeds, and the exact odds."""

    kind: Literal["roll"] = "roll"
    actor: Actor = None
    text: str
    purpose: str
    dice: tuple[DieSpec, ...]
    success: str
    odds: tuple[Outcome, ...] = ()


class Number(_Frozen):
    """A bounded value only the table knows: a distance, a count, momentum."""

    kind: Literal["number"] = "number"
    actor: Actor = None
    text: str
    min: int
    max: int
    unit: str = ""


class Confirm(_Frozen):
    """A table action to perform and acknowledge (reset the figures after Break Play)."""

    kind: Literal["confirm"] = "confirm"
    actor: Actor = None
    text: str


class GameOver(_Frozen):
    kind: Literal["over"] = "over"
    actor: Actor = None
    text: str


Prompt = Annotated[Union[Choose, Pick, Roll, Number, Confirm, GameOver], Field(discriminator="kind")]


class Event(_Frozen):
    """One input, exactly as journaled. ``value`` is an option id, a list of ids, faces or a number."""

    kind: Literal["choose", "pick", "roll", "number", "confirm"]
    value: str | int | list[int] | list[str] | None = None
    source: Literal["physical", "digital"] | None = None


def choose(option_id: str) -> Event:
    return Event(kind="choose", value=option_id)


def pick(*ids: str) -> Event:
    return Event(kind="pick", value=list(ids))


def roll(*faces: int, source: Literal["physical", "digital"] = "physical") -> Event:
    return Event(kind="roll", value=list(faces), source=source)


def number(n: int) -> Event:
    return Event(kind="number", value=n)


def confirm() -> Event:
    return Event(kind="confirm")


def check(prompt: Choose | Pick | Roll | Number | Confirm | GameOver, event: Event) -> None:
    """Raise InvalidInput unless ``event`` is a well-formed answer to ``prompt``."""
    if isinstance(prompt, GameOver):
        raise InvalidInput("The match is over: there is nothing left to answer. Undo to go back.")
    if event.kind != prompt.kind:
        raise InvalidInput(f"Expected {_kind_words(prompt.kind)} here, not {_kind_words(event.kind)}.")
    if isinstance(prompt, Choose):
        ids = [o.id for o in prompt.options]
        if event.value not in ids:
            raise InvalidInput(_not_a_choice(prompt, event.value))
    elif isinstance(prompt, Pick):
        ids = {o.id for o in prompt.options}
        values = event.value if isinstance(event.value, list) else None
        if values is None or not all(isinstance(v, str) for v in values):
            raise InvalidInput("Expected a list of choices.")
        unknown = [v for v in values if v not in ids]
        if unknown:
            raise InvalidInput(_not_a_choice(prompt, unknown[0]))
        if len(set(values)) != len(values):
            raise InvalidInput("The same choice was picked twice.")
        if len(values) < prompt.min:
            raise InvalidInput(f"Pick at least {prompt.min}.")
        if prompt.max is not None and len(values) > prompt.max:
            raise InvalidInput(f"Pick at most {prompt.max}.")
    elif isinstance(prompt, Roll):
        check_faces(prompt.dice, event.value)
    elif isinstance(prompt, Number):
        value = event.value
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidInput("Expected a whole number.")
        if not prompt.min <= value <= prompt.max:
            unit = f" {prompt.unit}" if prompt.unit else ""
            raise InvalidInput(f"{value}{unit} is out of range: enter {prompt.min} to {prompt.max}{unit}.")


def _not_a_choice(prompt: Choose | Pick, value: object) -> str:
    for refusal in prompt.refused:
        if refusal.id == value:
            return f"Not now: {refusal.label}: {refusal.reason}."
    return f"{value!r} is not one of the choices here."


def check_faces(dice: tuple[DieSpec, ...], faces: object) -> None:
    if not isinstance(faces, list) or not all(isinstance(f, int) and not isinstance(f, bool) for f in faces):
        raise InvalidInput("Expected die faces as whole numbers.")
    if len(faces) != len(dice):
        raise InvalidInput(f"Expected {len(dice)} die face(s), got {len(faces)}.")
    for die, face in zip(dice, faces):
        if not 1 <= face <= die.sides:
            raise InvalidInput(f"{face} is not a face of a d{die.sides} ({die.label}): enter 1 to {die.sides}.")


def parse_face(text: str, sides: int) -> int:
    """Turn what a user typed for one die into a face, or raise InvalidInput with the reason."""
    text = text.strip()
    if not text.isdigit():
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
