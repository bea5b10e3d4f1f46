"""A turn's first half: pick a player, roll to move, report the ball, then tackle / hand-off / pass / end."""

from __future__ import annotations

from refbox.engine.errors import RuleError
from refbox.games.luck import Wins, all_different
from refbox.engine.prompts import Choose, Event, Option, Outcome, Refusal, Roll
from refbox.games.battleball import flow, odds, onboard, roster
from refbox.games.battleball.models import Data, Ref, State


def _mover(state: State) -> Ref:
    assert state.turn.mover is not None
    return Ref(team=state.side, id=state.turn.mover)


def _our_ball(state: State) -> bool:
    return state.carrier is not None and state.carrier.team == state.side


def squares(n: int) -> str:
    return "1 square" if n == 1 else f"{n} squares"


# ---- select ----


def select_prompt(state: State, data: Data) -> Choose:
    options = roster.player_options(data, state, state.side)
    options.append(Option(id="halt", label="Halt play: no side can reach an end zone", key="0"))
    return Choose(
        actor=state.side,
        text=f"{state.coaches[state.side]}: pick a player to move.",
        options=tuple(options),
        refused=roster.off_field_refusals(data, state, state.side),
    )


def apply_select(state: State, data: Data, event: Event) -> None:
    if event.value == "halt":
        first = state.holder()
        if first is None:
            first = state.last_holder if state.last_holder is not None else state.side
        flow.halt(state, data, first, "the referee sees no way to reach an end zone")
        return
    state.turn.mover = str(event.value)
    state.step = "move-roll"


# ---- the movement roll ----


def move_roll_prompt(state: State, data: Data) -> Roll:
    ref = _mover(state)
    dice = roster.dice(data, state, ref)
    who = roster.full(data, state, ref)
    if len(dice) > 1:
        p = odds.move_doubles(dice)
        drop = " and drops the ball" if state.carrier == ref else ""
        return Roll(
            actor=state.side,
            text=f"{who} moves: roll both d6 and use one.",
            purpose="movement",
            dice=tuple(roster.die_specs(data, state, ref)),
            success=f"moves up to the die you keep; a double: no move{drop}",
            odds=(
                Outcome(label="moves (different dice)", probability=1 - p),
                Outcome(label=f"double: stays put{drop}", probability=p),
            ),
            chance=1 - p,
            wins=Wins(all_different),
        )
    return Roll(
        actor=state.side,
        text=f"{who} moves: roll his die.",
        purpose="movement",
        dice=tuple(roster.die_specs(data, state, ref)),
        success=f"moves 1 to the number rolled (at most {dice[0]}), stopping beside an opponent",
        odds=(Outcome(label=f"each face 1-{dice[0]}", probability=1 / dice[0]),),
    )


def apply_move_roll(state: State, data: Data, event: Event) -> None:
    faces: list[int] = event.value  # type: ignore[assignment]
    state.turn.move_faces = list(faces)
    if state.board and (len(faces) == 1 or len(set(faces)) > 1):  # the move's own log line gives the roll
        onboard.after_roll(state, data, max(faces))  # two dice: the higher reaches every square the lower does
        return
    ref = _mover(state)
    where = roster.stamp(data, state)
    who = roster.full(data, state, ref)
    if len(faces) == 1:
        state.note(where, f"{who} rolls {faces[0]}: moves up to {squares(faces[0])}.", state.side)
        after_move(state)
    elif len(set(faces)) == 1:
        state.turn.ht_no_move = True
        state.note(where, f"{who} rolls a double {faces[0]}: he cannot move this turn.", state.side)
        if state.carrier == ref:
            flow.fumble(state, data, ref, state.side, then="adjacent")
        elif state.board:
            onboard.after_move(state, data)
        else:
            to_adjacent(state)
    elif state.fewer_keys:  # at the table too: "up to" the higher die covers every move the lower allows
        state.note(where, f"{who} rolls {faces}, keeps the {max(faces)} (the lower die allows no move the higher "
                   f"does not): moves up to {squares(max(faces))}.", state.side)
        after_move(state)
    else:
        state.step = "move-die"


def move_die_prompt(state: State, data: Data) -> Choose:
    faces = state.turn.move_faces
    options = tuple(Option(id=str(f), label=f"Keep the {f}: up to {f} squares", actor=state.side) for f in faces)
    return Choose(actor=state.side, text=f"Heavy Tackle rolled {faces[0]} and {faces[1]}: which die?", options=options)


def apply_move_die(state: State, data: Data, event: Event) -> None:
    state.note(
        roster.stamp(data, state),
        f"{roster.full(data, state, _mover(state))} rolls {state.turn.move_faces}, keeps {event.value}: "
        f"moves up to {squares(int(str(event.value)))}.",
        state.side,
    )
    after_move(state)


# ---- what happened to the ball ----


