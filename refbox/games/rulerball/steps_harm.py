"""What happens to a figure that lost a fight, was hit by the ball or was penalised, and to its ball.

The injury chapter is missing: the user's injury table (``[[injuries]]``) lists the results, else the
table picks a timer track. A figure sent off the track while carrying the ball loses it.
"""

from __future__ import annotations

from refbox.engine.prompts import Choose, Event, Legal, Number, Option
from refbox.games.rulerball import ballplay
from refbox.games.rulerball.checks import check_legal, check_prompt, check_result
from refbox.games.rulerball.data import Data
from refbox.games.rulerball.models import Figure, Pending, State
from refbox.games.rulerball.steps import HARM, STEPS

GENERIC_RESULTS = {
    "none": "Unhurt: stays in play",
    "shaken": "To the Shaken track",
    "rest": "To the Rest track",
    "out": "Out of the game",
}
RESUME_STEP = {"combat": "combat_walk", "penalty": "penalty", "move": "move_walk"}
"""Where the turn goes on after the harm, by what it interrupted (``Pending.other``; the ball's path apart)."""


def begin(state: State, data: Data, victim: str, winner: str | None, resume: str) -> None:
    """Start the harm procedure; ``resume`` says where the turn goes on afterwards."""
    keep = state.pending if resume == "ball" else Pending()  # the ball's path goes on afterwards
    state.pending = Pending(figure=victim, winner=winner, other=resume, ball_from=keep.ball_from,
                            ball_end=keep.ball_end, passed=keep.passed, reached=keep.reached)
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
        state.pending = Pending(ball_from=p.ball_from, ball_end=p.ball_end, passed=p.passed, reached=p.reached)
        ballplay.next_in_path(state)
        return
    state.pending = Pending()
    state.step = RESUME_STEP[where]


@STEPS.legal_for("injury_roll", phase=HARM)
def injury_roll_legal(state: State, data: Data) -> Legal:
    f = state.fig(state.pending.figure or "")
    return check_legal(data.rolls.injury, f, None, f.team)


@STEPS.prompt_for("injury_roll")
def injury_roll_prompt(state: State, data: Data, legal: Legal):
    f = state.fig(state.pending.figure or "")
    who = state.label_of(f)
    return check_prompt(legal, data.rolls.injury, f, None, text=f"Injury check for {who}.", purpose="injury",
                        success="Unhurt", failure="Injured", who=who)


@STEPS.apply_for("injury_roll")
def injury_roll_apply(state: State, data: Data, event: Event) -> None:
    f = state.fig(state.pending.figure or "")
    ok, how = check_result(data.rolls.injury, f, None, event)
    state.note(state.stamp("Injury"), f"{state.label_of(f)} {'is unhurt' if ok else 'is injured'} ({how}).", f.team)
    if ok:
        after_harm(state, data)
    else:
        state.step = "injury"


def _hint(track: str, minutes: int | None) -> str:
    if track in ("none", "out"):
        return GENERIC_RESULTS[track]
    return f"{track} track, {minutes} min" if minutes else f"{track} track"


@STEPS.legal_for("injury", phase=HARM)
def injury_legal(state: State, data: Data) -> Legal:
    """The user's injury table (by its index), else the generic results ("unhurt" only where no roll said so)."""
    if data.injuries:
        ids = tuple(str(i) for i in range(len(data.injuries)))
    else:
        ids = tuple(k for k in GENERIC_RESULTS if not (data.rolls.injury is not None and k == "none"))
    return Legal("choose", state.fig(state.pending.figure or "").team, ids)


@STEPS.prompt_for("injury")
def injury_prompt(state: State, data: Data, legal: Legal) -> Choose:
    if data.injuries:
        options = [Option(id=i, label=data.injuries[int(i)].name,
                          hint=_hint(data.injuries[int(i)].track, data.injuries[int(i)].minutes)) for i in legal.ids]
    else:
        options = [Option(id=i, label=GENERIC_RESULTS[i]) for i in legal.ids]
    return Choose(actor=legal.actor, text=f"What happens to {state.label(state.pending.figure or '')}?",
                  options=tuple(options))


@STEPS.apply_for("injury")
def injury_apply(state: State, data: Data, event: Event) -> None:
    f = state.fig(state.pending.figure or "")
    if data.injuries:
        injury = data.injuries[int(str(event.value))]
        track, minutes = injury.track, injury.minutes
        state.note(state.stamp("Injury"), f"{state.label_of(f)}: {injury.name}.", f.team)
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


@STEPS.legal_for("injury_minutes", phase=HARM)
def injury_minutes_legal(state: State, data: Data) -> Legal:
    return Legal("number", state.fig(state.pending.figure or "").team, min=1, max=data.game_minutes)


@STEPS.prompt_for("injury_minutes")
def injury_minutes_prompt(state: State, data: Data, legal: Legal) -> Number:
    who, track = state.label(state.pending.figure or ""), state.pending.injury_track
    return Number(actor=legal.actor, text=f"How many minutes does {who} spend on the {track} track?",
                  min=legal.min, max=legal.max, unit="min")  # type: ignore[arg-type]


@STEPS.apply_for("injury_minutes")
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


@STEPS.legal_for("ball_loss", phase=HARM)
def ball_loss_legal(state: State, data: Data) -> Legal:
    keep = ("keep",) if state.fig(state.pending.figure or "").on_track else ()
    steal = ("steal",) if _thief(state) else ()
    return Legal("choose", None, (*keep, *steal, "loose", "dead"))


@STEPS.prompt_for("ball_loss")
def ball_loss_prompt(state: State, data: Data, legal: Legal) -> Choose:
    f = state.fig(state.pending.figure or "")
    options = []
    for answer in legal.ids:
        if answer == "keep":
            options.append(Option(id="keep", label=f"{f.name} keeps the ball", actor=f.team))
        elif answer == "steal":
            thief = _thief(state)
            assert thief is not None
            options.append(Option(id="steal", label=f"Stolen by {state.label_of(thief)}", actor=thief.team))
        elif answer == "loose":
            options.append(Option(id="loose", label=f"Dropped on the track: loose in sector {state.ball.sector}"))
        else:
            options.append(Option(id="dead", label="Dropped inside the white line: dead ball"))
    return Choose(text=f"{state.label_of(f)} had the ball: what became of it?", options=tuple(options))


@STEPS.apply_for("ball_loss")
def ball_loss_apply(state: State, data: Data, event: Event) -> None:
    f = state.fig(state.pending.figure or "")
    sector = state.ball.sector or 1
    if event.value == "steal":
        thief = _thief(state)
        assert thief is not None  # only offered when there is one
        ballplay.steal(state, thief)
    elif event.value == "loose":
        ballplay.lose_ball(state, sector, f"{state.label_of(f)} drops the ball")
    elif event.value == "dead":
        ballplay.dead_ball(state, f"{state.label_of(f)} dropped it inside the white line")
    else:
        state.note(state.stamp("Ball"), f"{state.label_of(f)} keeps the ball.", f.team)
    resume(state, data)
