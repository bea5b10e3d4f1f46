"""Where things start on the inch field and where they go when play breaks (pure, stdlib only; Slargeball!
rulings ``start-positions`` and ``lineup-squares``). Team 0's figures line up at the left end, team 1's at the
right; everything of team 1 is team 0's placement turned half round (``InchField.mirror``)."""

from __future__ import annotations

from refbox.engine.geometry.inch_field import Cell, InchField


def behind_line(F: InchField, team: int) -> int:
    """The field cells behind a team's slargeline (between it and the team's own end line)."""
    L = F.layout
    own = F.rect(0, 0, L.slargeline - 1, L.width - 1)
    return own if team == 0 else F.mirror_mask(own)


def ball_spots(F: InchField, count: int) -> list[Cell]:
    """Where ``count`` balls start: on the centre column (the first past the field's middle), ``ball_spacing``
    inches apart, centred across the field as nearly as whole cells allow."""
    L = F.layout
    if count < 1 or (count - 1) * L.ball_spacing >= L.width:
        raise ValueError(f"{count} balls {L.ball_spacing} inches apart do not fit across the field")
    top = L.width // 2 - ((count - 1) * L.ball_spacing) // 2
    return [(L.length // 2, top + k * L.ball_spacing) for k in range(count)]


def goalie_spot(F: InchField, team: int) -> Cell:
    """A team's goalie starts in the opposing goal zone: its central cell farthest from the field (next to the
    bunker, and out of reach of contact from the field)."""
    L = F.layout
    spot = (-L.goal_zone_depth, (L.width - 1) // 2)  # in team 0's own zone: where team 1's goalie starts
    return F.mirror(spot) if team == 0 else spot


def coach_spot(F: InchField, team: int) -> Cell:
    """Just off the field beside the team's slargeline, on the team's right as it faces the other end (team 0
    faces right, so the bottom sideline), on the team's own side of the line."""
    L = F.layout
    spot = (L.slargeline - 1, L.width)
    return spot if team == 0 else F.mirror(spot)


def lineup_order(F: InchField, team: int) -> list[Cell]:
    """Every line-up spot behind a team's slargeline in the default order: the front column first (the one on
    the line), columns ``lineup_gap`` apart going back, and within a column from the centre outwards, spots
    ``lineup_gap`` apart, so with a gap of 2 nobody starts in contact."""
    L = F.layout
    gap = L.lineup_gap
    middle = L.width // 2
    rows = [middle]
    for k in range(gap, L.width, gap):
        rows += [r for r in (middle - k, middle + k) if 0 <= r < L.width]
    spots = [(col, row) for col in range(L.slargeline - 1, -1, -gap) for row in rows]
    return spots if team == 0 else [F.mirror(s) for s in spots]


def lineup(F: InchField, team: int, count: int, blocked: int = 0) -> list[Cell]:
    """``count`` spots for a team's conscious figures behind its slargeline (the start, and Break Play): the
    default order, skipping spots that are taken or in contact with ``blocked`` (fallen figures and balls that
    stay where they are); if too few remain, the nearest free cells behind the line fill up."""
    area = behind_line(F, team)
    clear = area & ~F.dilate(blocked)
    spots = [s for s in lineup_order(F, team) if F.has(clear, s)][:count]
    if len(spots) < count:
        taken = blocked | F.mask(spots)
        rest = [c for c in F.cells(area & ~taken)]
        front = lineup_order(F, team)[0]
        rest.sort(key=lambda c: (abs(c[0] - front[0]), abs(c[1] - front[1]), c))
        spots += rest[:count - len(spots)]
    if len(spots) < count:
        raise ValueError(f"no room behind the slargeline for {count} figures")
    return spots


def zone_spot(F: InchField, team: int, occupied: int) -> Cell | None:
    """Where a team's goalie returns at Break Play: its start spot in the opposing zone, or the free cell of that
    zone nearest to it (None if the zone is full)."""
    spot = goalie_spot(F, team)
    if not F.has(occupied, spot):
        return spot
    near = F.nearest_in(spot, F.zones[1 - team] & ~occupied)
    return near[0] if near else None
