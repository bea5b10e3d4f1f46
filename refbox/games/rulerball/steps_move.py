"""Steps 3-4 of a game turn: initiative, then the marker sweeps the sectors clockwise and every figure moves once.

refbox replaces the cones: each figure's ``moves`` counts this turn, and only figures still to move are asked.
refbox walks the figures of the marker's sector in roster order; the table may name another to go first (the
order inside a sector, inner ring out, is the table's: ruling fewer-keys-order).
"""

from __future__ import annotations

from refbox.engine.dice import percent
from refbox.engine.prompts import Choose, DieSpec, Event, Legal, Number, Option, Outcome, Refusal, Roll
from refbox.games.rulerball import ballplay
from refbox.games.rulerball.checks import check_legal, check_prompt, check_result
from refbox.games.rulerball.data import FURTHER, Data
from refbox.games.rulerball.keys import ALL_STAY_KEY, FIRST_KEY, FURTHER_KEY, QUIET_KEY, figure_key, odds_hint
from refbox.games.rulerball.models import Figure, Pending, State
from refbox.games.rulerball.steps import STEPS
from refbox.games.rulerball.track import (chance, clockwise, counterclockwise_distance, in_sector,
                                          signed_distance, sweep_sector)

# ---- 3. Initiative ----


@STEPS.legal_for("initiative", phase="initiative")
def initiative_legal(state: State, data: Data) -> Legal:
    return Legal("roll", None, sides=(data.track.sectors,))


@STEPS.prompt_for("initiative")
def initiative_prompt(state: State, data: Data, legal: Legal) -> Roll:
    n = legal.sides[0]
    return Roll(
        text=f"Roll the d{n} for initiative: the marker starts in that sector.",
        purpose="initiative",
        dice=(DieSpec(sides=n, label="Initiative", note=f"each sector {percent(1 / n)}"),),
        success="the face is the first sector to move",
        odds=(Outcome(label="each sector", probability=1 / n),),
    )


@STEPS.apply_for("initiative")
def initiative_apply(state: State, data: Data, event: Event) -> None:
    face = event.value[0]  # type: ignore[index]
    state.initiative, state.sweep = face, 0
    state.note(state.stamp("Initiative"), f"Initiative d{data.track.sectors}: {face}. Movement starts in sector {face}.")
    state.step = "move_walk"


# ---- 4. Move: the figures of the marker's sector, one key each ----


def to_move(state: State, data: Data) -> list[Figure]:
    """Figures in the marker's sector still to move, in roster order."""
    s = sweep_sector(state, data.track.sectors)
    return [f for f in state.figures if f.sector == s and f.moves == 0 and f.place == "track"]


def walker(state: State, data: Data) -> Figure:
    """The figure whose move is asked: the one the table named to go first (``move_first``), else the first still
    to move in the marker's sector, in roster order."""
    return _walker(state, data)[0]


def _walker(state: State, data: Data) -> tuple[Figure, bool]:
    """(the walker, whether another figure of the sector is still to move): one pass, stopping at the second."""
    chosen, s = state.pending.figure, sweep_sector(state, data.track.sectors)
    first = None
    for f in state.figures:
        if f.sector == s and f.moves == 0 and f.place == "track":
            if first is not None:
                return (state.fig(chosen) if chosen is not None else first), True
            first = f
    assert first is not None, "the move sweep is settled: someone in the marker's sector is still to move"
    return first, False


@STEPS.skip_for("move_walk")
def move_walk_skip(state: State, data: Data) -> bool:
    """Nobody left to move in the marker's sector: the marker goes on to the next sector with someone to move
    (what skipping sector by sector gives, in one pass over the figures), or past the last to the fights."""
    n = data.track.sectors
    order, sweep = data.sweep_orders[state.initiative], state.sweep  # type: ignore[index]
    nearest = n  # the nearest place in the sweep, from the marker's, with a figure to move
    for f in state.figures:
        k = order.get(f.sector)  # type: ignore[arg-type]  # None off the track
        if k is not None and sweep <= k < nearest and f.moves == 0 and f.place == "track":
            if k == sweep:
                return False
            nearest = k
    if nearest < n:
        state.sweep = nearest
        return False  # settled: someone there to move
    state.sweep = 0
    state.step = "combat_walk"
    return True


@STEPS.legal_for("move_walk", phase="move")
def move_walk_legal(state: State, data: Data) -> Legal:
    f, several = _walker(state, data)
    return Legal("choose", f.team, data.move_answers[several])


