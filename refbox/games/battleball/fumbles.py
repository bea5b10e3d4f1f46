"""Fumbles: the ball drops, and the other coach puts it on an empty square near the fumbler, or gives it to a
player near him (ruling fumble-give); with nowhere to put it, play halts. On refbox's board the squares and
players in reach are worked out; at the table the placing coach says which case it is."""

from __future__ import annotations

from typing import Literal

from refbox.engine.prompts import Choose, Event, Legal, Option
from refbox.games.battleball import flow, movement, pitch, roster
from refbox.games.battleball.data import Data
from refbox.games.battleball.models import Fumble, Ref, State
from refbox.games.battleball.steps import STEPS


def fumble(state: State, data: Data, fumbler: Ref, holder: int, then: Literal["adjacent", "end-turn"],
           near: list[int] | None = None) -> None:
    """``fumbler`` of side ``holder`` drops the ball; ``then``: where the turn goes once it is placed.
    ``near``: on the board, the fumbler's squares when a tackle has just removed him."""
    state.carrier = None
    state.ball_at_centre = False
    state.last_holder = holder
    state.step = "fumble-place"
    state.note(roster.stamp(data, state), f"FUMBLE by {roster.full(data, state, fumbler)}.", fumbler.team)
    if not state.board:
        state.fumble = Fumble(fumbler=fumbler, holder=holder, then=then)
        return
    state.ball = None
    state.fumble = Fumble(fumbler=fumbler, near=fumbler_squares(state, data, fumbler) if near is None else near,
                          holder=holder, then=then)
    if _free_squares(state, data):
        return  # the placing coach picks a square
    if _takers(state, data):
        state.step = "fumble-give"
        return
    state.fumble = None
    flow.halt(state, data, holder, "nowhere to put the fumbled ball")


def fumbler_squares(state: State, data: Data, ref: Ref) -> list[int]:
    """The squares a fumbler stands on (taken before a tackle removes him)."""
    if not state.board or ref.id not in state.at[ref.team]:
        return []
    return pitch.squares(data.pitch, state, ref.team, ref.id)


def _placer(state: State) -> int:
    assert state.fumble is not None
    return 1 - state.fumble.holder


def resume_after_fumble(state: State, data: Data) -> None:
    assert state.fumble is not None
    then = state.fumble.then
    state.fumble = None
    if then != "adjacent":
        flow.end_turn(state)
    elif state.board:
        movement.after_move(state, data)
    else:
        state.step = "action"


# ---- on the board: the squares and players within reach ----


def _free_squares(state: State, data: Data) -> int:
    p = data.pitch
    assert state.fumble is not None
    f = p.grid
    near = f.mask(state.fumble.near)
    taken = pitch.occupied(p, state, 0) | pitch.occupied(p, state, 1) | state.carnage
    return f.within(near, data.game.fumble_reach) & ~taken


def _takers(state: State, data: Data) -> list[Ref]:
    """No empty square in reach: the players within reach (either side); failing them, the fumbler's
    opponents anywhere on the field (ruling fumble-give)."""
    p = data.pitch
    assert state.fumble is not None
    zone = p.grid.within(p.grid.mask(state.fumble.near), data.game.fumble_reach)
    near = [Ref(s, pid) for s in (0, 1) for pid in state.at[s] if pitch.figure(p, state, s, pid) & zone]
    if near:
        return near
    other = 1 - state.fumble.fumbler.team
    return [Ref(other, pid) for pid in state.at[other]]


# ---- where the ball goes ----


@STEPS.legal_for("fumble-place", phase="fumble", forcible=True)
def fumble_place_legal(state: State, data: Data) -> Legal:
    """On the board, the empty squares in reach; at the table, which case it is."""
    if state.board:
        assert state.fumble is not None
        return Legal("choose", _placer(state),
                     pitch.progress_ids(data.grid, _free_squares(state, data), state.fumble.holder))
    return Legal("choose", _placer(state), ("loose", "give-mine", "give-theirs", "halt"))


