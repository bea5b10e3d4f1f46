"""Moving on refbox's field (Setup.board == "screen"): pick a figure of the sub-phase by its key, then its
square; breaking contact and crossing a pile roll first, running off the field knocks it out at the edge.
Also the fling's aim. Every other question the table answers (contact, landings, the coach's path) the
positions answer: see the ``skip_for`` functions in steps_nab and steps_coach."""

from __future__ import annotations

from functools import lru_cache

from refbox.engine.dice import p_at_most
from refbox.engine.errors import RuleError
from refbox.engine.geometry.inch_field import EPS, distance
from refbox.engine.geometry.inch_flight import fling_targets
from refbox.engine.prompts import Choose, Event, Legal, Option
from refbox.games.slargeball import flow
from refbox.games.slargeball.common import ask, field_fig_option, knock_out, log, who
from refbox.games.slargeball.data import Data
from refbox.games.slargeball.field import (
    cell_id,
    geometry,
    opponents_touching,
    parse_cell,
    reach_of,
    view_square,
)
from refbox.games.slargeball.lineup import layout
from refbox.games.slargeball.models import Figure, State
from refbox.games.slargeball.steps import STEPS
from refbox.games.slargeball.steps_move import goal_carried, pile_target
from refbox.games.slargeball.why_not import square_why_not

# ---- which figure moves ----


def unmoved(state: State, data: Data) -> list[Figure]:
    """The acting team's figures of this sub-phase that can still move this phase."""
    unit = layout(state, data).units.get((state.ask.team, data.facts.move_ids[state.move_step]), ())
    figures, moved = state.figures, state.moved
    return [f for f in map(figures.__getitem__, unit)
            if f.status == "up" and not f.frozen and f.on_field and f.id not in moved]


@STEPS.legal_for("field_move", phase="move")
def field_move_legal(state: State, data: Data) -> Legal:
    return Legal("choose", state.ask.team, (*(f.id for f in unmoved(state, data)), "done", "rest", "ask_break"))


@STEPS.skip_for("field_move")
def field_move_skip(state: State, data: Data) -> bool:
    """Everyone of the sub-phase has moved, or the team rests this Move phase: on to the next."""
    if state.ask.team not in state.resting and unmoved(state, data):
        return False
    flow.advance_move(state, data)
    return True


@STEPS.prompt_for("field_move")
def field_move_prompt(state: State, data: Data, legal: Legal) -> Choose:
    team = state.ask.team
    step = data.phase("move").steps[state.move_step]
    options = []
    for fig_id in legal.ids[:-3]:
        f = state.fig(fig_id)
        options.append(field_fig_option(state, f, data, hint="in contact: must break away first"
                                        if opponents_touching(state, f) and f.id not in state.tried_contact else ""))
    options.append(Option(id="done", label="Done: the others stay put", actor=team, key="1"))
    options.append(Option(id="rest", label="Nobody else of ours moves this Move phase (coaches still asked)",
                          actor=team, key="0"))
    options.append(Option(id="ask_break", label="Break Play, if the other team agrees play cannot go on", actor=team,
                          key="9"))
    return Choose(actor=team, text=f"Move your {step.name}: pick one by its key, then its square "
                  "(moving is optional).", options=tuple(options))


@STEPS.apply_for("field_move")
def field_move_apply(state: State, data: Data, event: Event) -> None:
    team = state.ask.team
    if event.value == "done":
        flow.advance_move(state, data)
    elif event.value == "rest":
        state.resting = [*state.resting, team]
        log(state, data, f"{state.teams[team].name} move nobody else this Move phase", team)
        flow.advance_move(state, data)
    elif event.value == "ask_break":
        log(state, data, f"{state.teams[team].name} ask to break play", team)
        ask(state, "break_agree", team=1 - team)
    else:
        fig = state.fig(event.value)
        if opponents_touching(state, fig) and fig.id not in state.tried_contact:
            ask(state, "move_roll", team=team, figure=fig.id, action="contact")
        else:
            ask(state, "field_dest", team=team, figure=fig.id)


# ---- where it goes ----


def _dest_ids(state: State, data: Data, fig: Figure) -> tuple[str, ...]:
    r = reach_of(state, data, fig)
    ends = sorted(((d, c) for c, d in r.clean.items() if c != r.start), key=lambda x: (round(x[0], 9), x[1]))
    piled = sorted(((d, c) for c, d in r.piled.items()), key=lambda x: (round(x[0], 9), x[1]))
    return ("stay", *(cell_id(c) for _, c in ends), *(cell_id(c) for _, c in piled),
            *(("off",) if r.exits else ()))


