"""The turn around the shot: the placement before the first, each turn's start, the end-of-turn upkeep
(sickness, fire, reinflation, portals) and the end of the game."""

from __future__ import annotations

from refbox.engine.errors import RuleError
from refbox.engine.prompts import Choose, Confirm, DieSpec, Event, GameOver, Legal, Option, Outcome, Roll
from refbox.games.ballmonsters import mat_place
from refbox.games.ballmonsters.data import Data
from refbox.games.ballmonsters.mechanics import lose_strength, note
from refbox.games.ballmonsters.models import State
from refbox.games.ballmonsters.odds import fire_losses, portal_place_chance, portal_places
from refbox.games.ballmonsters.steps import STEPS

# ---- placement: the table sets the balls down, then the first turn starts ----


PLACE_LEGAL = (Legal("confirm", 0), Legal("confirm", 1))
"""By the team placing first (answers that never change are built once)."""


@STEPS.legal_for("place", phase="setup")
def place_legal(state: State, data: Data) -> Legal:
    if state.mat:
        return mat_place.place_legal(state, data)
    return PLACE_LEGAL[state.first]


@STEPS.prompt_for("place")
def place_prompt(state: State, data: Data, legal: Legal) -> Confirm | Choose:
    if state.mat:
        return mat_place.place_prompt(state, data, legal)
    first, second = state.teams[state.first].name, state.teams[1 - state.first].name
    return Confirm(
        actor=legal.actor,
        text=f"Placement: {first} sets a miniball on a centre-zone spot, then the teams alternate until every "
        f"miniball is down. {second} picks a monsterball spot, {first} takes the opposite one and shoots first.",
    )


@STEPS.apply_for("place")
def place_apply(state: State, data: Data, event: Event) -> None:
    if state.mat:
        mat_place.place_apply(state, data, event)
        return
    placed(state, data)


def placed(state: State, data: Data) -> None:
    """Every ball is down: the first turn starts."""
    state.turn = 1
    state.shooter = state.first
    note(state, f"Balls placed; {state.teams[state.first].name} takes the first shot.", state.first)
    start_turn(state, data)


# ---- each turn ----


def start_turn(state: State, data: Data) -> None:
    state.target = state.momentum = state.bounce = state.moving = state.hit = state.aim = None
    state.power = state.bounces = 0
    state.friendly_hit = False
    state.step = "target"
    monsterball = state.monsterball(state.shooter)
    if not (monsterball.gone is None and monsterball.deflated_turn is None):  # not in play
        why = "is deflated" if monsterball.deflated else "is out of the game"
        note(state, f"{state.label(monsterball.id)} {why}: no shot this turn.", state.shooter)
        end_of_shot(state, data)


def end_of_shot(state: State, data: Data) -> None:
    """The shot and all its bounces are over: the game may end; otherwise the upkeep starts."""
    state.bounce = state.moving = state.hit = None
    state.moves = []
    state.activations = []
    out = [t for t in (0, 1) if not state.has_miniballs(t)]
    if out:
        names = " and ".join(state.teams[t].name for t in out)
        finish(state, f"{names} {'have' if len(out) > 1 else 'has'} no miniballs left")
        return
    if state.monsterball(0).gone and state.monsterball(1).gone:
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
    queue = state.fire_queue
    while queue and not _burning(state, queue[0]):
        queue.pop(0)
    if queue:
        state.step = "fire"
        return
    for ball in state.balls:
        if ball.gone is None and ball.deflated_turn is not None and ball.deflated_turn < state.turn:
            ball.deflated_turn = None
            note(state, f"{state.label(ball.id)} reinflates on its token's spot at STR {ball.strength}.")
            if state.mat:
                mat_place.reinflate(state, data, ball.id)
    state.step = "portal"


def _burning(state: State, ball_id: str) -> bool:
    ball = state.ball(ball_id)
    return ball.in_play and ball.fire > 0


@STEPS.legal_for("fire", phase="end")
def fire_legal(state: State, data: Data) -> Legal:
    ball = state.ball(state.fire_queue[0])
    return Legal("roll", ball.team, sides=(data.fire.die,) * ball.fire)


@STEPS.prompt_for("fire")
def fire_prompt(state: State, data: Data, legal: Legal) -> Roll:
    ball = state.ball(state.fire_queue[0])
    sides = data.fire.die
    losses = fire_losses(sides, ball.fire)
    return Roll(
        actor=legal.actor,
        text=f"{state.label(ball.id)} is on fire: roll a d{sides} for each of its {ball.fire} fire token(s).",
        purpose="Fire",
        dice=tuple(DieSpec(sides=sides, label=f"fire token {i + 1}", note="even: -1 STR, +1 token; odd: -1 token")
                   for i in range(len(legal.sides))),
        success="each even face costs 1 STR and adds a token; each odd face removes a token",
        odds=tuple(Outcome(label=f"loses {k} STR", probability=p) for k, p in enumerate(losses)),
        chance=losses[0],
        wins=_no_even,
    )  # fmt: skip


