"""A live ball: each captain's half of a round (the action menu) and Hustle vs Block to pass a square."""

from __future__ import annotations

from refbox.engine.prompts import Choose, Event, Option, Refusal, Roll
from refbox.games.monster_ball import ask, flow, odds
from refbox.games.monster_ball.data import Data
from refbox.games.monster_ball.models import Action, State
from refbox.games.monster_ball.steps import STEPS, answers, asks

STANDALONE_CHEATS = {"blink", "missile", "holding"}
HALF_PHASES = {"live", "tackle", "pass", "cheat", "fumble"}
"""Phases of the steps a captain's half-round is made of: the action menu and what is declared from it."""


def half_running(s: State) -> bool:
    """A captain's half-round is under way: the action menu, or an action declared from it (a Hustle,
    a tackle, a pass, a cheat, a fumble it caused). The screen's one-minute countdown runs exactly then."""
    if s.round < 1 or s.play is None or s.step not in STEPS or STEPS[s.step].phase not in HALF_PHASES:
        return False
    if s.contest is not None and s.contest.resume != "move":
        return False  # a kick, a hike or a long pass coming down after the half: no captain's time
    return not (s.ball == "air" and s.air is None)  # the long pass is resolved after the other half


def movers(s: State, team: int) -> list[str]:
    return [pid for pid in s.standing(team) if pid not in s.held]


def standalone_cheaters(s: State, data: Data, team: int) -> list[str]:
    out = ask.eligible_cheaters(s, data, s.standing(team), STANDALONE_CHEATS)
    targets = bool(s.standing(1 - team))
    return [pid for pid in out if (pid not in s.held if flow.creature(s, data, pid).cheat_kind == "blink" else targets)]


def can_pass(s: State, team: int) -> bool:
    c = s.carrier
    if s.ball != "held" or c is None or s.team_of(c) != team or c not in s.standing(team):
        return False
    if c == s.hike_catcher and s.round == 1:
        return False
    return any(pid != c for pid in s.standing(team))


@asks("move", phase="live")
def move_prompt(s: State, data: Data) -> Choose:
    team, other = s.mover, 1 - s.mover
    has_ball = s.ball == "held" and s.carrier is not None and s.team_of(s.carrier) == team
    options = [Option(id="done", label="Done moving", hint="the other side moves next", actor=team)]
    if movers(s, team) and s.standing(other):
        options.append(Option(id="hustle", label="Hustle through an opponent's square", actor=team))
    if s.standing(team) and s.standing(other):
        options.append(Option(id="tackle", label="Tackle", hint="legal only on the ball carrier", actor=team))
    if can_pass(s, team):
        options.append(Option(id="pass", label=f"{s.label(s.carrier)} passes (or hands off)", actor=team))
    if standalone_cheaters(s, data, team):
        options.append(Option(id="cheat", label="Cheat: Blink, Magic Missile or Holding", actor=team))
    if s.captain_minute:
        options.append(Option(id="timeout", label="Time's up", hint="the minute ran out: unmoved players stay", actor=team))
    if has_ball:  # the play-ending options come last, never on the key "done" has
        options.append(Option(id="touchdown", label=f"{s.label(s.carrier)} reaches the end zone: touchdown", actor=team))
        options.append(Option(id="out", label=f"{s.label(s.carrier)} steps out of bounds", actor=team))
    half = "moves first" if s.halves_done == 0 else "moves second"
    return Choose(actor=team, text=f"Round {s.round}: {s.teams[team].name} {half}. Move your players; tell refbox about each contest.",
                  options=tuple(options), refused=_move_refusals(s, data, team, has_ball))


