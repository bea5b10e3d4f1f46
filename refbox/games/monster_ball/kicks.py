"""Kick-offs, punts and field goals: the better of two Kick rolls, then a d12 grid roll and a catch.

At the table the referee counts the zones and names who stands in the landing grid. On the field refbox
counts from the kicker's square, and the kicked ball hangs in the air for a round (the kicking side moves,
then the receiving side) before it comes down in its grid, where whoever stands there may catch it.
"""

from __future__ import annotations

from refbox.engine.errors import RuleError
from refbox.games.luck import Wins
from refbox.engine.prompts import Choose, DieSpec, Event, Legal, Number, Pick, Roll
from refbox.games.monster_ball import ask, flow, lineups, odds, onekey, places
from refbox.games.monster_ball.data import Data
from refbox.games.monster_ball.models import Contest, State
from refbox.games.monster_ball.steps import STEPS, forcible

ARRANGE = ("arrange:0", "arrange:1")


def _kind(s: State) -> str:
    assert s.kick is not None
    return s.kick.kind


def _words(kind: str) -> str:
    return {"kickoff": "kick-off", "punt": "punt", "field_goal": "field goal"}[kind]


def kicker_ids(s: State, data: Data) -> list[str]:
    return sorted(s.standing(s.possession), key=lambda pid: -flow.die(s, data, pid, "kick"))


@forcible("kick_kicker", phase="kickoff")
def kicker_legal(s: State, data: Data) -> Legal:
    ids = kicker_ids(s, data)
    return ask.choice(s.possession, [*ids, *ARRANGE] if s.board else ids)


def field_goal_chance(s: State, data: Data, pid: str) -> float:
    zones = data.pitch.zones_to_end_zone(s.possession, s.pos[pid][0])
    return odds.best_of_two_at_least(flow.die(s, data, pid, "kick"), data.challenges.beat + zones + 1)


@STEPS.prompt_for("kick_kicker")
def kicker_prompt(s: State, data: Data, legal: Legal) -> Choose:
    team = s.possession
    options = []
    for option_id in legal.ids:
        if option_id in ARRANGE:
            side = int(option_id[-1])
            options.append(ask.option(option_id, f"{s.teams[side].name}: move figures first", side, hint="line-up"))
            continue
        chance, note = None, ""
        if s.board and _kind(s) == "field_goal":
            chance = field_goal_chance(s, data, option_id)
            note = f"{data.pitch.zones_to_end_zone(team, s.pos[option_id][0])} zones out"
        options.append(ask.player_option(s, data, option_id, "kick", note=note, chance=chance,
                                         chance_of="the field goal being good"))
    where = " (the kicker goes to the kick line)" if s.board and _kind(s) == "kickoff" else ""
    return Choose(actor=team, text=f"{s.teams[team].name}: who takes the {_words(_kind(s))}?{where}", options=tuple(options))


@STEPS.apply_for("kick_kicker")
def kicker_apply(s: State, data: Data, event: Event) -> None:
    assert s.kick is not None
    choice = str(event.value)
    if choice in ARRANGE:
        s.chooser, s.back_to, s.step = int(choice[-1]), "kick_kicker", "arrange"
        return
    s.kick.kicker = choice
    if s.board and s.kick.kind == "kickoff":
        spot = lineups.kick_spot(s, data)
        if s.pos[choice] != spot:
            for pid, sq in s.pos.items():
                if sq == spot:
                    s.pos[pid] = s.pos[choice]
            s.pos[choice] = spot
    flow.begin_play(s, s.kick.kind)
    if s.kick.kind == "field_goal":
        if s.board:
            s.kick.zones_to_end = data.pitch.zones_to_end_zone(s.possession, s.pos[choice][0])
            s.step = "kick_roll"
        else:
            s.step = "fg_zones"
    else:
        s.step = "kick_roll"


@STEPS.legal_for("fg_zones", phase="field_goal")
def fg_zones_legal(s: State, data: Data) -> Legal:
    return ask.number(None, 1, data.field.playable_zones + 1)


@STEPS.prompt_for("fg_zones")
def fg_zones_prompt(s: State, data: Data, legal: Legal) -> Number:
    return Number(
        actor=None,
        text="Count the zones from the kicker to the end zone: start with the zone next to the kicker's, end with the end zone.",
        min=1,
        max=data.field.playable_zones + 1,
        unit="zones",
    )


@STEPS.apply_for("fg_zones")
def fg_zones_apply(s: State, data: Data, event: Event) -> None:
    assert s.kick is not None
    s.kick.zones_to_end = int(event.value)  # type: ignore[arg-type]
    s.step = "kick_roll"


def kicker_zone(s: State, data: Data) -> int:
    """The kicker's zone in the kicking team's numbering: at the table the zone just behind the line, on the
    field the zone of the kicker's square."""
    if s.board and s.kick is not None and s.kick.kicker in s.pos:
        return data.pitch.zone_of(s.possession, s.pos[s.kick.kicker][0])
    return data.field.zone_of(s.to_go)


@STEPS.legal_for("kick_roll", phase="kickoff")
def kick_roll_legal(s: State, data: Data) -> Legal:
    assert s.kick is not None and s.kick.kicker is not None
    sides = flow.die(s, data, s.kick.kicker, "kick")
    return ask.dice(s.possession, (sides, sides))


