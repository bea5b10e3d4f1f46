"""Keyboard model of the game screen: which key picks which option, and typing die faces.

Reserved letters are global bindings (d dice mode, q quit, r roll, u undo, U redo, ? help).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from refbox.engine.errors import InvalidInput
from refbox.engine.text import digits

RESERVED = set("dqruU")
OPTION_KEYS = [
    *"123456789", "0",
    *(c for c in "abcdefghijklmnopqrstuvwxyz" if c not in RESERVED),
    *(c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in RESERVED),
]
"""Keys for options in order (57 of them); any further options are reached with the arrows and Enter."""


def option_keys(count: int) -> list[str]:
    """Keys for ``count`` options with no keys of their own."""
    return assign_keys([""] * count)


def assign_keys(preferred: list[str]) -> list[str]:
    """One key per option: its own (``Option.key``) where it has one that is free, else the next free key.

    Past the single keys, options get two-key codes (a prefix letter, then any key), like a browser's link
    hints; no code is the start of another, so every key press is unambiguous."""
    return list(_assign(tuple(preferred)))


@lru_cache(maxsize=64)
def _assign(preferred: tuple[str, ...]) -> tuple[str, ...]:
    """assign_keys, kept for the lists seen lately (a board's hundreds of squares are keyed on every redraw)."""
    keys = [""] * len(preferred)
    taken: set[str] = set()
    for i, key in enumerate(preferred):
        if key and key not in taken and key[0] not in RESERVED_CHARS:
            keys[i] = key
            taken.add(key)
    prefixes_taken = {k[0] for k in taken if len(k) > 1}
    pool = [k for k in OPTION_KEYS if k not in taken and k not in prefixes_taken]
    missing = keys.count("")
    prefixes: list[str] = []
    while missing > len(pool) - len(prefixes) + len(prefixes) * len(OPTION_KEYS) and len(prefixes) < len(pool):
        prefixes.append(pool[len(pool) - 1 - len(prefixes)])
    singles = pool[: len(pool) - len(prefixes)]
    codes = iter([*singles, *(p + k for p in reversed(prefixes) for k in OPTION_KEYS if p + k not in taken)])
    for i, key in enumerate(keys):
        if not key:
            keys[i] = next(codes, "")
    return tuple(keys)


RESERVED_CHARS = set("dqruU?")


@dataclass(frozen=True, slots=True)
class FaceEntry:
    """Faces typed for a roll, one die at a time (immutable: every key gives a new entry).

    A d6 (or any die under 10 sides) takes one key per face. Bigger dice take one or two digits:
    the face is taken as soon as no further digit could extend it (on a d12, "2" is 2 at once;
    "1" waits for a second digit, Enter or Space).
    """

    sides: tuple[int, ...]
    faces: tuple[int, ...] = ()
    pending: str = ""

    @classmethod
    def for_dice(cls, sides) -> "FaceEntry":
        return cls(tuple(sides))

    @property
    def complete(self) -> bool:
        return len(self.faces) == len(self.sides)

    @property
    def current_sides(self) -> int:
        return self.sides[len(self.faces)]

    def type(self, char: str) -> "FaceEntry":
        """The entry with one more typed character. Raises InvalidInput for a bad key (then what stays is
        ``without_pending()``: the faces typed before, not the refused digits)."""
        if self.complete:
            raise InvalidInput("All the dice are entered already.")
        sides = self.current_sides
        if not digits(char):
            raise InvalidInput(f"{char!r} is not a die face: type a number from 1 to {sides}.")
        text = self.pending + char
        value = int(text)
        if value == 0 or value > sides:
            raise InvalidInput(f"{text} is not a face of a d{sides}: type 1 to {sides}.")
        if value * 10 > sides:
            return FaceEntry(self.sides, (*self.faces, value))
        return FaceEntry(self.sides, self.faces, text)

    def commit(self) -> "FaceEntry":
        """Enter/Space: a pending one-digit face on a big die taken (the entry itself if none is pending)."""
        if not self.pending:
            return self
        return FaceEntry(self.sides, (*self.faces, int(self.pending)))

    def without_pending(self) -> "FaceEntry":
        return FaceEntry(self.sides, self.faces) if self.pending else self

    def back(self) -> "FaceEntry":
        """Backspace: the pending digit goes, else the last face."""
        if self.pending:
            return self.without_pending()
        return FaceEntry(self.sides, self.faces[:-1])


# ---- typing a number ----


def number_is_complete(typed: str, low: int, high: int) -> bool:
    """True when ``typed`` is in range and no further digit could make it another number in range: then it
    is taken without Enter ("7" of 1-12 at once; "1" waits, it may become 10, 11 or 12)."""
    try:
        value = int(typed)
    except ValueError:
        return False
    if not low <= value <= high:
        return False
    if typed.lstrip("-") == "0":
        return True
    return not any(low <= int(typed + digit) <= high for digit in "0123456789")


def could_become(typed: str, low: int, high: int) -> bool:
    """True if ``typed`` is, or may still become with more digits, a number from ``low`` to ``high`` (then it
    is kept; otherwise it is refused at once, like a die face no die has). A leading zero ends a number."""
    sign = -1 if typed.startswith("-") else 1
    body = typed[1:] if sign < 0 else typed
    if not body:
        return sign > 0 or low < 0
    if not body.isdigit():
        return False
    room = max(len(str(low)), len(str(high))) - len(typed)  # the most characters a number in range takes
    for extra in range(max(room, 0) + 1 if body != "0" else 1):
        first, last = int(body + "0" * extra), int(body + "9" * extra)
        lo, hi = (first, last) if sign > 0 else (-last, -first)
        if lo <= high and hi >= low:
            return True
    return False


UNITS_AFTER_A_NUMBER = ("momentum", "power")
"""Units without a plural that read after a number ("7 momentum"); a unit ending in s ("squares") or an
abbreviation ("min", "in") does too. Any other unit names one thing: "a sector from 1 to 12"."""


def range_words(low: int, high: int, unit: str) -> str:
    """What to enter, in words: "a number from 0 to 6", "1 to 40 squares", "a sector from 1 to 12"."""
    if not unit:
        return f"a number from {low} to {high}"
    if unit_after_a_number(unit):
        return f"{low} to {high} {unit}"
    article = "an" if unit[0].lower() in "aeiou" else "a"
    return f"{article} {unit} from {low} to {high}"


def unit_after_a_number(unit: str) -> bool:
    return unit.endswith("s") or len(unit) <= 3 or unit in UNITS_AFTER_A_NUMBER


def out_of_range(typed: str, low: int, high: int, unit: str) -> str:
    """The message for a typed number out of range: "13 is out of range: enter a sector from 1 to 12." """
    amount = f"{typed} {unit}" if unit and unit_after_a_number(unit) else typed
    return f"{amount} is out of range: enter {range_words(low, high, unit)}."
