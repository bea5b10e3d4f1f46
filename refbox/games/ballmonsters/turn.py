"""The turn around the shot: its start, the end-of-turn upkeep (sickness, fire, reinflation,
portals) and the end of the game."""

from __future__ import annotations

from refbox.engine.prompts import Choose, DieSpec, Event, Option, Outcome, Roll
from refbox.games.ballmonsters.data import Data
from refbox.games.ballmonsters.mechanics import lose_strength, note
from refbox.games.ballmonsters.models import State
from refbox.games.ballmonsters.odds import fire_losses, portal_place_chance, portal_places


def start_turn(state: State, data: Data) -> None:
    state.__dict__.update(  # declared fields, stored as a state model's assignments store them, in one call
        target=None, momentum=None, power=0, friendly_hit=False, bounces=0, bounce=None, moving=None, hit=None,
        step="target")
    monsterball = state.monsterball(state.shooter)
    if not (monsterball.gone is None and monsterball.deflated_turn is None):  # not in play
        why = "is deflated" if monsterball.deflated else "is out of the game"
        note(state, f"{state.label(monsterball.id)} {why}: no shot this turn.", state.shooter)
        end_of_shot(state, data)


def end_of_shot(state: State, data: Data) -> None:
    """The shot and all its bounces are over: the game may end; otherwise the upkeep starts."""
    state.__dict__.update(bounce=None, moving=None, hit=None, moves=[], activations=[])  # as in start_turn
    out = [t for t in (0, 1) if not state.has_miniballs(t)]
    if out:
        names = " and ".join(state.teams[t].name for t in out)
        finish(state, f"{names} {'have' if len(out) > 1 else 'has'} no miniballs left")
        return
    if all(state.monsterball(t).gone for t in (0, 1)):
        finish(state, "both monsterballs are out of the game")
        return
    state.step = "fire"
    burning = []
    for ball in state.balls:
        if ball.gone is None and ball.deflated_turn is None:  # in play
            if ball.sick:
                note(state, f"{state.label(ball.id)} is sick: -1 STR.")
                lose_strength(state, data, ball, by_team=_credited(state, ball))
            if ball.fire > 0 and ball.deflated_turn is None:  # sickness may have deflated it
                burning.append(ball.id)
    state.fire_queue = burning
    _next_fire(state, data)


def _credited(state: State, ball) -> int | None:
    """Who scores if fire or sickness deflates ``ball``: its opponent under that house rule, else nobody."""
    return 1 - ball.team if state.other_deflations_score else None


def _next_fire(state: State, data: Data) -> None:
    while state.fire_queue and not _burning(state, state.fire_queue[0]):
        state.fire_queue = state.fire_queue[1:]
    if state.fire_queue:
        state.step = "fire"
        return
    for ball in state.balls:
        if ball.gone is None and ball.deflated_turn is not None and ball.deflated_turn < state.turn:
            ball.deflated_turn = None
            note(state, f"{state.label(ball.id)} reinflates on its token's spot at STR {ball.strength}.")
    state.step = "portal"


def _burning(state: State, ball_id: str) -> bool:
    ball = state.ball(ball_id)
    return ball.in_play and ball.fire > 0


def fire_prompt(state: State, data: Data) -> Roll:
    ball = state.ball(state.fire_queue[0])
    sides = data.fire.die
    losses = fire_losses(sides, ball.fire)
    return Roll(
        actor=ball.team,
        text=f"{state.label(ball.id)} is on fire: roll a d{sides} for each of its {ball.fire} fire token(s).",
        purpose="Fire",
        dice=tuple(DieSpec(sides=sides, label=f"fire token {i + 1}", note="even: -1 STR, +1 token; odd: -1 token")
                   for i in range(ball.fire)),
        success="each even face costs 1 STR and adds a token; each odd face removes a token",
        odds=tuple(Outcome(label=f"loses {k} STR", probability=p) for k, p in enumerate(losses)),
        chance=losses[0],
        wins=_no_even,
    )  # fmt: skip


def _no_even(faces: list[int]) -> bool:
    """The fire roll went its owner's way: no even face, so no STR lost."""
    return all(f % 2 for f in faces)


def fire_apply(state: State, data: Data, event: Event) -> None:
    ball = state.ball(state.fire_queue[0])
    faces = list(event.value)
    evens = sum(1 for f in faces if f % 2 == 0)
    odds = len(faces) - evens
    note(state, f"{state.label(ball.id)} fire dice {faces}: {evens} even, {odds} odd.", ball.team)
    for _ in range(evens):
        lose_strength(state, data, ball, by_team=_credited(state, ball))
        if ball.deflated:
            break
    if not ball.deflated:
        ball.fire = ball.fire + evens - odds
        note(state, f"{state.label(ball.id)} is at STR {ball.strength} with {ball.fire} fire token(s).")
    state.fire_queue = state.fire_queue[1:]
    _next_fire(state, data)


