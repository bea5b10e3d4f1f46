"""House rulesets that narrow a choice (their own referees, bigger games only) still open their setup screen
with a choice they allow, and `refbox sim` plays them; a headless setup that cannot fit is a message."""

import json

import pytest

from refbox.cli import main
from refbox.ui.app import RefboxApp

LEAGUE = ('[meta]\nextends = "monster-ball"\nname = "league"\ntitle = "League Monster Ball"\n\n'
          '[[referees]]\nid = "strict-sue"\nname = "Strict Sue"\ncatches_at_most = 5\nblurb = "Our referee."\n')
BIG = ('[meta]\nextends = "slargeball"\nname = "big"\ntitle = "Big Slargeball"\n\n[game]\nsquads_min = 4\n\n'
       '[[balls]]\nsquads = [4, 5]\ncount = 3\n')


@pytest.fixture
def house(tmp_path):
    (tmp_path / "rulesets").mkdir()
    (tmp_path / "rulesets" / "league.toml").write_text(LEAGUE)
    (tmp_path / "rulesets" / "big.toml").write_text(BIG)
    return tmp_path


@pytest.mark.parametrize("title, widget, expected", [("League Monster Ball", "#referee", "strict-sue"),
                                                      ("Big Slargeball", "#squads", 4)])
async def test_the_setup_screen_starts_on_a_choice_the_house_ruleset_allows(house, title, widget, expected):
    app = RefboxApp(data_dir=house)
    async with app.run_test(size=(130, 40)) as pilot:
        await pilot.pause()
        rulesets = app.screen.menu.list_named("rulesets").options
        index = next(i for i, o in enumerate(rulesets) if title in str(o.prompt))
        await pilot.press(str(index + 1))
        await pilot.pause()
        assert type(app.screen).__name__.endswith("SetupScreen")
        assert app.screen.query_one(widget).value == expected


@pytest.mark.parametrize("name", ["league", "big"])
def test_sim_plays_a_house_ruleset_with_a_setup_it_allows(house, name, capsys):
    assert main(["sim", name, "--games", "1", "--data-dir", str(house)]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["games"] == 1


def test_sim_says_so_when_its_setup_does_not_fit_the_ruleset(house, capsys, monkeypatch):
    from refbox.games.slargeball.rules import Slargeball

    monkeypatch.setattr(Slargeball, "headless_setup", lambda self: {"teams": [], "squads": 2})
    assert main(["sim", "big", "--games", "1", "--data-dir", str(house)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("refbox sim: ") and "Traceback" not in err


def test_sim_shows_a_house_rulesets_name_and_title_as_text_not_markup(tmp_path, capsys):
    (tmp_path / "rulesets").mkdir()
    (tmp_path / "rulesets" / "h.toml").write_text(
        '[meta]\nextends = "ballmonsters"\nname = "league[/b]"\ntitle = "League [/i] cup"\n')
    assert main(["sim", "league[/b]", "--games", "1", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "league[/b]: 1 games" in out
