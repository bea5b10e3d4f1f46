"""The line-API text widget behind the prompt panel, the title and the caption: what it shows, and that a new
text repaints only the rows that changed."""

from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region

from refbox.ui.widgets.lines import Lines, LineText, as_lines, runs


def test_lines_are_built_like_rich_text_newlines_start_a_new_line():
    text = Lines("NOW: ", "bold").append("Ann ▸ move\nor stay").append("\n")
    assert text.lines == [(("NOW: ", "bold"), ("Ann ▸ move", "")), (("or stay", ""),), ()]
    assert text.plain == "NOW: Ann ▸ move\nor stay\n"
    assert text.count() == 3
    assert text.strip_end().plain == "NOW: Ann ▸ move\nor stay"


def test_a_rich_text_becomes_the_same_pieces_cut_at_each_newline():
    text = Text("a ")
    text.append("bold\nnext", style="bold")
    assert as_lines(text) == ((("a ", ""), ("bold", "bold")), (("next", "bold"),))


def test_changed_rows_are_grouped_into_runs():
    assert runs([0, 1, 2, 5, 7, 8]) == [(0, 3), (5, 1), (7, 2)]
    assert runs([]) == []


class Panel(App):
    def compose(self) -> ComposeResult:
        yield LineText(id="text")

    CSS = "#text { height: 1fr; }"


async def test_long_lines_wrap_or_end_in_an_ellipsis_and_markup_is_shown_as_typed():
    app = Panel()
    async with app.run_test(size=(20, 6)) as pilot:
        widget = app.query_one(LineText)
        widget.set_parts((Lines("[bold]Ann[/] asks a question that wraps"), True),
                         (Lines("1 an answer cut to one line"), False))
        await pilot.pause()
        rows = [widget.render_line(y).text for y in range(6)]
        assert rows[0].startswith("[bold]Ann[/] asks")  # text, never markup
        assert rows[1].strip() and rows[2].strip()  # the question wrapped onto more rows
        answer = next(r for r in rows if r.startswith("1 an"))
        assert answer.rstrip().endswith("…") and len(answer) == 20


async def test_a_new_text_repaints_only_the_rows_that_changed():
    app = Panel()
    async with app.run_test(size=(30, 8)) as pilot:
        widget = app.query_one(LineText)
        widget.set_text(Lines("question\n\n1 stay\n2 move\n3 pass"))
        await pilot.pause()
        repainted: list[Region] = []
        refresh = widget.refresh
        widget.refresh = lambda *regions, **kw: (repainted.extend(regions), refresh(*regions, **kw))  # type: ignore[method-assign]
        widget.set_text(Lines("question\n\n1 stay\n2 run\n3 pass"))
        assert repainted == [Region(0, 3, 30, 1)]
        repainted.clear()
        widget.set_text(Lines("question\n\n1 stay\n2 run\n3 pass"))  # the same text again: nothing
        assert repainted == []
