"""The boing of a bounce and the moves it causes: each ball bounces along the vector with its share
of the power, and a ball that runs into another starts a new bounce."""

from __future__ import annotations

from refbox.engine.prompts import Choose, Event, Number, Option, Refusal
from refbox.games.ballmonsters.data import Data
from refbox.games.ballmonsters.mechanics import ball_key, note, score
from refbox.games.ballmonsters.models import Ball, Bounce, Move, State
from refbox.games.ballmonsters.turn import end_of_shot


def start_bounce(state: State, data: Data, active_id: str, target_id: str, power: int) -> None:
    active, target = state.ball(active_id), state.ball(target_id)
    shooting = active.id == state.monsterball(state.shooter).id
    boob = shooting and target.team != active.team and not state.friendly_hit
    if shooting and target.team == active.team:
        state.friendly_hit = True
    state.bounce = Bounce(active=active_id, target=target_id, power=power, boob=boob)
    state.bounces += 1
    state.step = "facing"
    kind = "friendly" if target.team == active.team else "unfriendly"
    text = f"{state.label(active_id)} hits {state.label(target_id)} with {power} power ({kind} bounce)"
    note(state, text + (f": a boob! The target bites back with +{data.bite.boob_bonus}." if boob else "."), active.team)


def owner(state: State, ball_id: str) -> int:
    return state.ball(ball_id).team


def start_boing(state: State, data: Data) -> None:
    b = state.bounce
    active = state.ball(b.active)
    if not active.in_play:
        note(state, f"{state.label(active.id)} is off the table: no boing.")
        next_move(state, data)
    elif b.power == 0:
        note(state, "No power left: nothing bounces.")
        next_move(state, data)
    elif data.table.quick:
        note(state, f"Boing with {b.power} power: the table lays the template on a vector.", owner(state, b.active))
        _boing(state, data)
    else:
        state.step = "vector"


def _active_keeps(state: State, data: Data) -> int:
    b = state.bounce
    keep = data.boing.keep_monsterball if state.ball(b.active).kind == "monsterball" else data.boing.keep_miniball
    return min(b.power, keep)


def vector_prompt(state: State, data: Data) -> Choose:
    b = state.bounce
    return Choose(
        actor=owner(state, b.active),
        text=f"Boing: which vector do {state.label(b.active)} and {state.label(b.target)} bounce along?",
        options=tuple(Option(id=v, label=f"Vector {v}", key=str(i)) for i, v in enumerate(data.boing.vectors, 1)),
    )


def vector_apply(state: State, data: Data, event: Event) -> None:
    b = state.bounce
    note(state, f"Boing along vector {event.value} with {b.power} power.", owner(state, b.active))
    _boing(state, data)


def _boing(state: State, data: Data) -> None:
    b = state.bounce
    if state.ball(b.target).in_play and b.power - _active_keeps(state, data) > 0:
        state.step = "split"
        return
    state.moves = [*state.moves, Move(ball=b.active, power=b.power, partner=b.target, after=state.bounces)]
    next_move(state, data)


def split_prompt(state: State, data: Data) -> Number:
    b = state.bounce
    keep = _active_keeps(state, data)
    return Number(
        actor=owner(state, b.active),
        text=f"Power given to {state.label(b.target)} ({state.label(b.active)} has {b.power} and keeps at least {keep}).",
        min=0,
        max=b.power - keep,
        unit="power",
    )


def split_apply(state: State, data: Data, event: Event) -> None:
    b = state.bounce
    given = event.value
    note(state, f"{state.label(b.target)} gets {given} power, {state.label(b.active)} keeps {b.power - given}.")
    state.moves = [*state.moves, Move(ball=b.target, power=given, partner=b.active, after=state.bounces),
                   Move(ball=b.active, power=b.power - given, partner=b.target, after=state.bounces)]
    next_move(state, data)


def next_move(state: State, data: Data) -> None:
    """The next ball to bounce along its vector, or the end of the shot."""
    state.bounce = None
    state.hit = None
    while state.moves:
        move = state.moves[-1]
        state.moves = state.moves[:-1]
        if state.ball(move.ball).in_play and move.power > 0:
            state.moving = move
            state.step = "move"
            return
    state.moving = None
    end_of_shot(state, data)


