"""A turn's first half: pick a player, roll to move, and the move (a square on the board; at the table, what
happened to the ball). What follows it: after_move.py."""

from __future__ import annotations

from refbox.engine.errors import RuleError
from refbox.engine.prompts import Choose, Event, Legal, Option, Outcome, Roll
from refbox.games.battleball import after_move as after_move_
from refbox.games.battleball import flow, fumbles, odds, pitch, roster
from refbox.games.battleball.data import Data, Pitch
from refbox.games.battleball.models import Ref, State
from refbox.games.battleball.steps import STEPS
from refbox.games.luck import Wins, all_different

ENDZONE = "endzone"


def _mover(state: State) -> Ref:
    assert state.turn.mover is not None
    return Ref(state.side, state.turn.mover)


def squares(n: int) -> str:
    return "1 square" if n == 1 else f"{n} squares"


# ---- pick a player ----


@STEPS.legal_for("select", phase="movement", forcible=True)
def select_legal(state: State, data: Data) -> Legal:
    """Any of his players on the field, or a halt: at the table the referee may always call one; on the board
    it is offered only when nobody can score (ruling halt-offered)."""
    side = state.side
    if not state.board:
        return Legal("choose", side, (*roster.on_field_ids(state, side), "halt"))
    ids = tuple(state.at[side])
    return Legal("choose", side, ids if pitch.scoring_possible(data.pitch, state) else (*ids, "halt"))


@STEPS.prompt_for("select")
def select_prompt(state: State, data: Data, legal: Legal) -> Choose:
    side = state.side
    figures = [pid for pid in legal.ids if pid != "halt"]
    if state.board:
        options = [roster.figure_option(data, state, side, pid) for pid in figures]
        why = "carnage walls off the ball from every end zone"
    else:
        options = roster.player_options(data, state, side, figures)
        why = "no side can reach an end zone"
    if "halt" in legal.ids:
        options.append(Option(id="halt", label=f"Halt play: {why}", key="0"))
    return Choose(actor=side, text=f"{state.coaches[side]}: pick a player to move.", options=tuple(options),
                  refused=roster.off_field_refusals(data, state, side))


@STEPS.apply_for("select")
def select_apply(state: State, data: Data, event: Event) -> None:
    if event.value == "halt":
        first = state.holder()
        if first is None:
            first = state.last_holder if state.last_holder is not None else state.side
        flow.halt(state, data, first, "the referee sees no way to reach an end zone")
        return
    state.turn.mover = event.value  # type: ignore[assignment]  # a choice: a player id
    state.step = "move-roll"


# ---- the movement roll ----


@STEPS.legal_for("move-roll", phase="movement")
def move_roll_legal(state: State, data: Data) -> Legal:
    return data.move_rolls[state.side, state.turn.mover]  # type: ignore[index]


@STEPS.prompt_for("move-roll")
def move_roll_prompt(state: State, data: Data, legal: Legal) -> Roll:
    ref = _mover(state)
    dice = legal.sides
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


@STEPS.apply_for("move-roll")
def move_roll_apply(state: State, data: Data, event: Event) -> None:
    faces: list[int] = event.value  # type: ignore[assignment]
    state.turn.move_faces = list(faces)
    if state.board and (len(faces) == 1 or len(set(faces)) > 1):  # the move's own log line gives the roll
        _after_roll(state, data, max(faces))  # two dice: the higher reaches every square the lower does
        return
    ref = _mover(state)
    where = roster.stamp(data, state)
    who = roster.full(data, state, ref)
    if len(faces) == 1:
        state.note(where, f"{who} rolls {faces[0]}: moves up to {squares(faces[0])}.", state.side)
        _after_table_move(state)
    elif len(set(faces)) == 1:
        state.turn.ht_no_move = True
        state.note(where, f"{who} rolls a double {faces[0]}: he cannot move this turn.", state.side)
        if state.carrier == ref:
            fumbles.fumble(state, data, ref, state.side, then="adjacent")
        elif state.board:
            after_move(state, data)
        else:
            state.step = "action"
    else:  # at the table too: "up to" the higher die covers every move the lower allows
        state.note(where, f"{who} rolls {faces}, keeps the {max(faces)} (the lower die allows no move the higher "
                   f"does not): moves up to {squares(max(faces))}.", state.side)
        _after_table_move(state)


