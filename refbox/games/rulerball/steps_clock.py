"""Step 1 of a game turn: the clock and the timer track, and figures coming back from it."""

from __future__ import annotations

from refbox.engine.prompts import Choose, Confirm, Event, Legal, Number, Option, Refusal
from refbox.games.rulerball.data import Data
from refbox.games.rulerball.keys import QUIET_KEY, figure_key
from refbox.games.rulerball.models import TIMED, Pending, State
from refbox.games.rulerball.steps import STEPS

TRACK_NAMES = {"penalty": "Penalty Box", "shaken": "Shaken", "rest": "Rest"}
CONFIRM = Legal("confirm")


def clock_words(minutes: int) -> str:
    return f"{minutes:02d}:00"


# ---- the clock: asked when a period starts; every other turn starts as the one before ends ----


@STEPS.legal_for("clock", phase="clock")
def clock_legal(state: State, data: Data) -> Legal:
    return CONFIRM


@STEPS.prompt_for("clock")
def clock_prompt(state: State, data: Data, legal: Legal) -> Confirm:
    if state.restart == "match":
        return Confirm(text="Start period 1: the clock reads 00:00.")
    return Confirm(text=f"Start period {state.period}: move every figure on the Penalty Box / Shaken / Rest track "
                        "one minute towards 0:00.")


@STEPS.apply_for("clock")
def clock_apply(state: State, data: Data, event: Event) -> None:
    advance_clock(state)


def advance_clock(state: State) -> None:
    """Start the turn: the clock moves on (or the period starts), the timers tick. Between the turns of a period
    this happens as the previous turn ends, without a question; the log line tells the table to move the timer
    figures."""
    restart = state.restart
    if restart == "none":
        state.clock += 1
    state.turn += 1
    state.restart = "none"
    state.clock_stopped = False
    timed = []
    for f in state.figures:
        f.moves = f.fights = 0
        if f.timer > 0:
            timed.append(f)
    what = {"match": "Period 1 starts", "period": f"Period {state.period} starts"}.get(restart, "Clock advanced")
    state.note(state.stamp("Clock"), f"{what}: {clock_words(state.clock)}.")
    if restart != "match":
        for f in timed:
            if f.place in TIMED:
                f.timer -= 1
                if f.timer == 0:
                    state.note(state.stamp("Clock"), f"{state.label_of(f)} reaches 0:00 and may return.", f.team)
    state.step = "release"


# ---- figures at 0:00 come back ----


def due_back(state: State) -> list:
    return [f for f in state.figures if f.timer == 0 and f.place in TIMED]


def to_the_ball(state: State) -> None:
    """On to step 2: the ball travels (asked where it stops), unless someone holds it."""
    state.step = "initiative" if state.ball.where == "held" else "ball_stop"


@STEPS.skip_for("release")
def release_skip(state: State, data: Data) -> bool:
    for f in state.figures:
        if f.timer == 0 and f.place in TIMED:
            return False
    to_the_ball(state)
    return True


@STEPS.legal_for("release", phase="clock")
def release_legal(state: State, data: Data) -> Legal:
    return Legal("choose", None, ("none", *[f.id for f in due_back(state)]))


@STEPS.prompt_for("release")
def release_prompt(state: State, data: Data, legal: Legal) -> Choose:
    options = [Option(id="none", label="No one else returns now", hint="they wait at 0:00", key=QUIET_KEY)]
    for figure_id in legal.ids[1:]:
        f = state.fig(figure_id)
        options.append(Option(id=f.id, label=f"Return {state.label_of(f)}", hint=f"{TRACK_NAMES[f.place]} 0:00",
                              actor=f.team, key=figure_key(state, f)))
    refused = tuple(
        Refusal(id=f.id, label=state.label_of(f),
                reason=f"{f.timer} minute{'s' if f.timer != 1 else ''} still to run in the {TRACK_NAMES[f.place]}")
        for f in state.figures if f.timed and f.timer > 0
    )
    return Choose(text="Timers at 0:00: who returns to the track this turn?", options=tuple(options), refused=refused)


@STEPS.apply_for("release")
def release_apply(state: State, data: Data, event: Event) -> None:
    if event.value == "none":
        to_the_ball(state)
        return
    state.pending = Pending(figure=str(event.value))
    state.step = "release_sector"


@STEPS.legal_for("release_sector", phase="clock")
def release_sector_legal(state: State, data: Data) -> Legal:
    return Legal("number", state.fig(state.pending.figure or "").team, min=1, max=data.track.sectors)


@STEPS.prompt_for("release_sector")
def release_sector_prompt(state: State, data: Data, legal: Legal) -> Number:
    return Number(actor=legal.actor, text=f"Which sector does {state.label(state.pending.figure or '')} return to?",
                  min=legal.min, max=legal.max, unit="sector")  # type: ignore[arg-type]


@STEPS.apply_for("release_sector")
def release_sector_apply(state: State, data: Data, event: Event) -> None:
    f = state.fig(state.pending.figure or "")
    f.place, f.sector, f.timer = "track", int(event.value), 0  # type: ignore[arg-type]
    state.note(state.stamp("Clock"), f"{state.label_of(f)} returns to the track in sector {f.sector}.", f.team)
    state.pending = Pending()
    state.step = "release"
