"""A one-line key bar: the screen's shown bindings, drawn as one widget (Textual's Footer builds a widget per key
and composes them again whenever the focus moves, which made up a tenth of the home screen's first paint).

It shows the same thing as the Footer (each shown binding's key and description, dimmed while its action is
disabled, the command palette's key on the right); a click on a key presses it.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.strip import Strip
from textual.widget import Widget


class KeyBar(Widget, can_focus=False):
    DEFAULT_CSS = """
    KeyBar { dock: bottom; height: 1; color: $footer-foreground; background: $footer-background; }
    KeyBar > .keybar--key { color: $footer-key-foreground; background: $footer-key-background; text-style: bold; }
    KeyBar > .keybar--description {
        color: $footer-description-foreground; background: $footer-description-background;
    }
    """
    COMPONENT_CLASSES = {"keybar--key", "keybar--description"}

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._spans: list[tuple[int, int, str | None]] = []
        """Where each key is drawn: (first column, one past the last, the key it presses; None: disabled)."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, lambda _screen: self.refresh())

    def _keys(self) -> tuple[list[tuple[str, str, str, bool]], tuple[str, str, str, bool] | None]:
        """The shown bindings as (key, key display, description, enabled), one per action, and the palette's."""
        app = self.app
        active = self.screen.active_bindings
        keys, actions = [], set()
        for _node, binding, enabled, _tooltip in active.values():
            if binding.show and binding.action not in actions:
                actions.add(binding.action)
                keys.append((binding.key, app.get_key_display(binding), binding.description, enabled))
        palette = None
        if app.ENABLE_COMMAND_PALETTE and app.COMMAND_PALETTE_BINDING in active:
            _node, binding, enabled, _tooltip = active[app.COMMAND_PALETTE_BINDING]
            palette = (binding.key, app.get_key_display(binding), binding.description, enabled)
            keys = [k for k in keys if k[0] != binding.key]
        return keys, palette

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        base = self.rich_style
        if y:
            return Strip.blank(width, base)
        key_style = base + self.get_component_rich_style("keybar--key")
        text_style = base + self.get_component_rich_style("keybar--description")
        keys, palette = self._keys()
        dim = Style(dim=True)
        segments, spans, x = [], [], 0
        for key, display, description, enabled in keys:
            part = [Segment(f" {display} ", key_style if enabled else key_style + dim),
                    Segment(f"{description} ", text_style if enabled else text_style + dim)]
            length = sum(s.cell_length for s in part)
            spans.append((x, x + length, key if enabled else None))
            segments += part
            x += length
        right: list[Segment] = []
        if palette is not None:
            key, display, description, _enabled = palette
            right = [Segment("▏", base), Segment(f"{display} ", key_style), Segment(f"{description} ", text_style)]
            length = sum(s.cell_length for s in right)
            if x + length <= width:
                spans.append((width - length, width, key))
                segments.append(Segment(" " * (width - length - x), base))
                segments += right
                x = width
        self._spans = spans
        return Strip(segments).adjust_cell_length(width, base)

    def on_click(self, event: events.Click) -> None:
        for start, end, key in self._spans:
            if start <= event.x < end:
                if key is None:  # shown, but not possible now
                    self.app.bell()
                else:
                    self.app.simulate_key(key)
                return
