"""Steps 4-5: the initiative marker sweeps the sectors clockwise, once to move, once to fight.

refbox replaces the cones: each figure's ``moves`` and ``fights`` count this turn, and only figures
still to go are offered. The order inside a sector (inner ring out, then clockwise) is the table's: it
picks who goes next among those listed.
"""

from __future__ import annotations

from dataclasses import replace
from operator import itemgetter

from refbox.engine.prompts import Choose, Event, Number, Option, Refusal
from refbox.games.rulerball import ballplay, harm
from refbox.games.rulerball.checks import check_prompt, check_result
from refbox.games.rulerball.data import Data
from refbox.games.rulerball.flow import (ALL_STAY_KEY, FIRST_KEY, FURTHER_KEY, PENALTY_KEY, QUIET_KEY, combat_step,
                                         figure_key, key, move_step, odds_hint)
from refbox.games.rulerball.models import Figure, State, assign, reset_pending
from refbox.games.rulerball.steps import STEPS, settle, step
from refbox.games.rulerball.track import (clockwise, counterclockwise_distance, in_sector, neighbours, reach,
                                          roll_target, signed_distance, success_chance, sweep_order, sweep_sector)


def _next_sector(state: State, data: Data, after: str) -> bool:
    state.sweep += 1
    if state.sweep >= data.track.sectors:
        state.sweep = 0
        state.step = after
    return True


# ---- 4. Move ----


def to_move(state: State, data: Data) -> list[Figure]:
    """Figures in the marker's sector still to move, in roster order."""
    s = (state.initiative + state.sweep - 1) % data.track.sectors + 1  # sweep_sector, on every move
    return [f for f in state.figures if f.sector == s and f.moves == 0 and f.place == "track"]


def _to_next_mover(state: State, data: Data, after: str) -> bool:
    """The marker's sector has a figure to move (False), else the marker goes on to the next sector that has
    one, or past the last to ``after``: what sector-by-sector skipping gives, in one pass over the figures."""
    n = data.track.sectors
    order, sweep = sweep_order(state.initiative, n), state.sweep
    nearest = n  # the nearest place in the sweep, from the marker's, with a figure to move
    for f in state.figures:
        k = order.get(f.sector)  # None off the track
        if k is not None and sweep <= k < nearest and f.moves == 0 and f.place == "track":
            if k == sweep:
                return False
            nearest = k
    if nearest < n:
        state.sweep = nearest
        return False  # settled: someone there to move
    state.sweep = 0
    state.step = after
    return True


def _sector_moved(state: State, data: Data) -> bool:
    return _to_next_mover(state, data, "combat_pick")


@step("move_pick", "move", sub="sweep", skip=_sector_moved)
def move_pick_prompt(state: State, data: Data) -> Choose:
    sector = sweep_sector(state, data.track.sectors)
    options = tuple(
        Option(id=f.id, label=state.label(f.id), hint=f.role + (" · ball" if state.ball.carrier == f.id else ""), actor=f.team)
        for f in to_move(state, data)
    )
    refused = tuple(
        Refusal(id=f.id, label=state.label(f.id), reason="it has already moved this turn")
        for f in in_sector(state, sector) if f.moves > 0
    )
    return Choose(text=f"Sector {sector} moves: who goes next (inner ring first, then clockwise)?", options=options,
                  refused=refused)


@move_pick_prompt.answer
def move_pick_apply(state: State, data: Data, event: Event) -> None:
    reset_pending(state, figure=str(event.value))
    state.step = "move_to"


@step("move_to", "move", sub="sweep")
def move_to_prompt(state: State, data: Data) -> Number:
    f = state.fig(state.pending.figure or "")
    return Number(
        actor=f.team,
        text=f"{state.label(f.id)} skates counterclockwise from sector {f.sector}: which sector does it end in?",
        min=1, max=data.track.sectors, unit="sector",
    )


