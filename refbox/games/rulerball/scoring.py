"""Step 6: the scoring attempt, the end of the turn, the reset to starting positions, the final whistle."""

from __future__ import annotations

from refbox.engine.prompts import Choose, Confirm, Event, GameOver, Option
from refbox.games.rulerball import ballplay
from refbox.games.rulerball.checks import check_prompt, check_result
from refbox.games.rulerball.data import Data
from refbox.games.rulerball.models import State, new_ball
from refbox.games.rulerball.steps import step
from refbox.games.rulerball.turn import advance_clock, clock_words


def _no_shot(state: State, data: Data) -> bool:
    shooter = state.ball.shooter
    if shooter is not None and state.ball.carrier == shooter:
        return False
    if shooter is not None:
        state.ball.shooter = None  # lost the ball before the Score step: no attempt
    end_turn(state, data)
    return True


@step("score", "score", sub="attempt", skip=_no_shot)
def shot_prompt(state: State, data: Data):
    f = state.fig(state.ball.shooter or "")
    return check_prompt(
        data.rolls.shot, f, None, actor=f.team, text=f"{state.label(f.id)} attempts to score.",
        purpose="scoring attempt", success="Goal", failure="Missed", who=state.label(f.id),
    )


@shot_prompt.answer
def shot_apply(state: State, data: Data, event: Event) -> None:
    f = state.fig(state.ball.shooter or "")
    ok, how = check_result(data.rolls.shot, f, None, event)
    if ok:
        points = data.ball.goal_value
        state.score[f.team] += points
        state.record("goals", f.team, f.name)
        if points != 1:
            state.record("points", f.team, f.name, points)
        worth = f" for {points} points" if points != 1 else ""
        state.note(state.stamp("Score"), f"GOAL! {state.label(f.id)} scores{worth} ({how}). "
                   f"{state.teams[0]} {state.score[0]} : {state.score[1]} {state.teams[1]}. Clock stopped.", f.team)
        state.ball = new_ball()
        state.offense = None
        state.clock_stopped = state.reset_due = True
        end_turn(state, data)
    else:
        state.note(state.stamp("Score"), f"{state.label(f.id)} misses ({how}).", f.team)
        state.step = "shot_miss"


@step("shot_miss", "score", sub="attempt")
def shot_miss_prompt(state: State, data: Data) -> Choose:
    sector = state.ball.sector
    return Choose(
        text="The attempt failed: where did the ball go?",
        options=(
            Option(id="dead", label="Into the gutter: dead ball (clock stops, reset)"),
            Option(id="loose", label=f"Still on the track: loose in sector {sector}"),
        ),
    )


@shot_miss_prompt.answer
def shot_miss_apply(state: State, data: Data, event: Event) -> None:
    if event.value == "dead":
        ballplay.dead_ball(state, "the failed attempt rolled into the gutter (clock stopped)")
        state.clock_stopped = state.reset_due = True
    else:
        ballplay.lose_ball(state, state.ball.sector or 1, "The attempt failed")
        state.offense = None
    end_turn(state, data)


def end_turn(state: State, data: Data) -> None:
    """After step 6: the period may end; a goal, a dead attempt or a period end clears the board."""
    period_end = state.period * data.clock.period_minutes
    if state.clock + 1 >= period_end:
        state.clock = period_end
        state.period_over = True
        state.note(state.stamp("Score"), f"End of period {state.period} at {clock_words(state.clock)}.")
    state.step = "reset" if state.reset_due or state.period_over else "clock"
    if state.step == "clock" and state.fewer_keys:
        advance_clock(state)  # no question: the log tells the table to move the timers


@step("reset", "score", sub="reset")
def reset_prompt(state: State, data: Data) -> Confirm:
    why = "the period is over" if state.period_over else "the clock is stopped"
    return Confirm(text=f"Clear the board ({why}): set every figure on the track in its starting position.")


@reset_prompt.answer
def reset_apply(state: State, data: Data, event: Event) -> None:
    for f in state.figures:
        if f.on_track:
            f.sector = f.start_sector
    state.ball = new_ball()
    state.offense = None
    state.reset_due = False
    state.note(state.stamp("Score"), "Figures back in their starting positions; a new ball will be fired.")
    if not state.period_over:
        state.step = "clock"
        if state.fewer_keys:
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


@step("over", "score", sub="reset")
def over_prompt(state: State, data: Data) -> GameOver:
    a, b = state.score
    result = "a draw" if a == b else f"{state.teams[0 if a > b else 1]} win"
    return GameOver(text=f"Full time, {clock_words(state.clock)}: {state.teams[0]} {a} : {b} {state.teams[1]}, {result}.")


@over_prompt.answer
def over_apply(state: State, data: Data, event: Event) -> None:
    raise AssertionError("the Match refuses every answer once the game is over")
