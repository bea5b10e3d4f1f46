"""The turn sequence: which phase comes next and the first question it asks.

Phase modules answer questions; this module only moves the match along the sequence
(initiative, seven move sub-phases, whap, fling, nab, consciousness, and Break Play).
"""

from __future__ import annotations

from refbox.games.slargeball.common import (
    ask,
    everyone_out,
    knock_out,
    log,
    team_name,
    who,
)
from refbox.games.slargeball.data import Data
from refbox.games.slargeball.field import opponents_touching
from refbox.games.slargeball.lineup import layout, stands
from refbox.games.slargeball.models import State


def begin_turn(state: State, data: Data) -> None:
    state.phase = "initiative"
    state.initiative = None
    state.tried_contact = []
    carried = [sum(1 for b in state.balls if b.carrier and state.fig(b.carrier).team == t) for t in (0, 1)]
    in_play = [b for b in state.balls if b.where != "out"]  # ruling ball-off-field
    if len(in_play) == 1:
        holder = next((t for t in (0, 1) if carried[t] == 1), None)
        why = "carries the ball"
    else:
        holder = next((t for t in (0, 1) if carried[t] >= 2), None)
        why = f"carries {max(carried)} balls"
    if holder is not None:
        state.initiative = holder
        log(state, data, f"{team_name(state, holder)} has initiative: it {why}", holder)
        begin_move(state, data)
    else:
        ask(state, "initiative_roll")


def begin_move(state: State, data: Data) -> None:
    state.phase = "move"
    state.move_step, state.side = 0, 0
    state.move_rest = False
    state.moved, state.resting = [], []
    enter_move_side(state, data)


def enter_move_side(state: State, data: Data) -> None:
    """Ask the acting team about this sub-phase, or skip it (and the next ones) when nothing can need dice."""
    known = data.facts
    ids, coach_steps = known.move_ids, known.coach_steps
    figures, units = state.figures, layout(state, data).units
    step, side, rest, first = state.move_step, state.side, state.move_rest, state.initiative or 0
    while True:
        pos = ids[step]
        team = first if side == 0 else 1 - first
        if pos in coach_steps:
            if _enter_coach(state, data, team):
                return
        elif not rest:
            for i in units.get((team, pos), ()):  # can a figure of this position act?
                f = figures[i]
                if f.status == "up" and not f.frozen and f.on_field:
                    ask(state, "field_move" if state.board else "move_menu", team=team)
                    return
        if side == 0:
            side = 1
        else:
            side, step = 0, step + 1
        state.move_step, state.side = step, side
        if step >= len(ids):
            end_phase(state, data, begin_whap)
            return


def _enter_coach(state: State, data: Data, team: int) -> bool:
    at = layout(state, data).coaches[team]
    if at is None:
        return False
    coach = state.figures[at]
    cs = state.teams[team].coach
    if cs.mode == "bench":
        limit = len(data.coach.activation_needs)
        if cs.activations < limit and cs.tried_turn != state.turn:
            ask(state, "coach_menu", team=team)
            return True
        if cs.activations >= limit:
            log(state, data, f"{team_name(state, team)}'s coach stays on the bench: all {limit} activations are "
                "used, there is no more", team)
        return False
    if cs.mode in ("storming", "returning"):
        if coach.up:
            ask(state, "walk_by", team=team)
            return True
        log(state, data, f"{who(state, coach)} is unconscious and does not move", team)
    return False


def advance_move(state: State, data: Data) -> None:
    if state.side == 0:
        state.side = 1
    else:
        state.side = 0
        state.move_step += 1
    if state.move_step >= len(data.facts.move_ids):
        end_phase(state, data, begin_whap)
    else:
        enter_move_side(state, data)


def end_phase(state: State, data: Data, following) -> None:
    """Between phases: if everyone is down, nothing else can happen this turn (ruling everyone-out)."""
    if everyone_out(state) and state.phase in ("move", "whap", "fling", "nab"):
        state.break_reason = "everyone is unconscious"
        log(state, data, "Everyone is unconscious: straight to the consciousness check, then Break Play")
        begin_consciousness(state, data)
    else:
        following(state, data)


def whap_candidates(state: State, data: Data) -> list:
    """Figures still to whap: standing when the phase began, unfrozen, not coaches, with a standing opponent."""
    figures, lay = state.figures, layout(state, data)  # on every whap question: by index, few fields read
    standing = (stands(figures, lay.teams[0]), stands(figures, lay.teams[1]))
    if not (standing[0] or standing[1]):
        return []
    left = set(state.up_at_whap)
    left.difference_update(state.whapped)
    ids, team_of = lay.ids, lay.team_of
    return [figures[i] for i in lay.players if ids[i] in left and standing[1 - team_of[i]] and not figures[i].frozen
            and (not state.board or opponents_touching(state, figures[i]))]


def whap_context(state: State, data: Data) -> tuple:
    """What ``whappers`` reads, read once per question: the figures, their layout, which teams have a figure
    standing, and the ids of the figures still to whap (standing when the phase began, not whapped since)."""
    figures, lay = state.figures, layout(state, data)
    standing = (stands(figures, lay.teams[0]), stands(figures, lay.teams[1]))
    left = _left(state) if standing[0] or standing[1] else frozenset()
    if state.board:  # on the field only a figure touching a standing opponent whaps
        team_at = _standing_teams(figures)
        left = frozenset(i for i in left if _touches_opponent(state.fig(i), team_at))
    return figures, lay, standing, left


def _standing_teams(figures) -> dict:
    """Each standing figure's cell: its team (what ``opponents_touching`` reads, read once)."""
    return {f.cell: f.team for f in figures if f.on_field and f.status == "up" and f.cell is not None}


