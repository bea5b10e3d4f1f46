"""On the mat: placing the balls at the start (a spot, then a facing, for each ball in turn), the portals'
places, and a deflated ball coming back. The table flow's versions of these steps are in turn.py, which
calls these where ``state.mat``."""

from __future__ import annotations

from refbox.engine.geometry.mat import spot_facings
from refbox.engine.prompts import Choose, Event, Legal, Option
from refbox.games.ballmonsters import onmat, turn
from refbox.games.ballmonsters.data import Data
from refbox.games.ballmonsters.mat_view import cell_of, spot_cell
from refbox.games.ballmonsters.mechanics import note
from refbox.games.ballmonsters.models import State
from refbox.games.ballmonsters.steps import STEPS

SPOT_KEYS = "123456789abcefghijk"
"""A spot's key (its number on the mat, counted from the lower left, row by row)."""


def placement_order(state: State) -> list[str]:
    """Miniballs alternately from the team placing first (one team's may run out first), then the monsterball
    of the team that set down the last miniball (it picks a spot), then the other's (the opposite spot)."""
    minis = [[b.id for b in state.balls if b.team == t and b.kind == "miniball"] for t in (0, 1)]
    order, team = [], state.first
    while minis[0] or minis[1]:
        if minis[team]:
            order.append(minis[team].pop(0))
        team = 1 - team
    last = state.ball(order[-1]).team
    return order + [state.monsterball(last).id, state.monsterball(1 - last).id]


def spot_key(i: int) -> str:
    return SPOT_KEYS[i] if i < len(SPOT_KEYS) else ""


# ---- place: which spot the next ball goes on ----


def place_legal(state: State, data: Data) -> Legal:
    ball = state.ball(state.to_place[0])
    free = onmat.free_spot_indexes(state, data, monster=ball.kind == "monsterball")
    return Legal("choose", ball.team, tuple(f"s{i}" for i in free))


def place_prompt(state: State, data: Data, legal: Legal) -> Choose:
    ball = state.ball(state.to_place[0])
    options = tuple(Option(id=i, label=onmat.spot_name(data, int(i[1:])).capitalize(), key=spot_key(int(i[1:])),
                           at=spot_cell(data, int(i[1:]))) for i in legal.ids)
    if ball.kind == "monsterball":
        text = (f"Placement: {state.label(ball.id)} picks a monsterball spot (the other monsterball takes the "
                "opposite one).")
    else:
        text = f"Placement: {state.label(ball.id)} goes on which free centre-zone spot (numbered on the mat)?"
    return Choose(actor=legal.actor, text=text, options=options)


def place_apply(state: State, data: Data, event: Event) -> None:
    state.placing_at = int(event.value[1:])
    state.step = "place_facing"


# ---- place_facing: which way the ball just set down points (ruling placement-facing) ----


def facing_words(facing: int) -> str:
    hour = (3 - facing) % 12
    return f"bitey front towards {hour or 12} o'clock"


@STEPS.legal_for("place_facing", phase="setup")
def place_facing_legal(state: State, data: Data) -> Legal:
    spot = onmat.spots(data)[state.placing_at]
    return Legal("choose", state.ball(state.to_place[0]).team, tuple(f"f{f}" for f in spot_facings(spot)))


@STEPS.prompt_for("place_facing")
def place_facing_prompt(state: State, data: Data, legal: Legal) -> Choose:
    ball = state.ball(state.to_place[0])
    options = tuple(Option(id=i, label=facing_words(int(i[1:])).capitalize(), key=str(n))
                    for n, i in enumerate(legal.ids, start=1))
    return Choose(actor=legal.actor, text=f"{state.label(ball.id)} on {onmat.spot_name(data, state.placing_at)}: "
                  "which way does it face? (12 o'clock is the mat's top edge)", options=options)


@STEPS.apply_for("place_facing")
def place_facing_apply(state: State, data: Data, event: Event) -> None:
    ball = state.ball(state.to_place.pop(0))
    spot = onmat.spots(data)[state.placing_at]
    facing = int(event.value[1:])
    onmat.put(state, ball.id, spot.x, spot.y, facing)
    note(state, f"{state.label(ball.id)} is set on {onmat.spot_name(data, state.placing_at)}, "
         f"{facing_words(facing)}.", ball.team)
    state.placing_at = None
    if not state.to_place:
        turn.placed(state, data)
        return
    following = state.ball(state.to_place[0])
    if following.kind == "monsterball" and ball.kind == "monsterball":  # the opposite spot, not a choice
        state.placing_at = onmat.free_spot_indexes(state, data, monster=True)[0]
        state.step = "place_facing"
        return
    state.step = "place"


