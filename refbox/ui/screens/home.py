"""Home: the five rulesets (unplayable ones listed and marked), unfinished matches to resume, finished matches to
report on, replay, archive or delete (to the trash folder), quit."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from refbox import matchfiles
from refbox.engine import registry, storage
from refbox.engine.errors import RefboxError
from refbox.engine.text import digits
from refbox.ui.widgets.keybar import KeyBar
from refbox.ui.widgets.literal import joined, literal
from refbox.ui.widgets.menu import Menu, MenuList, MenuOption


class HomeScreen(Screen):
    """Drawn by two widgets (the lists in one ``Menu``, the keys in a ``KeyBar``): the first screen the user
    sees is the one that decides how fast refbox starts."""

    CSS_PATH = [Path(__file__).parent / "home.tcss"]
    BINDINGS = [
        Binding("q", "app.quit", "Quit"),
        Binding("p", "replay", "Replay"),
        Binding("a", "archive", "Archive"),
        Binding("x,delete", "delete", "Delete (to trash)"),
        Binding("w", "more_warnings", "More warnings", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield Menu("refbox · a referee for tabletop sports games", [
            MenuList("rulesets", "New match (1-9 or ↑↓ Enter)", column=0),
            MenuList("matches", "Unfinished: Enter resume · p replay · x trash (Tab, ↑↓)", column=1),
            MenuList("finished", "Finished: Enter report · p replay · a archive · x trash", column=1),
        ], id="menu")
        yield KeyBar()

    @property
    def menu(self) -> Menu:
        return self.query_one("#menu", Menu)

    def on_screen_resume(self) -> None:
        """Also when the app starts: Textual resumes its first screen once it is mounted."""
        self.reload()
        self.menu.focus_list("rulesets")  # Tab then always reaches the saved matches

    def reload(self) -> None:
        self.app.settle()  # type: ignore[attr-defined]  # house rules load rules modules: not while the warm-up imports them
        root = self.app.data_dir  # type: ignore[attr-defined]
        variants, problems = registry.house_variants(storage.house_dir(root))
        variants, problems = _valid(variants, problems)
        self.entries = [*registry.BUILTIN, *variants]
        menu = self.menu
        rulesets = []
        for i, entry in enumerate(self.entries, start=1):
            mark = ("  (not yet playable)", "dim") if not entry.playable else ""
            house = ("  (house rules)", "dim") if entry.house_file else ""
            rulesets.append(MenuOption(joined((str(i), "bold"), "  ", entry.title, house, mark), id=entry.name))
        menu.list_named("rulesets").header = f"New match (1-{min(9, len(rulesets))} or ↑↓ Enter)"
        menu.set_options("rulesets", rulesets)
        saved = storage.saved_matches(root)
        done = [m for m in saved if not m.problem and matchfiles.is_finished(m.path)]
        self.saved = [m for m in saved if m not in done]
        self.done = done
        for name, found, empty in (("matches", self.saved, "no unfinished matches"),
                                   ("finished", self.done, "no finished matches")):
            options = []
            for m in found:
                title = m.title if m.title != "?" else m.path.name
                detail = m.problem or m.summary
                prompt = joined(title, f" · {m.created.replace('T', ' ')}" if m.created else "", "\n  ",
                                (detail, "dim"))
                options.append(MenuOption(prompt, id=str(m.path)))
            menu.set_options(name, options or [MenuOption(literal(empty, "dim"), disabled=True)])
        menu.say(Text("\n").join(literal(f"⚠ {p}", "yellow") for p in problems))
        self._read_ahead(menu.list_named("matches").highlighted_option)

    def _read_ahead(self, option: MenuOption | None) -> None:
        """The unfinished match under the cursor is loaded in the background: Enter then finds it ready."""
        if option is not None and option.id:
            self.app.read_ahead(Path(option.id))  # type: ignore[attr-defined]

    def on_menu_highlighted(self, event: Menu.Highlighted) -> None:
        if event.list.name == "matches":
            self._read_ahead(event.option)

    def on_key(self, event) -> None:
        if event.character and digits(event.character):
            index = int(event.character) - 1
            event.stop()
            if 0 <= index < len(self.entries):
                self.start(self.entries[index])
            else:
                self.say(f"{event.character} starts nothing: the rulesets are 1 to {min(9, len(self.entries))}.")

    def on_menu_selected(self, event: Menu.Selected) -> None:
        if event.list.name == "rulesets":
            self.start(self.entries[event.index])
        elif event.list.name == "matches" and event.option.id:
            self.app.resume(event.option.id)  # type: ignore[attr-defined]
        elif event.list.name == "finished" and event.option.id:
            self.app.open_report(Path(event.option.id))  # type: ignore[attr-defined]

    def _chosen(self, finished_only: bool = False) -> Path | None:
        """The match highlighted in the current list (only the finished list when ``finished_only``)."""
        current = self.menu.current
        names = ("finished",) if finished_only else ("matches", "finished")
        if current.name not in names:
            where = "the finished list" if finished_only else "a list of matches"
            self.say(f"Pick a match in {where} first (Tab moves between the lists).")
            return None
        option = current.highlighted_option
        if option is None or not option.id:
            self.say("No match there.")
            return None
        return Path(option.id)

    def action_more_warnings(self) -> None:
        """A long list of warnings (broken house-rules files) shows a page at a time: the next page."""
        self.menu.page_message()

    def action_replay(self) -> None:
        path = self._chosen()
        if path is not None:
            self.app.open_replay(path)  # type: ignore[attr-defined]

    def action_archive(self) -> None:
        self._move(matchfiles.archive_dir(self.app.data_dir), "Archived")  # type: ignore[attr-defined]

    _delete_asked: Path | None = None
    """An unfinished match whose deletion waits for a second x (a finished one goes at once)."""

    def action_delete(self) -> None:
        path = self._chosen()
        if path is not None and self.menu.current.name == "matches" and self._delete_asked != path:
            self._delete_asked = path
            self.say(f"{path.stem} is not finished: press x again to move it to the trash (it can be moved back).")
            return
        self._delete_asked = None
        self._move(matchfiles.trash_dir(self.app.data_dir), "Deleted", path)  # type: ignore[attr-defined]

    def _move(self, folder: Path, verb: str, path: Path | None = None) -> None:
        path = path or self._chosen(finished_only=True)
        if path is None:
            return
        try:
            moved = matchfiles.move_match(path, folder)
        except RefboxError as e:
            self.say(f"Not moved: {e}")
            return
        unfinished = self.menu.current.name == "matches"
        self.reload()
        self.menu.focus_list("matches" if unfinished else "finished")
        self.say(f"{verb}: {path.stem} ({len(moved)} files) moved to {folder}. Move them back into "
                 f"{storage.matches_dir(self.app.data_dir)} to list the match again.", "green")  # type: ignore[attr-defined]

    def say(self, message: str, style: str = "yellow") -> None:
        self.menu.say(literal(message, style))

    def start(self, entry: registry.Entry) -> None:
        if not entry.playable:
            self.say(f"{entry.title} is not playable yet: its rules are not implemented in refbox.")
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
