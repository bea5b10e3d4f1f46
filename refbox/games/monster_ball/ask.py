"""Small builders for Monster Ball's prompts: player options, dice labels, outcome lists."""

from __future__ import annotations

from refbox.engine.dice import percent
from refbox.engine.prompts import DieSpec, Option, Outcome, Refusal
from refbox.games.monster_ball import flow
from refbox.games.monster_ball.data import Data
from refbox.games.monster_ball.models import State

STAT_NAMES = {
    "hustle": "Hustle",
    "block": "Block",
    "tackle": "Tackle",
    "pass_": "Pass",
    "catch": "Catch",
    "kick": "Kick",
    "cheat": "Cheat",
}


def player_option(s: State, data: Data, pid: str, stat: flow.Stat | None = None, note: str = "") -> Option:
    c = flow.creature(s, data, pid)
    hint = f"{STAT_NAMES[stat]} d{getattr(c, stat)}" if stat else f"Move {c.move}"
    if s.carrier == pid:
        hint += " · has the ball"
    if note:
        hint += f" · {note}"
    return Option(id=pid, label=s.label(pid), hint=hint, actor=s.team_of(pid))


def player_options(s: State, data: Data, pids: list[str], stat: flow.Stat | None = None) -> tuple[Option, ...]:
    return tuple(player_option(s, data, pid, stat) for pid in pids)


def stat_die(s: State, data: Data, pid: str, stat: flow.Stat, note: str = "") -> DieSpec:
    sides = flow.die(s, data, pid, stat)
    return DieSpec(sides=sides, label=f"{s.label(pid)} {STAT_NAMES[stat]} d{sides}", note=note)


def cheat_die(s: State, data: Data, pid: str) -> DieSpec:
    c = flow.creature(s, data, pid)
    ref = flow.ref_number(s, data)
    p = min(1.0, ref / c.cheat)
    note = f"{c.cheat_name}: spotted on {spotted_faces(ref)} ({percent(p)})"
    return DieSpec(sides=c.cheat, label=f"{s.label(pid)} Cheat d{c.cheat}", note=note)


def spotted_faces(ref: int) -> str:
    return "1" if ref == 1 else f"1-{ref}"


def outcomes(*pairs: tuple[str, float]) -> tuple[Outcome, ...]:
    return tuple(Outcome(label=label, probability=min(1.0, max(0.0, p))) for label, p in pairs)


def eligible_cheaters(s: State, data: Data, pids: list[str], kinds: set[str]) -> list[str]:
    return [pid for pid in pids if flow.creature(s, data, pid).cheat_kind in kinds and s.can_cheat(pid)]


def spotted(s: State, data: Data, pids: list[str], faces: list[int]) -> list[str]:
    """The cheaters whose cheat die shows the referee's number or less."""
    ref = flow.ref_number(s, data)
    return [pid for pid, face in zip(pids, faces) if face <= ref]


# ---- refusals: players who exist but cannot do this now ----

CHEATED = "has already cheated this round (once a round at most)"


def why_not_acting(s: State, pid: str, moving: bool = False) -> str:
    """Why a player on the field cannot act now ("" if he can); ``moving``: held players count too."""
    if pid in s.knocked:
        return "knocked down: out of this play"
    if pid in s.stunned:
        return "stunned for the rest of the round"
    if moving and pid in s.held:
        return "held: cannot move for the rest of the round"
    return ""


def refusal(s: State, pid: str, reason: str) -> Refusal:
    return Refusal(id=pid, label=s.label(pid), reason=reason)


def sidelined(s: State, teams: tuple[int, ...], moving: bool = False) -> tuple[Refusal, ...]:
    """Players of ``teams`` on the field who cannot act now, with the reason."""
    out = []
    for team in teams:
        for pid in s.on_field(team):
            reason = why_not_acting(s, pid, moving)
            if reason:
                out.append(refusal(s, pid, reason))
    return tuple(out)


def cheated_already(s: State, data: Data, pids: list[str], kinds: set[str]) -> tuple[Refusal, ...]:
    """Players among ``pids`` with a cheat of ``kinds`` who have used their one cheat this round."""
    return tuple(
        refusal(s, pid, CHEATED)
        for pid in pids
        if pid in s.cheated and not s.player(pid).ejected and flow.creature(s, data, pid).cheat_kind in kinds
    )
