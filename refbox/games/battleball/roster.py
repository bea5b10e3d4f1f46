"""Naming and looking up players: ids, dice, labels, options. No rules here."""

from __future__ import annotations

from refbox.engine.prompts import DieSpec, Option, Refusal
from refbox.games.battleball.models import Data, Player, Ref, State


def new_team(data: Data) -> list[Player]:
    """The eleven of a side, ids from the position's short name: RB1, RB2, RB3, T, HT, LB1, ..."""
    players = []
    for pos in data.positions:
        for n in range(1, pos.count + 1):
            pid = pos.short if pos.count == 1 else f"{pos.short}{n}"
            players.append(Player(id=pid, position=pos.id))
    return players


_DICE: dict[int, tuple[Data, dict[str, tuple[int, ...]]]] = {}


def dice(data: Data, state: State, ref: Ref) -> tuple[int, ...]:
    """The dice a player rolls: (20,) for a Running Back, (6, 6) for a Heavy Tackle."""
    return dice_of(data, ref.id)


def dice_of(data: Data, pid: str) -> tuple[int, ...]:
    """The dice of a player id (a player's position never changes; remembered per ruleset, as every roll
    asks)."""
    got = _DICE.get(id(data))
    if got is None or got[0] is not data:
        table = {p.id: (data.position(p.position).sides,) * data.position(p.position).dice for p in new_team(data)}
        got = _DICE[id(data)] = (data, table)
    return got[1][pid]


def dice_text(data: Data, player: Player) -> str:
    pos = data.position(player.position)
    return f"{pos.dice if pos.dice > 1 else ''}d{pos.sides}"


def squares(data: Data, state: State, ref: Ref) -> int:
    return data.position(state.player(ref).position).squares


def team_name(data: Data, state: State, side: int) -> str:
    return data.team(state.teams[side]).name


def short(data: Data, state: State, ref: Ref) -> str:
    """'RB1 (d20)'."""
    return f"{ref.id} ({dice_text(data, state.player(ref))})"


_FULL: dict[tuple, tuple[Data, str]] = {}


def full(data: Data, state: State, ref: Ref) -> str:
    """'Iron Wolves RB1 (Running Back, d20)' (remembered: log lines name players on every input)."""
    return full_of(data, state, ref.team, ref.id)


def full_of(data: Data, state: State, side: int, pid: str) -> str:
    """``full`` of player ``pid`` of ``side``."""
    key = (id(data), state.teams[side], pid)
    got = _FULL.get(key)
    if got is not None and got[0] is data:
        return got[1]
    player = state.player(Ref(team=side, id=pid))
    pos = data.position(player.position)
    text = f"{team_name(data, state, side)} {pid} ({pos.name}, {dice_text(data, player)})"
    _FULL[key] = (data, text)
    return text


def die_specs(data: Data, state: State, ref: Ref, note: str = "") -> list[DieSpec]:
    player = state.player(ref)
    pos = data.position(player.position)
    who = f"{team_name(data, state, ref.team)} {ref.id}"
    return [
        DieSpec(sides=pos.sides, label=f"{who} ({pos.die_colour} d{pos.sides})", note=note) for _ in range(pos.dice)
    ]


def player_options(data: Data, state: State, side: int, skip: str | None = None) -> list[Option]:
    """One option per player of ``side`` on the field (but ``skip``), its id the player id."""
    options = []
    for p in state.on_field(side):
        if p.id == skip:
            continue
        ref = Ref(team=side, id=p.id)
        ball = " · has the ball" if state.carrier == ref else ""
        label = f"{p.id} {data.position(p.position).name} ({dice_text(data, p)}){ball}"
        options.append(Option(id=p.id, label=label, actor=side, key=player_key(data, p.id)))
    return options


def player_key(data: Data, pid: str) -> str:
    """The player's own key (the board's formation names it), the same in every prompt; "" without one."""
    if data.board is None:
        return ""
    for place in data.board.formation:
        if place.id == pid:
            return place.key
    return ""


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
