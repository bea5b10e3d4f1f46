"""Compiled engine modules: the hot modules of random play, built with Cython when refbox is installed, and used
only while their source is the source they were built from.

Installing refbox (``pip install .`` or ``-e .``) compiles the modules in ``MODULES`` from their unchanged
Python source (hatch_build.py; skipped, with a warning, where there is no C compiler, or with
``REFBOX_NATIVE=0``). Each build is kept in ``refbox/_native/`` under the module's name and a digest of its
source and of the compiler's options. At import, ``NativeFinder`` loads a module's build only if the digest of
the ``.py`` beside it matches: an edited module runs as Python until the next install, so a stale build is
never run. ``REFBOX_NATIVE=0`` in the environment turns the builds off at run time too. Both ways play the same
games (tests/test_native.py).
"""

from __future__ import annotations

import hashlib
import os
import sys
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, PathFinder
from importlib.util import spec_from_file_location
from pathlib import Path

MODULES = (
    "refbox.engine.play",
    *(f"refbox.games.monster_ball.{name}" for name in (
        "ask", "between", "coaching", "contest", "downs", "flow", "kicks", "live", "menu", "moves", "odds",
        "onekey", "passing", "pitch", "places", "rules", "squads", "steps", "tackles", "tally")),
    *(f"refbox.games.battleball.{name}" for name in (
        "answers", "contact", "field", "flow", "movement", "odds", "onboard", "passing", "pitch", "roster",
        "rules", "tally")),
)
"""The game loop and the rules of the two games the computer coach searches (Monster Ball's random play is
the slowest of all, an input): all but their pydantic models (which cannot be compiled), views and demos.
Compiling Monster Ball's took a sixth off the instructions of one of its inputs."""

BUILT = Path(__file__).parent / "_native"
SUFFIX = EXTENSION_SUFFIXES[0]  # this interpreter's ABI (".cpython-311-x86_64-linux-gnu.so")


DIRECTIVES = {"annotation_typing": False}
"""Cython's options: annotations stay documentation, as in Python (Cython would otherwise refuse a dict subclass
where a dict is annotated, and turn a float-annotated int into a C double)."""
CFLAGS = ("-O2", "-g0")


def digest(source: bytes) -> str:
    """Names a build: its source and how it is compiled (a change to either needs a new build)."""
    recipe = repr((DIRECTIVES, CFLAGS)).encode()
    return hashlib.blake2b(source + b"\0" + recipe, digest_size=8).hexdigest()


def build_name(module: str, source: bytes) -> str:
    """The file name of ``module``'s build from ``source``, for this interpreter."""
    return f"{module}.{digest(source)}{SUFFIX}"


class NativeFinder(MetaPathFinder):
    """Finds the build of a module in ``MODULES`` whose source has not changed since; leaves every other
    import (and a changed module's) to the usual finders."""

    def __init__(self, built: Path) -> None:
        names = os.listdir(built) if built.is_dir() else []
        self.built, self.names = built, frozenset(names)
        self.wanted = frozenset(m for m in MODULES if any(n.startswith(m + ".") for n in names))

    def find_spec(self, fullname, path, target=None):  # noqa: ANN001  (importlib's protocol)
        if fullname not in self.wanted:
            return None
        source = PathFinder.find_spec(fullname, path)
        if source is None or not source.origin or not source.origin.endswith(".py"):
            return None
        name = build_name(fullname, Path(source.origin).read_bytes())
        if name not in self.names:
            return None  # the source changed since the build: run it as Python
        where = str(self.built / name)
        return spec_from_file_location(fullname, where, loader=ExtensionFileLoader(fullname, where))


def install() -> NativeFinder | None:
    """Put the finder first in line, unless ``REFBOX_NATIVE=0`` or nothing is built."""
    if os.environ.get("REFBOX_NATIVE") == "0":
        return None
    finder = NativeFinder(BUILT)
    if not finder.wanted:
        return None
    sys.meta_path.insert(0, finder)
    return finder


def compiled() -> list[str]:
    """The modules of ``MODULES`` imported so far from their builds."""
    return [m for m in MODULES if getattr(sys.modules.get(m), "__file__", "").endswith(SUFFIX)]
