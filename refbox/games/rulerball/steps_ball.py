"""Step 2 of a game turn: the ball travels clockwise (fired from the cannon when there is none), and whoever it
reaches fields it or must avoid it."""

from __future__ import annotations

from refbox.engine.prompts import Choose, Event, Legal, Number, Option
from refbox.games.rulerball import ballplay
from refbox.games.rulerball import steps_harm as harm
from refbox.games.rulerball.checks import check_legal, check_prompt, check_result
from refbox.games.rulerball.data import Data
from refbox.games.rulerball.keys import GUTTER_KEY, QUIET_KEY, figure_key, odds_hint
from refbox.games.rulerball.models import Ball, Figure, Pending, State
from refbox.games.rulerball.steps import STEPS
from refbox.games.rulerball.track import chance, roll_target

# ---- where the ball stops: one question, the cannon firing first if it must ----


@STEPS.legal_for("ball_stop", phase="ball")
def ball_stop_legal(state: State, data: Data) -> Legal:
    return Legal("number", None, min=1, max=data.track.sectors)


@STEPS.prompt_for("ball_stop")
def ball_stop_prompt(state: State, data: Data, legal: Legal) -> Number:
    if state.ball.where == "cannon":
        text = "Fire the cannon: a new ball enters sector 1 travelling clockwise. Which sector does it stop in?"
    else:
        text = f"The loose ball travels clockwise from sector {state.ball.sector}: which sector does it stop in?"
    return Number(text=text, min=legal.min, max=legal.max, unit="sector")  # type: ignore[arg-type]


@STEPS.apply_for("ball_stop")
def ball_stop_apply(state: State, data: Data, event: Event) -> None:
    if state.ball.where == "cannon":
        state.ball = Ball(where="loose", sector=1)
        state.note(state.stamp("Ball"), "The cannon fires a new game ball into sector 1.")
    state.pending = Pending(ball_from=state.ball.sector, ball_end=int(event.value))  # type: ignore[arg-type]
    state.step = "ball_path"


# ---- whom it reaches, in the order of its path ----


def along_path(state: State, data: Data) -> dict[int, int]:
    """Sector -> how far along the ball's path it is (in path order)."""
    p = state.pending
    return data.ball_paths[p.ball_from or 1, p.ball_end or 1]


def path_ahead(state: State, data: Data) -> list[Figure]:
    """Figures on the ball's path it may still reach (not passed, not behind the last one passed), in path order
    (roster order within a sector)."""
    at = along_path(state, data)
    passed, reached = state.pending.passed, state.pending.reached
    ahead = [f for f in state.figures
             if f.place == "track" and at.get(f.sector, -1) >= reached and f.id not in passed]  # type: ignore[arg-type]
    ahead.sort(key=lambda f: at[f.sector])  # type: ignore[index]
    return ahead


@STEPS.legal_for("ball_path", phase="ball")
def ball_path_legal(state: State, data: Data) -> Legal:
    return Legal("choose", None, ("track", *[f.id for f in path_ahead(state, data)], "gutter"))


@STEPS.prompt_for("ball_path")
def ball_path_prompt(state: State, data: Data, legal: Legal) -> Choose:
    end = state.pending.ball_end
    sectors = list(along_path(state, data))
    where = f"sector {sectors[0]}" if len(sectors) == 1 else f"sectors {sectors[0]} to {sectors[-1]}"
    options = [Option(id="track", label=f"Reaches nobody{' else' if state.pending.passed else ''}: "
                                        f"it stays on the track in sector {end}", key=QUIET_KEY)]
    for figure_id in legal.ids[1:-1]:
        f = state.fig(figure_id)
        p = chance(data.rolls.field, f, None) if f.role == "catcher" else None
        what = "may field it" if f.role == "catcher" else "must avoid it"
        options.append(Option(id=f.id, label=f"Reaches {state.label_of(f)}", actor=f.team, key=figure_key(state, f),
                              hint=odds_hint(f"sector {f.sector}, {f.role}: {what}", p), chance=p,
                              chance_of=f"{state.label_of(f)} fielding the ball"))
    options.append(Option(id="gutter", label="Rolls into the gutter: dead ball", key=GUTTER_KEY))
    return Choose(
        text=f"The ball crosses {where}: whom does it reach next? Catchers in its squares, and skaters or bikers "
             "only in squares with no catcher.",
        options=tuple(options),
    )


@STEPS.apply_for("ball_path")
def ball_path_apply(state: State, data: Data, event: Event) -> None:
    value = str(event.value)
    if value in ("track", "gutter"):
        ball_stops(state, value == "gutter")
        return
    f = state.fig(value)
    pending = state.pending
    pending.figure = value
    pending.passed = (*pending.passed, value)
    pending.reached = along_path(state, data)[f.sector]  # type: ignore[index]
    state.step = "field_quick" if f.role == "catcher" else "avoid"


