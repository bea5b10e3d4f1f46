"""The match's shape: halves, roll-offs, turns passing, touchdowns, halts, restarts and fumbles."""

from __future__ import annotations

from typing import Literal

from refbox.engine.dice import p_first_beats, percent
from refbox.engine.prompts import Choose, Confirm, DieSpec, Event, Option, Outcome, Roll
from refbox.engine.legacy_state import made
from refbox.games.battleball import roster
from refbox.games.battleball.models import Data, Fumble, Ref, State, Turn


# ---- turns ----

BLANK_TURN = Turn()
_BLANK = dict(BLANK_TURN.__dict__)
assert {k for k, v in _BLANK.items() if type(v) is list} == {"move_faces", "tackle_faces", "used"}


def fresh_turn() -> Turn:
    """A blank Turn without validating its defaults again (this runs every turn): new lists, the rest shared."""
    return made(Turn, {**_BLANK, "move_faces": [], "tackle_faces": [], "used": [None, None]})


def start_turn(state: State, side: int) -> None:
    state.side = side
    state.turn_no += 1
    clear_turn(state.turn)
    state.step = "select"


def clear_turn(turn: Turn) -> None:
    """``fresh_turn`` in place (every turn: nothing else holds the old one; a clone copies it)."""
    fields = turn.__dict__
    fields.update(_BLANK)
    fields["move_faces"], fields["tackle_faces"], fields["used"] = [], [], [None, None]


def end_turn(state: State) -> None:
    start_turn(state, 1 - state.side)


# ---- halves ----


def begin_half(state: State, data: Data, then: str = "half") -> None:
    """Everyone not seriously injured lines up again; the ball goes back to the centre. On the board refbox
    sets the default formation and each coach may adjust it (``then``: what the line-up leads to)."""
    for side in (0, 1):
        for p in state.players[side]:
            if p.status == "locker":
                p.status = "field"
    clear_field(state)
    state.step = "lineup"
    if state.board:
        line_up_on_board(state, data, then)


def line_up_on_board(state: State, data: Data, then: str) -> None:
    from refbox.games.battleball import onboard

    onboard.place_formation(state, data)
    state.lineup_next = then  # type: ignore[assignment]
    state.side = 0
    state.step = "lineup"


def clear_field(state: State) -> None:
    state.carnage_on_field = 0
    state.carnage = []
    state.carrier = None
    state.ball_at_centre = True
    state.fumble = None
    state.turn = fresh_turn()


def in_overtime(state: State, data: Data) -> bool:
    return state.half > data.game.halves


def confirm_lineup(state: State, data: Data) -> Confirm:
    half = roster.half_name(data, state.half)
    return Confirm(text=f"Line up for the {half}: every fit player behind his 20-yard line, the ball on the centre square.")


def apply_lineup(state: State, data: Data, event: Event) -> None:
    state.note(roster.stamp(data, state), f"Both sides line up for the {roster.half_name(data, state.half)}.")
    after_lineup(state, data)


def after_lineup(state: State, data: Data) -> None:
    if concede_if_empty(state, data):
        return
    if data.team_rules:
        state.side = 0
        state.step = "team-rules"
    else:
        after_team_rules(state, data)


def after_team_rules(state: State, data: Data) -> None:
    if state.half == 1 or in_overtime(state, data):
        state.step = "roll-off"
    else:
        assert state.first_of_half is not None
        start_turn(state, state.first_of_half)


def team_rule_prompt(state: State, data: Data) -> Choose:
    who = state.coaches[state.side]
    options = tuple(Option(id=r.id, label=r.name, actor=state.side) for r in data.team_rules)
    return Choose(actor=state.side, text=f"{who}: pick your Team Rule for the {roster.half_name(data, state.half)}.", options=options)


def apply_team_rule(state: State, data: Data, event: Event) -> None:
    rule = next(r for r in data.team_rules if r.id == event.value)
    state.team_rules[state.side] = rule.name
    state.note(roster.stamp(data, state), f"{state.coaches[state.side]} takes the Team Rule {rule.name}.", state.side)
    if state.side == 0:
        state.side = 1
    else:
        after_team_rules(state, data)


def roll_off_prompt(state: State, data: Data) -> Roll:
    sides = data.game.roll_off_die
    first, tie, second = p_first_beats(sides, 0, sides, 0)
    names = [roster.team_name(data, state, s) for s in (0, 1)]
    return Roll(
        text=f"Roll-off for the {roster.half_name(data, state.half)}: each coach rolls a d{sides}.",
        purpose="who takes the first turn",
        dice=tuple(DieSpec(sides=sides, label=f"{names[s]} ({state.coaches[s]})") for s in (0, 1)),
        success=f"higher roll moves first; equal rolls roll again ({percent(tie)})",
        odds=(
            Outcome(label=f"{names[0]} first", probability=first),
            Outcome(label=f"{names[1]} first", probability=second),
            Outcome(label="tie: roll again", probability=tie),
        ),
    )