def _touches_opponent(fig, team_at: dict) -> bool:
    """``opponents_touching(state, fig)`` is not empty, from the standing figures' cells."""
    if fig.cell is None:
        return False
    c, r = fig.cell
    return any(team_at.get((c + dc, r + dr), fig.team) != fig.team
               for dc in (-1, 0, 1) for dr in (-1, 0, 1) if dc or dr)


def whappers(context: tuple, band: int, first: bool = False) -> list[int]:
    """``whap_candidates`` of Whap ``band``, as indexes in roster order (only the first with ``first``): the
    Whap questions are a third of random play, so only that band's figures are read."""
    figures, lay, standing, left = context
    ids, team_of, found = lay.ids, lay.team_of, []
    for i in lay.whap_players.get(band, ()):
        if ids[i] in left and standing[1 - team_of[i]] and not figures[i].frozen:
            found.append(i)
            if first:
                break
    return found


def _left(state: State) -> frozenset[str]:
    return frozenset(state.up_at_whap).difference(state.whapped)


def settle_whap_band(state: State, data: Data) -> None:
    """Step down through the Whap bands until one has a figure still to whap; else end the phase."""
    context = whap_context(state, data)
    band = state.whap_band
    while band > 0 and not whappers(context, band, first=True):
        band -= 1
    state.whap_band = band
    if band > 0:
        ask(state, "whap_menu")
    else:
        end_phase(state, data, begin_fling)


def begin_whap(state: State, data: Data) -> None:
    state.phase = "whap"
    state.whapped = []
    state.up_at_whap = [f.id for f in state.figures if f.up and f.on_field]
    state.whap_band = max((f.whap for f in state.figures), default=0)
    settle_whap_band(state, data)


def begin_fling(state: State, data: Data) -> None:
    state.phase = "fling"
    first = state.team_order()[0]
    index = {f.id: i for i, f in enumerate(state.figures)}
    carried = [b for b in state.balls if b.carrier]
    carried.sort(key=lambda b: (state.fig(b.carrier).team != first, index[b.carrier], b.id))
    state.fling_queue = [b.id for b in carried]
    next_fling(state, data)


def next_fling(state: State, data: Data) -> None:
    while state.fling_queue:
        ball = state.ball(state.fling_queue.pop(0))
        if ball.carrier is None:
            continue
        carrier = state.fig(ball.carrier)
        if carrier.coach and carrier.up:
            log(state, data, f"{who(state, carrier)} holds ball {ball.id} and throws it away at random", carrier.team)
            ask(state, "fling_scatter", ball=ball.id, figure=carrier.id, action="coach")
            return
        if carrier.can_act:
            ask(state, "fling_menu", ball=ball.id, figure=carrier.id, team=carrier.team)
            return
    end_phase(state, data, begin_nab)


def begin_nab(state: State, data: Data) -> None:
    state.phase = "nab"
    for ball in state.balls:
        ball.rested_this_nab = False
    state.nab_done = []
    next_nab(state, data)


def next_nab(state: State, data: Data) -> None:
    """Airballs first (each must come down), then each groundball once (``state.nab_done``)."""
    state.nab_queue, state.bonk_involved, state.bonk_ring = [], [], []
    air = next((b for b in state.balls if b.where == "air"), None)
    if air is not None:
        ask(state, "air_landed", ball=air.id)
        return
    ground = next(
        (b for b in state.balls if b.where == "ground" and not b.rested_this_nab and b.id not in state.nab_done),
        None,
    )
    if ground is not None:
        ask(state, "ground_contact", ball=ground.id)
        return
    end_phase(state, data, begin_consciousness)


def begin_consciousness(state: State, data: Data) -> None:
    state.phase = "consciousness"
    out = [f.id for f in state.figures if not f.up and f.on_field]
    if out:
        ask(state, "wake_roll", queue=tuple(out))
    else:
        close_turn(state, data)


def close_turn(state: State, data: Data) -> None:
    """End of turn: finish talking-tos (ruling coach-talk-turn), then Break Play or the next turn."""
    for team in (0, 1):
        cs = state.teams[team].coach
        if cs.mode == "talking" and cs.talk_turn == state.turn and cs.target:
            target = state.fig(cs.target)
            target.frozen = False
            if target.up:
                knock_out(state, data, target)
            log(state, data, f"The talking-to is over: {who(state, target)} is left unconscious; "
                f"the coach heads back to the bench", team)
            cs.mode, cs.target = "returning", None
    if state.break_reason:
        break_play(state, data, state.break_reason)
    else:
        next_turn(state, data)


def next_turn(state: State, data: Data) -> None:
    state.break_reason = ""
    state.scored_ball = None
    if state.turn >= state.turns:
        state.phase = "over"
        a, b = state.teams
        if a.score == b.score:
            result = f"A tie, {a.score} : {b.score}. Time for a rematch."
        else:
            w = a if a.score > b.score else b
            result = f"{w.name} win, {a.name} {a.score} : {b.score} {b.name}."
        log(state, data, f"Full time after {state.turns} turns. {result}")
        ask(state, "over")
        return
    state.turn += 1
    begin_turn(state, data)


def break_play(state: State, data: Data, reason: str) -> None:
    """Play stops at once; the referee resets the table, then the next turn starts."""
    state.phase = "break"
    state.break_reason = reason
    log(state, data, f"BREAK PLAY: {reason}")
    ask(state, "break_confirm")


def all_balls_out(state: State) -> bool:
    return all(b.where == "out" for b in state.balls)
