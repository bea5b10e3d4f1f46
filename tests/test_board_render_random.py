"""Seeded random play of Battleball and Monster Ball on the board, every state drawn the way the Board widget
draws it (board_draw's Painter, the keys board_hints picks, Monster Ball's one-character field as its screen
makes it; no app): no key drawn reads like a figure's code, no token (figure, ball, carnage, key) touches
another on a line, every figure and the ball show on their squares, and no line or mark takes a square."""

from __future__ import annotations

import random

import pytest
from test_battleball_helpers import BOARD_SETUP

from refbox.engine.match import Match
from refbox.engine.play import random_event
from refbox.engine.prompts import Choose, Pick
from refbox.games.battleball import pitch as bb_pitch
from refbox.games.monster_ball import ask
from refbox.ui.games.monster_ball import compact_board
from refbox.ui.keys import assign_keys
from refbox.ui.widgets.board_draw import Painter, pitch, shift
from refbox.ui.widgets.board_hints import drawn_hints, figure_codes

STATES = 220
"""States drawn per game and seed (every input of a random match up to that many)."""


def hints_of(match: Match) -> dict:
    """Every answer's square and key, as the game screen gives them to the board."""
    prompt, hints = match.prompt(), {}
    if isinstance(prompt, (Choose, Pick)):
        for opt, key in zip(prompt.options, assign_keys([o.key for o in prompt.options])):
            if opt.at is not None:
                hints[opt.at] = key
    return hints


def drawn_rows(view, drawn: dict) -> list[str]:
    """The board's rows as text, exactly as the widget paints them (no rulers)."""
    painter, rows = Painter({}), []
    for r in range(view.rows):
        squares = [(c, r) for c in range(view.cols)]
        segments = painter.row(view, r, tuple(map(view.cells.get, squares)), tuple(map(view.marks.get, squares)),
                               tuple(map(drawn.get, squares)), tuple(map(view.between.get, squares)), -1)
        rows.append("".join(seg.text for seg in segments))
    return rows


def check_drawing(view, hints: dict, figures: dict, ball) -> None:
    """``figures``: each square with a figure -> what must show there (its code, or a character of it)."""
    drawn = drawn_hints(view, hints)
    rows = drawn_rows(view, drawn)
    w, p = view.cell_width, pitch(view)
    codes = figure_codes(view)
    for sq, key in drawn.items():
        assert key.lower() not in codes and key[0].lower() not in codes, f"key {key!r} reads like a figure"
    tokens = {sq for sq, cell in view.cells.items() if cell.is_token} | set(drawn)
    for r, text in enumerate(rows):
        taken = [False] * (len(text) + 1)
        spans = []
        for c in range(view.cols):
            if (c, r) not in tokens:
                continue
            x = shift(view, r) + c * p
            shown = text[x:x + w]
            left, right = x, x + w
            while left < right and shown[left - x] == " ":
                left += 1
            while right > left and shown[right - x - 1] == " ":
                right -= 1
            assert right > left, f"the token on {(c, r)} shows nothing"
            spans.append((left, right, (c, r)))
        for left, right, sq in spans:
            for i in range(left, right):
                taken[i] = True
        spans.sort()
        for (l1, r1, a), (l2, r2, b) in zip(spans, spans[1:]):
            assert l2 > r1, f"tokens on {a} and {b} touch: {text[l1:r2]!r} in row {r}: {text!r}"
    for (c, r), want in figures.items():
        x = shift(view, r) + c * p
        shown = rows[r][x:x + w]
        assert want in shown or (w == 1 and shown.strip()), f"figure {want!r} on {(c, r)} shows {shown!r}"
    if ball is not None:
        c, r = ball
        x = shift(view, r) + c * p
        assert "●" in rows[r][x:x + w] or view.marks.get(ball) == "target", f"the ball on {ball} is hidden"
    lines = {cell.text for cell in view.between.values()} & set("┃┆¦")
    assert not lines & {cell.text for cell in view.cells.values() if not cell.is_token}, "a line takes a square"
    return rows


def battleball_drawing(match: Match) -> None:
    s, data = match.state, match.data
    view = match.view().board
    figures = {}
    for side in (0, 1):
        for pid in s.at[side]:
            code = bb_pitch.code_of(data, side, pid)
            for i in bb_pitch.squares(data.pitch, s, side, pid):
                figures[bb_pitch.view_square(data.grid, i)] = code
    ball = bb_pitch.view_square(data.grid, s.ball) if s.ball is not None else None
    check_drawing(view, hints_of(match), figures, ball)


def monster_ball_drawing(match: Match) -> None:
    s = match.state
    view = match.view().board
    hints = hints_of(match)
    figures = {}
    for pid, sq in s.pos.items():
        figures.setdefault(sq, []).append(ask.figure_key(s, pid) or "+")
    full = {sq: keys[0] if len(keys) == 1 else "" for sq, keys in figures.items()}
    if s.carrier in s.pos:
        full[s.pos[s.carrier]] = (ask.figure_key(s, s.carrier) or "+") + "●"
        for pid, sq in s.pos.items():
            if sq == s.pos[s.carrier] and pid != s.carrier:
                assert "shares the carrier's square" in view.caption, "who shares the carrier's square is said"
    ball = s.ball_at if s.ball != "held" and s.ball_at not in s.pos.values() else None
    check_drawing(view, hints, full, ball)
    crowded = {sq for sq, keys in figures.items() if len(keys) > 1}
    compact = compact_board(view, crowded)
    for sq in crowded:
        want = "●" if sq == s.pos.get(s.carrier) else "&"
        assert compact.cell(sq).text == want, "two figures on a square: the compact field says so"
    rows = check_drawing(compact, {sq: k for sq, k in hints.items() if len(k) == 1}, {sq: "" for sq in figures}, ball)
    assert "10" in rows[0] and "10" in rows[-1], "a two-digit zone number reads whole on a compact field"
    if s.carrier in s.pos:
        assert compact.cell(s.pos[s.carrier]).text == "●", "a compact field shows the carrier as the ball"
    for pid in s.pos:
        key = ask.figure_key(s, pid)
        assert key == "" or key.islower() == (s.team_of(pid) == 0), f"{pid}'s letter {key} reads as the other side"


@pytest.mark.parametrize("game, setup, check", [
    ("battleball", BOARD_SETUP, battleball_drawing),
    ("monster-ball", {"board": "screen", "fewer_keys": True}, monster_ball_drawing),
])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_states_draw_no_confusable_key_no_touching_tokens_and_hide_nothing(game, setup, check, seed):
    match, rng = Match.new(game, setup, seed), random.Random(seed)
    steps = set()
    for _ in range(STATES):
        legal = match.legal()
        if legal.kind == "over":
            break
        check(match)
        steps.add(match.state.step)
        match.submit(random_event(legal, rng))
    assert len(steps) >= 5, f"random play stayed in {steps}"
