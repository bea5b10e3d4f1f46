"""The turn on refbox's own board: line-ups, the move to a square, tackles, hand-offs, passes and fumbles
with every geometric fact derived from the positions (pitch.py) instead of asked.

Each choosing step has an ``*_ids`` function listing its legal answers in order (cheap: the computer
coach and the simulator call it on every input) and a prompt that labels those same ids, so the two cannot
disagree.
"""

from __future__ import annotations

from refbox.engine.errors import RuleError
from refbox.engine.prompts import Choose, Event, Legal, Option, Refusal
from refbox.engine.legacy_state import built
from refbox.games.battleball import flow, odds, pitch, roster
from refbox.games.battleball.models import Data, Positions, Ref, State

ENDZONE = "endzone"


_f = pitch.board_of


def view_square(data: Data, i: int) -> tuple[int, int]:
    """A board square as the screen's board draws it (column 0 is the near end zone)."""
    f = _f(data)
    return f.col[i] + 1, f.row[i]


def _square(data: Data, value: object, allowed: int) -> int:
    i = _f(data).by_id.get(str(value), -1)
    if i < 0 or not (allowed >> i) & 1:
        raise RuleError(f"{value!r} is not a square you can choose here.")
    return i


def figure_option(data: Data, state: State, side: int, pid: str, label: str = "", chance: float | None = None) -> Option:
    ref = Ref(team=side, id=pid)
    if not label:
        player = state.player(ref)
        ball = " · has the ball" if state.carrier == ref else ""
        label = f"{pid} {data.position(player.position).name} ({roster.dice_text(data, player)}){ball}"
    return Option(id=pid, label=label, actor=side, key=pitch.key_of(data, pid),
                  at=view_square(data, state.at[side][pid]), chance=chance)


# ---- line-ups ----


def place_formation(state: State, data: Data) -> None:
    """Clear the field; every fit player to his formation square behind his 20-yard line; the ball to the
    centre square."""
    f = _f(data)
    for side in (0, 1):
        at: dict[str, int] = {}
        for p in state.players[side]:
            if p.status != "field":
                continue
            spot = pitch.place(data, p.id)
            assert spot is not None
            i = f.at(spot.col, spot.row)
            if side == 1:  # the other end, turned half round: a Heavy Tackle's first square is his upper one
                i = f.mirror(f.foot(i)) if pitch.is_heavy(data, p.id) else f.mirror(i)
            at[p.id] = i
        state.at[side] = Positions(at)
    state.carnage = []
    state.carrier = None
    state.ball = f.centre
    state.ball_at_centre = True
    state.last_move = []


def lineup_ids(state: State, data: Data) -> tuple[str, ...]:
    return ("done", *state.at[state.side])


def lineup_prompt(state: State, data: Data) -> Choose:
    side = state.side
    ids = lineup_ids(state, data)
    why = {"half": f"the {roster.half_name(data, state.half)}", "halt": "play after the halt",
           "restart": "the restarted half"}[state.lineup_next]
    options = [Option(id="done", label="Done: this line-up stands", actor=side, key="1")]
    options += [figure_option(data, state, side, pid) for pid in ids[1:]]
    return Choose(actor=side, text=f"{state.coaches[side]}: line-up for {why}. Move a player, or done.",
                  options=tuple(options))


def apply_lineup(state: State, data: Data, event: Event) -> None:
    if event.value != "done":
        state.turn.mover = str(event.value)
        state.step = "lineup-to"
        return
    state.note(roster.stamp(data, state), f"{state.coaches[state.side]} has lined up.", state.side)
    if state.side == 0:
        state.side = 1
        return
    nxt = state.lineup_next
    state.lineup_next = "half"
    state.turn.mover = None
    if nxt == "half":
        flow.after_lineup(state, data)
    elif nxt == "halt":
        first = state.halt_first
        assert first is not None
        state.halt_first = None
        flow.start_turn(state, first)
    else:
        if flow.concede_if_empty(state, data):
            return
        assert state.first_of_half is not None
        flow.start_turn(state, state.first_of_half)


