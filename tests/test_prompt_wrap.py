"""An answer too long for the prompt's column wraps under itself rather than losing its last words, and the
list shows as many whole answers around the cursor as their lines allow."""

from refbox.ui.widgets.prompt_panel import wrap_words, window_around


def test_a_long_answer_wraps_between_words_and_keeps_whom_it_is_about():
    lines = wrap_words("RB2 (d20) tackles Iron Wolves LB1 (Linebacker, d10)", 20, 3)
    assert lines == ["RB2 (d20) tackles", "Iron Wolves LB1", "(Linebacker, d10)"]
    assert all(len(line) <= 20 for line in lines)


def test_past_its_lines_an_answer_ends_with_an_ellipsis():
    lines = wrap_words("one two three four five six seven eight nine ten", 9, 2)
    assert lines == ["one two", "three fo…"]


def test_the_window_centres_the_cursor_and_counts_wrapped_lines():
    assert window_around([1] * 50, 25, 10) == (20, 30)
    assert window_around([1] * 50, 0, 10) == (0, 10) and window_around([1] * 50, 49, 10) == (40, 50)
    start, stop = window_around([3, 1, 1, 3, 1, 1], 3, 6)
    assert start <= 3 < stop and sum([3, 1, 1, 3, 1, 1][start:stop]) <= 6
    assert window_around([2, 2], 1, 10) == (0, 2)
