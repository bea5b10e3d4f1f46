"""Hustle vs Block: a figure moving into an occupied square rolls its Hustle against the Block of whoever stands
there (who may cheat with Unnecessary Roughness or a Slam); a carrier rolling a 1 fumbles to the blocker.

At the table the captain names the mover and the blocker; on the field the square picked says who they are.
"""

from __future__ import annotations

from refbox.engine.prompts import Choose, Event, Legal, Option, Roll
from refbox.games.luck import Wins
from refbox.games.monster_ball import ask, flow, odds
from refbox.games.monster_ball.data import Data
from refbox.games.monster_ball.live import movers
from refbox.games.monster_ball.models import State
from refbox.games.monster_ball.steps import STEPS, forcible


@forcible("hustle_mover", phase="live")
def hustle_mover_legal(s: State, data: Data) -> Legal:
    return ask.choice(s.mover, movers(s, s.mover))


@STEPS.prompt_for("hustle_mover")
def hustle_mover_prompt(s: State, data: Data, legal: Legal) -> Choose:
    return Choose(actor=s.mover, text="Who is moving into an occupied square?", options=ask.player_options(s, data, legal.ids, "hustle"),
                  refused=ask.sidelined(s, (s.mover,), moving=True))


@STEPS.apply_for("hustle_mover")
def hustle_mover_apply(s: State, data: Data, event: Event) -> None:
    assert s.action is not None
    s.action.actor = str(event.value)
    s.step = "hustle_blocker"


@forcible("hustle_blocker", phase="live")
def hustle_blocker_legal(s: State, data: Data) -> Legal:
    return ask.choice(s.mover, s.standing(1 - s.mover))


@STEPS.prompt_for("hustle_blocker")
def hustle_blocker_prompt(s: State, data: Data, legal: Legal) -> Choose:
    assert s.action is not None and s.action.actor is not None
    mover = s.action.actor
    options = tuple(ask.player_option(s, data, pid, "block", chance=hustle_chance(s, data, mover, pid),
                                      chance_of=f"{s.label(mover)} getting past {s.label(pid)}")
                    for pid in legal.ids)
    return Choose(actor=s.mover, text="Whose square is it? (downed or stunned players are passed freely)", options=options)


@STEPS.apply_for("hustle_blocker")
def hustle_blocker_apply(s: State, data: Data, event: Event) -> None:
    assert s.action is not None
    start_hustle(s, data, str(event.value))


def start_hustle(s: State, data: Data, blocker: str) -> None:
    """The mover (``s.action.actor``) tries to enter ``blocker``'s square: the blocker may cheat if an opponent."""
    assert s.action is not None
    s.action.target = blocker
    s.action.defence = "block"
    opponent = s.team_of(blocker) != s.team_of(s.action.actor or blocker)
    cheats = ask.eligible_cheaters(s, data, [blocker], {"slam", "roughness"}) if opponent else []
    s.step = "block_style" if cheats else "hustle_roll"


def hustle_chance(s: State, data: Data, mover: str, blocker: str) -> float:
    """P(the mover gets through an honest Block)."""
    through, _, _ = odds.compare(((flow.die(s, data, mover, "hustle"), 1),), ((flow.die(s, data, blocker, "block"), 1),))
    return through


@STEPS.legal_for("block_style", phase="live")
def block_style_legal(s: State, data: Data) -> Legal:
    assert s.action is not None and s.action.target is not None
    blocker = s.action.target
    c = flow.creature(s, data, blocker)
    return ask.choice(s.team_of(blocker), ("block", "slam" if c.cheat_kind == "slam" else "block_rough"))


@STEPS.prompt_for("block_style")
def block_style_prompt(s: State, data: Data, legal: Legal) -> Choose:
    assert s.action is not None and s.action.target is not None and s.action.actor is not None
    blocker, mover = s.action.target, s.action.actor
    team = s.team_of(blocker)
    c = flow.creature(s, data, blocker)
    options = []
    for option_id in legal.ids:
        stopped = 1 - _hustle_partition(s, data, mover, blocker, option_id)["gets through"]
        if option_id == "block":
            options.append(Option(id="block", label=f"Block (d{c.block})", actor=team, key="1", chance=stopped,
                                  chance_of=f"{s.label(mover)} being stopped",
                                  hint="chance the mover is stopped"))
        else:
            options.append(Option(id=option_id, label=f"Cheat: {c.cheat_name} (d{c.cheat})", hint=f"{c.cheat_effect} Chance shown: stopped, not spotted",
                                  chance_of=f"{s.label(mover)} being stopped, the cheat not spotted",
                                  actor=team, key="2", chance=stopped - _hustle_partition(s, data, mover, blocker, option_id).get("spotted: blocker ejected, play void", 0)))
    return Choose(actor=team, text=f"{s.label(blocker)} stands in the way of {s.label(mover)}. Block honestly, or cheat?", options=tuple(options))


@STEPS.apply_for("block_style")
def block_style_apply(s: State, data: Data, event: Event) -> None:
    assert s.action is not None
    s.action.defence = str(event.value)  # type: ignore[assignment]
    s.step = "hustle_roll"


def block_sides(s: State, data: Data) -> list[int]:
    a = s.action
    assert a is not None and a.target is not None
    if a.defence == "slam":
        return [flow.die(s, data, a.target, "cheat")]
    sides = [flow.die(s, data, a.target, "block")]
    if a.defence == "block_rough":
        sides.append(flow.die(s, data, a.target, "cheat"))
    return sides


