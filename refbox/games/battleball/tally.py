"""Battleball's own statistics for the match report (issue 15): tackles made and won, injuries, passes,
hand-offs and touchdowns, per team and per player.

``tally`` is called after every input with the prompt it answered and the state after it. What happened is read
by comparing that state with the facts of the state before it, which the tally remembers from the previous call
(a step, who tackled whom, who held the ball, each player's status): no log text is parsed.
"""

from __future__ import annotations

from dataclasses import dataclass

from refbox.games.battleball.models import Data, State

MEMO = "_battleball_before"
"""The attribute of the report's Tally under which the facts of the previous state are kept."""

REMOVED = ("locker", "out")


@dataclass(frozen=True, slots=True)
class Facts:
    step: str
    side: int
    tackler: str | None
    target: str | None
    receiver: str | None
    carrier: tuple[int, str] | None
    score: tuple[int, int]
    status: dict[tuple[int, str], str]


def facts(state: State) -> Facts:
    t = state.turn
    carrier = (state.carrier.team, state.carrier.id) if state.carrier is not None else None
    status = {(team, p.id): p.status for team, players in enumerate(state.players) for p in players}
    return Facts(state.step, state.side, t.tackler, t.target, t.receiver, carrier, tuple(state.score), status)


def tally(tally, prompt, event, state: State, data: Data) -> None:
    before: Facts | None = getattr(tally, MEMO, None)
    now = facts(state)
    setattr(tally, MEMO, now)
    if before is None:  # the first input: nothing before it can be compared (the kick-off line-up)
        return
    side = before.side
    hurt = [ref for ref, status in now.status.items()
            if status in REMOVED and before.status.get(ref) not in REMOVED]
    for team, pid in hurt:
        tally.add(team, pid, "injured")
        if now.status[(team, pid)] == "out":
            tally.add(team, pid, "seriously injured")
    if before.step == "tackle-roll" and before.tackler:
        tally.add(side, before.tackler, "tackles made")
    if before.step in ("tackle-roll", "tackle-die") and now.step != "tackle-die" and before.tackler and before.target:
        a, b = (side, before.tackler), (1 - side, before.target)
        a_out, b_out = a in hurt, b in hurt
        if b_out and not a_out:
            tally.add(*a, "tackles won")
        elif a_out and not b_out:
            tally.add(*b, "tackles won")
    if before.step == "pass-roll" and before.carrier and before.receiver:
        tally.add(side, before.carrier[1], "passes")
        if now.carrier == (side, before.receiver):
            tally.add(side, before.receiver, "passes caught")
    if before.step == "hand-off-roll" and before.carrier and before.receiver:
        tally.add(side, before.carrier[1], "hand-offs")
        if now.carrier == (side, before.receiver):
            tally.add(side, before.receiver, "hand-offs taken")
    for team in (0, 1):
        for _ in range(now.score[team] - before.score[team]):
            holder = before.carrier if before.carrier and before.carrier[0] == team else None
            tally.add(team, holder[1] if holder else None, "touchdowns")
