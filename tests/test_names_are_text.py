"""Names are text, never markup: whatever a user types or a file holds is shown literally, and a character
that would reach the terminal as a control code is refused at validation with the field named."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from every_ruleset import RULESETS, name_fields, rules_class, saved_match, with_names
from refbox.cli import main
from refbox.engine import registry, storage
from refbox.engine.errors import RulesetError
from refbox.engine.text import Name, printable, problem
from refbox.ui.app import RefboxApp
from refbox.ui.screens.game import GameScreen
from refbox.ui.screens.help import HelpScreen

SIZE = (130, 40)
MARKUP = ["[/x]", "[HQ] Wolves [/", "[bold red]Reds", "[/]", "[link=x]y"]
"""Texts that Rich/Textual markup would choke on, or style."""
UNPRINTABLE = ["\x1b[31mRed", "A\x00B", "Del\x7f", "NEL\x85", "\u202eevil", "Tab\there", "Two\nlines", "\ud800x"]
"""ESC, NUL, DEL, a C1 control, a bidi override, a tab, a newline, a lone surrogate."""


def text_of(widget) -> str:
    """What a widget shows: a line-API panel's plain text, or a Static's rendering."""
    return widget.plain if hasattr(widget, "plain") else str(widget.render())


def home_texts(home, name: str) -> list[str]:
    """The rows of one of the home screen's lists, as shown."""
    return [str(o.prompt) for o in home.menu.list_named(name).options]


# ---- the engine refuses what a terminal cannot show ----


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("bad", UNPRINTABLE, ids=repr)
def test_every_name_field_refuses_control_characters_and_names_the_field(ruleset, bad):
    Setup = rules_class(ruleset).Setup
    for path, _ in name_fields(ruleset):
        with pytest.raises(ValidationError) as err:
            Setup.model_validate(with_names(ruleset, {path: bad}))
        mine = [e for e in err.value.errors() if e["loc"] == tuple(path)]
        assert mine, (path, err.value)
        assert "which cannot be shown" in mine[0]["msg"] or mine[0]["type"] == "string_unicode"  # pydantic's own


@pytest.mark.parametrize("ruleset", RULESETS)
def test_markup_like_names_are_ordinary_names(ruleset):
    Setup = rules_class(ruleset).Setup
    for path, _ in name_fields(ruleset):
        Setup.model_validate(with_names(ruleset, {path: "[/x] [b]"}))


def test_the_message_says_which_character_and_where():
    assert problem("ok name") is None and problem("two\nlines", newlines=True) is None
    assert "control character (U+001B) at position 2" in problem("a\x1b")
    assert "U+202E RIGHT-TO-LEFT OVERRIDE" in problem("\u202e")


def test_every_refused_character_is_one_str_isprintable_refuses_too():
    """``problem`` skips its per-character scan when ``str.isprintable`` passes: that shortcut is sound."""
    import sys
    import unicodedata

    from refbox.engine.text import REFUSED

    assert not [c for c in range(sys.maxunicode + 1)
                if chr(c).isprintable() and unicodedata.category(chr(c)) in REFUSED]
    assert problem("a b\tc") is not None and problem("a\u2028b", newlines=True) is not None


def test_printable_shows_unprintable_characters_as_escapes():
    assert printable("a\x1b[31mb\x7f\u202e\ud800") == "a\\x1b[31mb\\x7f\\u202e\\ud800"
    assert printable("Rülerball ⚽ [x]") == "Rülerball ⚽ [x]"
    assert printable("a\nb") == "a\\x0ab" and printable("a\nb", newlines=True) == "a\nb"


def test_name_is_a_plain_annotated_str():
    from pydantic import TypeAdapter

    assert TypeAdapter(Name).validate_python("Wolves") == "Wolves"


def test_a_house_rules_title_with_control_characters_is_reported_when_listed(tmp_path):
    (tmp_path / "house.toml").write_text('[meta]\nname = "house"\nextends = "battleball"\ntitle = "\\u001b[2J Wiped"\n')
    variants, problems = registry.house_variants(tmp_path)
    assert not variants and "house.toml" in problems[0] and "[meta] title contains a control character" in problems[0]