def _no_even(faces: list[int]) -> bool:
    """The fire roll went its owner's way: no even face, so no STR lost."""
    return all(f % 2 for f in faces)


@STEPS.apply_for("fire")
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
    state.fire_queue.pop(0)
    _next_fire(state, data)


@STEPS.legal_for("portal", phase="end")
def portal_legal(state: State, data: Data) -> Legal:
    return Legal("roll", state.shooter, sides=(data.portals.die,))


@STEPS.prompt_for("portal")
def portal_prompt(state: State, data: Data, legal: Legal) -> Roll:
    rules = data.portals
    place = portal_place_chance(rules.die, state.turn, rules.late_after_turn, rules.late_remove_face)
    if state.turn > rules.late_after_turn:
        success = f"after turn {rules.late_after_turn}: {rules.late_remove_face} removes a portal, anything else adds one"
    else:
        success = f"{state.turn} or less adds a portal; more removes one"
    return Roll(
        actor=legal.actor,
        text=f"Portal roll after {state.turn} turn(s): {state.portals}/{rules.max} portals on the field.",
        purpose="Portals",
        dice=(DieSpec(sides=legal.sides[0], label=f"{state.teams[state.shooter].name} portal die"),),
        success=success,
        odds=(
            Outcome(label="add a portal" if state.portals < rules.max
                    else f"add a portal, but {rules.max} of {rules.max} are out: nothing changes", probability=place),
            Outcome(label="remove a portal" if state.portals
                    else "remove a portal, but there is none: nothing changes", probability=1 - place),
        ),
    )


@STEPS.apply_for("portal")
def portal_apply(state: State, data: Data, event: Event) -> None:
    rules = data.portals
    face = event.value[0]
    adds = portal_places(face, state.turn, rules.late_after_turn, rules.late_remove_face)
    if adds and state.portals >= rules.max:
        note(state, f"Portal die {face}: add one, but {rules.max} is the most: nothing changes.", state.shooter)
    elif adds:
        note(state, f"Portal die {face}: {state.teams[state.shooter].name} adds a portal.", state.shooter)
        if state.mat:  # the shooter picks the free spot
            state.step = "portal_place"
            return
        if certainly_room(state, data):
            state.portals += 1
            note(state, f"Portal placed on a free centre-zone spot ({state.portals} on the field; with "
                 f"{_covered(state)} of {rules.centre_spots} spots taken at most, there is room).", state.shooter)
            next_turn(state, data)
            return
        state.step = "portal_place"
        return
    elif state.portals and state.mat:
        note(state, f"Portal die {face}: {state.teams[state.shooter].name} removes a portal.", state.shooter)
        mat_place.remove_portal(state, data)
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
    return spots > 0 and _covered(state) < spots


PORTAL_PLACES = {"centre": ("On a free centre-zone spot", "1"),
                 "monster_spot": ("Centre zone full: on a monsterball start spot", "2"),
                 "no_room": ("No free spot anywhere: remove a portal instead", "0")}
"""Where a new portal goes when the table must say: answer id -> (label, key)."""
PORTAL_PLACE_LEGAL = tuple(Legal("choose", team, tuple(PORTAL_PLACES)) for team in (0, 1))


@STEPS.legal_for("portal_place", phase="end", forcible=True)
def portal_place_legal(state: State, data: Data) -> Legal:
    if state.mat:
        return mat_place.portal_place_legal(state, data)
    return PORTAL_PLACE_LEGAL[state.shooter]


@STEPS.prompt_for("portal_place")
def portal_place_prompt(state: State, data: Data, legal: Legal) -> Choose:
    if state.mat:
        return mat_place.portal_place_prompt(state, data, legal)
    return Choose(
        actor=legal.actor,
        text=f"{state.teams[state.shooter].name}: where does the new portal go?",
        options=tuple(Option(id=i, label=PORTAL_PLACES[i][0], key=PORTAL_PLACES[i][1]) for i in legal.ids),
    )


@STEPS.apply_for("portal_place")
def portal_place_apply(state: State, data: Data, event: Event) -> None:
    if state.mat:
        mat_place.portal_place_apply(state, data, event)
        return
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



# ---- the end ----


OVER_LEGAL = Legal("over", None)


@STEPS.legal_for("over", phase="end")
def over_legal(state: State, data: Data) -> Legal:
    return OVER_LEGAL


@STEPS.prompt_for("over")
def over_prompt(state: State, data: Data, legal: Legal) -> GameOver:
    return GameOver(text=state.result)


@STEPS.apply_for("over")
def over_apply(state: State, data: Data, event: Event) -> None:
    raise RuleError("The game is over.")
