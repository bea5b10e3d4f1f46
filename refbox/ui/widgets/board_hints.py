"""Which answers get their key drawn on the board: a few, never a hiding or a confusing one.

A board may offer hundreds of squares; keys on all of them drown it. Only up to ``MAX_HINTS`` squares get
their key drawn, the view's ``worth_keys`` first (the end zone, the ball, the furthest), then in the order the
answers come. A key is never drawn over a figure, the ball, a carnage token or a label (a zone's number), never beside one or beside
another drawn key (their characters would run together), and never when it reads like a figure's code on
the board ("R1", or "b" beside Brownie "b") or looks like one ("D" where figures are single capitals). Every other answer is taken by name (/ then the square), by the
cursor, by a click or from the list. Pure (no Textual): the tests read it directly.
"""

from __future__ import annotations

from refbox.engine.board import MAX_HINTS, BoardView, Square


def neighbours(view: BoardView, sq: Square) -> list[Square]:
    """The squares drawn next to ``sq``: beside it, and above and below (half a square either way on a
    staggered board)."""
    c, r = sq
    out = [(c - 1, r), (c + 1, r)]
    for dr in (-1, 1):
        if view.stagger:
            cols = (c, c + 1) if r % 2 else (c - 1, c)
        else:
            cols = (c - 1, c, c + 1)
        out.extend((x, r + dr) for x in cols)
    return out


def token_words(view: BoardView) -> list[str]:
    """What the tokens on the board read as: each token square's text, or where squares are drawn one character
    wide and touching (Ballmonsters' mat draws "A1→" over three squares) each run of token squares in a row."""
    cells = view.cells
    if view.cell_width > 1 or view.gap:
        return [cell.text for cell in cells.values() if cell.is_token]
    words = []
    for (c, r), cell in cells.items():
        left = cells.get((c - 1, r))
        if not cell.is_token or (left is not None and left.is_token):
            continue  # not a token, or not the start of a run
        text, col = "", c
        while (part := cells.get((col, r))) is not None and part.is_token:
            text, col = text + part.text, col + 1
        words.append(text)
    return words


def figure_codes(view: BoardView, words: list[str] | None = None) -> set[str]:
    """What the tokens on the board read as, in lower case: their text and its first character (``words``: the
    view's ``token_words``, when already read)."""
    codes: set[str] = set()
    for word in token_words(view) if words is None else words:
        text = word.strip().lower()
        if text:
            codes.add(text)
            codes.add(text[0])
    return codes


def shape(text: str) -> tuple[str, ...]:
    """How a text looks at a glance: capitals, small letters and digits by kind ("R1" and "Z7" alike)."""
    return tuple("A" if c.isupper() else "a" if c.islower() else "9" if c.isdigit() else c for c in text.strip())


def drawn_hints(view: BoardView, hints: dict[Square, str], limit: int = MAX_HINTS) -> dict[Square, str]:
    """The keys of ``hints`` (every answer's square -> its key) that are drawn on the board."""
    if not hints:
        return {}
    cells = view.cells
    tokens = {sq for sq, cell in cells.items() if cell.is_token}
    words = token_words(view)
    codes = figure_codes(view, words)
    shapes = {shape(word) for word in words}
    order = [sq for sq in view.worth_keys if sq in hints] + list(hints)
    chosen: dict[Square, str] = {}
    for sq in order:
        if len(chosen) >= limit:
            break
        key = hints[sq]
        if sq in chosen or sq in tokens or not key or len(key) > view.cell_width:
            continue
        if any(ch.isalnum() for ch in cells[sq].text) if sq in cells else False:  # a label (a zone's number)
            continue
        if key.lower() in codes or key[0].lower() in codes:  # "r1" or "b2" beside figures R1 and b
            continue
        if shape(key) in shapes:  # "D" where figures are drawn as one capital, "z1" among "r1" and "b2"
            continue
        if any(n in tokens or n in chosen for n in neighbours(view, sq)):
            continue
        chosen[sq] = key
    return chosen
