"""Tackles (with dog piles and roll-adding cheats) and the stand-alone cheats: Magic Missile, Holding, Blink."""

from __future__ import annotations

from refbox.engine.prompts import Choose, Event, Number, Option, Pick, Refusal, Roll
from refbox.games.monster_ball import ask, flow, odds
from refbox.games.monster_ball.data import Data
from refbox.games.monster_ball.live import STANDALONE_CHEATS, standalone_cheaters
from refbox.games.monster_ball.models import Action, State
from refbox.games.monster_ball.steps import answers, asks

TACKLE_CHEATS = {"roughness", "ankle_bite"}


def _target_option(s: State, data: Data, pid: str) -> Option:
    note = "has the ball" if pid == s.carrier else "no ball: illegal, 2-square penalty"
    return ask.player_option(s, data, pid, "block", note=note)


@asks("tackle_target", phase="tackle")
def target_prompt(s: State, data: Data) -> Choose:
    other = 1 - s.mover
    ids = sorted(s.standing(other), key=lambda pid: pid != s.carrier)
    return Choose(actor=s.mover, text="Who is being tackled?", options=tuple(_target_option(s, data, pid) for pid in ids))


@answers("tackle_target")
def target_apply(s: State, data: Data, event: Event) -> None:
    assert s.action is not None
    s.action.target = str(event.value)
    s.step = "tackle_tacklers"


@asks("tackle_tacklers", phase="tackle")
def tacklers_prompt(s: State, data: Data) -> Pick:
    assert s.action is not None and s.action.target is not None
    return Pick(
        actor=s.mover,
        text=f"Who tackles {s.label(s.action.target)}? Everyone next to the target may join the dog pile.",
        options=ask.player_options(s, data, s.standing(s.mover), "tackle"),
        refused=ask.sidelined(s, (s.mover,)),
        min=1,
    )


@answers("tackle_tacklers")
def tacklers_apply(s: State, data: Data, event: Event) -> None:
    assert s.action is not None
    s.action.tacklers = list(event.value)  # type: ignore[arg-type]
    cheats = ask.eligible_cheaters(s, data, s.action.tacklers, TACKLE_CHEATS)
    s.step = "tackle_cheats" if cheats else "defence_style"


@asks("tackle_cheats", phase="cheat")
def cheats_prompt(s: State, data: Data) -> Pick:
    assert s.action is not None
    ids = ask.eligible_cheaters(s, data, s.action.tacklers, TACKLE_CHEATS)
    options = tuple(ask.player_option(s, data, pid, "cheat", note=flow.creature(s, data, pid).cheat_name) for pid in ids)
    refused = ask.cheated_already(s, data, s.action.tacklers, TACKLE_CHEATS)
    return Pick(actor=s.mover, text="Does anyone cheat on this tackle? (pick none to play fair)", options=options, refused=refused, min=0)


@answers("tackle_cheats")
def cheats_apply(s: State, data: Data, event: Event) -> None:
    assert s.action is not None
    s.action.cheaters = list(event.value)  # type: ignore[arg-type]
    s.step = "defence_style"


@asks("defence_style", phase="tackle")
def defence_prompt(s: State, data: Data) -> Choose:
    assert s.action is not None and s.action.target is not None
    target = s.action.target
    team = s.team_of(target)
    c = flow.creature(s, data, target)
    options = [
        Option(id="hustle", label=f"Hustle (d{c.hustle})", actor=team),
        Option(id="block", label=f"Block (d{c.block})", actor=team),
    ]
    if c.cheat_kind == "roughness" and s.can_cheat(target):
        options.append(Option(id="block_rough", label=f"Block + cheat: {c.cheat_name} (d{c.cheat})", actor=team))
    refused = ()
    if c.cheat_kind == "roughness" and target in s.cheated:
        refused = (Refusal(id="block_rough", label=f"Block + cheat: {c.cheat_name}", reason=ask.CHEATED),)
    return Choose(actor=team, text=f"{s.label(target)} defends: Hustle or Block?", options=tuple(options), refused=refused)


@answers("defence_style")
def defence_apply(s: State, data: Data, event: Event) -> None:
    assert s.action is not None
    s.action.defence = str(event.value)  # type: ignore[assignment]
    s.step = "missile_roll" if s.action.kind == "missile" else "tackle_roll"


def defence_dice(s: State, data: Data) -> list:
    a = s.action
    assert a is not None and a.target is not None
    stat = "hustle" if a.defence == "hustle" else "block"
    dice = [ask.stat_die(s, data, a.target, stat)]
    if a.defence == "block_rough":
        dice.append(ask.cheat_die(s, data, a.target))
    return dice