@move_to_prompt.answer
def move_to_apply(state: State, data: Data, event: Event) -> None:
    f = state.fig(state.pending.figure or "")
    start, end = f.sector or 1, int(event.value)  # type: ignore[arg-type]
    _skated(state, data, f, end, counterclockwise_distance(start, end, data.track.sectors))


FURTHER = 10
"""The fewest sectors of the "further" answer (the move menu's own keys go up to 9)."""


@step("move_further", "move", sub="sweep")
def move_further_prompt(state: State, data: Data) -> Number:
    f = state.fig(state.pending.figure or "")
    n, start = data.track.sectors, f.sector or 1
    return Number(
        actor=f.team,
        text=f"{state.label(f.id)} skates {FURTHER} or more sectors counterclockwise from sector {start}: which sector "
             f"does it end in? (sector {clockwise(start, -FURTHER, n)} is {FURTHER} on, sector {start} a whole lap: "
             "ruling moves-further)",
        min=1, max=n, unit="sector",
    )


@move_further_prompt.answer
def move_further_apply(state: State, data: Data, event: Event) -> None:
    f = state.fig(state.pending.figure or "")
    n, end = data.track.sectors, int(event.value)  # type: ignore[arg-type]
    gone = counterclockwise_distance(f.sector or 1, end, n)
    _skated(state, data, f, end, gone if gone >= FURTHER else gone + n)


def _skated(state: State, data: Data, f: Figure, end: int, gone: int) -> None:
    start = f.sector or 1
    f.sector, f.moves = end, f.moves + 1
    state.note(state.stamp("Move"), f"{state.label(f.id)}: sector {start} -> {end} ({gone} sector(s)).", f.team)
    if state.ball.carrier == f.id:
        ballplay.carry(state, data, f, gone)
    after_carrier_moves(state, f)


# ---- 4. Move, in fewer keys: the figures walked in order, one key each ----


def walker(state: State, data: Data) -> Figure:
    """The figure whose move is asked: the one the table named to go first, else the next in roster order."""
    return walker_of(state, to_move(state, data))


def walker_of(state: State, here: list[Figure]) -> Figure:
    chosen = state.pending.figure
    if chosen is not None:
        for f in here:
            if f.id == chosen:
                return f
    return here[0]


def _sector_walked(state: State, data: Data) -> bool:
    return _to_next_mover(state, data, "combat_walk")


@step("move_walk", "move", sub="sweep", skip=_sector_walked, settles_itself=True)
def move_walk_prompt(state: State, data: Data) -> Choose:
    n = data.track.sectors
    f = walker(state, data)
    start = f.sector or 1
    ball = ", with the ball" if state.ball.carrier == f.id else ""
    options = [Option(id="stay", label=f"Stays in sector {start}", key=QUIET_KEY),
               Option(id="all_stay", label="All figures still to move stay",
                      key=ALL_STAY_KEY)]
    options += [Option(id=str(k), label=f"Moves {k} → sector {clockwise(start, -k, n)}", key=str(k), actor=f.team)
                for k in range(1, min(9, n - 1) + 1)]
    if n - 1 >= FURTHER:
        options.append(Option(id="further", label=f"Moves {FURTHER} or more: type the end sector", key=FURTHER_KEY))
    if len(to_move(state, data)) > 1:
        options.append(Option(id="first", label="Another figure of this sector goes first", key=FIRST_KEY))
    return Choose(actor=f.team, text=f"{state.label(f.id)} ({f.role}{ball}) in sector {start}: how far "
                                     "counterclockwise?", options=tuple(options))


@move_walk_prompt.answer
def move_walk_apply(state: State, data: Data, event: Event) -> None:
    """Settles the state before and after, as rules.apply does for other steps, knowing who is left to move."""
    here = to_move(state, data)
    if not here:  # not settled yet
        settle(state, data)
        STEPS[state.step].apply(state, data, event)
        settle(state, data)
        return
    _walk(state, data, event, walker_of(state, here))
    if not (state.step == "move_walk" and len(here) > 1):  # else the others here are still to move: settled
        settle(state, data)


