"""Monster Ball's rules module: the protocol of refbox.engine.protocol over the step table.

Each step (its legal answers, its prompt and how its answer applies) lives with its procedure: squads (draft),
kicks, between (calls, line-ups, hike), live (the action menu, hustle), moves (figures on the field), tackles
(and cheats), passing, contest (catches and recoveries), downs (spotting the ball).

The fast-play hooks for the simulator and the computer coach (refbox.engine.play) are here too: ``legal``,
``outcome``, ``evaluate``, ``sim_setup`` and ``RANDOM_WEIGHTS``.
"""

from __future__ import annotations

from refbox.engine.contract import Rules

import math

from refbox.engine.prompts import choose as chosen
from refbox.engine.prompts import Event, GameOver, Legal, Prompt
from refbox.engine.state import View
from refbox.games.monster_ball import between, contest, downs, flow, kicks, live, moves, passing, places, squads, tackles  # noqa: F401  (register steps)
from refbox.games.monster_ball import coaching
from refbox.games.monster_ball import onekey  # noqa: F401  (after the steps: wraps four of them for table_keys)
from refbox.games.monster_ball import view as views
from refbox.games.monster_ball.data import Data
from refbox.games.monster_ball.models import Setup, State
from refbox.games.monster_ball.steps import STEPS
from refbox.games.monster_ball.tally import tally

__all__ = ["Data", "Setup", "State", "start", "prompt", "legal", "legal_live", "apply", "view", "colours",
           "outcome", "evaluate", "sim_setup", "RANDOM_WEIGHTS", "COACH_AVOIDS", "coach_options", "coach_default", "tally"]

start = squads.start


def prompt(state: State, data: Data) -> Prompt:
    if state.step == "over":
        return GameOver(actor=state.winner, text=state.result or "The match is over.")
    return STEPS[state.step].prompt(state, data)  # type: ignore[misc]


def legal(state: State, data: Data) -> Legal:
    """The legal answers now (the same source the prompt's options are built from), without labels or odds."""
    return _LEGAL[state.step](state, data)


def legal_live(state: State, data: Data) -> Legal:
    """``legal`` for an answer drawn at once, before the state changes (headless play): it may read the state
    instead of copying what it needs, so it is not to be kept."""
    return _LEGAL_LIVE[state.step](state, data)


def apply(state: State, data: Data, event: Event) -> Legal | None:
    """Apply ``event``; returns the next question's legal answers where settling forced answers listed them."""
    _APPLY[state.step](state, data, event)
    if state.fewer_keys and state.step in _FORCING:
        return answer_forced(state, data)
    return None


def _over(state: State, data: Data) -> Legal:
    return Legal("over", state.winner)


_LEGAL = {**{name: step.legal for name, step in STEPS.items()}, "over": _over}
_LEGAL_LIVE = {**_LEGAL, "move": live.move_legal_live} if _LEGAL["move"] is live.move_legal else _LEGAL
_APPLY = {name: step.apply for name, step in STEPS.items()}
_FORCING = frozenset(name for name, step in STEPS.items() if step.may_force)
"""The step table's functions looked up in one step (every input goes through ``legal`` and ``apply``): built
once every module has registered its steps (onekey wraps some of them)."""


def answer_forced(s: State, data: Data) -> Legal | None:
    """Apply, without asking, every next question that has one possible answer, and log what was taken.
    Returns the legal answers of the question it stops at, when it listed them."""
    while True:
        step = STEPS.get(s.step)
        if step is None or not step.may_force:
            return None
        legal_now = step.legal(s, data)  # type: ignore[misc]
        if legal_now.kind != "choose" or len(legal_now.ids) != 1:
            return legal_now
        answer = legal_now.ids[0]
        if s.logged:
            who = s.label(answer) if answer[:1] in "LC" and answer[1:].isdigit() else answer
            s.note(flow.stamp(s), f"{who}: the only possible answer, taken without asking.", legal_now.actor)
        step.apply(s, data, chosen(answer))  # type: ignore[misc]  (its Event, kept: one an answer)


def view(state: State, data: Data) -> View:
    return views.view(state, data)


