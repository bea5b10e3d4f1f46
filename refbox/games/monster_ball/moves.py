"""Moving figures on the on-screen field: a figure's destination, the line-ups before a snap or a kick, and
where a Blink lands.

A destination is one answer (``m<forward>,<across>``, relative to the figure, as its captain sees the field),
offered for every square the figure can reach with the steps it has left: each is drawn on the board with its
key. A square with a standing figure on it is a Hustle vs Block. "Stays" (0) goes back to the menu of figures;
the other figures' letters are not offered here, so that the destinations get the single keys.
"""

from __future__ import annotations


from refbox.engine.errors import RuleError
from refbox.engine.prompts import Choose, Event, Legal, Option
from refbox.games.monster_ball import ask, flow, hustle, live, places
from refbox.games.monster_ball.data import Data
from refbox.games.monster_ball.models import State
from refbox.games.monster_ball.steps import STEPS

# ---- a figure's move ----


def _targets(s: State, data: Data) -> places.Reach:
    pid = s.selected
    assert pid is not None
    return places.reach(s, data, pid, places.steps_left(s, data, pid))


@STEPS.legal_for("move_to", phase="live")
def move_to_legal(s: State, data: Data) -> Legal:
    pid = s.selected
    assert pid is not None
    shape = data.moves.shape(s, pid, places.steps_left(s, data, pid))
    key = (s.mover, s.captain_minute)
    if shape.legal_key != key:
        shape.legal, shape.legal_key = _move_legal(data.moves.legals, key, shape.ids), key
    return shape.legal


def _move_legal(kept: dict, key: tuple, ids: tuple[str, ...]) -> Legal:
    """A move's legal answers by the destinations' ids, kept (``Moves.legals``): shapes that differ in their
    layers share them."""
    got = kept.get((key, ids))
    if got is None:
        if len(kept) > 20000:
            kept.clear()
        head = ("done", "stay", "timeout") if key[1] else ("done", "stay")
        got = kept[(key, ids)] = Legal("choose", key[0], head + ids)
    return got


@STEPS.prompt_for("move_to")
def move_to_prompt(s: State, data: Data, legal: Legal) -> Choose:
    pid = s.selected
    assert pid is not None
    team = s.mover
    r = _targets(s, data)
    occupant = places.blockers(s, pid)
    steps = places.steps_left(s, data, pid)
    options = [
        ask.option("done", "Done moving", team, hint="the rest hold"),
        ask.option("stay", f"{s.label(pid)} stays", team, at=s.pos[pid]),
    ]
    if s.captain_minute:
        options.append(ask.option("timeout", "Time's up", team, hint="the minute ran out: unmoved players stay"))
    for sq, option_id in zip(r.squares, r.ids):
        f, a = places.parse_move(option_id)  # type: ignore[misc]
        cost = r.cost(sq)
        if cost is None:
            blocker = occupant[sq]
            chance = hustle.hustle_chance(s, data, pid, blocker)
            dice = f"Hustle d{flow.die(s, data, pid, 'hustle')} vs Block d{flow.die(s, data, blocker, 'block')}"
            if s.team_of(blocker) == team:  # legal, but a new user does not expect it: say why it is offered
                label, hint = f"Hustle past {s.label(blocker)} (team-mate)", f"{dice} · ruling moves-on-the-field"
            else:
                label, hint = f"Hustle into {s.label(blocker)}'s square", dice
            options.append(Option(id=option_id, label=label, actor=team, at=sq, chance=chance, hint=hint,
                                  chance_of=f"{s.label(pid)} getting past {s.label(blocker)}"))
        else:
            options.append(Option(id=option_id, label=_where(s, data, pid, sq, f, a), actor=team, at=sq,
                                  hint=f"{cost} step{'s' if cost != 1 else ''}"))
    text = (f"{s.teams[team].name}: where does {s.label(pid)} go? {steps} step{'s' if steps != 1 else ''} left. "
            "Press its key (on the board or in the list), or / and the square's name, or the arrows and Enter; 0 "
            "picks another figure.")
    return Choose(actor=team, text=text, options=tuple(options))


def _where(s: State, data: Data, pid: str, sq, forward: int, across: int) -> str:
    p = data.pitch
    team = s.team_of(pid)
    words = []
    if forward:
        words.append(f"{abs(forward)} {'forward' if forward > 0 else 'back'}")
    if across:
        words.append(f"{abs(across)} {'right' if across > 0 else 'left'}")
    where = ", ".join(words) or "here"
    if pid == s.carrier and p.out_of_bounds(sq):
        return f"{where}: out of bounds (ends the play)"
    if pid == s.carrier and p.in_end_zone(team, sq[0]):
        return f"{where}: into the end zone (touchdown)"
    return where