def _lineup_squares(state: State, data: Data) -> int:
    f = _f(data)
    side, pid = state.side, state.turn.mover
    assert pid is not None
    free = f.zones[side] & ~pitch.occupied(f, data, state, side, skip=pid) & ~pitch.occupied(f, data, state, 1 - side)
    if pitch.is_heavy(data, pid):
        free &= f.anchors(free)
    return free & ~(1 << state.at[side][pid])


def lineup_to_ids(state: State, data: Data) -> tuple[str, ...]:
    return ("stay", *pitch.progress_ids(_f(data), _lineup_squares(state, data), state.side))


def lineup_to_prompt(state: State, data: Data) -> Choose:
    side, pid = state.side, state.turn.mover
    assert pid is not None
    f = _f(data)
    options = [Option(id="stay", label=f"Leave {pid} where he is", actor=side, key="1")]
    for sid in lineup_to_ids(state, data)[1:]:
        i = f.by_id[sid]
        options.append(Option(id=sid, label=f"{pid} to {sid}", actor=side, at=view_square(data, i)))
    return Choose(actor=side, text=f"{pid} to which square behind your 20-yard line?", options=tuple(options))


def apply_lineup_to(state: State, data: Data, event: Event) -> None:
    pid = state.turn.mover
    assert pid is not None
    if event.value != "stay":
        state.at[state.side][pid] = _square(data, event.value, _lineup_squares(state, data))
    state.turn.mover = None
    state.step = "lineup"


# ---- picking the player ----


def select_ids(state: State, data: Data) -> tuple[str, ...]:
    ids = tuple(state.at[state.side])
    return ids if pitch.scoring_possible(_f(data), data, state) else (*ids, "halt")


def select_prompt(state: State, data: Data) -> Choose:
    side = state.side
    ids = select_ids(state, data)
    options = [figure_option(data, state, side, pid) for pid in ids if pid != "halt"]
    if ids[-1] == "halt":
        options.append(Option(id="halt", label="Halt play: carnage walls off the ball from every end zone",
                              key="0"))
    return Choose(actor=side, text=f"{state.coaches[side]}: pick a player to move.", options=tuple(options),
                  refused=roster.off_field_refusals(data, state, side))


# ---- the move ----


def after_roll(state: State, data: Data, steps: int) -> None:
    """The roll is known: work out where the mover can go, then ask (or, boxed in, go on without a move)."""
    f = _f(data)
    pid = state.turn.mover
    assert pid is not None
    without, with_ball, td, stop, mates = pitch.move_reach(f, data, state, state.side, pid, steps)
    t = state.turn.__dict__  # the fields written as Model.__setattr__ writes them
    t["reach"], t["reach_ball"], t["endzone"], t["stop"], t["mates"] = without, with_ball, td, stop, mates
    if not (without or with_ball or td):
        state.note(roster.stamp(data, state), f"{_rolls(data, state)}: no free square in reach, he stays put.",
                   state.side)
        after_move(state, data)
        return
    state.step = "move-to"


def move_to_ids(state: State, data: Data) -> pitch.SquareIds:
    """The squares he can end on, in key order: the end zone, the loose ball, squares beside an opponent
    (a tackle follows), then the rest, each group farthest toward the end zone he attacks first."""
    f, t = _f(data), state.turn
    pid = t.mover
    assert pid is not None
    every, stop = t.reach | t.reach_ball, t.stop
    first: tuple[str, ...] = (ENDZONE,) if t.endzone else ()
    if state.ball is not None and (every >> state.ball) & 1:  # the loose ball itself: key 1
        first += (f.ids[state.ball],)
        every &= ~(1 << state.ball)
    descending = state.side == 0  # farthest toward the end zone he attacks first
    near = every & stop
    return pitch.SquareIds(f, first, ((near, descending), (every ^ near, descending)))


