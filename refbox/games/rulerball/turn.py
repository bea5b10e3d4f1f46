"""Steps 1-3 of a game turn: the clock and the timer track, the ball, initiative."""

from __future__ import annotations

from functools import lru_cache

from refbox.engine.dice import d, percent
from refbox.engine.prompts import Choose, Confirm, DieSpec, Event, Number, Option, Outcome, Pick, Refusal, Roll
from refbox.games.rulerball import ballplay, harm
from refbox.games.rulerball.checks import check_prompt, check_result
from refbox.games.rulerball.data import Data
from refbox.games.rulerball.flow import GUTTER_KEY, QUIET_KEY, figure_key, key, move_step, odds_hint
from refbox.games.rulerball.models import State, new_ball, reset_pending
from refbox.games.rulerball.steps import step
from refbox.games.rulerball.track import clockwise, path, path_index, roll_target, success_chance

TRACK_NAMES = {"penalty": "Penalty Box", "shaken": "Shaken", "rest": "Rest"}


def clock_words(minutes: int) -> str:
    return f"{minutes:02d}:00"


# ---- 1. Clock ----


def _clock_text(state: State, data: Data) -> str:
    if state.restart == "match":
        return "Start period 1: the clock reads 00:00."
    ticks = "move every figure on the Penalty Box / Shaken / Rest track one minute towards 0:00"
    if state.restart == "period":
        return f"Start period {state.period}: {ticks}."
    return f"Advance the clock to {clock_words(state.clock + 1)} and {ticks}."


@step("clock", "clock", sub="advance")
def clock_prompt(state: State, data: Data) -> Confirm:
    return Confirm(text=_clock_text(state, data))


@clock_prompt.answer
def clock_apply(state: State, data: Data, event: Event) -> None:
    advance_clock(state)


def advance_clock(state: State) -> None:
    """Start the turn: the clock moves on (or the period starts), the timers tick. The fewer-keys flow does this
    as the previous turn ends, without a question; the log line tells the table to move the timer figures."""
    restart = state.restart
    if restart == "none":
        state.clock += 1
    state.turn += 1
    state.restart = "none"
    state.clock_stopped = False
    timed = []
    for f in state.figures:
        fields = f.__dict__  # what the model's own assignment does, twenty times a turn
        fields["moves"] = fields["fights"] = 0
        if fields["timer"] > 0:
            timed.append(f)
    what = {"match": "Period 1 starts", "period": f"Period {state.period} starts"}.get(restart, "Clock advanced")
    state.note(state.stamp("Clock"), f"{what}: {clock_words(state.clock)}.")
    if restart != "match":
        for f in timed:
            if f.timed:
                f.timer -= 1
                if f.timer == 0:
                    state.note(state.stamp("Clock"), f"{state.label_of(f)} reaches 0:00 and may return.", f.team)
    state.step = "release"


TIMED = frozenset(TRACK_NAMES)
"""The places of a figure on a timer track (Figure.timed)."""


def _due_back(state: State) -> list:
    return [f for f in state.figures if f.timer == 0 and f.place in TIMED]


def _nobody_due(state: State, data: Data) -> bool:
    for f in state.figures:
        if f.timer == 0 and f.place in TIMED:
            return False
    state.step = "ball"
    return True


@step("release", "clock", sub="release", skip=_nobody_due)
def release_prompt(state: State, data: Data) -> Choose:
    options = [Option(id="none", label="No one else returns now", hint="they wait at 0:00",
                      key=key(state, QUIET_KEY))]  # first: key 1 always (0 with fewer keys)
    options += [
        Option(id=f.id, label=f"Return {state.label(f.id)}", hint=f"{TRACK_NAMES[f.place]} 0:00", actor=f.team,
               key=figure_key(state, f))
        for f in _due_back(state)
    ]
    refused = tuple(
        Refusal(id=f.id, label=state.label(f.id),
                reason=f"{f.timer} minute{'s' if f.timer != 1 else ''} still to run in the {TRACK_NAMES[f.place]}")
        for f in state.figures if f.timed and f.timer > 0
    )
    return Choose(text="Timers at 0:00: who returns to the track this turn?", options=tuple(options), refused=refused)


@release_prompt.answer
def release_apply(state: State, data: Data, event: Event) -> None:
    if event.value == "none":
        state.step = "ball"
        return
    reset_pending(state, figure=str(event.value))
    state.step = "release_sector"


