"""Text from a user or a file, ready for a widget: shown literally, never parsed as markup.

Every string refbox did not write itself (names, titles, file names, error messages quoting them) goes
on screen through ``literal`` or is appended to a ``Text`` as plain text: ``Static.update(str)``,
``Label(str)``, ``Option(str)`` and ``notify(str)`` would parse it as markup.
"""

from __future__ import annotations

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