def move_to_prompt(state: State, data: Data) -> Choose:
    f, t, side = _f(data), state.turn, state.side
    pid = t.mover
    assert pid is not None
    start = state.at[side][pid]
    stop = t.stop
    carrying = state.carrier == Ref(team=side, id=pid)
    options = []
    for sid in move_to_ids(state, data):
        if sid == ENDZONE:
            col = f.length + 2 if side == 0 else 0
            options.append(Option(id=ENDZONE, label="Into the end zone: TOUCHDOWN", actor=side, key="z",
                                  at=(col, f.row[start])))
            continue
        i = f.by_id[sid]
        notes = [f"{f.distance(start, i)} away"]
        if (stop >> i) & 1:
            notes.append("next to an opponent: tackle")
        if not carrying and (t.reach_ball >> i) & 1:
            notes.append("with the ball" if not (t.reach >> i) & 1 else "past the ball")
        options.append(Option(id=sid, label=f"To {sid}: " + ", ".join(notes), actor=side,
                              at=view_square(data, i)))
    faces = t.move_faces
    roll = f"{max(faces)}" if faces else "?"
    return Choose(actor=side, text=f"{pid} moves up to {roll}: pick his square (the keys on the board).",
                  options=tuple(options))


def apply_move_to(state: State, data: Data, event: Event) -> Legal | None:
    t, side = state.turn, state.side
    pid = t.mover
    assert pid is not None
    carrying = state.carries(side, pid)
    if event.value == ENDZONE:
        if not t.endzone:
            raise RuleError("The end zone is not in reach.")
        state.note(roster.stamp(data, state), f"{_rolls(data, state)}: runs into the end zone.", side)
        if not carrying:
            _pick_up(state, data, built(Ref, team=side, id=pid))
        state.last_move = [state.at[side][pid]]
        flow.touchdown(state, data, side, f"{pid} carries the ball into the end zone")
        return
    i = _square(data, event.value, t.reach | t.reach_ball)
    can_without, can_with = (t.reach >> i) & 1, (t.reach_ball >> i) & 1
    if can_with and can_without and not carrying:
        t.dest = i
        state.step = "pickup"
        return
    return _move(state, data, side, pid, i, pick_up=bool(can_with) and not carrying)


def pickup_ids(state: State, data: Data) -> tuple[str, ...]:
    return ("take", "leave")


def pickup_prompt(state: State, data: Data) -> Choose:
    side = state.side
    return Choose(actor=side, text=f"{state.turn.mover} passes the loose ball on his way: pick it up?", options=(
        Option(id="take", label="Pick up the ball and carry it on", actor=side, key="1"),
        Option(id="leave", label="Leave it where it lies", actor=side, key="2"),
    ))


def apply_pickup(state: State, data: Data, event: Event) -> Legal | None:
    dest, pid = state.turn.dest, state.turn.mover
    assert dest is not None and pid is not None
    state.turn.dest = None
    return _move(state, data, state.side, pid, dest, pick_up=event.value == "take")


def _rolls(data: Data, state: State) -> str:
    """'Iron Wolves RB1 (Running Back, d20) rolls 7' ('rolls 2 and 5, uses the 5' for a Heavy Tackle)."""
    faces = state.turn.move_faces
    who = roster.full_of(data, state, state.side, str(state.turn.mover))
    if len(faces) > 1:
        return f"{who} rolls {faces[0]} and {faces[1]}, uses the {max(faces)}"
    return f"{who} rolls {faces[0]}"


def _move(state: State, data: Data, side: int, pid: str, i: int, pick_up: bool) -> Legal | None:
    f = _f(data)
    at = state.at[side]
    start = at[pid]
    at[pid] = i
    state.last_move = [start, i]
    if state.logged:
        state.note(roster.stamp(data, state), f"{_rolls(data, state)}: moves {f.ids[start]} to {f.ids[i]}.", side)
    if pick_up:
        _pick_up(state, data, built(Ref, team=side, id=pid))
    t = state.turn
    ours = t.mates | pitch.figure(f, data, state, side, pid)
    return after_move(state, data, bool(ours & t.stop) if not pitch.is_heavy(data, pid) else None)