@step("release_sector", "clock", sub="release")
def release_sector_prompt(state: State, data: Data) -> Number:
    f = state.fig(state.pending.figure or "")
    return Number(actor=f.team, text=f"Which sector does {state.label(f.id)} return to?", min=1, max=data.track.sectors, unit="sector")


@release_sector_prompt.answer
def release_sector_apply(state: State, data: Data, event: Event) -> None:
    f = state.fig(state.pending.figure or "")
    f.place, f.sector, f.timer = "track", int(event.value), 0  # type: ignore[arg-type]
    state.note(state.stamp("Clock"), f"{state.label(f.id)} returns to the track in sector {f.sector}.", f.team)
    reset_pending(state)
    state.step = "release"


# ---- 2. Ball ----


def _ball_needs_nothing(state: State, data: Data) -> bool:
    if state.ball.where == "held":
        state.step = "initiative"
        return True
    if state.fewer_keys:
        state.step = "ball_stop"  # one question: the cannon fires (if it must) and the ball stops
        return True
    if state.ball.where == "loose":
        state.step = "ball_end"
        return True
    return False


@step("ball", "ball", sub="fire", skip=_ball_needs_nothing)
def fire_prompt(state: State, data: Data) -> Confirm:
    return Confirm(text="Fire the cannon: a new game ball enters the track in sector 1, travelling clockwise.")


@fire_prompt.answer
def fire_apply(state: State, data: Data, event: Event) -> None:
    state.ball = new_ball(where="loose", sector=1)
    state.note(state.stamp("Ball"), "The cannon fires a new game ball into sector 1.")
    state.step = "ball_end"


@step("ball_end", "ball", sub="fire")
def ball_end_prompt(state: State, data: Data) -> Choose:
    start = state.ball.sector or 1
    n = data.track.sectors
    ahead = [clockwise(start, k, n) for k in range(n)]
    options = [
        Option(id=str(s), label=f"Sector {s}", hint="did not move" if k == 0 else f"{k} sector(s) on")
        for k, s in enumerate(ahead)
    ]
    return Choose(text=f"The ball travels clockwise from sector {start}: where does it stop?", options=tuple(options))


@ball_end_prompt.answer
def ball_end_apply(state: State, data: Data, event: Event) -> None:
    reset_pending(state, ball_from=state.ball.sector, ball_end=int(str(event.value)))
    state.step = "ball_figures"


@step("ball_stop", "ball", sub="fire")
def ball_stop_prompt(state: State, data: Data) -> Number:
    """Fewer keys: the cannon's confirm and the ball's end in one question, the sector typed like every other."""
    if state.ball.where == "cannon":
        text = "Fire the cannon: a new ball enters sector 1 travelling clockwise. Which sector does it stop in?"
    else:
        text = f"The loose ball travels clockwise from sector {state.ball.sector}: which sector does it stop in?"
    return Number(text=text, min=1, max=data.track.sectors, unit="sector")


@ball_stop_prompt.answer
def ball_stop_apply(state: State, data: Data, event: Event) -> None:
    if state.ball.where == "cannon":
        fire_apply(state, data, event)
    reset_pending(state, ball_from=state.ball.sector, ball_end=int(event.value))  # type: ignore[arg-type]
    state.step = "ball_path"


def _path_ahead(state: State, data: Data) -> list:
    """Fewer keys: figures on the ball's path it may still reach (not passed, not behind the last one passed)."""
    at = _along_path(state, data)
    passed, reached = state.pending.passed, state.pending.reached
    return [f for f in _figures_on_path(state, data) if f.id not in passed and at[f.sector] >= reached]


@step("ball_path", "ball", sub="path")
def ball_path_prompt(state: State, data: Data) -> Choose:
    end = state.pending.ball_end
    sectors = _ball_path(state, data)
    where = f"sector {sectors[0]}" if len(sectors) == 1 else f"sectors {sectors[0]} to {sectors[-1]}"
    options = [Option(id="track", label=f"Reaches nobody{' else' if state.pending.passed else ''}: "
                                        f"it stays on the track in sector {end}", key=QUIET_KEY)]
    for f in _path_ahead(state, data):
        chance = None
        if f.role == "catcher" and data.rolls.field is not None:
            target = roll_target(data.rolls.field, f, None)
            if target is not None:
                r = data.rolls.field
                chance = success_chance(r.dice, r.sides, r.succeed, target)
        what = "may field it" if f.role == "catcher" else "must avoid it"
        options.append(Option(id=f.id, label=f"Reaches {state.label(f.id)}", actor=f.team, key=figure_key(state, f),
                              hint=odds_hint(f"sector {f.sector}, {f.role}: {what}", chance), chance=chance))
    options.append(Option(id="gutter", label="Rolls into the gutter: dead ball", key=GUTTER_KEY))
    return Choose(
        text=f"The ball crosses {where}: whom does it reach next? Catchers in its squares, and skaters or bikers "
             "only in squares with no catcher.",
        options=tuple(options),
    )


