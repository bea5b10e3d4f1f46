"""The boing of a bounce and the moves it causes: each ball bounces along the vector with its share of the
power, and a ball that runs into another starts a new bounce. The table lays the template and says where each
ball ends (``move``) and how far it went before a hit (``move_hit``)."""

from __future__ import annotations

from refbox.engine.geometry.mat import boing_directions
from refbox.engine.prompts import Choose, Event, Legal, Number, Option, Refusal
from refbox.games.ballmonsters import onmat
from refbox.games.ballmonsters.data import Data
from refbox.games.ballmonsters.mat_view import cell_of
from refbox.games.ballmonsters.mechanics import ball_key, note, score
from refbox.games.ballmonsters.models import Ball, Bounce, Move, State
from refbox.games.ballmonsters.steps import STEPS
from refbox.games.ballmonsters.turn import end_of_shot


def start_bounce(state: State, data: Data, active_id: str, target_id: str, power: int) -> None:
    active, target = state.ball(active_id), state.ball(target_id)
    shooting = active.kind == "monsterball" and active.team == state.shooter
    friendly = target.team == active.team
    boob = shooting and not friendly and not state.friendly_hit
    if shooting and friendly:
        state.friendly_hit = True
    state.bounce = Bounce(active=active_id, target=target_id, power=power, boob=boob)
    state.bounces += 1
    state.step = "facing"
    if state.logged:
        kind = "friendly" if friendly else "unfriendly"
        text = f"{state.label(active_id)} hits {state.label(target_id)} with {power} power ({kind} bounce)"
        note(state, text + (f": a boob! The target bites back with +{data.bite.boob_bonus}." if boob else "."),
             active.team)


def start_boing(state: State, data: Data) -> None:
    """After the bite: the two balls fly apart along a vector (the table lays the template; refbox needs only
    the power each ball takes)."""
    b = state.bounce
    active = state.ball(b.active)
    if not (active.gone is None and active.deflated_turn is None):  # not in play
        note(state, f"{state.label(active.id)} is off the table: no boing.")
        next_move(state, data)
    elif b.power == 0:
        note(state, "No power left: nothing bounces.")
        next_move(state, data)
    elif state.mat:
        state.step = "vector"
    else:
        note(state, f"Boing with {b.power} power: the table lays the template on a vector.", active.team)
        share(state, data)


def share(state: State, data: Data) -> None:
    """The power is shared (a question) unless only the active ball can take it."""
    b = state.bounce
    if state.ball(b.target).in_play and b.power - active_keeps(state, data) > 0:
        state.step = "split"
        return
    state.moves.append(Move(ball=b.active, power=b.power, partner=b.target, after=state.bounces,
                            degrees=directions(state, data)[1]))
    next_move(state, data)


def directions(state: State, data: Data) -> tuple[float | None, float | None]:
    """On the mat: (the target's direction, the active ball's) along the chosen vector; else (None, None)."""
    b = state.bounce
    if not state.mat:
        return None, None
    return boing_directions(onmat.the_mat(data), onmat.base(state, b.target), b.side, b.vector)


# ---- vector (on the mat): the boing template's line both balls fly apart along ----


def clock(degrees: float) -> str:
    """A direction on the mat as a clock face seen from above (3 o'clock is along the long side, rightwards)."""
    hour = round((90 - degrees) / 30) % 12
    return f"{hour or 12} o'clock"


@STEPS.legal_for("vector", phase="bounce")
def vector_legal(state: State, data: Data) -> Legal:
    return Legal("choose", state.ball(state.bounce.active).team, tuple(data.boing.vectors))


