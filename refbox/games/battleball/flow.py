"""The match's shape: turns passing, halves and their line-ups, touchdowns, halts, restarts and the end.

At the table the line-up, halt and restart are instructions to the referee, who decides nothing there: each
is logged and play goes straight on (no Enter). On refbox's board refbox does them itself: it stands the
figures in their formation and each coach may adjust it (kickoff.py's line-up steps).
"""

from __future__ import annotations

from typing import Literal

from refbox.engine.errors import RuleError
from refbox.engine.prompts import GameOver, Legal
from refbox.games.battleball import roster
from refbox.games.battleball.data import Data
from refbox.games.battleball.models import Positions, State, Turn
from refbox.games.battleball.steps import STEPS

# ---- turns ----


def start_turn(state: State, side: int) -> None:
    state.side = side
    state.turn_no += 1
    state.turn.clear()
    state.step = "select"


def end_turn(state: State) -> None:
    start_turn(state, 1 - state.side)


# ---- halves ----


def begin_half(state: State, data: Data, then: Literal["half", "halt", "restart"] = "half") -> None:
    """Everyone not seriously injured lines up again; the ball goes back to the centre. On the board refbox
    sets the default formation and each coach may adjust it (``then``: what the line-up leads to); at the
    table a half's line-up is an instruction, logged, and play goes on (a restart's was in its own)."""
    for side in (0, 1):
        for p in state.players[side]:
            if p.status == "locker":
                p.status = "field"
    clear_field(state)
    state.step = "lineup"
    if state.board:
        line_up_on_board(state, data, then)
    elif then == "half":
        state.note(roster.stamp(data, state), f"Line up for the {roster.half_name(data, state.half)}: every fit "
                   "player behind his 20-yard line, the ball on the centre square.")
        after_lineup(state, data)


def line_up_on_board(state: State, data: Data, then: Literal["half", "halt", "restart"]) -> None:
    place_formation(state, data)
    state.lineup_next = then
    state.side = 0
    state.step = "lineup"


def place_formation(state: State, data: Data) -> None:
    """Clear the field; every fit player to his formation square behind his 20-yard line; the ball to the
    centre square."""
    f = data.grid
    assert f is not None
    for side in (0, 1):
        at: dict[str, int] = {}
        for p in state.players[side]:
            if p.status != "field":
                continue
            spot = data.places[p.id]
            i = f.at(spot.col, spot.row)
            if side == 1:  # the other end, turned half round: a Heavy Tackle's first square is his upper one
                i = f.mirror(f.foot(i)) if p.id in data.heavy else f.mirror(i)
            at[p.id] = i
        state.at[side] = Positions(at)
    state.carnage = 0
    state.carrier = None
    state.ball = f.centre
    state.ball_at_centre = True
    state.last_move = []


def clear_field(state: State) -> None:
    state.carnage_on_field = 0
    state.carnage = 0
    state.carrier = None
    state.ball_at_centre = True
    state.fumble = None
    state.turn = Turn()


def in_overtime(state: State, data: Data) -> bool:
    return state.half > data.game.halves


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


# ---- touchdowns and the end of the game ----


def touchdown(state: State, data: Data, side: int, how: str) -> None:
    """``side`` scores (credited to its ball carrier, if it has the ball); the log says it, and the next half
    (or the end) follows at once: the referee has nothing to confirm."""
    state.score[side] += 1
    name = roster.team_name(data, state, side)
    state.note(roster.stamp(data, state), f"TOUCHDOWN {name}: {how}. Score {state.score[0]} : {state.score[1]}.", side)
    c = state.carrier
    state.record("touchdowns", side, c.id if c is not None and c.team == side else None)
    if state.score[side] >= data.game.touchdowns_to_win:
        game_over(state, data, f"{name} win {state.score[0]} : {state.score[1]}.")
        return
    state.half += 1
    state.turn_no = 0
    state.first_of_half = None if in_overtime(state, data) else 1 - side
    state.team_rules = [None, None]
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
        half = roster.half_name(data, state.half)
        if not state.board:  # the table's instruction, logged
            state.note(roster.stamp(data, state), f"Restart the {half}: Locker Room players return, the seriously "
                       "injured stay out; clear the carnage and line up, the ball on the centre square.")
        begin_half(state, data, then="restart")
        state.note(roster.stamp(data, state), f"The {half} restarts.")
        if not state.board and not concede_if_empty(state, data):  # on the board: once both have lined up
            assert state.first_of_half is not None
            start_turn(state, state.first_of_half)
        return True
    if not all(present):
        winner = present.index(True)
        touchdown(state, data, winner, f"every {roster.team_name(data, state, 1 - winner)} player is off the field")
        return True
    return False


def halt(state: State, data: Data, first: int, why: str) -> None:
    """Play halts (nobody can reach an end zone): the field is cleared, both sides line up, ``first`` moves
    first. On the board refbox clears it and both coaches line up; at the table the instruction is logged."""
    state.note(roster.stamp(data, state), f"Play halted: {why}.")
    clear_field(state)
    if state.board:
        state.halt_first = first
        line_up_on_board(state, data, "halt")
        return
    state.note(roster.stamp(data, state), "Halt: clear the field and all carnage; both sides line up behind their "
               "20-yard line (the injured stay out), the ball on the centre square. "
               f"{roster.team_name(data, state, first)} move first.")
    start_turn(state, first)


# ---- the end ----

OVER = Legal("over")


@STEPS.legal_for("over", phase="stoppage")
def over_legal(state: State, data: Data) -> Legal:
    return OVER


@STEPS.prompt_for("over")
def over_prompt(state: State, data: Data, legal: Legal) -> GameOver:
    return GameOver(text=f"Game over: {state.result}")


@STEPS.apply_for("over")
def over_apply(state: State, data: Data, event) -> None:
    raise RuleError("The game is over: nothing more to play. Undo to go back.")
