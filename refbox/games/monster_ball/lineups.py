"""The default line-ups on the on-screen field: kick-off positions, and offense and defense around the line of
scrimmage, each player in a slot of the ruleset's formations (its role among the creature's positions).

A line-up was a tenth of random play, and the same few recur all game: they are kept in the ruleset's
``Lineups`` (``Data.lineups``) by everything placing them reads, as plain values.
"""

from __future__ import annotations

from refbox.games.monster_ball import places
from refbox.games.monster_ball.data import Data, Slot
from refbox.games.monster_ball.models import State
from refbox.games.monster_ball.pitch import Square


class Lineups:
    """One ruleset's line-ups, kept (bounded) by everything placing them reads."""

    __slots__ = ("placed", "shifted", "assigned")

    def __init__(self) -> None:
        self.placed: dict[tuple, tuple] = {}
        """Both line-ups (the squares in the order they were placed) by the key and the line's column."""
        self.shifted: dict[tuple, tuple] = {}
        """Line-ups in which every figure stood on its slot's own square, by the key (their columns counted
        from the line, with the columns they span): such a line-up is the same one moved along with the line,
        as long as it stays inside the field (every square of it is then on its side's half, and free)."""
        self.assigned: dict[tuple, tuple] = {}
        """Who takes which slot, by what decides it."""


def kick_spot(s: State, data: Data) -> Square:
    """Where the kicker stands for a kick-off: on the kick line, in the kicker's slot."""
    p = data.pitch
    assert data.formations is not None
    team = s.possession
    return p.ball_x(team, data.field.kickoff_to_go), p.row_across(team, data.formations.kicking[0].across)


def place_lineups(s: State, data: Data, kicker: str | None = None) -> None:
    """Both teams in their default line-up: kick-off positions before a kick-off, else offense and defense
    around the line of scrimmage. Everything of the last play on the field is cleared."""
    s.pos, s.used, s.crowded, s.selected, s.ball_at = {}, {}, [], None, None
    p, kept = data.pitch, data.lineups
    key = _lineup_key(s, data, kicker)
    line = 0 if places.kickoff_pending(s) else p.ball_x(s.possession, s.to_go)  # a kick-off's columns are fixed
    shifted = kept.shifted.get(key)
    if shifted is not None and p.band <= shifted[1] + line and shifted[2] + line < p.cols - p.band:
        s.pos = {pid: (x + line, y) for pid, (x, y) in shifted[0]}
        return
    got = kept.placed.get((key, line))
    if got is not None:
        s.pos = dict(got)
        return
    on_targets = [_place_team(s, data, team, kicker) for team in (s.possession, 1 - s.possession)]
    if len(kept.placed) > 20000 or len(kept.shifted) > 20000:
        kept.placed.clear()
        kept.shifted.clear()
    if all(on_targets) and s.pos:
        xs = [x for x, _ in s.pos.values()]
        kept.shifted[key] = (tuple((pid, (x - line, y)) for pid, (x, y) in s.pos.items()), min(xs) - line, max(xs) - line)
    else:
        kept.placed[(key, line)] = tuple(s.pos.items())


def _lineup_key(s: State, data: Data, kicker: str | None) -> tuple:
    sides = []
    for team in (0, 1):
        t = s.teams[team]
        fielded = _fielded(s, data, team)
        creatures = data.squads.of(s, team).creatures
        sides.append((fielded, tuple([creatures[pid].id for pid in t.field]), t.center, t.quarterback))
    return (s.possession, places.kickoff_pending(s), kicker, tuple(s.knocked), tuple(s.stunned), *sides)


def place_team(s: State, data: Data, team: int) -> None:
    """Re-place one team in its default line-up (after a change of who is on the field); the other stays."""
    s.pos = {pid: sq for pid, sq in s.pos.items() if s.team_of(pid) != team}
    _place_team(s, data, team)


