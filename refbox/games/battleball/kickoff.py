"""Before a half: the line-up on refbox's board, each coach's Team Rule, and the roll-off for the first turn.

(At the table the line-up is an instruction, logged: flow.begin_half.)
"""

from __future__ import annotations

from refbox.engine.dice import p_first_beats, percent
from refbox.engine.prompts import Choose, DieSpec, Event, Legal, Option, Outcome, Roll
from refbox.games.battleball import flow, pitch, roster
from refbox.games.battleball.data import Data
from refbox.games.battleball.models import State
from refbox.games.battleball.steps import STEPS

# ---- the line-up on the board: coach 1, then coach 2, moves any figures, then says done ----


@STEPS.legal_for("lineup", phase="before-half", forcible=True)
def lineup_legal(state: State, data: Data) -> Legal:
    return Legal("choose", state.side, ("done", *state.at[state.side]))


@STEPS.prompt_for("lineup")
def lineup_prompt(state: State, data: Data, legal: Legal) -> Choose:
    side = state.side
    why = {"half": f"the {roster.half_name(data, state.half)}", "halt": "play after the halt",
           "restart": "the restarted half"}[state.lineup_next]
    options = [Option(id="done", label="Done: this line-up stands", actor=side, key="1")]
    options += [roster.figure_option(data, state, side, pid) for pid in legal.ids[1:]]
    return Choose(actor=side, text=f"{state.coaches[side]}: line-up for {why}. Move a player, or done.",
                  options=tuple(options))


@STEPS.apply_for("lineup")
def lineup_apply(state: State, data: Data, event: Event) -> None:
    if event.value != "done":
        state.turn.mover = str(event.value)
        state.step = "lineup-to"
        return
    state.note(roster.stamp(data, state), f"{state.coaches[state.side]} has lined up.", state.side)
    if state.side == 0:
        state.side = 1
        return
    nxt = state.lineup_next
    state.lineup_next = "half"
    state.turn.mover = None
    if nxt == "half":
        flow.after_lineup(state, data)
    elif nxt == "halt":
        first = state.halt_first
        assert first is not None
        state.halt_first = None
        flow.start_turn(state, first)
    else:
        if flow.concede_if_empty(state, data):
            return
        assert state.first_of_half is not None
        flow.start_turn(state, state.first_of_half)


def _lineup_squares(state: State, data: Data) -> int:
    p, side, pid = data.pitch, state.side, state.turn.mover
    assert p is not None and pid is not None
    f = p.grid
    free = f.zones[side] & ~pitch.occupied(p, state, side, skip=pid) & ~pitch.occupied(p, state, 1 - side)
    if pid in data.heavy:
        free &= f.anchors(free)
    return free & ~(1 << state.at[side][pid])


@STEPS.legal_for("lineup-to", phase="before-half", forcible=True)
def lineup_to_legal(state: State, data: Data) -> Legal:
    squares = pitch.progress_ids(data.grid, _lineup_squares(state, data), state.side)
    return Legal("choose", state.side, ("stay", *squares))


@STEPS.prompt_for("lineup-to")
def lineup_to_prompt(state: State, data: Data, legal: Legal) -> Choose:
    side, pid, f = state.side, state.turn.mover, data.grid
    options = [Option(id="stay", label=f"Leave {pid} where he is", actor=side, key="1")]
    options += [Option(id=sid, label=f"{pid} to {sid}", actor=side, at=pitch.view_square(f, f.by_id[sid]))
                for sid in legal.ids[1:]]
    return Choose(actor=side, text=f"{pid} to which square behind your 20-yard line?", options=tuple(options))


@STEPS.apply_for("lineup-to")
def lineup_to_apply(state: State, data: Data, event: Event) -> None:
    pid = state.turn.mover
    assert pid is not None
    if event.value != "stay":
        state.at[state.side][pid] = pitch.square_of(data.grid, event.value, _lineup_squares(state, data))
    state.turn.mover = None
    state.step = "lineup"


# ---- Team Rules ----


@STEPS.legal_for("team-rules", phase="before-half", forcible=True)
def team_rule_legal(state: State, data: Data) -> Legal:
    return Legal("choose", state.side, tuple(r.id for r in data.team_rules))


@STEPS.prompt_for("team-rules")
def team_rule_prompt(state: State, data: Data, legal: Legal) -> Choose:
    who = state.coaches[state.side]
    names = {r.id: r.name for r in data.team_rules}
    options = tuple(Option(id=rid, label=names[rid], actor=state.side) for rid in legal.ids)
    return Choose(actor=state.side, text=f"{who}: pick your Team Rule for the {roster.half_name(data, state.half)}.",
                  options=options)


@STEPS.apply_for("team-rules")
def team_rule_apply(state: State, data: Data, event: Event) -> None:
    rule = next(r for r in data.team_rules if r.id == event.value)
    state.team_rules[state.side] = rule.name
    state.note(roster.stamp(data, state), f"{state.coaches[state.side]} takes the Team Rule {rule.name}.", state.side)
    if state.side == 0:
        state.side = 1
    else:
        flow.after_team_rules(state, data)


# ---- the roll-off ----


@STEPS.legal_for("roll-off", phase="before-half")
def roll_off_legal(state: State, data: Data) -> Legal:
    return Legal("roll", None, sides=(data.game.roll_off_die, data.game.roll_off_die))


@STEPS.prompt_for("roll-off")
def roll_off_prompt(state: State, data: Data, legal: Legal) -> Roll:
    sides = data.game.roll_off_die
    first, tie, second = p_first_beats(sides, 0, sides, 0)
    names = [roster.team_name(data, state, s) for s in (0, 1)]
    return Roll(
        text=f"Roll-off for the {roster.half_name(data, state.half)}: each coach rolls a d{sides}.",
        purpose="who takes the first turn",
        dice=tuple(DieSpec(sides=n, label=f"{names[s]} ({state.coaches[s]})") for s, n in enumerate(legal.sides)),
        success=f"higher roll moves first; equal rolls roll again ({percent(tie)})",
        odds=(
            Outcome(label=f"{names[0]} first", probability=first),
            Outcome(label=f"{names[1]} first", probability=second),
            Outcome(label="tie: roll again", probability=tie),
        ),
    )


@STEPS.apply_for("roll-off")
def roll_off_apply(state: State, data: Data, event: Event) -> None:
    a, b = event.value  # type: ignore[misc]
    where = roster.stamp(data, state)
    if a == b:
        state.note(where, f"Roll-off {a} : {b}, a tie: roll again.")
        return
    winner = 0 if a > b else 1
    state.note(where, f"Roll-off {a} : {b}: {roster.team_name(data, state, winner)} move first.", winner)
    state.first_of_half = winner
    flow.start_turn(state, winner)