def _pick_up(state: State, data: Data, ref: Ref) -> None:
    state.carrier = ref
    state.ball = None
    state.ball_at_centre = False
    state.last_holder = ref.team
    state.note(roster.stamp(data, state), f"{roster.full(data, state, ref)} picks up the ball.", ref.team)


def after_move(state: State, data: Data, contact: bool | None = None) -> Legal | None:
    """The move is done: a tackle if anyone of ours touches an opponent, else hand-off / pass / end.
    ``contact``: whether they touch, where the move worked it out (a one-square mover: his stop squares are
    the squares next to an opponent). Returns the legal answers of the "action" step it leads to (listed to
    see whether there is a choice: settling takes them instead of listing them again)."""
    if contact if contact is not None else pitch.in_contact(_f(data), data, state, state.side):
        state.step = "tackle"
        return None
    ids = action_ids(state, data)
    if len(ids) > 1:
        state.step = "action"
        return Legal("choose", state.side, ids)
    flow.end_turn(state)  # nothing to say: the move's own line was the turn
    return None


# ---- tackles ----


def tackle_ids(state: State, data: Data) -> tuple[str, ...]:
    return tuple(f"{a}>{b}" for a, b in pitch.pairs(_f(data), data, state, state.side, state.turn.mover))


def tackle_prompt(state: State, data: Data) -> Choose:
    side = state.side
    options, seen = [], set()
    for pair in tackle_ids(state, data):
        a, b = pair.split(">")
        ra, rb = Ref(team=side, id=a), Ref(team=1 - side, id=b)
        o = odds.tackle(roster.dice(data, state, ra), roster.dice(data, state, rb))
        at = view_square(data, state.at[1 - side][b])
        options.append(Option(
            id=pair, actor=side, key=pitch.key_of(data, b) if at not in seen else "",
            label=f"{roster.short(data, state, ra)} tackles {roster.team_name(data, state, rb.team)} "
                  f"{roster.short(data, state, rb)}: "
                  f"ties {odds.words(o['tie'])}, loses {odds.words(o['loss'])}",
            at=None if at in seen else at, chance=o["win"]))
        seen.add(at)
    return Choose(actor=side, text="A tackle is due: who tackles whom? (the odds are the tackler's win)",
                  options=tuple(options),
                  refused=(Refusal(id="end", label="End the turn", reason="a player of yours is next to an "
                                   "opponent, so this turn must be a tackle"),))


def apply_tackle(state: State, data: Data, event: Event) -> None:
    if event.value not in tackle_ids(state, data):
        raise RuleError(f"{event.value!r} is not a pair standing next to each other.")
    a, b = str(event.value).split(">")
    state.turn.tackler, state.turn.target = a, b
    state.step = "tackle-roll"


def remove(state: State, data: Data, ref: Ref) -> int:
    """Take ``ref`` off the board: carnage on his square(s). Returns how many tokens."""
    f = _f(data)
    spots = pitch.squares(f, data, state, ref.team, ref.id)
    del state.at[ref.team][ref.id]
    state.carnage.extend(spots)
    return len(spots)


# ---- after the move, no tackle: hand-off, pass, end ----


def _our_ball(state: State) -> bool:
    return state.carrier is not None and state.carrier.team == state.side


def action_ids(state: State, data: Data) -> tuple[str, ...]:
    if not _our_ball(state) or len(state.at[state.side]) < 2:
        return ("end",)
    assert state.carrier is not None
    out = ["end"]
    if pitch.adjacent_mates(_f(data), data, state, state.side, state.carrier.id):
        out.append("hand-off")
    if _receivers(state, data, first_only=True):
        out.append("pass")
    return tuple(out)


