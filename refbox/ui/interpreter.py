"""What a key means on the game screen, as a pure function of the key, the pending prompt and what has been
typed so far:

    typed, action = interpret(key, character, prompt, typed, context)

``typed`` is what is typed or highlighted now (a new record: nothing is changed in place) and ``action`` is the
one thing the screen does about it: submit an event, refuse with a message, roll digitally, redraw, nothing,
or a word to the computer coach. The global keys (undo, roll, help, leave...) are the screen's bindings and
never come here. No Textual in this module: its tests need no running app.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from refbox.engine.board import BoardView
from refbox.engine.errors import InvalidInput
from refbox.engine.prompts import Choose, Confirm, Event, GameOver, Number, Pick, Prompt, Roll
from refbox.engine.text import digits
from refbox.ui.keys import FaceEntry, assign_keys, could_become, number_is_complete, out_of_range, range_words

Square = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Typed:
    """What has been typed or highlighted for the pending prompt (screen state, never journaled)."""

    cursor: int = 0
    """The highlighted answer in the list (Enter takes it)."""
    picked: frozenset[str] = frozenset()
    """The answers toggled on in a selection (their ids)."""
    faces: FaceEntry | None = None
    """The die faces typed so far (None: none yet)."""
    number: str = ""
    code: str = ""
    """The first key of a two-key code, waiting for the second."""
    square: Square | None = None
    """The board cursor, when the answers stand on squares (the arrows walk it, Enter takes its answer)."""
    place: str | None = None
    """A square's name being typed after "/" (None: not typing one); Enter goes there."""
    swallow_enter: bool = False
    """The next Enter or Space does nothing: "9 Enter" on a d20, or "13 Enter" where 13 was just refused."""


@dataclass(frozen=True, slots=True)
class Coaching:
    """What the keys need to know about a computer coach playing in the match."""

    busy: bool = False
    """It is thinking, or has shown a decision it has not entered yet (Esc hurries it)."""
    demo: bool = False
    """It plays both sides (Space pauses, + and - set the pace)."""
    answering: bool = False
    """The pending question is its own (a person's key is refused)."""


@dataclass(frozen=True, slots=True)
class Context:
    dice_mode: str = "physical"
    """In "digital", Enter or Space with no face typed rolls."""
    board: BoardView | None = None
    """The board drawn: its squares' names, and its size (where the arrows move the cursor)."""
    coach: Coaching | None = None
    """None: nobody but people play this match."""


# ---- actions: the one thing a key asks of the screen ----


@dataclass(frozen=True, slots=True)
class Nothing:
    """The key does nothing (what is shown stays, a refusal's message too)."""


@dataclass(frozen=True, slots=True)
class Redraw:
    """What is typed changed: draw it."""


@dataclass(frozen=True, slots=True)
class Submit:
    event: Event
    swallow_enter: bool = False
    """Once taken, the next Enter or Space is swallowed (it was typed out of habit after the last digit)."""


@dataclass(frozen=True, slots=True)
class Refuse:
    message: str


@dataclass(frozen=True, slots=True)
class RollDigitally:
    """Roll the pending dice with the seeded roller."""


@dataclass(frozen=True, slots=True)
class HurryCoach:
    """The thinking coach decides now; a decision shown is entered now."""


@dataclass(frozen=True, slots=True)
class PauseDemo:
    """Pause the computer's demo, or go on with it."""


@dataclass(frozen=True, slots=True)
class ChangePace:
    factor: float
    """The pace is multiplied by it (0.5: twice as fast)."""


Action = Nothing | Redraw | Submit | Refuse | RollDigitally | HurryCoach | PauseDemo | ChangePace
NOTHING, REDRAW = Nothing(), Redraw()

ARROWS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
LIST_STEPS = {"up": -1, "down": 1, "pageup": -10, "pagedown": 10}


