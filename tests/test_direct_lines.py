"""Widgets that hand their lines to the compositor as drawn must show exactly what Textual's styling pipeline
would: for a plain widget the two ways give the same segments; any border, padding or tint takes Textual's way."""

from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widget import Widget

from refbox.ui.widgets.direct import draws_plain
from refbox.ui.widgets.lines import Lines, LineText


class Panels(App):
    CSS = """
    #plain { height: 4; background: $panel; }
    #boxed { height: 6; border: round $accent; padding: 0 1; }
    #tinted { height: 3; tint: red 20%; }
    #narrow { height: 2; width: 30; }
    """

    def compose(self) -> ComposeResult:
        for name in ("plain", "boxed", "tinted", "narrow"):
            yield LineText(id=name)


def segments(strips) -> list:
    return [[(s.text, s.style) for s in strip] for strip in strips]


async def test_a_plain_widget_draws_what_textuals_pipeline_would_and_others_take_the_pipeline():
    app = Panels()
    async with app.run_test(size=(40, 20)) as pilot:
        for widget in app.query(LineText):
            widget.set_text(Lines("Ann ", "bold red").append("▸ moves [b]3[/b] squares\nsecond line", "italic"))
        await pilot.pause()
        assert [draws_plain(w) for w in app.query(LineText)] == [True, False, False, True]
        for widget in app.query(LineText):
            width, height = widget.size
            for crop in (Region(0, 0, width, height), Region(2, 1, width - 5, height - 1)):
                widget._styles_cache.clear()
                assert segments(widget.render_lines(crop)) == segments(Widget.render_lines(widget, crop)), widget.id


async def test_a_link_under_the_mouse_is_drawn_by_the_pipeline_with_its_hover_style():
    app = Panels()
    async with app.run_test(size=(40, 20)) as pilot:
        widget = app.query_one("#plain", LineText)
        assert draws_plain(widget)
        widget.hover_style = widget.hover_style.update_link("https://example.org")
        assert not draws_plain(widget)
        await pilot.pause()