def after_move(state: State) -> None:
    ref = _mover(state)
    if state.carrier is None or state.carrier == ref:
        state.step = "ball"
    else:
        to_adjacent(state)


def to_adjacent(state: State) -> None:
    """After the move and the ball: "next to an opponent?" (the old flow), or, with Setup.fewer_keys, that
    question folded into the after-move choice (tackle, hand off, pass or end the turn)."""
    state.step = "action" if state.fewer_keys else "adjacent"


def ball_prompt(state: State, data: Data) -> Choose:
    who = _mover(state).id
    side = state.side
    if state.carrier is None:
        options = (
            Option(id="left", label="Left the loose ball where it lies", actor=side),
            Option(id="pickup", label=f"{who} picked up the loose ball", actor=side),
            Option(id="pickup-td", label=f"{who} picked it up and ran into the end zone", actor=side),
        )
    else:
        options = (
            Option(id="kept", label=f"{who} still holds the ball, short of the end zone", actor=side),
            Option(id="td", label=f"{who} carried the ball into the end zone from the last square", actor=side),
        )
    return Choose(actor=side, text="After the move: what about the ball? (refbox cannot see the board)", options=options)


def apply_ball(state: State, data: Data, event: Event) -> None:
    ref = _mover(state)
    who = roster.full(data, state, ref)
    where = roster.stamp(data, state)
    if event.value in ("pickup", "pickup-td"):
        state.carrier = ref
        state.ball_at_centre = False
        state.last_holder = state.side
        state.note(where, f"{who} picks up the ball.", state.side)
    if event.value in ("td", "pickup-td"):
        flow.touchdown(state, data, state.side, f"{who} carries the ball into the end zone")
        return
    to_adjacent(state)


# ---- after the move: tackle, hand-off, pass or nothing ----


def adjacent_prompt(state: State, data: Data) -> Choose:
    side = state.side
    return Choose(
        actor=side,
        text="Is any of your players now next to an opposing player?",
        options=(
            Option(id="yes", label="Yes: a tackle must be made", actor=side),
            Option(id="no", label="No: nobody of ours is next to an opponent", actor=side),
        ),
    )


def action_options(state: State, data: Data) -> list[Option]:
    side = state.side
    end = "End the turn: nobody of ours is next to an opponent" if state.fewer_keys else "End the turn"
    options = [Option(id="end", label=end, actor=side, key="1")]  # first: always key 1, the default
    if _our_ball(state) and len(state.on_field(side)) > 1:
        carrier = roster.short(data, state, state.carrier)  # type: ignore[arg-type]
        options += [
            Option(id="hand-off", label=f"Hand off: {carrier} to a team-mate next to him", actor=side, key="2"),
            Option(id="pass", label=f"Pass: {carrier} throws to a team-mate", actor=side, key="3"),
        ]
    if state.fewer_keys:  # "next to an opponent?" folded in: yes is a tackle, and the tackle is compulsory
        options.append(Option(id="tackle", label="Tackle: a player of ours is next to an opponent",
                              actor=side, key="4"))
    return options


def apply_adjacent(state: State, data: Data, event: Event) -> None:
    where = roster.stamp(data, state)
    if event.value == "yes":
        state.note(where, "A player is next to an opponent: a tackle is mandatory.", state.side)
        state.step = "tackler"
    elif len(action_options(state, data)) > 1:
        state.step = "action"
    else:
        state.note(where, "Nobody next to an opponent; no ball to move: the turn passes.", state.side)
        flow.end_turn(state)


def action_prompt(state: State, data: Data) -> Choose:
    if state.fewer_keys:
        return Choose(
            actor=state.side,
            text="After the move: is a player of yours next to an opponent? Then tackle. If not: hand off, pass or "
                 "end the turn (one attempt, then the turn passes).",
            options=tuple(action_options(state, data)),
        )
    return Choose(
        actor=state.side,
        text="Nobody can tackle: hand off, pass, or end the turn? (one attempt, then the turn passes)",
        options=tuple(action_options(state, data)),
        refused=(Refusal(id="tackle", label="Tackle", reason="you reported nobody of yours next to an opponent"),),
    )


def apply_action(state: State, data: Data, event: Event) -> None:
    if event.value in ("hand-off", "pass") and not _our_ball(state):  # the prompt never offers it
        raise RuleError("Only the side holding the ball may hand off or pass.")
    if event.value == "tackle":
        if not state.fewer_keys:  # the prompt never offers it
            raise RuleError("Say first that a player is next to an opponent.")
        state.note(roster.stamp(data, state), "A player is next to an opponent: a tackle is mandatory.", state.side)
        state.step = "tackler"
    elif event.value == "hand-off":
        state.step = "hand-off-to"
    elif event.value == "pass":
        state.step = "pass-to"
    else:
        words = "Nobody next to an opponent: the turn passes." if state.fewer_keys else "The turn passes."
        state.note(roster.stamp(data, state), words, state.side)
        flow.end_turn(state)