def block_dice(s: State, data: Data) -> list:
    a = s.action
    assert a is not None and a.target is not None
    if a.defence == "slam":
        return [ask.cheat_die(s, data, a.target)]
    dice = [ask.stat_die(s, data, a.target, "block")]
    if a.defence == "block_rough":
        dice.append(ask.cheat_die(s, data, a.target))
    return dice


@STEPS.legal_for("hustle_roll", phase="live")
def hustle_roll_legal(s: State, data: Data) -> Legal:
    a = s.action
    assert a is not None and a.actor is not None
    return ask.dice(s.mover, (flow.die(s, data, a.actor, "hustle"), *block_sides(s, data)))


def _hustle_partition(s: State, data: Data, mover: str, blocker: str, defence: str | None) -> dict[str, float]:
    """Every roll of a Hustle sorted into exactly one outcome: Hustle 1 never gets through (the block shows
    1 or more), so a carrier's fumble is a share of "stopped" (or, against a Slam, the whole of "stunned")."""
    ref = flow.ref_number(s, data)
    h = flow.die(s, data, mover, "hustle")
    cheat = flow.die(s, data, blocker, "cheat")
    block = flow.die(s, data, blocker, "block")
    carrier = mover == s.carrier
    fumble = 1 / h if carrier else 0.0
    if defence == "slam":
        nc = odds.not_caught((cheat,), ref)
        through, tie, stunned = odds.compare(((h, 1),), (odds.honest(cheat, ref),))
        # An unspotted Slam shows more than the referee's number: Hustle 1 is stunned (and fumbles) unless
        # the referee spots nothing at all and the Slam shows 1 too: then it is stopped and fumbles.
        tie_on_1 = fumble / cheat if ref < 1 else 0.0
        pairs = {"spotted: blocker ejected, play void": 1 - nc, "gets through": nc * through,
                 "stopped": nc * (tie - tie_on_1), ("stunned and fumbles" if carrier else "stunned"): nc * stunned}
        if tie_on_1:
            pairs["rolls 1: stopped and fumbles"] = nc * tie_on_1
    elif defence == "block_rough":
        nc = odds.not_caught((cheat,), ref)
        through, _, _ = odds.compare(((h, 1),), ((block, 1), odds.honest(cheat, ref)))
        pairs = {"spotted: blocker ejected, play void": 1 - nc, "gets through": nc * through,
                 "stopped, loses a square": nc * (1 - through - fumble)}
        if carrier:
            pairs["rolls 1: stopped and fumbles"] = nc * fumble
    else:
        through, _, _ = odds.compare(((h, 1),), ((block, 1),))
        pairs = {"gets through": through, "stopped, loses a square": 1 - through - fumble}
        if carrier:
            pairs["rolls 1: stopped and fumbles"] = fumble
    return pairs


@STEPS.prompt_for("hustle_roll")
def hustle_roll_prompt(s: State, data: Data, legal: Legal) -> Roll:
    a = s.action
    assert a is not None and a.actor is not None and a.target is not None
    pairs = _hustle_partition(s, data, a.actor, a.target, a.defence)
    return Roll(
        actor=s.mover,
        text=f"{s.label(a.actor)} tries to get past {s.label(a.target)}.",
        purpose="Hustle vs Block",
        dice=(ask.stat_die(s, data, a.actor, "hustle"), *block_dice(s, data)),
        success="Hustle beats the block",
        odds=ask.outcomes(*pairs.items()),
        chance=pairs["gets through"],
        wins=Wins(hustle_through, (flow.ref_number(s, data), {"slam": 1, "block_rough": 2}.get(a.defence or ""))),
    )


@STEPS.apply_for("hustle_roll")
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
    if s.board:
        s.used[mover] = s.used.get(mover, 0) + 1  # the step into the square, won or lost
        s.selected = None
    if hustle > block:
        if s.logged:
            s.note(flow.stamp(s), f"{s.label(mover)} Hustle {hustle} beats {block}: through {s.label(blocker)}'s square.", s.mover)
        if s.board:
            start, s.pos[mover] = s.pos[mover], s.pos[blocker]
            if mover not in s.crowded:
                s.crowded.append(mover)
            if flow.scored_on_field(s, data):
                return
            flow.carried(s, data, mover, start)
    elif a.defence == "slam" and block > hustle:
        if s.logged:
            s.note(flow.stamp(s), f"Slam {block} beats Hustle {hustle}: {s.label(mover)} is stunned for the round.", 1 - s.mover)
        s.stunned.append(mover)
        if mover == s.carrier:
            flow.fumble(s, data, mover, "slammed")
            return
    else:
        if s.logged:
            s.note(flow.stamp(s), f"{s.label(mover)} Hustle {hustle} does not beat {block}: stopped, loses a square.", s.mover)
    if hustle == 1 and mover == s.carrier:
        flow.fumble(s, data, mover, "rolled a 1 on Hustle", only=blocker)


def hustle_through(faces: list[int], ref: int, cheat: int | None) -> bool:
    """The blocker's cheat die (at ``cheat``, if he cheats) not spotted, and Hustle over the whole block."""
    return (cheat is None or faces[cheat] > ref) and faces[0] > sum(faces[1:])
