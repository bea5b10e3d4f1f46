"""Monster Ball's own statistics for the match report (issue 15): yards, passes, catches, tackles, penalties,
cheats caught and scores, per team and per player.

``tally`` is called after every input with the prompt it answered and the state after it; what happened is read
by comparing that state with the facts of the state before it, which the tally remembers from the previous call.
No log text is parsed.

- yards: on refbox's field, the squares a ball carrier moves towards the end zone he attacks (back is negative);
  at the table, the gain the referee gives when a play is spotted (the team's, no player named);
- passes (thrown, on the passer), catches (a pass or a kick caught, on the catcher), tackles (each tackler in a
  tackle roll) and tackles won (the target went down and no tackler did);
- penalties: an illegal tackle, or a team's cheat spotted (each costs that team squares); cheats caught: on the
  ejected player;
- scores and points: on the team, and on the carrier (a touchdown) or the kicker (a field goal).
"""

from __future__ import annotations

from dataclasses import dataclass

from refbox.games.monster_ball import downs, places
from refbox.games.monster_ball.data import Data
from refbox.games.monster_ball.models import State

MEMO = "_monster_ball_before"
"""The attribute of the report's Tally under which the facts of the previous state are kept."""


@dataclass(frozen=True, slots=True)
class Facts:
    step: str
    possession: int
    carrier: str | None
    carrier_at: int | None
    action: tuple[str, str | None, str | None, tuple[str, ...], int] | None
    """kind, actor, target, tacklers, team."""
    contest: str | None
    kicker: str | None
    knocked: frozenset[str]
    ejected: frozenset[str]
    penalties: tuple[int, int]
    score: tuple[int, int]
    asks_gain: bool


def facts(s: State) -> Facts:
    a = s.action
    action = (a.kind, a.actor, a.target, tuple(a.tacklers), a.team) if a is not None else None
    at = s.pos[s.carrier][0] if s.board and s.carrier in s.pos else None
    return Facts(s.step, s.possession, s.carrier if s.ball == "held" else None, at, action,
                 s.contest.purpose if s.contest is not None else None, s.kick.kicker if s.kick is not None else None,
                 frozenset(s.knocked), frozenset(p.id for t in s.teams for p in t.players if p.ejected),
                 tuple(s.penalties), (s.teams[0].score, s.teams[1].score), downs.asks_gain(s))


def tally(tally, prompt, event, state: State, data: Data) -> None:
    before: Facts | None = getattr(tally, MEMO, None)
    now = facts(state)
    setattr(tally, MEMO, now)
    if before is None:
        return
    s = state

    def add(pid: str | None, stat: str, n: int = 1, team: int | None = None) -> None:
        tally.add(s.team_of(pid) if pid else team, s.player(pid).name if pid else None, stat, n)

    # yards
    if before.carrier and before.carrier == now.carrier and before.carrier_at is not None and now.carrier_at is not None:
        team, pitch = s.team_of(before.carrier), places.pitch(data)
        gain = pitch.to_go_at(team, before.carrier_at) - pitch.to_go_at(team, now.carrier_at)
        if gain:
            add(before.carrier, "yards", gain)
    if before.step == "spot" and before.asks_gain and event.kind == "number":
        add(None, "yards", int(event.value), team=before.possession)
    # passes, catches, tackles
    kind, actor, target, tacklers, team = before.action or ("", None, None, (), 0)
    if before.step == "pass_roll" and actor:
        add(actor, "passes")
    caught_now = now.carrier is not None and now.carrier != before.carrier
    if caught_now and (before.step == "pass_roll" or (before.step == "contest_roll" and before.contest in ("pass", "kick"))):
        add(now.carrier, "catches")
    if before.step == "tackle_roll":
        for pid in tacklers:
            add(pid, "tackles")
        if target and target in now.knocked - before.knocked and not any(p in now.knocked for p in tacklers):
            for pid in tacklers:
                add(pid, "tackles won")
    # penalties and cheats caught
    for side in (0, 1):
        if now.penalties[side] > before.penalties[side]:
            add(None, "penalties", team=side)
    caught = now.ejected - before.ejected
    for pid in sorted(caught):
        add(pid, "cheats caught")
    for side in sorted({s.team_of(pid) for pid in caught}):
        add(None, "penalties", team=side)
    # scores
    for side in (0, 1):
        points = now.score[side] - before.score[side]
        if points <= 0:
            continue
        if before.step == "kick_roll" and before.kicker and s.team_of(before.kicker) == side:
            scorer = before.kicker
        elif before.carrier and s.team_of(before.carrier) == side:
            scorer = before.carrier
        elif now.carrier and s.team_of(now.carrier) == side:
            scorer = now.carrier
        else:
            scorer = None
        add(scorer, "scores", team=side)
        add(scorer, "points", points, team=side)
