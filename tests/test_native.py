"""The compiled engine modules (refbox/native.py): a build runs only with the source it was built from, and the
compiled rules play exactly the games the Python ones play."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import refbox.games.monster_ball
from refbox import native

PLACES = "refbox.games.monster_ball.places"
SOURCE = Path(refbox.games.monster_ball.__file__).parent / "places.py"


def find(built: Path, module: str = PLACES):
    return native.NativeFinder(built).find_spec(module, refbox.games.monster_ball.__path__)


def test_a_build_of_the_current_source_is_found(tmp_path):
    build = tmp_path / native.build_name(PLACES, SOURCE.read_bytes())
    build.touch()
    spec = find(tmp_path)
    assert spec is not None and spec.origin == str(build)


def test_a_build_of_an_older_source_is_not_used(tmp_path):
    (tmp_path / native.build_name(PLACES, SOURCE.read_bytes() + b"\n# edited since\n")).touch()
    assert find(tmp_path) is None


def test_builds_for_another_python_or_of_other_modules_are_not_used(tmp_path):
    digest = native.digest(SOURCE.read_bytes())
    (tmp_path / f"{PLACES}.{digest}.cpython-39-x86_64-linux-gnu.so").touch()
    (tmp_path / f"refbox.cli.{digest}{native.SUFFIX}").touch()
    assert find(tmp_path) is None
    assert native.NativeFinder(tmp_path).find_spec("refbox.cli", refbox.__path__) is None


def test_no_builds_folder_means_plain_python(tmp_path):
    assert find(tmp_path / "missing") is None


PLAY = """
import hashlib, random, sys
from refbox import native
from refbox.engine import registry
from refbox.engine.play import Game, random_event
total = hashlib.sha256()
for name in ("monster-ball", "battleball"):
    entry = registry.lookup(name)
    rules, data = entry.load_rules(), entry.load_data()
    setup = rules.Setup.model_validate(rules.sim_setup(data))
    for seed in range(3):
        game, rng, known = Game.start(rules, data, setup), random.Random(seed), None
        while True:
            legal = known or rules.legal(game.state, data)
            if legal.kind == "over":
                break
            event = random_event(legal, rng, None if legal.kind == "roll" else rules.RANDOM_WEIGHTS)
            total.update(repr(event).encode())
            known = rules.apply(game.state, data, event)
        total.update(repr(game.state.model_dump(exclude={"log"})).encode())
print(len(native.compiled()), total.hexdigest())
"""


def play(native_on: bool) -> tuple[int, str]:
    env = {**os.environ, "REFBOX_NATIVE": "1" if native_on else "0"}
    out = subprocess.run([sys.executable, "-c", PLAY], env=env, capture_output=True, text=True, check=True)
    count, digest = out.stdout.split()
    return int(count), digest


def test_compiled_rules_play_the_same_games_as_python():
    compiled, with_builds = play(True)
    if not compiled:
        pytest.skip("refbox was installed without compiled modules (no C compiler, or REFBOX_NATIVE=0)")
    plain, without = play(False)
    assert plain == 0
    assert with_builds == without
