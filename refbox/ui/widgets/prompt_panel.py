"""The centre of the game screen: what to do now, for whom, and the legal answers or the roll's odds."""

from __future__ import annotations

from functools import lru_cache

from rich.cells import cell_len

from refbox.engine.dice import percent
from refbox.engine.prompts import Choose, Confirm, Event, Number, Pick, Roll
from refbox.ui.interpreter import Typed
from refbox.ui.keys import assign_keys, unit_after_a_number
from refbox.ui.widgets.colours import mark, style
from refbox.ui.widgets.lines import Lines, LineText


SHORT_NAME = 8
"""Characters of a long team name kept in an answer too wide for the panel (its colour tells the team)."""


def shortened(label: str, names: tuple[str, str], room: int) -> str:
    """``label``, with a long team name in it cut to its first letters when the label is wider than ``room``
    cells: otherwise the "…" at the panel's edge would eat what tells one answer from the next."""
    if room <= 0 or cell_len(label) <= room:
        return label
    for name in sorted(names, key=len, reverse=True):
        if len(name) > SHORT_NAME + 1 and name in label:
            label = label.replace(name, name[:SHORT_NAME].rstrip() + "…")
    return label


ANSWER_LINES = 3
"""Lines an answer too long for the panel may take (the last one cut with … if even that is too little)."""


def wrap_words(text: str, width: int, most: int) -> list[str]:
    """``text`` in lines of at most ``width`` cells, broken between words (a word too long is cut), at most
    ``most`` lines: the last one ends with … if the text goes on."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if cell_len(candidate) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = word if cell_len(word) <= width else word[: width - 1] + "…"
    lines.append(line)
    if len(lines) > most:
        last = " ".join(lines[most - 1:])
        lines = lines[: most - 1] + [last[: width - 1] + "…"]
    return lines


@lru_cache(maxsize=4096)
def answer_parts(label: str, hint: str, room: int) -> tuple[tuple[str, str], ...]:
    """An answer's lines in ``room`` cells: (the label's part, the hint's part) each. Kept: an undo and a redo
    show the same few hundred answers again."""
    if room <= 8 or cell_len(label + hint) <= room:
        return ((label, hint),)
    whole = wrap_words(label + hint, room, ANSWER_LINES)
    if not whole[-1].endswith("…"):  # label and hint in three lines: all of it (a pass's grids between)
        rows, at = [], 0
        for part in whole:
            take = part[: max(0, len(label) - at)]
            rows.append((take, part[len(take):]))
            at += len(part) + 1
        return tuple(rows)
    # the label is what decides: it wraps; the hint (dim, a reminder) is cut to what its last line leaves
    rows = [(part, "") for part in wrap_words(label, room, ANSWER_LINES)]
    left = room - cell_len(rows[-1][0])
    if hint and left > 4:
        rows[-1] = (rows[-1][0], hint if cell_len(hint) <= left else hint[: left - 1] + "…")
    return tuple(rows)


def wrapped(text: str, width: int) -> list[str]:
    """A reminder under the answers in lines of the panel's width (as it is before the panel knows its size)."""
    if width <= 8:
        return [text]
    indent = len(text) - len(text.lstrip(" "))
    return [" " * indent + line for line in wrap_words(text.strip(), width - indent, 3)]


