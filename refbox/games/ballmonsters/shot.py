"""The shot: the monsterball's target, its momentum and power, and whether it hits or duffs (the table says)."""

from __future__ import annotations

from refbox.engine.prompts import Choose, Event, Legal, Number, Option
from refbox.games.ballmonsters import onmat
from refbox.games.ballmonsters.mat_view import ball_cell, cell_of
from refbox.games.ballmonsters.bite import after_facing
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
    if state.mat:  # the balls it can see with room by a facing edge, computed (or none: a duff)
        return Legal("choose", shooter, tuple(onmat.targets(state, data)) or ("none",))
    skip = state.monsterball(shooter).id
    ids = [b.id for b in state.balls if b.gone is None and b.deflated_turn is None and b.id != skip]
    ids.append("none")
    return Legal("choose", shooter, tuple(ids))


@STEPS.prompt_for("target")
def target_prompt(state: State, data: Data, legal: Legal) -> Choose:
    shooter = state.monsterball(state.shooter)
    if state.mat:
        return _mat_target_prompt(state, data, legal)
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
    state.step = "aim" if state.mat else "momentum"


def _mat_target_prompt(state: State, data: Data, legal: Legal) -> Choose:
    shooter = state.monsterball(state.shooter)
    if legal.ids == ("none",):
        return Choose(actor=legal.actor, text=f"{state.label(shooter.id)} sees no ball it can reach: a duff.",
                      options=(Option(id="none", label="No valid target: a duff", key="0"),))
    reach = onmat.targets(state, data)
    options = []
    for ball_id in legal.ids:
        ball = state.ball(ball_id)
        near = min(onmat.shot_reach(state, data, place)[1] for place in reach[ball_id].values())
        kind = "friendly" if ball.team == shooter.team else "enemy"
        if kind == "enemy" and not state.friendly_hit:
            kind += f", boob +{data.bite.boob_bonus}"
        options.append(Option(id=ball_id, label=f"{state.label(ball_id)} (STR {ball.strength})",
                              hint=f"{near}\", {kind}", actor=ball.team,
                              key=ball_key(state, ball_id), at=ball_cell(state, data, ball_id)))
    return Choose(
        actor=legal.actor,
        text=f"{state.label(shooter.id)} (STR {shooter.strength}) shoots at which ball? Only balls it can see with "
        "room by a facing edge are offered (lit on the mat).",
        options=tuple(options),
        refused=deflated_refusals(state, skip=shooter.id),
    )


# ---- aim (on the mat): the target's facing edge, and which of the shooter's sides goes against it ----


@STEPS.legal_for("aim", phase="shot", forcible=True)
def aim_legal(state: State, data: Data) -> Legal:
    edges = onmat.targets(state, data)[state.target]
    return Legal("choose", state.shooter, tuple(onmat.aim_id(k, kind) for k in sorted(edges)
                                                for kind in onmat.SIDE_KINDS))


@STEPS.prompt_for("aim")
def aim_prompt(state: State, data: Data, legal: Legal) -> Choose:
    shooter, target = state.monsterball(state.shooter), state.ball(state.target)
    edges = onmat.targets(state, data)[state.target]
    friendly = target.team == shooter.team
    table = data.bite.friendly if friendly else data.bite.unfriendly
    boob = not friendly and not state.friendly_hit
    options = []
    for n, answer in enumerate(legal.ids, start=1):
        k, kind = onmat.read_aim(answer)
        _, paid = onmat.shot_reach(state, data, edges[k])
        key = onmat.facing_key(k, kind)
        bite = "bite roll (boob)" if boob else "bite roll" if table.calls_for_bite(key) else "no bite"
        their = "bitey" if k < 3 else "back"
        options.append(Option(id=answer, key=str(n) if n < 10 else "", label=f"Edge {k + 1} ({their}), its {kind}",
                              hint=f"{paid}\", {bite}", at=cell_of(data, *edges[k]) if kind == "bitey" else None))
    return Choose(actor=legal.actor, text=f"{state.label(shooter.id)} hits {state.label(target.id)} on which facing "
                  "edge (its sides 1-3 are bitey, 4-6 back), and with its bitey or back side? (each edge's bitey key is "
                  "drawn on the mat where it would sit)", options=tuple(options))


@STEPS.apply_for("aim")
def aim_apply(state: State, data: Data, event: Event) -> None:
    state.aim = event.value
    state.step = "momentum"


def shoot(state: State, data: Data) -> None:
    """On the mat: the shot flies to its declared edge if it has the power; else a duff where it stood."""
    shooter = state.monsterball(state.shooter)
    k, kind = onmat.read_aim(state.aim)
    place = onmat.targets(state, data)[state.target][k]
    mm, paid = onmat.shot_reach(state, data, place)
    arrives = onmat.arriving_power(state.power, shooter.strength, paid)
    if arrives is None:
        x, y = onmat.fall_short(state, data, shooter.id, place, state.power)
        duff(state, data, f"falls short: {onmat.inches(mm):.2f}\" away pays {paid}\", and {state.power} power "
             f"reaches {state.power}\"; it halts at ({x}, {y}) mm")
        end_of_shot(state, data)
        return
    note(state, f"{state.label(shooter.id)} travels {onmat.inches(mm):.2f}\" (pays {paid}\", {shooter.strength}\" "
         f"free) and arrives with {arrives} power.", state.shooter)
    onmat.lay_against(state, data, shooter.id, state.target, k, kind)
    start_bounce(state, data, shooter.id, state.target, arrives)
    state.bounce.side = k
    state.bounce.facing = onmat.facing_key(k, kind)
    after_facing(state, data)


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
    text = f"Momentum for the shot (power = momentum + STR {strength})."
    if state.mat:
        text += "\n" + _reach_preview(state, data, legal.min, legal.max)
    return Number(actor=legal.actor, text=text, min=legal.min, max=legal.max, unit="momentum")


def _reach_preview(state: State, data: Data, low: int, high: int) -> str:
    """What each momentum does on the mat: the power it arrives with, or a duff."""
    strength = state.monsterball(state.shooter).strength
    k, _ = onmat.read_aim(state.aim)
    mm, paid = onmat.shot_reach(state, data, onmat.targets(state, data)[state.target][k])
    words = []
    for m in range(low, high + 1):
        arrives = onmat.arriving_power(m + strength, strength, paid)
        words.append(f"{m}: duff" if arrives is None else f"{m}: {arrives}")
    return (f"The edge is {onmat.inches(mm):.2f}\" away ({paid}\" paid, {strength}\" free). Power on arrival by "
            f"momentum: {' · '.join(words)}")


@STEPS.apply_for("momentum")
def momentum_apply(state: State, data: Data, event: Event) -> None:
    strength = state.monsterball(state.shooter).strength
    state.momentum = event.value
    state.power = event.value + strength
    note(state, f"Momentum {event.value} + STR {strength} = {state.power} power.", state.shooter)
    if state.mat:
        shoot(state, data)
        return
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