def portal_prompt(state: State, data: Data) -> Roll:
    rules = data.portals
    place = portal_place_chance(rules.die, state.turn, rules.late_after_turn, rules.late_remove_face)
    if state.turn > rules.late_after_turn:
        success = f"after turn {rules.late_after_turn}: {rules.late_remove_face} removes a portal, anything else adds one"
    else:
        success = f"{state.turn} or less adds a portal; more removes one"
    return Roll(
        actor=state.shooter,
        text=f"Portal roll after {state.turn} turn(s): {state.portals}/{rules.max} portals on the field.",
        purpose="Portals",
        dice=(DieSpec(sides=rules.die, label=f"{state.teams[state.shooter].name} portal die"),),
        success=success,
        odds=(
            Outcome(label="add a portal" if state.portals < rules.max
                    else f"add a portal, but {rules.max} of {rules.max} are out: nothing changes", probability=place),
            Outcome(label="remove a portal" if state.portals
                    else "remove a portal, but there is none: nothing changes", probability=1 - place),
        ),
    )


def portal_apply(state: State, data: Data, event: Event) -> None:
    rules = data.portals
    face = event.value[0]
    adds = portal_places(face, state.turn, rules.late_after_turn, rules.late_remove_face)
    if adds and state.portals >= rules.max:
        note(state, f"Portal die {face}: add one, but {rules.max} is the most: nothing changes.", state.shooter)
    elif adds:
        note(state, f"Portal die {face}: {state.teams[state.shooter].name} adds a portal.", state.shooter)
        if certainly_room(state, data):
            state.portals += 1
            note(state, f"Portal placed on a free centre-zone spot ({state.portals} on the field; with "
                 f"{_covered(state)} of {rules.centre_spots} spots taken at most, there is room).", state.shooter)
            next_turn(state, data)
            return
        state.step = "portal_place"
        return
    elif state.portals:
        state.portals -= 1
        note(state, f"Portal die {face}: {state.teams[state.shooter].name} removes a portal ({state.portals} left).", state.shooter)  # fmt: skip
    else:
        note(state, f"Portal die {face}: remove one, but there are none.", state.shooter)
    next_turn(state, data)


def _covered(state: State) -> int:
    """Spots that could be taken: one per portal and per ball or deflated token on the table."""
    covered = state.portals
    for b in state.balls:
        if b.gone is None:
            covered += 1
    return covered


def certainly_room(state: State, data: Data) -> bool:
    """Fewer portals and balls than centre-zone spots: a free one exists, so the question is not asked."""
    spots = data.portals.centre_spots
    return data.table.quick and spots > 0 and _covered(state) < spots


def portal_place_prompt(state: State, data: Data) -> Choose:
    return Choose(
        actor=state.shooter,
        text=f"{state.teams[state.shooter].name}: where does the new portal go?",
        options=(
            Option(id="centre", label="On a free centre-zone spot", key="1"),
            Option(id="monster_spot", label="Centre zone full: on a monsterball start spot", key="2"),
            Option(id="no_room", label="No free spot anywhere: remove a portal instead", key="0"),
        ),
    )


def portal_place_apply(state: State, data: Data, event: Event) -> None:
    if event.value == "no_room":
        if state.portals:
            state.portals -= 1
        note(state, f"No room for a portal: one removed instead ({state.portals} left).", state.shooter)
    else:
        state.portals += 1
        where = "a centre-zone spot" if event.value == "centre" else "a monsterball start spot"
        note(state, f"Portal placed on {where} ({state.portals} on the field).", state.shooter)
    next_turn(state, data)


def next_turn(state: State, data: Data) -> None:
    state.turn += 1
    state.shooter = 1 - state.shooter
    start_turn(state, data)


def finish(state: State, why: str) -> None:
    state.step = "over"
    a, b = state.teams[0].name, state.teams[1].name
    score = f"{a} {state.scores[0]} : {state.scores[1]} {b}"
    if state.scores[0] != state.scores[1]:
        state.winner = 0 if state.scores[0] > state.scores[1] else 1
        how = "on points"
    elif state.deflations[0] != state.deflations[1]:
        state.winner = 0 if state.deflations[0] > state.deflations[1] else 1
        how = f"on deflations ({state.deflations[0]} to {state.deflations[1]})"
    else:
        state.winner = None
        how = ""
    verdict = f"{state.teams[state.winner].name} wins {how}" if state.winner is not None else "a draw"
    state.result = f"Game over ({why}): {score}, {verdict}."
    note(state, state.result, state.winner)


STEPS = {
    "fire": (fire_prompt, fire_apply),
    "portal": (portal_prompt, portal_apply),
    "portal_place": (portal_place_prompt, portal_place_apply),
}