def _walk(state: State, data: Data, event: Event, f: Figure) -> None:
    value = str(event.value)
    if value == "all_stay":
        for g in state.figures:
            if g.on_track and g.moves == 0:
                g.moves = 1
        state.note(state.stamp("Move"), "Every figure still to move stays where it is.")
        reset_pending(state)
        state.sweep = 0
        state.step = "combat_walk"
        return
    if value == "further":
        reset_pending(state, figure=f.id)
        state.step = "move_further"
        return
    if value == "first":
        state.step = "move_first"
        return
    gone = 0 if value == "stay" else int(value)
    start = f.sector or 1
    end = clockwise(start, -gone, data.track.sectors)
    assign(f, sector=end, moves=f.moves + 1)
    if gone:
        state.note(state.stamp("Move"), f"{state.label_of(f)}: sector {start} -> {end} ({gone} sector(s)).", f.team)
    if state.ball.carrier == f.id:
        ballplay.carry(state, data, f, gone)
        after_carrier_moves(state, f)
    else:  # what after_carrier_moves does for anyone but the carrier
        reset_pending(state)
        state.step = move_step(state)


@step("move_first", "move", sub="sweep")
def move_first_prompt(state: State, data: Data) -> Choose:
    here = to_move(state, data)
    f = walker(state, data)
    options = [Option(id="back", label=f"{state.label(f.id)} after all", key=QUIET_KEY)]
    options += [Option(id=g.id, label=state.label(g.id), hint=g.role, actor=g.team, key=figure_key(state, g))
                for g in here if g is not f]
    return Choose(text=f"Sector {sweep_sector(state, data.track.sectors)}: which figure moves next (inner ring "
                       "first, then clockwise)?", options=tuple(options))


@move_first_prompt.answer
def move_first_apply(state: State, data: Data, event: Event) -> None:
    if event.value != "back":
        reset_pending(state, figure=str(event.value))
    state.step = "move_walk"


def _handoff_targets(state: State, data: Data, catcher: Figure) -> list[Figure]:
    near = neighbours(catcher.sector or 1, data.track.sectors)
    return [f for f in state.figures if f.team == catcher.team and f.role == "skater" and f.on_track and f.sector in near]


def after_carrier_moves(state: State, f: Figure) -> None:
    """After ``f`` moved: a hand-off or a shot to ask about (``f`` pending), else the next move."""
    if state.ball.carrier == f.id and f.role == "catcher":
        reset_pending(state, figure=f.id)
        state.step = "handoff"
    elif ballplay.may_shoot(state, f):
        reset_pending(state, figure=f.id)
        state.step = "shot_declare"
    else:
        reset_pending(state)
        state.step = move_step(state)


def _no_handoff(state: State, data: Data) -> bool:
    catcher = state.fig(state.pending.figure or "")
    if _handoff_targets(state, data, catcher):
        return False
    reset_pending(state)
    state.step = move_step(state)
    return True


@step("handoff", "move", sub="sweep", skip=_no_handoff)
def handoff_prompt(state: State, data: Data) -> Choose:
    catcher = state.fig(state.pending.figure or "")
    options = [Option(id="keep", label=f"{catcher.name} keeps the ball", actor=catcher.team,
                      key=key(state, QUIET_KEY))]
    chance = _chance(data.rolls.handoff, catcher, None)
    options += [
        Option(id=s.id, label=f"Hand off to {s.name}", hint=odds_hint(f"sector {s.sector}", chance), actor=s.team,
               key=figure_key(state, s), chance=chance)
        for s in _handoff_targets(state, data, catcher)
    ]
    return Choose(actor=catcher.team, text=f"{state.label(catcher.id)} has the ball: hand it off to a skater?", options=tuple(options))


@handoff_prompt.answer
def handoff_apply(state: State, data: Data, event: Event) -> None:
    if event.value == "keep":
        reset_pending(state)
        state.step = move_step(state)
        return
    state.pending.other = str(event.value)
    state.step = "handoff_roll"


