"""What a key means on the game screen, read as a specification: the key, the pending prompt and what has been
typed give what is typed now and one action (refbox.ui.interpreter; no app runs here)."""

from __future__ import annotations

from dataclasses import dataclass, field

from refbox.engine.board import BoardView
from refbox.engine.prompts import Choose, Confirm, DieSpec, Event, GameOver, Number, Option, Pick, Refusal, Roll
from refbox.ui.interpreter import (
    NOTHING,
    REDRAW,
    ChangePace,
    Coaching,
    Context,
    HurryCoach,
    PauseDemo,
    Refuse,
    RollDigitally,
    Submit,
    Typed,
    click_option,
    click_square,
    interpret,
)
from refbox.ui.keys import FaceEntry, option_keys

FRESH = Typed()


def press(prompt, *keys, typed=FRESH, context=Context()):
    """Each key in turn (a name such as "enter", or one character); the last (typed, action)."""
    action = NOTHING
    for key in keys:
        name = {" ": "space", "\r": "enter"}.get(key, key)
        char = key if len(key) == 1 else {"space": " ", "enter": "\r"}.get(key, "")
        typed, action = interpret(name, char, prompt, typed, context)
    return typed, action


def roll(*sides: int) -> Roll:
    return Roll(text="Roll", dice=tuple(DieSpec(s) for s in sides))


def choose(n: int, **extra) -> Choose:
    return Choose(text="Which?", options=tuple(Option(f"o{i}", f"option {i}") for i in range(n)), **extra)


def pick(n: int, least: int = 0) -> Pick:
    return Pick(text="Who?", options=tuple(Option(f"o{i}", f"figure {i}") for i in range(n)), min=least)


# ---- die faces ----


def test_on_a_d6_a_face_is_one_key_and_taken_at_once():
    typed, action = press(roll(6), "4")
    assert action == Submit(Event("roll", [4], "physical")) and typed.faces.faces == (4,)


def test_on_a_d12_1_waits_for_a_second_digit():
    typed, action = press(roll(12), "1")
    assert action == REDRAW and typed.faces == FaceEntry((12,), (), "1")
    assert press(roll(12), "1", "1")[1] == Submit(Event("roll", [11], "physical"), swallow_enter=True)


def test_on_a_d12_1_and_enter_is_a_1_and_the_next_enter_is_not_swallowed():
    typed, action = press(roll(12), "1", "enter")
    assert action == Submit(Event("roll", [1], "physical"), swallow_enter=False)


def test_on_a_d20_a_face_no_digit_can_extend_is_taken_and_the_enter_typed_out_of_habit_is_swallowed():
    typed, action = press(roll(20), "9")
    assert action == Submit(Event("roll", [9], "physical"), swallow_enter=True)
    after = Typed(swallow_enter=True)  # what the screen keeps once the roll is taken
    assert interpret("enter", "\r", choose(2), after, Context()) == (Typed(), NOTHING)
    assert interpret("1", "1", choose(2), after, Context())[1] == Submit(Event("choose", "o0")), "only Enter or Space"


def test_a_wrong_face_is_refused_and_the_faces_typed_before_stay():
    typed, action = press(roll(6, 6), "3", "9")
    assert action == Refuse("9 is not a face of a d6: type 1 to 6.") and typed.faces.faces == (3,)


def test_a_key_that_is_no_face_is_refused_saying_what_to_do():
    typed, action = press(roll(6), "x")
    assert action == Refuse("'x' does nothing here: type the die faces, or r to roll digitally.")


def test_backspace_takes_the_last_face_and_escape_all_of_them():
    typed, _ = press(roll(6, 6, 6), "2", "5")
    assert press(roll(6, 6, 6), "backspace", typed=typed)[0].faces.faces == (2,)
    assert press(roll(6, 6, 6), "escape", typed=typed) == (Typed(), REDRAW)