@ball_path_prompt.answer
def ball_path_apply(state: State, data: Data, event: Event) -> None:
    value = str(event.value)
    if value in ("track", "gutter"):
        gutter_apply(state, data, event)
        return
    f = state.fig(value)
    state.pending.figure = value
    state.pending.passed.append(value)
    state.pending.reached = _ball_path(state, data).index(f.sector)
    state.step = "field_quick" if state.fig(value).role == "catcher" else "avoid"


@step("field_quick", "ball", sub="path")
def field_quick_prompt(state: State, data: Data):
    """Fewer keys: fielded, missed or let it pass in one question (a set field roll is rolled after "try")."""
    f = state.fig(state.pending.figure or "")
    rule = data.rolls.field
    target = roll_target(rule, f, None) if rule else None
    if rule is not None and target is not None:
        p = success_chance(rule.dice, rule.sides, rule.succeed, target)
        options = (Option(id="field", label="Tries to field it (roll)", actor=f.team, key="1", chance=p,
                          hint=odds_hint("", p)),
                   Option(id="pass", label="Lets it pass", key=QUIET_KEY))
    else:
        options = (Option(id="success", label="Fields it", actor=f.team, key="1"),
                   Option(id="failure", label="Tries and misses: the ball rolls on", key="2"),
                   Option(id="pass", label="Lets it pass", key=QUIET_KEY))
    return Choose(actor=f.team, text=f"The ball reaches {state.label(f.id)} in sector {f.sector}: what happens?",
                  options=options)


@field_quick_prompt.answer
def field_quick_apply(state: State, data: Data, event: Event) -> None:
    f = state.fig(state.pending.figure or "")
    if event.value == "field":
        state.step = "field_roll"
    elif event.value == "pass":
        ballplay.next_in_path(state)
    elif event.value == "success":
        reset_pending(state)
        ballplay.field(state, f)
        state.step = "initiative"
    else:
        state.note(state.stamp("Ball"), f"{state.label(f.id)} misses the ball (entered by the table).", f.team)
        ballplay.next_in_path(state)


def _ball_path(state: State, data: Data) -> tuple[int, ...]:
    p = state.pending
    return path(p.ball_from or 1, p.ball_end or 1, data.track.sectors)


def _along_path(state: State, data: Data) -> dict[int, int]:
    """Sector -> how far along the ball's path it is."""
    p = state.pending
    return path_index(p.ball_from or 1, p.ball_end or 1, data.track.sectors)


def _figures_on_path(state: State, data: Data) -> list:
    """Figures on the ball's path, in its order (roster order within a sector)."""
    at = _along_path(state, data)
    on_path = [f for f in state.figures if f.sector in at and f.place == "track"]
    on_path.sort(key=lambda f: at[f.sector])
    return on_path


def _nobody_on_path(state: State, data: Data) -> bool:
    if _figures_on_path(state, data):
        return False
    state.step = "ball_gutter"
    return True


@step("ball_figures", "ball", sub="path", skip=_nobody_on_path)
def ball_figures_prompt(state: State, data: Data) -> Pick:
    options = tuple(
        Option(id=f.id, label=state.label(f.id), hint=f"sector {f.sector}, {f.role}", actor=f.team)
        for f in _figures_on_path(state, data)
    )
    sectors = _ball_path(state, data)
    where = f"sector {sectors[0]}" if len(sectors) == 1 else f"sectors {sectors[0]} to {sectors[-1]}"
    return Pick(
        text=f"The ball crosses {where}: which figures does it reach? Catchers in its squares, and skaters "
             "or bikers only in squares with no catcher.",
        options=options,
    )


@ball_figures_prompt.answer
def ball_figures_apply(state: State, data: Data, event: Event) -> None:
    picked = set(event.value)  # type: ignore[arg-type]
    state.pending.queue = [f.id for f in _figures_on_path(state, data) if f.id in picked]
    ballplay.next_in_path(state)


