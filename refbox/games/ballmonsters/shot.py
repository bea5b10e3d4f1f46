"""The shot: the monsterball's target, its momentum and power, and whether it hits or duffs (the table says)."""

from __future__ import annotations

from refbox.engine.prompts import Choose, Event, Legal, Number, Option
from refbox.games.ballmonsters.boing import deflated_refusals, exit_ids, exit_option, exit_refusals, leave, start_bounce
from refbox.games.ballmonsters.data import Data
from refbox.games.ballmonsters.mechanics import ball_key, note, score
from refbox.games.ballmonsters.models import State
from refbox.games.ballmonsters.steps import STEPS
from refbox.games.ballmonsters.turn import end_of_shot

# ---- target: which ball the monsterball shoots at (one the table confirms it can see) ----


@STEPS.legal_for("target", phase="shot", forcible=True)
def target_legal(state: State, data: Data) -> Legal:
    shooter = state.shooter
    skip = state.monsterball(shooter).id
    ids = [b.id for b in state.balls if b.gone is None and b.deflated_turn is None and b.id != skip]
    ids.append("none")
    return Legal("choose", shooter, tuple(ids))


@STEPS.prompt_for("target")
def target_prompt(state: State, data: Data, legal: Legal) -> Choose:
    shooter = state.monsterball(state.shooter)
    options = []
    for ball_id in legal.ids:
        if ball_id == "none":
            options.append(Option(id="none", label="No valid target: a duff", hint=f"+{data.scoring.duff} to the opponent",
                                  key="0"))  # fmt: skip
            continue
        ball = state.ball(ball_id)
        hint = "friendly" if ball.team == shooter.team else f"enemy: a boob, it bites back +{data.bite.boob_bonus}"
        options.append(Option(id=ball_id, label=f"{state.label(ball_id)} (STR {ball.strength})", hint=hint,
                              actor=ball.team, key=ball_key(state, ball_id)))
    return Choose(
        actor=legal.actor,
        text=f"{state.label(shooter.id)} (STR {shooter.strength}) shoots at which ball? "
        "(a clear straight line base to base, room by the edge it aims at)",
        options=tuple(options),
        refused=deflated_refusals(state, skip=shooter.id),
    )


@STEPS.forced_for("target")
def target_forced(state: State, data: Data, event: Event) -> None:
    note(state, "No ball on the table to shoot at (not asked).", state.shooter)


@STEPS.apply_for("target")
def target_apply(state: State, data: Data, event: Event) -> None:
    if event.value == "none":
        duff(state, data, "has no valid target")
        end_of_shot(state, data)
        return
    state.target = event.value
    if state.logged:
        note(state, f"{state.label(state.monsterball(state.shooter).id)} targets {state.label(event.value)}.",
             state.shooter)
    state.step = "momentum"


def duff(state: State, data: Data, why: str) -> None:
    other = 1 - state.shooter
    score(state, other, data.scoring.duff)
    if state.logged:
        shooter = state.label(state.monsterball(state.shooter).id)
        note(state, f"Duff! {shooter} {why}: +{data.scoring.duff} to {state.teams[other].name}.", other)


# ---- momentum: the power of the shot ----


@STEPS.legal_for("momentum", phase="shot")
def momentum_legal(state: State, data: Data) -> Legal:
    return Legal("number", state.shooter, max=data.shot.max_momentum)


@STEPS.prompt_for("momentum")
def momentum_prompt(state: State, data: Data, legal: Legal) -> Number:
    strength = state.monsterball(state.shooter).strength
    return Number(actor=legal.actor, text=f"Momentum for the shot (power = momentum + STR {strength}).",
                  min=legal.min, max=legal.max, unit="momentum")  # fmt: skip


@STEPS.apply_for("momentum")
def momentum_apply(state: State, data: Data, event: Event) -> None:
    strength = state.monsterball(state.shooter).strength
    state.momentum = event.value
    state.power = event.value + strength
    note(state, f"Momentum {event.value} + STR {strength} = {state.power} power.", state.shooter)
    state.step = "result"


# ---- result: hit (and after how far) or duff, as the table saw it ----


@STEPS.legal_for("result", phase="shot")
def result_legal(state: State, data: Data) -> Legal:
    most = max(0, state.power - state.monsterball(state.shooter).strength)
    return Legal("choose", None, ("miss", *[f"hit{extra}" for extra in range(most + 1)], *exit_ids(state)))


@STEPS.prompt_for("result")
def result_prompt(state: State, data: Data, legal: Legal) -> Choose:
    """Hit the target, with the distance in the same key: only inches past the free STR ones change the power
    it arrives with, so "within STR inches" is one answer, then one per inch up to the shot's power."""
    shooter = state.monsterball(state.shooter)
    strength, target = shooter.strength, state.label(state.target)
    options = []
    for answer in legal.ids:
        if answer == "miss":
            options.append(Option(id="miss", label="Hit nothing: a duff", key="0"))
        elif answer.startswith("hit"):
            extra = int(answer[3:])
            where = f"within {strength}\"" if extra == 0 else f"after {strength + extra}\""
            options.append(Option(id=answer, label=f"Hit {target} {where}: arrives with {state.power - extra} power",
                                  key=str(extra + 1) if extra < 9 else ""))  # fmt: skip
        else:
            options.append(exit_option(answer, prefix="Duff: "))
    winged = " It is winged: it may pass over the first ball in its way." if shooter.effect == "winged" else ""
    return Choose(
        text=f"{state.label(shooter.id)} moves with {state.power} power: up to {strength}\" free, "
        f"then 1 power per inch, {state.power}\" at most.{winged}",
        options=tuple(options),
        refused=exit_refusals(state, label="Duff: touched a portal"),
    )


@STEPS.apply_for("result")
def result_apply(state: State, data: Data, event: Event) -> None:
    answer = event.value
    if answer.startswith("hit"):
        shooter = state.monsterball(state.shooter)
        extra = int(answer[3:])
        if state.logged:
            inches = f"up to {shooter.strength}\"" if extra == 0 else f"{shooter.strength + extra}\""
            note(state, f"{state.label(shooter.id)} travels {inches} and arrives with {state.power - extra} power.",
                 state.shooter)
        start_bounce(state, data, shooter.id, state.target, state.power - extra)
        return
    duff(state, data, "hits nothing")
    if answer != "miss":
        leave(state, data, state.monsterball(state.shooter), answer)
    end_of_shot(state, data)
