"""Ballmonsters! procedures: the engine protocol (start, prompt, apply, view, colours).

Each step of the turn has a prompt and an apply function, in shot.py, bite.py, boing.py and turn.py;
this module dispatches on ``state.step``.
"""

from __future__ import annotations

from refbox.engine.contract import Rules

from refbox.engine.clone import clone
from refbox.engine.errors import RuleError
from refbox.engine.prompts import Confirm, Event, GameOver, Legal, Prompt, legal_of
from refbox.engine.state import View
from refbox.games.ballmonsters import bite, boing, shot, turn
from refbox.games.ballmonsters.answers import FAST
from refbox.games.ballmonsters.data import Data
from refbox.games.ballmonsters.mechanics import note
from refbox.games.ballmonsters.models import Ball, BallSetup, Setup, State, TeamInfo, TeamSetup
from refbox.games.ballmonsters.view import build_view

__all__ = ["Data", "Setup", "State", "start", "prompt", "legal", "apply", "view", "colours", "fiddle_problems"]

TEAM_LETTERS = "AB"


def fiddle_problems(setup: Setup, data: Data) -> list[str]:
    """Everything wrong with the teams and their fiddle points, one message each (empty: all fine)."""
    problems = []
    for team in setup.teams:
        low, high = data.team.miniballs, data.most_miniballs
        if not low <= len(team.miniballs) <= high:
            need = f"{low}" if low == high else f"{low} to {high}"
            problems.append(f"{team.name} needs {need} miniballs, not {len(team.miniballs)}.")
        for ball, base in _with_base_strength(team, data):
            if ball.fiddle_points > data.fiddle.per_ball:
                problems.append(
                    f"{team.name} {ball.name} has {ball.fiddle_points} fiddle points: at most {data.fiddle.per_ball} per ball."  # fmt: skip
                )
            if base + ball.str_bonus > data.strength.max:
                problems.append(
                    f"{team.name} {ball.name} would start at STR {base + ball.str_bonus}: the most is {data.strength.max}."  # fmt: skip
                )
        if team.fiddle_points > data.fiddle.budget:
            problems.append(f"{team.name} spends {team.fiddle_points} fiddle points: the budget is {data.fiddle.budget}.")
    return problems


def _option(chosen: bool | None, ruleset: bool) -> bool:
    """A house rule chosen at setup, else the ruleset's (old matches chose nothing: the ruleset they embed)."""
    return ruleset if chosen is None else chosen


def _with_base_strength(team: TeamSetup, data: Data) -> list[tuple[BallSetup, int]]:
    return [(team.monsterball, data.team.monsterball_str)] + [(b, data.team.miniball_str) for b in team.miniballs]


_STARTED: dict[tuple[int, int], tuple[Setup, Data, State]] = {}
"""The first state of a match, per setup and ruleset (both frozen, kept here with it): a game this short spent
a twentieth of its time checking the teams and building the balls."""


def start(setup: Setup, data: Data) -> State:
    hit = _STARTED.get((id(setup), id(data)))
    if hit is not None and hit[0] is setup and hit[1] is data:
        return clone(hit[2])
    state = _start(setup, data)
    if len(_STARTED) > 32:
        _STARTED.clear()
    _STARTED[(id(setup), id(data))] = (setup, data, clone(state))
    return state


def _start(setup: Setup, data: Data) -> State:
    problems = fiddle_problems(setup, data)
    if problems:
        raise RuleError(" ".join(problems))
    balls = []
    for t, team in enumerate(setup.teams):
        for i, (ball, base) in enumerate(_with_base_strength(team, data)):
            balls.append(
                Ball(
                    id=f"{TEAM_LETTERS[t]}{i}",
                    team=t,
                    kind="monsterball" if i == 0 else "miniball",
                    name=ball.name,
                    strength=base + ball.str_bonus,
                    effect=ball.effect,
                )
            )
    state = State(
        teams=[TeamInfo(name=t.name, colour=t.colour) for t in setup.teams],
        balls=balls,
        first=setup.places_first,
        shooter=setup.places_first,
        deflated_count=_option(setup.deflated_miniballs_count, data.ending.deflated_miniballs_count),
        other_deflations_score=_option(setup.other_deflations_score, data.scoring.other_deflations_score),
    )
    note(state, f"{setup.teams[0].name} against {setup.teams[1].name}.")
    return state


STEPS = {**shot.STEPS, **bite.STEPS, **boing.STEPS, **turn.STEPS}


