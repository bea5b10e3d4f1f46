"""Tackles and hand-offs: the two rolls between players standing next to each other.

On refbox's board a tackle is due when a player of the side to move touches an opponent, and the pair is
picked from those touching; at the table the coach says a player is next to an opponent (the after-move
question), then names the tackler and the target.
"""

from __future__ import annotations

from refbox.engine.errors import RuleError
from refbox.engine.prompts import Choose, Event, Legal, Option, Outcome, Refusal, Roll
from refbox.games.battleball import flow, fumbles, odds, pitch, roster
from refbox.games.battleball.data import Data
from refbox.games.battleball.models import Ref, State
from refbox.games.battleball.steps import STEPS
from refbox.games.luck import Wins, all_different


def _tackler(state: State) -> Ref:
    assert state.turn.tackler is not None
    return Ref(state.side, state.turn.tackler)


def _target(state: State) -> Ref:
    assert state.turn.target is not None
    return Ref(1 - state.side, state.turn.target)


# ---- who tackles whom: on the board, a pair standing next to each other ----


@STEPS.legal_for("tackle", phase="tackle", forcible=True)
def tackle_legal(state: State, data: Data) -> Legal:
    """Every "tackler>target" pair touching (the player who just moved first)."""
    pairs = pitch.pairs(data.pitch, state, state.side, state.turn.mover)
    return Legal("choose", state.side, tuple(f"{a}>{b}" for a, b in pairs))


@STEPS.prompt_for("tackle")
def tackle_prompt(state: State, data: Data, legal: Legal) -> Choose:
    side, f = state.side, data.grid
    options, seen = [], set()
    for pair in legal.ids:
        a, b = pair.split(">")
        ra, rb = Ref(side, a), Ref(1 - side, b)
        o = odds.tackle(roster.dice(data, ra), roster.dice(data, rb))
        at = pitch.view_square(f, state.at[1 - side][b])
        options.append(Option(
            id=pair, actor=side, key=pitch.key_of(data, b) if at not in seen else "",
            label=f"{roster.short(data, ra)} tackles {roster.team_name(data, state, rb.team)} "
                  f"{roster.short(data, rb)}: "
                  f"ties {odds.words(o['tie'])}, loses {odds.words(o['loss'])}",
            at=None if at in seen else at, chance=o["win"], chance_of=f"{a} winning the tackle"))
        seen.add(at)
    return Choose(actor=side, text="A tackle is due: who tackles whom? (the odds are the tackler's win)",
                  options=tuple(options),
                  refused=(Refusal(id="end", label="End the turn", reason="a player of yours is next to an "
                                   "opponent, so this turn must be a tackle"),))


@STEPS.apply_for("tackle")
def tackle_apply(state: State, data: Data, event: Event) -> None:
    a, _, b = str(event.value).partition(">")
    state.turn.tackler, state.turn.target = a, b
    state.step = "tackle-roll"


# ---- who tackles whom: at the table, the tackler, then the target ----


@STEPS.legal_for("tackler", phase="tackle", forcible=True)
def tackler_legal(state: State, data: Data) -> Legal:
    ids = sorted(roster.on_field_ids(state, state.side), key=lambda pid: pid != state.turn.mover)
    return Legal("choose", state.side, tuple(ids))  # the player who just moved first


@STEPS.prompt_for("tackler")
def tackler_prompt(state: State, data: Data, legal: Legal) -> Choose:
    return Choose(
        actor=state.side,
        text="Tackle: which of your players makes it?",
        options=tuple(roster.player_options(data, state, state.side, legal.ids)),
        refused=_tackle_first(state),
    )


def _tackle_first(state: State) -> tuple[Refusal, ...]:
    """With a player next to an opponent the tackle is compulsory: no hand-off, pass or quiet end instead."""
    why = "a player of yours is next to an opponent, so this turn must be a tackle"
    ours = state.carrier is not None and state.carrier.team == state.side and len(state.on_field(state.side)) > 1
    refused = [Refusal(id="hand-off", label="Hand off", reason=why), Refusal(id="pass", label="Pass", reason=why)]
    return tuple(refused if ours else []) + (Refusal(id="end", label="End the turn", reason=why),)


@STEPS.apply_for("tackler")
def tackler_apply(state: State, data: Data, event: Event) -> None:
    state.turn.tackler = str(event.value)
    state.step = "target"


@STEPS.legal_for("target", phase="tackle", forcible=True)
def target_legal(state: State, data: Data) -> Legal:
    return Legal("choose", state.side, roster.on_field_ids(state, 1 - state.side))


