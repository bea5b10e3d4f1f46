"""What happens to a figure that lost a fight, was hit by the ball or was penalised, and to its ball.

The injury chapter is missing: the user's injury table (``[[injuries]]``) lists the results, else the
table picks a timer track. A figure sent off the track while carrying the ball loses it.
"""

from __future__ import annotations

from refbox.engine.prompts import Choose, Event, Number, Option
from refbox.games.rulerball import ballplay, flow
from refbox.games.rulerball.checks import check_prompt, check_result
from refbox.games.rulerball.data import Data
from refbox.games.rulerball.models import Figure, Pending, State
from refbox.games.rulerball.steps import step

GENERIC_RESULTS = {
    "none": "Unhurt: stays in play",
    "shaken": "To the Shaken track",
    "rest": "To the Rest track",
    "out": "Out of the game",
}
RESUME_STEP = {"combat": "combat_pick", "penalty": "penalty", "move": "move_pick"}


def begin(state: State, data: Data, victim: str, winner: str | None, resume: str) -> None:
    """Start the harm procedure; ``resume`` says where the turn goes on afterwards."""
    keep = state.pending if resume == "ball" else Pending()  # the ball's path goes on afterwards
    state.pending = Pending(
        figure=victim, winner=winner, other=resume, queue=keep.queue, ball_from=keep.ball_from, ball_end=keep.ball_end,
        passed=keep.passed, reached=keep.reached,
    )
    state.step = "injury_roll" if data.rolls.injury else "injury"


def send_off(state: State, f: Figure, track: str, minutes: int | None, stamp: str) -> None:
    """Move a figure to a timer track (or out) and, if it carried the ball, ask what became of it."""
    if track == "out":
        f.place, f.sector, f.timer = "out", None, 0
        state.note(state.stamp(stamp), f"{state.label(f.id)} is out of the game.", f.team)
    else:
        f.place, f.sector, f.timer = track, None, minutes or 0  # type: ignore[assignment]
        state.note(state.stamp(stamp), f"{state.label(f.id)} goes to the {track} track for {minutes} min.", f.team)


def after_harm(state: State, data: Data) -> None:
    """Ask about the ball if the figure had it, else go back to where the turn was."""
    if state.ball.carrier == state.pending.figure:
        state.step = "ball_loss"
    else:
        resume(state, data)


def resume(state: State, data: Data) -> None:
    where = state.pending.other or "combat"
    if where == "ball":
        p = state.pending
        state.pending = Pending(queue=p.queue, ball_from=p.ball_from, ball_end=p.ball_end, passed=p.passed,
                                reached=p.reached)
        ballplay.next_in_path(state)
        return
    state.pending = Pending()
    state.step = flow.move_step(state) if where == "move" else flow.combat_step(state) if where == "combat" \
        else RESUME_STEP[where]


@step("injury_roll", "harm")
def injury_roll_prompt(state: State, data: Data):
    f = state.fig(state.pending.figure or "")
    return check_prompt(
        data.rolls.injury, f, None, actor=f.team, text=f"Injury check for {state.label(f.id)}.",
        purpose="injury", success="Unhurt", failure="Injured", who=state.label(f.id),
    )


@injury_roll_prompt.answer
def injury_roll_apply(state: State, data: Data, event: Event) -> None:
    f = state.fig(state.pending.figure or "")
    ok, how = check_result(data.rolls.injury, f, None, event)
    state.note(state.stamp("Injury"), f"{state.label(f.id)} {'is unhurt' if ok else 'is injured'} ({how}).", f.team)
    if ok:
        after_harm(state, data)
    else:
        state.step = "injury"


def _results(data: Data, after_roll: bool) -> list[Option]:
    if data.injuries:
        return [Option(id=str(i), label=inj.name, hint=_hint(inj.track, inj.minutes)) for i, inj in enumerate(data.injuries)]
    return [Option(id=k, label=v) for k, v in GENERIC_RESULTS.items() if not (after_roll and k == "none")]


def _hint(track: str, minutes: int | None) -> str:
    if track in ("none", "out"):
        return GENERIC_RESULTS[track]
    return f"{track} track, {minutes} min" if minutes else f"{track} track"


@step("injury", "harm")
def injury_prompt(state: State, data: Data) -> Choose:
    f = state.fig(state.pending.figure or "")
    return Choose(
        actor=f.team,
        text=f"What happens to {state.label(f.id)}?",
        options=tuple(_results(data, after_roll=data.rolls.injury is not None)),
    )


@injury_prompt.answer
def injury_apply(state: State, data: Data, event: Event) -> None:
    f = state.fig(state.pending.figure or "")
    if data.injuries:
        injury = data.injuries[int(str(event.value))]
        track, minutes = injury.track, injury.minutes
        state.note(state.stamp("Injury"), f"{state.label(f.id)}: {injury.name}.", f.team)
    else:
        track, minutes = str(event.value), None
    if track == "none":
        after_harm(state, data)
    elif track == "out" or minutes is not None:
        send_off(state, f, track, minutes, "Injury")
        after_harm(state, data)
    else:
        state.pending.injury_track = track  # type: ignore[assignment]
        state.step = "injury_minutes"


@step("injury_minutes", "harm")
def injury_minutes_prompt(state: State, data: Data) -> Number:
    f = state.fig(state.pending.figure or "")
    track = state.pending.injury_track
    return Number(actor=f.team, text=f"How many minutes does {state.label(f.id)} spend on the {track} track?",
                  min=1, max=data.game_minutes, unit="min")


@injury_minutes_prompt.answer
def injury_minutes_apply(state: State, data: Data, event: Event) -> None:
    f = state.fig(state.pending.figure or "")
    send_off(state, f, state.pending.injury_track or "rest", int(event.value), "Injury")  # type: ignore[arg-type]
    after_harm(state, data)


def _thief(state: State) -> Figure | None:
    """A combat winner may steal the ball only if he is an opposing skater still on the track."""
    w = state.fig(state.pending.winner) if state.pending.winner else None
    loser = state.fig(state.pending.figure or "")
    if w and w.role == "skater" and w.on_track and w.team != loser.team:
        return w
    return None


@step("ball_loss", "harm")
def ball_loss_prompt(state: State, data: Data) -> Choose:
    f = state.fig(state.pending.figure or "")
    sector = state.ball.sector
    options = []
    if f.on_track:
        options.append(Option(id="keep", label=f"{f.name} keeps the ball", actor=f.team))
    thief = _thief(state)
    if thief:
        options.append(Option(id="steal", label=f"Stolen by {state.label(thief.id)}", actor=thief.team))
    options += [
        Option(id="loose", label=f"Dropped on the track: loose in sector {sector}"),
        Option(id="dead", label="Dropped inside the white line: dead ball"),
    ]
    return Choose(text=f"{state.label(f.id)} had the ball: what became of it?", options=tuple(options))


@ball_loss_prompt.answer
def ball_loss_apply(state: State, data: Data, event: Event) -> None:
    f = state.fig(state.pending.figure or "")
    sector = state.ball.sector or 1
    if event.value == "steal":
        thief = _thief(state)
        assert thief is not None  # only offered when there is one
        ballplay.steal(state, thief)
    elif event.value == "loose":
        ballplay.lose_ball(state, sector, f"{state.label(f.id)} drops the ball")
    elif event.value == "dead":
        ballplay.dead_ball(state, f"{state.label(f.id)} dropped it inside the white line")
    else:
        state.note(state.stamp("Ball"), f"{state.label(f.id)} keeps the ball.", f.team)
    resume(state, data)