def test_house_rules_texts_refuse_control_characters_with_the_field_named(tmp_path):
    (tmp_path / "house.toml").write_text('[meta]\nname = "house"\nextends = "battleball"\nsource = "\\u0007bell"\n')
    variants, problems = registry.house_variants(tmp_path)
    with pytest.raises(RulesetError, match=r"field 'meta.source'.*control character"):
        variants[0].load_data()


def _strings(obj, path=()):
    """Every string in a dumped model, with its path (dict keys are ids checked against their tables)."""
    if isinstance(obj, str):
        yield path, obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from _strings(v, (*path, k))
    elif isinstance(obj, (list, tuple)):
        for i, v in enumerate(obj):
            yield from _strings(v, (*path, i))


def _replaced(obj, path, value):
    if not path:
        return value
    if isinstance(obj, dict):
        return {**obj, path[0]: _replaced(obj[path[0]], path[1:], value)}
    return [_replaced(v, path[1:], value) if i == path[0] else v for i, v in enumerate(obj)]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_text_in_a_ruleset_file_refuses_control_characters(ruleset):
    """Titles, names, help and rulings alike: an ESC anywhere in a ruleset file is refused, field named."""
    entry = registry.lookup(ruleset)
    Data = entry.load_rules().Data
    raw = entry.load_data().model_dump(mode="json", by_alias=True)
    strings = list(_strings(raw))
    assert len(strings) > 20
    for path, text in strings:
        with pytest.raises(ValidationError) as err:
            Data.model_validate(_replaced(raw, path, text + "\x1b[2J"))
        first = err.value.errors()[0]
        refused_anyway = first["type"] in ("literal_error", "string_pattern_mismatch", "string_too_long")  # a fixed list, a one-key field
        one_key = "one letter, digit or sign of an ASCII keyboard" in first["msg"]  # a key: only what keyboards type
        assert "control character" in first["msg"] or refused_anyway or one_key, (path, first)
        assert first["loc"][: len(path)] == path, (path, first["loc"])


# ---- the UI shows names literally ----


async def test_the_home_list_shows_markup_in_saved_matches_and_house_rules_literally(tmp_path):
    saved_match(tmp_path, "slargeball", with_names("slargeball", {("teams", 0, "name"): "[/x]",
                                                                   ("teams", 1, "name"): "[bold red]Reds"}))
    house = storage.house_dir(tmp_path)
    house.mkdir()
    (house / "wolves.toml").write_text('[meta]\nname = "wolves"\ntitle = "[HQ] Wolves [/]"\nextends = "slargeball"\n')
    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert any("[HQ] Wolves [/]" in t for t in home_texts(app.screen, "rulesets"))
        saved = home_texts(app.screen, "matches")
        assert any("[/x]" in t and "[bold red]Reds" in t for t in saved), saved


async def test_a_file_name_with_an_escape_code_is_listed_escaped(tmp_path):
    folder = storage.matches_dir(tmp_path)
    folder.mkdir()
    (folder / "evil\x1b[2J[b]x.jsonl").write_text("not json\n")
    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        saved = home_texts(app.screen, "matches")
        assert any("evil\\x1b[2J[b]x" in t for t in saved) and not any("\x1b" in t for t in saved), saved


async def test_a_broken_house_file_with_markup_in_its_name_is_reported_literally(tmp_path):
    house = storage.house_dir(tmp_path)
    house.mkdir()
    (house / "[red]oops[.toml").write_text("[meta\n")
    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "[red]oops[.toml" in str(app.screen.menu.message)


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_every_setup_screen_shows_markup_like_names_literally(tmp_path, ruleset):
    app = RefboxApp(data_dir=tmp_path)
    fields = name_fields(ruleset)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.new_match(registry.lookup(ruleset))
        await pilot.pause()
        for n, (_, input_id) in enumerate(fields):
            app.screen.query_one(f"#{input_id}").value = f"{MARKUP[n % len(MARKUP)]}{n}"
        await pilot.pause()
        assert text_of(app.screen.query_one("#error")) == "", text_of(app.screen.query_one("#error"))
        preview = text_of(app.screen.query_one("#preview"))
        assert f"{MARKUP[0]}0" in preview, preview
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        dump = app.screen.match.setup.model_dump(mode="json")
        for n, (path, _) in enumerate(fields):
            assert value_at(dump, path) == f"{MARKUP[n % len(MARKUP)]}{n}".strip(), path


