"""Several players rolling Catch for one ball (a kick, a fumble, a tied pass): highest wins, ties roll again."""

from __future__ import annotations

from refbox.engine.errors import RuleError
from refbox.engine.prompts import Choose, Event, Legal, Pick, Roll
from refbox.games.monster_ball import ask, flow, odds, onekey
from refbox.games.monster_ball.data import Data
from refbox.games.monster_ball.models import Contest, State
from refbox.games.monster_ball.steps import STEPS, forcible


def new(purpose: str, contenders: list[str], need: int, resume: str, excluded: list[str] | None = None) -> Contest:
    return Contest(purpose=purpose, contenders=contenders, need=need, excluded=excluded or [], resume=resume)


def recovery_candidates(s: State) -> list[str]:
    assert s.contest is not None
    return [pid for team in (0, 1) for pid in s.standing(team) if pid not in s.contest.excluded]


@forcible("recovery_pick", phase="fumble")
def recovery_pick_legal(s: State, data: Data) -> Legal:
    """At the table (onekey): nobody, one player, or several (a selection next)."""
    return onekey.legal(s, None, recovery_candidates(s), "none")


@STEPS.prompt_for("recovery_pick")
def recovery_pick_prompt(s: State, data: Data, legal: Legal) -> Choose | Pick:
    assert s.contest is not None
    fumbler = s.label(s.fumbler) if s.fumbler else "the fumbler"
    refused = ask.sidelined(s, (0, 1)) + tuple(
        ask.refusal(s, pid, "took part in the tackle that knocked the ball loose")
        for pid in s.contest.excluded if pid in s.standing(s.team_of(pid)))
    return onekey.prompt(s, data, legal, f"Who stands next to {fumbler} and tries to recover the ball?", "catch",
                         "Nobody: the ball hits the ground", refused)


@STEPS.apply_for("recovery_pick")
def recovery_pick_apply(s: State, data: Data, event: Event) -> None:
    assert s.contest is not None
    picked = onekey.picked(s, event, "none")
    if picked is None:
        return
    if any(pid not in recovery_candidates(s) for pid in picked):
        raise RuleError("Players in the tackle, downed or stunned players cannot recover the ball.")
    if not picked:
        flow.end_play(s, data, "nobody recovers the fumble; the ball hits the ground")
        return
    s.contest.contenders = picked
    s.step = "contest_roll"


@STEPS.legal_for("contest_roll", phase="fumble")
def contest_legal(s: State, data: Data) -> Legal:
    c = s.contest
    assert c is not None
    return ask.dice(None, [flow.die(s, data, pid, "catch") for pid in c.contenders])


@STEPS.prompt_for("contest_roll")
def contest_prompt(s: State, data: Data, legal: Legal) -> Roll:
    c = s.contest
    assert c is not None
    dice = tuple(ask.stat_die(s, data, pid, "catch") for pid in c.contenders)
    sides = tuple(flow.die(s, data, pid, "catch") for pid in c.contenders)
    what = {"kick": "catch the kick", "recovery": "recover the fumble", "pass": "take the pass"}[c.purpose]
    need = 0 if c.tied_value is not None else c.need
    alone, tie = odds.highest_shares(sides, need)
    pairs = [(f"{s.label(pid)} takes it", p) for pid, p in zip(c.contenders, alone)] if len(sides) > 1 else []
    if len(sides) > 1:
        pairs.append(("a tie at the top: roll again", tie))
    if c.tied_value is not None:
        return Roll(
            actor=None,
            text="A tie for the ball: roll again to see who gets it.",
            purpose=f"tie-break to {what}",
            dice=dice,
            success="highest roll takes the ball; ties roll again",
            odds=ask.outcomes(*pairs),
        )
    p = sum(alone) + tie
    if len(sides) == 1:
        pairs = [(f"{s.label(c.contenders[0])} takes it", p)]
    pairs.append(("nobody does", 1 - p))
    return Roll(
        actor=None,
        text=f"Catch rolls to {what}: the highest over {c.need} takes it.",
        purpose=what,
        dice=dice,
        success=f"highest roll over {c.need}",
        odds=ask.outcomes(*pairs),
    )


@STEPS.apply_for("contest_roll")
def contest_apply(s: State, data: Data, event: Event) -> None:
    c = s.contest
    assert c is not None
    faces = list(event.value)  # type: ignore[arg-type]
    best = max(faces)
    if c.tied_value is None and best <= c.need:
        missed(s, data)
        return
    top = [pid for pid, face in zip(c.contenders, faces) if face == best]
    if len(top) > 1:
        c.contenders, c.tied_value = top, best if c.tied_value is None else c.tied_value
        if s.logged:
            s.note(flow.stamp(s), f"Tie at {best} between {', '.join(s.label(p) for p in top)}: roll again.")
        return
    caught(s, data, top[0])


def missed(s: State, data: Data) -> None:
    c = s.contest
    assert c is not None
    if c.purpose == "kick":
        flow.new_series(s, data, 1 - s.possession, data.field.start_to_go, "nobody catches the kick")
    elif c.purpose == "recovery":
        flow.end_play(s, data, "nobody recovers the fumble; the ball hits the ground")
    else:
        flow.end_play(s, data, "pass incomplete")


def caught(s: State, data: Data, pid: str) -> None:
    c = s.contest
    assert c is not None
    verbs = {"kick": "catches the kick", "recovery": "recovers the ball", "pass": "makes the catch"}
    if s.logged:
        s.note(flow.stamp(s), f"{s.label(pid)} {verbs[c.purpose]}.", s.team_of(pid))
    thrower = s.carrier if s.carrier is not None and s.team_of(s.carrier) == s.team_of(pid) else None
    flow.give_ball(s, pid, announce=c.purpose != "kick")
    s.contest, s.fumbler = None, None
    if flow.scored_on_field(s, data, thrower):  # a catch in the end zone: the report credits the team-mate who threw
        return
    if c.purpose != "recovery":
        flow.credit(s, "catches", pid)
    if c.resume == "rounds":
        flow.begin_rounds(s, data)
    elif c.resume == "next_half":
        flow.next_half(s, data)
    else:
        s.step = "move"