@step("field_choice", "ball", sub="path")
def field_choice_prompt(state: State, data: Data) -> Choose:
    f = state.fig(state.pending.figure or "")
    return Choose(
        actor=f.team,
        text=f"The ball reaches {state.label(f.id)} in sector {f.sector}: try to field it?",
        options=(Option(id="field", label="Try to field it", actor=f.team), Option(id="pass", label="Let it pass")),
    )


@field_choice_prompt.answer
def field_choice_apply(state: State, data: Data, event: Event) -> None:
    if event.value == "field":
        state.step = "field_roll"
    else:
        ballplay.next_in_path(state)


@step("field_roll", "ball", sub="path")
def field_roll_prompt(state: State, data: Data):
    f = state.fig(state.pending.figure or "")
    return check_prompt(
        data.rolls.field, f, None, actor=f.team, text=f"{state.label(f.id)} tries to field the ball.",
        purpose="field", success="Fielded", failure="Missed: the ball rolls on", who=state.label(f.id),
    )


@field_roll_prompt.answer
def field_roll_apply(state: State, data: Data, event: Event) -> None:
    f = state.fig(state.pending.figure or "")
    ok, how = check_result(data.rolls.field, f, None, event)
    if ok:
        reset_pending(state)
        ballplay.field(state, f)
        state.step = "initiative"
        return
    state.note(state.stamp("Ball"), f"{state.label(f.id)} misses the ball ({how}).", f.team)
    ballplay.next_in_path(state)


@step("avoid", "ball", sub="path")
def avoid_prompt(state: State, data: Data):
    f = state.fig(state.pending.figure or "")
    return check_prompt(
        data.rolls.avoid, f, None, actor=f.team, text=f"The ball comes at {state.label(f.id)}: avoid it.",
        purpose="avoid", success="Avoided", failure="Hit by the ball", who=state.label(f.id),
    )


@avoid_prompt.answer
def avoid_apply(state: State, data: Data, event: Event) -> None:
    f = state.fig(state.pending.figure or "")
    ok, how = check_result(data.rolls.avoid, f, None, event)
    state.note(state.stamp("Ball"), f"{state.label(f.id)} {'avoids' if ok else 'is hit by'} the ball ({how}).", f.team)
    if ok:
        ballplay.next_in_path(state)
    else:
        harm.begin(state, data, victim=f.id, winner=None, resume="ball")


@step("ball_gutter", "ball", sub="path")
def gutter_prompt(state: State, data: Data) -> Choose:
    end = state.pending.ball_end
    return Choose(
        text=f"Nobody fielded the ball. Does it stay on the track in sector {end}?",
        options=(
            Option(id="track", label=f"It stays on the track in sector {end}"),
            Option(id="gutter", label="It rolled into the gutter: dead ball"),
        ),
    )


@gutter_prompt.answer
def gutter_apply(state: State, data: Data, event: Event) -> None:
    end = state.pending.ball_end or 1
    reset_pending(state)
    if event.value == "gutter":
        ballplay.dead_ball(state, "the ball rolled into the gutter")
    else:
        state.ball = new_ball(where="loose", sector=end)
        state.note(state.stamp("Ball"), f"The ball rolls on to sector {end}.")
    state.step = "initiative"


# ---- 3. Initiative ----


@lru_cache(maxsize=None)
def initiative_odds(sectors: int) -> tuple[Outcome, ...]:
    return (Outcome(label="each sector", probability=float(d(sectors).probability("==", 1))),)


@step("initiative", "initiative")
def initiative_prompt(state: State, data: Data) -> Roll:
    n = data.track.sectors
    return Roll(
        text=f"Roll the d{n} for initiative: the marker starts in that sector.",
        purpose="initiative",
        dice=(DieSpec(sides=n, label="Initiative", note=f"each sector {percent(1 / n)}"),),
        success="the face is the first sector to move",
        odds=initiative_odds(n),
    )


@initiative_prompt.answer
def initiative_apply(state: State, data: Data, event: Event) -> None:
    face = event.value[0]  # type: ignore[index]
    state.initiative, state.sweep = face, 0
    state.note(state.stamp("Initiative"), f"Initiative d{data.track.sectors}: {face}. Movement starts in sector {face}.")
    state.step = move_step(state)
