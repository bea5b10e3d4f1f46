"""Step 5 of a game turn: the marker sweeps again and figures fight, once each; then the referees' penalties.

One question covers the rest of the sweep: every figure still able to start a fight, in sweep order from the
marker (engaging in a later sector moves the marker there: ruling fewer-keys-order).
"""

from __future__ import annotations

from operator import itemgetter

from refbox.engine.prompts import Choose, Event, Legal, Number, Option, Refusal
from refbox.games.rulerball import steps_harm as harm
from refbox.games.rulerball.checks import FAILURE, SUCCESS, check_legal, check_prompt, check_result
from refbox.games.rulerball.data import Data
from refbox.games.rulerball.keys import PENALTY_KEY, QUIET_KEY, figure_key, odds_hint
from refbox.games.rulerball.models import Figure, Pending, State
from refbox.games.rulerball.steps import STEPS
from refbox.games.rulerball.track import chance

FOUGHT = "it has already fought this turn (one fight per figure)"


def attackers(state: State, data: Data) -> list[Figure]:
    """Figures that may still start a fight: in sweep order from the marker's sector (roster order within a
    sector), with someone in reach."""
    order, sweep, near = data.sweep_orders[state.initiative or 1], state.sweep, data.reach
    ready = [(f, f.team, f.sector) for f in state.figures if f.fights == 0 and f.place == "track"]  # read once
    sectors = ({s for _, team, s in ready if team == 0}, {s for _, team, s in ready if team == 1})
    out = [(order[s], f) for f, team, s in ready if order[s] >= sweep and not near[s].isdisjoint(sectors[1 - team])]
    out.sort(key=_PLACE)  # stable: roster order within a sector
    return [f for _, f in out]


_PLACE = itemgetter(0)


def targets(state: State, data: Data, attacker: Figure) -> list[Figure]:
    near = data.reach[attacker.sector or 1]
    return [f for f in state.figures
            if f.team != attacker.team and f.place == "track" and f.fights == 0 and f.sector in near]


@STEPS.legal_for("combat_walk", phase="combat")
def combat_walk_legal(state: State, data: Data) -> Legal:
    return Legal("choose", None, ("done", "penalty", *[f.id for f in attackers(state, data)]))


@STEPS.prompt_for("combat_walk")
def combat_walk_prompt(state: State, data: Data, legal: Legal) -> Choose:
    options = [Option(id="done", label="No more fights this turn, no penalty", key=QUIET_KEY),
               Option(id="penalty", label="No more fights; the referees called a penalty", key=PENALTY_KEY)]
    fighters = [state.fig(i) for i in legal.ids[2:]]
    order = data.sweep_orders[state.initiative or 1]
    for f in fighters:
        ball = " ● ball" if state.ball.carrier == f.id else ""
        passed = sorted({g.sector for g in fighters if state.sweep <= order[g.sector] < order[f.sector]},  # type: ignore[index]
                        key=order.__getitem__)
        skips = f" · passes sector {', '.join(map(str, passed))}: no more fights there" if passed else ""
        options.append(Option(id=f.id, label=f"{state.label_of(f)} engages{ball}",
                              hint=f"sector {f.sector}, {f.role}{skips}", actor=f.team, key=figure_key(state, f)))
    refused = tuple(Refusal(id=f.id, label=state.label_of(f), reason=FOUGHT) for f in state.figures
                    if f.on_track and f.fights > 0)
    return Choose(text="Fights, in sweep order from the marker: who engages next?", options=tuple(options),
                  refused=refused)


@STEPS.apply_for("combat_walk")
def combat_walk_apply(state: State, data: Data, event: Event) -> None:
    value = str(event.value)
    if value in ("done", "penalty"):
        state.sweep = 0
        state.pending = Pending()
        state.step = "score" if value == "done" else "penalty"
        return
    a = state.fig(value)
    state.sweep = data.sweep_orders[state.initiative or 1][a.sector]  # type: ignore[index]  # never behind it
    state.pending = Pending(figure=a.id)
    state.step = "combat_target"


@STEPS.legal_for("combat_target", phase="combat", forcible=True)
def combat_target_legal(state: State, data: Data) -> Legal:
    """Whom the attacker engages; one figure in reach is fought without a question (the fight's log names it)."""
    a = state.fig(state.pending.figure or "")
    return Legal("choose", a.team, tuple(f.id for f in targets(state, data, a)))


@STEPS.prompt_for("combat_target")
def combat_target_prompt(state: State, data: Data, legal: Legal) -> Choose:
    a = state.fig(state.pending.figure or "")
    options = []
    for target_id in legal.ids:
        f = state.fig(target_id)
        p = chance(data.rolls.combat, a, f)
        options.append(Option(id=f.id, label=state.label_of(f) + (" ● ball" if state.ball.carrier == f.id else ""),
                              hint=odds_hint(f"sector {f.sector}, {f.role}", p), actor=f.team,
                              key=figure_key(state, f), chance=p, chance_of=f"{state.label_of(a)} winning the fight"))
    near = data.reach[a.sector or 1]
    refused = tuple(
        Refusal(id=f.id, label=state.label_of(f), reason=FOUGHT)
        for f in state.figures if f.team != a.team and f.on_track and f.fights > 0 and f.sector in near
    )
    return Choose(actor=a.team, text=f"Whom does {state.label_of(a)} engage (in contact on the table)?",
                  options=tuple(options), refused=refused)


