"""A broken file in the data directory is reported, never fatal: one message naming the file and what is
wrong, and everything good stays usable. Numbers a ruleset file sets are bounded to what the engine supports."""

from __future__ import annotations

import json
import os

import pytest

from every_ruleset import RULESETS, saved_match
from refbox.cli import main
from refbox.engine import registry, storage
from refbox.engine.errors import JournalError, RefboxError, RulesetError
from refbox.engine.match import Match
from refbox.ui.app import RefboxApp
from refbox.ui.screens.game import GameScreen

SIZE = (130, 40)
HOUSE = '[meta]\nname = "{name}"\ntitle = "{title}"\nextends = "{extends}"\n[game]\nturns = 30\n'


def house_file(root, file: str, text: str):
    folder = storage.house_dir(root)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / file
    path.write_text(text)
    return path


def long_slargeball(root, file="long.toml", name="long"):
    return house_file(root, file, HOUSE.format(name=name, title="Long Slargeball", extends="slargeball"))


async def home_state(root) -> tuple[list[str], list[str], str]:
    """Start the app on ``root``: the ruleset titles, the saved-match rows and the message shown."""
    app = RefboxApp(data_dir=root)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        titles = [str(o.prompt) for o in screen.menu.list_named("rulesets").options]
        rows = [str(o.prompt) for o in screen.menu.list_named("matches").options]
        return titles, rows, str(screen.menu.message)


def listed(root, capsys) -> str:
    assert main(["--data-dir", str(root), "--list"]) == 0
    return capsys.readouterr().out


# ---- saved matches ----


@pytest.fixture
def good_match(tmp_path):
    return saved_match(tmp_path, "slargeball", name="slargeball-good")


def test_a_dangling_symlink_among_the_matches_is_listed_as_a_problem(tmp_path, good_match, capsys):
    os.symlink(tmp_path / "gone.jsonl", storage.matches_dir(tmp_path) / "dangling.jsonl")
    rows = {m.path.name: m for m in storage.saved_matches(tmp_path)}
    assert "link to a file that does not exist" in rows["dangling.jsonl"].problem
    assert rows["slargeball-good.jsonl"].problem == ""
    out = listed(tmp_path, capsys)
    assert "dangling" in out and "does not exist" in out and "slargeball-good" in out


def test_a_symlink_loop_among_the_matches_is_listed_as_a_problem(tmp_path, good_match, capsys):
    folder = storage.matches_dir(tmp_path)
    os.symlink(folder / "b.jsonl", folder / "a.jsonl")
    os.symlink(folder / "a.jsonl", folder / "b.jsonl")
    rows = {m.path.name: m for m in storage.saved_matches(tmp_path)}
    assert "loop" in rows["a.jsonl"].problem and "loop" in rows["b.jsonl"].problem
    assert "slargeball-good" in listed(tmp_path, capsys)


async def test_the_app_starts_with_broken_links_among_the_matches(tmp_path, good_match):
    folder = storage.matches_dir(tmp_path)
    os.symlink(tmp_path / "gone.jsonl", folder / "dangling.jsonl")
    os.symlink(folder / "loop.jsonl", folder / "loop.jsonl")
    _, rows, _ = await home_state(tmp_path)
    assert len(rows) == 3 and any("does not exist" in r for r in rows) and any("loop" in r for r in rows)


def test_a_directory_named_like_a_match_is_listed_as_a_problem(tmp_path, good_match):
    (storage.matches_dir(tmp_path) / "folder.jsonl").mkdir()
    rows = {m.path.name: m for m in storage.saved_matches(tmp_path)}
    assert "not a file" in rows["folder.jsonl"].problem