@step("handoff_roll", "move", sub="sweep")
def handoff_roll_prompt(state: State, data: Data):
    catcher, skater = state.fig(state.pending.figure or ""), state.fig(state.pending.other or "")
    return check_prompt(
        data.rolls.handoff, catcher, None, actor=catcher.team,
        text=f"{state.label(catcher.id)} hands the ball to {skater.name}.",
        purpose="hand-off", success=f"{skater.name} has the ball", failure="Fumbled", who=state.label(catcher.id),
    )


@handoff_roll_prompt.answer
def handoff_roll_apply(state: State, data: Data, event: Event) -> None:
    catcher, skater = state.fig(state.pending.figure or ""), state.fig(state.pending.other or "")
    ok, how = check_result(data.rolls.handoff, catcher, None, event)
    if not ok:
        state.note(state.stamp("Move"), f"{state.label(catcher.id)} fumbles the hand-off ({how}).", catcher.team)
        state.step = "ball_loss"
        state.pending.winner = None
        state.pending.other = "move"
        return
    state.ball.carrier = skater.id
    state.note(state.stamp("Move"), f"{state.label(catcher.id)} hands the ball to {skater.name} ({how}).", catcher.team)
    ballplay.carry(state, data, skater, signed_distance(catcher.sector or 1, skater.sector or 1, data.track.sectors))
    if ballplay.may_shoot(state, skater):
        reset_pending(state, figure=skater.id)
        state.step = "shot_declare"
    else:
        reset_pending(state)
        state.step = move_step(state)


@step("shot_declare", "move", sub="sweep")
def shot_declare_prompt(state: State, data: Data) -> Choose:
    f = state.fig(state.pending.figure or "")
    return Choose(
        actor=f.team,
        text=f"{state.label(f.id)} carries the active ball: attempt to score at the goal it approaches?",
        options=(Option(id="shoot", label="Declare a scoring attempt", actor=f.team, key=key(state, "1"),
                        chance=_chance(data.rolls.shot, f, None), hint=odds_hint("", _chance(data.rolls.shot, f, None))),
                 Option(id="no", label="No shot", key=key(state, QUIET_KEY))),
    )


@shot_declare_prompt.answer
def shot_declare_apply(state: State, data: Data, event: Event) -> None:
    f = state.fig(state.pending.figure or "")
    if event.value == "shoot":
        state.ball.shooter = f.id
        state.note(state.stamp("Move"), f"{state.label(f.id)} will attempt to score (resolved in the Score step).", f.team)
    reset_pending(state)
    state.step = move_step(state)


# ---- 5. Combat ----

FOUGHT = "it has already fought this turn (one fight per figure)"


def targets(state: State, data: Data, attacker: Figure) -> list[Figure]:
    near = neighbours(attacker.sector or 1, data.track.sectors)
    return [f for f in state.figures if f.team != attacker.team and f.on_track and f.fights == 0 and f.sector in near]


def to_fight(state: State, data: Data) -> list[Figure]:
    here = in_sector(state, sweep_sector(state, data.track.sectors))
    return [f for f in here if f.fights == 0 and targets(state, data, f)]


def _sector_fought(state: State, data: Data) -> bool:
    return False if to_fight(state, data) else _next_sector(state, data, "penalty")


@step("combat_pick", "combat", sub="fights", skip=_sector_fought)
def combat_pick_prompt(state: State, data: Data) -> Choose:
    sector = sweep_sector(state, data.track.sectors)
    options = [Option(id="done", label=f"No more fights in sector {sector}")]  # first: key 1 whoever is left
    options += [Option(id=f.id, label=f"{state.label(f.id)} engages", hint=f.role, actor=f.team) for f in to_fight(state, data)]
    refused = tuple(
        Refusal(id=f.id, label=state.label(f.id), reason=FOUGHT)
        for f in in_sector(state, sector) if f.fights > 0
    )
    return Choose(text=f"Sector {sector} fights: who engages?", options=tuple(options), refused=refused)