def action_prompt(state: State, data: Data) -> Choose:
    side = state.side
    ids = action_ids(state, data)
    carrier = state.carrier.id if state.carrier else ""
    labels = {"end": "End the turn", "hand-off": f"Hand off: {carrier} to a team-mate next to him",
              "pass": f"Pass: {carrier} throws to a team-mate"}
    keys = {"end": "1", "hand-off": "2", "pass": "3"}
    refused = [Refusal(id="tackle", label="Tackle", reason="nobody of yours is next to an opponent")]
    if "hand-off" not in ids and _our_ball(state):
        refused.append(Refusal(id="hand-off", label="Hand off", reason=f"no team-mate stands next to {carrier}"))
    if "pass" not in ids and _our_ball(state):
        refused.append(Refusal(id="pass", label="Pass", reason="no team-mate is within throwing distance"))
    return Choose(actor=side, text="Nobody can tackle: hand off, pass, or end the turn? (one try, then the turn passes)",
                  options=tuple(Option(id=i, label=labels[i], actor=side, key=keys[i]) for i in ids),
                  refused=tuple(refused))


def hand_off_ids(state: State, data: Data) -> tuple[str, ...]:
    assert state.carrier is not None
    return tuple(pitch.adjacent_mates(_f(data), data, state, state.side, state.carrier.id))


def hand_off_prompt(state: State, data: Data) -> Choose:
    side, giver = state.side, state.carrier
    assert giver is not None
    options = []
    for pid in hand_off_ids(state, data):
        dice = roster.dice(data, state, giver) + roster.dice(data, state, Ref(team=side, id=pid))
        options.append(figure_option(data, state, side, pid, chance=odds.all_different(dice)))
    return Choose(actor=side, text=f"Hand-off: which team-mate next to {giver.id} takes the ball? "
                  "(the odds are a clean hand-off)", options=tuple(options),
                  refused=(Refusal(id="pass", label="Pass", reason="a turn has one hand-off or one pass, "
                                   "and this one is a hand-off"),))


def pass_ids(state: State, data: Data) -> tuple[str, ...]:
    """Team-mates within throwing distance: his die and the passing die could cover it (ruling
    throwing-distance)."""
    return _receivers(state, data)


def _receivers(state: State, data: Data, first_only: bool = False) -> tuple[str, ...]:
    passer = state.carrier
    assert passer is not None
    f, side = _f(data), state.side
    dist, mine = f.distance, pitch.squares(f, data, state, side, passer.id)
    heavy, catch = pitch.heavy_ids(data), _catches(data)
    out = []
    for pid, b in state.at[side].items():
        if pid == passer.id:
            continue
        reach = catch[pid]
        if any(dist(a, b) <= reach for a in mine) or (pid in heavy and any(dist(a, f.foot(b)) <= reach for a in mine)):
            out.append(pid)
            if first_only:
                break
    return tuple(out)


_CATCHES: dict[int, tuple[Data, dict[str, int]]] = {}


def _catches(data: Data) -> dict[str, int]:
    """Per player id, the longest throw he can catch (his dice and the passing die: fixed per ruleset)."""
    got = _CATCHES.get(id(data))
    if got is None or got[0] is not data:
        sides = data.game.passing_die
        table = {p.id: odds.longest_catch(roster.dice_of(data, p.id), sides) for p in roster.new_team(data)}
        got = _CATCHES[id(data)] = (data, table)
    return got[1]


def pass_prompt(state: State, data: Data) -> Choose:
    f, side, passer = _f(data), state.side, state.carrier
    assert passer is not None
    options = []
    for pid in pass_ids(state, data):
        ref = Ref(team=side, id=pid)
        dist = pitch.distance(f, data, state, passer, ref)
        o = odds.pass_odds(roster.dice(data, state, ref), data.game.passing_die, dist)
        options.append(figure_option(data, state, side, pid, chance=o["caught"],
                                     label=f"{roster.short(data, state, ref)}: {dist} squares, "
                                           f"fumble {odds.words(o['fumble'])}"))
    return Choose(actor=side, text=f"Pass: {passer.id} throws to which team-mate? (the odds are a catch)",
                  options=tuple(options),
                  refused=(Refusal(id="hand-off", label="Hand off", reason="a turn has one hand-off or one pass, "
                                   "and this one is a pass"),))