def ball_stops(state: State, in_the_gutter: bool) -> None:
    """Nobody (else) took the ball: it lies on the track where it stopped, or it is dead in the gutter."""
    end = state.pending.ball_end or 1
    state.pending = Pending()
    if in_the_gutter:
        ballplay.dead_ball(state, "the ball rolled into the gutter")
    else:
        state.ball = Ball(where="loose", sector=end)
        state.note(state.stamp("Ball"), f"The ball rolls on to sector {end}.")
    state.step = "initiative"


# ---- a catcher fields it (or lets it pass); anyone else avoids it ----


def _field_rolled(state: State, data: Data, f: Figure) -> bool:
    rule = data.rolls.field
    return rule is not None and roll_target(rule, f, None) is not None


@STEPS.legal_for("field_quick", phase="ball")
def field_quick_legal(state: State, data: Data) -> Legal:
    f = state.fig(state.pending.figure or "")
    return Legal("choose", f.team, ("field", "pass") if _field_rolled(state, data, f) else ("success", "failure", "pass"))


@STEPS.prompt_for("field_quick")
def field_quick_prompt(state: State, data: Data, legal: Legal) -> Choose:
    """Fielded, missed or let pass in one question (a set field roll is rolled after "tries")."""
    f = state.fig(state.pending.figure or "")
    p = chance(data.rolls.field, f, None)
    choices = {"field": Option(id="field", label="Tries to field it (roll)", actor=f.team, key="1", chance=p,
                               chance_of=f"{state.label_of(f)} fielding the ball",
                               hint=odds_hint("", p)),
               "success": Option(id="success", label="Fields it", actor=f.team, key="1"),
               "failure": Option(id="failure", label="Tries and misses: the ball rolls on", key="2"),
               "pass": Option(id="pass", label="Lets it pass", key=QUIET_KEY)}
    return Choose(actor=f.team, text=f"The ball reaches {state.label_of(f)} in sector {f.sector}: what happens?",
                  options=tuple(choices[i] for i in legal.ids))


@STEPS.apply_for("field_quick")
def field_quick_apply(state: State, data: Data, event: Event) -> None:
    f = state.fig(state.pending.figure or "")
    if event.value == "field":
        state.step = "field_roll"
    elif event.value == "pass":
        ballplay.next_in_path(state)
    elif event.value == "success":
        _fielded(state, f)
    else:
        state.note(state.stamp("Ball"), f"{state.label_of(f)} misses the ball (entered by the table).", f.team)
        ballplay.next_in_path(state)


def _fielded(state: State, f: Figure) -> None:
    state.pending = Pending()
    ballplay.field(state, f)
    state.step = "initiative"


@STEPS.legal_for("field_roll", phase="ball")
def field_roll_legal(state: State, data: Data) -> Legal:
    f = state.fig(state.pending.figure or "")
    return check_legal(data.rolls.field, f, None, f.team)


@STEPS.prompt_for("field_roll")
def field_roll_prompt(state: State, data: Data, legal: Legal):
    f = state.fig(state.pending.figure or "")
    who = state.label_of(f)
    return check_prompt(legal, data.rolls.field, f, None, text=f"{who} tries to field the ball.", purpose="field",
                        success="Fielded", failure="Missed: the ball rolls on", who=who)


@STEPS.apply_for("field_roll")
def field_roll_apply(state: State, data: Data, event: Event) -> None:
    f = state.fig(state.pending.figure or "")
    ok, how = check_result(data.rolls.field, f, None, event)
    if ok:
        _fielded(state, f)
        return
    state.note(state.stamp("Ball"), f"{state.label_of(f)} misses the ball ({how}).", f.team)
    ballplay.next_in_path(state)


@STEPS.legal_for("avoid", phase="ball")
def avoid_legal(state: State, data: Data) -> Legal:
    f = state.fig(state.pending.figure or "")
    return check_legal(data.rolls.avoid, f, None, f.team)


@STEPS.prompt_for("avoid")
def avoid_prompt(state: State, data: Data, legal: Legal):
    f = state.fig(state.pending.figure or "")
    who = state.label_of(f)
    return check_prompt(legal, data.rolls.avoid, f, None, text=f"The ball comes at {who}: avoid it.", purpose="avoid",
                        success="Avoided", failure="Hit by the ball", who=who)


@STEPS.apply_for("avoid")
def avoid_apply(state: State, data: Data, event: Event) -> None:
    f = state.fig(state.pending.figure or "")
    ok, how = check_result(data.rolls.avoid, f, None, event)
    state.note(state.stamp("Ball"), f"{state.label_of(f)} {'avoids' if ok else 'is hit by'} the ball ({how}).", f.team)
    if ok:
        ballplay.next_in_path(state)
    else:
        harm.begin(state, data, victim=f.id, winner=None, resume="ball")
