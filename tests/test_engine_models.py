"""refbox's pydantic models read their fields as plain attributes (refbox.engine.state takes pydantic's
``__getattr__`` hook away), which is sound only while no model has private attributes or extra fields."""

import importlib
import pkgutil

import pytest
from pydantic import BaseModel

import refbox
from refbox.engine.state import LogLine


def refbox_models() -> list[type[BaseModel]]:
    for info in pkgutil.walk_packages(refbox.__path__, "refbox."):
        if not info.name.endswith("__main__"):  # running it would start refbox
            importlib.import_module(info.name)
    found, todo = [], list(BaseModel.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__module__.startswith("refbox."):
            found.append(cls)
    return found


def test_no_model_has_private_attributes_or_extra_fields():
    models = refbox_models()
    assert len(models) > 30
    for cls in models:
        assert not cls.__private_attributes__, f"{cls.__qualname__} has private attributes"
        assert cls.model_config.get("extra") != "allow", f"{cls.__qualname__} allows extra fields"


def test_fields_read_plainly_and_a_missing_attribute_is_still_an_attribute_error():
    assert "__getattr__" not in BaseModel.__dict__
    line = LogLine(stamp="T1", text="kick-off")
    assert line.text == "kick-off"
    with pytest.raises(AttributeError):
        line.nothing  # noqa: B018