def apply_pass_to(state: State, data: Data, event: Event) -> None:
    passer = state.carrier
    assert passer is not None
    ref = Ref(team=state.side, id=str(event.value))
    state.turn.receiver = ref.id
    state.turn.distance = pitch.distance(_f(data), data, state, passer, ref)
    state.note(roster.stamp(data, state), f"{roster.full(data, state, passer)} throws to {ref.id}, "
               f"{state.turn.distance} squares away.", state.side)
    state.step = "pass-roll"


# ---- a short pass lands ----


def _landing(state: State, data: Data) -> tuple[int, int, int]:
    """At the passing die's distance from the receiver: the squares the defending coach may choose (empty or
    his own players'), the passing side's players' squares, and carnage squares."""
    f = _f(data)
    n = state.turn.passing_face
    assert n is not None and state.turn.receiver is not None
    ring = f.ring(pitch.figure(f, data, state, state.side, state.turn.receiver), n)
    ours = pitch.occupied(f, data, state, state.side)
    blocked = pitch.carnage(state)
    return ring & ~ours & ~blocked, ring & ours, ring & blocked


def land_ids(state: State, data: Data) -> tuple[str, ...]:
    return pitch.progress_ids(_f(data), _landing(state, data)[0], 1 - state.side)


def land_prompt(state: State, data: Data) -> Choose:
    f, placer = _f(data), 1 - state.side
    theirs = pitch.occupied(f, data, state, placer)
    options = []
    for sid in land_ids(state, data):
        i = f.by_id[sid]
        if (theirs >> i) & 1:
            who = pitch.who_at(f, data, state, i)
            label = f"On {who.id if who else sid}: intercepted"
        else:
            label = f"On {sid}: a loose ball"
        options.append(Option(id=sid, label=label, actor=placer, at=view_square(data, i)))
    return Choose(actor=placer, text=f"{state.coaches[placer]}: the pass falls short. Put the ball "
                  f"{state.turn.passing_face} squares from {state.turn.receiver}.", options=tuple(options))


def after_short_pass(state: State, data: Data) -> None:
    ok, ours, _ = _landing(state, data)
    if ok:
        state.step = "pass-land"
    elif ours:
        state.note(roster.stamp(data, state), "No square fits: a player of the passing side recovers the ball.",
                   state.side)
        state.step = "recover-by"
    else:
        flow.halt(state, data, state.side, "the short pass can only land on carnage")


def apply_land(state: State, data: Data, event: Event) -> None:
    f = _f(data)
    i = _square(data, event.value, _landing(state, data)[0])
    who = pitch.who_at(f, data, state, i)
    where = roster.stamp(data, state)
    if who is not None:
        state.carrier = who
        state.last_holder = who.team
        state.note(where, f"{roster.full(data, state, who)} intercepts on {f.ids[i]}.", who.team)
    else:
        state.ball = i
        state.note(where, f"The ball lands loose on {f.ids[i]}.", 1 - state.side)
    flow.end_turn(state)


def recover_ids(state: State, data: Data) -> tuple[str, ...]:
    f = _f(data)
    ours = _landing(state, data)[1]
    return tuple(pid for pid in state.at[state.side] if pitch.figure(f, data, state, state.side, pid) & ours)


def recover_prompt(state: State, data: Data) -> Choose:
    placer = 1 - state.side
    options = []
    for pid in recover_ids(state, data):
        opt = figure_option(data, state, state.side, pid)
        opt.actor = state.side
        options.append(opt)
    return Choose(actor=placer, text="No square fits: which player of the passing side recovers the ball?",
                  options=tuple(options))


