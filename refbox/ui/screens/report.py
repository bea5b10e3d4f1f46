"""The match report on screen (issue 15): result and how it was decided, scoring sequence, the game's own
statistics, luck per side, text charts of the score and the luck over the match, house rules and rulings.

Read-only: the report is built from the journal (refbox.engine.report.build), never writing to it. From here
one key starts a rematch (same setup and teams, a new seed) and another replays the match.
"""

from __future__ import annotations

import logging
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from refbox.engine.errors import RefboxError
from refbox.engine.report import Report, build
from refbox.commands.report import luck_chart, luck_line, score_chart, stat_rows, _n
from refbox.ui.widgets.keybar import KeyBar
from refbox.ui.widgets.literal import joined, literal, padded, widest

log = logging.getLogger("refbox")


def table(columns: list[str], rows: list[list[str]], head_style: str = "bold") -> Text:
    """Columns padded to their widest cell; every cell is plain text (names are never markup)."""
    widths = [widest([c] + [r[i] for r in rows]) for i, c in enumerate(columns)]
    text = Text()
    text.append_text(literal("  ".join(map(padded, columns, widths)), head_style))
    for row in rows:
        text.append("\n")
        text.append_text(literal("  ".join(map(padded, row, widths))))
    return text


def report_text(r: Report, width: int = 60) -> list[tuple[str, Text]]:
    """The report's sections as (heading, body) pairs."""
    legend = f"1 = {r.teams[0]}   2 = {r.teams[1]}   * = both"
    out = [("Result", joined((f"{r.teams[0]} {_n(r.score[0])} : {_n(r.score[1])} {r.teams[1]}", "bold"), "\n",
                             r.result, "\n", (f"match {r.match_id} · {r.created.replace('T', ' ')} · seed {r.seed} · "
                                              f"{r.inputs} inputs", "dim")))]
    scoring = [[s["stamp"], f"{_n(s['score'][0])} : {_n(s['score'][1])}", s["text"]] for s in r.scoring]
    out.append(("Scoring", table(["when", "score", "how"], scoring) if scoring else literal("No scores.", "dim")))
    stats = sorted({k for s in r.tally.teams.values() for k in s})
    if stats:
        rows = [[k, *(str(r.tally.teams.get(t, {}).get(k, 0)) for t in (0, 1))] for k in stats]
        out.append(("Team statistics", table(["statistic", *r.teams], rows)))
    columns, rows = stat_rows(r)
    if rows:
        out.append(("Figures", table(columns, rows)))
    luck = Text("\n").join(literal(luck_line(r, s)) for s in (0, 1))
    if r.luck_timeline:
        luck.append_text(literal("\n\nSuccesses minus expected over the match (above 0: luckier than the odds)\n", "dim"))
        luck.append_text(literal("\n".join(luck_chart(r, width)) + "\n" + legend))
    out.append(("Luck", luck))
    out.append(("Score over the match", literal("\n".join(score_chart(r, width)) + "\n" + legend)))
    house = "\n".join(f"• {c}" for c in r.house_rules) or "None: the shipped ruleset."
    out.append(("House rules", literal(house)))
    rulings = "\n".join(f"• {x['ruling']} (why: {x['reason']})" for x in r.rulings) or "None."
    out.append(("Rulings that applied", literal(rulings)))
    return out


class ReportScreen(Screen):
    CSS_PATH = [Path(__file__).parent / "report.tcss"]
    BINDINGS = [
        Binding("n", "rematch", "Rematch (new seed)"),
        Binding("p", "replay", "Replay"),
        Binding("q,escape", "back", "Back"),
    ]

    def __init__(self, journal: Path) -> None:
        super().__init__()
        self.journal = journal
        self.report: Report | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield VerticalScroll(id="body")
        yield Static(id="message")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#title", Static).update(Text(" refbox · match report", style="bold"))
        self.say("Reading the match from its journal…", "dim")
        self.query_one("#body").focus()
        self.run_worker(self._build, thread=True, exclusive=True)

    def _build(self) -> None:
        """In a thread: a long match takes seconds to replay (every prompt rebuilt for its odds)."""
        try:
            report, error = build(self.journal), ""
        except RefboxError as e:
            report, error = None, f"No report: {e}"
        except Exception as e:  # never a traceback: say so, log it
            log.exception("report failed")
            report, error = None, f"No report ({type(e).__name__}: {e})"
        self.app.call_from_thread(self._show, report, error)

    def _show(self, report: Report | None, error: str) -> None:
        self.report = report
        if report is None:
            self.say(error, "red")
            return
        self.say("")
        title = Text(" refbox · match report", style="bold")
        title.append_text(literal(f" · {report.title}", "bold"))
        self.query_one("#title", Static).update(title)
        body = self.query_one("#body", VerticalScroll)
        width = max(30, min(90, self.app.size.width - 14))
        body.mount_all(w for heading, text in report_text(report, width)
                       for w in (Static(heading, classes="heading"), Static(text, classes="section")))

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_replay(self) -> None:
        from refbox.ui.screens.replay import ReplayScreen

        self.app.push_screen(ReplayScreen(self.journal))

    def action_rematch(self) -> None:
        if self.report is None:
            self.say("The report is still being read (or could not be): rematch once it is shown.")
            return
        self.app.rematch(self.journal)  # type: ignore[attr-defined]

    def say(self, message: str, style: str = "yellow") -> None:
        self.query_one("#message", Static).update(literal(message, style))