def _move_refusals(s: State, data: Data, team: int, has_ball: bool) -> tuple[Refusal, ...]:
    """A pass or a cheat the team would look for, and the rule that stops it now."""
    refused = []
    c = s.carrier
    if has_ball and c is not None and not can_pass(s, team):
        why = ask.why_not_acting(s, c)
        if not why and c == s.hike_catcher and s.round == 1:
            why = "whoever catches the hike cannot also throw in that round"
        if why:
            refused.append(Refusal(id="pass", label=f"{s.label(c)} passes", reason=why))
    if not standalone_cheaters(s, data, team):
        could = [pid for pid in s.standing(team) if flow.creature(s, data, pid).cheat_kind in STANDALONE_CHEATS
                 and not s.player(pid).ejected]
        if could and all(pid in s.cheated for pid in could):
            refused.append(Refusal(id="cheat", label="Cheat", reason="each player who could has cheated this round already"))
    return tuple(refused)


@answers("move")
def move_apply(s: State, data: Data, event: Event) -> None:
    choice, team = str(event.value), s.mover
    if choice in ("done", "timeout"):
        if choice == "timeout":
            s.note(flow.stamp(s), f"{flow.possessive(s.teams[team].name)} minute is up: their unmoved players stay put.", team)
        flow.end_half(s, data)
    elif choice == "touchdown":
        s.note(flow.stamp(s), f"{s.label(s.carrier)} carries the ball into the end zone.", team)
        flow.score(s, data, team, data.scoring.touchdown, "Touchdown")
    elif choice == "out":
        flow.end_play(s, f"{s.label(s.carrier)} steps out of bounds")
    elif choice == "cheat":
        s.step = "cheater"  # the cheat's kind is known once the cheater is named
    else:
        s.action = Action(kind=choice, actor=s.carrier if choice == "pass" else None, team=team)  # type: ignore[arg-type]
        s.step = {"hustle": "hustle_mover", "tackle": "tackle_target", "pass": "pass_receiver"}[choice]


@asks("hustle_mover", phase="live")
def hustle_mover_prompt(s: State, data: Data) -> Choose:
    return Choose(actor=s.mover, text="Who is moving into an occupied square?", options=ask.player_options(s, data, movers(s, s.mover), "hustle"),
                  refused=ask.sidelined(s, (s.mover,), moving=True))


@answers("hustle_mover")
def hustle_mover_apply(s: State, data: Data, event: Event) -> None:
    assert s.action is not None
    s.action.actor = str(event.value)
    s.step = "hustle_blocker"


@asks("hustle_blocker", phase="live")
def hustle_blocker_prompt(s: State, data: Data) -> Choose:
    other = 1 - s.mover
    return Choose(actor=s.mover, text="Whose square is it? (downed or stunned players are passed freely)", options=ask.player_options(s, data, s.standing(other), "block"))


@answers("hustle_blocker")
def hustle_blocker_apply(s: State, data: Data, event: Event) -> None:
    assert s.action is not None
    blocker = str(event.value)
    s.action.target = blocker
    s.action.defence = "block"
    cheats = ask.eligible_cheaters(s, data, [blocker], {"slam", "roughness"})
    s.step = "block_style" if cheats else "hustle_roll"


@asks("block_style", phase="live")
def block_style_prompt(s: State, data: Data) -> Choose:
    assert s.action is not None and s.action.target is not None
    blocker = s.action.target
    team = s.team_of(blocker)
    c = flow.creature(s, data, blocker)
    cheat_id = "slam" if c.cheat_kind == "slam" else "block_rough"
    return Choose(
        actor=team,
        text=f"{s.label(blocker)} stands in the way. Block honestly, or cheat?",
        options=(
            Option(id="block", label=f"Block (d{c.block})", actor=team),
            Option(id=cheat_id, label=f"Cheat: {c.cheat_name} (d{c.cheat})", hint=c.cheat_effect, actor=team),
        ),
    )


@answers("block_style")
def block_style_apply(s: State, data: Data, event: Event) -> None:
    assert s.action is not None
    s.action.defence = str(event.value)  # type: ignore[assignment]
    s.step = "hustle_roll"


def block_dice(s: State, data: Data) -> list:
    a = s.action
    assert a is not None and a.target is not None
    if a.defence == "slam":
        return [ask.cheat_die(s, data, a.target)]
    dice = [ask.stat_die(s, data, a.target, "block")]
    if a.defence == "block_rough":
        dice.append(ask.cheat_die(s, data, a.target))
    return dice


