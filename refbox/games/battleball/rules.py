"""Battleball's procedures: the protocol of refbox/engine/protocol.py over a step-by-step state machine.

Each step of ``State.step`` has a prompt builder and an event handler, in the module for its part of the
turn (flow, movement, contact, passing). ``apply`` mutates the state by one checked event.
"""

from __future__ import annotations

from refbox.engine.contract import Rules

from typing import Callable

import math

from refbox.engine.errors import RuleError
from refbox.engine.prompts import Event, GameOver, Legal, Prompt
from refbox.engine.state import View
from refbox.games.battleball import answers, contact, flow, movement, odds, onboard, passing, pitch, roster
from refbox.games.battleball import view as screen
from refbox.games.battleball.models import TEAM_COLOURS, Data, Setup, State
from refbox.games.battleball.tally import tally

__all__ = ["Data", "Setup", "State", "start", "prompt", "apply", "view", "colours", "legal", "outcome", "coach_default",
           "evaluate", "sim_setup", "RANDOM_WEIGHTS", "tally", "coach_options"]

PromptFn = Callable[[State, Data], Prompt]
ApplyFn = Callable[[State, Data, Event], "Legal | None"]
"""An event handler; it may return the legal answers of the step it leaves the state at, where it listed them."""

STEPS: dict[str, tuple[PromptFn, ApplyFn]] = {
    "lineup": (flow.confirm_lineup, flow.apply_lineup),
    "team-rules": (flow.team_rule_prompt, flow.apply_team_rule),
    "roll-off": (flow.roll_off_prompt, flow.apply_roll_off),
    "select": (movement.select_prompt, movement.apply_select),
    "move-roll": (movement.move_roll_prompt, movement.apply_move_roll),
    "move-die": (movement.move_die_prompt, movement.apply_move_die),
    "ball": (movement.ball_prompt, movement.apply_ball),
    "adjacent": (movement.adjacent_prompt, movement.apply_adjacent),
    "action": (movement.action_prompt, movement.apply_action),
    "tackler": (contact.tackler_prompt, contact.apply_tackler),
    "target": (contact.target_prompt, contact.apply_target),
    "tackle-roll": (contact.tackle_roll_prompt, contact.apply_tackle_roll),
    "tackle-die": (contact.tackle_die_prompt, contact.apply_tackle_die),
    "hand-off-to": (contact.hand_off_to_prompt, contact.apply_hand_off_to),
    "hand-off-roll": (contact.hand_off_roll_prompt, contact.apply_hand_off_roll),
    "pass-to": (passing.pass_to_prompt, passing.apply_pass_to),
    "pass-distance": (passing.pass_distance_prompt, passing.apply_pass_distance),
    "pass-roll": (passing.pass_roll_prompt, passing.apply_pass_roll),
    "pass-miss": (passing.pass_miss_prompt, passing.apply_pass_miss),
    "intercept-by": (passing.intercept_by_prompt, passing.apply_intercept_by),
    "recover-by": (passing.recover_by_prompt, passing.apply_recover_by),
    "fumble-place": (flow.fumble_prompt, flow.apply_fumble),
    "fumble-give": (flow.fumble_give_prompt, flow.apply_fumble_give),
    "touchdown": (flow.touchdown_prompt, flow.apply_touchdown),
    "halt": (flow.halt_prompt, flow.apply_halt),
    "restart": (flow.restart_prompt, flow.apply_restart),
}
"""Every step but "over": how to ask for it and what its answer does (at the table)."""

BOARD_STEPS: dict[str, tuple[PromptFn, ApplyFn]] = {
    **STEPS,
    "lineup": (onboard.lineup_prompt, onboard.apply_lineup),
    "lineup-to": (onboard.lineup_to_prompt, onboard.apply_lineup_to),
    "select": (onboard.select_prompt, movement.apply_select),
    "move-to": (onboard.move_to_prompt, onboard.apply_move_to),
    "pickup": (onboard.pickup_prompt, onboard.apply_pickup),
    "tackle": (onboard.tackle_prompt, onboard.apply_tackle),
    "action": (onboard.action_prompt, movement.apply_action),
    "hand-off-to": (onboard.hand_off_prompt, contact.apply_hand_off_to),
    "pass-to": (onboard.pass_prompt, onboard.apply_pass_to),
    "pass-land": (onboard.land_prompt, onboard.apply_land),
    "recover-by": (onboard.recover_prompt, passing.apply_recover_by),
    "fumble-place": (onboard.fumble_prompt, onboard.apply_fumble),
    "fumble-give": (onboard.give_prompt, onboard.apply_give),
}
"""The same on refbox's board: the geometry is derived, so some steps differ and the table's questions about
the board (next to an opponent? the ball? the distance?) never come up."""