@pytest.mark.parametrize("header,problem", [
    (b'{"match_id": "m\xff\xfe", "ruleset": "slargeball", "title": "T", "created": "c"}\n', "not valid UTF-8"),
    (b'{"match_id": "m", "ruleset": "slargeball", "title": "T\\ud800", "created": "c"}\n', "not valid UTF-8"),
    (b'[' * 100_000 + b']' * 100_000 + b'\n', "nested too deeply"),
    (b'{"match_id": 5}\n', "lacks"),
    (b'not json\n', "not JSON"),
    (b'[1, 2]\n', "not a JSON object"),
], ids=["bad-bytes", "surrogate", "deep", "no-title", "not-json", "list"])
def test_a_bad_match_header_is_listed_with_what_is_wrong(tmp_path, good_match, capsys, header, problem):
    (storage.matches_dir(tmp_path) / "bad.jsonl").write_bytes(header)
    rows = {m.path.name: m for m in storage.saved_matches(tmp_path)}
    assert problem in rows["bad.jsonl"].problem
    out = listed(tmp_path, capsys)
    assert "bad" in out and problem in out and "slargeball-good" in out


async def test_the_app_starts_with_a_lone_surrogate_in_a_match_title(tmp_path, good_match):
    (storage.matches_dir(tmp_path) / "bad.jsonl").write_bytes(
        b'{"match_id": "m", "ruleset": "slargeball", "title": "T\\ud800", "created": "c"}\n')
    _, rows, _ = await home_state(tmp_path)
    assert any("bad.jsonl" in r and "UTF-8" in r for r in rows) and len(rows) == 2


def test_a_bad_meta_file_beside_a_match_only_loses_the_summary(tmp_path, good_match):
    storage.meta_path(good_match).write_text("[" * 100_000 + "]" * 100_000)
    (m,) = storage.saved_matches(tmp_path)
    assert m.problem == "" and m.summary == ""


# ---- house rules ----


def test_a_house_file_reusing_another_files_name_is_reported_and_the_first_stays(tmp_path):
    long_slargeball(tmp_path, "a.toml")
    long_slargeball(tmp_path, "b.toml")
    variants, problems = registry.house_variants(storage.house_dir(tmp_path))
    assert [v.house_file.name for v in variants] == ["a.toml"]
    assert len(problems) == 1 and "b.toml" in problems[0] and "'long' is already used by a.toml" in problems[0]


@pytest.mark.parametrize("name", ["slargeball", "Slarge", "monsterball", "Battleball", "Rülerball"])
def test_a_house_file_may_not_take_a_built_in_name_or_alias(tmp_path, name):
    house_file(tmp_path, "mine.toml", HOUSE.format(name=name, title="Mine", extends="slargeball"))
    long_slargeball(tmp_path)
    variants, problems = registry.house_variants(storage.house_dir(tmp_path))
    assert [v.name for v in variants] == ["long"]
    assert len(problems) == 1 and "mine.toml" in problems[0] and "built-in" in problems[0]
    assert registry.lookup(name).house_file is None


@pytest.mark.parametrize("text,problem", [
    ("meta = 5\n", "[meta] must be a table"),
    ('[meta]\nname = "x"\nextends = 5\n', "extends must be the name of a ruleset"),
    ('[meta]\nname = 5\nextends = "slargeball"\n', "name must be"),
    ('[meta]\nname = "x"\nextends = "slargeball"\ntitle = []\n', "title must be"),
    ('[meta]\nname = "!!!"\nextends = "slargeball"\n', "letter or digit"),
    ('[meta]\nname = "x\\u001b"\nextends = "slargeball"\n', "control character"),
    ('[meta]\nextends = "slargeball"\n', "needs 'name'"),
    ('[meta]\nname = "x"\nextends = "calvinball"\n', "unknown ruleset"),
    ('[meta]\nname = "x"\nextends = "slargeball"\nx = ' + "[" * 5000 + "]" * 5000 + "\n", "nested too deeply"),
    ('[meta]\nname = "x"\nextends = "slargeball"\nx = ' + "{a=" * 5000 + "1" + "}" * 5000 + "\n",
     "nested too deeply"),
    ('[meta]\nname = "x"\nextends = "slargeball"\n[' + ".".join(["t"] * 200) + "]\n", "nested too deeply"),
    ("[meta\n", "not valid TOML"),
], ids=["meta5", "extends5", "name5", "title-list", "no-letter", "esc", "no-name", "unknown", "deep-array",
        "deep-inline", "deep-tables", "bad-toml"])
