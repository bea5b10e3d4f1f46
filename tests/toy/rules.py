"""Toy Race: a sixth ruleset written against the contract alone (refbox.engine.contract), for the tests.

Two sides take turns on a track: walk one square, or run (roll a die, move that far). A side one square from
the finish can only walk (a forced answer: the engine takes it without asking). The first past the end wins.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from refbox.engine.contract import Rules
from refbox.engine.prompts import Choose, DieSpec, GameOver, Legal, Option, Roll
from refbox.engine.ruleset import RulesetData, Strict
from refbox.engine.state import GameState, PhaseRow, Stat, View
from refbox.engine.steps import Steps

DATA_FILE = Path(__file__).with_name("toy.toml")


class Track(Strict):
    length: int = Field(ge=2, le=100)
    die: int = Field(ge=2, le=20)


class Data(RulesetData):
    track: Track


class Setup(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    names: tuple[str, str] = ("Hares", "Tortoises")


@dataclass(slots=True, kw_only=True)
class State(GameState):
    names: tuple[str, str]
    step: str = "choose"
    side: int = 0
    pos: list[int] = field(default_factory=lambda: [0, 0])
    winner: int | None = None


STEPS = Steps("toy-race")


@STEPS.legal_for("choose", phase="race", forcible=True)
def choose_legal(s: State, data: Data) -> Legal:
    last = s.pos[s.side] == data.track.length - 1
    return Legal("choose", s.side, ("walk",) if last else ("walk", "run"))


@STEPS.prompt_for("choose")
def choose_prompt(s: State, data: Data, legal: Legal) -> Choose:
    labels = {"walk": "walk one square", "run": f"run: roll a d{data.track.die}"}
    return Choose(s.side, f"{s.names[s.side]} at {s.pos[s.side]}: walk or run?",
                  tuple(Option(i, labels[i]) for i in legal.ids))


@STEPS.apply_for("choose")
def choose_apply(s: State, data: Data, event) -> None:
    if event.value == "run":
        s.step = "run"
    else:
        _move(s, data, 1)


@STEPS.forced_for("choose")
def choose_forced(s: State, data: Data, event) -> None:
    s.note("race", f"{s.names[s.side]} can only walk (not asked).", s.side)


@STEPS.legal_for("run", phase="race")
def run_legal(s: State, data: Data) -> Legal:
    return Legal("roll", s.side, sides=(data.track.die,))


@STEPS.prompt_for("run")
def run_prompt(s: State, data: Data, legal: Legal) -> Roll:
    return Roll(s.side, f"{s.names[s.side]} runs", "run", tuple(DieSpec(n) for n in legal.sides))


@STEPS.apply_for("run")
def run_apply(s: State, data: Data, event) -> None:
    s.record("squares run", s.side, None, event.value[0])
    _move(s, data, event.value[0])


@STEPS.legal_for("over", phase="over")
def over_legal(s: State, data: Data) -> Legal:
    return Legal("over", s.winner)


@STEPS.prompt_for("over")
def over_prompt(s: State, data: Data, legal: Legal) -> GameOver:
    return GameOver(s.winner, f"{s.names[s.winner]} win.")


@STEPS.apply_for("over")
def over_apply(s: State, data: Data, event) -> None:
    raise AssertionError("the race is over: the engine never asks")


STEPS.check()


def _move(s: State, data: Data, squares: int) -> None:
    s.pos[s.side] += squares
    s.note("race", f"{s.names[s.side]} moves {squares} to {s.pos[s.side]}.", s.side)
    if s.pos[s.side] >= data.track.length:
        s.winner, s.step = s.side, "over"
    else:
        s.side, s.step = 1 - s.side, "choose"


class ToyRace(Rules):
    name = "toy-race"
    Data, Setup, State = Data, Setup, State
    steps = STEPS
    statistics = ("squares run",)

    def team_names(self, setup: Setup) -> tuple[str, str]:
        return setup.names

    def colours(self, setup: Setup) -> tuple[str, str]:
        return "red", "blue"

    def start(self, setup: Setup) -> State:
        return State(names=setup.names)

    def view(self, s: State) -> View:
        phase = self.phase(s)
        rows = [PhaseRow(p.name, "current" if p.id == phase else "todo") for p in self.data.phases]
        return View(f"{s.names[0]} {s.pos[0]} : {s.pos[1]} {s.names[1]}", "", rows, phase,
                    [Stat("Track", str(self.data.track.length))], [])

    def outcome(self, s: State) -> tuple[int, int]:
        return (1, 0) if s.winner == 0 else (0, 1) if s.winner == 1 else (0, 0)
