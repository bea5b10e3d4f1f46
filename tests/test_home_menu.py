"""The home screen's lists (one Menu widget) and its key bar: what the three OptionLists did, keys and mouse."""

from rich.text import Text
from textual import events
from textual.app import App
from textual.binding import Binding

from refbox.ui.app import RefboxApp
from refbox.ui.widgets.keybar import KeyBar
from refbox.ui.widgets.menu import Menu, MenuList, MenuOption

SIZE = (100, 30)


class MenuApp(App):
    """A Menu with a left list and two right ones, recording what is chosen."""

    BINDINGS = [Binding("z", "zap", "Zap"), Binding("y", "yank", "Yank")]

    def __init__(self, options: dict[str, list[MenuOption]], message: str = "") -> None:
        super().__init__()
        self.options = options
        self.message = message
        self.chosen: list[tuple[str, int, str | None]] = []
        self.zapped = 0

    def compose(self):
        yield Menu("title", [MenuList("a", "A list", 0), MenuList("b", "B list", 1), MenuList("c", "C list", 1)])
        yield KeyBar()

    def on_mount(self) -> None:
        menu = self.query_one(Menu)
        for name, options in self.options.items():
            menu.set_options(name, options)
        menu.say(Text(self.message))
        menu.focus_list("a")

    def on_menu_selected(self, event: Menu.Selected) -> None:
        self.chosen.append((event.list.name, event.index, event.option.id))

    def action_zap(self) -> None:
        self.zapped += 1

    def action_yank(self) -> None:
        self.zapped += 100

    def check_action(self, action: str, parameters) -> bool | None:
        return None if action == "yank" else True  # shown, but disabled


def opts(n: int, prefix: str = "o") -> list[MenuOption]:
    return [MenuOption(Text(f"{prefix}{i}"), id=f"{prefix}{i}") for i in range(n)]


def row_of(menu: Menu, name: str, index: int) -> tuple[int, int]:
    """Where an option's first line is drawn (inside its box), as widget coordinates."""
    lst = menu.list_named(name)
    line = next(n for n, (i, _) in enumerate(lst.lines) if i == index)
    assert lst.top <= line < lst.top + lst.rows, "the option is in view"
    return lst.box.x + 3, lst.box.y + 1 + line - lst.top


def drawn(menu: Menu) -> list[str]:
    return [menu.render_line(y).text for y in range(menu.size.height)]


async def test_keys_move_the_highlight_and_enter_chooses_it():
    app = MenuApp({"a": opts(3), "b": opts(2, "b"), "c": [MenuOption(Text("none"), disabled=True)]})
    async with app.run_test(size=SIZE) as pilot:
        menu = app.query_one(Menu)
        await pilot.press("down", "down", "down", "enter")
        assert app.chosen == [("a", 2, "o2")], "down stops at the last option"
        await pilot.press("up", "home", "enter", "end", "enter")
        assert app.chosen[1:] == [("a", 0, "o0"), ("a", 2, "o2")]
        await pilot.press("tab", "down", "enter")
        assert menu.current.name == "b" and app.chosen[-1] == ("b", 1, "b1")
        await pilot.press("tab", "down", "enter")
        assert menu.current.name == "c" and len(app.chosen) == 4, "a disabled row is never chosen"
        assert menu.current.highlighted is None
        await pilot.press("tab")
        assert menu.current.name == "a", "Tab comes round to the first list"
        await pilot.press("shift+tab")
        assert menu.current.name == "c"
        await pilot.press("left")
        assert menu.current.name == "a"
        await pilot.press("right")
        assert menu.current.name == "b"


