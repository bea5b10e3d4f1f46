"""Passing: the receiver, the throwing distance (counted on the board, typed at the table), the receiver's die
with the passing die, and where a short ball lands."""

from __future__ import annotations

from refbox.engine.prompts import (
    Choose,
    DieSpec,
    Event,
    Legal,
    Number,
    Option,
    Outcome,
    Refusal,
    Roll,
)
from refbox.games.battleball import contact, flow, fumbles, odds, pitch, roster
from refbox.games.battleball.data import Data
from refbox.games.battleball.models import Ref, State
from refbox.games.battleball.steps import STEPS
from refbox.games.luck import Wins

PASS_ONLY = (Refusal(id="hand-off", label="Hand off", reason="a turn has one hand-off or one pass, and this one is a pass"),)


def _receiver(state: State) -> Ref:
    assert state.turn.receiver is not None
    return Ref(state.side, state.turn.receiver)


# ---- the receiver ----


def receivers(state: State, data: Data, first_only: bool = False) -> tuple[str, ...]:
    """On the board, the carrier's team-mates within throwing distance: his die and the passing die could
    cover it (ruling throwing-distance). ``first_only``: the first found (is there any?)."""
    passer = state.carrier
    assert passer is not None
    p, side = data.pitch, state.side
    f = p.grid
    dist, mine = f.distance, pitch.squares(p, state, side, passer.id)
    heavy, catch = p.heavy, p.catches
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


@STEPS.legal_for("pass-to", phase="pass", forcible=True)
def pass_to_legal(state: State, data: Data) -> Legal:
    """A team-mate of the carrier: on the board one within throwing distance; at the table any on the field."""
    passer = contact.carrier_of_side(state)
    ids = receivers(state, data) if state.board else roster.on_field_ids(state, state.side, skip=passer.id)
    return Legal("choose", state.side, ids)


@STEPS.prompt_for("pass-to")
def pass_to_prompt(state: State, data: Data, legal: Legal) -> Choose:
    side, passer = state.side, contact.carrier_of_side(state)
    if not state.board:
        return Choose(actor=side, text=f"Pass: {roster.short(data, passer)} throws to which team-mate on the field?",
                      options=tuple(roster.player_options(data, state, side, legal.ids)), refused=PASS_ONLY)
    options = []
    for pid in legal.ids:
        ref = Ref(side, pid)
        dist = pitch.distance(data.pitch, state, passer, ref)
        o = odds.pass_odds(roster.dice(data, ref), data.game.passing_die, dist)
        options.append(roster.figure_option(data, state, side, pid, chance=o["caught"],
                                            chance_of=f"{pid} catching the pass",
                                            label=f"{roster.short(data, ref)}: {dist} squares, "
                                                  f"fumble {odds.words(o['fumble'])}"))
    return Choose(actor=side, text=f"Pass: {passer.id} throws to which team-mate? (the odds are a catch)",
                  options=tuple(options), refused=PASS_ONLY)


@STEPS.apply_for("pass-to")
def pass_to_apply(state: State, data: Data, event: Event) -> None:
    passer, ref = contact.carrier_of_side(state), Ref(state.side, str(event.value))
    state.turn.receiver = ref.id
    if not state.board:  # the table counts the squares
        state.step = "pass-distance"
        return
    state.turn.distance = pitch.distance(data.pitch, state, passer, ref)
    state.note(roster.stamp(data, state), f"{roster.full(data, state, passer)} throws to {ref.id}, "
               f"{state.turn.distance} squares away.", state.side)
    state.step = "pass-roll"


@STEPS.legal_for("pass-distance", phase="pass")
def pass_distance_legal(state: State, data: Data) -> Legal:
    return Legal("number", state.side, min=1, max=data.game.pass_distance_limit)


@STEPS.prompt_for("pass-distance")
def pass_distance_prompt(state: State, data: Data, legal: Legal) -> Number:
    who = roster.short(data, contact.carrier_of_side(state))
    to = roster.short(data, _receiver(state))
    return Number(actor=state.side, text=f"Throwing distance from {who} to {to}: count the squares, figures and "
                  "carnage included.", min=legal.min, max=legal.max, unit="squares")  # type: ignore[arg-type]


@STEPS.apply_for("pass-distance")
def pass_distance_apply(state: State, data: Data, event: Event) -> None:
    state.turn.distance = int(event.value)  # type: ignore[arg-type]
    state.note(
        roster.stamp(data, state),
        f"{roster.full(data, state, contact.carrier_of_side(state))} throws to {_receiver(state).id}, "
        f"{state.turn.distance} squares away.",
        state.side,
    )
    state.step = "pass-roll"