def value_at(obj, path):
    for key in path:
        obj = obj[key]
    return obj


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_a_control_character_typed_in_setup_is_refused_with_the_field_named(tmp_path, ruleset):
    app = RefboxApp(data_dir=tmp_path)
    path, input_id = name_fields(ruleset)[0]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.new_match(registry.lookup(ruleset))
        await pilot.pause()
        app.screen.query_one(f"#{input_id}").value = "Bad\x1b[31m [/x]"
        await pilot.pause()
        error = text_of(app.screen.query_one("#error"))
        assert "control character" in error and str(path[-1] if isinstance(path[-1], str) else path[0]) in error
        assert "\x1b" not in error
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, GameScreen)


async def test_an_error_that_quotes_a_name_shows_it_literally(tmp_path):
    names = {("teams", 0, "name"): "[/x]", ("teams", 0, "miniballs", 0, "name"): "Dup",
             ("teams", 0, "miniballs", 1, "name"): "dup"}
    setup = with_names("ballmonsters", names)
    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.new_match(registry.lookup("ballmonsters"))
        await pilot.pause()
        screen = app.screen
        screen.query_one("#name0").value = setup["teams"][0]["name"]
        screen.query_one("#b0-1-name").value = "Dup"
        screen.query_one("#b0-2-name").value = "dup"
        await pilot.pause()
        assert "[/x]: two balls share a name" in text_of(screen.query_one("#error"))


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_every_resumed_match_shows_markup_like_names_literally(tmp_path, ruleset):
    names = {p: f"{MARKUP[n % len(MARKUP)]}{n}" for n, (p, _) in enumerate(name_fields(ruleset))}
    path = saved_match(tmp_path, ruleset, with_names(ruleset, names))
    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.resume(str(path))
        await pilot.pause()
        assert isinstance(app.screen, GameScreen), [n.message for n in app._notifications]
        shown = app.screen.match.setup
        screen_text = " ".join(text_of(w) for w in app.screen.query("Static, LineText"))
        assert any(name in screen_text for name in names.values()), screen_text[:500]
        assert shown is not None
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_a_toast_quoting_a_file_name_shows_it_literally(tmp_path):
    folder = storage.matches_dir(tmp_path)
    folder.mkdir()
    path = folder / "[bold red]x[.jsonl"
    path.write_text("not json at all\n")
    app = RefboxApp(data_dir=tmp_path, resume_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        toasts = list(app._notifications)
        assert toasts and all(not n.markup for n in toasts)
        assert any("[bold red]x[.jsonl" in n.message for n in toasts)


async def test_a_question_is_shown_literally(tmp_path):
    from refbox.ui.screens.dialogs import YesNo

    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(YesNo("Resume [/x] [bold red]here?"))
        await pilot.pause()
        assert "Resume [/x] [bold red]here?" in " ".join(text_of(s) for s in app.screen.query("Static"))


def test_the_list_command_escapes_control_characters_in_saved_matches(tmp_path, capsys):
    folder = storage.matches_dir(tmp_path)
    folder.mkdir()
    (folder / "evil\x1b[2J.jsonl").write_text(
        '{"match_id": "m\\u001b[31m", "ruleset": "slargeball", "title": "T\\u009b", "created": "c"}\n')
    assert main(["--data-dir", str(tmp_path), "--list"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x9b" not in out and "m\\x1b[31m" in out


def test_the_text_checks_do_not_slow_the_start_up_with_pydantic():
    """The home screen and refbox --list use printable(): importing it must not import pydantic."""
    import subprocess
    import sys

    code = ("import sys, refbox.engine.text, refbox.engine.registry, refbox.engine.storage, refbox.cli\n"
            "print('pydantic' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_battleball_formation_key_is_one_typed_character(tmp_path):
    (tmp_path / "house.toml").write_text('[meta]\nname = "house"\nextends = "battleball"\n')
    data = registry.house_variants(tmp_path)[0][0].load_data().model_dump(mode="json")
    for key in ("\u001b", " ", "ab", "é"):
        data["board"]["formation"][0]["key"] = key
        with pytest.raises(ValueError, match="one letter, digit or sign of an ASCII keyboard"):
            type(registry.lookup("battleball").load_data()).model_validate(data)
