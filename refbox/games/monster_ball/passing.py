"""Passes: Pass + Catch must beat 3 plus the grids between; neighbours contest; long balls hang in the air.

On the field refbox counts the grids between thrower and receiver, and whoever stands next to the receiver
(or, for a long ball, next to the square it comes down on) goes for it.
"""

from __future__ import annotations

from refbox.engine.prompts import Choose, Event, Legal, Number, Pick, Roll
from refbox.games.luck import Wins
from refbox.games.monster_ball import ask, contest, flow, odds, onekey, places
from refbox.games.monster_ball.data import Data
from refbox.games.monster_ball.models import Action, State
from refbox.games.monster_ball.steps import STEPS, forcible

AIR_GRIDS = 2
"""Grids between at which the ball is in the air for a second (thrown more than one grid)."""


def the_pass(s: State) -> Action:
    assert s.action is not None and s.action.kind == "pass" and s.action.actor is not None
    return s.action


def catchers(s: State) -> list[str]:
    a = the_pass(s)
    if s.board:
        return list(a.contesters)  # everyone within reach of the ball, the intended receiver first
    receiver = [a.target] if a.target in s.standing(a.team) else []
    return [*receiver, *a.contesters]


@forcible("pass_receiver", phase="pass")
def receiver_legal(s: State, data: Data) -> Legal:
    a = the_pass(s)
    return ask.choice(a.team, [pid for pid in s.standing(a.team) if pid != a.actor])


def reaching(s: State, square, thrower: str, receiver: str | None) -> list[str]:
    """Figures who go for a ball arriving at ``square``: the receiver first (if within reach), then the rest."""
    near = places.near_standing(s, square, but=(thrower,))
    if receiver in near:
        near.remove(receiver)
        near.insert(0, receiver)
    return near