for _step in ("move-die", "ball", "adjacent", "tackler", "target", "pass-distance", "pass-miss", "intercept-by"):
    del BOARD_STEPS[_step]

RANDOM_WEIGHTS = {"done": 30.0, "stay": 0.5, "endzone": 500.0, "take": 4.0, "halt": 0.5}
"""Random play shaped like a real table: a line-up is mostly taken as it comes, a touchdown in reach is
scored, a loose ball on the way is picked up. Table questions keep their old uniform odds."""


def coach_default(state: State, data: Data, legal: Legal) -> Event | None:
    """A computer coach takes the line-up as it stands (the default formation) instead of weighing moves."""
    if state.step == "lineup" and "done" in legal.ids:
        return Event("choose", "done")
    return None


def coach_options(state: State, data: Data, legal: Legal) -> tuple[str, ...] | None:
    """The squares a computer coach weighs for a move on the board (None: every answer). A move offers up to
    hundreds of squares, most of them alike for ``evaluate`` (no ball, no contact): it weighs every square
    that changes something (the end zone, the loose ball, up to a dozen squares beside an opponent) and a
    few of the rest (the farthest forward, the nearest the ball, a spread)."""
    if state.step != "move-to" or not state.board or len(legal.ids) <= 16:
        return None
    f, t = pitch.board_of(data), state.turn
    stop, plain, first = [], [], []
    for sid in legal.ids:
        if sid == onboard.ENDZONE or (state.ball is not None and f.by_id[sid] == state.ball):
            first.append(sid)
        elif (t.stop >> f.by_id[sid]) & 1:
            stop.append(sid)
        else:
            plain.append(sid)
    kept = first + stop[:12] + plain[:4]
    ball = pitch.ball_squares(f, data, state)
    if ball and plain:
        b = (ball & -ball).bit_length() - 1
        kept += sorted(plain[4:], key=lambda sid: f.distance(f.by_id[sid], b))[:2]
    step = max(1, len(plain) // 4)
    kept += plain[4::step]
    return tuple(dict.fromkeys(kept))


def start(setup: Setup, data: Data) -> State:
    teams = setup.team_ids()
    if setup.board == "screen" and data.board is None:
        raise RuleError("This ruleset has no [board] table: play it with a physical board.")
    state = State(
        teams=teams,
        coaches=setup.coaches,
        players=[roster.new_team(data), roster.new_team(data)],
        board=setup.board == "screen",
        skip=setup.skip_forced,
        fewer_keys=setup.fewer_keys and setup.board == "table",
        fold_confirms=setup.fold_confirms and setup.board == "table",
    )
    flow.begin_half(state, data)
    names = " against ".join(f"{data.team(t).name} ({c})" for t, c in zip(teams, setup.coaches))
    state.note("H1", f"Kick-off: {names}.")
    if state.fold_confirms:
        settle(state, data)  # the first line-up is an instruction too
    return state


def prompt(state: State, data: Data) -> Prompt:
    if state.step == "over":
        return GameOver(text=f"Game over: {state.result}")
    return (BOARD_STEPS if state.board else STEPS)[state.step][0](state, data)


legal = answers.legal
"""The legal answers of the current step (answers.py), without labels or odds."""


def apply(state: State, data: Data, event: Event) -> Legal | None:
    """Play ``event``; returns the legal answers of the step it leaves, where settling worked them out."""
    if state.step == "over":
        raise RuleError("The game is over: nothing more to play. Undo to go back.")
    steps = BOARD_STEPS if state.board else STEPS
    known = steps[state.step][1](state, data, event)
    if state.skip or state.fold_confirms:
        return settle(state, data, known)
    return None


def settle(state: State, data: Data, known: Legal | None = None) -> Legal | None:
    """Apply every answer that is the only one (issue 14: a forced question is not asked). The step's own
    log line says what happened. With ``fold_confirms``, the table's line-up, halt and restart instructions are
    logged and play goes on (``flow.fold_confirm``). Returns the legal answers of the step it stops at where
    it listed them. ``known``: the legal answers of the current step, where the handler that led to it listed
    them."""
    steps = BOARD_STEPS if state.board else STEPS
    while state.step != "over":
        if state.fold_confirms and state.step in flow.FOLDED:
            flow.fold_confirm(state, data)
            known = None
            continue
        if not state.skip or state.step in NOT_CHOICES:
            return None
        if state.step == "select" and len(state.at[state.side] if state.board else state.players[0]) > 1:
            return None  # two figures to pick from (at the table "halt" is always a second answer)
        if state.step == "move-to":  # the common case, counted without listing the squares
            t = state.turn
            if (t.reach | t.reach_ball).bit_count() + t.endzone != 1:
                return None
        lg = known if known is not None else answers.legal(state, data)
        if lg.kind != "choose" or len(lg.ids) != 1:
            return lg
        known = steps[state.step][1](state, data, Event("choose", lg.ids[0]))
    return None


NOT_CHOICES = frozenset({"roll-off", "move-roll", "tackle-roll", "hand-off-roll", "pass-roll", "pass-distance",
                         "touchdown", "halt", "restart"})
"""Steps that are never a choice (rolls, a number, table confirmations): nothing to settle."""


def outcome(state: State, data: Data) -> tuple[int, int]:
    return state.score[0], state.score[1]


def evaluate(state: State, data: Data, side: int) -> float:
    """How good the state is for ``side``, 0 to 1 (the two sides' values add up to 1): touchdowns above all,
    then the ball (who holds it, how near it is to the end zone this side attacks, and on the board how safe
    it is: the chance the other side's best-placed figure reaches the carrier and wins the tackle, or who can
    reach a loose ball), then the players each side still has on the field (carnage dealt shows there)."""
    me, them = state.score[side], state.score[1 - side]
    if state.step == "over":
        return 1.0 if me > them else 0.0 if me < them else 0.5
    x = 1.5 * (me - them)
    holder = state.holder()
    if holder is not None:
        x += 0.4 if holder == side else -0.4
    if state.board and data.board is not None:
        f = pitch.board_of(data)
        ball = pitch.ball_squares(f, data, state)
        if ball:
            col = f.col[(ball & -ball).bit_length() - 1]
            ahead = col / f.length if side == 0 else 1 - col / f.length  # 0 at our goal line, 1 at theirs
            # near their goal line is good for us whoever has it: we are close to scoring, or they are far
            x += 0.8 * (ahead - 0.5) * (1.0 if holder is None else 1.5)
            x += _ball_safety(f, data, state, side)
    fit = [len(state.on_field(s)) for s in (0, 1)]
    x += 0.08 * (fit[side] - fit[1 - side])
    return 1 / (1 + math.exp(-x))


def _ball_safety(f, data: Data, state: State, side: int) -> float:
    """On the board, the ball's next turn: a carrier the side to move can reach and out-tackle is likely lost
    (worth the swing of possession times that chance); a loose ball goes to whoever reaches it first."""
    carrier = state.carrier
    if carrier is not None:
        at = state.at[carrier.team].get(carrier.id)
        if at is None:
            return 0.0
        mine = roster.dice_of(data, carrier.id)
        danger = 0.0
        for pid, i in state.at[1 - carrier.team].items():
            theirs = roster.dice_of(data, pid)
            d = f.distance(i, at) - 1  # steps to stand beside him
            danger = max(danger, _p_reach(theirs, d) * odds_lower(theirs, mine))
        if state.side == carrier.team and state.step not in BEFORE_PLAY:
            danger *= 0.3  # he moves first: he may get away
        lost = 0.8 * danger
        return -lost if carrier.team == side else lost
    if state.ball is None:
        return 0.0
    best = [0.0, 0.0]
    for s in (0, 1):
        for pid, i in state.at[s].items():
            best[s] = max(best[s], _p_reach(roster.dice_of(data, pid), f.distance(i, state.ball)))
    if state.step not in BEFORE_PLAY:
        best[state.side] = min(1.0, best[state.side] * 1.5)  # the side to move gets there first
    return 0.3 * (best[side] - best[1 - side])


BEFORE_PLAY = frozenset({"lineup", "lineup-to", "team-rules", "roll-off"})


def _p_reach(dice: tuple[int, ...], steps: int) -> float:
    """The chance a figure's move roll covers ``steps`` (nothing in the way; a Heavy Tackle uses his higher die)."""
    if steps <= 1:
        return 1.0
    sides = dice[0]
    p_short = min(1.0, (steps - 1) / sides) ** len(dice)
    return 1.0 - p_short


_LOWER: dict[tuple, float] = {}


def odds_lower(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """The chance dice ``a`` roll lower than dice ``b`` (each side using its lowest die): a tackle won."""
    key = (a, b)
    got = _LOWER.get(key)
    if got is None:
        import itertools
        wins = total = 0
        for fa in itertools.product(*(range(1, s + 1) for s in a)):
            for fb in itertools.product(*(range(1, s + 1) for s in b)):
                wins += min(fa) < min(fb)
                total += 1
        got = _LOWER[key] = wins / total
    return got


def sim_setup(data: Data) -> dict:
    """Headless play is on refbox's board, with forced questions skipped (what a new match gets)."""
    return {"board": "screen" if data.board is not None else "table", "skip_forced": True}


def view(state: State, data: Data) -> View:
    return screen.build(state, data)


def colours(setup: Setup) -> tuple[str, str]:
    a, b = setup.team_ids()
    return TEAM_COLOURS[a], TEAM_COLOURS[b]


def warm_odds(data: Data) -> None:
    """Precompute every roll's odds (about 0.2 s), e.g. in a worker while the setup screen is open."""
    kinds = sorted({(p.sides,) * p.dice for p in data.positions})
    odds.warm(kinds, data.game.passing_die)


def team_names(setup: Setup, data: Data) -> tuple[str, str]:
    a, b = setup.team_ids()
    return data.team(a).name, data.team(b).name


class Battleball(Rules):
    """Battleball through the engine's contract (refbox.engine.contract)."""

    name = "battleball"
    Data, Setup, State = Data, Setup, State
    statistics = ()
    random_weights = RANDOM_WEIGHTS

    def new_setup(self) -> dict:
        return {"board": "screen" if self.data.board is not None else "table", "skip_forced": True,
                "fewer_keys": True, "fold_confirms": True}

    def headless_setup(self) -> dict:
        return sim_setup(self.data)

    def team_names(self, setup: Setup) -> tuple[str, str]:
        return team_names(setup, self.data)

    def colours(self, setup: Setup) -> tuple[str, str]:
        return colours(setup)

    def start(self, setup: Setup) -> State:
        return start(setup, self.data)

    def begin(self, setup: Setup) -> State:
        return start(setup, self.data)

    def computer_can_play(self, setup: Setup) -> bool:
        return setup.board == "screen"

    def legal(self, state: State) -> Legal:
        return legal(state, self.data)

    def prompt(self, state: State) -> Prompt:
        return prompt(state, self.data)

    def apply(self, state: State, event: Event) -> Legal | None:
        return apply(state, self.data, event)

    def phase(self, state: State) -> str:
        return view(state, self.data).phase_id

    def view(self, state: State) -> View:
        return view(state, self.data)

    def outcome(self, state: State) -> tuple[int, int]:
        return outcome(state, self.data)

    def evaluate(self, state: State, side: int) -> float:
        return evaluate(state, self.data, side)

    def coach_options(self, state: State, legal: Legal):
        return coach_options(state, self.data, legal)

    def coach_default(self, state: State, legal: Legal) -> Event | None:
        return coach_default(state, self.data, legal)

    def tally(self, t, prompt: Prompt, event: Event, state: State) -> None:
        tally(t, prompt, event, state, self.data)
