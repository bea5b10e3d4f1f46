"""Text that comes from a user or a file: what a name may contain, and how to show what it may not.

Names are shown literally everywhere (never parsed as markup by the UI); this module makes sure
they are also safe to put on a terminal. A control character (ESC would reach the terminal and
start an escape sequence), DEL, a lone surrogate, an invisible format character (bidi overrides,
zero-width joiners) or a line/paragraph separator is refused at validation, with a message that
names the field (pydantic adds the field's location).

``Name`` is one line (team, figure, ball and coach names, titles) of at most NAME_MAX characters; ``Label``
is a name shown in rosters and prompts (a ruleset's team, position, creature or effect names), bounded as the
names typed at setup are (LABEL_MAX); ``Prose`` may span lines (rule help, rulings). ``printable`` is for
text refbox cannot refuse, e.g. a file name or an error that quotes one: it shows every unprintable
character as an escape such as ``\\x1b``.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated

REFUSED = {"Cc": "a control character", "Cf": "an invisible formatting character", "Cs": "a lone surrogate",
           "Co": "a private-use character", "Cn": "an unassigned character", "Zl": "a line separator",
           "Zp": "a paragraph separator"}
"""Unicode categories a name may not contain, and how the error message calls each."""


def _why(ch: str) -> str | None:
    return REFUSED.get(unicodedata.category(ch))


def _codepoint(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" {name}" if name else "")


def problem(text: str, newlines: bool = False) -> str | None:
    """Why ``text`` cannot be shown on a terminal as it is, or None if it can."""
    if (text.replace("\n", " ") if newlines else text).isprintable():
        return None  # the fast path: every refused category is one str.isprintable refuses too
    for i, ch in enumerate(text):
        if newlines and ch == "\n":
            continue
        why = _why(ch)
        if why is not None:
            return f"contains {why} ({_codepoint(ch)}) at position {i + 1}, which cannot be shown: remove it"
    return None


NAME_MAX = 256
"""The longest name of any kind (a file name's stem is the longest a match's own names get)."""

LABEL_MAX = 24
"""The longest team, position or figure name: as long as a name typed at setup may be."""


class _Shown:
    """Annotation metadata that makes pydantic run ``problem`` (and a length check) after its own str validation.

    A plain class (pydantic finds ``__get_pydantic_core_schema__``), so that importing this module does
    not import pydantic: the home screen and ``refbox --list`` use ``printable`` and start without it."""

    def __init__(self, newlines: bool, longest: int | None = None) -> None:
        self.newlines = newlines
        self.longest = longest

    def check(self, value: str) -> str:
        why = problem(value, self.newlines)
        if why is None and self.longest is not None and len(value) > self.longest:
            why = f"is {len(value):,} characters long; at most {self.longest} fit"
        if why is not None:
            from pydantic_core import PydanticCustomError

            raise PydanticCustomError("unprintable", why)
        return value

    def __get_pydantic_core_schema__(self, source, handler):
        from pydantic_core import core_schema

        return core_schema.no_info_after_validator_function(self.check, handler(source))


Name = Annotated[str, _Shown(newlines=False, longest=NAME_MAX)]
"""One line of text a user or a ruleset file chose: no control or invisible characters."""

Label = Annotated[str, _Shown(newlines=False, longest=LABEL_MAX)]
"""A name from a ruleset file shown in rosters, prompts and boards (team, position, creature, effect)."""

Prose = Annotated[str, _Shown(newlines=True)]
"""Text that may span lines (rule help, rulings); otherwise as ``Name``."""


def printable(text: str, newlines: bool = False) -> str:
    """``text`` with every character a terminal could misread shown as an escape (``\\x1b``, ``\\u202e``).

    For text that is not refused at validation because it cannot be: file names, OS error messages."""
    out = []
    for ch in text:
        if (newlines and ch == "\n") or _why(ch) is None:
            out.append(ch)
        elif ord(ch) < 0x100:
            out.append(f"\\x{ord(ch):02x}")
        elif ord(ch) < 0x10000:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(f"\\U{ord(ch):08x}")
    return "".join(out)


def digits(text: str) -> bool:
    """Whether ``text`` is one or more of the keys 0-9 (``str.isdigit`` also takes "²" and "٣", which ``int``
    refuses or reads as another digit)."""
    return text.isascii() and text.isdigit()