@asks("hustle_roll", phase="live")
def hustle_roll_prompt(s: State, data: Data) -> Roll:
    a = s.action
    assert a is not None and a.actor is not None and a.target is not None
    ref = flow.ref_number(s, data)
    h = flow.die(s, data, a.actor, "hustle")
    cheat = flow.die(s, data, a.target, "cheat")
    block = flow.die(s, data, a.target, "block")
    carrier = a.actor == s.carrier
    # A partition of every roll: Hustle 1 never gets through (the block shows 1 or more), so a carrier's
    # fumble is a share of "stopped" (or, against a Slam, the whole of "stunned"), never counted twice.
    fumble = 1 / h if carrier else 0.0
    if a.defence == "slam":
        nc = odds.not_caught((cheat,), ref)
        through, tie, stunned = odds.compare(((h, 1),), (odds.honest(cheat, ref),))
        # An unspotted Slam shows more than the referee's number: Hustle 1 is stunned (and fumbles) unless
        # the referee spots nothing at all and the Slam shows 1 too: then it is stopped and fumbles.
        tie_on_1 = fumble / cheat if ref < 1 else 0.0
        pairs = [("spotted: blocker ejected, play void", 1 - nc), ("gets through", nc * through),
                 ("stopped", nc * (tie - tie_on_1)), ("stunned and fumbles" if carrier else "stunned", nc * stunned)]
        if tie_on_1:
            pairs.append(("rolls 1: stopped and fumbles", nc * tie_on_1))
    elif a.defence == "block_rough":
        nc = odds.not_caught((cheat,), ref)
        through, _, _ = odds.compare(((h, 1),), ((block, 1), odds.honest(cheat, ref)))
        pairs = [("spotted: blocker ejected, play void", 1 - nc), ("gets through", nc * through),
                 ("stopped, loses a square", nc * (1 - through - fumble))]
        if carrier:
            pairs.append(("rolls 1: stopped and fumbles", nc * fumble))
    else:
        through, _, _ = odds.compare(((h, 1),), ((block, 1),))
        pairs = [("gets through", through), ("stopped, loses a square", 1 - through - fumble)]
        if carrier:
            pairs.append(("rolls 1: stopped and fumbles", fumble))
    return Roll(
        actor=s.mover,
        text=f"{s.label(a.actor)} tries to get past {s.label(a.target)}.",
        purpose="Hustle vs Block",
        dice=(ask.stat_die(s, data, a.actor, "hustle"), *block_dice(s, data)),
        success="Hustle beats the block",
        odds=ask.outcomes(*pairs),
    )


@answers("hustle_roll")
def hustle_roll_apply(s: State, data: Data, event: Event) -> None:
    a = s.action
    assert a is not None and a.actor is not None and a.target is not None
    faces = list(event.value)  # type: ignore[arg-type]
    hustle, mover, blocker = faces[0], a.actor, a.target
    if a.defence in ("slam", "block_rough"):
        s.cheated.append(blocker)
        cheat_face = faces[1] if a.defence == "slam" else faces[2]
        if cheat_face <= flow.ref_number(s, data):
            flow.caught_cheating(s, data, [blocker])
            return
    block = sum(faces[1:])
    s.action = None
    s.step = "move"
    if hustle > block:
        s.note(flow.stamp(s), f"{s.label(mover)} Hustle {hustle} beats {block}: through {s.label(blocker)}'s square.", s.mover)
    elif a.defence == "slam" and block > hustle:
        s.note(flow.stamp(s), f"Slam {block} beats Hustle {hustle}: {s.label(mover)} is stunned for the round.", 1 - s.mover)
        s.stunned.append(mover)
        if mover == s.carrier:
            flow.fumble(s, data, mover, "slammed")
            return
    else:
        s.note(flow.stamp(s), f"{s.label(mover)} Hustle {hustle} does not beat {block}: stopped, loses a square.", s.mover)
    if hustle == 1 and mover == s.carrier:
        flow.fumble(s, data, mover, "rolled a 1 on Hustle", only=blocker)