@STEPS.legal_for("field_dest", phase="move", forcible=True)
def field_dest_legal(state: State, data: Data) -> Legal:
    return Legal("choose", state.ask.team, _dest_ids(state, data, state.fig(state.ask.figure)))


@STEPS.prompt_for("field_dest")
def field_dest_prompt(state: State, data: Data, legal: Legal) -> Choose:
    fig = state.fig(state.ask.figure)
    F, r = geometry(data), reach_of(state, data, fig)
    finish = F.bunkers[1 - fig.team] if fig.pos == "G" and state.carried_by(fig.id) else 0
    need = pile_target(fig.move)
    p_pile = p_at_most(data.game.die, need)
    options = [Option(id="stay", label="Stay where it is", actor=fig.team, key="0")]
    for sid in legal.ids[1:]:
        if sid == "off":
            options.append(Option(id="off", label="Run off the field (offside): the fans knock it out at the edge",
                                  actor=fig.team, key="9"))
            continue
        cell = parse_cell(sid)
        if cell in r.clean:
            bits = [f"{r.clean[cell]:.1f} in"]
            if F.has(finish, cell):
                bits.append("into the bunker: GOAL")
            option = Option(id=sid, label=f"To {sid}: " + ", ".join(bits), actor=fig.team, at=view_square(F, cell))
        else:
            option = Option(id=sid, label=f"To {sid}: {r.piled[cell]:.1f} in across a pile (needs {need} or less)",
                            actor=fig.team, at=view_square(F, cell), chance=p_pile,
                            chance_of="getting across the pile")
        options.append(option)
    pile = f" Across a pile it rolls (needs {need} or less, else it is mired)." if r.piled else ""
    back = "" if fig.id in state.tried_contact else " (u: another figure)"  # after a roll, u takes back the roll
    return Choose(actor=fig.team, text=f"{who(state, fig)} (Move {fig.move}): which square?{back}{pile}",
                  options=tuple(options), explain=square_why_not(state, data, fig, aim=False))


@STEPS.forced_for("field_dest")
def field_dest_forced(state: State, data: Data, event: Event) -> None:
    log(state, data, f"{who(state, state.fig(state.ask.figure))} is boxed in and stays (not asked)", None)


@STEPS.apply_for("field_dest")
def field_dest_apply(state: State, data: Data, event: Event) -> None:
    fig, value = state.fig(state.ask.figure), event.value
    if value == "stay":
        _moved(state, data, fig)
        return
    r = reach_of(state, data, fig)
    if value == "off":
        exit_cell = min(r.exits, key=lambda c: (round(r.exits[c], 9), c))
        fig.cell = exit_cell
        knock_out(state, data, fig)
        log(state, data, f"{who(state, fig)} runs off the field at {cell_id(exit_cell)}: the fans knock it out "
            "at the edge", fig.team)
        state.moved = [*state.moved, fig.id]
        if flow.all_balls_out(state):
            flow.break_play(state, data, "every ball is out of play")
        else:
            ask(state, "field_move", team=fig.team)
        return
    cell = parse_cell(value)
    if cell in r.piled:
        ask(state, "move_roll", team=fig.team, figure=fig.id, action="pile", queue=(value,))
        return
    if cell not in r.clean:
        raise RuleError(f"{value} is out of {who(state, fig)}'s reach.")
    move_to(state, data, fig, cell, r.clean[cell])


def move_to(state: State, data: Data, fig: Figure, cell, length: float) -> None:
    start = fig.cell
    fig.cell = cell
    F = geometry(data)
    if fig.pos == "G" and state.carried_by(fig.id) and F.has(F.bunkers[1 - fig.team], cell):
        state.moved = [*state.moved, fig.id]
        goal_carried(state, data, fig)
        return
    if state.logged:
        log(state, data, f"{who(state, fig)} moves {cell_id(start)} to {cell_id(cell)} ({length:.1f} in)", fig.team)
    _moved(state, data, fig)


def _moved(state: State, data: Data, fig: Figure) -> None:
    state.moved = [*state.moved, fig.id]
    ask(state, "field_move", team=fig.team)