def apply_roll_off(state: State, data: Data, event: Event) -> None:
    a, b = event.value  # type: ignore[misc]
    where = roster.stamp(data, state)
    if a == b:
        state.note(where, f"Roll-off {a} : {b}, a tie: roll again.")
        return
    winner = 0 if a > b else 1
    state.note(where, f"Roll-off {a} : {b}: {roster.team_name(data, state, winner)} move first.", winner)
    state.first_of_half = winner
    start_turn(state, winner)


# ---- touchdowns and the end of the game ----


def touchdown(state: State, data: Data, side: int, how: str) -> None:
    state.score[side] += 1
    state.scorer = side
    state.step = "touchdown"
    name = roster.team_name(data, state, side)
    state.note(roster.stamp(data, state), f"TOUCHDOWN {name}: {how}. Score {state.score[0]} : {state.score[1]}.", side)
    if state.skip:  # no Enter just to read it: the log says it, and the next line-up (or the end) follows
        after_touchdown(state, data)


def touchdown_prompt(state: State, data: Data) -> Confirm:
    assert state.scorer is not None
    name = roster.team_name(data, state, state.scorer)
    if state.score[state.scorer] >= data.game.touchdowns_to_win:
        return Confirm(actor=state.scorer, text=f"Touchdown {name}: that wins the game.")
    nxt = roster.half_name(data, state.half + 1)
    return Confirm(
        actor=state.scorer,
        text=f"Touchdown {name}. Clear the field and every carnage token; the {nxt} comes next.",
    )


def apply_touchdown(state: State, data: Data, event: Event) -> None:
    after_touchdown(state, data)


def after_touchdown(state: State, data: Data) -> None:
    scorer = state.scorer
    assert scorer is not None
    if state.score[scorer] >= data.game.touchdowns_to_win:
        game_over(state, data, f"{roster.team_name(data, state, scorer)} win {state.score[0]} : {state.score[1]}.")
        return
    state.half += 1
    state.turn_no = 0
    state.first_of_half = None if in_overtime(state, data) else 1 - scorer
    state.team_rules = [None, None]
    state.scorer = None
    begin_half(state, data)


def game_over(state: State, data: Data, result: str) -> None:
    state.result = result
    state.step = "over"
    state.note(roster.stamp(data, state), f"Game over: {result}")


def everyone_out(state: State) -> bool:
    return all(p.status == "out" for side in state.players for p in side)


def end_all_injured(state: State, data: Data) -> None:
    a, b = state.score
    if a == b:
        result = f"every player is seriously injured; a tie at {a} : {b}."
    else:
        result = f"every player is seriously injured; {roster.team_name(data, state, 0 if a > b else 1)} win {a} : {b}."
    game_over(state, data, result)


def concede_if_empty(state: State, data: Data) -> bool:
    """Ruling empty-side-concedes: a side with nobody fit gives up a touchdown (both: the game ends)."""
    fit = [bool(state.on_field(s)) for s in (0, 1)]
    if all(fit):
        return False
    if not any(fit):
        end_all_injured(state, data)
    else:
        touchdown(state, data, fit.index(True), f"{roster.team_name(data, state, fit.index(False))} cannot field a player")
    return True


def after_tackle_removals(state: State, data: Data) -> bool:
    """An emptied field ends the game, restarts the half, or scores. True if play stopped."""
    if everyone_out(state):
        end_all_injured(state, data)
        return True
    present = [bool(state.on_field(s)) for s in (0, 1)]
    if not any(present):
        state.note(roster.stamp(data, state), "Both sides' last players are down: the half starts again.")
        if state.board:
            begin_half(state, data, then="restart")
            state.note(roster.stamp(data, state), f"The {roster.half_name(data, state.half)} restarts.")
        else:
            state.step = "restart"
        return True
    if not all(present):
        winner = present.index(True)
        touchdown(state, data, winner, f"every {roster.team_name(data, state, 1 - winner)} player is off the field")
        return True
    return False


# ---- halts and restarts ----


def halt(state: State, data: Data, first: int, why: str) -> None:
    state.halt_first = first
    state.step = "halt"
    state.note(roster.stamp(data, state), f"Play halted: {why}.")
    if state.board:  # refbox clears the board itself: straight to the line-up
        clear_field(state)
        line_up_on_board(state, data, "halt")


def halt_prompt(state: State, data: Data) -> Confirm:
    assert state.halt_first is not None
    first = roster.team_name(data, state, state.halt_first)
    return Confirm(
        text=f"Halt: clear the field and all carnage; both sides line up behind their 20-yard line (the injured stay "
        f"out), the ball on the centre square. {first} move first."
    )


def apply_halt(state: State, data: Data, event: Event) -> None:
    first = state.halt_first
    assert first is not None
    state.halt_first = None
    clear_field(state)
    start_turn(state, first)


