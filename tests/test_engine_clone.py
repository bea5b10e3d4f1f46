"""The fast clone: a deep copy of mutable state (slotted dataclasses, and a pydantic model where one sits in a
state); what cannot change (frozen models and dataclasses, tuples of plain values) is shared rather than copied."""

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

from refbox.engine.clone import clone


class Fixed(BaseModel):
    model_config = ConfigDict(frozen=True)
    name: str


class Inner(BaseModel):
    items: list[int] = []


@dataclass(slots=True)
class Outer:
    inner: Inner
    fixed: list[Fixed]
    where: dict[str, tuple[int, int]]
    mixed: tuple[list[int], int]


def make() -> Outer:
    return Outer(inner=Inner(items=[1]), fixed=[Fixed(name="a")], where={"a": (1, 2)}, mixed=([1], 2))


def test_mutable_parts_are_copied():
    a = make()
    b = clone(a)
    b.inner.items.append(2)
    b.where["b"] = (3, 4)
    b.mixed[0].append(5)
    assert a == make() and b != a


def test_what_cannot_change_is_shared():
    a = make()
    b = clone(a)
    assert b.fixed[0] is a.fixed[0] and b.where["a"] is a.where["a"]
    assert b.fixed is not a.fixed and b.mixed is not a.mixed