def interpret(key: str, char: str, prompt: Prompt, typed: Typed, context: Context = Context()) -> tuple[Typed, Action]:
    """What ``key`` (Textual's name for it; ``char`` the character it types, or "") means for ``prompt``."""
    if typed.swallow_enter:
        typed = replace(typed, swallow_enter=False)
        if key in ("enter", "space"):
            return typed, NOTHING
    if typed.place is not None and isinstance(prompt, (Choose, Pick)):
        return _place_key(prompt, key, char, typed, context)
    if typed.code and key in ("escape", "backspace"):  # before the computer's Esc: a typed key goes first
        return replace(typed, code=typed.code[:-1] if key == "backspace" else ""), REDRAW
    if context.coach is not None:
        answer = _coach_key(key, char, typed, context.coach)
        if answer is not None:
            return answer
    if key in ("escape", "backspace"):
        return _cleared(prompt, typed, key), REDRAW
    answer = None
    if isinstance(prompt, (Choose, Pick)):
        answer = _option_key(prompt, key, char, typed, context)
    elif isinstance(prompt, Roll):
        answer = _face_key(prompt, key, char, typed, context)
    elif isinstance(prompt, Number):
        answer = _number_key(prompt, key, char, typed)
    elif isinstance(prompt, Confirm) and key in ("enter", "space", "y"):
        answer = typed, Submit(Event(kind="confirm"))
    if answer is not None:
        return answer
    if char and char.isprintable():
        return refused(typed, f"{char!r} does nothing here: {expects(prompt)}")
    return typed, NOTHING


def click_option(prompt: Prompt, typed: Typed, index: int) -> tuple[Typed, Action]:
    """A click on an answer in the list: chosen, or toggled in a selection."""
    if not isinstance(prompt, (Choose, Pick)) or not 0 <= index < len(prompt.options):
        return typed, NOTHING
    return _take(prompt, replace(typed, cursor=index), index)


def click_square(prompt: Prompt, typed: Typed, square: Square) -> tuple[Typed, Action]:
    """A click on a board square: the answer standing there is taken, else the cursor moves there."""
    if not isinstance(prompt, (Choose, Pick)):
        return typed, NOTHING
    typed = replace(typed, square=square)
    for index, option in enumerate(prompt.options):
        if option.at == square:
            return _take(prompt, typed, index)
    return typed, REDRAW


def refused(typed: Typed, message: str) -> tuple[Typed, Refuse]:
    """A refusal: the faces typed go with it (a wrong face itself keeps them: see ``_face_key``)."""
    return replace(typed, faces=None), Refuse(message)


def expects(prompt: Prompt) -> str:
    """What the prompt takes, in words (the end of a refusal)."""
    if isinstance(prompt, Roll):
        return "type the die faces, or r to roll digitally."
    if isinstance(prompt, (Choose, Pick)):
        return "press the key of an option (see the list)."
    if isinstance(prompt, Number):
        return "type a number and Enter."
    if isinstance(prompt, GameOver):
        return "the match is over (u to undo, q to leave)."
    return "press Enter."


def square_name(board: BoardView | None, square: Square) -> str:
    """A board square as the game names it in its answers, its log and on the board's rulers."""
    return board.name(square) if board is not None else f"{square[0]},{square[1]}"


PLACE_KEY = "/"
"""Starts typing a square's name (then Enter): every square of a board can be answered by name."""


def cursor_step(board: BoardView, square: Square, key: str) -> Square:
    """Where an arrow moves the board cursor: one square that way, never off the board."""
    dc, dr = ARROWS[key]
    col, row = square
    return max(0, min(board.cols - 1, col + dc)), max(0, min(board.rows - 1, row + dr))


# ---- by kind of prompt ----


def _coach_key(key: str, char: str, typed: Typed, coach: Coaching) -> tuple[Typed, Action] | None:
    if key == "escape" and coach.busy:
        return typed, HurryCoach()
    if coach.demo and char in (" ", "+", "-"):
        return typed, PauseDemo() if char == " " else ChangePace(0.5 if char == "+" else 2.0)
    if coach.answering:
        return refused(typed, "The computer coach is answering this one (Esc: at once; u: undo to your last decision).")
    return None