def test_with_digital_dice_enter_or_space_rolls_when_no_face_is_typed():
    digital = Context(dice_mode="digital")
    assert press(roll(6, 6), "enter", context=digital)[1] == RollDigitally()
    assert press(roll(6, 6), " ", context=digital)[1] == RollDigitally()
    assert press(roll(6, 6), "enter")[1] == REDRAW, "physical dice: Enter waits for the faces"
    assert press(roll(6, 6), "3", "enter", context=digital)[1] == REDRAW, "a face typed: the rest are typed too"


# ---- numbers ----


def test_a_number_is_taken_once_no_digit_could_extend_it():
    assert press(Number(min=1, max=12), "7")[1] == Submit(Event("number", 7), swallow_enter=True)
    typed, action = press(Number(min=1, max=12), "1")
    assert action == REDRAW and typed.number == "1", "1 may become 10, 11 or 12"
    assert press(Number(min=1, max=12), "1", "enter")[1] == Submit(Event("number", 1))
    assert press(Number(min=0, max=6), "5")[1] == Submit(Event("number", 5), swallow_enter=False)


def test_a_number_no_digit_can_bring_in_range_is_refused_cleared_and_its_enter_swallowed():
    typed, action = press(Number(min=1, max=12, unit="sector"), "1", "3")
    assert action == Refuse("13 is out of range: enter a sector from 1 to 12.")
    assert typed.number == "" and typed.swallow_enter


def test_enter_on_too_small_a_number_or_none_at_all_is_refused():
    typed, action = press(Number(min=10, max=40, unit="squares"), "enter")
    assert action == Refuse("Type 10 to 40 squares first.")
    typed, action = press(Number(min=10, max=40, unit="squares"), "1", "enter")
    assert action == Refuse("1 squares is out of range: enter 10 to 40 squares.") and typed.number == ""


def test_a_minus_sign_starts_a_number_only_where_numbers_below_zero_are_allowed():
    assert press(Number(min=-3, max=3), "-", "2")[1] == Submit(Event("number", -2))
    assert press(Number(min=0, max=3), "-")[1] == Refuse("'-' does nothing here: type a number and Enter.")


# ---- choices and selections ----


def test_an_options_key_chooses_it_at_once():
    assert press(choose(3), "2")[1] == Submit(Event("choose", "o1"))


def test_the_arrows_move_the_highlight_and_enter_takes_it():
    typed, action = press(choose(3), "down", "down", "down")
    assert typed.cursor == 2 and action == REDRAW, "never past the last"
    assert press(choose(3), "enter", typed=typed)[1] == Submit(Event("choose", "o2"))
    assert press(choose(30), "pagedown", "home")[0].cursor == 0


def test_a_two_key_codes_first_key_waits_for_the_second():
    prompt = choose(60)
    code = option_keys(60)[-1]  # "Z4"
    typed, action = press(prompt, code[0])
    assert action == REDRAW and typed.code == code[0]
    assert press(prompt, code[1], typed=typed)[1] == Submit(Event("choose", "o59"))


def test_enter_after_a_codes_first_key_is_refused_and_the_key_stays():
    typed, action = press(choose(60), "Z", "enter")
    assert action == Refuse("Z is the first key of a two-key code: type its second key (Esc or Backspace clears it).")
    assert typed.code == "Z"


def test_backspace_or_escape_drops_a_codes_first_key_and_an_unknown_second_key_is_refused():
    assert press(choose(60), "Z", "backspace") == (Typed(), REDRAW)
    typed, action = press(choose(60), "Z", "!")
    assert action == Refuse("'Z!' is not a key here: press the key of an option (see the list).") and typed.code == ""


def test_in_a_selection_keys_toggle_and_enter_confirms_what_is_ticked():
    typed, action = press(pick(3), "1", "3", "1")
    assert action == REDRAW and typed.picked == {"o2"} and typed.cursor == 0
    assert press(pick(3), "enter", typed=typed)[1] == Submit(Event("pick", ["o2"]))


