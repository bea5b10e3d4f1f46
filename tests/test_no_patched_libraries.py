"""refbox uses its libraries as they ship: importing all of it leaves pydantic's classes as they were, adds no
import finder, and no module writes a library's private slots; the package is pure Python (nothing compiled on
install)."""

from __future__ import annotations

import importlib
import pkgutil
import re
import sys
from pathlib import Path

import pydantic

import refbox

PACKAGE = Path(refbox.__file__).resolve().parent
ROOT = PACKAGE.parent


def every_module() -> list[str]:
    """Every refbox module but the entry point (importing ``refbox.__main__`` starts the app)."""
    return sorted(m.name for m in pkgutil.walk_packages(refbox.__path__, "refbox.") if not m.name.endswith("__main__"))


def test_importing_all_of_refbox_leaves_pydantic_and_the_import_system_as_they_were():
    base_model = dict(pydantic.BaseModel.__dict__)
    finders = list(sys.meta_path)
    for name in every_module():
        importlib.import_module(name)
    assert dict(pydantic.BaseModel.__dict__).keys() == base_model.keys(), "a BaseModel attribute was added or deleted"
    assert all(pydantic.BaseModel.__dict__[k] is v for k, v in base_model.items()), "a BaseModel attribute was replaced"
    assert "__getattr__" in pydantic.BaseModel.__dict__
    assert [f for f in sys.meta_path if f not in finders and "refbox" in type(f).__module__] == []


def test_no_module_writes_a_librarys_private_slots():
    private = re.compile(r"['\"]__pydantic_\w+__['\"]|\.__pydantic_\w+__\s*=[^=]|del \w+\.__getattr__")
    found = [f"{p.relative_to(ROOT)}:{n}" for p in sorted(PACKAGE.rglob("*.py"))
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if private.search(line)]
    assert found == []


def test_the_package_is_pure_python():
    compiled = [p for p in PACKAGE.rglob("*") if p.suffix in {".pyx", ".pxd", ".c", ".so", ".pyd"}]
    assert compiled == []
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert "cython" not in pyproject.lower() and "build-hook" not in pyproject and "hooks.custom" not in pyproject