def _cleared(prompt: Prompt, typed: Typed, key: str) -> Typed:
    """Esc clears what was typed for the prompt, Backspace its last key."""
    if isinstance(prompt, Roll) and typed.faces is not None:
        return replace(typed, faces=None if key == "escape" else typed.faces.back())
    if isinstance(prompt, Number):
        return replace(typed, number="" if key == "escape" else typed.number[:-1])
    if isinstance(prompt, Pick):
        return replace(typed, picked=frozenset())
    return typed


def _option_key(prompt: Choose | Pick, key: str, char: str, typed: Typed, context: Context):
    n = len(prompt.options)
    squares = {o.at: i for i, o in enumerate(prompt.options) if o.at is not None}
    if typed.code and not (char and char.isprintable()):  # a code's first key waits: Enter takes nothing
        if key == "enter":
            return refused(typed, f"{typed.code} is the first key of a two-key code: type its second key "
                                  "(Esc or Backspace clears it).")
        typed = replace(typed, code="")  # the arrows and Page keys move on: the typed key is dropped
    if squares and key in ARROWS:
        if context.board is None:
            return typed, REDRAW
        start = typed.square or next(iter(squares))
        return replace(typed, square=cursor_step(context.board, start, key)), REDRAW
    if key in LIST_STEPS or key in ("home", "end"):
        step = LIST_STEPS.get(key, -n if key == "home" else n)
        return replace(typed, cursor=max(0, min(n - 1, typed.cursor + step)), square=None), REDRAW
    if key == "enter":
        return _enter(prompt, typed, squares, context)
    if key == "space" and isinstance(prompt, Pick) and n:
        return _take(prompt, typed, typed.cursor)
    if not char:
        return None
    if char == PLACE_KEY and squares and not typed.code and context.board is not None:
        return replace(typed, place=""), REDRAW
    keys = assign_keys([o.key for o in prompt.options])
    code = typed.code + char
    if code == "0" and isinstance(prompt, Pick) and prompt.min == 0 and "0" not in keys:
        return _enter(prompt, typed, squares, context)  # 0 is "nothing (else)": the selection as it stands
    if code in keys:
        return _take(prompt, replace(typed, code=""), keys.index(code))
    refusal = next((r for r in prompt.refused if r.key == code), None)
    if refusal is not None:  # an answer's own key where it is not offered now: say why
        return refused(replace(typed, code=""), f"Not now: {refusal.label}: {refusal.reason}.")
    if any(k.startswith(code) and len(k) > len(code) for k in keys):
        return replace(typed, code=code), REDRAW  # the first key of a two-key code: wait for the second
    if typed.code:
        return refused(replace(typed, code=""), f"{code!r} is not a key here: {expects(prompt)}")
    return None


def _place_key(prompt: Choose | Pick, key: str, char: str, typed: Typed, context: Context) -> tuple[Typed, Action]:
    """A key while a square's name is typed: Enter goes there (and takes its answer), Esc leaves off."""
    place = typed.place or ""
    if key == "escape" or (key == "backspace" and not place):
        return replace(typed, place=None), REDRAW
    if key == "backspace":
        return replace(typed, place=place[:-1]), REDRAW
    if key == "enter":
        board = context.board
        squares = [o.at for o in prompt.options if o.at is not None]
        square = board.square_named(place, squares) if board is not None else None
        if square is None:
            return refused(replace(typed, place=""), f"No square is named {place!r}: type a name as the rulers "
                                                     "give it (column, then row), or Esc.")
        typed = replace(typed, place=None, square=square)
        for index, option in enumerate(prompt.options):
            if option.at == square:
                return _take(prompt, typed, index)
        return refused(typed, _explained(prompt, board, square) or f"{square_name(board, square)} is not one of "
                       "the answers (the cursor is on it).")
    if char and char.isprintable() and len(place) < 24:
        return replace(typed, place=place + char), REDRAW
    return typed, NOTHING