def _plan(s: State, data: Data, team: int, kicker: str | None) -> tuple[str, list[Slot], list[int], dict[str, str]]:
    """A team's formation (its name and slots), the column each slot is measured from, and the players pinned to
    a role."""
    assert data.formations is not None
    p, f, off = data.pitch, data.formations, s.possession
    if places.kickoff_pending(s):
        half = p.midfield_x - 1 if team == 0 else p.midfield_x
        if team != off:
            return "receiving", f.receiving, [half] * len(f.receiving), {}
        best = kicker or _best_kicker(s, data, team)
        lines = [p.ball_x(team, data.field.kickoff_to_go)] + [half] * (len(f.kicking) - 1)
        return "kicking", f.kicking, lines, ({"kicker": best} if best else {})
    line = p.ball_x(off, s.to_go)
    if team != off:
        return "defense", f.defense, [line + p.direction(off)] * len(f.defense), {}
    center, qb = _between.hike_pair(s, data, off)
    return "offense", f.offense, [line] * len(f.offense), {"quarterback": qb, "center": center}


def _best_kicker(s: State, data: Data, team: int) -> str | None:
    field = s.standing(team)
    if not field:
        return None
    return max(field, key=lambda pid: data.creature(s.player(pid).creature).kick)


def _place_team(s: State, data: Data, team: int, kicker: str | None = None) -> bool:
    """Fill the team's slots with its fielded players (``_assign``) and put them on the field. A slot's line is
    a column; ``back`` counts away from it towards the team's own end zone. Returns whether every player stands
    on its slot's own square (none moved aside for the field's edge or another figure, none left over)."""
    players = _fielded(s, data, team)
    if not players:
        return True
    p = data.pitch
    name, slots, lines, pinned = _plan(s, data, team, kicker)
    chosen, free = _assign(s, data, team, name, slots, pinned, players)
    area = places.region(s, data, team)
    d = p.direction(team)
    taken = set(s.pos.values())
    on_targets = not free
    for i, pid in chosen:
        slot = slots[i]
        target = (lines[i] - d * slot.back, p.row_across(team, slot.across))
        sq = s.pos[pid] = p.grid.nearest(target, area, taken)
        taken.add(sq)
        on_targets = on_targets and sq == target
    for pid in free:  # more players than slots (a house formation): next to the last slot
        sq = s.pos[pid] = p.grid.nearest(s.pos[chosen[-1][1]] if chosen else (lines[0], p.rows // 2), area, taken)
        taken.add(sq)
    return on_targets


def _fielded(s: State, data: Data, team: int) -> tuple[str, ...]:
    """The team's players on the field, but the ejected ones."""
    t = s.teams[team]
    ejected = data.squads.ejected(s, team)
    return tuple([pid for pid in t.field if pid not in ejected]) if ejected else tuple(t.field)


def _assign(s: State, data: Data, team: int, name: str, slots: list[Slot], pinned: dict[str, str],
            players: tuple[str, ...]) -> tuple[tuple[tuple[int, str], ...], tuple[str, ...]]:
    """Who takes which slot: (slot, player) in slot order, and the players left over. Pinned players take the
    first slot of their role; then slots go to a player whose positions include the role, then to anyone left.
    Kept by what decides it (line-ups recur with the same players, the line elsewhere)."""
    kinds = data.squads.of(s, team).creatures
    key = (name, tuple(pinned.items()), players, tuple([kinds[pid].id for pid in players]))
    kept = data.lineups.assigned
    got = kept.get(key)
    if got is not None:
        return got
    chosen: dict[int, str] = {}
    free = list(players)
    for role, pid in pinned.items():
        for i, slot in enumerate(slots):
            if slot.role == role and i not in chosen and pid in free:
                chosen[i] = pid
                free.remove(pid)
                break
    for i, slot in enumerate(slots):
        if i in chosen:
            continue
        for pid in free:
            if slot.role in kinds[pid].positions:
                chosen[i] = pid
                free.remove(pid)
                break
    for i in range(len(slots)):
        if i not in chosen and free:
            chosen[i] = free.pop(0)
    if len(kept) > 20000:
        kept.clear()
    got = kept[key] = (tuple(sorted(chosen.items())), tuple(free))
    return got


from refbox.games.monster_ball import between as _between  # noqa: E402  (it builds on this module)
