"""Monster Ball's ruleset class (refbox.engine.contract.Rules): what the engine, the computer coach, reports and
screens call.

Each step (its legal answers, its prompt and how its answer applies) is registered on the step table
(steps.py) where its procedure lives: squads (draft), kicks, between (calls, line-ups, hike), live (the action
menu), hustle, moves (figures on the field), tackles, cheats (the stand-alone ones), passing, contest (catches
and recoveries), downs (spotting the ball); the computer coach's judgement is in coaching.py.
"""

from __future__ import annotations

from functools import cached_property
from types import MappingProxyType

from refbox.engine.contract import Picture, Rules
from refbox.engine.prompts import Event, Legal
from refbox.engine.state import View
from refbox.games.monster_ball import between, cheats, contest, downs, hustle, kicks, live, moves, passing, squads, tackles  # noqa: F401  (register steps)
from refbox.games.monster_ball import coaching, places, upgrade
from refbox.games.monster_ball import view as views
from refbox.games.monster_ball.data import Data
from refbox.games.monster_ball.models import Setup, State
from refbox.games.monster_ball.steps import STEPS

STEPS.check()


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


class MonsterBall(Rules):
    """Monster Ball: the on-screen field (a new match's default) or the table."""

    name = "monster-ball"
    Data, Setup, State = Data, Setup, State
    steps = STEPS
    statistics = ("yards", "passes", "catches", "tackles", "tackles won", "penalties", "cheats caught", "scores", "points")
    """Counted from the facts the rules record (flow.credit): yards a carrier runs on the field (the team's gain
    at the table, from the spot), passes thrown, catches (a pass or a kick), tackles made and won (the target
    alone went down), penalties (an illegal tackle, a cheat spotted), cheats caught, scores and points."""
    random_weights = MappingProxyType(_weights())
    coach_avoids = frozenset({"arrange:0", "arrange:1", "lineup:0", "lineup:1", "timeout"})
    """A computer coach keeps the suggested line-ups instead of re-arranging figures between plays, and ends
    its half with "done" (a time-out is the same move for a person out of time)."""
    version = 3
    """2: the questions with one possible answer are taken by refbox, a cheat and the table's "which of these
    players?" are one key (version 1 asked them as selections). 3: ``Setup.edition`` (the rules fixed in issue
    39); older journals keep edition 2 and their inputs."""

    def headless_setup(self) -> dict:
        return {"referee": self.data.default_referee}

    def team_names(self, setup: Setup) -> tuple[str, str]:
        return setup.law_name, setup.chaos_name

    def colours(self, setup: Setup) -> tuple[str, str]:
        return setup.law_colour, setup.chaos_colour

    def start(self, setup: Setup) -> State:
        return squads.start(setup, self.data)

    def computer_can_play(self, setup: Setup) -> bool:
        return setup.board == "screen"

    @cached_property
    def _drawing(self) -> dict:
        """Each step's legal answers as random play draws from them: the action menu's read the state as it is
        (live.move_legal_live), the rest are the step table's."""
        return {**{name: step.legal for name, step in self.steps.table.items()}, "move": live.move_legal_live}

    def drawing_legal(self, state: State) -> Legal:
        return self._drawing[state.step](state, self.data)

    def phase(self, state: State) -> str:
        return views.phase_id(state)

    def view(self, state: State) -> View:
        return views.view(state, self.data)

    def outcome(self, state: State) -> tuple[int, int]:
        return state.teams[0].score, state.teams[1].score

    def evaluate(self, state: State, side: int) -> float:
        return coaching.evaluate(state, self.data, side)

    def coach_options(self, state: State, legal: Legal):
        return coaching.coach_options(state, self.data, legal)

    def coach_default(self, state: State, legal: Legal) -> Event | None:
        return coaching.coach_default(state, self.data, legal)

    @classmethod
    def upgrade_setup(cls, version: int, setup: dict, data: dict) -> tuple[dict, dict]:
        setup = upgrade.upgrade_setup(version, setup)
        if version < 3:
            setup = {**setup, "edition": 2}  # played by the rules of its time: its inputs fit them
        return setup, data

    def upgrade_events(self, version: int, setup: Setup, events: list[Event]) -> list[Event]:
        return upgrade.upgrade_events(self, setup, events) if version < 2 else events

    @classmethod
    def pictures(cls) -> tuple[Picture, ...]:
        from refbox.games.monster_ball.demo import field_demo, lineup_demo, long_pass_demo

        return (Picture("field", field_demo), Picture("lineup-100x30", lineup_demo, (100, 30)),
                Picture("long-pass", long_pass_demo))