def test_a_malformed_house_file_is_reported_with_the_file_named(tmp_path, text, problem):
    path = house_file(tmp_path, "broken.toml", text)
    long_slargeball(tmp_path)
    variants, problems = registry.house_variants(storage.house_dir(tmp_path))
    assert [v.name for v in variants] == ["long"]
    assert len(problems) == 1 and str(path) in problems[0] and problem in problems[0], problems


def test_a_house_file_that_is_not_utf8_is_reported(tmp_path):
    path = storage.house_dir(tmp_path)
    path.mkdir()
    (path / "latin1.toml").write_bytes('[meta]\nname = "Rüler"\n'.encode("latin-1"))
    variants, problems = registry.house_variants(path)
    assert not variants and "latin1.toml" in problems[0] and "UTF-8" in problems[0]


def test_a_directory_named_like_a_house_file_is_reported(tmp_path):
    (storage.house_dir(tmp_path) / "x.toml").mkdir(parents=True)
    long_slargeball(tmp_path)
    variants, problems = registry.house_variants(storage.house_dir(tmp_path))
    assert [v.name for v in variants] == ["long"] and "x.toml" in problems[0] and "not a file" in problems[0]


def test_a_dangling_symlink_among_the_house_files_is_reported(tmp_path):
    folder = storage.house_dir(tmp_path)
    folder.mkdir()
    os.symlink(tmp_path / "gone.toml", folder / "gone.toml")
    variants, problems = registry.house_variants(folder)
    assert not variants and "gone.toml" in problems[0] and "does not exist" in problems[0]


def test_a_huge_house_file_is_refused_unread(tmp_path):
    path = house_file(tmp_path, "huge.toml", '[meta]\nname = "x"\nextends = "slargeball"\n')
    with open(path, "a") as f:
        f.write("# " + "x" * 2_000_000 + "\n")
    variants, problems = registry.house_variants(storage.house_dir(tmp_path))
    assert not variants and "huge.toml" in problems[0] and "too large" in problems[0]


ALL_BROKEN = {
    "meta5.toml": "meta = 5\n",
    "extends5.toml": '[meta]\nname = "x"\nextends = 5\n',
    "nested.toml": '[meta]\nname = "n"\nextends = "slargeball"\nx = ' + "[" * 5000 + "]" * 5000 + "\n",
    "copy.toml": HOUSE.format(name="long", title="Copy", extends="slargeball"),
    "builtin.toml": HOUSE.format(name="battle", title="B", extends="battleball"),
    "dice.toml": '[meta]\nname = "big-dice"\nextends = "battleball"\n[game]\nroll_off_die = 1000000000\n',
    "phases.toml": '[meta]\nname = "no-move"\nextends = "slargeball"\n[[phases]]\nid = "x"\nname = "X"\n',
}


async def test_the_app_starts_with_every_kind_of_broken_house_file_and_offers_the_good_one(tmp_path):
    long_slargeball(tmp_path, "a-long.toml")
    for file, text in ALL_BROKEN.items():
        house_file(tmp_path, file, text)
    (storage.house_dir(tmp_path) / "dir.toml").mkdir()
    titles, _, message = await home_state(tmp_path)
    assert len(titles) == 6 and "Long Slargeball" in titles[5]
    for file in [*ALL_BROKEN, "dir.toml"]:
        assert file in message, (file, message)
    assert len(message.splitlines()) == len(ALL_BROKEN) + 1


async def test_a_good_house_file_beside_broken_ones_starts_a_match(tmp_path):
    long_slargeball(tmp_path, "a-long.toml")
    for file, text in ALL_BROKEN.items():
        house_file(tmp_path, file, text)
    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("6")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.match.data.game.turns == 30