def test_in_a_selection_space_toggles_the_highlighted_one_and_0_confirms_where_none_is_fine():
    typed, _ = press(pick(3), "down", " ")
    assert typed.picked == {"o1"}
    assert press(pick(3), "0", typed=typed)[1] == Submit(Event("pick", ["o1"]))
    assert press(pick(3, least=1), "0")[1] == Refuse("'0' does nothing here: press the key of an option (see the list).")


def test_escape_clears_a_selection():
    typed, _ = press(pick(3), "1", "2")
    assert press(pick(3), "escape", typed=typed)[0].picked == frozenset()


def test_a_key_no_option_has_is_refused_saying_what_to_do():
    assert press(choose(2), "x")[1] == Refuse("'x' does nothing here: press the key of an option (see the list).")


def test_a_key_that_types_nothing_does_nothing():
    assert press(choose(2), "f5") == (Typed(), NOTHING)


# ---- the board: squares are answers too ----

BOARD = BoardView(cols=5, rows=4, cells={})


def NamedBoard(**kw) -> BoardView:
    """A board whose game names its squares (as Battleball's "31.12")."""
    return BoardView(**kw)


def on_board(kind=Choose) -> Choose | Pick:
    options = (Option("b1", "to B1", at=(1, 1)), Option("c3", "to C3", at=(2, 3)))
    return kind(text="Where to?", options=options)


def test_an_arrow_starts_the_board_cursor_beside_the_first_answers_square_and_walks_it():
    typed, action = press(on_board(), "right", context=Context(board=BOARD))
    assert typed.square == (2, 1) and action == REDRAW
    assert press(on_board(), "left", "left", "left", context=Context(board=BOARD))[0].square == (0, 1), "never off the board"


def test_enter_on_a_square_with_an_answer_takes_it():
    typed = Typed(square=(2, 3))
    assert press(on_board(), "enter", typed=typed, context=Context(board=BOARD))[1] == Submit(Event("choose", "c3"))


def test_enter_on_a_board_square_that_is_not_an_answer_is_refused_naming_the_square():
    typed, action = press(on_board(), "down", "enter", context=Context(board=BOARD))
    assert action == Refuse("B3 is not one of the answers: walk the cursor onto a marked square, type / and a "
                            "square's name, or press an answer's key."), "named as on the rulers: column B, row 3"
    named = NamedBoard(cols=5, rows=4, cells={}, square_names={(1, 2): "2.2"})
    typed, action = press(on_board(), "down", "enter", context=Context(board=named))
    assert action.message.startswith("2.2 is not one of the answers")


def test_a_square_typed_by_its_name_after_a_slash_takes_its_answer():
    typed, action = press(on_board(), "/", "c", "4", context=Context(board=BOARD))
    assert typed.place == "c4" and action == REDRAW
    assert press(on_board(), "enter", typed=typed, context=Context(board=BOARD))[1] == Submit(Event("choose", "c3"))


def test_a_typed_name_that_is_no_answer_moves_the_cursor_there_and_says_so():
    typed, action = press(on_board(), "/", "a", "1", "enter", context=Context(board=BOARD))
    assert typed.square == (0, 0) and typed.place is None
    assert action == Refuse("A1 is not one of the answers (the cursor is on it).")
    typed, action = press(on_board(), "/", "z", "9", "enter", context=Context(board=BOARD))
    assert isinstance(action, Refuse) and "No square is named 'z9'" in action.message and typed.place == ""


@dataclass(frozen=True)
class BeyondColumn2:
    """A game's words for a square with no answer (Choose.explain): beyond column 2, by the square's name."""

    def __call__(self, answer):
        return f"{answer} is beyond the line" if str(answer)[:1] in "CDE" else None


def test_a_square_with_no_answer_is_refused_in_the_games_words_where_it_has_some():
    explained = Choose(text="Where to?", options=on_board().options, explain=BeyondColumn2())
    assert press(explained, "/", "d", "2", "enter", context=Context(board=BOARD))[1] == Refuse("D2 is beyond the line")
    assert press(explained, "/", "a", "1", "enter", context=Context(board=BOARD))[1] == Refuse(
        "A1 is not one of the answers (the cursor is on it)."), "where it says nothing, the usual words"
    typed = Typed(square=(3, 0))
    assert press(explained, "enter", typed=typed, context=Context(board=BOARD))[1] == Refuse("D1 is beyond the line")


