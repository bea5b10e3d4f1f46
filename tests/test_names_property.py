"""Property: any text in any name field of any ruleset is either refused with the field named, or shown
literally on the home list, the setup screen, the game screen and the help screen, and never crashes them.

Each example runs the app once through all four screens (a few seconds), so the default run tries a few
examples per ruleset; ``-m slow`` tries many more.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from every_ruleset import RULESETS, name_fields, rules_class, saved_match, with_names
from refbox.engine import registry, storage
from refbox.engine.text import problem
from refbox.ui.app import RefboxApp
from refbox.ui.screens.game import GameScreen
from refbox.ui.screens.help import HelpScreen

SIZE = (120, 36)
TRICKY = ["[/x]", "[HQ] Wolves [/", "[bold red]Reds", "[/]", "[link=x]y", "$accent", "\x1b[31mRed", "\u202eevil",
          "a\x7fb", "tab\there", "two\nlines", "é⚽漢字", "  ", ""]

names = st.one_of(
    st.text(max_size=16),
    st.text(alphabet="[]/\\ boldred$#=\x1b\x07\x9b\u200d\n", max_size=16),
    st.sampled_from(TRICKY),
)
"""Any text; text made of markup and control characters; the texts that broke refbox before."""


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string (every control character escaped)."""
    out = []
    for ch in text:
        if ch in '"\\' or ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}" if ch not in '"\\' else "\\" + ch)
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def refused_fields(ruleset: str, setup: dict) -> set[tuple]:
    try:
        rules_class(ruleset).Setup.model_validate(setup)
    except ValidationError as e:
        return {tuple(err["loc"]) for err in e.errors()}
    return set()


async def visit(root: Path, ruleset: str, typed: list[tuple[str, str]], house_title: str, saved: Path | None):
    app = RefboxApp(data_dir=root)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        home = app.screen
        titles = [str(o.prompt) for o in home.menu.list_named("rulesets").options]
        message = str(home.menu.message)
        if problem(house_title) is None and house_title.strip():
            assert any(house_title in t for t in titles) or "house.toml" in message, (house_title, titles)
        app.new_match(registry.lookup(ruleset))
        await pilot.pause()
        for input_id, value in typed:
            app.screen.query_one(f"#{input_id}").value = value
        await pilot.pause()
        shown = str(app.screen.query_one("#preview").render()) + str(app.screen.query_one("#error").render())
        assert "\x1b" not in shown and "\x9b" not in shown
        if saved is not None:
            app.pop_screen()
            await pilot.pause()
            app.resume(str(saved))
            await pilot.pause()
            assert isinstance(app.screen, GameScreen), [n.message for n in app._notifications]
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("escape")
        await pilot.pause()
    assert app._exception is None
    return shown


def check(ruleset: str, values: list[str], house_title: str) -> None:
    fields = name_fields(ruleset)
    root = Path(tempfile.mkdtemp(prefix="refbox-names-"))
    try:
        house = storage.house_dir(root)
        house.mkdir(parents=True)
        (house / "house.toml").write_text(
            f'[meta]\nname = "house"\ntitle = {toml_string(house_title)}\nextends = "{ruleset}"\n', encoding="utf-8")
        setup = with_names(ruleset, {path: value for (path, _), value in zip(fields, values)})
        refused = refused_fields(ruleset, setup)
        for (path, _), value in zip(fields, values):
            if problem(value) is not None:
                assert tuple(path) in refused, (path, value, refused)
        saved = None if refused else saved_match(root, ruleset, setup, events=25)
        typed = [(input_id, value) for (_, input_id), value in zip(fields, values)]
        shown = asyncio.run(visit(root, ruleset, typed, house_title, saved))
        first = values[0].strip()
        screen_setup = with_names(ruleset, {path: v.strip() for (path, _), v in zip(fields, values)})
        if first and not refused_fields(ruleset, screen_setup):
            assert first in shown, (first, shown[:300])
    finally:
        shutil.rmtree(root, ignore_errors=True)


def values_for(ruleset: str):
    """A text per name field, each ended with its field's number: names differ, so that most examples get
    past "the two teams need different names" to the game screen (refusals are checked all the same)."""
    n = len(name_fields(ruleset))
    return st.lists(names, min_size=n, max_size=n).map(lambda texts: [f"{t}{i}" for i, t in enumerate(texts)])


PROPERTY = settings(max_examples=2, deadline=None, derandomize=True, database=None,
                    phases=[Phase.explicit, Phase.generate],  # no shrinking: an example costs seconds
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def markup_names(ruleset: str) -> list[str]:
    """The example tried first: every field holds markup-like text that is a valid name."""
    markup = TRICKY[:6]
    return [f"{markup[i % len(markup)]}{i}" for i in range(len(name_fields(ruleset)))]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_any_name_is_refused_or_shown_literally_on_every_screen(ruleset):
    @PROPERTY
    @example(values=markup_names(ruleset), house_title="[HQ] Wolves [/]")
    @given(values=values_for(ruleset), house_title=names)
    def run(values, house_title):
        check(ruleset, values, house_title)

    run()


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", RULESETS)
def test_many_names_are_refused_or_shown_literally_on_every_screen(ruleset):
    @settings(PROPERTY, max_examples=60)
    @given(values=values_for(ruleset), house_title=names)
    def run(values, house_title):
        check(ruleset, values, house_title)

    run()


def test_toml_string_round_trips():
    import tomllib

    for text in TRICKY:
        assert tomllib.loads(f"x = {toml_string(text)}")["x"] == text