def restart_prompt(state: State, data: Data) -> Confirm:
    return Confirm(
        text=f"Restart the {roster.half_name(data, state.half)}: Locker Room players return, the seriously injured "
        "stay out; clear the carnage and line up, the ball on the centre square."
    )


def apply_restart(state: State, data: Data, event: Event) -> None:
    begin_half(state, data)
    state.note(roster.stamp(data, state), f"The {roster.half_name(data, state.half)} restarts.")
    if concede_if_empty(state, data):
        return
    assert state.first_of_half is not None
    start_turn(state, state.first_of_half)


# ---- the table's instructions, logged instead of asked (Setup.fold_confirms) ----

FOLDED = frozenset({"lineup", "halt", "restart"})
"""Table steps whose only answer is Enter: with ``fold_confirms`` each is logged and applied at once."""


def fold_confirm(state: State, data: Data) -> None:
    """The instruction the Enter-only prompt gave goes to the log, then play goes on as that Enter would."""
    step = state.step
    prompt = {"lineup": confirm_lineup, "halt": halt_prompt, "restart": restart_prompt}[step](state, data)
    state.note(roster.stamp(data, state), prompt.text)
    {"lineup": after_lineup, "halt": _after_halt, "restart": _after_restart}[step](state, data)


def _after_halt(state: State, data: Data) -> None:
    apply_halt(state, data, Event("confirm"))


def _after_restart(state: State, data: Data) -> None:
    apply_restart(state, data, Event("confirm"))


# ---- fumbles ----


def fumble(state: State, data: Data, fumbler: Ref, holder: int, then: Literal["adjacent", "end-turn"],
           near: list[int] | None = None) -> None:
    """``near``: on the board, the fumbler's squares when a tackle has just removed him."""
    state.carrier = None
    state.ball_at_centre = False
    state.last_holder = holder
    state.step = "fumble-place"
    state.note(roster.stamp(data, state), f"FUMBLE by {roster.full(data, state, fumbler)}.", fumbler.team)
    if not state.board:
        state.fumble = Fumble(fumbler=fumbler, holder=holder, then=then)
        return
    from refbox.games.battleball import onboard

    state.ball = None
    if near is None:
        near = onboard.fumble_near(state, data, fumbler)
    state.fumble = Fumble(fumbler=fumbler, near=near, holder=holder, then=then)
    onboard.after_fumble(state, data)


def fumble_prompt(state: State, data: Data) -> Choose:
    assert state.fumble is not None
    placer = 1 - state.fumble.holder
    who = roster.short(data, state, state.fumble.fumbler)
    reach = data.game.fumble_reach
    fumblers = roster.team_name(data, state, state.fumble.holder)
    options = (
        Option(id="loose", label=f"On an empty square within {reach} of {who}", actor=placer),
        Option(id="give-mine", label=f"No empty square: to one of my players within {reach}", actor=placer),
        Option(id="give-theirs", label=f"No empty square: to a {fumblers} player within {reach}", actor=1 - placer),
        Option(id="halt", label="No square and no player to take it: halt play"),
    )
    return Choose(actor=placer, text=f"{state.coaches[placer]} places the fumbled ball.", options=options)


def apply_fumble(state: State, data: Data, event: Event) -> None:
    assert state.fumble is not None
    where = roster.stamp(data, state)
    placer = 1 - state.fumble.holder
    if event.value == "loose":
        state.note(where, "The ball lies loose.")
        resume_after_fumble(state, data)
    elif event.value in ("give-mine", "give-theirs"):
        state.fumble.given_to = placer if event.value == "give-mine" else 1 - placer
        state.step = "fumble-give"
    else:
        halt(state, data, state.fumble.holder, "nowhere to put the fumbled ball")
        state.fumble = None


def fumble_give_prompt(state: State, data: Data) -> Choose:
    assert state.fumble is not None and state.fumble.given_to is not None
    placer = 1 - state.fumble.holder
    options = roster.player_options(data, state, state.fumble.given_to)
    return Choose(actor=placer, text="Which player is given the ball?", options=tuple(options))


def apply_fumble_give(state: State, data: Data, event: Event) -> None:
    assert state.fumble is not None and state.fumble.given_to is not None
    ref = Ref(team=state.fumble.given_to, id=str(event.value))
    state.carrier = ref
    state.last_holder = ref.team
    state.note(roster.stamp(data, state), f"The ball is given to {roster.full(data, state, ref)}.", ref.team)
    resume_after_fumble(state, data)


def resume_after_fumble(state: State, data: Data) -> None:
    assert state.fumble is not None
    then = state.fumble.then
    state.fumble = None
    if then != "adjacent":
        end_turn(state)
    elif state.board:
        from refbox.games.battleball import onboard

        onboard.after_move(state, data)
    else:
        from refbox.games.battleball import movement

        movement.to_adjacent(state)
