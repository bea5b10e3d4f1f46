"""Tackles and hand-offs: the two rolls between players standing next to each other."""

from __future__ import annotations

from refbox.engine.errors import RuleError
from refbox.games.luck import Wins, all_different
from refbox.engine.prompts import Choose, Event, Option, Outcome, Refusal, Roll
from refbox.games.battleball import flow, odds, onboard, roster
from refbox.games.battleball.models import Data, Ref, State


def _tackler(state: State) -> Ref:
    assert state.turn.tackler is not None
    return Ref(team=state.side, id=state.turn.tackler)


def _target(state: State) -> Ref:
    assert state.turn.target is not None
    return Ref(team=1 - state.side, id=state.turn.target)


# ---- who tackles whom ----


def tackler_prompt(state: State, data: Data) -> Choose:
    options = roster.player_options(data, state, state.side)
    options.sort(key=lambda o: o.id != state.turn.mover)  # the player who just moved first
    return Choose(
        actor=state.side,
        text="Tackle: which of your players makes it?",
        options=tuple(options),
        refused=_tackle_first(state),
    )


def _tackle_first(state: State) -> tuple[Refusal, ...]:
    """With a player next to an opponent the tackle is compulsory: no hand-off, pass or quiet end instead."""
    why = "a player of yours is next to an opponent, so this turn must be a tackle"
    ours = state.carrier is not None and state.carrier.team == state.side and len(state.on_field(state.side)) > 1
    refused = [Refusal(id="hand-off", label="Hand off", reason=why), Refusal(id="pass", label="Pass", reason=why)]
    return tuple(refused if ours else []) + (Refusal(id="end", label="End the turn", reason=why),)


def apply_tackler(state: State, data: Data, event: Event) -> None:
    state.turn.tackler = str(event.value)
    state.step = "target"


def target_prompt(state: State, data: Data) -> Choose:
    who = roster.short(data, state, _tackler(state))
    options = roster.player_options(data, state, 1 - state.side)
    tackler = roster.dice(data, state, _tackler(state))
    for opt in options:
        opt.chance = odds.tackle(tackler, roster.dice(data, state, Ref(team=1 - state.side, id=opt.id)))["win"]
    return Choose(actor=state.side, text=f"Which opponent next to {who} is tackled? (the odds are {who}'s win)",
                  options=tuple(options))


def apply_target(state: State, data: Data, event: Event) -> None:
    state.turn.target = str(event.value)
    state.step = "tackle-roll"


# ---- the tackle roll ----


def tackle_roll_prompt(state: State, data: Data) -> Roll:
    a, b = _tackler(state), _target(state)
    o = odds.tackle(roster.dice(data, state, a), roster.dice(data, state, b))
    a_name, b_name = roster.short(data, state, a), roster.short(data, state, b)
    heavy = any(len(roster.dice(data, state, r)) > 1 for r in (a, b))
    n = len(roster.dice(data, state, a))
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


def apply_tackle_roll(state: State, data: Data, event: Event) -> None:
    faces: list[int] = event.value  # type: ignore[assignment]
    state.turn.tackle_faces = list(faces)
    n = len(roster.dice(data, state, _tackler(state)))
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
    """Setup.fewer_keys: a Heavy Tackle's coach is not asked which die counts when the other side's face is
    known and both of his dice give the same result (who wins, serious or not): the lower is used, logged."""
    if not state.fewer_keys or None not in state.turn.used:
        return
    side = _deciding_side(state)
    mine = 0 if side == state.side else 1
    other = state.turn.used[1 - mine]
    if other is None:  # two Heavy Tackles: the attacker picks first, not knowing the other's choice
        return
    faces = state.turn.tackle_faces
    n = len(roster.dice(data, state, _tackler(state)))
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


