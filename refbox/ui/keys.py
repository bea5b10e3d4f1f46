"""Keyboard model of the game screen: which key picks which option, and typing die faces.

Reserved letters are global bindings (d dice mode, q quit, r roll, u undo, U redo, ? help).
"""

from __future__ import annotations

from dataclasses import dataclass, field
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


@dataclass
class FaceEntry:
    """Faces typed for a roll, one die at a time.

    A d6 (or any die under 10 sides) takes one key per face. Bigger dice take one or two digits:
    the face is taken as soon as no further digit could extend it (on a d12, "2" is 2 at once;
    "1" waits for a second digit, Enter or Space).
    """

    sides: list[int]
    faces: list[int] = field(default_factory=list)
    pending: str = ""

    @property
    def complete(self) -> bool:
        return len(self.faces) == len(self.sides)

    @property
    def current_sides(self) -> int:
        return self.sides[len(self.faces)]

    def type(self, char: str) -> None:
        """Add one typed character. Raises InvalidInput (and changes nothing) for a bad key."""
        if self.complete:
            raise InvalidInput("All the dice are entered already.")
        sides = self.current_sides
        if not digits(char):
            raise InvalidInput(f"{char!r} is not a die face: type a number from 1 to {sides}.")
        text = self.pending + char
        value = int(text)
        if value == 0 or value > sides:
            self.pending = ""
            raise InvalidInput(f"{text} is not a face of a d{sides}: type 1 to {sides}.")
        if value * 10 > sides:
            self.faces.append(value)
            self.pending = ""
        else:
            self.pending = text

    def commit(self) -> bool:
        """Enter/Space: take a pending one-digit face on a big die. True if something was taken."""
        if self.pending:
            self.faces.append(int(self.pending))
            self.pending = ""
            return True
        return False

    def back(self) -> None:
        if self.pending:
            self.pending = ""
        elif self.faces:
            self.faces.pop()
