"""Rülerball's rules module: the protocol of refbox.engine.protocol over the steps in this package."""

from __future__ import annotations

from refbox.engine.contract import Rules

from refbox.engine.errors import InvalidInput
from refbox.engine.prompts import Event, Legal, Prompt, legal_of
from refbox.engine.state import View
from refbox.games.rulerball import harm, scoring, sweep, turn  # noqa: F401  (they register their steps)
from refbox.games.rulerball.answers import FAST
from refbox.games.rulerball.data import ROLES, STATS, Data
from refbox.games.rulerball.models import Figure, Setup, State
from refbox.games.rulerball.steps import SETTLES_ITSELF, STEPS, settle
from refbox.games.rulerball.view import build_view

__all__ = ["Data", "Setup", "State", "start", "prompt", "legal", "apply", "view", "colours", "sim_setup",
           "RANDOM_WEIGHTS"]

RANDOM_WEIGHTS = {"all_stay": 0.1, "first": 0.3, "further": 0.3, "gutter": 0.5, "penalty": 0.3, "done": 3.0,
                  "stay": 3.0, "track": 3.0}
"""Uniform random play, shaped a little like a table's: most figures stay or skate a few sectors, most combat
sweeps end quietly, penalties and the gutter are rare."""


def sim_setup(data: Data) -> dict:
    """Headless play plays the flow new matches get."""
    return {"fewer_keys": True}


def start(setup: Setup, data: Data) -> State:
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
            figures.append(Figure(
                id=f"{team}-{fs.role}-{numbers[fs.role]}", team=team, role=fs.role, name=fs.name, stats=stats,
                start_sector=fs.start_sector, sector=fs.start_sector,
            ))
    return State(
        teams=(setup.teams[0].name, setup.teams[1].name),
        colours=(setup.teams[0].colour, setup.teams[1].colour),
        figures=figures,
        fewer_keys=setup.fewer_keys,
    )


def _check_make_up(roster, data: Data) -> None:
    for role in ROLES:
        have = sum(1 for f in roster.figures if f.role == role)
        if have != data.team.count(role):
            raise InvalidInput(f"{roster.name} has {have} {role}(s); a team fields {data.team.biker} bikers, "
                               f"{data.team.catcher} catchers and {data.team.skater} skaters.")


def prompt(state: State, data: Data) -> Prompt:
    return STEPS[state.step].prompt(state, data)  # apply always leaves the state settled


def legal(state: State, data: Data) -> Legal:
    """The legal answers: the busiest steps' straight from the state (answers.py), the others' from the prompt."""
    fast = FAST.get(state.step)
    return fast(state, data) if fast else legal_of(prompt(state, data))


def apply(state: State, data: Data, event: Event) -> None:
    if state.step in SETTLES_ITSELF:
        STEPS[state.step].apply(state, data, event)
        return
    settle(state, data)
    STEPS[state.step].apply(state, data, event)
    settle(state, data)


def view(state: State, data: Data) -> View:
    return build_view(state, data)


def colours(setup: Setup) -> tuple[str, str]:
    return setup.teams[0].colour, setup.teams[1].colour


class Rulerball(Rules):
    """Rülerball through the engine's contract (refbox.engine.contract)."""

    name = "rulerball"
    Data, Setup, State = Data, Setup, State
    statistics = ("goals", "points", "fights", "fights won", "penalties", "penalty minutes")
    random_weights = RANDOM_WEIGHTS

    def new_setup(self) -> dict:
        return {**Setup().model_dump(mode="json"), "fewer_keys": True}

    def headless_setup(self) -> dict:
        return sim_setup(self.data)

    def team_names(self, setup: Setup) -> tuple[str, str]:
        return setup.teams[0].name, setup.teams[1].name

    def colours(self, setup: Setup) -> tuple[str, str]:
        return colours(setup)

    def start(self, setup: Setup) -> State:
        return start(setup, self.data)

    def begin(self, setup: Setup) -> State:
        return start(setup, self.data)

    def legal(self, state: State) -> Legal:
        return legal(state, self.data)

    def prompt(self, state: State) -> Prompt:
        return prompt(state, self.data)

    def apply(self, state: State, event: Event) -> None:
        if state.happened:
            state.happened = []
        return apply(state, self.data, event)

    def phase(self, state: State) -> str:
        return view(state, self.data).phase_id

    def view(self, state: State) -> View:
        return view(state, self.data)

    def outcome(self, state: State) -> tuple[int, int]:
        return state.score[0], state.score[1]