# ---- portals ----


def portal_place_legal(state: State, data: Data) -> Legal:
    """Free centre-zone spots; if none, free monsterball spots; if none either, a portal goes instead."""
    free = onmat.free_spot_indexes(state, data, monster=False) or onmat.free_spot_indexes(state, data, monster=True)
    return Legal("choose", state.shooter, tuple(f"s{i}" for i in free) or ("no_room",))


def portal_place_prompt(state: State, data: Data, legal: Legal) -> Choose:
    if legal.ids == ("no_room",):
        options = (Option(id="no_room", label="No free spot anywhere: a portal is removed instead", key="0"),)
    else:
        options = tuple(Option(id=i, label=onmat.spot_name(data, int(i[1:])).capitalize(),
                               key=spot_key(int(i[1:])), at=spot_cell(data, int(i[1:]))) for i in legal.ids)
    return Choose(actor=legal.actor, text=f"{state.teams[state.shooter].name}: which free spot does the new portal "
                  "go on?", options=options)


def portal_place_apply(state: State, data: Data, event: Event) -> None:
    if event.value == "no_room":
        note(state, "No free spot for a portal: one is removed instead.", state.shooter)
        remove_portal(state, data)
        return
    i = int(event.value[1:])
    spot = onmat.spots(data)[i]
    state.portal_at.append((spot.x, spot.y, spot.facing))
    state.portals = len(state.portal_at)
    note(state, f"Portal placed on {onmat.spot_name(data, i)} ({state.portals} on the field).", state.shooter)
    turn.next_turn(state, data)


def remove_portal(state: State, data: Data) -> None:
    """The shooter removes a portal: asked which when there are several."""
    if len(state.portal_at) > 1:
        state.step = "portal_take"
        return
    state.portal_at.clear()
    state.portals = 0
    note(state, "The portal is removed (none left).", state.shooter)
    turn.next_turn(state, data)


@STEPS.legal_for("portal_take", phase="end")
def portal_take_legal(state: State, data: Data) -> Legal:
    return Legal("choose", state.shooter, tuple(f"p{i + 1}" for i in range(len(state.portal_at))))


@STEPS.prompt_for("portal_take")
def portal_take_prompt(state: State, data: Data, legal: Legal) -> Choose:
    options = tuple(Option(id=i, label=f"Portal {i[1:]} at ({state.portal_at[int(i[1:]) - 1][0]}, "
                           f"{state.portal_at[int(i[1:]) - 1][1]}) mm", key=i[1:] if len(i) == 2 else "",
                           at=cell_of(data, *state.portal_at[int(i[1:]) - 1][:2]))
                    for i in legal.ids)
    return Choose(actor=legal.actor, text=f"{state.teams[state.shooter].name} removes which portal (numbered on "
                  "the mat)?", options=options)


@STEPS.apply_for("portal_take")
def portal_take_apply(state: State, data: Data, event: Event) -> None:
    state.portal_at.pop(int(event.value[1:]) - 1)
    state.portals = len(state.portal_at)
    note(state, f"Portal {event.value[1:]} is removed ({state.portals} left).", state.shooter)
    turn.next_turn(state, data)


# ---- a deflated ball comes back ----


def reinflate(state: State, data: Data, ball_id: str) -> None:
    place = onmat.reinflate_place(state, data, ball_id)
    ball = state.ball(ball_id)
    if place is None:
        x, y, _ = state.at[ball_id]
        place = onmat.edge_landing(state, data, ball_id, x, y)
    if place is None:
        del state.at[ball_id]
        ball.gone = "edge"
        note(state, f"{state.label(ball_id)} finds no room to reinflate: out of the game.", ball.team)
        return
    moved = (place.x, place.y) != state.at[ball_id][:2]
    onmat.put(state, ball_id, place.x, place.y, place.facing)
    if moved:
        note(state, f"{state.label(ball_id)}'s place is taken: it comes back at ({place.x}, {place.y}) mm.")
