"""Names with wide characters (an emoji, CJK letters take two terminal cells) keep the columns after them in
line: a panel pads by terminal cells, not by characters."""

from __future__ import annotations

from rich.cells import cell_len

from refbox.engine.state import Roster
from refbox.reporting import _row
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