@combat_pick_prompt.answer
def combat_pick_apply(state: State, data: Data, event: Event) -> None:
    if event.value == "done":
        _next_sector(state, data, "penalty")
        return
    reset_pending(state, figure=str(event.value))
    state.step = "combat_target"


def _one_target(state: State, data: Data) -> bool:
    """Fewer keys: an attacker with a single figure in reach fights it without a question (the log names it)."""
    if not state.fewer_keys:
        return False
    a = state.fig(state.pending.figure or "")
    there = targets(state, data, a)
    if len(there) != 1:
        return False
    state.pending.other = there[0].id
    state.step = "combat_roll"
    return True


@step("combat_target", "combat", sub="fights", skip=_one_target)
def combat_target_prompt(state: State, data: Data) -> Choose:
    a = state.fig(state.pending.figure or "")
    options = tuple(
        Option(id=f.id, label=state.label(f.id) + (" ● ball" if state.ball.carrier == f.id else ""),
               hint=odds_hint(f"sector {f.sector}, {f.role}", _chance(data.rolls.combat, a, f)),
               actor=f.team, key=figure_key(state, f), chance=_chance(data.rolls.combat, a, f))
        for f in targets(state, data, a)
    )
    near = neighbours(a.sector or 1, data.track.sectors)
    refused = tuple(
        Refusal(id=f.id, label=state.label(f.id), reason=FOUGHT)
        for f in state.figures if f.team != a.team and f.on_track and f.fights > 0 and f.sector in near
    )
    return Choose(actor=a.team, text=f"Whom does {state.label(a.id)} engage (in contact on the table)?", options=options,
                  refused=refused)


@combat_target_prompt.answer
def combat_target_apply(state: State, data: Data, event: Event) -> None:
    state.pending.other = str(event.value)
    state.step = "combat_roll"


@step("combat_roll", "combat", sub="fights")
def combat_roll_prompt(state: State, data: Data):
    a, t = state.fig(state.pending.figure or ""), state.fig(state.pending.other or "")
    failure = "Attacker loses" if data.rolls.combat_failure == "attacker_loses" else "No effect"
    prompt = check_prompt(
        data.rolls.combat, a, t, actor=a.team, text=f"{state.label(a.id)} fights {state.label(t.id)}.",
        purpose="combat", success=f"{t.name} loses", failure=failure, who=state.label(a.id),
    )
    if isinstance(prompt, Choose):  # entered by the table: either side may lose, or neither
        prompt = replace(prompt, options=(
            Option(id="success", label=f"{state.label(a.id)} wins", actor=a.team, key=key(state, "1")),
            Option(id="failure", label="No effect", key=key(state, QUIET_KEY)),
            Option(id="defender", label=f"{state.label(t.id)} wins", actor=t.team, key=key(state, "2")),
        ))
    return prompt


@combat_roll_prompt.answer
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
        state.note(state.stamp("Combat"), f"{state.label(a.id)} fights {state.label(t.id)}: no effect ({how}).", a.team)
        reset_pending(state)
        state.step = combat_step(state)
        return
    state.note(state.stamp("Combat"), f"{state.label(winner.id)} beats {state.label(loser.id)} ({how}).", winner.team)
    state.record("fights won", winner.team, winner.name)
    harm.begin(state, data, victim=loser.id, winner=winner.id, resume="combat")


# ---- 5. Combat, in fewer keys: one question for the rest of the sweep ----


def attackers(state: State, data: Data) -> list[Figure]:
    """Figures that may still start a fight: in sweep order from the marker's sector (roster order within a
    sector), with someone in reach."""
    n, sweep = data.track.sectors, state.sweep
    order = sweep_order(state.initiative or 1, n)
    ready = [(f, f.team, f.sector) for f in state.figures if f.fights == 0 and f.place == "track"]  # fields read once
    sectors = ({s for _, team, s in ready if team == 0}, {s for _, team, s in ready if team == 1})
    near = reach(n)
    out = [(order[s], f) for f, team, s in ready if order[s] >= sweep and not near[s].isdisjoint(sectors[1 - team])]
    out.sort(key=_PLACE)  # stable: roster order within a sector
    return [f for _, f in out]


