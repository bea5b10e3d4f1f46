"""Small builders for Monster Ball's prompts: player options, dice labels, outcome lists."""

from __future__ import annotations

from refbox.engine.dice import percent
from refbox.engine.prompts import DieSpec, Legal, Option, Outcome, Refusal
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


KEYS = {
    "done": "1", "tackle": "2", "pass": "3", "cheat": "4", "hustle": "5", "hit": "6", "touchdown": "7",
    "out": "8", "timeout": "9", "stay": "0",
    "advance": "5", "pursue": "8",
    "hike": "1", "punt": "2", "field_goal": "3", "hikers": "4", "lineup:0": "5", "lineup:1": "6",
    "arrange:0": "7", "arrange:1": "8", "ready": "1",
    "fair": "1", "all": "1", "some": "0", "block": "1", "hustle_defence": "1",
}
"""Keys of their own for the options every prompt of their kind has: "done" (and its kin: the default
answer) is always 1, an action always the same digit. Figures answer to their letters (figure_key)."""

LAW_KEYS = "abcefghijklmnopstvwxyz"
CHAOS_KEYS = "ABCDEFGHIJKLMNOPQRSTVWXYZ"
"""Law's figures take the lowercase letters by squad number, Chaos's the uppercase ones (the reserved
d q r u U left out); a 23rd Law player takes an uppercase letter from the end."""


def figure_key(s: State, pid: str) -> str:
    """The letter a figure answers to everywhere (drawn on its square), or "" if its side's letters ran out:
    Law's are lower case, Chaos's capitals, never borrowed across (a Law figure with a capital would read as
    Chaos's). A figure without a letter takes a free key in each list."""
    n = int(pid[1:])
    keys = LAW_KEYS if pid[0] == "L" else CHAOS_KEYS
    return keys[n - 1] if n <= len(keys) else ""


def key(option_id: str) -> str:
    return KEYS.get(option_id, "")


def player_option(s: State, data: Data, pid: str, stat: flow.Stat | None = None, note: str = "",
                  chance: float | None = None, chance_of: str = "") -> Option:
    c = flow.creature(s, data, pid)
    hint = f"{STAT_NAMES[stat]} d{getattr(c, stat)}" if stat else f"Move {c.move}"
    if s.carrier == pid:
        hint += " · has the ball"
    if note:
        hint += f" · {note}"
    return Option(id=pid, label=s.label(pid), hint=hint, actor=s.team_of(pid), key=figure_key(s, pid),
                  at=s.pos.get(pid) if s.board else None, chance=chance, chance_of=chance_of)


def player_options(s: State, data: Data, pids, stat: flow.Stat | None = None) -> tuple[Option, ...]:
    return tuple(player_option(s, data, pid, stat) for pid in pids)


def option(option_id: str, label: str, actor: int | None = None, hint: str = "", chance: float | None = None,
           at: tuple[int, int] | None = None, chance_of: str = "") -> Option:
    """An option with its own key where it has one (KEYS)."""
    return Option(id=option_id, label=label, hint=hint, actor=actor, key=KEYS.get(option_id, ""), chance=chance, at=at,
                  chance_of=chance_of)


def choice(actor, ids) -> Legal:
    return Legal("choose", actor, tuple(ids))


def dice(actor, sides) -> Legal:
    return Legal("roll", actor, sides=tuple(sides))


def picks(actor, ids, low: int = 0, high: int | None = None) -> Legal:
    return Legal("pick", actor, tuple(ids), min=low, max=high)


def number(actor, low: int, high: int) -> Legal:
    return Legal("number", actor, min=low, max=high)


def grids_words(n: int) -> str:
    """"the same grid", "1 grid between", "3 grids between"."""
    return "the same grid" if n == 0 else f"{n} grid between" if n == 1 else f"{n} grids between"


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


EPSILON = 1e-9


def outcomes(*pairs: tuple[str, float]) -> tuple[Outcome, ...]:
    """Outcome rows: exact odds, rounding noise removed; an impossible outcome says so rather than
    showing a bare 0 %, and is listed last."""
    rows = []
    for label, p in pairs:
        p = 0.0 if p < EPSILON else 1.0 if p > 1 - EPSILON else p
        rows.append(Outcome(label=label if p else f"{label} (impossible here)", probability=p))
    return tuple(sorted(rows, key=lambda o: o.probability == 0))


def eligible_cheaters(s: State, data: Data, pids: list[str], kinds: set[str]) -> list[str]:
    out = []
    cheated = s.cheated
    for pid in pids:
        if pid not in cheated and flow.creature(s, data, pid).cheat_kind in kinds and not s.player(pid).ejected:
            out.append(pid)
    return out


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


# ---- one-key subsets: "nobody" / one of them / all of them / several (then a selection) ----


def subset_ids(candidates, none_id: str | None) -> tuple[str, ...]:
    """The answers to "which of these?" as one key each: ``none_id`` (if nobody is an answer), each one
    alone, "all" when there are two or more, and "some" (a selection follows) when there are three or more."""
    ids = [none_id] if none_id else []
    ids += candidates
    if len(candidates) >= 2:
        ids.append("all")
    if len(candidates) >= 3:
        ids.append("some")
    return tuple(ids)


def subset_of(value: str, candidates, none_id: str | None) -> list[str] | None:
    """The players an answer to ``subset_ids`` names; None for "some" (ask for the selection)."""
    if value == none_id:
        return []
    if value == "all":
        return list(candidates)
    if value == "some":
        return None
    return [value]


def subset_options(s: State, data: Data, ids, stat: flow.Stat | None, none_label: str,
                   chances: dict[str, float] | None = None, chance_of: str = "") -> tuple[Option, ...]:
    """Options for ``subset_ids``: the players by their letters, "nobody", "all" and "some" by their digits
    (``chances``: each answer's chance of ``chance_of``)."""
    chances = chances or {}
    out = []
    for option_id in ids:
        if option_id in ("fair", "none"):
            out.append(Option(id=option_id, label=none_label, key="1", chance=chances.get(option_id), chance_of=chance_of))
        elif option_id == "all":
            out.append(Option(id="all", label="All of them", key="1" if ids[0] != "fair" else "9", chance=chances.get("all"),
                              chance_of=chance_of))
        elif option_id == "some":
            out.append(Option(id="some", label="Several of them (choose who next)", key="0"))
        else:
            note = flow.creature(s, data, option_id).cheat_name if stat == "cheat" else ""
            out.append(player_option(s, data, option_id, stat, note=note, chance=chances.get(option_id),
                                     chance_of=chance_of))
    return tuple(out)