# ---- numbers in ruleset files are bounded ----


def test_a_roll_off_die_of_a_billion_sides_is_refused_at_load(tmp_path):
    path = house_file(tmp_path, "dice.toml", ALL_BROKEN["dice.toml"])
    (entry,), _ = registry.house_variants(path.parent)
    with pytest.raises(RulesetError, match=r"dice.toml.*game.roll_off_die.*100"):
        entry.load_data()


def test_a_roll_off_die_of_101_is_refused_at_load(tmp_path):
    path = house_file(tmp_path, "dice.toml", ALL_BROKEN["dice.toml"].replace("1000000000", "101"))
    (entry,), _ = registry.house_variants(path.parent)
    with pytest.raises(RulesetError, match=r"game.roll_off_die"):
        entry.load_data()


async def test_a_match_saved_with_an_out_of_range_die_is_reported_on_resume_not_crashed(tmp_path):
    path = saved_match(tmp_path, "battleball", events=0)
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["data"]["game"]["roll_off_die"] = 101
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    for suffix in (".checkpoint.json",):
        path.with_suffix(suffix).unlink(missing_ok=True)
    with pytest.raises(JournalError, match="roll_off_die"):
        Match.load(path)
    app = RefboxApp(data_dir=tmp_path, resume_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not isinstance(app.screen, GameScreen)
        assert any("roll_off_die" in n.message for n in app._notifications)


def _ints(obj, path=()):
    if isinstance(obj, bool):
        return
    if isinstance(obj, int):
        yield path, obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from _ints(v, (*path, k))
    elif isinstance(obj, (list, tuple)):
        for i, v in enumerate(obj):
            yield from _ints(v, (*path, i))


def _replaced(obj, path, value):
    if not path:
        return value
    if isinstance(obj, dict):
        return {**obj, path[0]: _replaced(obj[path[0]], path[1:], value)}
    return [_replaced(v, path[1:], value) if i == path[0] else v for i, v in enumerate(obj)]


OPTIONAL_NUMBERS = {
    "rulerball": {
        "figures": {"skater": {"speed": 3, "skill": 4, "combat": 2, "toughness": 5}},
        "rolls": {"field": {"dice": 2, "sides": 6, "stat": "skill", "modifier": 1, "succeed": "at_most"}},
        "injuries": [{"name": "Shaken", "track": "shaken", "minutes": 2}],
        "penalty_minutes": 2,
    },
}
"""Numbers a shipped ruleset leaves out (the user's rulebook fills them in): bounded all the same."""


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("value", [10**9, -(10**9)])
def test_every_number_in_a_ruleset_file_is_bounded(ruleset, value):
    """Counts, dice, lengths and timers alike: a billion (or minus a billion) anywhere is refused."""
    entry = registry.lookup(ruleset)
    Data = entry.load_rules().Data
    raw = {**entry.load_data().model_dump(mode="json", by_alias=True), **OPTIONAL_NUMBERS.get(ruleset, {})}
    Data.model_validate(raw)
    numbers = list(_ints(raw))
    assert len(numbers) > 10
    accepted = []
    for path, _ in numbers:
        try:
            Data.model_validate(_replaced(raw, path, value))
        except ValueError:
            continue
        accepted.append(path)
    assert accepted == [], f"{ruleset}: {value} accepted at {accepted}"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_unexpected_error_in_a_ruleset_check_is_a_ruleset_error(ruleset, tmp_path):
    """A ruleset whose tables are valid one by one but not together is reported, whatever the check raises."""
    text = f'[meta]\nname = "odd"\nextends = "{ruleset}"\n[[phases]]\nid = "x"\nname = "X"\n'
    path = house_file(tmp_path, "odd.toml", text)
    (entry,), _ = registry.house_variants(path.parent)
    try:
        entry.load_data()
    except RefboxError as e:
        assert "odd.toml" in str(e)
