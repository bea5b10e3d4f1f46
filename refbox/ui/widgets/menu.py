"""The home screen's body as one widget (Textual's line API): a title, lists of options in boxes, a message.

Three ``OptionList`` widgets with their labels and containers made the home screen's first paint cost about
three times a bare Textual app's; this widget draws the same lists in one pass. A list keeps what an
``OptionList`` gave the home screen: a highlighted option (↑↓, PgUp/PgDn, Home/End, the mouse wheel and
hover), Enter or a click to choose it (``Menu.Selected``), disabled rows that cannot be chosen, long prompts
wrapped to the box, and scrolling. Tab and Shift+Tab (or ← →) move between the lists; the current list's box
is drawn in the focus colour.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget


class MenuOption:
    """One row of a list: its text (shown literally), an id for the screen, and whether it can be chosen."""

    __slots__ = ("prompt", "id", "disabled")

    def __init__(self, prompt: Text, id: str | None = None, disabled: bool = False) -> None:
        self.prompt = prompt
        self.id = id
        self.disabled = disabled


class MenuList:
    """One list: a header line above a box of options."""

    def __init__(self, name: str, header: str, column: int) -> None:
        self.name = name
        self.header = header
        self.column = column
        """0: the left column, 1: the right one (lists in one column share its height)."""
        self.options: list[MenuOption] = []
        self.highlighted: int | None = None
        self.top = 0
        """The first wrapped line shown in the box."""
        self.lines: list[tuple[int, list[Segment]]] = []
        """The options wrapped to the box, one line each: (option index, the line drawn)."""
        self.box = Region(0, 0, 0, 0)
        """Where the box is drawn (border included); the header is the row above it."""

    @property
    def rows(self) -> int:
        """Lines of options the box shows at once."""
        return max(0, self.box.height - 2)

    @property
    def highlighted_option(self) -> MenuOption | None:
        return None if self.highlighted is None else self.options[self.highlighted]


class Menu(Widget, can_focus=True):
    DEFAULT_CSS = """
    Menu { height: 1fr; background: $background; }
    Menu > .menu--title { background: $panel; text-style: bold; }
    Menu > .menu--border { color: $foreground 30%; background: $surface; }
    Menu > .menu--border-current { color: $border; background: $surface; }
    Menu > .menu--option { color: $foreground; background: $surface; }
    Menu > .menu--highlight {
        color: $block-cursor-blurred-foreground; background: $block-cursor-blurred-background;
        text-style: $block-cursor-blurred-text-style;
    }
    Menu > .menu--highlight-current {
        color: $block-cursor-foreground; background: $block-cursor-background; text-style: $block-cursor-text-style;
    }
    Menu > .menu--hover { background: $block-hover-background; }
    """
    COMPONENT_CLASSES = {"menu--title", "menu--border", "menu--border-current", "menu--option", "menu--highlight",
                         "menu--highlight-current", "menu--hover"}
    BINDINGS = [
        Binding("tab", "next_list", "Switch list"),
        Binding("shift+tab", "next_list(-1)", "Previous list", show=False),
        Binding("right", "column(1)", show=False),
        Binding("left", "column(0)", show=False),
        Binding("up", "move(-1)", show=False),
        Binding("down", "move(1)", show=False),
        Binding("pageup", "page(-1)", show=False),
        Binding("pagedown", "page(1)", show=False),
        Binding("home", "move(-1000000)", show=False),
        Binding("end", "move(1000000)", show=False),
        Binding("enter", "select", show=False),
    ]

    class Selected(Message):
        """An option was chosen (Enter or a click)."""

        def __init__(self, menu: "Menu", lst: MenuList, index: int) -> None:
            super().__init__()
            self.menu = menu
            self.list = lst
            self.index = index
            self.option = lst.options[index]

    class Highlighted(Message):
        """A list's highlighted option changed (keys or a click; not ``set_options``)."""

        def __init__(self, menu: "Menu", lst: MenuList) -> None:
            super().__init__()
            self.menu = menu
            self.list = lst
            self.option = lst.highlighted_option

    def __init__(self, title: str, lists: list[MenuList], **kwargs) -> None:
        super().__init__(**kwargs)
        self.title = title
        self.lists = lists
        self.current = lists[0]
        self.message = Text()
        self._message_lines: list[Text] = []
        """The message rows drawn: a window on its wrapped lines (and a last row saying so) when it is long."""
        self._message_wrapped: list[Text] = []
        self._message_top = 0
        """The first wrapped line of the message shown (a long list of warnings scrolls)."""
        self._message_shown = 0
        """Lines of a long message shown at once (0: the message is short, all of it is shown)."""
        self._hover: tuple[MenuList, int] | None = None
        self._laid_out_for: tuple[int, int] | None = None
        """The size the boxes were placed for (None: to do again before the next line is drawn)."""
        self._looks: dict[str, Style] | None = None

    # ---- the lists' contents ----

    def list_named(self, name: str) -> MenuList:
        return next(lst for lst in self.lists if lst.name == name)

    def set_options(self, name: str, options: list[MenuOption]) -> None:
        """Replace a list's options; the first enabled one is highlighted, the box scrolled to the top."""
        lst = self.list_named(name)
        lst.options = options
        lst.highlighted = next((i for i, o in enumerate(options) if not o.disabled), None)
        lst.top = 0
        self._hover = None
        self._relayout()

    def say(self, message: Text) -> None:
        """The message under the lists (empty: none)."""
        self.message = message
        self._message_top = 0
        self._relayout()

    def scroll_message(self, step: int, wrap: bool = False) -> None:
        """Show a long message's lines ``step`` further on (with ``wrap``, from its top again after its end)."""
        self._layout()
        shown = self._message_shown
        last = len(self._message_wrapped) - shown  # the top line that shows the end
        if not shown or last <= 0:
            return
        top = 0 if wrap and step > 0 and self._message_top == last else self._message_top + step
        self._message_top = max(0, min(top, last))
        self._relayout()

    def page_message(self) -> None:
        """The next page of a long message, then its first again."""
        self.scroll_message(max(1, self._message_shown), wrap=True)

    def focus_list(self, name: str) -> None:
        self.current = self.list_named(name)
        self.focus()
        self.refresh()

    # ---- layout ----

    def _relayout(self) -> None:
        """Lay the lists out again before the next line is drawn (once, however many changes come first)."""
        self._laid_out_for = None
        self.refresh()

    def _layout(self) -> None:
        """Place the boxes for the widget's size and wrap every prompt to its box."""
        width, height = self.size
        if self._laid_out_for == (width, height) or not width or not height:
            return
        self._laid_out_for = (width, height)
        console = self.app.console
        self._message_wrapped = list(self.message.wrap(console, max(1, width - 4))) if self.message.plain else []
        self._message_lines = self._message_window(height)
        bottom = height - len(self._message_lines) - (1 if self._message_lines else 0) - 1  # padding row below
        left_width = width // 3
        columns = [(2, max(6, left_width - 4)), (left_width + 2, max(6, width - left_width - 4))]
        for column, (x, w) in enumerate(columns):
            stacked = [lst for lst in self.lists if lst.column == column]
            # each list: a header row and a box; one blank row between lists in a column
            space = bottom - 2 - len(stacked) - (len(stacked) - 1)
            y = 2
            for i, lst in enumerate(stacked):
                h = max(3, space // len(stacked) + (1 if i < space % len(stacked) else 0))
                lst.box = Region(x, y + 1, w, h)
                y += 1 + h + 1
        for lst in self.lists:
            lst.lines = [(i, list(line.render(console))) for i, option in enumerate(lst.options)
                         for line in option.prompt.wrap(console, max(1, lst.box.width - 4))]
            self._scroll_to_highlight(lst)

    def _message_window(self, height: int) -> list[Text]:
        """The message's rows: all of its lines, or for a long one (many broken house-rules files) a window of
        at most a third of the screen and a row saying which lines are shown, so the lists keep their room."""
        lines = self._message_wrapped
        rows = max(2, (height - 6) // 3)
        if len(lines) <= rows:
            self._message_top = self._message_shown = 0
            return lines
        shown = self._message_shown = rows - 1
        top = self._message_top = max(0, min(self._message_top, len(lines) - shown))
        where = Text(f"lines {top + 1}-{top + shown} of {len(lines)} · w shows more (or the mouse wheel here)",
                     style="dim")
        return [*lines[top:top + shown], where]

    def _option_lines(self, lst: MenuList, index: int) -> tuple[int, int]:
        """The first and one-past-last wrapped line of an option."""
        first = next((n for n, (i, _) in enumerate(lst.lines) if i == index), 0)
        last = first
        while last < len(lst.lines) and lst.lines[last][0] == index:
            last += 1
        return first, last

    def _scroll_to_highlight(self, lst: MenuList) -> None:
        self._layout()
        lst.top = max(0, min(lst.top, len(lst.lines) - lst.rows))
        if lst.highlighted is None or not lst.rows:
            return
        first, last = self._option_lines(lst, lst.highlighted)
        if first < lst.top:
            lst.top = first
        elif last > lst.top + lst.rows:
            lst.top = max(0, min(first, last - lst.rows))

    # ---- drawing ----
    # Each line is built from Segments and made into one Strip: a Strip per piece (Text.render, crop, join)
    # cost more than the rest of the first paint put together.

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._looks = None

    def _look(self, name: str) -> Style:
        """A style of the widget (``base``) or of one of its component classes, looked up once per theme."""
        if self._looks is None:
            base = self.rich_style
            self._looks = {"base": base, **{c.removeprefix("menu--"): self.get_component_rich_style(c)
                                            for c in self.COMPONENT_CLASSES}}
        return self._looks[name]

    def render_line(self, y: int) -> Strip:
        self._layout()
        width = self.size.width
        base = self._look("base")
        if y == 0:
            title = self._look("title")
            return Strip(Segment.adjust_line_length([Segment(f" {self.title}", title)], width, title), width)
        pieces: list[tuple[int, int, list[Segment]]] = []
        for lst in self.lists:
            box = lst.box
            if y == box.y - 1:
                pieces.append((box.x, box.width, [Segment(lst.header, base)]))
            elif box.y <= y < box.bottom:
                pieces.append((box.x, box.width, self._box_row(lst, y - box.y)))
        message_top = self.size.height - len(self._message_lines)
        if self._message_lines and y >= message_top:
            line = self._message_lines[y - message_top]
            pieces.append((2, width - 4, list(Segment.apply_style(line.render(self.app.console), base))))
        segments: list[Segment] = []
        x = 0
        for at, length, part in sorted(pieces, key=lambda p: p[0]):
            if at > x:
                segments.append(Segment(" " * (at - x), base))
            segments += Segment.adjust_line_length(part, length, base)
            x = at + length
        return Strip(Segment.adjust_line_length(segments, width, base), width)

    def _box_row(self, lst: MenuList, row: int) -> list[Segment]:
        current = lst is self.current and self.has_focus
        border = self._look("border-current" if current else "border")
        inner = lst.box.width - 2
        if row == 0:
            return [Segment("╭" + "─" * inner + "╮", border)]
        if row == lst.box.height - 1:
            shown = ""
            if len(lst.lines) > lst.rows:  # more than fits: which lines are shown
                end = min(len(lst.lines), lst.top + lst.rows)
                shown = f" {lst.top + 1}-{end} of {len(lst.lines)} lines "[: max(0, inner - 2)]
            return [Segment("╰" + "─" * (inner - len(shown) - 1) + shown + "─╯", border)]
        n = lst.top + row - 1
        style = self._look("option")
        if n >= len(lst.lines):
            return [Segment("│", border), Segment(" " * inner, style), Segment("│", border)]
        index, line = lst.lines[n]
        if index == lst.highlighted:
            style += self._look("highlight-current" if current else "highlight")
        elif self._hover == (lst, index) and not lst.options[index].disabled:
            style += self._look("hover")
        body = Segment.adjust_line_length([Segment(" "), *line], inner)
        return [Segment("│", border), *Segment.apply_style(body, style), Segment("│", border)]

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    # ---- keys ----

    def action_next_list(self, step: int = 1) -> None:
        self.current = self.lists[(self.lists.index(self.current) + step) % len(self.lists)]
        self.refresh()

    def action_column(self, column: int) -> None:
        if self.current.column != column:
            self.current = next(lst for lst in self.lists if lst.column == column)
            self.refresh()

    def action_move(self, step: int) -> None:
        lst = self.current
        enabled = [i for i, o in enumerate(lst.options) if not o.disabled]
        if not enabled:
            return
        before = lst.highlighted
        if lst.highlighted is None:
            lst.highlighted = enabled[0] if step > 0 else enabled[-1]
        else:
            at = enabled.index(lst.highlighted) if lst.highlighted in enabled else 0
            lst.highlighted = enabled[max(0, min(len(enabled) - 1, at + step))]
        self._scroll_to_highlight(lst)
        self.refresh()
        if lst.highlighted != before:
            self.post_message(self.Highlighted(self, lst))

    def action_page(self, step: int) -> None:
        lst = self.current
        options_per_page = max(1, lst.rows // max(1, len(lst.lines) // max(1, len(lst.options))))
        self.action_move(step * options_per_page)

    def action_select(self) -> None:
        lst = self.current
        if lst.highlighted is not None and not lst.options[lst.highlighted].disabled:
            self.post_message(self.Selected(self, lst, lst.highlighted))

    # ---- mouse ----

    def _hit(self, x: int, y: int) -> tuple[MenuList | None, int | None]:
        """The list at a point, and the option there (None: its header, border or an empty row)."""
        self._layout()
        for lst in self.lists:
            box = lst.box
            if box.x <= x < box.right and box.y - 1 <= y < box.bottom:
                n = lst.top + y - box.y - 1
                inside = box.x < x < box.right - 1 and box.y < y < box.bottom - 1 and n < len(lst.lines)
                return lst, lst.lines[n][0] if inside else None
        return None, None

    def on_click(self, event: events.Click) -> None:
        lst, index = self._hit(event.x, event.y)
        if lst is None:
            return
        self.current = lst
        if index is not None and not lst.options[index].disabled:
            if lst.highlighted != index:
                lst.highlighted = index
                self.post_message(self.Highlighted(self, lst))
            self._scroll_to_highlight(lst)
            self.post_message(self.Selected(self, lst, index))
        self.refresh()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        lst, index = self._hit(event.x, event.y)
        hover = (lst, index) if lst is not None and index is not None else None
        if hover != self._hover:
            self._hover = hover
            self.refresh()

    def on_leave(self) -> None:
        if self._hover is not None:
            self._hover = None
            self.refresh()

    def _wheel(self, event: events.MouseEvent, step: int) -> None:
        lst, _ = self._hit(event.x, event.y)
        if lst is not None:
            event.stop()
            lst.top = max(0, min(lst.top + step, len(lst.lines) - lst.rows))
            self.refresh()
        elif event.y >= self.size.height - len(self._message_lines):
            event.stop()
            self.scroll_message(step)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self._wheel(event, 1)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self._wheel(event, -1)