@STEPS.prompt_for("vector")
def vector_prompt(state: State, data: Data, legal: Legal) -> Choose:
    b = state.bounce
    options = []
    for n, (name, (ball, degrees, power, c)) in enumerate(zip(legal.ids, onmat.vector_previews(state, data))):
        met = (f"hits {state.ball(c.hit).name}" if c.kind == "ball" else {"portal": "meets a portal",
               "edge": "meets the edge", "none": "meets nothing"}[c.kind])
        hint = f"{state.ball(ball).name} {clock(degrees)}, with {power} power {met}"
        options.append(Option(id=name, label=f"Vector {name}", hint=hint, key=str(n + 1),
                              at=cell_of(data, *c.at)))
    return Choose(actor=legal.actor, text=f"Boing with {b.power} power: {state.label(b.target)} and "
                  f"{state.label(b.active)} fly apart along which vector? (each one's path is lit on the mat, its "
                  "key where the ball would stop)", options=tuple(options))


@STEPS.apply_for("vector")
def vector_apply(state: State, data: Data, event: Event) -> None:
    b = state.bounce
    b.vector = data.boing.vectors.index(event.value)
    away, back = directions(state, data)
    note(state, f"Boing along vector {event.value}: {state.ball(b.target).name} towards {clock(away)}, "
         f"{state.ball(b.active).name} towards {clock(back)} ({b.power} power).", state.ball(b.active).team)
    share(state, data)


def active_keeps(state: State, data: Data) -> int:
    """The least power the active ball keeps in a boing (all it has, if less)."""
    b = state.bounce
    keep = data.boing.keep_monsterball if state.ball(b.active).kind == "monsterball" else data.boing.keep_miniball
    return min(b.power, keep)


# ---- split: the power the target takes ----


@STEPS.legal_for("split", phase="bounce")
def split_legal(state: State, data: Data) -> Legal:
    b = state.bounce
    return Legal("number", state.ball(b.active).team, max=b.power - active_keeps(state, data))


@STEPS.prompt_for("split")
def split_prompt(state: State, data: Data, legal: Legal) -> Number:
    b = state.bounce
    keep = b.power - legal.max
    return Number(
        actor=legal.actor,
        text=f"Power given to {state.label(b.target)} ({state.label(b.active)} has {b.power} and keeps at least {keep}).",
        min=legal.min,
        max=legal.max,
        unit="power",
    )


@STEPS.apply_for("split")
def split_apply(state: State, data: Data, event: Event) -> None:
    b = state.bounce
    given = event.value
    if state.logged:
        note(state, f"{state.label(b.target)} gets {given} power, {state.label(b.active)} keeps {b.power - given}.")
    away, back = directions(state, data)
    state.moves += [Move(ball=b.target, power=given, partner=b.active, after=state.bounces, degrees=away),
                    Move(ball=b.active, power=b.power - given, partner=b.target, after=state.bounces, degrees=back)]
    next_move(state, data)


def next_move(state: State, data: Data) -> None:
    """The next ball to bounce along its vector, or the end of the shot."""
    state.bounce = None
    state.hit = None
    moves = state.moves
    while moves:
        move = moves.pop()
        ball = state.ball(move.ball)
        if ball.gone is None and ball.deflated_turn is None and move.power > 0:  # in play, and moving
            if state.mat:
                if mat_move(state, data, move):
                    return  # it hit a ball: a new bounce
                continue
            state.moving = move
            state.step = "move"
            return
    state.moving = None
    end_of_shot(state, data)


