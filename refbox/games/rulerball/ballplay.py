"""The game ball's life: fired, loose, fielded, carried round, activated, stolen, dead."""

from __future__ import annotations

from refbox.games.rulerball.data import Data
from refbox.games.rulerball.models import Ball, Figure, State


def laps_since_activation(ball: Ball, sectors: int) -> int:
    return max(0, ball.progress - sectors) // sectors if ball.active else 0


def dead_ball(state: State, why: str) -> None:
    """The referee declares the ball dead: the next ball step fires a new one."""
    state.ball = Ball()
    state.offense = None
    state.note(state.stamp("Ball"), f"Dead ball: {why}. The cannon will fire a new ball.")


def lose_ball(state: State, sector: int, why: str) -> None:
    """The ball is loose on the track again: only a catcher may field it."""
    state.ball = Ball(where="loose", sector=sector)
    state.note(state.stamp("Ball"), f"{why}: the ball is loose in sector {sector}.")


def field(state: State, catcher: Figure) -> None:
    """A catcher has the ball: his team must now carry it a full lap back to this sector."""
    state.ball = Ball(where="held", sector=catcher.sector, carrier=catcher.id, team=catcher.team, lap_start=catcher.sector)
    state.note(
        state.stamp("Ball"),
        f"{state.label(catcher.id)} fields the ball in sector {catcher.sector}: "
        f"a full lap back to sector {catcher.sector} activates it.",
        catcher.team,
    )


def steal(state: State, thief: Figure) -> None:
    """The activation lap starts over for the thief's team from the sector of the steal."""
    state.ball = Ball(where="held", sector=thief.sector, carrier=thief.id, team=thief.team, lap_start=thief.sector)
    state.note(
        state.stamp("Combat"),
        f"{state.label(thief.id)} steals the ball in sector {thief.sector}: "
        f"{state.teams[thief.team]} must lap back to it to take the offense.",
        thief.team,
    )


def carry(state: State, data: Data, carrier: Figure, sectors_gained: int) -> None:
    """The ball went ``sectors_gained`` sectors counterclockwise with its carrier (or a hand-off)."""
    ball = state.ball
    ball.sector = carrier.sector
    ball.progress += sectors_gained
    n = data.track.sectors
    if not ball.active and ball.progress >= n:
        ball.active = True
        ball.progress = n
        state.offense = carrier.team
        state.note(
            state.stamp("Ball"),
            f"The ball is active: {state.teams[carrier.team]} are the offense, "
            f"{data.ball.laps_to_shoot} laps to take a shot.",
            carrier.team,
        )
    if ball.active and laps_since_activation(ball, n) >= data.ball.laps_to_shoot:
        dead_ball(state, f"{data.ball.laps_to_shoot} laps since activation without a shot")


def carrier(state: State) -> Figure | None:
    return state.fig(state.ball.carrier) if state.ball.carrier else None


def may_shoot(state: State, figure: Figure) -> bool:
    """Only a skater of the offense holding the active ball may attempt to score."""
    ball = state.ball
    return (
        figure.role == "skater"
        and ball.carrier == figure.id
        and ball.active
        and state.offense == figure.team
        and ball.shooter is None
    )


def next_in_path(state: State) -> None:
    """The ball rolls on: the table says whom it reaches next (a catcher may field it, anyone else must avoid it)."""
    state.pending.figure = None
    state.step = "ball_path"