@STEPS.prompt_for("target")
def target_prompt(state: State, data: Data, legal: Legal) -> Choose:
    who = roster.short(data, _tackler(state))
    options = roster.player_options(data, state, 1 - state.side, legal.ids)
    tackler = roster.dice(data, _tackler(state))
    for opt in options:
        opt.chance = odds.tackle(tackler, roster.dice(data, Ref(1 - state.side, opt.id)))["win"]
        opt.chance_of = f"{who} winning the tackle"
    return Choose(actor=state.side, text=f"Which opponent next to {who} is tackled? (the odds are {who}'s win)",
                  options=tuple(options))


@STEPS.apply_for("target")
def target_apply(state: State, data: Data, event: Event) -> None:
    state.turn.target = str(event.value)
    state.step = "tackle-roll"


# ---- the tackle roll ----


@STEPS.legal_for("tackle-roll", phase="tackle")
def tackle_roll_legal(state: State, data: Data) -> Legal:
    return Legal("roll", state.side, sides=roster.dice(data, _tackler(state)) + roster.dice(data, _target(state)))


@STEPS.prompt_for("tackle-roll")
def tackle_roll_prompt(state: State, data: Data, legal: Legal) -> Roll:
    a, b = _tackler(state), _target(state)
    o = odds.tackle(roster.dice(data, a), roster.dice(data, b))
    a_name, b_name = roster.short(data, a), roster.short(data, b)
    heavy = any(len(roster.dice(data, r)) > 1 for r in (a, b))
    n = len(roster.dice(data, a))
    return Roll(
        actor=state.side,
        text=f"Tackle: {roster.team_name(data, state, a.team)} {a_name} against "
             f"{roster.team_name(data, state, b.team)} {b_name}. Each coach rolls for his player.",
        purpose="tackle",
        dice=tuple(roster.die_specs(data, state, a) + roster.die_specs(data, state, b)),
        success="the lower roll wins; a winning 1 means a serious injury"
        + ("; odds assume the Heavy Tackle keeps his lower d6" if heavy else ""),
        odds=tackle_outcomes(data, state, a, b, o),
        chance=o["win"],
        wins=Wins(tackler_wins, (n,)),
    )


def tackle_outcomes(data: Data, state: State, a: Ref, b: Ref, o: dict[str, float]) -> tuple[Outcome, ...]:
    """Win, tie, loss (they add up to 100 %), each with its serious-injury part as an indented sub-case; a
    result that cannot happen says so."""
    names = [f"{roster.team_name(data, state, r.team)} {r.id}" for r in (a, b)]
    rows = (
        ("win", f"{names[0]} wins: {b.id} to the Locker Room", f"with a 1: {b.id} seriously injured"),
        ("tie", "tie: both to the Locker Room", "double 1: both seriously injured"),
        ("loss", f"{names[1]} wins: {a.id} to the Locker Room", f"with a 1: {a.id} seriously injured"),
    )
    out = []
    for kind, label, sub in rows:
        out.append(Outcome(label=label if o[kind] > 0 else f"{label} (cannot happen)", probability=o[kind]))
        if o[kind] > 0:
            part = o[f"{kind}-1"]
            out.append(Outcome(label=f"  ↳ of which {sub}" if part > 0 else f"  ↳ {sub}: cannot happen",
                               probability=part))
    return tuple(out)


@STEPS.apply_for("tackle-roll")
def tackle_roll_apply(state: State, data: Data, event: Event) -> None:
    faces: list[int] = event.value  # type: ignore[assignment]
    state.turn.tackle_faces = list(faces)
    state.record("tackles made", state.side, state.turn.tackler)
    n = len(roster.dice(data, _tackler(state)))
    groups = (faces[:n], faces[n:])
    state.turn.used = [g[0] if len(set(g)) == 1 else None for g in groups]
    _same_either_way(state, data)
    if None in state.turn.used:
        state.step = "tackle-die"
    else:
        resolve_tackle(state, data)


def _result(a: int, b: int) -> tuple[str, bool]:
    """A tackle's result from the two faces used: who wins (or a tie) and whether it is a serious injury."""
    return ("tackler" if a < b else "target" if a > b else "tie"), min(a, b) == 1


