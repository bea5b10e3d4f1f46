"""Random keys over every screen: home, each ruleset's setup screen, each game screen mid-match, and help.

Seeded and deterministic (the captain's clock does not tick). Whatever the keys do (start a match, leave
it, open help or the command palette), the screen under test is brought back and the keys go on. The app
must never end with an exception, and no input may end in a logged internal error.
A few hundred keys a screen in the default run; ``-m slow`` sends 10,000 a screen.
"""

from __future__ import annotations

import asyncio
import logging
import random
import shutil
import unicodedata

import pytest
from textual import events
from textual.command import CommandPalette
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key

from every_ruleset import RULESETS, demo_journal
from refbox.engine import registry, storage
from refbox.ui.app import RefboxApp
from refbox.ui.games.monster_ball import MonsterBallScreen
from refbox.ui.screens.game import GameScreen
from refbox.ui.screens.help import HelpScreen

SIZE = (120, 36)
SCREENS = ["home", *(f"setup:{r}" for r in RULESETS), *(f"game:{r}" for r in RULESETS), "help:slargeball"]
DEFAULT_KEYS = {"home": 300, "help": 300, "game": 150, "setup": 100, "setup:rulerball": 50, "setup:ballmonsters": 60}
"""Keys a screen gets in the default run: about 1,500 in all, within a minute on a 2-core machine. A key costs
what the screen costs to redraw: 30-50 ms on a game screen, more on the big roster editors."""
SLOW_KEYS = 10_000

NAMED = ["enter", "escape", "backspace", "delete", "tab", "shift+tab", "up", "down", "left", "right", "home",
         "end", "pageup", "pagedown", "space", "ctrl+s", "ctrl+t"]
CHARS = [*"0123456789", *"abcdefghijklmnopqrstuvwxyz", *"ABCDEFGHIJKLMNOPQRSTUVWXYZ", *"?-[]/\\$!.,:é⚽"]
RARE = ["ctrl+p"]
"""Opens the command palette (its own screen): sent now and then."""


LEAVING = {"home": [*"123456", "enter"], "setup": ["escape", "ctrl+s"], "game": ["q"], "help": ["escape", "q", "?"]}
"""Keys that leave the screen under test (it is then opened again, which costs more than a key): rare."""
LEAVE_ODDS = 0.01


def key_pool(screen: str) -> tuple[list[str], list[str]]:
    """(keys on the screen, keys that leave it); never the keys that quit (ctrl+q, ctrl+c, q at home)."""
    kind = screen.split(":")[0]
    leaving = LEAVING[kind]
    keys = [k for k in NAMED * 2 + CHARS if k not in leaving and not (kind == "home" and k == "q")]
    return keys, leaving


def key_event(key: str) -> events.Key:
    """The event Pilot would send for ``key`` (see textual.app.App._press_keys), without its idle waits."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    original = REPLACED_KEYS.get(key, key)
    try:
        char = unicodedata.lookup(_get_unicode_name_from_key(original))
    except KeyError:
        char = key if len(key) == 1 else None
    return events.Key(key, char)


@pytest.fixture(scope="module")
def data_dir_template(tmp_path_factory):
    """A data directory with a mid-match journal per ruleset, a house-rules file and a broken one."""
    root = tmp_path_factory.mktemp("keys-data")
    for ruleset in RULESETS:
        demo_journal(root, ruleset)
    house = storage.house_dir(root)
    house.mkdir()
    (house / "long.toml").write_text('[meta]\nname = "long"\ntitle = "Long [b]Slargeball[/]"\n'
                                     'extends = "slargeball"\n[game]\nturns = 30\n')
    (house / "broken.toml").write_text("meta = 5\n")
    return root


class Errors(logging.Handler):
    """Internal errors the app logged instead of crashing (a caught exception is still a bug)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