# ---- fumbles ----


def _fumble_squares(state: State, data: Data) -> int:
    f = _f(data)
    assert state.fumble is not None
    near = f.mask(state.fumble.near)
    taken = pitch.occupied(f, data, state, 0) | pitch.occupied(f, data, state, 1) | pitch.carnage(state)
    return f.within(near, data.game.fumble_reach) & ~taken


def _fumble_takers(state: State, data: Data) -> list[Ref]:
    """No empty square in reach: the players within reach (either side); failing them, the fumbler's
    opponents anywhere on the field (ruling fumble-give)."""
    f = _f(data)
    assert state.fumble is not None
    zone = f.within(f.mask(state.fumble.near), data.game.fumble_reach)
    near = [Ref(team=s, id=p) for s in (0, 1) for p in state.at[s] if pitch.figure(f, data, state, s, p) & zone]
    if near:
        return near
    other = 1 - state.fumble.fumbler.team
    return [Ref(team=other, id=p) for p in state.at[other]]


def after_fumble(state: State, data: Data) -> None:
    if _fumble_squares(state, data):
        return  # the placing coach picks a square
    if _fumble_takers(state, data):
        state.step = "fumble-give"
        return
    assert state.fumble is not None
    holder = state.fumble.holder
    state.fumble = None
    flow.halt(state, data, holder, "nowhere to put the fumbled ball")


def fumble_ids(state: State, data: Data) -> tuple[str, ...]:
    assert state.fumble is not None
    return pitch.progress_ids(_f(data), _fumble_squares(state, data), state.fumble.holder)


def fumble_prompt(state: State, data: Data) -> Choose:
    assert state.fumble is not None
    placer = 1 - state.fumble.holder
    f = _f(data)
    options = tuple(Option(id=sid, label=f"On {sid}", actor=placer, at=view_square(data, f.by_id[sid]))
                    for sid in fumble_ids(state, data))
    return Choose(actor=placer, text=f"{state.coaches[placer]} puts the fumbled ball on an empty square within "
                  f"{data.game.fumble_reach} of {state.fumble.fumbler.id}.", options=options)


def apply_fumble(state: State, data: Data, event: Event) -> None:
    i = _square(data, event.value, _fumble_squares(state, data))
    state.ball = i
    state.note(roster.stamp(data, state), f"The ball lies loose on {_f(data).ids[i]}.")
    flow.resume_after_fumble(state, data)


def give_ids(state: State, data: Data) -> tuple[str, ...]:
    return tuple(f"{r.team}:{r.id}" for r in _fumble_takers(state, data))


def give_prompt(state: State, data: Data) -> Choose:
    assert state.fumble is not None
    placer = 1 - state.fumble.holder
    options = []
    for gid in give_ids(state, data):
        side, pid = int(gid[0]), gid[2:]
        opt = figure_option(data, state, side, pid, label=f"{roster.team_name(data, state, side)} "
                            f"{roster.short(data, state, Ref(team=side, id=pid))}")
        opt.id, opt.key = gid, ""
        options.append(opt)
    return Choose(actor=placer, text="No empty square in reach: which player is given the ball?",
                  options=tuple(options))


def apply_give(state: State, data: Data, event: Event) -> None:
    if event.value not in give_ids(state, data):
        raise RuleError(f"{event.value!r} cannot be given the ball.")
    value = str(event.value)
    ref = Ref(team=int(value[0]), id=value[2:])
    state.carrier = ref
    state.last_holder = ref.team
    state.note(roster.stamp(data, state), f"The ball is given to {roster.full(data, state, ref)}.", ref.team)
    flow.resume_after_fumble(state, data)


def fumble_near(state: State, data: Data, ref: Ref) -> list[int]:
    """The squares a fumbler stands on (taken before a tackle removes him)."""
    if not state.board or ref.id not in state.at[ref.team]:
        return []
    return pitch.squares(_f(data), data, state, ref.team, ref.id)
