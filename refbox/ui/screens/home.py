"""Home: the five rulesets (unplayable ones listed and marked), unfinished matches to resume, finished matches to
report on, replay, archive or delete (to the trash folder), quit."""

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

from refbox import matchfiles
from refbox.engine import registry, storage
from refbox.engine.errors import RefboxError
from refbox.ui.widgets.literal import joined, literal


class HomeScreen(Screen):
    CSS_PATH = [Path(__file__).parent / "home.tcss"]
    BINDINGS = [
        Binding("q", "app.quit", "Quit"),
        Binding("tab", "app.focus_next", "Switch list", show=True),
        Binding("p", "replay", "Replay"),
        Binding("a", "archive", "Archive"),
        Binding("x,delete", "delete", "Delete (to trash)"),
    ]

    def compose(self) -> ComposeResult:
        yield Static(" refbox · a referee for tabletop sports games", id="title")
        with Horizontal():
            with Vertical(id="new"):
                yield Label("New match (1-9 or ↑↓ Enter)")
                yield OptionList(id="rulesets")
            with Vertical(id="saved"):
                yield Label("Unfinished: Enter resume · p replay (Tab, ↑↓)")
                yield OptionList(id="matches")
                yield Label("Finished: Enter report · p replay · a archive · x trash")
                yield OptionList(id="finished")
        yield Static(id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.reload()
        self.query_one("#rulesets", OptionList).focus()

    def on_screen_resume(self) -> None:
        self.reload()
        self.query_one("#rulesets", OptionList).focus()  # Tab then always reaches the saved matches

    def reload(self) -> None:
        from refbox.ui.app import settle

        settle()  # house rules load rules modules: not while the warm-up imports them
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
        saved = storage.saved_matches(root)
        done = [m for m in saved if not m.problem and matchfiles.is_finished(m.path)]
        self.saved = [m for m in saved if m not in done]
        self.done = done
        for box_id, found, empty in (("#matches", self.saved, "no unfinished matches"),
                                     ("#finished", self.done, "no finished matches")):
            box = self.query_one(box_id, OptionList)
            box.clear_options()
            for m in found:
                name = m.title if m.title != "?" else m.path.name
                detail = m.problem or m.summary
                prompt = joined(name, f" · {m.created.replace('T', ' ')}" if m.created else "", "\n  ",
                                (detail, "dim"))
                box.add_option(Option(prompt, id=str(m.path)))
            if found:
                box.highlighted = 0
            else:
                box.add_option(Option(literal(empty, "dim"), disabled=True))
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

    @on(OptionList.OptionSelected, "#finished")
    def _finished_chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.app.open_report(Path(event.option.id))  # type: ignore[attr-defined]

    def _chosen(self, finished_only: bool = False) -> Path | None:
        """The match highlighted in the focused list (only the finished list when ``finished_only``)."""
        focused = self.focused
        ids = ("finished",) if finished_only else ("matches", "finished")
        if not isinstance(focused, OptionList) or focused.id not in ids:
            where = "the finished list" if finished_only else "a list of matches"
            self.say(f"Pick a match in {where} first (Tab moves between the lists).")
            return None
        option = focused.highlighted_option
        if option is None or not option.id:
            self.say("No match there.")
            return None
        return Path(option.id)

    def action_replay(self) -> None:
        path = self._chosen()
        if path is not None:
            self.app.open_replay(path)  # type: ignore[attr-defined]

    def action_archive(self) -> None:
        self._move(matchfiles.archive_dir(self.app.data_dir), "Archived")  # type: ignore[attr-defined]

    def action_delete(self) -> None:
        self._move(matchfiles.trash_dir(self.app.data_dir), "Deleted")  # type: ignore[attr-defined]

    def _move(self, folder: Path, verb: str) -> None:
        path = self._chosen(finished_only=True)
        if path is None:
            return
        try:
            moved = matchfiles.move_match(path, folder)
        except RefboxError as e:
            self.say(f"Not moved: {e}")
            return
        self.reload()
        self.query_one("#finished", OptionList).focus()
        self.say(f"{verb}: {path.stem} ({len(moved)} files) moved to {folder}. Move them back into "
                 f"{storage.matches_dir(self.app.data_dir)} to list the match again.", "green")  # type: ignore[attr-defined]

    def say(self, message: str, style: str = "yellow") -> None:
        self.query_one("#message", Static).update(literal(message, style))

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