@STEPS.prompt_for("move_walk")
def move_walk_prompt(state: State, data: Data, legal: Legal) -> Choose:
    n = data.track.sectors
    f = walker(state, data)
    start = f.sector or 1
    words = {"stay": (f"Stays in sector {start}", QUIET_KEY), "all_stay": ("All figures still to move stay", ALL_STAY_KEY),
             "further": (f"Moves {FURTHER} or more: type the end sector", FURTHER_KEY),
             "first": ("Another figure of this sector goes first", FIRST_KEY)}
    options = []
    for answer in legal.ids:
        if answer in words:
            label, key = words[answer]
            options.append(Option(id=answer, label=label, key=key))
        else:
            options.append(Option(id=answer, label=f"Moves {answer} → sector {clockwise(start, -int(answer), n)}",
                                  key=answer, actor=f.team))
    ball = ", with the ball" if state.ball.carrier == f.id else ""
    return Choose(actor=f.team, text=f"{state.label_of(f)} ({f.role}{ball}) in sector {start}: how far "
                                     "counterclockwise?", options=tuple(options))


@STEPS.apply_for("move_walk")
def move_walk_apply(state: State, data: Data, event: Event) -> None:
    value = str(event.value)
    if value == "all_stay":
        for g in state.figures:
            if g.place == "track" and g.moves == 0:
                g.moves = 1
        state.note(state.stamp("Move"), "Every figure still to move stays where it is.")
        state.pending = Pending()
        state.sweep = 0
        state.step = "combat_walk"
        return
    f = walker(state, data)
    if value == "further":
        state.pending = Pending(figure=f.id)
        state.step = "move_further"
        return
    if value == "first":
        state.step = "move_first"
        return
    gone = 0 if value == "stay" else int(value)
    start = f.sector or 1
    end = clockwise(start, -gone, data.track.sectors)
    f.sector, f.moves = end, f.moves + 1
    if gone:
        state.note(state.stamp("Move"), f"{state.label_of(f)}: sector {start} -> {end} ({gone} sector(s)).", f.team)
    if state.ball.carrier == f.id:
        ballplay.carry(state, data, f, gone)
    after_the_move(state, f)


@STEPS.legal_for("move_first", phase="move")
def move_first_legal(state: State, data: Data) -> Legal:
    f = walker(state, data)
    return Legal("choose", None, ("back", *[g.id for g in to_move(state, data) if g is not f]))


@STEPS.prompt_for("move_first")
def move_first_prompt(state: State, data: Data, legal: Legal) -> Choose:
    f = walker(state, data)
    options = [Option(id="back", label=f"{state.label_of(f)} after all", key=QUIET_KEY)]
    for figure_id in legal.ids[1:]:
        g = state.fig(figure_id)
        options.append(Option(id=g.id, label=state.label_of(g), hint=g.role, actor=g.team, key=figure_key(state, g)))
    sector = sweep_sector(state, data.track.sectors)
    refused = tuple(Refusal(id=g.id, label=state.label_of(g), reason="it has already moved this turn")
                    for g in in_sector(state, sector) if g.moves > 0)
    return Choose(text=f"Sector {sector}: which figure moves next (inner ring first, then clockwise)?",
                  options=tuple(options), refused=refused)


@STEPS.apply_for("move_first")
def move_first_apply(state: State, data: Data, event: Event) -> None:
    if event.value != "back":
        state.pending = Pending(figure=str(event.value))
    state.step = "move_walk"


@STEPS.legal_for("move_further", phase="move")
def move_further_legal(state: State, data: Data) -> Legal:
    return Legal("number", state.fig(state.pending.figure or "").team, min=1, max=data.track.sectors)


@STEPS.prompt_for("move_further")
def move_further_prompt(state: State, data: Data, legal: Legal) -> Number:
    f = state.fig(state.pending.figure or "")
    n, start = data.track.sectors, f.sector or 1
    return Number(
        actor=legal.actor,
        text=f"{state.label_of(f)} skates {FURTHER} or more sectors counterclockwise from sector {start}: which sector "
             f"does it end in? (sector {clockwise(start, -FURTHER, n)} is {FURTHER} on, sector {start} a whole lap: "
             "ruling moves-further)",
        min=legal.min, max=legal.max, unit="sector",  # type: ignore[arg-type]
    )


@STEPS.apply_for("move_further")
def move_further_apply(state: State, data: Data, event: Event) -> None:
    f = state.fig(state.pending.figure or "")
    n, start, end = data.track.sectors, f.sector or 1, int(event.value)  # type: ignore[arg-type]
    gone = counterclockwise_distance(start, end, n)
    gone = gone if gone >= FURTHER else gone + n
    f.sector, f.moves = end, f.moves + 1
    state.note(state.stamp("Move"), f"{state.label_of(f)}: sector {start} -> {end} ({gone} sector(s)).", f.team)
    if state.ball.carrier == f.id:
        ballplay.carry(state, data, f, gone)
    after_the_move(state, f)


def after_the_move(state: State, f: Figure) -> None:
    """After ``f`` moved: a hand-off or a shot to ask about (``f`` pending), else the next move."""
    if state.ball.carrier == f.id and f.role == "catcher":
        state.pending = Pending(figure=f.id)
        state.step = "handoff"
    elif ballplay.may_shoot(state, f):
        state.pending = Pending(figure=f.id)
        state.step = "shot_declare"
    else:
        state.pending = Pending()
        state.step = "move_walk"


