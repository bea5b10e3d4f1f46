"""Lines handed to the compositor as drawn, for widgets whose lines are already final.

Textual passes every repainted line of a widget through its styling pipeline (border, padding, tint,
opacity, hatch): about 20 µs a line, most of a key's paint when a prompt or a board changes 20-50 rows.
A widget with none of those styles gets back the line it drew, so ``DirectLines`` skips the pipeline
for it and applies only the app's line filters (cached per line by Textual). Any other style, or a link
under the mouse (its hover style is drawn by the pipeline), takes Textual's way.
"""

from __future__ import annotations

from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget


def draws_plain(widget: Widget) -> bool:
    """True when Textual's styling would return the widget's lines unchanged."""
    styles = widget.styles
    return (
        not any(edge for edge, _ in styles.border)
        and not any(edge for edge, _ in styles.outline)
        and not any(styles.padding)
        and widget.scrollbar_gutter == (0, 0, 0, 0)
        and styles.opacity == 1.0
        and styles.text_opacity == 1.0
        and not styles.tint.a
        and (not styles.has_rule("hatch") or styles.hatch == "none")
        and widget.border_title is None
        and widget.border_subtitle is None
        and not (widget.auto_links and widget.hover_style.link_id)
    )


class DirectLines:
    """Mixin for widgets whose ``render_line`` returns full-width lines in the widget's own colours (a
    ``render_row(y, width)`` method, if there is one, is called instead: the width looked up once). It comes
    first among the bases and is no widget itself: Textual takes a widget's CSS type from its first widget base."""

    def render_lines(self: Widget, crop: Region) -> list[Strip]:  # type: ignore[misc]
        if not draws_plain(self):
            return super().render_lines(crop)
        width = self.size.width
        base, background = self.background_colors
        pad = Style(bgcolor=(base + background).rich_color)
        filters = self.get_line_filters()
        strips = []
        render_row = getattr(self, "render_row", None)
        for y in crop.line_range:
            strip = render_row(y, width) if render_row else self.render_line(y)
            if strip.cell_length != width:
                strip = strip.adjust_cell_length(width, pad)
            for line_filter in filters:
                strip = strip.apply_filter(line_filter, background)
            strips.append(strip)
        if crop.column_span != (0, width):
            x1, x2 = crop.column_span
            strips = [strip.crop(x1, x2) for strip in strips]
        return strips