def placement_prompt(state: State) -> Confirm:
    first, second = state.teams[state.first].name, state.teams[1 - state.first].name
    return Confirm(
        actor=state.first,
        text=f"Placement: {first} sets a miniball on a centre-zone spot, then the teams alternate until every "
        f"miniball is down. {second} picks a monsterball spot, {first} takes the opposite one and shoots first.",
    )


def prompt(state: State, data: Data) -> Prompt:
    if state.step == "over":
        return GameOver(text=state.result)
    if state.step == "place":
        return placement_prompt(state)
    return STEPS[state.step][0](state, data)


def legal(state: State, data: Data) -> Legal:
    """The legal answers: the busiest steps' straight from the state (answers.py), the others' from the prompt."""
    fast = FAST.get(state.step)
    return fast(state, data) if fast else legal_of(prompt(state, data))


def apply(state: State, data: Data, event: Event) -> None:
    if state.step == "over":
        raise RuleError("The game is over.")
    if state.step == "place":
        state.turn = 1
        state.shooter = state.first
        note(state, f"Balls placed; {state.teams[state.first].name} takes the first shot.", state.first)
        turn.start_turn(state, data)
        return
    STEPS[state.step][1](state, data, event)


def view(state: State, data: Data) -> View:
    return build_view(state, data)


def colours(setup: Setup) -> tuple[str, str]:
    return setup.teams[0].colour, setup.teams[1].colour


DEFAULT_TEAMS = (
    ("Gobblers", "red", "Big Bertha", ("Pip", "Squib", "Nib", "Dot", "Fizz", "Blip", "Mote", "Jot")),
    ("Chompers", "blue", "Maw", ("Grub", "Tusk", "Snap", "Zit", "Lug", "Nub", "Wart", "Gob")),
)
"""Names the setup screen starts with: each team its own, so the log never names two balls alike."""


def default_setup(miniballs: int = 4, **changes) -> dict:
    """A legal setup as plain data (for tests and the setup screen's first draw)."""
    teams = []
    for name, colour, big, small in DEFAULT_TEAMS:
        teams.append(
            {
                "name": name,
                "colour": colour,
                "monsterball": {"name": big, "str_bonus": 1},
                "miniballs": [{"name": n} for n in small[:miniballs]],
            }
        )
    return {"teams": teams, "places_first": 0, **changes}


def sim_setup(data: Data) -> dict:
    """The setup headless play uses (refbox sim, benchmarks)."""
    return default_setup()


# ---- the match report's statistics (refbox.engine.report) ----


def tally(t, prompt: Prompt, event: Event, state: State, data: Data) -> None:
    """Count Ballmonsters' own statistics after one input, from the counters the state keeps: bites given and
    enemy balls deflated (per ball), deflations by fire or sickness (per team, when they score), miniballs into
    a portal (portal goals, per ball)."""
    prev = getattr(t, "_ballmonsters", None)
    if prev is None:
        prev = t._ballmonsters = {"balls": {}, "deflations": [0, 0]}
    for ball in state.balls:
        bites, deflated, portal = prev["balls"].get(ball.id, (0, 0, False))
        if ball.bites > bites:
            t.add(ball.team, ball.name, "bites", ball.bites - bites)
        if ball.deflated_enemies > deflated:
            t.add(ball.team, ball.name, "deflations", ball.deflated_enemies - deflated)
        if ball.gone == "portal" and not portal and ball.kind == "miniball":
            t.add(ball.team, ball.name, "portal goals")
        prev["balls"][ball.id] = (ball.bites, ball.deflated_enemies, ball.gone == "portal")
    by_balls = [sum(b.deflated_enemies for b in state.balls if b.team == team) for team in (0, 1)]
    for team in (0, 1):
        other = state.deflations[team] - by_balls[team]  # credited to the team: fire or sickness
        if other > prev["deflations"][team]:
            t.add(team, None, "deflations", other - prev["deflations"][team])
        prev["deflations"][team] = other


def outcome(state: State, data: Data) -> tuple[float, float]:
    """The two sides' points (the match report's score line)."""
    return state.scores[0], state.scores[1]


class Ballmonsters(Rules):
    """Ballmonsters! through the engine's contract (refbox.engine.contract)."""

    name = "ballmonsters"
    Data, Setup, State = Data, Setup, State
    statistics = ("bites", "deflations", "portal goals")

    def new_setup(self) -> dict:
        return default_setup()

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
        return apply(state, self.data, event)

    def phase(self, state: State) -> str:
        return view(state, self.data).phase_id

    def view(self, state: State) -> View:
        return view(state, self.data)

    def outcome(self, state: State) -> tuple[float, float]:
        return outcome(state, self.data)

    def tally(self, t, prompt: Prompt, event: Event, state: State) -> None:
        tally(t, prompt, event, state, self.data)