# ---- the move on the board: a square in reach ----


def _after_roll(state: State, data: Data, steps: int) -> None:
    """The roll is known: work out where the mover can go, then ask (or, boxed in, go on without a move)."""
    pid = state.turn.mover
    assert pid is not None
    t = state.turn
    t.reach, t.reach_ball, t.endzone, t.stop, t.mates = pitch.move_reach(data.pitch, state, state.side, pid, steps)
    if not (t.reach or t.reach_ball or t.endzone):
        state.note(roster.stamp(data, state), f"{_rolls(data, state)}: no free square in reach, he stays put.",
                   state.side)
        after_move(state, data)
        return
    state.step = "move-to"


@STEPS.legal_for("move-to", phase="movement", forcible=True)
def move_to_legal(state: State, data: Data) -> Legal:
    """The squares he can end on, in key order: the end zone, the loose ball, squares beside an opponent
    (a tackle follows), then the rest, each group farthest toward the end zone he attacks first."""
    f, t = data.grid, state.turn
    every, stop = t.reach | t.reach_ball, t.stop
    first: tuple[str, ...] = (ENDZONE,) if t.endzone else ()
    if state.ball is not None and (every >> state.ball) & 1:  # the loose ball itself: key 1
        first += (f.ids[state.ball],)
        every &= ~(1 << state.ball)
    descending = state.side == 0  # farthest toward the end zone he attacks first
    near = every & stop
    return Legal("choose", state.side, pitch.SquareIds(f, first, ((near, descending), (every ^ near, descending))))


@STEPS.prompt_for("move-to")
def move_to_prompt(state: State, data: Data, legal: Legal) -> Choose:
    f, t, side = data.grid, state.turn, state.side
    pid = t.mover
    start = state.at[side][pid]
    stop = t.stop
    carrying = state.carries(side, pid)
    options = []
    for sid in legal.ids:
        if sid == ENDZONE:
            col = f.length + 2 if side == 0 else 0
            options.append(Option(id=ENDZONE, label="Into the end zone: TOUCHDOWN", actor=side, key="z",
                                  at=(col, f.row[start])))
            continue
        i = f.by_id[sid]
        notes = [f"{f.distance(start, i)} away"]
        if (stop >> i) & 1:
            notes.append("next to an opponent: tackle")
        if not carrying and (t.reach_ball >> i) & 1:
            # reachable only through the ball's square, or either way (then he is asked whether to pick it up)
            notes.append("with the ball" if not (t.reach >> i) & 1 else "the ball can be picked up on the way")
        options.append(Option(id=sid, label=f"To {sid}: " + ", ".join(notes), actor=side,
                              at=pitch.view_square(f, i)))
    faces = t.move_faces
    roll = f"{max(faces)}" if faces else "?"
    return Choose(actor=side, text=f"{pid} moves up to {roll}: pick his square (a key, / and the square's name, "
                                   "or the arrows).",
                  options=tuple(options))


@STEPS.apply_for("move-to")
def move_to_apply(state: State, data: Data, event: Event) -> None:
    t, side = state.turn, state.side
    pid = t.mover
    assert pid is not None
    carrying = state.carries(side, pid)
    if event.value == ENDZONE:
        if not t.endzone:
            raise RuleError("The end zone is not in reach.")
        state.note(roster.stamp(data, state), f"{_rolls(data, state)}: runs into the end zone.", side)
        if not carrying:
            _pick_up(state, data, Ref(side, pid))
        state.last_move = [state.at[side][pid]]
        flow.touchdown(state, data, side, f"{pid} carries the ball into the end zone")
        return
    p = data.pitch
    i = pitch.square_of(p.grid, event.value, t.reach | t.reach_ball)
    can_without, can_with = (t.reach >> i) & 1, (t.reach_ball >> i) & 1
    if can_with and can_without and not carrying:
        t.dest = i
        state.step = "pickup"
        return
    _move(state, data, p, pid, i, pick_up=bool(can_with) and not carrying)


@STEPS.legal_for("pickup", phase="movement")
def pickup_legal(state: State, data: Data) -> Legal:
    return Legal("choose", state.side, ("take", "leave"))