@STEPS.prompt_for("fumble-place")
def fumble_place_prompt(state: State, data: Data, legal: Legal) -> Choose:
    assert state.fumble is not None
    placer, reach = _placer(state), data.game.fumble_reach
    if state.board:
        f = data.grid
        return Choose(actor=placer, text=f"{state.coaches[placer]} puts the fumbled ball on an empty square within "
                      f"{reach} of {state.fumble.fumbler.id}.", options=tuple(
                          Option(id=sid, label=f"On {sid}", actor=placer, at=pitch.view_square(f, f.by_id[sid]))
                          for sid in legal.ids))
    who = roster.short(data, state.fumble.fumbler)
    fumblers = roster.team_name(data, state, state.fumble.holder)
    options = {
        "loose": Option(id="loose", label=f"On an empty square within {reach} of {who}", actor=placer),
        "give-mine": Option(id="give-mine", label=f"No empty square: to one of my players within {reach}", actor=placer),
        "give-theirs": Option(id="give-theirs", label=f"No empty square: to a {fumblers} player within {reach}",
                              actor=1 - placer),
        "halt": Option(id="halt", label="No square and no player to take it: halt play"),
    }
    return Choose(actor=placer, text=f"{state.coaches[placer]} places the fumbled ball.",
                  options=tuple(options[i] for i in legal.ids))


@STEPS.apply_for("fumble-place")
def fumble_place_apply(state: State, data: Data, event: Event) -> None:
    assert state.fumble is not None
    if state.board:
        i = pitch.square_of(data.grid, event.value, _free_squares(state, data))
        state.ball = i
        state.note(roster.stamp(data, state), f"The ball lies loose on {data.grid.ids[i]}.")
        resume_after_fumble(state, data)
    elif event.value == "loose":
        state.note(roster.stamp(data, state), "The ball lies loose.")
        resume_after_fumble(state, data)
    elif event.value in ("give-mine", "give-theirs"):
        placer = _placer(state)
        state.fumble.given_to = placer if event.value == "give-mine" else 1 - placer
        state.step = "fumble-give"
    else:
        holder = state.fumble.holder
        flow.halt(state, data, holder, "nowhere to put the fumbled ball")
        state.fumble = None


# ---- no empty square: who is given the ball ----


@STEPS.legal_for("fumble-give", phase="fumble", forcible=True)
def fumble_give_legal(state: State, data: Data) -> Legal:
    """On the board, "side:id" of each player it may go to; at the table, the players of the side the
    placing coach named."""
    assert state.fumble is not None
    if state.board:
        return Legal("choose", _placer(state), tuple(f"{r.team}:{r.id}" for r in _takers(state, data)))
    assert state.fumble.given_to is not None
    return Legal("choose", _placer(state), roster.on_field_ids(state, state.fumble.given_to))


@STEPS.prompt_for("fumble-give")
def fumble_give_prompt(state: State, data: Data, legal: Legal) -> Choose:
    assert state.fumble is not None
    placer = _placer(state)
    if not state.board:
        assert state.fumble.given_to is not None
        options = roster.player_options(data, state, state.fumble.given_to, legal.ids)
        return Choose(actor=placer, text="Which player is given the ball?", options=tuple(options))
    options = []
    for gid in legal.ids:
        side, pid = int(gid[0]), gid[2:]
        opt = roster.figure_option(data, state, side, pid, label=f"{roster.team_name(data, state, side)} "
                                   f"{roster.short(data, Ref(side, pid))}")
        opt.id, opt.key = gid, ""
        options.append(opt)
    return Choose(actor=placer, text="No empty square in reach: which player is given the ball?",
                  options=tuple(options))


@STEPS.apply_for("fumble-give")
def fumble_give_apply(state: State, data: Data, event: Event) -> None:
    assert state.fumble is not None
    value = str(event.value)
    ref = Ref(int(value[0]), value[2:]) if state.board else Ref(state.fumble.given_to, value)  # type: ignore[arg-type]
    state.carrier = ref
    state.last_holder = ref.team
    state.note(roster.stamp(data, state), f"The ball is given to {roster.full(data, state, ref)}.", ref.team)
    resume_after_fumble(state, data)