def mat_move(state: State, data: Data, move: Move) -> bool:
    """On the mat: the ball bounces along its vector, computed. True when it hit a ball (a new bounce)."""
    ball = state.ball(move.ball)
    flown, c = onmat.move(state, data, ball.id, move.degrees, move.power)
    facing = state.at[ball.id][2]
    gone = f"{onmat.inches(c.travelled):.2f}\""
    if flown is not None:
        note(state, f"{state.label(ball.id)} is winged: it flies over {state.label(flown)}.", ball.team)
    if c.kind == "ball":
        paid = onmat.inches_paid(c.travelled)
        onmat.put(state, ball.id, *c.rest, facing)
        note(state, f"{state.label(ball.id)} bounces {gone} (pays {paid}\") and hits {state.label(c.hit)}.",
             ball.team)
        start_bounce(state, data, ball.id, c.hit, move.power - paid)
        state.bounce.touched = list(c.sides)
        return True
    if c.kind == "none":
        onmat.put(state, ball.id, *c.rest, facing)
        note(state, f"{state.label(ball.id)} bounces {gone} and comes to rest at ({c.rest[0]}, {c.rest[1]}) mm.",
             ball.team)
    elif c.kind == "portal":
        note(state, f"{state.label(ball.id)} bounces {gone} and touches {c.hit}.", ball.team)
        leave(state, data, ball, "portal")
        if ball.kind == "miniball":
            del state.at[ball.id]
        else:
            onmat.put(state, ball.id, *c.rest, facing)
            spot = onmat.monster_spot(state, data, ball.id, *c.at)
            _land(state, ball, spot, "by a monsterball spot")
    else:
        onmat.put(state, ball.id, *c.rest, facing)
        spot = onmat.edge_landing(state, data, ball.id, *c.at)
        note(state, f"{state.label(ball.id)} bounces {gone} to the mat's edge.", ball.team)
        leave(state, data, ball, "edge" if spot is not None else "edge_gone")
        _land(state, ball, spot, "on the free spot nearest where it left")
    return False


def _land(state: State, ball: Ball, spot, where: str) -> None:
    if spot is None:
        state.at.pop(ball.id, None)
        if ball.gone is None:
            ball.gone = "edge"
            note(state, f"{state.label(ball.id)} finds no place on the mat: out of the game.", ball.team)
        return
    onmat.put(state, ball.id, spot.x, spot.y, spot.facing)
    note(state, f"{state.label(ball.id)} is set down {where} ({spot.x}, {spot.y}) mm.", ball.team)


# ---- move: where a bouncing ball ends, as the table saw it ----


def partner(state: State, data: Data) -> str | None:
    """The ball the moving ball just bounced with, while nothing else has bounced since: they fly apart along
    the vector, so it cannot be hit (the ruling bounce-partner-apart; None where the ruleset leaves it out)."""
    move = state.moving
    if data.boing.partner_apart and move.partner is not None and move.after == state.bounces:
        return move.partner
    return None


@STEPS.legal_for("move", phase="bounce")
def move_legal(state: State, data: Data) -> Legal:
    skip, apart = state.moving.ball, partner(state, data)
    ids = ["stop"]
    ids += [b.id for b in state.balls if b.gone is None and b.deflated_turn is None and b.id != skip and b.id != apart]
    ids += exit_ids(state)
    for m in state.moves:
        if m.power > 0 and state.ball(m.ball).in_play:
            ids.append("rest_all")  # every ball still to bounce may come to rest at once
            break
    return Legal("choose", None, tuple(ids))


def _waiting(state: State) -> list[Move]:
    """The moves still to come that will move a ball (last first, as they run)."""
    return [m for m in reversed(state.moves) if m.power > 0 and state.ball(m.ball).in_play]


@STEPS.prompt_for("move")
def move_prompt(state: State, data: Data, legal: Legal) -> Choose:
    ball = state.ball(state.moving.ball)
    options = []
    for answer in legal.ids:
        if answer == "stop":
            options.append(Option(id="stop", label="Came to rest without touching anything", key="0"))
        elif answer == "rest_all":
            names = ", ".join(state.label(m.ball) for m in _waiting(state))
            options.append(Option(id="rest_all", key="9",
                                  label=f"It and every ball still to bounce ({names}) come to rest: no more hits"))
        elif answer in EXITS:
            options.append(exit_option(answer))
        else:
            options.append(Option(id=answer, label=f"Hit {state.label(answer)}", actor=state.ball(answer).team,
                                  key=ball_key(state, answer)))
    refused = deflated_refusals(state, skip=ball.id) + exit_refusals(state)
    apart = partner(state, data)
    if apart is not None and state.ball(apart).in_play:
        refused = (Refusal(id=apart, label=state.label(apart),
                           reason="its bounce partner: the boing sends them apart"),) + refused
    winged = " It is winged: it may pass over the first ball in its way." if ball.effect == "winged" else ""
    return Choose(
        text=f"{state.label(ball.id)} bounces up to {state.moving.power}\". Where does it end?{winged}",
        options=tuple(options),
        refused=refused,
    )