@STEPS.prompt_for("pickup")
def pickup_prompt(state: State, data: Data, legal: Legal) -> Choose:
    side = state.side
    labels = {"take": "Pick up the ball and carry it on", "leave": "Leave it where it lies"}
    return Choose(actor=side, text=f"{state.turn.mover} passes the loose ball on his way: pick it up?", options=tuple(
        Option(id=i, label=labels[i], actor=side, key=str(k)) for k, i in enumerate(legal.ids, start=1)))


@STEPS.apply_for("pickup")
def pickup_apply(state: State, data: Data, event: Event) -> None:
    dest, pid = state.turn.dest, state.turn.mover
    assert dest is not None and pid is not None
    state.turn.dest = None
    _move(state, data, data.pitch, pid, dest, pick_up=event.value == "take")


def _rolls(data: Data, state: State) -> str:
    """'Iron Wolves RB1 (Running Back, d20) rolls 7' ('rolls 2 and 5, uses the 5' for a Heavy Tackle)."""
    faces = state.turn.move_faces
    who = roster.full_of(data, state, state.side, str(state.turn.mover))
    if len(faces) > 1:
        return f"{who} rolls {faces[0]} and {faces[1]}, uses the {max(faces)}"
    return f"{who} rolls {faces[0]}"


def _move(state: State, data: Data, p: Pitch, pid: str, i: int, pick_up: bool) -> None:
    """The mover of the side to move goes to square ``i`` (picking up the ball there or on the way)."""
    side = state.side
    at = state.at[side]
    start = at[pid]
    at[pid] = i
    state.last_move = [start, i]
    if state.logged:
        ids = p.grid.ids
        state.note(roster.stamp(data, state), f"{_rolls(data, state)}: moves {ids[start]} to {ids[i]}.", side)
    if pick_up:
        _pick_up(state, data, Ref(side, pid))
    t = state.turn
    if pid in p.heavy:  # two squares: whether they touch an opponent is worked out
        after_move(state, data)
    else:  # one square: he stopped next to an opponent or nobody of ours did (they stood still)
        after_move(state, data, bool((t.mates | 1 << i) & t.stop))


def _pick_up(state: State, data: Data, ref: Ref) -> None:
    state.carrier = ref
    state.ball = None
    state.ball_at_centre = False
    state.last_holder = ref.team
    state.note(roster.stamp(data, state), f"{roster.full(data, state, ref)} picks up the ball.", ref.team)


def after_move(state: State, data: Data, contact_known: bool | None = None) -> None:
    """On the board, the move is done: a tackle if anyone of ours touches an opponent, else hand-off / pass /
    end (the turn passes at once when there is nothing else). ``contact_known``: whether they touch, where the
    move worked it out (a one-square mover: his stop squares are the squares next to an opponent)."""
    touching = contact_known if contact_known is not None else pitch.in_contact(data.pitch, state, state.side)
    if touching:
        state.step = "tackle"
    elif len(after_move_.board_actions(state, data)) > 1:
        state.step = "action"
    else:
        flow.end_turn(state)  # nothing to say: the move's own line was the turn


# ---- at the table: what happened to the ball ----


def _after_table_move(state: State) -> None:
    ref = _mover(state)
    state.step = "ball" if state.carrier is None or state.carrier == ref else "action"


@STEPS.legal_for("ball", phase="movement")
def ball_legal(state: State, data: Data) -> Legal:
    ids = ("left", "pickup", "pickup-td") if state.carrier is None else ("kept", "td")
    return Legal("choose", state.side, ids)


@STEPS.prompt_for("ball")
def ball_prompt(state: State, data: Data, legal: Legal) -> Choose:
    who = _mover(state).id
    labels = {
        "left": "Left the loose ball where it lies",
        "pickup": f"{who} picked up the loose ball",
        "pickup-td": f"{who} picked it up and ran into the end zone",
        "kept": f"{who} still holds the ball, short of the end zone",
        "td": f"{who} carried the ball into the end zone from the last square",
    }
    side = state.side
    return Choose(actor=side, text="After the move: what about the ball? (refbox cannot see the board)",
                  options=tuple(Option(id=i, label=labels[i], actor=side) for i in legal.ids))


@STEPS.apply_for("ball")
def ball_apply(state: State, data: Data, event: Event) -> None:
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
    state.step = "action"
