"""The shot: the monsterball's target, its momentum and power, and whether it hits or duffs."""

from __future__ import annotations

from refbox.engine.prompts import Choose, Event, Number, Option
from refbox.games.ballmonsters.boing import deflated_refusals, exit_refusals, exits, leave, start_bounce
from refbox.games.ballmonsters.data import Data
from refbox.games.ballmonsters.mechanics import ball_key, note, score
from refbox.games.ballmonsters.models import State
from refbox.games.ballmonsters.turn import end_of_shot


def shot_power_left(power: int, strength: int, inches: int) -> int:
    """The first STR inches are free; each inch after that costs 1 power."""
    return power - max(0, inches - strength)


def target_prompt(state: State, data: Data) -> Choose:
    shooter = state.monsterball(state.shooter)
    options = []
    for ball in state.balls:
        if ball.in_play and ball.id != shooter.id:
            friendly = ball.team == shooter.team
            hint = "friendly" if friendly else f"enemy: a boob, it bites back +{data.bite.boob_bonus}"
            options.append(Option(id=ball.id, label=f"{state.label(ball.id)} (STR {ball.strength})", hint=hint,
                                  actor=ball.team, key=ball_key(state, ball.id)))
    options.append(Option(id="none", label="No valid target: a duff", hint=f"+{data.scoring.duff} to the opponent",
                             key="0"))
    return Choose(
        actor=state.shooter,
        text=f"{state.label(shooter.id)} (STR {shooter.strength}) shoots at which ball? "
        "(a clear straight line base to base, room by the edge it aims at)",
        options=tuple(options),
        refused=deflated_refusals(state, skip=shooter.id),
    )


def target_apply(state: State, data: Data, event: Event) -> None:
    if event.value == "none":
        duff(state, data, "has no valid target")
        end_of_shot(state, data)
        return
    state.target = event.value
    note(state, f"{state.label(state.monsterball(state.shooter).id)} targets {state.label(event.value)}.", state.shooter)
    state.step = "momentum"


def duff(state: State, data: Data, why: str) -> None:
    other = 1 - state.shooter
    score(state, other, data.scoring.duff)
    shooter = state.label(state.monsterball(state.shooter).id)
    note(state, f"Duff! {shooter} {why}: +{data.scoring.duff} to {state.teams[other].name}.", other)


def momentum_prompt(state: State, data: Data) -> Number:
    strength = state.monsterball(state.shooter).strength
    return Number(
        actor=state.shooter,
        text=f"Momentum for the shot (power = momentum + STR {strength}).",
        min=0,
        max=data.shot.max_momentum,
        unit="momentum",
    )


def momentum_apply(state: State, data: Data, event: Event) -> None:
    strength = state.monsterball(state.shooter).strength
    state.momentum = event.value
    state.power = event.value + strength
    note(state, f"Momentum {event.value} + STR {strength} = {state.power} power.", state.shooter)
    state.step = "result"


def result_prompt(state: State, data: Data) -> Choose:
    shooter = state.monsterball(state.shooter)
    options = [Option(id="miss", label="Hit nothing: a duff", key="0")]
    if data.table.quick:
        options += hit_options(state, shooter.strength)
    else:
        options.insert(0, Option(id="hit", label=f"Hit {state.label(state.target)}", key="1"))
    for exit_ in exits(state):
        options.append(Option(id=exit_.id, label=f"Duff: {exit_.label[0].lower()}{exit_.label[1:]}", key=exit_.key))
    winged = " It is winged: it may pass over the first ball in its way." if shooter.effect == "winged" else ""
    return Choose(
        text=f"{state.label(shooter.id)} moves with {state.power} power: up to {shooter.strength}\" free, "
        f"then 1 power per inch, {state.power}\" at most.{winged}",
        options=tuple(options),
        refused=exit_refusals(state, label="Duff: touched a portal"),
    )


def hit_options(state: State, strength: int) -> list[Option]:
    """Hit the target, with the distance in the same key: only inches past the free STR ones change the power
    it arrives with, so "within STR inches" is one answer, then one per inch up to the shot's power."""
    target = state.label(state.target)
    extra_most = max(0, state.power - strength)
    options = []
    for extra in range(extra_most + 1):
        where = f"within {strength}\"" if extra == 0 else f"after {strength + extra}\""
        options.append(Option(id=f"hit{extra}", label=f"Hit {target} {where}: arrives with {state.power - extra} power",
                              key=str(extra + 1) if extra < 9 else ""))
    return options


def result_apply(state: State, data: Data, event: Event) -> None:
    if event.value == "hit":
        state.step = "distance"
        return
    if event.value.startswith("hit"):
        shooter = state.monsterball(state.shooter)
        extra = int(event.value[3:])
        inches = f"up to {shooter.strength}\"" if extra == 0 else f"{shooter.strength + extra}\""
        note(state, f"{state.label(shooter.id)} travels {inches} and arrives with {state.power - extra} power.",
             state.shooter)
        start_bounce(state, data, shooter.id, state.target, state.power - extra)
        return
    duff(state, data, "hits nothing")
    if event.value != "miss":
        leave(state, data, state.monsterball(state.shooter), event.value)
    end_of_shot(state, data)


def distance_prompt(state: State, data: Data) -> Number:
    shooter = state.monsterball(state.shooter)
    return Number(
        text=f"Inches {state.label(shooter.id)} travelled before touching {state.label(state.target)} "
        f"(the first {shooter.strength} are free).",
        min=0,
        max=state.power,
        unit="in",
    )


def distance_apply(state: State, data: Data, event: Event) -> None:
    shooter = state.monsterball(state.shooter)
    left = shot_power_left(state.power, shooter.strength, event.value)
    note(state, f"{state.label(shooter.id)} travels {event.value}\" and arrives with {left} power.", state.shooter)
    start_bounce(state, data, shooter.id, state.target, left)


STEPS = {
    "target": (target_prompt, target_apply),
    "momentum": (momentum_prompt, momentum_apply),
    "result": (result_prompt, result_apply),
    "distance": (distance_prompt, distance_apply),
}
