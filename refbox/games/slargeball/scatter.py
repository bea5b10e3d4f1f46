"""A ball that scatters (a missed fling, a coach's throw at random, a ball bouncing off a bonked cluster):
the dice, their odds, and where the table says it came down. The fling and nab steps ask these questions."""

from __future__ import annotations

from functools import lru_cache

from refbox.engine.dice import pool
from refbox.engine.geometry.inch_flight import attack_direction, scatter_face
from refbox.engine.prompts import Choose, DieSpec, Event, Legal, Option, Outcome, Roll
from refbox.games.slargeball import flow
from refbox.games.slargeball.common import log, score, team_name
from refbox.games.slargeball.data import Data
from refbox.games.slargeball.field import cell_id, geometry, place_ball
from refbox.games.slargeball.models import State

LANDINGS = ("field", "bunker0", "bunker1", "off")


def scatter_dice(state: State, data: Data) -> int:
    """How many distance dice: a coach's throw and a bounce have their own, a missed fling its margin."""
    action = state.ask.action
    if action == "coach":
        return data.game.coach_random_fling_dice
    if action == "bonk":
        return data.game.bonk_scatter_dice
    return state.ask.face


def scatter_legal(state: State, data: Data) -> Legal:
    return Legal("roll", None, sides=(data.game.die,) * (1 + scatter_dice(state, data)))


def scatter_prompt(state: State, data: Data, legal: Legal) -> Roll:
    n, sides = len(legal.sides) - 1, data.game.die
    legend = "; ".join(f"{i} {d}" for i, d in enumerate(data.scatter.directions[:sides], start=1))
    dice = (DieSpec(sides=sides, label="direction (or an arrow die)", note=legend),) + tuple(
        DieSpec(sides=sides, label=f"distance die {i + 1}") for i in range(n))
    return Roll(text=f"Ball {state.ask.ball} scatters: a direction die and {n}d{sides} inches",
                purpose="scatter", dice=dice,
                success=f"each direction 1 in {sides}; the distance is the sum of the other dice",
                odds=scatter_odds(n, sides))


def scatter_odds(n: int, sides: int) -> tuple[Outcome, ...]:
    """The distance in four bands that do not overlap (they add up to 100 %), exact."""
    return tuple(Outcome(label=f"{lo}-{hi} inches" if lo != hi else f"{lo} inches", probability=p)
                 for lo, hi, p in _distance_bands(n, sides))


@lru_cache(maxsize=64)  # by dice count and sides: icepool's exact sum takes milliseconds, shown on every scatter
def _distance_bands(n: int, sides: int) -> tuple[tuple[int, int, float], ...]:
    total = pool(sides, n)
    lo, hi = n, n * sides
    width = max(1, -(-(hi - lo + 1) // 4))
    bands = []
    for start in range(lo, hi + 1, width):
        end = min(hi, start + width - 1)
        p = float(total.probability(">=", start)) - float(total.probability(">", end))
        bands.append((start, end, p))
    return tuple(bands)


def scattered(state: State, data: Data, event: Event) -> None:
    """Log where the ball goes (the table measures it out)."""
    direction, distance = event.value[0], sum(event.value[1:])
    log(state, data, f"Ball {state.ask.ball} scatters {distance} inches, direction {direction} "
        f"({data.scatter.directions[direction - 1]})")


def landing_legal(state: State, data: Data) -> Legal:
    return Legal("choose", None, LANDINGS)


def landing_prompt(state: State, data: Data, on_field: str) -> Choose:
    a, b = state.teams
    return Choose(
        text=f"Where did ball {state.ask.ball} come down?",
        options=(
            Option(id="field", label=on_field, key="1"),
            Option(id="bunker0", label=f"In {a.name}'s goal bunker: {b.name} score", actor=1, key="2"),
            Option(id="bunker1", label=f"In {b.name}'s goal bunker: {a.name} score", actor=0, key="3"),
            Option(id="off", label="Off the field: out of play until Break Play", key="4"),
        ),
    )


def landed_away(state: State, data: Data, where: str) -> bool:
    """A ball that came down in a bunker (a goal: play breaks) or off the field (play breaks if it was the
    last ball in play); True when play broke."""
    ball = state.ball(state.ask.ball)
    if where.startswith("bunker"):
        scorer = 1 - int(where[-1])
        ball.put("out")
        state.scored_ball = ball.id
        score(state, data, scorer, f"ball {ball.id} scatters into {team_name(state, 1 - scorer)}'s bunker")
        ground_other_airballs(state, data)
        flow.break_play(state, data, f"goal for {team_name(state, scorer)}")
        return True
    if where == "off":
        ball.put("out")
        log(state, data, f"Ball {ball.id} is off the field: out of play until Break Play")
        if flow.all_balls_out(state):
            flow.break_play(state, data, "every ball is out of play")
            return True
    return False


def ground_other_airballs(state: State, data: Data) -> None:
    """Ruling goal-break-airballs: balls still in the air come down as groundballs."""
    for other in state.balls:
        if other.where == "air":
            other.where = "ground"
            if state.board and other.cell is not None:
                place_ball(state, data, other.id, other.cell)
            log(state, data, f"Ball {other.id} comes down as a groundball where it was aimed (play is broken)")


def attack_step(team: int) -> tuple[int, int]:
    """A coach's throw at random goes on from the way his team attacks (ruling scatter-landing)."""
    dx, dy = attack_direction(team)
    return int(dx), int(dy)


def scatter_on_field(state: State, data: Data, event: Event) -> str:
    """Where the scattered ball (its ``cell`` the aim, its ``heading`` straight on) comes down on the field: it
    is put there (in the air, or out) and the answer the table would give is returned: "field", "bunker0",
    "bunker1" or "off"."""
    ball = state.ball(state.ask.ball)
    F = geometry(data)
    direction, distance = event.value[0], sum(event.value[1:])
    heading = ball.heading or (1, 0)
    landing = scatter_face(F, ball.cell, heading, direction, distance)
    step = (landing.cell[0] - ball.cell[0], landing.cell[1] - ball.cell[1])
    if step != (0, 0):
        ball.heading = step
    if landing.kind in ("field", "zone"):
        ball.cell = landing.cell
        log(state, data, f"Ball {ball.id} comes down at {cell_id(landing.cell)}")
        return "field"
    ball.cell = None
    if landing.kind == "bunker":
        return f"bunker{landing.team}"
    return "off"