def _same_either_way(state: State, data: Data) -> None:
    """A Heavy Tackle's coach is not asked which die counts when the other side's face is known and both of
    his dice give the same result (who wins, serious or not): the lower is used, logged. At the table and on
    refbox's board alike from edition 3 (issue 39: both dice losing anyway asked a question with nothing to
    decide); edition 2 asked on the board."""
    if None not in state.turn.used or (state.board and state.edition < 3):
        return
    side = _deciding_side(state)
    mine = 0 if side == state.side else 1
    other = state.turn.used[1 - mine]
    if other is None:  # two Heavy Tackles: the attacker picks first, not knowing the other's choice
        return
    faces = state.turn.tackle_faces
    n = len(roster.dice(data, _tackler(state)))
    lo, hi = sorted(faces[:n] if mine == 0 else faces[n:])
    results = [_result(f, other) if mine == 0 else _result(other, f) for f in (lo, hi)]
    if results[0] != results[1]:
        return
    used = list(state.turn.used)
    used[mine] = lo
    state.turn.used = used
    state.note(roster.stamp(data, state), f"{state.coaches[side]}'s Heavy Tackle uses the {lo}: the {hi} gives "
               "the same result.", side)


def _deciding_side(state: State) -> int:
    """Which coach still has to pick one of his Heavy Tackle's two dice (attacker first)."""
    return state.side if state.turn.used[0] is None else 1 - state.side


@STEPS.legal_for("tackle-die", phase="tackle")
def tackle_die_legal(state: State, data: Data) -> Legal:
    side = _deciding_side(state)
    n = len(roster.dice(data, _tackler(state)))
    faces = state.turn.tackle_faces
    mine = faces[:n] if side == state.side else faces[n:]
    return Legal("choose", side, tuple(str(f) for f in sorted(mine)))


@STEPS.prompt_for("tackle-die")
def tackle_die_prompt(state: State, data: Data, legal: Legal) -> Choose:
    side = legal.actor
    n = len(roster.dice(data, _tackler(state)))
    faces = state.turn.tackle_faces
    mine = faces[:n] if side == state.side else faces[n:]
    options = tuple(Option(id=f, label=f"Use the {f}", hint="lower wins", actor=side) for f in legal.ids)
    return Choose(actor=side, text=f"Heavy Tackle rolled {mine[0]} and {mine[1]}: which die counts?", options=options)


@STEPS.apply_for("tackle-die")
def tackle_die_apply(state: State, data: Data, event: Event) -> None:
    index = 0 if _deciding_side(state) == state.side else 1
    used = list(state.turn.used)
    used[index] = int(str(event.value))
    state.turn.used = used
    _same_either_way(state, data)
    if None not in state.turn.used:
        resolve_tackle(state, data)


def resolve_tackle(state: State, data: Data) -> None:
    a_ref, b_ref = _tackler(state), _target(state)
    a, b = state.turn.used
    assert a is not None and b is not None
    where = roster.stamp(data, state)
    a_name, b_name = roster.full(data, state, a_ref), roster.full(data, state, b_ref)
    carrier = state.carrier
    near = fumbles.fumbler_squares(state, data, carrier) if carrier in (a_ref, b_ref) else None
    if a != b:
        winner, loser = (a_ref, b_ref) if a < b else (b_ref, a_ref)
        serious = min(a, b) == 1
        state.note(where, f"Tackle {a_name} {a} against {b_name} {b}: "
                   f"{roster.team_name(data, state, winner.team)} {winner.id} wins.", winner.team)
        state.record("tackles won", winner.team, winner.id)
        _remove(state, data, loser, serious)
        if carrier == loser:
            state.carrier = winner
            state.last_holder = winner.team
            state.note(where, f"{roster.full(data, state, winner)} takes the ball.", winner.team)
        if not flow.after_tackle_removals(state, data):
            flow.end_turn(state)
        return
    state.note(where, f"Tackle {a_name} {a} against {b_name} {b}: a tie, both are injured.")
    for ref in (a_ref, b_ref):
        _remove(state, data, ref, serious=a == 1)
    if flow.after_tackle_removals(state, data):
        return
    if carrier in (a_ref, b_ref):
        assert carrier is not None
        fumbles.fumble(state, data, carrier, carrier.team, then="end-turn", near=near)
    else:
        flow.end_turn(state)


def _remove(state: State, data: Data, ref: Ref, serious: bool) -> None:
    """Off the field (carnage where he stood): to the Locker Room, or out for the game."""
    player = state.player(ref)
    player.status = "out" if serious else "locker"
    if state.board:
        spots = pitch.figure(data.pitch, state, ref.team, ref.id)
        del state.at[ref.team][ref.id]
        state.carnage |= spots
        tokens = spots.bit_count()
    else:
        tokens = data.roster[ref.id].squares
    state.carnage_on_field += tokens
    state.carnage_placed += tokens
    if state.carrier == ref:
        state.carrier = None
    fate = "seriously injured, out for the game" if serious else "injured, to the Locker Room until next half"
    state.note(roster.stamp(data, state), f"{roster.full(data, state, ref)} is {fate} ({tokens} carnage).", ref.team)
    state.record("injured", ref.team, ref.id)
    if serious:
        state.record("seriously injured", ref.team, ref.id)