def rolled(state: State, data: Data, event: Event) -> None:
    """A move's roll on the field: breaking contact (then the square, or only a pivot), or crossing a pile."""
    fig = state.fig(state.ask.figure)
    face = event.value[0]
    if state.ask.action == "contact":
        need = data.game.leave_contact_on_or_under
        state.tried_contact = [*state.tried_contact, fig.id]
        if face <= need:
            log(state, data, f"{who(state, fig)} breaks away: rolled {face} (needed {need} or less)", fig.team)
            ask(state, "field_dest", team=fig.team, figure=fig.id)
        else:
            log(state, data, f"{who(state, fig)} is held in contact and may only pivot: rolled {face} "
                f"(needed {need} or less)", fig.team)
            _moved(state, data, fig)
        return
    cell = parse_cell(state.ask.queue[0])
    r = reach_of(state, data, fig)
    need = pile_target(fig.move)
    if face <= need:
        log(state, data, f"{who(state, fig)} crosses the pile: rolled {face} (needed {need} or less)", fig.team)
        move_to(state, data, fig, cell, r.piled[cell])
        return
    fig.cell = r.crossing(cell).mired_at
    knock_out(state, data, fig, status="mired")
    log(state, data, f"{who(state, fig)} is mired in the pile at {cell_id(fig.cell)}: rolled {face} "
        f"(needed {need} or less)", fig.team)
    _moved(state, data, fig)


# ---- the fling's aim ----


def bunker_aim(state: State, data: Data, fig: Figure, inches: float):
    """The nearest cell of the opposing bunker within range (None: the goal is out of range)."""
    best = None
    for cell in bunker_cells(geometry(data), 1 - fig.team):  # what inch_flight.bunker_in_range finds, cheaper
        d = distance(fig.cell, cell)
        if d <= inches + EPS and (best is None or (round(d, 9), cell) < best):
            best = (round(d, 9), cell)
    return best[1] if best is not None else None


@lru_cache(maxsize=8)
def bunker_cells(F, team: int) -> tuple:
    return tuple(F.cells(F.bunkers[team]))


def aims(state: State, data: Data, fig: Figure, inches: float) -> list:
    F = geometry(data)
    targets = fling_targets(F, fig.cell, inches) & ~F.bunkers[0] & ~F.bunkers[1]
    return sorted(F.cells(targets), key=lambda c: (round(distance(fig.cell, c), 9), c))


@STEPS.legal_for("fling_aim", phase="fling")
def fling_aim_legal(state: State, data: Data) -> Legal:
    fig = state.fig(state.ask.figure)
    inches = fig.fling * data.game.fling_range_per_point
    return Legal("choose", state.ask.team, ("back", *(cell_id(c) for c in aims(state, data, fig, inches))))


@STEPS.prompt_for("fling_aim")
def fling_aim_prompt(state: State, data: Data, legal: Legal) -> Choose:
    fig = state.fig(state.ask.figure)
    F = geometry(data)
    chance = p_at_most(data.game.die, fig.fling)
    options = [Option(id="back", label="Back: hold it or aim at the goal", actor=fig.team, key="0")]
    for sid in legal.ids[1:]:
        cell = parse_cell(sid)
        on = next((f for f in state.figures if f.on_field and f.cell == cell and f.up), None)
        label = f"At {sid}" + (f": {who(state, on)}" if on is not None else "")
        options.append(Option(id=sid, label=label, actor=fig.team, at=view_square(F, cell), chance=chance,
                              chance_of="the fling going where it is aimed",
                              key=on.key if on is not None else ""))  # a figure in range answers to its letter
    return Choose(actor=fig.team, text=f"Your {fig.tag} flings ball {state.ask.ball}: at which square? "
                  f"(range {fig.fling * data.game.fling_range_per_point} inches)", options=tuple(options),
                  explain=square_why_not(state, data, fig, aim=True))


@STEPS.apply_for("fling_aim")
def fling_aim_apply(state: State, data: Data, event: Event) -> None:
    if event.value == "back":
        ask(state, "fling_menu", ball=state.ask.ball, figure=state.ask.figure, team=state.ask.team)
    else:
        ask(state, "fling_roll", team=state.ask.team, figure=state.ask.figure, ball=state.ask.ball,
            action="spot", queue=(event.value,))


# ---- Break Play by agreement (ruling field-break-agreement) ----


@STEPS.legal_for("break_agree", phase="move")
def break_agree_legal(state: State, data: Data) -> Legal:
    return Legal("choose", state.ask.team, ("no", "yes"))


@STEPS.prompt_for("break_agree")
def break_agree_prompt(state: State, data: Data, legal: Legal) -> Choose:
    team = state.ask.team
    other = state.teams[1 - team].name
    return Choose(actor=team, text=f"{other} ask to break play: the turn ends now and everyone lines up again. "
                  "Do you agree that play cannot go on?",
                  options=(Option(id="no", label="No: play goes on", actor=team, key="0"),
                           Option(id="yes", label="Yes: break play", actor=team, key="1")))


@STEPS.apply_for("break_agree")
def break_agree_apply(state: State, data: Data, event: Event) -> None:
    team = state.ask.team
    if event.value == "yes":
        flow.break_play(state, data, "both coaches agree play cannot go on")
    else:
        log(state, data, f"{state.teams[team].name} do not agree: play goes on", team)
        ask(state, "field_move", team=1 - team)
