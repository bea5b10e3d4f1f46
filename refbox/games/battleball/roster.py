"""Naming and looking up players: ids, dice, labels, options. No rules here."""

from __future__ import annotations

from collections.abc import Iterable

from refbox.engine.prompts import DieSpec, Option, Refusal
from refbox.games.battleball import pitch
from refbox.games.battleball.data import Data, dice_text
from refbox.games.battleball.models import Player, Ref, State


def new_team(data: Data) -> list[Player]:
    """The eleven of a side, ids from the position's short name: RB1, RB2, RB3, T, HT, LB1, ..."""
    return [Player(id=pid, position=pos.id) for pid, pos in data.roster.items()]


def on_field_ids(state: State, side: int, skip: str | None = None) -> tuple[str, ...]:
    """The ids of ``side``'s players on the field (but ``skip``), in roster order."""
    return tuple(p.id for p in state.players[side] if p.status == "field" and p.id != skip)


def dice(data: Data, ref: Ref) -> tuple[int, ...]:
    """The dice a player rolls: (20,) for a Running Back, (6, 6) for a Heavy Tackle."""
    return data.dice[ref.id]


def team_name(data: Data, state: State, side: int) -> str:
    return data.team(state.teams[side]).name


def short(data: Data, ref: Ref) -> str:
    """'RB1 (d20)'."""
    return f"{ref.id} ({dice_text(data.roster[ref.id])})"


def full(data: Data, state: State, ref: Ref) -> str:
    """'Iron Wolves RB1 (Running Back, d20)'."""
    return data.full_name(state.teams[ref.team], ref.id)


def full_of(data: Data, state: State, side: int, pid: str) -> str:
    """``full`` of player ``pid`` of ``side``."""
    return data.full_name(state.teams[side], pid)


def die_specs(data: Data, state: State, ref: Ref, note: str = "") -> list[DieSpec]:
    pos = data.roster[ref.id]
    who = f"{team_name(data, state, ref.team)} {ref.id}"
    return [DieSpec(sides=pos.sides, label=f"{who} ({pos.die_colour} d{pos.sides})", note=note)
            for _ in range(pos.dice)]


def player_label(data: Data, state: State, side: int, pid: str) -> str:
    """'RB1 Running Back (d20)', and ' · has the ball' for the carrier."""
    pos = data.roster[pid]
    ball = " · has the ball" if state.carries(side, pid) else ""
    return f"{pid} {pos.name} ({dice_text(pos)}){ball}"


def player_options(data: Data, state: State, side: int, ids: Iterable[str]) -> list[Option]:
    """One option per player id of ``side`` (the legal answers of a step), each with its own key."""
    return [Option(id=pid, label=player_label(data, state, side, pid), actor=side, key=player_key(data, pid))
            for pid in ids]


def figure_option(data: Data, state: State, side: int, pid: str, label: str = "",
                  chance: float | None = None, chance_of: str = "") -> Option:
    """A figure on refbox's board as an option: his own key, drawn on his square."""
    return Option(id=pid, label=label or player_label(data, state, side, pid), actor=side,
                  key=pitch.key_of(data, pid), at=pitch.view_square(data.grid, state.at[side][pid]), chance=chance,
                  chance_of=chance_of)


def player_key(data: Data, pid: str) -> str:
    """The player's own key (the board's formation names it), the same in every prompt; "" without one."""
    place = data.places.get(pid)
    return place.key if place is not None else ""


def off_field_refusals(data: Data, state: State, side: int) -> tuple[Refusal, ...]:
    """Players of ``side`` not on the field, refused with where they are (they are missing from the options)."""
    why = {"locker": "injured: in the Locker Room until the next half", "out": "seriously injured: out for the game"}
    return tuple(
        Refusal(id=p.id, label=f"{p.id} {data.position(p.position).name}", reason=why[p.status])
        for p in state.players[side]
        if p.status != "field"
    )


def half_name(data: Data, half: int) -> str:
    if half > data.game.halves:
        return "overtime"
    return {1: "1st half", 2: "2nd half", 3: "3rd half"}.get(half, f"half {half}")


def stamp(data: Data, state: State) -> str:
    """Where in the match a log line belongs, e.g. 'H1 T7' or 'OT T31'."""
    half = "OT" if state.half > data.game.halves else f"H{state.half}"
    return f"{half} T{state.turn_no}" if state.turn_no else half
