"""The roster: which figures a team fields, and where each kind stands in a match's figures list.

A figure's id, team, position and coach flag never change, and the figures list keeps the roster's order, so
``layout`` finds them by index (the ruleset works each roster's layout out once: ``Data.facts``) instead of
reading every figure on every input.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

from refbox.games.slargeball.models import Figure, State

if TYPE_CHECKING:
    from refbox.games.slargeball.data import Data

FIGURE_KEYS = ("abcefghijklmnopstvwxyz", "ABCDEFGHIJKLMNOPQRSTVWXYZ")
"""A figure's own key, the same in every prompt: its team's letters in roster order (lower case for the
first team, capitals for the second). Digits belong to the menus: 0 is always "nothing (else)", 1 "done"."""


def fig_key(team: int, n: int) -> str:
    """The key of a team's ``n``-th figure in roster order ("" past the letters: the next free key)."""
    letters = FIGURE_KEYS[team]
    return letters[n] if n < len(letters) else ""


def roster(squads: int, data: Data, team: int) -> list[Figure]:
    """The figures a team fields for this many squads, in move order; coaches start off the field."""
    letter = "AB"[team]
    figs: list[Figure] = []
    for pos in data.positions:
        if pos.per_team:
            count = 1 if squads >= pos.from_squads else 0
        else:
            count = pos.per_squad * squads
        for n in range(1, count + 1):
            tag = pos.id if count == 1 and pos.per_team else f"{pos.id}{n}"
            figs.append(Figure(id=sys.intern(f"{letter}.{tag}"), team=team, pos=pos.id, tag=tag, move=pos.move,
                               whap=pos.whap, fling=pos.fling, nab=pos.nab, coach=pos.coach, on_field=not pos.coach,
                               key=fig_key(team, len(figs))))
    return figs


@dataclass(frozen=True, slots=True)
class Layout:
    """Indexes into a match's figures list, by what never changes about a figure."""

    ids: tuple[str, ...]
    index: dict[str, int]
    """A figure's id -> its place in the list."""
    units: dict[tuple[int, str], tuple[int, ...]]
    """(team, position) -> its figures."""
    team_of: tuple[int, ...]
    teams: tuple[tuple[int, ...], tuple[int, ...]]
    players: tuple[int, ...]
    """Every figure but the coaches."""
    coaches: tuple[int | None, int | None]
    whap_players: dict[int, tuple[int, ...]]
    """Whap -> the players with that Whap..."""
    whap_bands: tuple[int, ...]
    """...and the Whaps they have, highest first."""


def layout_of(figures: list[Figure]) -> Layout:
    units: dict[tuple[int, str], list[int]] = {}
    coaches: list[int | None] = [None, None]
    for i, f in enumerate(figures):
        units.setdefault((f.team, f.pos), []).append(i)
        if f.coach and coaches[f.team] is None:
            coaches[f.team] = i
    team_of = tuple(f.team for f in figures)
    players = tuple(i for i, f in enumerate(figures) if not f.coach)
    bands = tuple(sorted({figures[i].whap for i in players}, reverse=True))
    return Layout(
        ids=tuple(f.id for f in figures),
        index={f.id: i for i, f in enumerate(figures)},
        units={k: tuple(v) for k, v in units.items()},
        team_of=team_of,
        teams=(tuple(i for i, t in enumerate(team_of) if t == 0), tuple(i for i, t in enumerate(team_of) if t == 1)),
        players=players,
        coaches=(coaches[0], coaches[1]),
        whap_players={w: tuple(i for i in players if figures[i].whap == w) for w in bands},
        whap_bands=bands,
    )


def layout(state: State, data: Data) -> Layout:
    """The layout of ``state.figures``: its roster's, or read from the figures if they are not a roster of
    this ruleset (a hand-made state)."""
    figures = state.figures
    found = data.facts.layouts.get(len(figures))
    if found is None or figures[0].id != found.ids[0] or figures[-1].id != found.ids[-1]:
        return layout_of(figures)
    return found


def figure(state: State, data: Data, fig_id: str) -> Figure:
    """``state.fig(fig_id)`` by the layout's index (on the busiest questions)."""
    return state.figures[layout(state, data).index[fig_id]]


def stands(figures: list[Figure], indexes: tuple[int, ...]) -> bool:
    """Is one of these figures standing on the field?"""
    for i in indexes:
        f = figures[i]
        if f.status == "up" and f.on_field:
            return True
    return False
