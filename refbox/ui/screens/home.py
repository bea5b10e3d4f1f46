"""Home: the five rulesets (unplayable ones listed and marked), saved matches to resume, quit."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from refbox.engine import registry, storage
from refbox.engine.errors import RefboxError
from refbox.ui.widgets.literal import joined, literal


class HomeScreen(Screen):
    CSS_PATH = [Path(__file__).parent / "home.tcss"]
    BINDINGS = [
        Binding("q", "app.quit", "Quit"),
        Binding("tab", "app.focus_next", "Switch list", show=True),
    ]

    def compose(self) -> ComposeResult:
        yield Static(" refbox · a referee for tabletop sports games", id="title")
        with Horizontal():
            with Vertical(id="new"):
                yield Label("New match (1-9 or ↑↓ Enter)")
                yield OptionList(id="rulesets")
            with Vertical(id="saved"):
                yield Label("Resume a saved match (Tab, ↑↓ Enter)")
                yield OptionList(id="matches")
        yield Static(id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.reload()
        self.query_one("#rulesets", OptionList).focus()

    def on_screen_resume(self) -> None:
        self.reload()
        self.query_one("#rulesets", OptionList).focus()  # Tab then always reaches the saved matches

    def reload(self) -> None:
        root = self.app.data_dir  # type: ignore[attr-defined]
        variants, problems = registry.house_variants(storage.house_dir(root))
        variants, problems = _valid(variants, problems)
        self.entries = [*registry.BUILTIN, *variants]
        rulesets = self.query_one("#rulesets", OptionList)
        rulesets.clear_options()
        for i, entry in enumerate(self.entries, start=1):
            mark = ("  (not yet playable)", "dim") if not entry.playable else ""
            house = ("  (house rules)", "dim") if entry.house_file else ""
            rulesets.add_option(Option(joined((str(i), "bold"), "  ", entry.title, house, mark), id=entry.name))
        self.saved = storage.saved_matches(root)
        matches = self.query_one("#matches", OptionList)
        matches.clear_options()
        for m in self.saved:
            name = m.title if m.title != "?" else m.path.name
            detail = m.problem or m.summary
            prompt = joined(name, f" · {m.created.replace('T', ' ')}" if m.created else "", "\n  ", (detail, "dim"))
            matches.add_option(Option(prompt, id=str(m.path)))
        if self.saved:
            matches.highlighted = 0
        else:
            matches.add_option(Option(literal("no saved matches yet", "dim"), disabled=True))
        rulesets.highlighted = 0
        message = Text("\n").join(literal(f"⚠ {p}", "yellow") for p in problems)
        self.query_one("#message", Static).update(message)

    def on_key(self, event) -> None:
        if event.character and event.character.isdigit():
            index = int(event.character) - 1
            if 0 <= index < len(self.entries):
                event.stop()
                self.start(self.entries[index])

    @on(OptionList.OptionSelected, "#rulesets")
    def _ruleset_chosen(self, event: OptionList.OptionSelected) -> None:
        self.start(self.entries[event.option_index])

    @on(OptionList.OptionSelected, "#matches")
    def _match_chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.app.resume(event.option.id)  # type: ignore[attr-defined]

    def start(self, entry: registry.Entry) -> None:
        if not entry.playable:
            self.query_one("#message", Static).update(
                literal(f"{entry.title} is not playable yet: its rules are not implemented in refbox.", "yellow"))
            return
        self.app.new_match(entry)  # type: ignore[attr-defined]


def _valid(variants: list[registry.Entry], problems: list[str]) -> tuple[list[registry.Entry], list[str]]:
    """Offer only house rules that load: a broken file is listed as a problem, not as a ruleset."""
    good = []
    for entry in variants:
        try:
            entry.load_data()
        except RefboxError as e:
            problems = [*problems, str(e)]  # the message names the file and the field
        else:
            good.append(entry)
    return good, problems
