"""Widgets that skip parts of Textual's per-line work must show exactly what it would: a plain widget's lines
handed over as drawn, and a box's lines kept between repaints, give the same segments as Textual's pipeline;
any border, padding or tint on a widget takes Textual's way, and a box draws again when its size or style changes."""

from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widget import Widget

from refbox.ui.widgets.boxes import Column
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


class Boxes(App):
    CSS = "#box { border: round $accent; padding: 0 1; height: 8; } #inner { height: 3; }"

    def compose(self) -> ComposeResult:
        with Column(id="box"):
            yield LineText(id="inner")


async def test_a_box_keeps_its_lines_until_its_size_or_its_style_changes():
    app = Boxes()
    async with app.run_test(size=(40, 12)) as pilot:
        box = app.query_one("#box", Column)
        whole = Region(0, 0, *box.outer_size)
        first = box.render_lines(whole)
        assert box.render_lines(whole) == first  # kept: the same lines
        assert segments(first) == segments(Widget.render_lines(box, whole))

        app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"  # new colours
        await pilot.pause()
        recoloured = box.render_lines(whole)
        box._styles_cache.clear()
        assert segments(recoloured) == segments(Widget.render_lines(box, whole))
        assert segments(recoloured) != segments(first)

        box.styles.border = ("heavy", "red")  # a style set in code
        await pilot.pause()
        restyled = box.render_lines(whole)
        assert restyled[0].text.startswith("┏")
        box._styles_cache.clear()
        assert segments(restyled) == segments(Widget.render_lines(box, whole))

        await pilot.resize_terminal(30, 12)  # a new size: the lines are drawn again at that width
        await pilot.pause()
        narrow = box.render_lines(Region(0, 0, *box.outer_size))
        assert {strip.cell_length for strip in narrow} == {30}
