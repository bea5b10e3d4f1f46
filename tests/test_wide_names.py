"""Long and wide names on screen: a name with wide characters (an emoji, CJK letters take two terminal cells)
keeps the columns after it in line, since panels pad by terminal cells; a long team name gives way in an answer
too wide for the prompt panel, so the figure it names stays readable; a name too long is refused in words."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from refbox.engine.state import Roster
from refbox.commands.report import _row
from refbox.ui.screens.report import table
from refbox.ui.widgets.panels import RosterTable, Scoreboard

NAMES = ["🐉 Dragons", "Orcs", "東京 Kaiju"]


def columns_start_at(line: str, value: str) -> int:
    """The terminal cell where ``value`` starts in ``line``."""
    return cell_len(line[: line.index(value)])


def test_the_scoreboard_values_line_up_after_wide_names():
    rows = [(name, f"score {i}", i % 2) for i, name in enumerate(NAMES)]
    lines = Scoreboard._text(rows, ("red", "blue")).plain.splitlines()
    starts = {columns_start_at(line, f"score {i}") for i, line in enumerate(lines)}
    assert len(starts) == 1, lines


def test_a_roster_lines_up_after_wide_names():
    roster = Roster("Team", 0, ["name", "MA"], [[name, str(i)] for i, name in enumerate(NAMES)])
    lines = RosterTable._text(roster, ("red", "blue")).plain.splitlines()[2:]
    assert len({columns_start_at(line, f" {i}") for i, line in enumerate(lines)}) == 1, lines


def test_the_report_table_lines_up_after_wide_names():
    lines = table(["team", "goals"], [[name, str(i)] for i, name in enumerate(NAMES)]).plain.splitlines()[1:]
    assert len({columns_start_at(line, f" {i}") for i, line in enumerate(lines)}) == 1, lines


def test_a_bar_in_a_name_stays_inside_its_markdown_cell():
    assert _row(["statistic", "A|B", "C"]) == "| statistic | A\\|B | C |"


def test_an_answer_too_wide_for_the_panel_shortens_a_long_team_name_not_the_figure():
    from refbox.ui.widgets.prompt_panel import shortened

    names = ("The Extremely Long N", "Orcs")
    label = "Reaches The Extremely Long N Skater 3 → sector 5"
    assert shortened(label, names, 80) == label, "room enough: as it is"
    assert shortened(label, names, 40) == "Reaches The Extr… Skater 3 → sector 5"
    assert shortened("Reaches Orcs Skater 3 → sector 5", names, 10) == "Reaches Orcs Skater 3 → sector 5"


async def test_at_70_columns_rulerball_answers_still_name_their_figures(tmp_path):
    from textual.widgets import Input

    from refbox.engine.registry import lookup
    from refbox.ui.app import RefboxApp
    from refbox.ui.widgets.prompt_panel import PromptPanel

    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=(70, 24)) as pilot:
        app.new_match(lookup("rulerball"))
        await pilot.pause()
        app.screen.query_one("#name0", Input).value = "The Extremely Long N"  # 20 characters, the most
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        await pilot.press("enter", "1", "enter")  # period 1 starts; the ball stops in sector 1
        await pilot.pause()
        panel = screen.query_one(PromptPanel)
        shown = [panel.render_line(y).text for y in range(panel.size.height)]
        answers = [row for row in shown if "The Extr…" in row]
        assert answers and all("Catcher" in row or "Skater" in row or "Biker" in row for row in answers), shown


def test_a_name_too_long_for_its_setup_is_refused_in_words():
    from pydantic import ValidationError

    from refbox.games.rulerball.models import Setup
    from refbox.ui.screens.setup import _first

    setup = Setup().model_dump()
    setup["teams"][0]["name"] = "The Extremely Long Name"
    with pytest.raises(ValidationError) as e:
        Setup.model_validate(setup)
    assert _first(e.value) == "teams 1 name: 23 characters, at most 20 fit"


def test_a_long_team_name_in_a_narrow_scoreboard_does_not_push_the_other_values_onto_a_second_line():
    rows = [("🦄🦄 Unicorn Stampede Supr", "0", 0), ("Orcs", "2", 1), ("Turn", "1/25", None)]
    lines = Scoreboard._text(rows, ("red", "blue"), room=24).plain.splitlines()
    assert lines[1:] == ["Orcs        2", "Turn        1/25"], lines
    assert Scoreboard._text(rows[1:], ("red", "blue"), room=24).plain.splitlines() == ["Orcs 2", "Turn 1/25"]
    assert lines[0] == "🦄🦄 Unicorn Stampede Supr 0", "a label longer than the room keeps one space before its value"