# ---- the pass roll ----


@STEPS.legal_for("pass-roll", phase="pass")
def pass_roll_legal(state: State, data: Data) -> Legal:
    return Legal("roll", state.side, sides=(*roster.dice(data, _receiver(state)), data.game.passing_die))


@STEPS.prompt_for("pass-roll")
def pass_roll_prompt(state: State, data: Data, legal: Legal) -> Roll:
    receiver = _receiver(state)
    distance = state.turn.distance
    assert distance is not None
    sides = data.game.passing_die
    mine = roster.dice(data, receiver)
    o = odds.pass_odds(mine, sides, distance)
    return Roll(
        actor=state.side,
        text=f"Pass to {roster.full(data, state, receiver)} over {distance} squares: roll his die and the passing die.",
        purpose="pass",
        dice=(*roster.die_specs(data, state, receiver), DieSpec(sides=sides, label=f"Football Passing die (brown d{sides})")),
        success=f"total {distance} or more is caught; matching faces fumble"
        + ("; his higher d6 counts" if len(mine) > 1 else ""),
        odds=(
            Outcome(label="caught", probability=o["caught"]),
            Outcome(label="short", probability=o["short"]),
            Outcome(label="fumble", probability=o["fumble"]),
        ),
        chance=o["caught"],
        wins=Wins(pass_caught, (distance,)),
    )


@STEPS.apply_for("pass-roll")
def pass_roll_apply(state: State, data: Data, event: Event) -> None:
    faces: list[int] = event.value  # type: ignore[assignment]
    *mine, ball = faces
    passer, receiver = contact.carrier_of_side(state), _receiver(state)
    distance = state.turn.distance
    assert distance is not None
    where = roster.stamp(data, state)
    who = roster.full(data, state, receiver)
    state.record("passes", state.side, passer.id)
    if len(set(faces)) < len(faces):
        state.note(where, f"Pass roll {faces}: matching faces.", state.side)
        fumbles.fumble(state, data, receiver, state.side, then="end-turn")
        return
    total = max(mine) + ball
    if total >= distance:
        state.carrier = receiver
        state.last_holder = state.side
        state.record("passes caught", state.side, receiver.id)
        state.note(where, f"Pass roll {faces}, total {total} against {distance}: caught by {who}.", state.side)
        flow.end_turn(state)
        return
    state.carrier = None
    state.ball_at_centre = False
    state.last_holder = state.side
    state.turn.passing_face = ball
    state.note(where, f"Pass roll {faces}, total {total} against {distance}: short.", state.side)
    if not state.board:
        state.step = "pass-miss"
        return
    ok, ours, _ = _landing(state, data)
    if ok:
        state.step = "pass-land"
    elif ours:
        state.note(roster.stamp(data, state), "No square fits: a player of the passing side recovers the ball.",
                   state.side)
        state.step = "recover-by"
    else:
        flow.halt(state, data, state.side, "the short pass can only land on carnage")


def pass_caught(faces: list[int], distance: int) -> bool:
    """No two faces alike, and the receiver's (higher) die plus the passing die reach the distance."""
    return len(set(faces)) == len(faces) and max(faces[:-1]) + faces[-1] >= distance


# ---- a short pass lands: on the board, a square at the passing die's distance ----


def _landing(state: State, data: Data) -> tuple[int, int, int]:
    """At the passing die's distance from the receiver: the squares the defending coach may choose (empty or
    his own players'), the passing side's players' squares, and carnage squares."""
    p = data.pitch
    n = state.turn.passing_face
    assert n is not None and state.turn.receiver is not None
    ring = p.grid.ring(pitch.figure(p, state, state.side, state.turn.receiver), n)
    ours = pitch.occupied(p, state, state.side)
    blocked = state.carnage
    return ring & ~ours & ~blocked, ring & ours, ring & blocked


@STEPS.legal_for("pass-land", phase="pass", forcible=True)
def pass_land_legal(state: State, data: Data) -> Legal:
    return Legal("choose", 1 - state.side, pitch.progress_ids(data.grid, _landing(state, data)[0], 1 - state.side))


@STEPS.prompt_for("pass-land")
def pass_land_prompt(state: State, data: Data, legal: Legal) -> Choose:
    f, placer = data.grid, 1 - state.side
    theirs = pitch.occupied(data.pitch, state, placer)
    options = []
    for sid in legal.ids:
        i = f.by_id[sid]
        if (theirs >> i) & 1:
            who = pitch.who_at(data.pitch, state, i)
            label = f"On {who.id if who else sid}: intercepted"
        else:
            label = f"On {sid}: a loose ball"
        options.append(Option(id=sid, label=label, actor=placer, at=pitch.view_square(f, i)))
    return Choose(actor=placer, text=f"{state.coaches[placer]}: the pass falls short. Put the ball "
                  f"{state.turn.passing_face} squares from {state.turn.receiver}.", options=tuple(options))


