"""Game state to JSON and back, validated: where a state enters from a file (a checkpoint), pydantic checks it
against the state's own type hints (``TypeAdapter`` over a slotted dataclass), so the rules can trust it."""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar

from pydantic import TypeAdapter

T = TypeVar("T")


@cache
def adapter(cls: type) -> TypeAdapter:
    """Pydantic's validator and serialiser for a state class (built once per class: it takes milliseconds)."""
    return TypeAdapter(cls)


def dump(obj: Any) -> Any:
    """The object as JSON-ready data (lists, dicts, strings, numbers)."""
    return adapter(type(obj)).dump_python(obj, mode="json")


def load(cls: type[T], data: Any) -> T:
    """An object of ``cls`` from JSON data, every field checked (raises pydantic's ValidationError)."""
    return adapter(cls).validate_python(data)
