"""Monster Ball's rules module: the protocol of refbox.engine.protocol over the step table.

Each step (a prompt and how its answer applies) lives with its procedure: squads (draft), kicks,
between (calls, line-ups, hike), live (the action menu, hustle), tackles (and cheats), passing,
contest (catches and recoveries), downs (spotting the ball).
"""

from __future__ import annotations

from refbox.engine.prompts import Event, GameOver, Prompt
from refbox.engine.state import View
from refbox.games.monster_ball import between, contest, downs, kicks, live, passing, squads, tackles  # noqa: F401  (register steps)
from refbox.games.monster_ball import view as views
from refbox.games.monster_ball.data import Data
from refbox.games.monster_ball.models import Setup, State
from refbox.games.monster_ball.steps import STEPS

__all__ = ["Data", "Setup", "State", "start", "prompt", "apply", "view", "colours"]

start = squads.start


def prompt(state: State, data: Data) -> Prompt:
    if state.step == "over":
        return GameOver(actor=state.winner, text=state.result or "The match is over.")
    return STEPS[state.step].prompt(state, data)  # type: ignore[misc]


def apply(state: State, data: Data, event: Event) -> None:
    STEPS[state.step].apply(state, data, event)  # type: ignore[misc]


def view(state: State, data: Data) -> View:
    return views.view(state, data)


def colours(setup: Setup) -> tuple[str, str]:
    return setup.law_colour, setup.chaos_colour


def team_names(setup: Setup, data: Data) -> tuple[str, str]:
    return setup.law_name, setup.chaos_name