class Fuzzer:
    def __init__(self, app: RefboxApp, pilot, screen: str, root) -> None:
        self.app, self.pilot, self.root = app, pilot, root
        self.kind, _, self.ruleset = screen.partition(":")
        self.target = None
        self.game = None
        self.restores = 0

    @property
    def journal(self):
        return storage.matches_dir(self.root) / f"{self.ruleset}-demo.jsonl"

    async def pop_to(self, screen) -> None:
        while self.app.screen is not screen:
            if isinstance(self.app.screen, CommandPalette):  # closed as a user does (it has a worker running)
                await self.press("escape")
                await self.pilot.pause()
                continue
            await self.app.pop_screen()
        await self.pilot.pause()

    async def open(self) -> None:
        """Put the screen under test on top, reusing what is still on the stack."""
        app, stack = self.app, self.app.screen_stack
        if app.screen is not self.target:
            await self.pilot.pause()  # a screen a key just opened finishes opening first, as between two keys
        if self.target is not None and self.target in stack:
            if app.screen is not self.target:
                await self.pop_to(self.target)
            return
        self.restores += 1
        if self.kind == "help" and self.game is not None and self.game in stack:
            await self.pop_to(self.game)
            self.game.action_help()
            await self.pilot.pause()
            self.target = app.screen
            assert isinstance(self.target, HelpScreen)
            return
        await self.pop_to(stack[0])
        if self.kind == "setup":
            app.new_match(registry.lookup(self.ruleset))
        elif self.kind in ("game", "help"):
            app.resume(str(self.journal))
        await self.pilot.pause()
        if self.kind in ("game", "help"):
            assert isinstance(app.screen, GameScreen), [n.message for n in app._notifications]
            self.game = app.screen
        if self.kind == "help":
            self.game.action_help()
            await self.pilot.pause()
        self.target = app.screen

    async def press(self, key: str) -> None:
        event = key_event(key)
        event.set_sender(self.app)
        self.app._driver.send_message(event)
        await self.settle()

    async def settle(self) -> None:
        """Wait until the key has gone where keys go (app, screen, focused widget) and what it posted
        is handled: Pilot's own wait visits every widget of the screen, which costs more than the key."""
        for _ in range(3):
            for node in {self.app, self.app.screen, self.app.focused} - {None}:
                done = asyncio.Event()
                if node.call_later(done.set):
                    try:
                        await asyncio.wait_for(done.wait(), timeout=10)
                    except TimeoutError:  # the app is ending (after a crash, reported by the caller)
                        if self.app._exception is None:
                            raise AssertionError(f"{node} stopped handling messages") from None
                        return


async def fuzz(screen: str, keys: int, seed: int, root, monkeypatch) -> None:
    monkeypatch.setattr(MonsterBallScreen, "TICK_SECONDS", 10_000.0)  # no wall clock in the match
    errors = Errors()
    logger = logging.getLogger("refbox")
    logger.addHandler(errors)
    rng = random.Random(f"{screen}:{seed}")
    pool, leaving = key_pool(screen)
    app = RefboxApp(data_dir=root)
    sent: list[str] = []
    try:
        async with app.run_test(size=SIZE) as pilot:
            fuzzer = Fuzzer(app, pilot, screen, root)
            await fuzzer.open()
            for n in range(keys):
                odds = rng.random()
                key = rng.choice(RARE if odds < 0.002 else leaving if odds < LEAVE_ODDS else pool)
                sent.append(key)
                await fuzzer.press(key)
                if app._exception is not None:
                    break
                await fuzzer.open()
                if n % 50 == 49:
                    await pilot.pause()  # lets the screen refresh: a drawing error shows here
            await pilot.pause()
    except Exception as e:
        raise AssertionError(f"{screen}: the app failed after keys {sent[-20:]} ({len(sent)} sent)") from e
    finally:
        logger.removeHandler(errors)
    assert app._exception is None
    logged = [f"{r.getMessage()}: {r.exc_info[1]!r}" if r.exc_info else r.getMessage() for r in errors.records]
    assert logged == [], f"{screen}: internal errors logged after keys {sent[-20:]}"


@pytest.fixture
def data_dir(data_dir_template, tmp_path):
    root = tmp_path / "data"
    shutil.copytree(data_dir_template, root)
    return root


@pytest.mark.parametrize("screen", SCREENS)
async def test_random_keys_never_crash_the_screen(screen, data_dir, monkeypatch):
    keys = DEFAULT_KEYS.get(screen, DEFAULT_KEYS[screen.split(":")[0]])
    await fuzz(screen, keys, seed=1, root=data_dir, monkeypatch=monkeypatch)


@pytest.mark.slow
@pytest.mark.parametrize("screen", SCREENS)
async def test_many_random_keys_never_crash_the_screen(screen, data_dir, monkeypatch):
    await fuzz(screen, SLOW_KEYS, seed=2, root=data_dir, monkeypatch=monkeypatch)


def test_every_screen_is_covered():
    assert len(SCREENS) == 12 and {s.split(":")[0] for s in SCREENS} == {"home", "setup", "game", "help"}



# ---- found by the random keys ----


@pytest.mark.parametrize("action", ["action_page_up", "action_page_down"])
async def test_a_page_key_handled_as_a_drop_down_opens_does_not_end_the_app(tmp_path, action):
    """Enter opens a Select's list; a page key handled before the list is first laid out (typed ahead,
    within one frame) used to raise KeyError inside Textual and end the app. The random keys found it;
    here the two happen with no refresh in between."""
    from textual.widgets._select import SelectOverlay

    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.new_match(registry.lookup("slargeball"))
        await pilot.pause()
        select = app.screen.query_one("#colour0")
        select.expanded = True
        getattr(select.query_one(SelectOverlay), action)()
        await pilot.pause()
        assert app._exception is None
