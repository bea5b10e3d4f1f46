"""Side panels of the game screen: the turn sequence, the scoreboard, the rosters, the log."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from refbox.engine.state import LogLine, Roster, View
from refbox.ui.widgets.colours import style

MARKS = {"done": ("✓", "dim"), "current": ("▶", "bold reverse"), "todo": (" ", "")}


class PhaseTracker(Static):
    """The turn sequence with the current phase and sub-phase highlighted."""

    def show(self, view: View) -> None:
        text = Text()
        for row in view.phases:
            mark, look = MARKS[row.status]
            indent = "   " * row.depth
            text.append(f"{indent}{mark} {row.name}\n", style=look)
        self.update(text)


class Scoreboard(Static):
    def show(self, view: View, colours: tuple[str, str]) -> None:
        table = Table.grid(padding=(0, 1))
        table.add_column(justify="left")
        table.add_column(justify="right")
        for stat in view.scoreboard:
            look = style(colours[stat.actor]) if stat.actor is not None else ""
            table.add_row(Text(stat.label, style=look), Text(stat.value, style=look))
        self.update(table)


class RosterTable(Static):
    def show(self, roster: Roster, colours: tuple[str, str]) -> None:
        look = style(colours[roster.actor]) if roster.actor is not None else "bold"
        table = Table(title=Text(roster.title.upper(), style=look), expand=True, box=None, padding=(0, 1),
                      header_style="bold dim", title_justify="left")
        for i, col in enumerate(roster.columns):
            table.add_column(col, no_wrap=True, ratio=3 if i == len(roster.columns) - 1 else None)
        for i, row in enumerate(roster.rows):
            dim = roster.dim[i] if i < len(roster.dim) else False
            table.add_row(*row, style="dim" if dim else "")
        self.update(table)


class MatchLog(Static):
    """The journal, rendered: newest last, stamped with turn and phase, in team colours."""

    def show(self, lines: list[LogLine], colours: tuple[str, str], limit: int = 200) -> None:
        text = Text()
        shown = lines[-limit:]
        width = max((len(line.stamp) for line in shown), default=0) + 2
        for line in shown:
            text.append(f"{line.stamp:<{width}}", style="dim")
            text.append(line.text + "\n", style=style(colours[line.actor]) if line.actor is not None else "")
        self.update(text)