def tackle_die_prompt(state: State, data: Data) -> Choose:
    side = _deciding_side(state)
    faces = state.turn.tackle_faces
    n = len(roster.dice(data, state, _tackler(state)))
    mine = faces[:n] if side == state.side else faces[n:]
    options = tuple(Option(id=str(f), label=f"Use the {f}", hint="lower wins", actor=side) for f in sorted(mine))
    return Choose(actor=side, text=f"Heavy Tackle rolled {mine[0]} and {mine[1]}: which die counts?", options=options)


def apply_tackle_die(state: State, data: Data, event: Event) -> None:
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
    near = onboard.fumble_near(state, data, carrier) if carrier in (a_ref, b_ref) else None
    if a != b:
        winner, loser = (a_ref, b_ref) if a < b else (b_ref, a_ref)
        serious = min(a, b) == 1
        state.note(where, f"Tackle {a_name} {a} against {b_name} {b}: "
                   f"{roster.team_name(data, state, winner.team)} {winner.id} wins.", winner.team)
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
        flow.fumble(state, data, carrier, carrier.team, then="end-turn", near=near)
    else:
        flow.end_turn(state)


def _remove(state: State, data: Data, ref: Ref, serious: bool) -> None:
    player = state.player(ref)
    player.status = "out" if serious else "locker"
    tokens = onboard.remove(state, data, ref) if state.board else roster.squares(data, state, ref)
    state.carnage_on_field += tokens
    state.carnage_placed += tokens
    if state.carrier == ref:
        state.carrier = None
    fate = "seriously injured, out for the game" if serious else "injured, to the Locker Room until next half"
    state.note(roster.stamp(data, state), f"{roster.full(data, state, ref)} is {fate} ({tokens} carnage).", ref.team)


# ---- hand-off ----


def _carrier(state: State) -> Ref:
    if state.carrier is None or state.carrier.team != state.side:
        raise RuleError("Only the side holding the ball may hand it off.")
    return state.carrier


def hand_off_to_prompt(state: State, data: Data) -> Choose:
    carrier = _carrier(state)
    options = roster.player_options(data, state, state.side, skip=carrier.id)
    for opt in options:
        opt.chance = odds.all_different(roster.dice(data, state, carrier)
                                        + roster.dice(data, state, Ref(team=state.side, id=opt.id)))
    who = roster.short(data, state, carrier)
    return Choose(
        actor=state.side,
        text=f"Hand-off: which team-mate next to {who} takes the ball? (the odds are a clean hand-off)",
        options=tuple(options),
        refused=(Refusal(id="pass", label="Pass", reason="a turn has one hand-off or one pass, and this one is a hand-off"),),
    )


def apply_hand_off_to(state: State, data: Data, event: Event) -> None:
    state.turn.receiver = str(event.value)
    state.step = "hand-off-roll"


def hand_off_roll_prompt(state: State, data: Data) -> Roll:
    giver = _carrier(state)
    taker = Ref(team=state.side, id=str(state.turn.receiver))
    dice = roster.dice(data, state, giver) + roster.dice(data, state, taker)
    ok = odds.all_different(dice)
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


def apply_hand_off_roll(state: State, data: Data, event: Event) -> None:
    faces: list[int] = event.value  # type: ignore[assignment]
    giver = _carrier(state)
    taker = Ref(team=state.side, id=str(state.turn.receiver))
    where = roster.stamp(data, state)
    if len(set(faces)) == len(faces):
        state.carrier = taker
        state.note(where, f"Hand-off {roster.short(data, state, giver)} to {taker.id}, roll {faces}: {taker.id} has the ball.", state.side)
        flow.end_turn(state)
    else:
        state.note(where, f"Hand-off {roster.short(data, state, giver)} to {taker.id}, roll {faces}: matching dice.", state.side)
        flow.fumble(state, data, giver, state.side, then="end-turn")


def tackler_wins(faces: list[int], n: int) -> bool:
    """The tackler's lowest die (his first ``n`` faces) under the target's: a Heavy Tackle is taken to keep his
    lower d6, as the odds assume."""
    return min(faces[:n]) < min(faces[n:])