@STEPS.apply_for("pass-land")
def pass_land_apply(state: State, data: Data, event: Event) -> None:
    f = data.grid
    i = pitch.square_of(f, event.value, _landing(state, data)[0])
    who = pitch.who_at(data.pitch, state, i)
    where = roster.stamp(data, state)
    if who is not None:
        state.carrier = who
        state.last_holder = who.team
        state.note(where, f"{roster.full(data, state, who)} intercepts on {f.ids[i]}.", who.team)
    else:
        state.ball = i
        state.note(where, f"The ball lands loose on {f.ids[i]}.", 1 - state.side)
    flow.end_turn(state)


# ---- a short pass lands: at the table, the defending coach says where ----


@STEPS.legal_for("pass-miss", phase="pass")
def pass_miss_legal(state: State, data: Data) -> Legal:
    return Legal("choose", 1 - state.side, ("intercept", "loose", "recover", "halt"))


@STEPS.prompt_for("pass-miss")
def pass_miss_prompt(state: State, data: Data, legal: Legal) -> Choose:
    placer = 1 - state.side
    to = roster.short(data, _receiver(state))
    labels = {"intercept": "On one of my players: intercepted", "loose": "On an empty square: a loose ball",
              "recover": "No square fits: a player of the passing side recovers it",
              "halt": "Only carnage squares at that distance: halt play"}
    options = tuple(Option(id=i, label=labels[i], actor=None if i == "halt" else placer) for i in legal.ids)
    return Choose(actor=placer, text=f"{state.coaches[placer]}: put the ball exactly {state.turn.passing_face} "
                  f"squares from {to}. Where does it land?", options=options)


@STEPS.apply_for("pass-miss")
def pass_miss_apply(state: State, data: Data, event: Event) -> None:
    if event.value == "intercept":
        state.step = "intercept-by"
    elif event.value == "recover":
        state.step = "recover-by"
    elif event.value == "loose":
        state.note(roster.stamp(data, state), "The ball lands loose.", 1 - state.side)
        flow.end_turn(state)
    else:
        flow.halt(state, data, state.side, "the short pass can only land on carnage")


@STEPS.legal_for("intercept-by", phase="pass", forcible=True)
def intercept_by_legal(state: State, data: Data) -> Legal:
    return Legal("choose", 1 - state.side, roster.on_field_ids(state, 1 - state.side))


@STEPS.prompt_for("intercept-by")
def intercept_by_prompt(state: State, data: Data, legal: Legal) -> Choose:
    placer = 1 - state.side
    return Choose(actor=placer, text="Which of your players intercepts?",
                  options=tuple(roster.player_options(data, state, placer, legal.ids)))


@STEPS.apply_for("intercept-by")
def intercept_by_apply(state: State, data: Data, event: Event) -> None:
    _give(state, data, Ref(1 - state.side, str(event.value)), "intercepts")


# ---- a player of the passing side recovers it (no square fits) ----


@STEPS.legal_for("recover-by", phase="pass", forcible=True)
def recover_by_legal(state: State, data: Data) -> Legal:
    """On the board, the passing side's players standing at the passing die's distance; at the table, any."""
    side = state.side
    if not state.board:
        return Legal("choose", 1 - side, roster.on_field_ids(state, side))
    p, ours = data.pitch, _landing(state, data)[1]
    return Legal("choose", 1 - side, tuple(pid for pid in state.at[side] if pitch.figure(p, state, side, pid) & ours))


@STEPS.prompt_for("recover-by")
def recover_by_prompt(state: State, data: Data, legal: Legal) -> Choose:
    side = state.side
    if state.board:
        return Choose(actor=1 - side, text="No square fits: which player of the passing side recovers the ball?",
                      options=tuple(roster.figure_option(data, state, side, pid) for pid in legal.ids))
    return Choose(actor=1 - side, text="Which player of the passing side recovers the ball?",
                  options=tuple(roster.player_options(data, state, side, legal.ids)))


@STEPS.apply_for("recover-by")
def recover_by_apply(state: State, data: Data, event: Event) -> None:
    _give(state, data, Ref(state.side, str(event.value)), "recovers the ball")


def _give(state: State, data: Data, ref: Ref, verb: str) -> None:
    state.carrier = ref
    state.last_holder = ref.team
    state.note(roster.stamp(data, state), f"{roster.full(data, state, ref)} {verb}.", ref.team)
    flow.end_turn(state)
