"""Rülerball through the engine's contract (refbox.engine.contract): the one class the engine, reports and screens
call. The steps of the turn are registered by the steps_* modules (refbox.games.rulerball.steps)."""

from __future__ import annotations

from types import MappingProxyType

from refbox.engine.contract import Rules
from refbox.engine.errors import InvalidInput
from refbox.engine.prompts import Event
from refbox.engine.state import View
from refbox.games.rulerball import steps_ball, steps_clock, steps_combat, steps_harm, steps_move, steps_score  # noqa: F401  (they register their steps)
from refbox.games.rulerball.data import ROLES, STATS, Data
from refbox.games.rulerball.models import Figure, Setup, State, TeamSetup
from refbox.games.rulerball.steps import STEPS
from refbox.games.rulerball.upgrade import old_flow_events
from refbox.games.rulerball.view import build_view, phase_id

STEPS.check()


class Rulerball(Rules):
    name = "rulerball"
    Data, Setup, State = Data, Setup, State
    steps = STEPS
    statistics = ("goals", "points", "fights", "fights won", "penalties", "penalty minutes")
    random_weights = MappingProxyType({"all_stay": 0.1, "first": 0.3, "further": 0.3, "gutter": 0.5, "penalty": 0.3,
                                       "done": 3.0, "stay": 3.0, "track": 3.0})
    """Uniform random play, shaped a little like a table's: most figures stay or skate a few sectors, most combat
    sweeps end quietly, penalties and the gutter are rare."""
    version = 2
    """2: one flow for every match (the shorter table flow of version 1's ``fewer_keys``); the older flow's
    journals are upgraded (refbox.games.rulerball.upgrade)."""

    def new_setup(self) -> dict:
        return Setup().model_dump(mode="json")

    def team_names(self, setup: Setup) -> tuple[str, str]:
        return setup.teams[0].name, setup.teams[1].name

    def colours(self, setup: Setup) -> tuple[str, str]:
        return setup.teams[0].colour, setup.teams[1].colour

    def start(self, setup: Setup) -> State:
        data = self.data
        figures: list[Figure] = []
        for team, roster in enumerate(setup.teams):
            _check_make_up(roster, data)
            numbers: dict[str, int] = {}
            for fs in roster.figures:
                if fs.start_sector > data.track.sectors:
                    raise InvalidInput(f"{roster.name} {fs.name}: start sector {fs.start_sector} is past the "
                                       f"track's {data.track.sectors} sectors.")
                numbers[fs.role] = numbers.get(fs.role, 0) + 1
                defaults = data.figures.get(fs.role)
                stats = {s: v for s in STATS if (v := getattr(fs, s) if getattr(fs, s) is not None
                                                 else getattr(defaults, s, None)) is not None}
                figures.append(Figure(id=f"{team}-{fs.role}-{numbers[fs.role]}", team=team, role=fs.role,
                                      name=fs.name, stats=stats, start_sector=fs.start_sector,
                                      sector=fs.start_sector))
        return State(teams=(setup.teams[0].name, setup.teams[1].name),
                     colours=(setup.teams[0].colour, setup.teams[1].colour), figures=figures)

    def phase(self, state: State) -> str:
        return phase_id(state)

    def view(self, state: State) -> View:
        return build_view(state, self.data)

    def outcome(self, state: State) -> tuple[int, int]:
        return state.score[0], state.score[1]

    @classmethod
    def upgrade_setup(cls, version: int, setup: dict, data: dict) -> tuple[dict, dict]:
        """Version 1's setup chose its flow (``fewer_keys``); there is one flow now."""
        setup = dict(setup)
        setup.pop("fewer_keys", None)
        return setup, data

    def upgrade_events(self, version: int, setup: Setup, events: list[Event]) -> list[Event]:
        return old_flow_events(self, setup, events)


def _check_make_up(roster: TeamSetup, data: Data) -> None:
    for role in ROLES:
        have = sum(1 for f in roster.figures if f.role == role)
        if have != data.team.count(role):
            raise InvalidInput(f"{roster.name} has {have} {role}(s); a team fields {data.team.biker} bikers, "
                               f"{data.team.catcher} catchers and {data.team.skater} skaters.")