def tackle_odds(s: State, data: Data, attack: tuple, bonus: int, cheats: tuple[int, ...]) -> tuple:
    a = s.action
    assert a is not None and a.target is not None
    ref = flow.ref_number(s, data)
    stat = "hustle" if a.defence == "hustle" else "block"
    defence = [(flow.die(s, data, a.target, stat), 1)]
    if a.defence == "block_rough":
        defence.append(odds.honest(flow.die(s, data, a.target, "cheat"), ref))
        cheats = (*cheats, flow.die(s, data, a.target, "cheat"))
    nc = odds.not_caught(cheats, ref)
    win, tie, lose = odds.compare(tuple(attack), tuple(defence), bonus)
    pairs = [("target down", nc * win), ("everyone down", nc * tie), ("tackler(s) down", nc * lose)]
    if cheats:
        pairs.insert(0, ("a cheat is spotted: ejection, play void", 1 - nc))
    if a.target == s.carrier:
        pairs.append(("carrier's defence die shows 1: fumble", 1 / defence[0][0]))
    return ask.outcomes(*pairs)


@asks("tackle_roll", phase="tackle")
def tackle_roll_prompt(s: State, data: Data) -> Roll:
    a = s.action
    assert a is not None and a.target is not None
    ref = flow.ref_number(s, data)
    attack = [(flow.die(s, data, pid, "tackle"), 1) for pid in a.tacklers]
    attack += [odds.honest(flow.die(s, data, pid, "cheat"), ref) for pid in a.cheaters]
    cheats = tuple(flow.die(s, data, pid, "cheat") for pid in a.cheaters)
    dice = [ask.stat_die(s, data, pid, "tackle") for pid in a.tacklers] + [ask.cheat_die(s, data, pid) for pid in a.cheaters]
    return Roll(
        actor=s.mover,
        text=f"Tackle on {s.label(a.target)}" + (" (dog pile)" if len(a.tacklers) > 1 else "") + ".",
        purpose="Tackle vs defence",
        dice=(*dice, *defence_dice(s, data)),
        success="the tackle total beats the defence",
        odds=tackle_odds(s, data, tuple(attack), 0, cheats),
    )


@answers("tackle_roll")
def tackle_roll_apply(s: State, data: Data, event: Event) -> None:
    a = s.action
    assert a is not None and a.target is not None
    faces = list(event.value)  # type: ignore[arg-type]
    n, m = len(a.tacklers), len(a.cheaters)
    cheaters, cheat_faces = list(a.cheaters), faces[n : n + m]
    defence = faces[n + m :]
    if a.defence == "block_rough":
        cheaters.append(a.target)
        cheat_faces.append(defence[1])
    s.cheated += cheaters
    spotted = ask.spotted(s, data, cheaters, cheat_faces)
    if spotted:
        flow.caught_cheating(s, data, spotted)
        return
    resolve(s, data, sum(faces[: n + m]), defence[0], sum(defence), ranged=False)


def resolve(s: State, data: Data, attack: int, defence_face: int, defence: int, ranged: bool) -> None:
    """Tackle table: beat = target down; fall short = tacklers down; equal = everyone down."""
    a = s.action
    assert a is not None and a.target is not None
    target, team = a.target, a.team
    tacklers = [] if ranged else a.tacklers
    had_ball = target == s.carrier
    if not had_ball:
        s.penalties[team] += data.field.penalty_squares
        s.note(flow.stamp(s), f"Illegal tackle: {s.label(target)} does not have the ball (2-square penalty on {s.teams[team].name}).", team)
    down = [target] if attack > defence else tacklers if attack < defence else [target, *tacklers]
    s.knocked += [pid for pid in down if pid not in s.knocked]
    s.note(flow.stamp(s), f"Tackle {attack} vs defence {defence}: {', '.join(s.label(p) for p in down) or 'nobody'} down.", team)
    s.action = None
    s.step = "move"
    if had_ball and defence_face == 1:
        involved = [*a.tacklers, *([a.actor] if a.actor else [])]
        flow.fumble(s, data, target, "rolled a 1 in defence", excluded=involved)
    elif s.carrier is not None and s.carrier in s.knocked:
        flow.end_play(s, f"{s.label(s.carrier)} is down with the ball")


# ---- stand-alone cheats ----


@asks("cheater", phase="cheat")
def cheater_prompt(s: State, data: Data) -> Choose:
    ids = standalone_cheaters(s, data, s.mover)
    options = tuple(ask.player_option(s, data, pid, "cheat", note=flow.creature(s, data, pid).cheat_name) for pid in ids)
    return Choose(actor=s.mover, text="Who cheats?", options=options, refused=_cheater_refusals(s, data))


def _cheater_refusals(s: State, data: Data) -> tuple[Refusal, ...]:
    """Players with a stand-alone cheat who cannot use it now: down, stunned, cheated already, or held (Blink)."""
    refused = []
    for pid in s.on_field(s.mover):
        kind = flow.creature(s, data, pid).cheat_kind
        if kind not in STANDALONE_CHEATS:
            continue
        reason = ask.why_not_acting(s, pid, moving=kind == "blink") or (ask.CHEATED if pid in s.cheated else "")
        if reason:
            refused.append(ask.refusal(s, pid, reason))
    return tuple(refused)


