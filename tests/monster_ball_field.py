"""Helpers for the on-screen field tests (no tests here): a match on the field, figures put where a test needs
them, everyone else parked in their own end zone out of the way.

With the default setup Law (team 0) receives and attacks to the right (x grows); Chaos kicks off and attacks to
the left. See test_monster_ball_helpers for who L1..L23 and C1..C22 are.
"""

from __future__ import annotations

from refbox.engine.match import Match
from refbox.engine.prompts import choose, roll
from refbox.games.monster_ball import places

LAW, CHAOS = 0, 1
FIELD = {"board": "screen", "fewer_keys": True}


def field_match(**setup) -> Match:
    return Match.new("monster-ball", {**FIELD, **setup}, seed=7)


def pitch(m: Match):
    return m.data.pitch


def park(m: Match, *keep: str) -> Match:
    """Every figure but ``keep`` to its own end zone (Law left, Chaos right), out of everyone's way."""
    spots = {0: [(x, y) for x in (1, 2) for y in range(1, 19)], 1: [(x, y) for x in (34, 33) for y in range(1, 19)]}
    for pid in list(m.state.pos):
        if pid not in keep:
            m.state.pos[pid] = spots[m.state.team_of(pid)].pop(0)
    m.refresh()
    return m


def place(m: Match, **where: tuple[int, int]) -> Match:
    for pid, sq in where.items():
        m.state.pos[pid] = sq
    m.refresh()
    return m


def send(m: Match, *events) -> Match:
    for event in events:
        m.submit(event)
    return m


def law_snap(**setup) -> Match:
    """Law's ball at its own 30 after a touchback (Chaos's Drow kicks 12, 12), hiked cleanly: round 1, Law moves."""
    m = field_match(**setup)
    send(m, choose("C12"), roll(12, 12), choose("hike"))
    if m.state.step == "hike_wardrobe":
        send(m, choose("fair"))
    return send(m, roll(4, 4))


def move(m: Match, pid: str, forward: int, across: int) -> Match:
    """Pick ``pid`` and send it ``forward`` squares downfield and ``across`` to its captain's right."""
    return send(m, choose(pid), choose(places.move_id(forward, across)))


def ids(m: Match) -> list[str]:
    return list(m.legal().ids)
