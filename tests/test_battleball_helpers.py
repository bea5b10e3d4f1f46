"""Shared helpers for the Battleball tests (no tests here): a table to drive the rules, and short-cuts.

``Table`` drives the rules directly like a Match does (check the event against the prompt, apply,
roll back on error) but lets a test arrange the board first (who carries, who is left). ``Table`` plays with
a physical board (the table reports what happens on it); ``BoardTable`` on refbox's board.
"""

from __future__ import annotations

from pathlib import Path

from refbox.engine import registry
from refbox.engine.match import Match
from refbox.engine.prompts import Event, choose, roll
from refbox.engine.random_play import RulesTable
from refbox.games.battleball.data import Data
from refbox.games.battleball.models import Positions, Ref
from refbox.games.battleball.rules import Battleball

WOLVES, HARTS = 0, 1
"""With the default setup coach 0 (Ann) takes the Iron Wolves, coach 1 (Bob) the Black Harts."""

SETUP = {"coaches": ["Ann", "Bob"], "first_coach_team": "iron-wolves", "board": "table"}
"""A match at the table: a physical board, and the table reports what happens on it."""


def load_data(house_file: Path | None = None) -> Data:
    entry = registry.lookup("battleball")
    if house_file is not None:
        from dataclasses import replace

        entry = replace(entry, house_file=house_file)
    return entry.load_data()


class Table(RulesTable):
    def __init__(self, data: Data | None = None, setup: dict | None = None) -> None:
        super().__init__(Battleball(data or load_data()), setup or SETUP)

    # ---- arranging the board ----

    def give_ball(self, side: int, pid: str) -> None:
        self.state.carrier = Ref(team=side, id=pid)
        self.state.ball_at_centre = False
        self.state.last_holder = side

    def leave_only(self, side: int, *ids: str, status: str = "out") -> None:
        for p in self.state.players[side]:
            if p.id not in ids:
                p.status = status  # type: ignore[assignment]

    def status(self, side: int, pid: str) -> str:
        return self.state.player(Ref(team=side, id=pid)).status

    def option_ids(self) -> list[str]:
        return [o.id for o in self.prompt().options]


def kickoff(t: Table | Match, first: int = WOLVES) -> None:
    """Win the roll-off for ``first`` (the line-up is logged; no Team Rules in the shipped ruleset)."""
    send(t, roll(20, 1) if first == 0 else roll(1, 20))


def send(t: Table | Match, *events: Event) -> None:
    if isinstance(t, Table):
        t.send(*events)
    else:
        for e in events:
            t.submit(e)


def move(t: Table | Match, pid: str, *faces: int, ball: str | None = None, then: str | None = None) -> None:
    """Pick ``pid``, roll ``faces``; answer the ball question and the after-move question ("tackle", "end",
    "hand-off", "pass") if given."""
    send(t, choose(pid), roll(*faces))
    if ball is not None:
        send(t, choose(ball))
    if then is not None:
        send(t, choose(then))


def new_match(seed: int = 1) -> Match:
    return Match.new("battleball", SETUP, seed)


# ---- on refbox's board ----

BOARD_SETUP = {**SETUP, "board": "screen"}
"""A new match's default: refbox keeps the positions."""


class BoardTable(Table):
    """A Table on refbox's board, with short-cuts to stand figures on squares."""

    def __init__(self, data: Data | None = None) -> None:
        super().__init__(data, BOARD_SETUP)

    @property
    def f(self):
        return self.data.grid

    def kickoff(self, first: int = WOLVES) -> BoardTable:
        """Both coaches take the default line-up; ``first`` wins the roll-off."""
        return self.send(choose("done"), choose("done"), roll(20, 1) if first == WOLVES else roll(1, 20))

    def arrange(self, wolves: dict[str, tuple[int, int]], harts: dict[str, tuple[int, int]],
                ball: tuple[int, int] | None = None, carrier: tuple[int, str] | None = None,
                carnage: tuple[tuple[int, int], ...] = ()) -> BoardTable:
        """Stand only these figures on these squares (the rest wait in the Locker Room)."""
        for side, places in ((WOLVES, wolves), (HARTS, harts)):
            self.state.at[side] = Positions({pid: self.f.at(*sq) for pid, sq in places.items()})
            for p in self.state.players[side]:
                p.status = "field" if p.id in places else "locker"  # type: ignore[assignment]
        self.state.carnage = self.f.mask(self.f.at(*sq) for sq in carnage)
        self.state.carrier = Ref(team=carrier[0], id=carrier[1]) if carrier else None
        self.state.ball = self.f.at(*ball) if ball else None
        self.state.ball_at_centre = False
        return self

    def where(self, side: int, pid: str) -> tuple[int, int]:
        return self.f.sq(self.state.at[side][pid])

    def squares(self) -> set[tuple[int, int]]:
        """The squares offered by the pending prompt (ids "col.row")."""
        out = set()
        for o in self.prompt().options:
            if "." in o.id:
                c, r = o.id.split(".")
                out.add((int(c), int(r)))
        return out


def sq(c: int, r: int) -> str:
    """A square's id in options and journals."""
    return f"{c}.{r}"