@answers("cheater")
def cheater_apply(s: State, data: Data, event: Event) -> None:
    pid = str(event.value)
    kind = flow.creature(s, data, pid).cheat_kind
    s.action = Action(kind=kind, actor=pid, team=s.mover)  # type: ignore[arg-type]
    s.step = "cheat_roll" if kind == "blink" else "cheat_target"


@asks("cheat_target", phase="cheat")
def cheat_target_prompt(s: State, data: Data) -> Choose:
    assert s.action is not None
    what = "Who is the missile aimed at?" if s.action.kind == "missile" else "Which adjacent opponent is grabbed?"
    ids = sorted(s.standing(1 - s.mover), key=lambda pid: pid != s.carrier)
    return Choose(actor=s.mover, text=what, options=tuple(_target_option(s, data, pid) for pid in ids))


@answers("cheat_target")
def cheat_target_apply(s: State, data: Data, event: Event) -> None:
    assert s.action is not None
    s.action.target = str(event.value)
    s.step = "missile_grids" if s.action.kind == "missile" else "cheat_roll"


@asks("missile_grids", phase="cheat")
def missile_grids_prompt(s: State, data: Data) -> Number:
    return Number(actor=None, text="How many grids from the caster to the target? (0: same grid)", min=0, max=data.field.max_grids_between, unit="grids")


@answers("missile_grids")
def missile_grids_apply(s: State, data: Data, event: Event) -> None:
    assert s.action is not None
    s.action.grids = int(event.value)  # type: ignore[arg-type]
    s.step = "defence_style"


@asks("missile_roll", phase="cheat")
def missile_roll_prompt(s: State, data: Data) -> Roll:
    a = s.action
    assert a is not None and a.actor is not None and a.target is not None
    ref, sides = flow.ref_number(s, data), flow.die(s, data, a.actor, "cheat")
    return Roll(
        actor=s.mover,
        text=f"{s.label(a.actor)} casts Magic Missile at {s.label(a.target)}, {a.grids} grid(s) away.",
        purpose="Magic Missile vs defence",
        dice=(ask.cheat_die(s, data, a.actor), *defence_dice(s, data)),
        success=f"cheat roll - {a.grids} beats the defence",
        odds=tackle_odds(s, data, (odds.honest(sides, ref),), -(a.grids or 0), (sides,)),
    )


@answers("missile_roll")
def missile_roll_apply(s: State, data: Data, event: Event) -> None:
    a = s.action
    assert a is not None and a.actor is not None and a.target is not None
    faces = list(event.value)  # type: ignore[arg-type]
    cheaters, cheat_faces = [a.actor], [faces[0]]
    if a.defence == "block_rough":
        cheaters.append(a.target)
        cheat_faces.append(faces[2])
    s.cheated += cheaters
    spotted = ask.spotted(s, data, cheaters, cheat_faces)
    if spotted:
        flow.caught_cheating(s, data, spotted)
        return
    resolve(s, data, max(0, faces[0] - (a.grids or 0)), faces[1], sum(faces[1:]), ranged=True)


@asks("cheat_roll", phase="cheat")
def cheat_roll_prompt(s: State, data: Data) -> Roll:
    a = s.action
    assert a is not None and a.actor is not None
    ref, beat = flow.ref_number(s, data), data.challenges.beat
    sides = flow.die(s, data, a.actor, "cheat")
    caught = min(1.0, ref / sides)
    if a.kind == "holding":
        works = max(0, sides - max(ref, beat)) / sides
        pairs = [("spotted: ejected, play void", caught), (f"{s.label(a.target or '')} is held", works), ("no grip", 1 - caught - works)]
        text = f"{s.label(a.actor)} grabs at {s.label(a.target or '')}."
    else:
        pairs = [("spotted: ejected, play void", caught), ("blinks sideways", 1 - caught)]
        text = f"{s.label(a.actor)} blinks sideways."
    return Roll(actor=s.mover, text=text, purpose=flow.creature(s, data, a.actor).cheat_name, dice=(ask.cheat_die(s, data, a.actor),), success="not spotted", odds=ask.outcomes(*pairs))


@answers("cheat_roll")
def cheat_roll_apply(s: State, data: Data, event: Event) -> None:
    a = s.action
    assert a is not None and a.actor is not None
    face = event.value[0]  # type: ignore[index]
    s.cheated.append(a.actor)
    if face <= flow.ref_number(s, data):
        flow.caught_cheating(s, data, [a.actor])
        return
    if a.kind == "holding":
        assert a.target is not None
        if face > data.challenges.beat:
            s.held.append(a.target)
            s.note(flow.stamp(s), f"Holding {face}: {s.label(a.target)} cannot move this round.", a.team)
        else:
            s.note(flow.stamp(s), f"Holding {face}: {s.label(a.target)} slips the grip.", a.team)
    else:
        s.note(flow.stamp(s), f"Blink {face}: {s.label(a.actor)} may jump up to {face} steps left or right.", a.team)
    s.action = None
    s.step = "move"