async def test_a_long_list_scrolls_to_keep_the_highlight_in_view_and_says_what_is_shown():
    app = MenuApp({"a": opts(60)})
    async with app.run_test(size=SIZE) as pilot:
        menu = app.query_one(Menu)
        lst = menu.list_named("a")
        assert lst.rows < 60
        await pilot.press("end")
        assert lst.highlighted == 59 and lst.top == 60 - lst.rows
        assert any(f"{lst.top + 1}-60 of 60 lines" in line for line in drawn(menu))
        assert any("o59" in line for line in drawn(menu)) and not any(" o0 " in line for line in drawn(menu))
        await pilot.press("pageup")
        assert lst.highlighted == 59 - lst.rows and lst.top <= lst.highlighted
        await pilot.press("home")
        assert lst.top == 0
        x, y = row_of(menu, "a", 0)
        menu.post_message(events.MouseScrollDown(menu, x, y, 0, 1, 0, False, False, False))
        await pilot.pause()
        assert lst.top == 1 and lst.highlighted == 0, "the wheel scrolls without moving the highlight"


async def test_a_click_chooses_the_option_under_the_pointer():
    app = MenuApp({"a": opts(4), "b": opts(3, "b"), "c": [MenuOption(Text("none"), disabled=True)]})
    async with app.run_test(size=SIZE) as pilot:
        menu = app.query_one(Menu)
        await pilot.click(Menu, offset=row_of(menu, "b", 2))
        assert app.chosen == [("b", 2, "b2")] and menu.current.name == "b"
        await pilot.click(Menu, offset=row_of(menu, "a", 1))
        assert app.chosen[-1] == ("a", 1, "o1")
        await pilot.click(Menu, offset=row_of(menu, "c", 0))
        assert len(app.chosen) == 2 and menu.current.name == "c", "a disabled row: the list, no choice"
        await pilot.hover(Menu, offset=row_of(menu, "a", 3))
        assert menu._hover == (menu.list_named("a"), 3)


async def test_long_prompts_wrap_in_their_box_and_the_message_shows_under_the_lists():
    words = "a long summary of a match that does not fit in the box " * 3
    app = MenuApp({"b": [MenuOption(Text("first\n  " + words), id="x"), MenuOption(Text("second"), id="y")]},
                  message="something to say")
    async with app.run_test(size=SIZE) as pilot:
        menu = app.query_one(Menu)
        lst = menu.list_named("b")
        assert len(lst.lines) > 3 and [i for i, _ in lst.lines].count(0) == len(lst.lines) - 1
        shown = " ".join(line.strip("│ ") for line in drawn(menu)[lst.box.y + 1: lst.box.bottom - 1])
        assert " ".join(words.split()) in " ".join(shown.split())
        assert "something to say" in drawn(menu)[-1]
        await pilot.press("tab", "down", "enter")
        assert app.chosen == [("b", 1, "y")], "down steps over every line of a wrapped option"


async def test_the_key_bar_shows_the_bindings_and_a_click_presses_the_key():
    app = MenuApp({"a": opts(2)})
    async with app.run_test(size=SIZE) as pilot:
        bar = app.query_one(KeyBar)
        line = bar.render_line(0).text
        assert "z Zap" in line and "tab Switch list" in line and "palette" in line
        start = next(s for s, _e, key in bar._spans if key == "z")
        await pilot.click(KeyBar, offset=(start + 1, 0))
        await pilot.pause()
        assert app.zapped == 1
        assert "y Yank" in line, "a disabled binding is shown"
        strip = bar.render_line(0)
        assert all(seg.style.dim for seg in strip if seg.text.strip() in ("y", "Yank")), "dimmed"
        assert not any(seg.style.dim for seg in strip if seg.text.strip() in ("z", "Zap"))
        assert [key for _s, _e, key in bar._spans].count(None) == 1
        yank = line.index(" y Yank")
        await pilot.click(KeyBar, offset=(yank + 1, 0))
        await pilot.pause()
        assert app.zapped == 1, "a click on a disabled key does nothing"


async def test_replay_archive_and_delete_need_a_match_list(tmp_path):
    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("p")
        assert "Pick a match in a list of matches first" in str(app.screen.menu.message)
        await pilot.press("tab", "tab", "x")
        assert "No match there" in str(app.screen.menu.message)


async def test_a_number_past_the_rulesets_says_so(tmp_path):
    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        home = app.screen
        assert home.menu.list_named("rulesets").header.startswith("New match (1-5 ")
        await pilot.press("7")
        assert app.screen is home and "7 starts nothing: the rulesets are 1 to 5" in str(home.menu.message)
