"""The refbox command: where matches live, listing them, resuming one that does not exist."""

from refbox.cli import main
from refbox.engine import storage
from refbox.games.slargeball.demo import demo_match


def test_list_says_where_it_looked_when_there_are_no_matches(tmp_path, capsys):
    assert main(["--data-dir", str(tmp_path), "--list"]) == 0
    assert f"No saved matches in {tmp_path}" in capsys.readouterr().out


def test_list_shows_each_saved_match_with_its_score(tmp_path, capsys):
    match = demo_match(tmp_path / "matches" / "slargeball-x.jsonl", events=50)
    match.save()
    main(["--data-dir", str(tmp_path), "--list"])
    out = capsys.readouterr().out
    assert "slargeball-x" in out and "Red Ravagers" in out


def test_resuming_an_unknown_match_is_a_clear_error(tmp_path, capsys):
    assert main(["--data-dir", str(tmp_path), "--resume", "nope"]) == 2
    assert "no saved match 'nope'" in capsys.readouterr().err


def test_the_data_dir_comes_from_the_flag_then_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv(storage.ENV_VAR, str(tmp_path / "env"))
    assert storage.data_dir() == tmp_path / "env"
    assert storage.data_dir(tmp_path / "flag") == tmp_path / "flag"
    monkeypatch.delenv(storage.ENV_VAR)
    assert storage.data_dir().name == "refbox"


async def test_the_chosen_theme_is_the_theme_next_time(tmp_path):
    from refbox.ui.app import RefboxApp

    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test() as pilot:
        app.theme = "nord"
        await pilot.pause()
    again = RefboxApp(data_dir=tmp_path)
    async with again.run_test() as pilot:
        await pilot.pause()
        assert again.theme == "nord"


def test_the_usual_command_lines_are_read_as_argparse_reads_them_and_the_rest_go_to_argparse():
    from refbox.cli import parse, quick_parse

    for argv in ([], ["--data-dir", "/x"], ["--data-dir=/y z"]):
        assert vars(quick_parse(argv)) == vars(parse(argv)), argv
    for argv in (["--list"], ["--data-dir"], ["--data-dir="], ["--data-dir", "-x"], ["--data-dir", "a", "--list"],
                 ["--resume", "m"], ["--help"]):
        assert quick_parse(argv) is None, argv