@STEPS.apply_for("move_to")
def move_to_apply(s: State, data: Data, event: Event) -> None:
    pid, team, choice = s.selected, s.mover, str(event.value)
    assert pid is not None
    if choice in ("done", "timeout"):
        if choice == "timeout":
            s.note(flow.stamp(s), f"{flow.possessive(s.teams[team].name)} minute is up: their unmoved players stay put.", team)
        flow.end_half(s, data)
        return
    if choice == "stay":
        s.selected, s.step = None, "move"
        return
    p = data.pitch
    shape = data.moves.shape(s, pid, places.steps_left(s, data, pid))
    found = shape.move(choice)
    if found is None:  # not a destination, or one spelled otherwise (m01,0): by its square
        square = places.from_id(s, p, pid, choice)
        found = None if square is None else shape.move(places.to_id(s, p, pid, square))
        if found is None:
            raise RuleError(f"{s.label(pid)} cannot reach that square.")
    dx, dy, cost = found
    x, y = s.pos[pid]
    square = (x + dx, y + dy)
    if cost is not None:
        used = s.used
        used[pid] = used.get(pid, 0) + cost
        s.pos[pid] = square
        s.selected, s.step = None, "move"
        if pid == s.carrier:  # only the carrier's own step can take the ball out, or into the end zone
            if p.out_of_bounds(square):
                flow.end_play(s, data, f"{s.label(pid)} steps out of bounds", at=square)
                return
            flow.scored_on_field(s, data)
            flow.carried(s, data, pid, (x, y))
        return
    r = places.Reach(shape, (x, y))
    before = r.hustle_from(square)
    assert before is not None
    if before != s.pos[pid]:
        s.used[pid] = s.used.get(pid, 0) + (r.cost(before) or 0)
        s.pos[pid] = before
    s.action = live.new_action(kind="hustle", actor=pid, target=None, team=team)
    s.selected = None
    hustle.start_hustle(s, data, places.blocker_at(s, square, but=pid))  # type: ignore[arg-type]
    flow.carried(s, data, pid, (x, y))


# ---- line-ups before the snap or the kick ----


@STEPS.legal_for("arrange", phase="between")
def arrange_legal(s: State, data: Data) -> Legal:
    team = s.chooser
    return Legal("choose", team, ("ready", *(pid for pid in s.teams[team].field if pid in s.pos)))


@STEPS.prompt_for("arrange")
def arrange_prompt(s: State, data: Data, legal: Legal) -> Choose:
    team = s.chooser
    ids = legal.ids
    options = [ask.option("ready", "Ready: the line-up stands", team)]
    options += [ask.player_option(s, data, pid) for pid in ids[1:]]
    return Choose(actor=team, text=f"{s.teams[team].name}: line-up. Pick a figure by its letter to put it elsewhere on your side; 1 when ready.",
                  options=tuple(options))


@STEPS.apply_for("arrange")
def arrange_apply(s: State, data: Data, event: Event) -> None:
    choice = str(event.value)
    if choice == "ready":
        s.note("between plays", f"{s.teams[s.chooser].name} set their line-up.", s.chooser)
        s.selected, s.step = None, s.back_to or "between"
        return
    s.selected, s.step = choice, "arrange_to"


def _free_in_region(s: State, data: Data) -> list:
    return [sq for sq, _ in _free_with_ids(s, data)]


def _free_with_ids(s: State, data: Data) -> list:
    """The free squares of the side's region in key order, each with its move id from the selected figure."""
    pid = s.selected
    assert pid is not None
    team, taken = s.chooser, places.occupied(s)
    return [row for row in _region_order(data, team, places.region(s, data, team), s.pos[pid]) if row[0] not in taken]


def _region_order(data: Data, team: int, region: frozenset, start: tuple[int, int]) -> tuple:
    """A region's squares in key order from ``start`` (places.key_order of their offsets), each with its move
    id; kept (``Moves.orders``). Sorted by the offsets' ranks: a key function and a move id worked out for each
    of three hundred squares took half a millisecond each time a figure was picked (about 1% of random play)."""
    moves = data.moves
    key = (team, region, start)
    got = moves.orders.get(key)
    if got is None:
        if len(moves.orders) > 2000:
            moves.orders.clear()
        rank, ids = moves.offset_ranks(team)
        sx, sy = start
        squares = tuple(region)
        ranks = [rank[x - sx, y - sy] for x, y in squares]
        got = moves.orders[key] = tuple([(squares[k], ids[ranks[k]]) for k in sorted(range(len(ranks)), key=ranks.__getitem__)])
    return got