@STEPS.apply_for("combat_target")
def combat_target_apply(state: State, data: Data, event: Event) -> None:
    state.pending.other = str(event.value)
    state.step = "combat_roll"


@STEPS.legal_for("combat_roll", phase="combat")
def combat_roll_legal(state: State, data: Data) -> Legal:
    a, t = state.fig(state.pending.figure or ""), state.fig(state.pending.other or "")
    return check_legal(data.rolls.combat, a, t, a.team, (SUCCESS, FAILURE, "defender"))


@STEPS.prompt_for("combat_roll")
def combat_roll_prompt(state: State, data: Data, legal: Legal):
    a, t = state.fig(state.pending.figure or ""), state.fig(state.pending.other or "")
    attacker, defender = state.label_of(a), state.label_of(t)
    failure = "Attacker loses" if data.rolls.combat_failure == "attacker_loses" else "No effect"
    entered = {SUCCESS: Option(id=SUCCESS, label=f"{attacker} wins", actor=a.team, key="1"),  # either side may lose
               FAILURE: Option(id=FAILURE, label="No effect", key=QUIET_KEY),
               "defender": Option(id="defender", label=f"{defender} wins", actor=t.team, key="2")}
    return check_prompt(legal, data.rolls.combat, a, t, text=f"{attacker} fights {defender}.", purpose="combat",
                        success=f"{t.name} loses", failure=failure, who=attacker, choices=entered)


@STEPS.apply_for("combat_roll")
def combat_roll_apply(state: State, data: Data, event: Event) -> None:
    a, t = state.fig(state.pending.figure or ""), state.fig(state.pending.other or "")
    a.fights += 1
    t.fights += 1
    state.record("fights", a.team, a.name)
    state.record("fights", t.team, t.name)
    if event.kind == "choose" and event.value == "defender":
        winner, loser, how = t, a, "entered by the table"
    else:
        ok, how = check_result(data.rolls.combat, a, t, event)
        attacker_loses = not ok and data.rolls.combat_failure == "attacker_loses" and event.kind == "roll"
        winner, loser = (a, t) if ok else ((t, a) if attacker_loses else (None, None))
    if winner is None or loser is None:
        state.note(state.stamp("Combat"), f"{state.label_of(a)} fights {state.label_of(t)}: no effect ({how}).", a.team)
        state.pending = Pending()
        state.step = "combat_walk"
        return
    state.note(state.stamp("Combat"), f"{state.label_of(winner)} beats {state.label_of(loser)} ({how}).", winner.team)
    state.record("fights won", winner.team, winner.name)
    harm.begin(state, data, victim=loser.id, winner=winner.id, resume="combat")


# ---- after combat: penalties called by the referees ----


@STEPS.legal_for("penalty", phase="combat")
def penalty_legal(state: State, data: Data) -> Legal:
    return Legal("choose", None, ("none", *[f.id for f in state.figures if f.place == "track"]))


@STEPS.prompt_for("penalty")
def penalty_prompt(state: State, data: Data, legal: Legal) -> Choose:
    options = [Option(id="none", label="No (more) penalties", key=QUIET_KEY)]
    for figure_id in legal.ids[1:]:
        f = state.fig(figure_id)
        options.append(Option(id=f.id, label=f"Penalty on {state.label_of(f)}", hint=f"sector {f.sector}",
                              actor=f.team, key=figure_key(state, f)))
    return Choose(text="Did the referees call a penalty this turn?", options=tuple(options))


@STEPS.apply_for("penalty")
def penalty_apply(state: State, data: Data, event: Event) -> None:
    if event.value == "none":
        state.pending = Pending()
        state.step = "score"
        return
    state.pending = Pending(figure=str(event.value), other="penalty")
    if data.penalty_minutes is None:
        state.step = "penalty_minutes"
    else:
        _to_box(state, data, data.penalty_minutes)


@STEPS.legal_for("penalty_minutes", phase="combat")
def penalty_minutes_legal(state: State, data: Data) -> Legal:
    return Legal("number", None, min=1, max=data.game_minutes)  # the referee decides, not the penalised team


@STEPS.prompt_for("penalty_minutes")
def penalty_minutes_prompt(state: State, data: Data, legal: Legal) -> Number:
    return Number(actor=None, text=f"How many minutes in the Penalty Box for {state.label(state.pending.figure or '')}?",
                  min=legal.min, max=legal.max, unit="min")  # type: ignore[arg-type]


@STEPS.apply_for("penalty_minutes")
def penalty_minutes_apply(state: State, data: Data, event: Event) -> None:
    _to_box(state, data, int(event.value))  # type: ignore[arg-type]


def _to_box(state: State, data: Data, minutes: int) -> None:
    f = state.fig(state.pending.figure or "")
    state.record("penalties", f.team, f.name)
    state.record("penalty minutes", f.team, f.name, minutes)
    harm.send_off(state, f, "penalty", minutes, "Penalty")
    harm.after_harm(state, data)