def _enter(prompt: Choose | Pick, typed: Typed, squares: dict, context: Context) -> tuple[Typed, Action]:
    """Enter takes the answer under the board cursor, else the highlighted one (a selection: as it stands)."""
    if squares and typed.square in squares:
        typed = replace(typed, cursor=squares[typed.square])
    elif squares and typed.square is not None and isinstance(prompt, Choose):
        return refused(typed, _explained(prompt, context.board, typed.square) or
                       f"{square_name(context.board, typed.square)} is not one of the answers: walk the cursor onto "
                       "a marked square, type / and a square's name, or press an answer's key.")
    if isinstance(prompt, Pick):
        return typed, Submit(Event(kind="pick", value=[o.id for o in prompt.options if o.id in typed.picked]))
    if prompt.options:
        return typed, Submit(Event(kind="choose", value=prompt.options[typed.cursor].id))
    return typed, REDRAW


def _explained(prompt: Choose | Pick, board: BoardView | None, square: Square) -> str | None:
    """What the game says of a square with no answer on it (``Choose.explain``, asked by the square's name)."""
    explain = getattr(prompt, "explain", None)
    return explain(square_name(board, square)) if explain is not None else None


def _take(prompt: Choose | Pick, typed: Typed, index: int) -> tuple[Typed, Action]:
    """An answer's key: chosen at once, or toggled in a selection (and highlighted)."""
    option_id = prompt.options[index].id
    if isinstance(prompt, Pick):
        return replace(typed, cursor=index, picked=typed.picked ^ {option_id}), REDRAW
    return typed, Submit(Event(kind="choose", value=option_id))


def _face_key(prompt: Roll, key: str, char: str, typed: Typed, context: Context):
    entry = typed.faces or FaceEntry.for_dice(d.sides for d in prompt.dice)
    enter = key in ("space", "enter")
    if enter and entry.pending:
        entry = entry.commit()
    elif enter and not entry.faces and context.dice_mode == "digital":
        return replace(typed, faces=entry), RollDigitally()
    elif not enter and digits(char):
        try:
            entry = entry.type(char)
        except InvalidInput as e:  # a wrong face: the faces typed before stay
            return replace(typed, faces=entry.without_pending()), Refuse(str(e))
    elif not enter:
        return None
    typed = replace(typed, faces=entry)
    if not entry.complete:
        return typed, REDRAW
    # "9 Enter" on a d20 must not also answer the next prompt; a d6 face is one key, nobody adds Enter
    swallow = not enter and prompt.dice[-1].sides >= 10
    return typed, Submit(Event(kind="roll", value=list(entry.faces), source="physical"), swallow_enter=swallow)


def _number_key(prompt: Number, key: str, char: str, typed: Typed):
    low, high, unit = prompt.min, prompt.max, prompt.unit
    if digits(char) or (char == "-" and not typed.number and low < 0):
        number = typed.number + char
        if not could_become(number, low, high):  # no digit more could bring it in range: refused, cleared
            # "13 Enter": the Enter must not hide why 13 was refused
            return replace(typed, number="", faces=None, swallow_enter=True), Refuse(out_of_range(number, low, high, unit))
        typed = replace(typed, number=number)
        if number_is_complete(number, low, high):  # "7 Enter" out of habit where numbers can be longer
            return typed, Submit(Event(kind="number", value=int(number)), swallow_enter=high >= 10)
        return typed, REDRAW
    if key != "enter":
        return None
    try:
        value = int(typed.number)
    except ValueError:
        return refused(typed, f"Type {range_words(low, high, unit)} first.")
    if not low <= value <= high:  # "1 Enter" where 10 is the least
        return refused(replace(typed, number=""), out_of_range(typed.number, low, high, unit))
    return typed, Submit(Event(kind="number", value=value))