def move_prompt(state: State, data: Data) -> Choose:
    ball = state.ball(state.moving.ball)
    options = [Option(id="stop", label="Came to rest without touching anything", key="0")]
    partner = _partner(state, data)
    for other in state.balls:
        if other.in_play and other.id != ball.id and other.id != partner:
            options.append(Option(id=other.id, label=f"Hit {state.label(other.id)}", actor=other.team,
                                  key=ball_key(state, other.id)))
    options += exits(state)
    waiting = [m for m in state.moves if m.power > 0 and state.ball(m.ball).in_play]
    if waiting:
        names = ", ".join(state.label(m.ball) for m in reversed(waiting))
        options.append(Option(id="rest_all", key="9",
                              label=f"It and every ball still to bounce ({names}) come to rest: no more hits"))
    refused = deflated_refusals(state, skip=ball.id) + exit_refusals(state)
    if partner is not None and state.ball(partner).in_play:
        refused = (Refusal(id=partner, label=state.label(partner),
                           reason="its bounce partner: the boing sends them apart"),) + refused
    winged = " It is winged: it may pass over the first ball in its way." if ball.effect == "winged" else ""
    return Choose(
        text=f"{state.label(ball.id)} bounces up to {state.moving.power}\". Where does it end?{winged}",
        options=tuple(options),
        refused=refused,
    )


def _partner(state: State, data: Data) -> str | None:
    """The ball the moving ball just bounced with, while nothing else has bounced since (they fly apart along
    the vector, so it cannot be hit). Only in quick mode: old journals may hold such a hit."""
    move = state.moving
    if data.table.quick and move.partner is not None and move.after == state.bounces:
        return move.partner
    return None


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
    """The exits open now (a portal only where one is on the field); the legal answers use these too."""
    return ("portal", "edge", "edge_gone") if state.portals else ("edge", "edge_gone")


def exits(state: State) -> list[Option]:
    return [Option(id=i, label=EXITS[i][0], key=EXITS[i][1]) for i in exit_ids(state)]


def leave(state: State, data: Data, ball: Ball, how: str) -> None:
    """A ball touched a portal or left the field (a ball gone for good takes its tokens with it)."""
    if how in ("portal", "edge_gone") and not (how == "portal" and ball.kind == "monsterball"):
        ball.fire = 0
        ball.sick = False
    if how == "portal" and ball.kind == "miniball":
        ball.gone = "portal"
        score(state, ball.team, data.scoring.portal)
        note(state, f"{state.label(ball.id)} drops into a portal: +{data.scoring.portal} to {state.teams[ball.team].name}.", ball.team)  # fmt: skip
    elif how == "portal":
        note(state, f"{state.label(ball.id)} touches a portal: move it to a monsterball start spot.", ball.team)
    elif how == "edge":
        note(state, f"{state.label(ball.id)} goes off the edge: place it on a free start space.", ball.team)
    else:
        ball.gone = "edge"
        note(state, f"{state.label(ball.id)} goes off the edge with nowhere to go: out of the game, no points.", ball.team)


def move_apply(state: State, data: Data, event: Event) -> None:
    ball = state.ball(state.moving.ball)
    if event.value == "stop":
        note(state, f"{state.label(ball.id)} comes to rest.")
    elif event.value == "rest_all":
        rest = [ball.id, *(m.ball for m in reversed(state.moves) if m.power > 0 and state.ball(m.ball).in_play)]
        note(state, f"{', '.join(state.label(i) for i in rest)} come to rest.")
        state.moves = []
    elif event.value in ("portal", "edge", "edge_gone"):
        leave(state, data, ball, event.value)
    else:
        state.hit = event.value
        state.step = "move_hit"
        return
    next_move(state, data)


def move_hit_prompt(state: State, data: Data) -> Number:
    return Number(
        text=f"Inches {state.label(state.moving.ball)} travelled before touching {state.label(state.hit)}"
        f" (1 power per inch, {state.moving.power} power).",
        min=0,
        max=state.moving.power,
        unit="in",
    )


def move_hit_apply(state: State, data: Data, event: Event) -> None:
    move, hit = state.moving, state.hit
    state.moving = None
    state.hit = None
    start_bounce(state, data, move.ball, hit, move.power - event.value)


STEPS = {
    "vector": (vector_prompt, vector_apply),
    "split": (split_prompt, split_apply),
    "move": (move_prompt, move_apply),
    "move_hit": (move_hit_prompt, move_hit_apply),
}
