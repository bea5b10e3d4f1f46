"""Battleball through the engine's contract (refbox.engine.contract): one class, over the step table its
modules register (steps.py), the facts its statistics count, and the upgrade of older journals."""

from __future__ import annotations

from types import MappingProxyType

from refbox.engine.contract import Picture, Rules
from refbox.engine.errors import RuleError
from refbox.engine.prompts import Event, Legal
from refbox.engine.state import View
from refbox.games.battleball import (  # noqa: F401 (steps)
    after_move,
    coaching,
    contact,
    flow,
    fumbles,
    kickoff,
    movement,
    odds,
    passing,
    roster,
    upgrade,
)
from refbox.games.battleball import view as screen
from refbox.games.battleball.data import TEAM_COLOURS, Data
from refbox.games.battleball.models import Setup, State
from refbox.games.battleball.steps import STEPS

STEPS.check()


class Battleball(Rules):
    name = "battleball"
    Data, Setup, State = Data, Setup, State
    steps = STEPS
    statistics = ("touchdowns", "tackles made", "tackles won", "injured", "seriously injured", "passes",
                  "passes caught", "hand-offs", "hand-offs taken")
    random_weights = MappingProxyType({"done": 30.0, "stay": 0.5, "endzone": 500.0, "take": 4.0, "halt": 0.5})
    """Random play shaped like a real table: a line-up is mostly taken as it comes, a touchdown in reach is
    scored, a loose ball on the way is picked up. Table questions keep their uniform odds."""
    version = 3
    """2: no setup flags (every match asks what version 1 asked with skip_forced, fewer_keys and
    fold_confirms on); the on-screen board is the default (upgrade.py). 3: ``Setup.edition`` (the rules fixed
    in issue 39); older journals keep edition 2 and their inputs."""

    # ---- setting up ----

    def new_setup(self) -> dict:
        """The on-screen board, unless the ruleset has none (then the table)."""
        return {"board": "screen" if self.data.board is not None else "table"}

    def team_names(self, setup: Setup) -> tuple[str, str]:
        a, b = setup.team_ids()
        return self.data.team(a).name, self.data.team(b).name

    def colours(self, setup: Setup) -> tuple[str, str]:
        a, b = setup.team_ids()
        return TEAM_COLOURS[a], TEAM_COLOURS[b]

    def start(self, setup: Setup) -> State:
        data = self.data
        if setup.board == "screen" and data.board is None:
            raise RuleError("This ruleset has no [board] table: play it with a physical board.")
        teams = setup.team_ids()
        state = State(teams=teams, coaches=setup.coaches, players=[roster.new_team(data), roster.new_team(data)],
                      board=setup.board == "screen", edition=setup.edition)
        names = " against ".join(f"{data.team(t).name} ({c})" for t, c in zip(teams, setup.coaches))
        state.note("H1", f"Kick-off: {names}.")
        flow.begin_half(state, data)
        return state

    def computer_can_play(self, setup: Setup) -> bool:
        return setup.board == "screen"

    # ---- what a screen and a report show ----

    def view(self, state: State) -> View:
        return screen.build(state, self.data)

    def outcome(self, state: State) -> tuple[int, int]:
        return state.score[0], state.score[1]

    def warm_odds(self) -> None:
        """Precompute every roll's odds (about 0.2 s), e.g. in a worker while the setup screen is open."""
        kinds = sorted({(p.sides,) * p.dice for p in self.data.positions})
        odds.warm(kinds, self.data.game.passing_die)

    # ---- journals saved by older versions ----

    @classmethod
    def upgrade_setup(cls, version: int, setup: dict, data: dict) -> tuple[dict, dict]:
        setup, data = upgrade.setup_from_version_1(setup, data) if version < 2 else (setup, data)
        return ({**setup, "edition": 2} if version < 3 else setup), data

    def upgrade_events(self, version: int, setup: Setup, events: list[Event]) -> list[Event]:
        return upgrade.events_from_version_1(self, setup, events) if version < 2 else events

    # ---- the computer coach ----

    def evaluate(self, state: State, side: int) -> float:
        return coaching.evaluate(state, self.data, side)

    def coach_options(self, state: State, legal: Legal) -> tuple[str, ...] | None:
        return coaching.options(state, self.data, legal)

    def coach_default(self, state: State, legal: Legal) -> Event | None:
        return coaching.default(state, legal)

    @classmethod
    def pictures(cls) -> tuple[Picture, ...]:
        from refbox.games.battleball.demo import board_demo, run_demo

        return (Picture("board", board_demo), Picture("run-100x30", run_demo, (100, 30)))
