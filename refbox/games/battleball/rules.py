"""Battleball's procedures: the protocol of refbox/engine/protocol.py over a step-by-step state machine.

Each step of ``State.step`` has a prompt builder and an event handler, in the module for its part of the
turn (flow, movement, contact, passing). ``apply`` mutates the state by one checked event.
"""

from __future__ import annotations

from typing import Callable

from refbox.engine.errors import RuleError
from refbox.engine.prompts import Event, GameOver, Prompt
from refbox.engine.state import View
from refbox.games.battleball import contact, flow, movement, odds, passing, roster
from refbox.games.battleball import view as screen
from refbox.games.battleball.models import TEAM_COLOURS, Data, Setup, State

__all__ = ["Data", "Setup", "State", "start", "prompt", "apply", "view", "colours"]

PromptFn = Callable[[State, Data], Prompt]
ApplyFn = Callable[[State, Data, Event], None]

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
"""Every step but "over": how to ask for it and what its answer does."""


def start(setup: Setup, data: Data) -> State:
    teams = setup.team_ids()
    state = State(
        teams=teams,
        coaches=setup.coaches,
        players=[roster.new_team(data), roster.new_team(data)],
    )
    flow.begin_half(state, data)
    names = " against ".join(f"{data.team(t).name} ({c})" for t, c in zip(teams, setup.coaches))
    state.note("H1", f"Kick-off: {names}.")
    return state


def prompt(state: State, data: Data) -> Prompt:
    if state.step == "over":
        return GameOver(text=f"Game over: {state.result}")
    return STEPS[state.step][0](state, data)


def apply(state: State, data: Data, event: Event) -> None:
    if state.step == "over":
        raise RuleError("The game is over: nothing more to play. Undo to go back.")
    STEPS[state.step][1](state, data, event)


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