# ---- hand-off ----


def carrier_of_side(state: State) -> Ref:
    """The side to move's ball carrier: only he may hand off or pass."""
    if state.carrier is None or state.carrier.team != state.side:
        raise RuleError("Only the side holding the ball may hand it off or pass it.")
    return state.carrier


@STEPS.legal_for("hand-off-to", phase="hand-off", forcible=True)
def hand_off_to_legal(state: State, data: Data) -> Legal:
    """A team-mate of the carrier: on the board one standing next to him; at the table any on the field (the
    table says who is next to him)."""
    giver = carrier_of_side(state)
    if state.board:
        ids = tuple(pitch.adjacent_mates(data.pitch, state, state.side, giver.id))
    else:
        ids = roster.on_field_ids(state, state.side, skip=giver.id)
    return Legal("choose", state.side, ids)


@STEPS.prompt_for("hand-off-to")
def hand_off_to_prompt(state: State, data: Data, legal: Legal) -> Choose:
    side, giver = state.side, carrier_of_side(state)
    chances = [odds.all_different(roster.dice(data, giver) + roster.dice(data, Ref(side, pid))) for pid in legal.ids]
    if state.board:
        options = [roster.figure_option(data, state, side, pid, chance=p, chance_of="a clean hand-off")
                   for pid, p in zip(legal.ids, chances)]
        who = giver.id
    else:
        options = roster.player_options(data, state, side, legal.ids)
        for opt, p in zip(options, chances):
            opt.chance, opt.chance_of = p, "a clean hand-off"
        who = roster.short(data, giver)
    return Choose(actor=side, text=f"Hand-off: which team-mate next to {who} takes the ball? "
                  "(the odds are a clean hand-off)", options=tuple(options),
                  refused=(Refusal(id="pass", label="Pass", reason="a turn has one hand-off or one pass, "
                                   "and this one is a hand-off"),))


@STEPS.apply_for("hand-off-to")
def hand_off_to_apply(state: State, data: Data, event: Event) -> None:
    state.turn.receiver = str(event.value)
    state.step = "hand-off-roll"


@STEPS.legal_for("hand-off-roll", phase="hand-off")
def hand_off_roll_legal(state: State, data: Data) -> Legal:
    giver, taker = carrier_of_side(state), Ref(state.side, str(state.turn.receiver))
    return Legal("roll", state.side, sides=roster.dice(data, giver) + roster.dice(data, taker))


@STEPS.prompt_for("hand-off-roll")
def hand_off_roll_prompt(state: State, data: Data, legal: Legal) -> Roll:
    giver = carrier_of_side(state)
    taker = Ref(state.side, str(state.turn.receiver))
    ok = odds.all_different(legal.sides)
    return Roll(
        actor=state.side,
        text=f"Hand-off {roster.full(data, state, giver)} to {roster.full(data, state, taker)}: roll both players' dice.",
        purpose="hand-off",
        dice=tuple(roster.die_specs(data, state, giver) + roster.die_specs(data, state, taker)),
        success="all dice different: the ball changes hands; any two alike: fumble",
        odds=(Outcome(label="hand-off made", probability=ok), Outcome(label="fumble", probability=1 - ok)),
        chance=ok,
        wins=Wins(all_different),
    )


@STEPS.apply_for("hand-off-roll")
def hand_off_roll_apply(state: State, data: Data, event: Event) -> None:
    faces: list[int] = event.value  # type: ignore[assignment]
    giver = carrier_of_side(state)
    taker = Ref(state.side, str(state.turn.receiver))
    where = roster.stamp(data, state)
    state.record("hand-offs", state.side, giver.id)
    if len(set(faces)) == len(faces):
        state.carrier = taker
        state.record("hand-offs taken", state.side, taker.id)
        state.note(where, f"Hand-off {roster.short(data, giver)} to {taker.id}, roll {faces}: {taker.id} has the ball.", state.side)
        flow.end_turn(state)
    else:
        state.note(where, f"Hand-off {roster.short(data, giver)} to {taker.id}, roll {faces}: matching dice.", state.side)
        fumbles.fumble(state, data, giver, state.side, then="end-turn")


def tackler_wins(faces: list[int], n: int) -> bool:
    """The tackler's lowest die (his first ``n`` faces) under the target's: a Heavy Tackle is taken to keep his
    lower d6, as the odds assume."""
    return min(faces[:n]) < min(faces[n:])