def catch_dice(s: State, data: Data, team: int, who: list[str]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The Catch dice of those going for the ball: the thrower's side's, the other side's."""
    dice = [(s.team_of(pid) == team, flow.die(s, data, pid, "catch")) for pid in who]
    return tuple(n for mine, n in dice if mine), tuple(n for mine, n in dice if not mine)


def completion_chance(s: State, data: Data, thrower: str, receiver: str) -> float:
    """P(the pass is good and a team-mate has the best Catch, nobody of the other side level with him), honest
    rolls, on the field."""
    p = data.pitch
    grids = p.grids_between(s.pos[thrower], s.pos[receiver])
    ours, theirs = catch_dice(s, data, s.team_of(thrower), reaching(s, s.pos[receiver], thrower, receiver))
    return odds.pass_caught(flow.die(s, data, thrower, "pass_"), ours, theirs, data.challenges.beat + grids)[0]


@STEPS.prompt_for("pass_receiver")
def receiver_prompt(s: State, data: Data, legal: Legal) -> Choose:
    a = the_pass(s)
    options = []
    p = data.pitch
    for pid in legal.ids:
        if s.board:
            grids = p.grids_between(s.pos[a.actor], s.pos[pid])
            air = " · in the air a round" if grids >= AIR_GRIDS else ""
            options.append(ask.player_option(s, data, pid, "catch", note=ask.grids_words(grids) + air,
                                             chance=completion_chance(s, data, a.actor, pid),
                                             chance_of="the pass being caught by a team-mate"))
        else:
            options.append(ask.player_option(s, data, pid, "catch"))
    text = f"{s.label(a.actor)} throws to whom?" + (" (chance: a team-mate catches it, honest rolls)" if s.board else "")
    return Choose(actor=a.team, text=text, options=tuple(options), refused=ask.sidelined(s, (a.team,)))


@STEPS.apply_for("pass_receiver")
def receiver_apply(s: State, data: Data, event: Event) -> None:
    a = the_pass(s)
    a.target = str(event.value)
    if not s.board:
        s.step = "pass_grids"
        return
    a.origin = s.pos[a.actor]
    throw(s, data, data.pitch.grids_between(a.origin, s.pos[a.target]))


@STEPS.legal_for("pass_grids", phase="pass")
def grids_legal(s: State, data: Data) -> Legal:
    return ask.number(None, 0, data.field.max_grids_between)


@STEPS.prompt_for("pass_grids")
def grids_prompt(s: State, data: Data, legal: Legal) -> Number:
    return Number(
        actor=None,
        text="Grids between thrower and receiver: count from the grid next to the thrower's to the receiver's (0: same grid).",
        min=0,
        max=data.field.max_grids_between,
        unit="grids",
    )


@STEPS.apply_for("pass_grids")
def grids_apply(s: State, data: Data, event: Event) -> None:
    throw(s, data, int(event.value))  # type: ignore[arg-type]


def throw(s: State, data: Data, grids: int) -> None:
    a = the_pass(s)
    a.grids = grids
    assert a.target is not None
    if a.grids >= AIR_GRIDS:
        if s.logged:
            s.note(flow.stamp(s), f"{s.label(a.actor)} throws long to {s.label(a.target)} ({ask.grids_words(a.grids)}): the ball is in the air.", a.team)
        a.thrown_round = s.round
        s.air, s.action = a, None
        s.ball, s.carrier = "air", None
        if s.board:
            s.ball_at = s.pos[a.target]
        s.step = "move"
    elif s.board:
        a.contesters = reaching(s, s.pos[a.target], a.actor, a.target)
        after_catchers(s, data)
    else:
        s.step = "pass_contest"


def comes_down(s: State, data: Data) -> None:
    """On the field, a long pass lands on the square it was thrown to, after the other side has moved:
    whoever stands on it or next to it goes for the ball (the receiver only if he is still within reach)."""
    a = s.air
    assert a is not None and a.actor is not None and s.ball_at is not None
    s.action, s.air = a, None
    a.contesters = reaching(s, s.ball_at, a.actor, a.target)
    if s.logged:
        who = ", ".join(s.label(p) for p in a.contesters) or "nobody"
        s.note(flow.stamp(s), f"The ball comes down: within reach {who}.", a.team)
    after_catchers(s, data)


def after_catchers(s: State, data: Data) -> None:
    s.step = "pass_wardrobe" if wardrobe_candidates(s, data) else "pass_roll"


def contest_candidates(s: State) -> list[str]:
    a = the_pass(s)
    return [pid for team in (0, 1) for pid in s.standing(team) if pid not in (a.actor, a.target)]


@forcible("pass_contest", phase="pass")
def contest_legal(s: State, data: Data) -> Legal:
    """At the table (onekey): nobody else, one player, or several (a selection next)."""
    return onekey.legal(s, None, contest_candidates(s), "none")


@STEPS.prompt_for("pass_contest")
def contest_prompt(s: State, data: Data, legal: Legal) -> Choose | Pick:
    a = the_pass(s)
    return onekey.prompt(s, data, legal, f"Who else stands next to {s.label(a.target or '')} and goes for the ball?",
                         "catch", "Nobody else: only the receiver")


@STEPS.apply_for("pass_contest")
def contest_apply(s: State, data: Data, event: Event) -> None:
    picked = onekey.picked(s, event, "none")
    if picked is None:
        return
    the_pass(s).contesters = picked
    after_catchers(s, data)


def wardrobe_candidates(s: State, data: Data) -> list[str]:
    """Opponents who may pull a Wardrobe Malfunction: at the table anyone who has it; on the field those in the
    thrower's grid (where he threw from) or in a catcher's grid."""
    a = the_pass(s)
    if not s.board:
        return ask.eligible_cheaters(s, data, s.standing(1 - a.team), {"wardrobe"})
    squares = [a.origin or s.pos[a.actor], *(s.pos[pid] for pid in a.contesters)]
    return places.cheaters_in_grids(s, data, squares, 1 - a.team, "wardrobe")


@STEPS.legal_for("pass_wardrobe", phase="cheat")
def wardrobe_legal(s: State, data: Data) -> Legal:
    """Play fair, one cheater, all of them, or several (a selection next)."""
    return ask.choice(1 - the_pass(s).team, ask.subset_ids(wardrobe_candidates(s, data), "fair"))


@STEPS.prompt_for("pass_wardrobe")
def wardrobe_prompt(s: State, data: Data, legal: Legal) -> Choose:
    return Choose(actor=legal.actor, text="Does anyone in the thrower's or the receiver's grid cheat?",
                  options=ask.subset_options(s, data, legal.ids, "cheat", "Play fair"))


@STEPS.apply_for("pass_wardrobe")
def wardrobe_apply(s: State, data: Data, event: Event) -> None:
    picked = ask.subset_of(str(event.value), wardrobe_candidates(s, data), "fair")
    if picked is None:
        s.step = "pass_wardrobe_some"
        return
    the_pass(s).cheaters = picked
    s.step = "pass_roll"


@STEPS.legal_for("pass_wardrobe_some", phase="cheat")
def wardrobe_some_legal(s: State, data: Data) -> Legal:
    return ask.picks(1 - the_pass(s).team, wardrobe_candidates(s, data), 1)


@STEPS.prompt_for("pass_wardrobe_some")
def wardrobe_some_prompt(s: State, data: Data, legal: Legal) -> Pick:
    ids = legal.ids
    return Pick(actor=1 - the_pass(s).team, text="Who cheats on the pass?", min=1,
                options=tuple(ask.player_option(s, data, pid, "cheat", note="Wardrobe Malfunction") for pid in ids))


@STEPS.apply_for("pass_wardrobe_some")
def wardrobe_some_apply(s: State, data: Data, event: Event) -> None:
    the_pass(s).cheaters = list(event.value)  # type: ignore[arg-type]
    s.step = "pass_roll"


@STEPS.legal_for("pass_roll", phase="pass")
def roll_legal(s: State, data: Data) -> Legal:
    a = the_pass(s)
    sides = [flow.die(s, data, a.actor, "pass_")]
    sides += [flow.die(s, data, pid, "catch") for pid in catchers(s)]
    sides += [flow.die(s, data, pid, "cheat") for pid in a.cheaters]
    return ask.dice(a.team, sides)


@STEPS.prompt_for("pass_roll")
def roll_prompt(s: State, data: Data, legal: Legal) -> Roll:
    a = the_pass(s)
    ref, target = flow.ref_number(s, data), data.challenges.beat + (a.grids or 0)
    who = catchers(s)
    dice = [ask.stat_die(s, data, a.actor, "pass_")]
    dice += [ask.stat_die(s, data, pid, "catch") for pid in who]
    dice += [ask.cheat_die(s, data, pid) for pid in a.cheaters]
    cheats = tuple(flow.die(s, data, pid, "cheat") for pid in a.cheaters)
    nc = odds.not_caught(cheats, ref)
    ours, theirs = catch_dice(s, data, a.team, who)
    minus = tuple(odds.honest(c, ref) for c in cheats)
    p, stolen, tie = (nc * q for q in odds.pass_caught(flow.die(s, data, a.actor, "pass_"), ours, theirs, target,
                                                       minus)) if who else (0.0, 0.0, 0.0)
    other = s.teams[1 - a.team].name
    pairs = [(f"caught by {s.teams[a.team].name}", p)]
    if theirs:  # an opponent goes for the ball too
        pairs += [(f"intercepted by {other}", stolen), (f"a tie with {other} for the catch: roll again", tie)]
    pairs.append(("incomplete", nc - p - stolen - tie))
    if cheats:
        pairs.append(("a cheat is spotted: ejection, play void", 1 - nc))
    receiver = s.label(a.target or "")
    return Roll(
        actor=a.team,
        text=f"Pass from {s.label(a.actor)} to {receiver}, {ask.grids_words(a.grids or 0)}." + ("" if who else " Nobody can catch it."),
        purpose="Pass + Catch",
        dice=tuple(dice),
        success=f"Pass + best Catch over {target}; the highest Catch takes the ball",
        odds=ask.outcomes(*pairs),
        chance=p,
        wins=Wins(pass_caught_by_thrower, (tuple(s.team_of(pid) == a.team for pid in who), ref, target)),
    )


@STEPS.apply_for("pass_roll")
def roll_apply(s: State, data: Data, event: Event) -> None:
    a = the_pass(s)
    faces = list(event.value)  # type: ignore[arg-type]
    who = catchers(s)
    flow.credit(s, "passes", a.actor)
    pass_face, catch_faces, cheat_faces = faces[0], faces[1 : 1 + len(who)], faces[1 + len(who) :]
    s.cheated += a.cheaters
    spotted = ask.spotted(s, data, a.cheaters, cheat_faces)
    if spotted:
        flow.caught_cheating(s, data, spotted)
        return
    resume = "next_half" if s.ball == "air" and not a.at_round_start else "move"
    if not who:
        flow.end_play(s, data, "pass incomplete: nobody there to catch it", at=a.origin)
        return
    best, target = max(catch_faces), data.challenges.beat + (a.grids or 0)
    total = pass_face + best - sum(cheat_faces)
    if total <= target:
        flow.end_play(s, data, f"pass incomplete (Pass {pass_face} + Catch {best}" + (f" - {sum(cheat_faces)}" if cheat_faces else "")
                      + f" = {total}, not over {target})", at=a.origin)
        return
    top = [pid for pid, face in zip(who, catch_faces) if face == best]
    s.action = None
    s.contest = contest.new(purpose="pass", contenders=top, need=target, resume=resume)
    if len(top) > 1:
        s.contest.tied_value = best
        if s.logged:
            s.note(flow.stamp(s), f"The pass is good ({total} beats {target}) but {', '.join(s.label(p) for p in top)} tie at {best}: roll again.")
        s.step = "contest_roll"
        return
    contest.caught(s, data, top[0])


def pass_caught_by_thrower(faces: list[int], mine: tuple[bool, ...], ref: int, target: int) -> bool:
    """No cheat spotted, Pass + the best Catch less the cheats over ``target``, and that best Catch is a
    team-mate's with nobody of the other side level (``mine``: per catcher, whether he is the thrower's)."""
    catches, cheats = faces[1:1 + len(mine)], faces[1 + len(mine):]
    if not catches or any(f <= ref for f in cheats):
        return False
    best = max(catches)
    theirs = [f for f, m in zip(catches, mine) if not m]
    return (faces[0] + best - sum(cheats) > target and any(f == best for f, m in zip(catches, mine) if m)
            and best not in theirs)
