"""Step 6 of a game turn: the scoring attempt, the end of the turn, the reset to starting positions, the final
whistle."""

from __future__ import annotations

from refbox.engine.prompts import Choose, Confirm, Event, GameOver, Legal, Option
from refbox.games.rulerball import ballplay
from refbox.games.rulerball.checks import check_legal, check_prompt, check_result
from refbox.games.rulerball.data import Data
from refbox.games.rulerball.models import Ball, State
from refbox.games.rulerball.steps import STEPS
from refbox.games.rulerball.steps_clock import CONFIRM, advance_clock, clock_words


@STEPS.skip_for("score")
def score_skip(state: State, data: Data) -> bool:
    """No attempt declared, or the skater who declared it lost the ball since (ruling attempt-lost)."""
    shooter = state.ball.shooter
    if shooter is not None and state.ball.carrier == shooter:
        return False
    if shooter is not None:
        state.ball.shooter = None
    end_turn(state, data)
    return True


@STEPS.legal_for("score", phase="score")
def score_legal(state: State, data: Data) -> Legal:
    f = state.fig(state.ball.shooter or "")
    return check_legal(data.rolls.shot, f, None, f.team)


@STEPS.prompt_for("score")
def score_prompt(state: State, data: Data, legal: Legal):
    f = state.fig(state.ball.shooter or "")
    who = state.label_of(f)
    return check_prompt(legal, data.rolls.shot, f, None, text=f"{who} attempts to score.", purpose="scoring attempt",
                        success="Goal", failure="Missed", who=who)


@STEPS.apply_for("score")
def score_apply(state: State, data: Data, event: Event) -> None:
    f = state.fig(state.ball.shooter or "")
    ok, how = check_result(data.rolls.shot, f, None, event)
    if not ok:
        state.note(state.stamp("Score"), f"{state.label_of(f)} misses ({how}).", f.team)
        state.step = "shot_miss"
        return
    points = data.ball.goal_value
    state.score[f.team] += points
    state.record("goals", f.team, f.name)
    if points != 1:
        state.record("points", f.team, f.name, points)
    worth = f" for {points} points" if points != 1 else ""
    state.note(state.stamp("Score"), f"GOAL! {state.label_of(f)} scores{worth} ({how}). "
               f"{state.teams[0]} {state.score[0]} : {state.score[1]} {state.teams[1]}. Clock stopped.", f.team)
    state.ball = Ball()
    state.offense = None
    state.clock_stopped = state.reset_due = True
    end_turn(state, data)


@STEPS.legal_for("shot_miss", phase="score")
def shot_miss_legal(state: State, data: Data) -> Legal:
    return Legal("choose", None, ("dead", "loose"))


@STEPS.prompt_for("shot_miss")
def shot_miss_prompt(state: State, data: Data, legal: Legal) -> Choose:
    return Choose(
        text="The attempt failed: where did the ball go?",
        options=(
            Option(id="dead", label="Into the gutter: dead ball (clock stops, reset)"),
            Option(id="loose", label=f"Still on the track: loose in sector {state.ball.sector}"),
        ),
    )


@STEPS.apply_for("shot_miss")
def shot_miss_apply(state: State, data: Data, event: Event) -> None:
    if event.value == "dead":
        ballplay.dead_ball(state, "the failed attempt rolled into the gutter (clock stopped)")
        state.clock_stopped = state.reset_due = True
    else:
        ballplay.lose_ball(state, state.ball.sector or 1, "The attempt failed")
        state.offense = None
    end_turn(state, data)


def end_turn(state: State, data: Data) -> None:
    """After step 6: the period may end; a goal, a dead attempt or a period end clears the board. Otherwise the
    next turn starts at once: the clock advances without a question (the log tells the table to move the timers)."""
    period_end = state.period * data.clock.period_minutes
    if state.clock + 1 >= period_end:
        state.clock = period_end
        state.period_over = True
        state.note(state.stamp("Score"), f"End of period {state.period} at {clock_words(state.clock)}.")
    if state.reset_due or state.period_over:
        state.step = "reset"
    else:
        advance_clock(state)


@STEPS.legal_for("reset", phase="score")
def reset_legal(state: State, data: Data) -> Legal:
    return CONFIRM


@STEPS.prompt_for("reset")
def reset_prompt(state: State, data: Data, legal: Legal) -> Confirm:
    why = "the period is over" if state.period_over else "the clock is stopped"
    return Confirm(text=f"Clear the board ({why}): set every figure on the track in its starting position.")


@STEPS.apply_for("reset")
def reset_apply(state: State, data: Data, event: Event) -> None:
    for f in state.figures:
        if f.place == "track":
            f.sector = f.start_sector
    state.ball = Ball()
    state.offense = None
    state.reset_due = False
    state.note(state.stamp("Score"), "Figures back in their starting positions; a new ball will be fired.")
    if not state.period_over:
        advance_clock(state)
        return
    state.period_over = False
    if state.period >= data.clock.periods:
        state.over = True
        state.step = "over"
        a, b = state.score
        state.note(state.stamp("Final"), f"Final score: {state.teams[0]} {a} : {b} {state.teams[1]}.")
        return
    state.period += 1
    state.restart = "period"
    state.step = "clock"


@STEPS.legal_for("over", phase="score")
def over_legal(state: State, data: Data) -> Legal:
    return Legal("over")


@STEPS.prompt_for("over")
def over_prompt(state: State, data: Data, legal: Legal) -> GameOver:
    a, b = state.score
    result = "a draw" if a == b else f"{state.teams[0 if a > b else 1]} win"
    return GameOver(text=f"Full time, {clock_words(state.clock)}: {state.teams[0]} {a} : {b} {state.teams[1]}, {result}.")


@STEPS.apply_for("over")
def over_apply(state: State, data: Data, event: Event) -> None:
    raise AssertionError("the Match refuses every answer once the game is over")