@STEPS.prompt_for("kick_roll")
def kick_roll_prompt(s: State, data: Data, legal: Legal) -> Roll:
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
            chance=p,
            wins=Wins(better_over, (need,)),
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
        chance=p,
        wins=Wins(better_over, (zone - 1,)),
    )


@STEPS.apply_for("kick_roll")
def kick_roll_apply(s: State, data: Data, event: Event) -> None:
    assert s.kick is not None and s.kick.kicker is not None
    best = max(event.value)  # type: ignore[arg-type]
    kicking, receiving = s.possession, 1 - s.possession
    if not s.board:
        s.seconds += data.clock.kick_seconds  # on the field the ball's round in the air is that second
    if s.kick.kind == "field_goal":
        if s.board:
            s.seconds += data.clock.kick_seconds
        need = data.challenges.beat + s.kick.zones_to_end
        if best > need:
            flow.score(s, data, kicking, data.scoring.field_goal, f"Field goal is good ({best} beats {need})", s.kick.kicker)
        else:
            flow.new_series(s, data, receiving, max(1, data.field.squares - s.to_go), f"field goal no good ({best} does not beat {need})")
        return
    landing = kicker_zone(s, data) - best
    if landing <= 0:
        if s.board:
            s.seconds += data.clock.kick_seconds
        flow.new_series(s, data, receiving, data.field.start_to_go, f"the {_words(s.kick.kind)} goes {best} zones into the end zone")
        return
    s.kick.landing_zone = data.field.playable_zones + 1 - landing
    if s.logged:
        s.note(flow.stamp(s), f"The {_words(s.kick.kind)} carries {best} zones: it comes down in {flow.possessive(s.teams[receiving].name)} zone {s.kick.landing_zone}.", kicking)
    s.step = "kick_grid"


@STEPS.legal_for("kick_grid", phase="kickoff")
def grid_legal(s: State, data: Data) -> Legal:
    return ask.dice(None, (12,))


@STEPS.prompt_for("kick_grid")
def grid_prompt(s: State, data: Data, legal: Legal) -> Roll:
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


@STEPS.apply_for("kick_grid")
def grid_apply(s: State, data: Data, event: Event) -> None:
    assert s.kick is not None
    face = event.value[0]  # type: ignore[index]
    division = next(n for n, (lo, hi) in enumerate(data.field.grid_divisions, 1) if lo <= face <= hi)
    if s.logged:
        s.note(flow.stamp(s), f"Grid roll {face}: the ball lands in zone {s.kick.landing_zone}, division {division}.")
    if not s.board:
        s.step = "kick_catchers"
        return
    p = data.pitch
    zone = data.field.playable_zones + 1 - s.kick.landing_zone  # in the kicking team's numbering
    s.kick.grid = p.landing_grid(s.possession, zone, division)
    squares = p.grid_squares(s.kick.grid)
    s.ball, s.carrier, s.ball_at = "air", None, squares[len(squares) // 2]
    if s.logged:
        s.note(flow.stamp(s), "The ball hangs in the air for a round: the kicking side moves, then the receivers; then it comes down.")
    flow.begin_rounds(s, data)


def comes_down(s: State, data: Data) -> None:
    """The kicked ball lands in its grid after the receivers' half: whoever may catch it and stands there rolls."""
    assert s.kick is not None and s.kick.grid is not None
    p = data.pitch
    allowed = set(catch_candidates(s))
    under = [pid for pid in places.in_grid(s, p, s.kick.grid) if pid in allowed]
    s.kick.grid = None  # down: a later ball in the air is a pass
    if not under:
        flow.new_series(s, data, 1 - s.possession, data.field.start_to_go, "nobody under the kick")
        return
    s.note(flow.stamp(s), f"The ball comes down on {', '.join(s.label(pid) for pid in under)}.")
    s.contest = Contest(purpose="kick", contenders=under, need=data.challenges.beat, resume="next_half")
    s.step = "contest_roll"


def catch_candidates(s: State) -> list[str]:
    assert s.kick is not None
    receiving = s.standing(1 - s.possession)
    if s.kick.kind == "kickoff":
        return receiving
    return [pid for pid in s.standing(s.possession) if pid != s.kick.kicker] + receiving


@forcible("kick_catchers", phase="kickoff")
def catchers_legal(s: State, data: Data) -> Legal:
    """At the table (onekey): nobody, one player, or several (a selection next)."""
    return onekey.legal(s, None, catch_candidates(s), "none")


@STEPS.prompt_for("kick_catchers")
def catchers_prompt(s: State, data: Data, legal: Legal) -> Choose | Pick:
    who = "receivers" if _kind(s) == "kickoff" else "players"
    return onekey.prompt(s, data, legal, f"Which {who} stand in the landing grid?", "catch", "Nobody: the ball is not caught")


@STEPS.apply_for("kick_catchers")
def catchers_apply(s: State, data: Data, event: Event) -> None:
    picked = onekey.picked(s, event, "none")
    if picked is None:
        return
    if any(pid not in catch_candidates(s) for pid in picked):
        raise RuleError("Only players who may catch this kick can be named.")
    if not picked:
        flow.new_series(s, data, 1 - s.possession, data.field.start_to_go, "nobody under the kick")
        return
    s.contest = Contest(purpose="kick", contenders=picked, need=data.challenges.beat, resume="rounds")
    s.step = "contest_roll"


def better_over(faces: list[int], need: int) -> bool:
    """The better of the two kick dice over ``need``."""
    return max(faces) > need