def window_around(counts: list[int], cursor: int, room: int) -> tuple[int, int]:
    """The answers listed (start, stop): the cursor's, then the ones around it, while their lines fit in
    ``room`` (those above only as many as half the room, as a list scrolls)."""
    n = len(counts)
    if sum(counts) <= room or not n:
        return 0, n
    start, stop, used = cursor, cursor + 1, counts[cursor]
    while True:
        grew = False
        if stop < n and used + counts[stop] <= room and (cursor - start >= room // 2 or start == 0 or stop - cursor <= cursor - start):
            used, stop, grew = used + counts[stop], stop + 1, True
        if start > 0 and used + counts[start - 1] <= room:
            used, start, grew = used + counts[start - 1], start - 1, True
        if not grew:
            return start, stop


WINDOW = 24
"""Options listed at once, a window around the cursor, until the panel knows its height (then as many as
fit): a move on a board may offer hundreds of squares (all keyed on the board)."""



class PromptPanel(LineText):
    """The options (or the dice, the number, the confirmation) of the pending prompt.

    Redrawn on every key, so it is cheap: lines of plain pieces (lines shown lately are not rendered
    again, unchanged rows are not repainted); a click maps its line to the option drawn there. Its height is
    the room the screen gives it, never its content's, so a new text never costs a layout pass: the option
    list is a window around the cursor that fits."""

    cursor_line = 0
    """The line of the highlighted option, so the screen can keep it in view."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.option_at_line: dict[int, int] = {}
        self._last: tuple | None = None
        self.shown_head = Lines()
        self.shown = Lines()
        self.shown_pinned = Lines()

    head_rows = 0
    """Rows the question takes above the answers."""
    pinned_rows = 0
    """Rows the pinned lines take below them."""

    def show(self, prompt, names: tuple[str, str], colours: tuple[str, str], typed: Typed, dice_mode: str,
             notes: tuple[str, ...] | list[str] = (), result: str = "", error: str = "", pinned: str = "",
             table: str = "Referee") -> None:
        """Draw the prompt: the last input's ``result`` and the question on top (wrapped, always in view), with
        the ``error`` of a refused key; the answers in the room below it (with what is ``typed``); ``notes``
        (the ruleset's reminders) fill what room is left below the answers; ``pinned`` (the board's legend when
        its caption has no room) is always shown under them, the answers making way. ``table`` names who answers
        a question for no one team (the referee at a table; both teams on refbox's board)."""
        self._last = (prompt, names, colours, typed, dice_mode, notes, result, error, pinned, table)
        pin = Lines(pinned, style="dim") if pinned else Lines()
        self.pinned_rows = self.rows_of(pin) if pinned else 0
        head = self._head(prompt, names, colours, typed, result, error, table)
        self.head_rows = self.rows_of(head)
        room = self.size.height - self.head_rows
        if result and self.size.height and room < (4 if isinstance(prompt, (Choose, Pick)) else 3):
            # a long question (a reset to read out) in a short panel: the last input's outcome, which the log
            # has too, makes way, so that the answers stay in view
            head = self._head(prompt, names, colours, typed, "", error, table)
            self.head_rows = self.rows_of(head)
        self.option_at_line = {}
        self.cursor_line = 0
        # answers are one line each, cut with … rather than wrapped: the window fits and a click finds its line
        options = isinstance(prompt, (Choose, Pick))
        if isinstance(prompt, (Choose, Pick)):
            body = self._options(prompt, colours, typed, names)
        elif isinstance(prompt, Roll):
            body = self._roll(prompt, typed, dice_mode)
        elif isinstance(prompt, Number):
            number, unit = typed.number or "_", prompt.unit
            shown = f"{number} {unit}" if unit and unit_after_a_number(unit) else f"{unit} {number}" if unit else number
            body = Lines(f"\n  > {shown}   ({prompt.min}-{prompt.max}; type digits, Enter)")
        elif isinstance(prompt, Confirm):
            body = Lines("\n[Enter] done", style="bold")
        else:
            body = Lines("\n[u] undo the last input   [q] back to the home screen", style="dim")
        self.shown_head = head
        self._add_notes(body, notes)
        self.shown = body
        self.shown_pinned = pin
        self.set_parts((head, True), (body, not options), (pin, True))

    @staticmethod
    def _head(prompt, names, colours, typed: Typed, result: str, error: str, table: str = "Referee") -> Lines:
        head = Lines()
        if result:
            head.append(f"↳ {result}\n", style="italic")
        who = names[prompt.actor] if prompt.actor is not None else table
        head.append(f"NOW: {mark(prompt.actor)}{who} ▸ ", style=style(colours[prompt.actor]) if prompt.actor is not None else "bold")
        head.append(prompt.text)
        if error:  # in the head, so it is never below the fold
            head.append(f"\n✗ {error}", style="bold red")
        if typed.code:  # the first key of a two-key code, waiting: in the head too (a long list fills the body)
            head.append(f"\n{typed.code}… : type the second key, Esc clears", style="bold")
        if typed.place is not None:
            head.append(f"\ngo to square: {typed.place}_  (as on the rulers, e.g. column then row; Enter goes, Esc "
                        "leaves off)", style="bold")
        return head

    def on_resize(self) -> None:
        if self._last is not None:
            self.show(*self._last)

    def _add_notes(self, body: Lines, notes) -> None:
        """The notes go under the answers, as many lines as fit (they are reminders: the first to give way)."""
        room = self.size.height - self.head_rows - self.pinned_rows - body.count() - 1
        if not notes or room < 2:
            return
        lines = [line for note in notes for line in note.split("\n")]
        shown = lines[:room] if len(lines) <= room else lines[: room - 1] + ["…"]
        body.append("\n\n" + "\n".join(shown), style="dim")

    def fit(self, n: int, refused: int, keep_hint: bool = False) -> tuple[bool, int]:
        """(tight, window): whether ``n`` answers leave no room for the blank lines and the hint (then the
        blank lines go, and the hint too unless ``keep_hint``: a selection must say how to confirm it), and how
        many answers are listed (all, or a window between the more-above/below lines)."""
        height, extra = self.size.height - self.head_rows - self.pinned_rows, refused
        if height <= 0:
            return False, WINDOW
        if n + 3 + extra <= height:
            return False, n
        return True, max(3, height - 2 - extra - keep_hint)

    @property
    def plain(self) -> str:
        """What the panel shows, as plain text (for tests and screen readers)."""
        pinned = self.shown_pinned.plain
        return self.shown_head.plain + "\n" + self.shown.plain + (f"\n{pinned}" if pinned else "")

    def on_click(self, event) -> None:
        index = self.option_at_line.get(event.y - self.head_rows)
        if index is not None:
            event.stop()
            self.screen.action_click_option(index)  # type: ignore[attr-defined]

    def _options(self, prompt: Choose | Pick, colours: tuple[str, str], typed: Typed,
                 names: tuple[str, str] = ("", "")) -> Lines:
        """The answers, a window of them around the cursor. An answer too long for the panel goes on under
        itself (up to ``ANSWER_LINES`` lines, the words that decide included), never cut at the edge."""
        keys = assign_keys([o.key for o in prompt.options])
        width = max((len(k) for k in keys), default=1)
        n = len(prompt.options)
        pick = isinstance(prompt, Pick)
        panel = self.content_size.width  # once: hundreds of answers (a d20 run) are laid out on each key
        rows = [self._answer_rows(prompt, i, keys[i], width, pick, typed, names, panel) for i in range(n)]
        counts = [len(r) for r in rows]
        board = any(o.at is not None for o in prompt.options)
        reminder = wrapped("press a key, or ↑↓ and Enter" + (" · on the board: / and a square's name, the arrows "
                                                            "and Enter, or a click" if board else ""), panel)
        on_board = wrapped("    or on the board: / and a square's name, the arrows, a click", panel) if board else []
        extra = max(len(reminder) - 1, len(on_board))  # the hint and the board's note are wrapped, never cut
        tight, window = self.fit(sum(counts), len(prompt.refused) + extra, keep_hint=pick)
        text = Lines("" if tight else "\n")
        start, stop = window_around(counts, min(typed.cursor, n - 1) if n else 0, window)
        if start:
            text.append(f"  ↑ {start} more above (PgUp)\n", style="dim")
            if stop >= n:
                text.append("".join(f"{part}\n" for part in on_board), style="dim")
        line = (0 if tight else 1) + (1 if start else 0)
        for i in range(start, stop):
            opt = prompt.options[i]
            label_style = style(colours[opt.actor]) if opt.actor is not None else ""
            for j, (head, label, hint) in enumerate(rows[i]):
                text.append(head, style="reverse" if i == typed.cursor and j == 0 else "")
                if j == 0 and opt.chance is not None:
                    text.append(f"{percent(opt.chance):>7} ", style="bold cyan")
                text.append(label, style=label_style)
                if hint:
                    text.append(hint, style="dim")
                text.append("\n")
                self.option_at_line[line] = i
                line += 1
            if i == typed.cursor:
                self.cursor_line = line - len(rows[i])
        if stop < n:
            text.append(f"  ↓ {n - stop} more below (PgDn)\n" + "".join(f"{part}\n" for part in on_board), style="dim")
        for refused in prompt.refused:
            text.append("Not now: ", style="dim bold")
            text.append(f"{refused.label} ({refused.reason})\n", style="dim")
        if pick:
            confirm = "Enter or 0 confirms (none is fine)" if prompt.min == 0 else "Enter confirms the selection"
            text.append(("" if tight else "\n") + "keys toggle · " + confirm, style="dim")
        elif not tight:
            text.append("\n" + "\n".join(reminder), style="dim")
        return text.strip_end()

    def _answer_rows(self, prompt, i: int, key: str, width: int, pick: bool, typed: Typed,
                     names: tuple[str, str], panel: int) -> list[tuple[str, str, str]]:
        """One answer's lines in a ``panel`` so wide: (what stands before the label, the label's part, the
        hint's part)."""
        opt = prompt.options[i]
        mark = "▶" if i == typed.cursor else " "
        box = ("[x] " if opt.id in typed.picked else "[ ] ") if pick else ""
        head = f"{mark} [{key:<{width}}] {box}"
        indent = len(head) + (8 if opt.chance is not None else 0)
        room = panel - indent
        label = shortened(opt.label, names, room)
        hint = f"  ({opt.hint})" if opt.hint else ""
        pad = " " * indent
        return [(head if k == 0 else pad, part, rest) for k, (part, rest) in enumerate(answer_parts(label, hint, room))]

    def _roll(self, prompt: Roll, typed: Typed, dice_mode: str) -> Lines:
        text = Lines("\n")
        faces, pending = (typed.faces.faces, typed.faces.pending) if typed.faces else ((), "")
        for i, die in enumerate(prompt.dice):
            face = str(faces[i]) if i < len(faces) else (pending + "_" if i == len(faces) else "·")
            text.append(f"{f'd{die.sides}':>4} [{face:>2}]  ", style="bold")
            text.append(f"{die.label}  {die.note}".rstrip() + "\n")
        if prompt.success:
            text.append(f"\n{'':>11}{prompt.success}\n")
        for outcome in prompt.odds:
            shown = percent(outcome.probability) if outcome.probability > 0 else "never"
            text.append(f"{shown:>9}  ", style="bold cyan" if outcome.probability > 0 else "dim")
            text.append(outcome.label + "\n")
        hint = ("[r]/Space roll digitally · or type the faces of real dice" if dice_mode == "digital"
                else "type the faces of the dice · [r] roll digitally for this one roll")
        text.append(f"\n{hint}", style="dim")
        return text


def describe(event: Event, prompt) -> str:
    """An input in words, using the labels of the prompt it answered ("Undone: ...", a replay's last input)."""
    labels = {o.id: o.label for o in getattr(prompt, "options", ())}
    if event.kind == "roll":
        faces = ", ".join(map(str, event.value))
        return f"{getattr(prompt, 'purpose', 'roll')}: {event.source} roll {faces}"
    if event.kind == "confirm":
        return "confirmation"
    if event.kind == "pick":
        return "picked " + (", ".join(labels.get(v, v) for v in event.value) or "none")
    if event.kind == "choose":
        return labels.get(event.value, str(event.value))
    unit = getattr(prompt, "unit", "")
    if not unit:
        return f"the number {event.value}"
    return f"{event.value} {unit}" if unit_after_a_number(unit) else f"{unit} {event.value}"