def colours(setup: Setup) -> tuple[str, str]:
    return setup.law_colour, setup.chaos_colour


def team_names(setup: Setup, data: Data) -> tuple[str, str]:
    return setup.law_name, setup.chaos_name


# ---- headless play: the simulator and the computer coach ----


def sim_setup(data: Data) -> dict:
    """Headless games are played on the on-screen field, with the new matches' fewer questions."""
    return {"board": "screen", "fewer_keys": True, "referee": data.default_referee}


def outcome(state: State, data: Data) -> tuple[int, int]:
    return state.teams[0].score, state.teams[1].score


def evaluate(state: State, data: Data, side: int) -> float:
    """How good the state is for ``side``, 0..1 (the other side gets 1 minus it): the score margin plus the
    points the ball is worth to whoever has it (coaching.ball_worth: how far it is from the end zone it
    attacks, counting the illegal-tackle penalties pending, how near the first down and how many downs are
    left; on the field how likely a running carrier is to be brought down, and where), weighed against what is
    left to play (points to the target, or time). A figure picked on the field but not yet moved is worth
    its best destination (coaching.best_move)."""
    if state.step == "over":
        return 0.5 if state.winner is None else 1.0 if state.winner == side else 0.0
    if state.board and state.step == "move_to" and state.selected is not None:
        best = coaching.best_move(state, data, side, lambda s: _value(s, data, side))
        if best is not None:
            return best
    return _value(state, data, side)


def _value(state: State, data: Data, side: int) -> float:
    mine, theirs = state.teams[side].score, state.teams[1 - side].score
    team, worth = coaching.ball_worth(state, data)
    margin = mine - theirs + (worth if team == side else -worth)
    if state.victory == "points":
        left = data.scoring.target_points - max(mine, theirs)
        scale = 3.0 + 0.5 * left
    else:
        total = data.clock.quarters * data.clock.quarter_seconds
        scale = 3.0 + 20.0 * max(0.0, 1 - state.seconds / total)
    return 1 / (1 + math.exp(-margin / scale))


def _weights() -> dict[str, float]:
    """Random answers shaped like a real table's (the old table chooser's odds, by option id): line-up changes,
    time-outs and cheats are rare; figures lean forward; tackles on the carrier are common, on anyone else rare;
    most people play fair."""
    out = {"lineup:0": 0.0, "lineup:1": 0.0, "hikers": 0.02, "timeout": 0.02, "touchdown": 0.05, "out": 0.15,
           "field_goal": 0.08, "cheat": 0.2, "arrange:0": 0.01, "arrange:1": 0.01, "ready": 20.0, "stay": 0.2,
           "hit": 0.05, "tackle": 8.0, "pass": 1.5, "done": 2.0, "some": 0.1, "fair": 6.0, "all": 2.0,
           "hustle": 1.0, "block_rough": 0.3, "slam": 0.5, "advance": 1.5, "pursue": 2.0}
    for f in range(-20, 21):
        for a in range(-20, 21):
            out[places.move_id(f, a)] = 0.3 if f < 0 else 1.0 if f == 0 else 2.0 + f
    for letter in "LC":
        for n in range(1, 40):
            out[f"divine:{letter}{n}"] = 0.2
    return out


RANDOM_WEIGHTS = _weights()

COACH_AVOIDS = frozenset({"arrange:0", "arrange:1", "lineup:0", "lineup:1", "timeout"})
"""A computer coach keeps the suggested line-ups instead of re-arranging figures between plays, and ends its
half with "done" (a time-out is the same move for a person out of time)."""

coach_options = coaching.coach_options
coach_default = coaching.coach_default


class MonsterBall(Rules):
    """Monster Ball through the engine's contract (refbox.engine.contract)."""

    name = "monster-ball"
    Data, Setup, State = Data, Setup, State
    statistics = ()
    random_weights = RANDOM_WEIGHTS
    coach_avoids = COACH_AVOIDS

    def new_setup(self) -> dict:
        return {"board": "screen", "fewer_keys": True}

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

    def drawing_legal(self, state: State) -> Legal:
        return legal_live(state, self.data)

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