@STEPS.legal_for("arrange_to", phase="between")
def arrange_to_legal(s: State, data: Data) -> Legal:
    pid = s.selected
    assert pid is not None
    team = s.chooser
    others = [other for other in s.teams[team].field if other in s.pos and other != pid]
    moves = [move for _, move in _free_with_ids(s, data)]
    return Legal("choose", team, ("stay", *others, *moves))


@STEPS.prompt_for("arrange_to")
def arrange_to_prompt(s: State, data: Data, legal: Legal) -> Choose:
    pid = s.selected
    assert pid is not None
    team = s.chooser
    p = data.pitch
    options = [ask.option("stay", f"{s.label(pid)} stays", team, at=s.pos[pid])]
    for other in s.teams[team].field:
        if other in s.pos and other != pid:
            options.append(ask.player_option(s, data, other, note="move this one instead"))
    for sq in _free_in_region(s, data):
        f, a = p.relative(team, s.pos[pid], sq)
        options.append(Option(id=places.move_id(f, a), label=p.square_name(team, sq), actor=team, at=sq))
    return Choose(actor=team, text=f"{s.teams[team].name}: where does {s.label(pid)} stand? Any free square on your side "
                  "(/ and the square's name as on the rulers, the arrows and Enter, or a key from the list).",
                  options=tuple(options))


@STEPS.apply_for("arrange_to")
def arrange_to_apply(s: State, data: Data, event: Event) -> None:
    pid, choice = s.selected, str(event.value)
    assert pid is not None
    if choice == "stay":
        s.selected, s.step = None, "arrange"
        return
    if choice[0] != "m":
        s.selected = choice
        return
    square = places.from_id(s, data.pitch, pid, choice)
    if square not in _free_in_region(s, data):
        raise RuleError(f"{s.label(pid)} cannot stand there.")
    s.pos[pid] = square
    s.selected, s.step = None, "arrange"


# ---- Blink: a jump sideways ----


def blink_squares(s: State, data: Data) -> list:
    pid = s.selected
    assert pid is not None
    p = data.pitch
    x, y = s.pos[pid]
    taken = places.occupied(s)
    out = [(x, y + dy) for k in range(1, s.blink + 1) for dy in (-k, k)]
    return [sq for sq in out if p.in_field(sq) and sq not in taken]


@STEPS.legal_for("blink_to", phase="cheat")
def blink_to_legal(s: State, data: Data) -> Legal:
    pid = s.selected
    assert pid is not None
    p = data.pitch
    team = s.team_of(pid)
    return Legal("choose", team, ("stay", *(places.move_id(*p.relative(team, s.pos[pid], sq)) for sq in blink_squares(s, data))))


@STEPS.prompt_for("blink_to")
def blink_to_prompt(s: State, data: Data, legal: Legal) -> Choose:
    pid = s.selected
    assert pid is not None
    p = data.pitch
    team = s.team_of(pid)
    options = [ask.option("stay", f"{s.label(pid)} stays", team, at=s.pos[pid])]
    for sq in blink_squares(s, data):
        _, a = p.relative(team, s.pos[pid], sq)
        options.append(Option(id=places.move_id(0, a), label=f"{abs(a)} to the {'right' if a > 0 else 'left'}", actor=team, at=sq))
    return Choose(actor=team, text=f"{s.label(pid)} blinks: up to {s.blink} squares sideways, over anyone in the way.", options=tuple(options))


@STEPS.apply_for("blink_to")
def blink_to_apply(s: State, data: Data, event: Event) -> None:
    pid, choice = s.selected, str(event.value)
    assert pid is not None
    if choice != "stay":
        square = places.from_id(s, data.pitch, pid, choice)
        if square not in blink_squares(s, data):
            raise RuleError(f"{s.label(pid)} cannot blink there.")
        s.pos[pid] = square
        across = abs(places.parse_move(choice)[1])  # type: ignore[index]
        s.note(flow.stamp(s), f"{s.label(pid)} blinks {flow.squares(across)} sideways.", s.team_of(pid))
    s.selected, s.blink = None, 0
    s.step = "move"
    flow.scored_on_field(s, data)
