"""Side panels of the game screen: the turn sequence, the scoreboard, the rosters, the log.

Each panel redraws only when what it shows has changed, and draws plain styled text (not Rich
tables, whose layout pass costs milliseconds per key press)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from refbox.engine.state import LogLine, Roster, View
from refbox.ui.widgets.colours import style

MARKS = {"done": ("✓", "dim"), "current": ("▶", "bold reverse"), "todo": (" ", "")}


class Panel(Static):
    """A Static that skips ``update`` when it would show the same thing again."""

    _shown: object = None

    def show_if_changed(self, key: object, build) -> bool:
        """Update (and say so) only when ``key`` differs from what is shown."""
        if key == self._shown:
            return False
        self._shown = key
        self.update(build())
        return True


class PhaseTracker(Panel):
    """The turn sequence with the current phase and sub-phase highlighted."""

    def show(self, view: View) -> None:
        rows = tuple((r.name, r.status, r.depth) for r in view.phases)
        self.show_if_changed(rows, lambda: self._text(rows))

    @staticmethod
    def _text(rows) -> Text:
        text = Text()
        for name, status, depth in rows:
            mark, look = MARKS[status]
            text.append(f"{'   ' * depth}{mark} {name}\n", style=look)
        return text


class Scoreboard(Panel):
    def show(self, view: View, colours: tuple[str, str]) -> None:
        rows = tuple((s.label, s.value, s.actor) for s in view.scoreboard)
        self.show_if_changed(rows, lambda: self._text(rows, colours))

    @staticmethod
    def _text(rows, colours) -> Text:
        width = max((len(label) for label, _, _ in rows), default=0) + 1
        text = Text()
        for label, value, actor in rows:
            look = style(colours[actor]) if actor is not None else ""
            text.append(f"{label:<{width}}", style=look)
            text.append(f"{value}\n", style=look)
        return text


class RosterTable(Panel):
    def show(self, roster: Roster, colours: tuple[str, str]) -> None:
        key = (roster.title, tuple(map(tuple, roster.rows)), tuple(roster.dim))
        self.show_if_changed(key, lambda: self._text(roster, colours))

    @staticmethod
    def _text(roster: Roster, colours) -> Text:
        look = style(colours[roster.actor]) if roster.actor is not None else "bold"
        cols = len(roster.columns)
        widths = [max([len(roster.columns[i])] + [len(r[i]) for r in roster.rows]) for i in range(cols)]
        text = Text()
        text.append(roster.title.upper() + "\n", style=look)
        text.append(" ".join(f"{c:<{w}}" for c, w in zip(roster.columns, widths)) + "\n", style="bold dim")
        for i, row in enumerate(roster.rows):
            dim = roster.dim[i] if i < len(roster.dim) else False
            text.append(" ".join(f"{c:<{w}}" for c, w in zip(row, widths)) + "\n", style="dim" if dim else "")
        return text


class MatchLog(Panel):
    """The journal, rendered: newest last, stamped with turn and phase, in team colours."""

    def show(self, lines: list[LogLine], colours: tuple[str, str], limit: int = 60) -> bool:
        key = (len(lines), id(lines[-1]) if lines else None)
        return self.show_if_changed(key, lambda: self._text(lines[-limit:], colours))

    @staticmethod
    def _text(shown: list[LogLine], colours) -> Text:
        text = Text()
        width = max((len(line.stamp) for line in shown), default=0) + 2
        for line in shown:
            text.append(f"{line.stamp:<{width}}", style="dim")
            text.append(line.text + "\n", style=style(colours[line.actor]) if line.actor is not None else "")
        return text