# ---- the ball carried: a catcher's hand-off, a skater's declared attempt ----


def _handoff_targets(state: State, data: Data, catcher: Figure) -> list[Figure]:
    near = data.reach[catcher.sector or 1]
    return [f for f in state.figures
            if f.team == catcher.team and f.role == "skater" and f.place == "track" and f.sector in near]


@STEPS.skip_for("handoff")
def handoff_skip(state: State, data: Data) -> bool:
    if _handoff_targets(state, data, state.fig(state.pending.figure or "")):
        return False
    state.pending = Pending()
    state.step = "move_walk"
    return True


@STEPS.legal_for("handoff", phase="move")
def handoff_legal(state: State, data: Data) -> Legal:
    catcher = state.fig(state.pending.figure or "")
    return Legal("choose", catcher.team, ("keep", *[s.id for s in _handoff_targets(state, data, catcher)]))


@STEPS.prompt_for("handoff")
def handoff_prompt(state: State, data: Data, legal: Legal) -> Choose:
    catcher = state.fig(state.pending.figure or "")
    options = [Option(id="keep", label=f"{catcher.name} keeps the ball", actor=catcher.team, key=QUIET_KEY)]
    p = chance(data.rolls.handoff, catcher, None)
    for skater_id in legal.ids[1:]:
        s = state.fig(skater_id)
        options.append(Option(id=s.id, label=f"Hand off to {s.name}", hint=odds_hint(f"sector {s.sector}", p),
                              actor=s.team, key=figure_key(state, s), chance=p, chance_of="the hand-off working"))
    return Choose(actor=catcher.team, text=f"{state.label_of(catcher)} has the ball: hand it off to a skater?",
                  options=tuple(options))


@STEPS.apply_for("handoff")
def handoff_apply(state: State, data: Data, event: Event) -> None:
    if event.value == "keep":
        state.pending = Pending()
        state.step = "move_walk"
        return
    state.pending.other = str(event.value)
    state.step = "handoff_roll"


@STEPS.legal_for("handoff_roll", phase="move")
def handoff_roll_legal(state: State, data: Data) -> Legal:
    catcher = state.fig(state.pending.figure or "")
    return check_legal(data.rolls.handoff, catcher, None, catcher.team)


@STEPS.prompt_for("handoff_roll")
def handoff_roll_prompt(state: State, data: Data, legal: Legal):
    catcher, skater = state.fig(state.pending.figure or ""), state.fig(state.pending.other or "")
    who = state.label_of(catcher)
    return check_prompt(legal, data.rolls.handoff, catcher, None, text=f"{who} hands the ball to {skater.name}.",
                        purpose="hand-off", success=f"{skater.name} has the ball", failure="Fumbled", who=who)


@STEPS.apply_for("handoff_roll")
def handoff_roll_apply(state: State, data: Data, event: Event) -> None:
    catcher, skater = state.fig(state.pending.figure or ""), state.fig(state.pending.other or "")
    ok, how = check_result(data.rolls.handoff, catcher, None, event)
    if not ok:
        state.note(state.stamp("Move"), f"{state.label_of(catcher)} fumbles the hand-off ({how}).", catcher.team)
        state.step = "ball_loss"
        state.pending.winner = None
        state.pending.other = "move"
        return
    state.ball.carrier = skater.id
    state.note(state.stamp("Move"), f"{state.label_of(catcher)} hands the ball to {skater.name} ({how}).", catcher.team)
    ballplay.carry(state, data, skater, signed_distance(catcher.sector or 1, skater.sector or 1, data.track.sectors))
    if ballplay.may_shoot(state, skater):
        state.pending = Pending(figure=skater.id)
        state.step = "shot_declare"
    else:
        state.pending = Pending()
        state.step = "move_walk"


@STEPS.legal_for("shot_declare", phase="move")
def shot_declare_legal(state: State, data: Data) -> Legal:
    return Legal("choose", state.fig(state.pending.figure or "").team, ("shoot", "no"))


@STEPS.prompt_for("shot_declare")
def shot_declare_prompt(state: State, data: Data, legal: Legal) -> Choose:
    f = state.fig(state.pending.figure or "")
    p = chance(data.rolls.shot, f, None)
    return Choose(
        actor=f.team,
        text=f"{state.label_of(f)} carries the active ball: attempt to score at the goal it approaches?",
        options=(Option(id="shoot", label="Declare a scoring attempt", actor=f.team, key="1", chance=p,
                        chance_of="scoring",
                        hint=odds_hint("", p)),
                 Option(id="no", label="No shot", key=QUIET_KEY)),
    )


@STEPS.apply_for("shot_declare")
def shot_declare_apply(state: State, data: Data, event: Event) -> None:
    f = state.fig(state.pending.figure or "")
    if event.value == "shoot":
        state.ball.shooter = f.id
        state.note(state.stamp("Move"), f"{state.label_of(f)} will attempt to score (resolved in the Score step).",
                   f.team)
    state.pending = Pending()
    state.step = "move_walk"