_PLACE = itemgetter(0)


@step("combat_walk", "combat", sub="fights")
def combat_walk_prompt(state: State, data: Data) -> Choose:
    options = [Option(id="done", label="No more fights this turn, no penalty", key=QUIET_KEY),
               Option(id="penalty", label="No more fights; the referees called a penalty", key=PENALTY_KEY)]
    fighters = attackers(state, data)
    n = data.track.sectors
    order = {clockwise(state.initiative or 1, k, n): k for k in range(n)}  # sector -> its place in the sweep
    for f in fighters:
        ball = " ● ball" if state.ball.carrier == f.id else ""
        passed = sorted({g.sector for g in fighters if state.sweep <= order[g.sector] < order[f.sector]},
                        key=order.__getitem__)
        skips = f" · passes sector {', '.join(map(str, passed))}: no more fights there" if passed else ""
        options.append(Option(id=f.id, label=f"{state.label(f.id)} engages{ball}",
                              hint=f"sector {f.sector}, {f.role}{skips}", actor=f.team, key=figure_key(state, f)))
    refused = tuple(Refusal(id=f.id, label=state.label(f.id), reason=FOUGHT) for f in state.figures
                    if f.on_track and f.fights > 0)
    return Choose(text="Fights, in sweep order from the marker: who engages next?", options=tuple(options),
                  refused=refused)


@combat_walk_prompt.answer
def combat_walk_apply(state: State, data: Data, event: Event) -> None:
    value = str(event.value)
    if value in ("done", "penalty"):
        state.sweep = 0
        reset_pending(state)
        state.step = "score" if value == "done" else "penalty"
        return
    a = state.fig(value)
    state.sweep = sweep_order(state.initiative or 1, data.track.sectors)[a.sector]  # an attacker is not behind it
    reset_pending(state, figure=a.id)
    state.step = "combat_target"


def _chance(rule, figure: Figure, opponent: Figure | None) -> float | None:
    """The chance a check from the ruleset's numbers succeeds, or None when it is entered by the table."""
    target = roll_target(rule, figure, opponent) if rule else None
    return None if target is None else success_chance(rule.dice, rule.sides, rule.succeed, target)


# ---- after combat: penalties called by the referees ----


@step("penalty", "combat", sub="penalties")
def penalty_prompt(state: State, data: Data) -> Choose:
    options = [Option(id="none", label="No (more) penalties", key=key(state, QUIET_KEY))]
    options += [Option(id=f.id, label=f"Penalty on {state.label(f.id)}", hint=f"sector {f.sector}", actor=f.team,
                       key=figure_key(state, f))
                for f in state.figures if f.on_track]
    return Choose(text="Did the referees call a penalty this turn?", options=tuple(options))


@penalty_prompt.answer
def penalty_apply(state: State, data: Data, event: Event) -> None:
    if event.value == "none":
        reset_pending(state)
        state.step = "score"
        return
    reset_pending(state, figure=str(event.value), other="penalty")
    if data.penalty_minutes is None:
        state.step = "penalty_minutes"
    else:
        _to_box(state, data, data.penalty_minutes)


@step("penalty_minutes", "combat", sub="penalties")
def penalty_minutes_prompt(state: State, data: Data) -> Number:
    f = state.fig(state.pending.figure or "")
    return Number(actor=None, text=f"How many minutes in the Penalty Box for {state.label(f.id)}?",  # the referee decides
                  min=1, max=data.game_minutes, unit="min")


@penalty_minutes_prompt.answer
def penalty_minutes_apply(state: State, data: Data, event: Event) -> None:
    _to_box(state, data, int(event.value))  # type: ignore[arg-type]


def _to_box(state: State, data: Data, minutes: int) -> None:
    f = state.fig(state.pending.figure or "")
    state.record("penalties", f.team, f.name)
    state.record("penalty minutes", f.team, f.name, minutes)
    harm.send_off(state, f, "penalty", minutes, "Penalty")
    harm.after_harm(state, data)
