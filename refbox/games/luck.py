"""The ``wins`` half of a Roll's luck pair (issue 15) as a value: a module-level test of the faces and the numbers
it needs. Two prompts built from equal states compare equal (a lambda would not: tests compare prompts of twin
matches), and nothing of the live state is captured, so a prompt built before an input still judges its own roll
after the state has moved on."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True, slots=True)
class Wins:
    test: Callable[..., bool]
    """``test(faces, *args)``: did the roll go the actor's way?"""
    args: tuple[Any, ...] = ()

    def __call__(self, faces: list[int]) -> bool:
        return bool(self.test(faces, *self.args))


def all_different(faces: list[int]) -> bool:
    return len(set(faces)) == len(faces)