@STEPS.apply_for("move")
def move_apply(state: State, data: Data, event: Event) -> None:
    ball = state.ball(state.moving.ball)
    answer = event.value
    if answer == "stop":
        note(state, f"{state.label(ball.id)} comes to rest.")
    elif answer == "rest_all":
        if state.logged:
            rest = [ball.id, *(m.ball for m in _waiting(state))]
            note(state, f"{', '.join(state.label(i) for i in rest)} come to rest.")
        state.moves = []
    elif answer in EXITS:
        leave(state, data, ball, answer)
    else:
        state.hit = answer
        state.step = "move_hit"
        return
    next_move(state, data)


# ---- move_hit: how far the bouncing ball went before the hit ----


@STEPS.legal_for("move_hit", phase="bounce")
def move_hit_legal(state: State, data: Data) -> Legal:
    return Legal("number", None, max=state.moving.power)


@STEPS.prompt_for("move_hit")
def move_hit_prompt(state: State, data: Data, legal: Legal) -> Number:
    return Number(
        text=f"Inches {state.label(state.moving.ball)} travelled before touching {state.label(state.hit)}"
        f" (1 power per inch, {state.moving.power} power).",
        min=legal.min,
        max=legal.max,
        unit="in",
    )


@STEPS.apply_for("move_hit")
def move_hit_apply(state: State, data: Data, event: Event) -> None:
    move, hit = state.moving, state.hit
    state.moving = None
    state.hit = None
    start_bounce(state, data, move.ball, hit, move.power - event.value)


# ---- leaving the field ----


def deflated_refusals(state: State, skip: str) -> tuple[Refusal, ...]:
    """Deflated balls: their token stays on the field, but the ball cannot be hit until it reinflates."""
    return tuple(
        Refusal(id=b.id, label=state.label(b.id),
                reason=f"deflated: only its token is on the table until the end of turn {b.deflated_turn + 1}")
        for b in state.balls
        if b.id != skip and b.gone is None and b.deflated_turn is not None
    )


def exit_refusals(state: State, label: str = "Touched a portal") -> tuple[Refusal, ...]:
    return () if state.portals else (Refusal(id="portal", label=label, reason="there is no portal on the field"),)


EXITS = {"portal": ("Touched a portal", "P"), "edge": ("Off the edge: onto a free start space", "E"),
         "edge_gone": ("Off the edge, no free start space: removed", "X")}
"""The ways a moving ball leaves the field: option id -> (label, key)."""


def exit_ids(state: State) -> tuple[str, ...]:
    """The exits open now (a portal only where one is on the field)."""
    return ("portal", "edge", "edge_gone") if state.portals else ("edge", "edge_gone")


def exit_option(exit_id: str, prefix: str = "") -> Option:
    label, key = EXITS[exit_id]
    return Option(id=exit_id, label=f"{prefix}{label[0].lower()}{label[1:]}" if prefix else label, key=key)


def leave(state: State, data: Data, ball: Ball, how: str) -> None:
    """A ball touched a portal or left the field (a ball gone for good takes its tokens with it)."""
    if how in ("portal", "edge_gone") and not (how == "portal" and ball.kind == "monsterball"):
        ball.fire = 0
        ball.sick = False
    if how == "portal" and ball.kind == "miniball":
        ball.gone = "portal"
        score(state, ball.team, data.scoring.portal)
        state.record("portal goals", ball.team, ball.name)
        note(state, f"{state.label(ball.id)} drops into a portal: +{data.scoring.portal} to {state.teams[ball.team].name}.", ball.team)  # fmt: skip
    elif how == "portal":
        note(state, f"{state.label(ball.id)} touches a portal: move it to a monsterball start spot.", ball.team)
    elif how == "edge":
        note(state, f"{state.label(ball.id)} goes off the edge: place it on a free start space.", ball.team)
    else:
        ball.gone = "edge"
        note(state, f"{state.label(ball.id)} goes off the edge with nowhere to go: out of the game, no points.", ball.team)
