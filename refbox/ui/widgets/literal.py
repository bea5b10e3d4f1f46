"""Text from a user or a file, ready for a widget: shown literally, never parsed as markup.

Every string refbox did not write itself (names, titles, file names, error messages quoting them) goes
on screen through ``literal`` or is appended to a ``Text`` as plain text: ``Static.update(str)``,
``Label(str)``, ``Option(str)`` and ``notify(str)`` would parse it as markup.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from refbox.engine.text import printable


def literal(text: str, style: str = "") -> Text:
    """``text`` as it is (unprintable characters shown as escapes), in one style."""
    return Text(printable(str(text), newlines=True), style=style)


def joined(*parts: str | tuple[str, str] | Text) -> Text:
    """Pieces appended as plain text: a str, a (text, style) pair, or a Text already built."""
    out = Text()
    for part in parts:
        if isinstance(part, Text):
            out.append_text(part)
        elif isinstance(part, tuple):
            out.append_text(literal(*part))
        else:
            out.append_text(literal(part))
    return out


def padded(text: str, width: int) -> str:
    """``text`` and spaces up to ``width`` terminal cells: an emoji or a CJK letter takes two cells, so
    ``f"{name:<18}"`` would push the columns after a name like that out of line."""
    return text + " " * (width - cell_len(text))


def widest(texts) -> int:
    """Terminal cells of the widest of ``texts`` (0 for none)."""
    return max((cell_len(t) for t in texts), default=0)
