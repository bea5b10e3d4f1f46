"""Passes: Pass + Catch must beat 3 plus the grids between; neighbours contest; long balls hang in the air."""

from __future__ import annotations

from refbox.engine.prompts import Choose, Event, Number, Pick, Roll
from refbox.games.monster_ball import ask, contest, flow, odds
from refbox.games.monster_ball.data import Data
from refbox.games.monster_ball.models import Action, Contest, State
from refbox.games.monster_ball.steps import answers, asks

AIR_GRIDS = 2
"""Grids between at which the ball is in the air for a second (thrown more than one grid)."""


def the_pass(s: State) -> Action:
    assert s.action is not None and s.action.kind == "pass" and s.action.actor is not None
    return s.action


def catchers(s: State) -> list[str]:
    a = the_pass(s)
    receiver = [a.target] if a.target in s.standing(a.team) else []
    return [*receiver, *a.contesters]


@asks("pass_receiver", phase="pass")
def receiver_prompt(s: State, data: Data) -> Choose:
    a = the_pass(s)
    ids = [pid for pid in s.standing(a.team) if pid != a.actor]
    return Choose(actor=a.team, text=f"{s.label(a.actor)} throws to whom?", options=ask.player_options(s, data, ids, "catch"),
                  refused=ask.sidelined(s, (a.team,)))


@answers("pass_receiver")
def receiver_apply(s: State, data: Data, event: Event) -> None:
    the_pass(s).target = str(event.value)
    s.step = "pass_grids"


@asks("pass_grids", phase="pass")
def grids_prompt(s: State, data: Data) -> Number:
    return Number(
        actor=None,
        text="Grids between thrower and receiver: count from the grid next to the thrower's to the receiver's (0: same grid).",
        min=0,
        max=data.field.max_grids_between,
        unit="grids",
    )


@answers("pass_grids")
def grids_apply(s: State, data: Data, event: Event) -> None:
    a = the_pass(s)
    a.grids = int(event.value)  # type: ignore[arg-type]
    assert a.target is not None
    if a.grids >= AIR_GRIDS:
        s.note(flow.stamp(s), f"{s.label(a.actor)} throws long to {s.label(a.target)} ({a.grids} grids): the ball is in the air.", a.team)
        s.air, s.action = a, None
        s.ball, s.carrier = "air", None
        s.step = "move"
    else:
        s.step = "pass_contest"


def contest_candidates(s: State) -> list[str]:
    a = the_pass(s)
    return [pid for team in (0, 1) for pid in s.standing(team) if pid not in (a.actor, a.target)]


@asks("pass_contest", phase="pass")
def contest_prompt(s: State, data: Data) -> Pick:
    a = the_pass(s)
    return Pick(
        actor=None,
        text=f"Who else stands next to {s.label(a.target or '')} and goes for the ball? (none: only the receiver)",
        options=ask.player_options(s, data, contest_candidates(s), "catch"),
        min=0,
    )


@answers("pass_contest")
def contest_apply(s: State, data: Data, event: Event) -> None:
    a = the_pass(s)
    a.contesters = list(event.value)  # type: ignore[arg-type]
    s.step = "pass_wardrobe" if wardrobe_candidates(s, data) else "pass_roll"


def wardrobe_candidates(s: State, data: Data) -> list[str]:
    a = the_pass(s)
    return ask.eligible_cheaters(s, data, s.standing(1 - a.team), {"wardrobe"})


@asks("pass_wardrobe", phase="cheat")
def wardrobe_prompt(s: State, data: Data) -> Pick:
    a = the_pass(s)
    ids = wardrobe_candidates(s, data)
    options = tuple(ask.player_option(s, data, pid, "cheat", note="Wardrobe Malfunction") for pid in ids)
    return Pick(actor=1 - a.team, text="Does anyone in the thrower's or the receiver's grid cheat? (pick none to play fair)", options=options, min=0)


@answers("pass_wardrobe")
def wardrobe_apply(s: State, data: Data, event: Event) -> None:
    the_pass(s).cheaters = list(event.value)  # type: ignore[arg-type]
    s.step = "pass_roll"


@asks("pass_roll", phase="pass")
def roll_prompt(s: State, data: Data) -> Roll:
    a = the_pass(s)
    ref, target = flow.ref_number(s, data), data.challenges.beat + (a.grids or 0)
    who = catchers(s)
    dice = [ask.stat_die(s, data, a.actor, "pass_")]
    dice += [ask.stat_die(s, data, pid, "catch") for pid in who]
    dice += [ask.cheat_die(s, data, pid) for pid in a.cheaters]
    cheats = tuple(flow.die(s, data, pid, "cheat") for pid in a.cheaters)
    nc = odds.not_caught(cheats, ref)
    if who:
        minus = tuple(odds.honest(c, ref) for c in cheats)
        p = nc * odds.pass_completes(flow.die(s, data, a.actor, "pass_"), tuple(flow.die(s, data, pid, "catch") for pid in who), target, minus)
    else:
        p = 0.0
    pairs = [("complete", p), ("incomplete", nc - p)]
    if cheats:
        pairs.append(("a cheat is spotted: ejection, play void", 1 - nc))
    return Roll(
        actor=a.team,
        text=f"Pass from {s.label(a.actor)} to {s.label(a.target or '')}, {a.grids} grid(s) between." + ("" if who else " Nobody can catch it."),
        purpose="Pass + Catch",
        dice=tuple(dice),
        success=f"Pass + best Catch over {target}; the highest Catch takes the ball",
        odds=ask.outcomes(*pairs),
    )


@answers("pass_roll")
def roll_apply(s: State, data: Data, event: Event) -> None:
    a = the_pass(s)
    faces = list(event.value)  # type: ignore[arg-type]
    who = catchers(s)
    pass_face, catch_faces, cheat_faces = faces[0], faces[1 : 1 + len(who)], faces[1 + len(who) :]
    s.cheated += a.cheaters
    spotted = ask.spotted(s, data, a.cheaters, cheat_faces)
    if spotted:
        flow.caught_cheating(s, data, spotted)
        return
    resume = "next_half" if s.ball == "air" else "move"
    if not who:
        flow.end_play(s, "pass incomplete: nobody there to catch it")
        return
    best, target = max(catch_faces), data.challenges.beat + (a.grids or 0)
    total = pass_face + best - sum(cheat_faces)
    if total <= target:
        flow.end_play(s, f"pass incomplete (Pass {pass_face} + Catch {best}" + (f" - {sum(cheat_faces)}" if cheat_faces else "") + f" = {total}, not over {target})")
        return
    top = [pid for pid, face in zip(who, catch_faces) if face == best]
    s.action = None
    s.contest = Contest(purpose="pass", contenders=top, need=target, resume=resume)
    if len(top) > 1:
        s.contest.tied_value = best
        s.note(flow.stamp(s), f"The pass is good ({total} beats {target}) but {', '.join(s.label(p) for p in top)} tie at {best}: roll again.")
        s.step = "contest_roll"
        return
    contest.caught(s, data, top[0])
