"""Kick-offs, punts and field goals: the better of two Kick rolls, then a d12 grid roll and a catch."""

from __future__ import annotations

from refbox.engine.errors import RuleError
from refbox.engine.prompts import Choose, DieSpec, Event, Number, Pick, Roll
from refbox.games.monster_ball import ask, flow, odds
from refbox.games.monster_ball.data import Data
from refbox.games.monster_ball.models import Contest, State
from refbox.games.monster_ball.steps import answers, asks

def _kind(s: State) -> str:
    assert s.kick is not None
    return s.kick.kind


def _words(kind: str) -> str:
    return {"kickoff": "kick-off", "punt": "punt", "field_goal": "field goal"}[kind]


@asks("kick_kicker", phase="kickoff")
def kicker_prompt(s: State, data: Data) -> Choose:
    team = s.possession
    ids = sorted(s.standing(team), key=lambda pid: -flow.die(s, data, pid, "kick"))
    return Choose(
        actor=team,
        text=f"{s.teams[team].name}: who takes the {_words(_kind(s))}?",
        options=ask.player_options(s, data, ids, "kick"),
    )


@answers("kick_kicker")
def kicker_apply(s: State, data: Data, event: Event) -> None:
    assert s.kick is not None
    s.kick.kicker = str(event.value)
    flow.begin_play(s, s.kick.kind)
    s.step = "fg_zones" if s.kick.kind == "field_goal" else "kick_roll"


@asks("fg_zones", phase="field_goal")
def fg_zones_prompt(s: State, data: Data) -> Number:
    return Number(
        actor=None,
        text="Count the zones from the kicker to the end zone: start with the zone next to the kicker's, end with the end zone.",
        min=1,
        max=data.field.playable_zones + 1,
        unit="zones",
    )


@answers("fg_zones")
def fg_zones_apply(s: State, data: Data, event: Event) -> None:
    assert s.kick is not None
    s.kick.zones_to_end = int(event.value)  # type: ignore[arg-type]
    s.step = "kick_roll"


def kicker_zone(s: State, data: Data) -> int:
    """The kicker's zone in the kicking team's numbering: the zone just behind the line."""
    return data.field.zone_of(s.to_go)


@asks("kick_roll", phase="kickoff")
def kick_roll_prompt(s: State, data: Data) -> Roll:
    assert s.kick is not None and s.kick.kicker is not None
    kicker, kind = s.kick.kicker, s.kick.kind
    sides = flow.die(s, data, kicker, "kick")
    dice = (ask.stat_die(s, data, kicker, "kick", "first try"), ask.stat_die(s, data, kicker, "kick", "second try"))
    if kind == "field_goal":
        need = data.challenges.beat + s.kick.zones_to_end
        p = odds.best_of_two_at_least(sides, need + 1)
        return Roll(
            actor=s.possession,
            text=f"Field goal by {s.label(kicker)} from {s.kick.zones_to_end} zones.",
            purpose="field goal: the better Kick roll must beat 3 + zones",
            dice=dice,
            success=f"better roll over {need}",
            odds=ask.outcomes(("good: 3 points", p), ("no good", 1 - p)),
        )
    zone = kicker_zone(s, data)
    p = odds.best_of_two_at_least(sides, zone)
    return Roll(
        actor=s.possession,
        text=f"{_words(kind).capitalize()} by {s.label(kicker)} from zone {zone}: the better roll is the zones downfield.",
        purpose=f"{_words(kind)}: zones downfield",
        dice=dice,
        success=f"{zone}+ reaches the end zone",
        odds=ask.outcomes(("into the end zone: ball at the 30", p), ("lands in the field", 1 - p)),
    )


@answers("kick_roll")
def kick_roll_apply(s: State, data: Data, event: Event) -> None:
    assert s.kick is not None and s.kick.kicker is not None
    best = max(event.value)  # type: ignore[arg-type]
    kicking, receiving = s.possession, 1 - s.possession
    s.seconds += data.clock.kick_seconds
    if s.kick.kind == "field_goal":
        need = data.challenges.beat + s.kick.zones_to_end
        if best > need:
            flow.score(s, data, kicking, data.scoring.field_goal, f"Field goal is good ({best} beats {need})")
        else:
            flow.new_series(s, data, receiving, max(1, data.field.squares - s.to_go), f"field goal no good ({best} does not beat {need})")
        return
    landing = kicker_zone(s, data) - best
    if landing <= 0:
        flow.new_series(s, data, receiving, data.field.start_to_go, f"the {_words(s.kick.kind)} goes {best} zones into the end zone")
        return
    s.kick.landing_zone = data.field.playable_zones + 1 - landing
    s.note(flow.stamp(s), f"The {_words(s.kick.kind)} carries {best} zones: it comes down in {flow.possessive(s.teams[receiving].name)} zone {s.kick.landing_zone}.", kicking)
    s.step = "kick_grid"


@asks("kick_grid", phase="kickoff")
def grid_prompt(s: State, data: Data) -> Roll:
    assert s.kick is not None
    pairs = [(f"division {n} (faces {lo}-{hi})", odds.face_range(12, lo, hi)) for n, (lo, hi) in enumerate(data.field.grid_divisions, 1)]
    return Roll(
        actor=None,
        text=f"Grid roll: where across zone {s.kick.landing_zone} does the ball land?",
        purpose="grid roll",
        dice=(DieSpec(sides=12, label="Grid d12"),),
        success="the division across the field",
        odds=ask.outcomes(*pairs),
    )


@answers("kick_grid")
def grid_apply(s: State, data: Data, event: Event) -> None:
    assert s.kick is not None
    face = event.value[0]  # type: ignore[index]
    division = next(n for n, (lo, hi) in enumerate(data.field.grid_divisions, 1) if lo <= face <= hi)
    s.note(flow.stamp(s), f"Grid roll {face}: the ball lands in zone {s.kick.landing_zone}, division {division}.")
    s.step = "kick_catchers"


def catch_candidates(s: State) -> list[str]:
    assert s.kick is not None
    receiving = s.standing(1 - s.possession)
    if s.kick.kind == "kickoff":
        return receiving
    return [pid for pid in s.standing(s.possession) if pid != s.kick.kicker] + receiving


@asks("kick_catchers", phase="kickoff")
def catchers_prompt(s: State, data: Data) -> Pick:
    who = "receivers" if _kind(s) == "kickoff" else "players"
    return Pick(
        actor=None,
        text=f"Which {who} stand in the landing grid? (none: the ball is not caught)",
        options=ask.player_options(s, data, catch_candidates(s), "catch"),
        min=0,
    )


@answers("kick_catchers")
def catchers_apply(s: State, data: Data, event: Event) -> None:
    picked = list(event.value)  # type: ignore[arg-type]
    if any(pid not in catch_candidates(s) for pid in picked):
        raise RuleError("Only players who may catch this kick can be named.")
    if not picked:
        flow.new_series(s, data, 1 - s.possession, data.field.start_to_go, "nobody under the kick")
        return
    s.contest = Contest(purpose="kick", contenders=picked, need=data.challenges.beat, resume="rounds")
    s.step = "contest_roll"
