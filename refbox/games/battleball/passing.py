"""Passing: receiver, throwing distance, the receiver's die with the passing die, and a short ball."""

from __future__ import annotations

from refbox.engine.errors import RuleError
from refbox.games.luck import Wins
from refbox.engine.prompts import Choose, DieSpec, Event, Number, Option, Outcome, Refusal, Roll
from refbox.games.battleball import flow, odds, onboard, roster
from refbox.games.battleball.models import Data, Ref, State


def _passer(state: State) -> Ref:
    if state.carrier is None or state.carrier.team != state.side:
        raise RuleError("Only the side holding the ball may pass it.")
    return state.carrier


def _receiver(state: State) -> Ref:
    assert state.turn.receiver is not None
    return Ref(team=state.side, id=state.turn.receiver)


def pass_to_prompt(state: State, data: Data) -> Choose:
    passer = _passer(state)
    options = roster.player_options(data, state, state.side, skip=passer.id)
    who = roster.short(data, state, passer)
    return Choose(
        actor=state.side,
        text=f"Pass: {who} throws to which team-mate on the field?",
        options=tuple(options),
        refused=(Refusal(id="hand-off", label="Hand off", reason="a turn has one hand-off or one pass, and this one is a pass"),),
    )


def apply_pass_to(state: State, data: Data, event: Event) -> None:
    state.turn.receiver = str(event.value)
    state.step = "pass-distance"


def pass_distance_prompt(state: State, data: Data) -> Number:
    who = roster.short(data, state, _passer(state))
    to = roster.short(data, state, _receiver(state))
    return Number(
        actor=state.side,
        text=f"Throwing distance from {who} to {to}: count the squares, figures and carnage included.",
        min=1,
        max=data.game.pass_distance_limit,
        unit="squares",
    )


def apply_pass_distance(state: State, data: Data, event: Event) -> None:
    state.turn.distance = int(event.value)  # type: ignore[arg-type]
    state.note(
        roster.stamp(data, state),
        f"{roster.full(data, state, _passer(state))} throws to {_receiver(state).id}, {state.turn.distance} squares away.",
        state.side,
    )
    state.step = "pass-roll"


def pass_roll_prompt(state: State, data: Data) -> Roll:
    receiver = _receiver(state)
    distance = state.turn.distance
    assert distance is not None
    sides = data.game.passing_die
    o = odds.pass_odds(roster.dice(data, state, receiver), sides, distance)
    heavy = len(roster.dice(data, state, receiver)) > 1
    return Roll(
        actor=state.side,
        text=f"Pass to {roster.full(data, state, receiver)} over {distance} squares: roll his die and the passing die.",
        purpose="pass",
        dice=(*roster.die_specs(data, state, receiver), DieSpec(sides=sides, label=f"Football Passing die (brown d{sides})")),
        success=f"total {distance} or more is caught; matching faces fumble"
        + ("; his higher d6 counts" if heavy else ""),
        odds=(
            Outcome(label="caught", probability=o["caught"]),
            Outcome(label="short", probability=o["short"]),
            Outcome(label="fumble", probability=o["fumble"]),
        ),
        chance=o["caught"],
        wins=Wins(pass_caught, (distance,)),
    )


def apply_pass_roll(state: State, data: Data, event: Event) -> None:
    faces: list[int] = event.value  # type: ignore[assignment]
    *mine, ball = faces
    receiver = _receiver(state)
    distance = state.turn.distance
    assert distance is not None
    where = roster.stamp(data, state)
    who = roster.full(data, state, receiver)
    if len(set(faces)) < len(faces):
        state.note(where, f"Pass roll {faces}: matching faces.", state.side)
        flow.fumble(state, data, receiver, state.side, then="end-turn")
        return
    total = max(mine) + ball
    if total >= distance:
        state.carrier = receiver
        state.last_holder = state.side
        state.note(where, f"Pass roll {faces}, total {total} against {distance}: caught by {who}.", state.side)
        flow.end_turn(state)
        return
    state.carrier = None
    state.ball_at_centre = False
    state.last_holder = state.side
    state.turn.passing_face = ball
    state.note(where, f"Pass roll {faces}, total {total} against {distance}: short.", state.side)
    if state.board:
        onboard.after_short_pass(state, data)
    else:
        state.step = "pass-miss"


def pass_miss_prompt(state: State, data: Data) -> Choose:
    placer = 1 - state.side
    n = state.turn.passing_face
    to = roster.short(data, state, _receiver(state))
    options = (
        Option(id="intercept", label="On one of my players: intercepted", actor=placer),
        Option(id="loose", label="On an empty square: a loose ball", actor=placer),
        Option(id="recover", label="No square fits: a player of the passing side recovers it", actor=placer),
        Option(id="halt", label="Only carnage squares at that distance: halt play"),
    )
    return Choose(
        actor=placer,
        text=f"{state.coaches[placer]}: put the ball exactly {n} squares from {to}. Where does it land?",
        options=options,
    )


def apply_pass_miss(state: State, data: Data, event: Event) -> None:
    if event.value == "intercept":
        state.step = "intercept-by"
    elif event.value == "recover":
        state.step = "recover-by"
    elif event.value == "loose":
        state.note(roster.stamp(data, state), "The ball lands loose.", 1 - state.side)
        flow.end_turn(state)
    else:
        flow.halt(state, data, state.side, "the short pass can only land on carnage")


def intercept_by_prompt(state: State, data: Data) -> Choose:
    placer = 1 - state.side
    options = roster.player_options(data, state, placer)
    return Choose(actor=placer, text="Which of your players intercepts?", options=tuple(options))


def recover_by_prompt(state: State, data: Data) -> Choose:
    placer = 1 - state.side
    options = roster.player_options(data, state, state.side)
    return Choose(actor=placer, text="Which player of the passing side recovers the ball?", options=tuple(options))


def apply_intercept_by(state: State, data: Data, event: Event) -> None:
    _give(state, data, Ref(team=1 - state.side, id=str(event.value)), "intercepts")


def apply_recover_by(state: State, data: Data, event: Event) -> None:
    _give(state, data, Ref(team=state.side, id=str(event.value)), "recovers the ball")


def _give(state: State, data: Data, ref: Ref, verb: str) -> None:
    state.carrier = ref
    state.last_holder = ref.team
    state.note(roster.stamp(data, state), f"{roster.full(data, state, ref)} {verb}.", ref.team)
    flow.end_turn(state)


def pass_caught(faces: list[int], distance: int) -> bool:
    """No two faces alike, and the receiver's (higher) die plus the passing die reach the distance."""
    return len(set(faces)) == len(faces) and max(faces[:-1]) + faces[-1] >= distance
