"""Ballmonsters! through the engine's contract (refbox.engine.contract): one class over the ruleset's data.

The steps of a turn register on one table (steps.py: STEPS) from the modules of its parts: shot.py, bite.py,
boing.py and turn.py (placement, upkeep, portals, the end)."""

from __future__ import annotations

from types import MappingProxyType

from refbox.engine.clone import clone
from refbox.engine.contract import Picture, Rules
from refbox.engine.errors import RuleError
from refbox.engine.prompts import Event, Legal
from refbox.engine.state import UNLOGGED, View
from refbox.games.ballmonsters import bite, boing, mat_place, shot, turn  # noqa: F401  (they register their steps)
from refbox.games.ballmonsters.coach_plans import best_commit, bounce_worth, split_order
from refbox.games.ballmonsters.coaching import evaluate, options
from refbox.games.ballmonsters.data import Data
from refbox.games.ballmonsters.mechanics import note
from refbox.games.ballmonsters.models import (
    TEAM_LETTERS,
    Ball,
    Setup,
    State,
    TeamInfo,
    default_setup,
    fiddle_problems,
    with_base_strength,
)  # fmt: skip
from refbox.games.ballmonsters.steps import STEPS
from refbox.games.ballmonsters.upgrade import v1_events, v1_setup
from refbox.games.ballmonsters.view import build_view

__all__ = ["Ballmonsters", "Data", "Setup", "State", "default_setup", "fiddle_problems"]

STEPS.check()


class Ballmonsters(Rules):
    name = "ballmonsters"
    Data, Setup, State = Data, Setup, State
    steps = STEPS
    statistics = ("bites", "deflations", "portal goals")
    board_values = MappingProxyType({"screen": "mat", "table": "table"})
    """Its own board is the mat (Setup.board "mat")."""
    version = 3
    """2: no table options (every match asks the table as version 1's "quick" one did); the house rules always
    in the setup; the bounce partner ruling in the ruleset (upgrade.py reads version 1 journals). 3: a setup
    that names no board is on the mat (a new match's); older ones that name none were played at the table."""

    def new_setup(self) -> dict:
        """A new match is on refbox's mat (the setup screen offers the table's flow too)."""
        return default_setup(deflated_miniballs_count=self.data.ending.deflated_miniballs_count,
                             other_deflations_score=self.data.scoring.other_deflations_score, board="mat")

    def headless_setup(self) -> dict:
        """Where a new match is played, the mat: ``refbox sim`` measures the coaches where they can play
        (``--board table`` plays the table's flow, as the stored seeded games in tests/golden do)."""
        return self.new_setup()

    def computer_can_play(self, setup: Setup) -> bool:
        """A computer coach needs the positions: it plays on refbox's mat only."""
        return setup.board == "mat"

    def team_names(self, setup: Setup) -> tuple[str, str]:
        return setup.teams[0].name, setup.teams[1].name

    def colours(self, setup: Setup) -> tuple[str, str]:
        return setup.teams[0].colour, setup.teams[1].colour

    def start(self, setup: Setup) -> State:
        data = self.data
        problems = fiddle_problems(setup, data)
        if problems:
            raise RuleError(" ".join(problems))
        balls = []
        for t, team in enumerate(setup.teams):
            for i, (ball, base) in enumerate(with_base_strength(team, data)):
                balls.append(Ball(id=f"{TEAM_LETTERS[t]}{i}", team=t, kind="monsterball" if i == 0 else "miniball",
                                  name=ball.name, strength=base + ball.str_bonus, effect=ball.effect))
        state = State(
            teams=[TeamInfo(name=t.name, colour=t.colour) for t in setup.teams],
            balls=balls,
            second_team_at=1 + len(setup.teams[0].miniballs),
            first=setup.places_first,
            shooter=setup.places_first,
            deflated_count=setup.deflated_miniballs_count,
            other_deflations_score=setup.other_deflations_score,
            mat=setup.board == "mat",
        )
        if state.mat:
            state.to_place = mat_place.placement_order(state)
        note(state, f"{setup.teams[0].name} against {setup.teams[1].name}.")
        return state

    def view(self, state: State) -> View:
        return build_view(state, self.data)

    def evaluate(self, state: State, side: int) -> float:
        """On the mat: score, STR, deflations and the declared shot (coaching.py); at a table: the score."""
        return evaluate(state, self.data, side) if state.mat else super().evaluate(state, side)

    search_limits = MappingProxyType({"widest": 3, "probes": 3, "hurried_leaves": 24, "reach": 1})
    """A play-out here sweeps bases across the mat at every step: the search rolls out greedy's best 3 answers
    to the end of its own shot (reach 1: where the bounces leave the balls, and the foe's threat then, count;
    the foe's whole reply would leave no time for a second play-out), its base policy trying the first 3 answers
    of each question (coach_options and coach_numbers put the best plans first); its first pass stays exact in a
    hurry (the dice after a decision are mostly the one d12 of the portal roll)."""

    def coach_options(self, state: State, legal: Legal) -> list[str] | None:
        return options(state, self.data, legal)

    def coach_numbers(self, state: State, legal: Legal) -> list[int] | None:
        """The boing's split on the mat, the promising first (coach_plans.split_order)."""
        if state.mat and state.step == "split":
            return split_order(state, self.data, legal.min, legal.max)
        return None

    def coach_default(self, state: State, legal: Legal) -> Event | None:
        """On the mat a coach shoots at full momentum: momentum costs nothing, and the power it adds only widens
        the later choices (more to commit to a bite, more to share in the boing); and it commits to a bite the
        power whose exact odds, with the boing left after, promise most (coach_plans.best_commit); a bouncing
        ball is laid against the ball it hit the way whose bite odds and boing promise most (a bite roll
        weighed by its exact odds, not by trying each of its 144 faces)."""
        if state.mat and state.step == "momentum":
            return Event("number", legal.max)
        if state.mat and state.step == "commit":
            return Event("number", best_commit(state, self.data, legal.max)[0])
        if state.mat and state.step == "facing" and len(legal.ids) > 1:
            return Event("choose", max(legal.ids, key=lambda side: self._laid(state, side)))
        return None

    def _laid(self, state: State, answer: str) -> float:
        """What laying the active ball against the target as ``answer`` says promises (on a copy)."""
        after = clone(state)
        after.log = UNLOGGED
        self.apply(after, Event("choose", answer))
        return bounce_worth(after, self.data)

    def outcome(self, state: State) -> tuple[float, float]:
        return state.scores[0], state.scores[1]

    # ---- journals saved by versions 1 and 2 (upgrade.py) ----

    @classmethod
    def upgrade_setup(cls, version: int, setup: dict, data: dict) -> tuple[dict, dict]:
        if version < 2:
            setup, data = v1_setup(setup, data)
        if version < 3:
            setup = {**setup, "board": setup.get("board", "table")}
        return setup, data

    def upgrade_events(self, version: int, setup: Setup, events: list[Event]) -> list[Event]:
        return v1_events(self, setup, events) if version < 2 else events

    @classmethod
    def pictures(cls) -> tuple[Picture, ...]:
        from refbox.games.ballmonsters.demo import field_demo

        return (Picture("field", field_demo), Picture("field-100x30", field_demo, (100, 30)))