def test_the_key_of_an_answer_not_offered_now_says_why():
    prompt = choose(2, refused=(Refusal("down", "T2", "down: it stays where it lies", key="x"),))
    assert press(prompt, "x")[1] == Refuse("Not now: T2: down: it stays where it lies.")
    assert press(prompt, "1")[1] == Submit(Event("choose", "o0")), "the offered answers keep their keys"


def test_a_name_being_typed_is_edited_and_left_with_backspace_and_escape():
    typed, _ = press(on_board(), "/", "c", "4", "backspace", context=Context(board=BOARD))
    assert typed.place == "c"
    assert press(on_board(), "escape", typed=typed, context=Context(board=BOARD))[0].place is None
    assert press(on_board(), "/", context=Context(board=None))[0].place is None, "no board drawn: / is no key"


def test_page_keys_move_the_list_and_leave_the_board_cursor():
    typed = Typed(square=(2, 3))
    typed, _ = press(on_board(), "pagedown", typed=typed, context=Context(board=BOARD))
    assert typed.square is None and typed.cursor == 1


def test_a_click_on_a_square_takes_its_answer_or_moves_the_cursor_there():
    assert click_square(on_board(), FRESH, (2, 3))[1] == Submit(Event("choose", "c3"))
    assert click_square(on_board(), FRESH, (4, 0)) == (Typed(square=(4, 0)), REDRAW)
    typed, action = click_square(on_board(Pick), FRESH, (1, 1))
    assert typed.picked == {"b1"} and action == REDRAW


def test_a_click_on_an_answer_chooses_or_toggles_it():
    assert click_option(choose(3), FRESH, 2) == (Typed(cursor=2), Submit(Event("choose", "o2")))
    assert click_option(pick(3), FRESH, 1)[0].picked == {"o1"}
    assert click_option(choose(3), FRESH, 7) == (FRESH, NOTHING)


# ---- confirmations, the end, the computer coach ----


def test_enter_space_or_y_confirm():
    for key in ("enter", " ", "y"):
        assert press(Confirm(text="Reset the table."), key)[1] == Submit(Event("confirm"))


def test_after_the_final_whistle_a_key_says_what_is_left():
    assert press(GameOver(), "1")[1] == Refuse("'1' does nothing here: the match is over (u to undo, q to leave).")


def test_a_persons_key_on_the_computers_question_is_refused():
    coach = Context(coach=Coaching(answering=True))
    assert press(choose(2), "1", context=coach)[1] == Refuse(
        "The computer coach is answering this one (Esc: at once; u: undo to your last decision).")


def test_escape_hurries_a_busy_computer_coach_and_a_demo_takes_space_plus_and_minus():
    assert press(choose(2), "escape", context=Context(coach=Coaching(busy=True)))[1] == HurryCoach()
    demo = Context(coach=Coaching(demo=True, answering=True))
    assert press(choose(2), " ", context=demo)[1] == PauseDemo()
    assert press(choose(2), "+", context=demo)[1] == ChangePace(0.5)
    assert press(choose(2), "-", context=demo)[1] == ChangePace(2.0)


def test_a_codes_first_key_is_cleared_by_escape_before_the_computer_is_hurried():
    typed = Typed(code="Z")
    assert press(choose(60), "escape", typed=typed, context=Context(coach=Coaching(busy=True))) == (Typed(), REDRAW)


def test_nothing_typed_is_ever_changed_in_place():
    typed = Typed(picked=frozenset({"o0"}))
    press(pick(3), "2", "escape", typed=typed)
    assert typed == Typed(picked=frozenset({"o0"}))


def test_the_interpreter_needs_no_textual():
    import subprocess
    import sys

    code = "import sys, refbox.ui.interpreter\nprint(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
