"""Tackles, with dog piles, roll-adding cheats (Ankle Bite, Unnecessary Roughness) and the defence; the
stand-alone cheats are in cheats.py (a Magic Missile is defended and resolved as a tackle).

On the field refbox knows who can tackle: the mover's figures next to the target.
"""

from __future__ import annotations

from refbox.engine.prompts import Choose, Event, Legal, Option, Pick, Refusal, Roll
from refbox.games.luck import Wins
from refbox.games.monster_ball import ask, flow, live, odds, onekey
from refbox.games.monster_ball.data import Data
from refbox.games.monster_ball.models import State
from refbox.games.monster_ball.steps import STEPS, forcible

TACKLE_CHEATS = {"roughness", "ankle_bite"}


def _target_option(s: State, data: Data, pid: str) -> Option:
    note = "has the ball" if pid == s.carrier else "no ball: illegal, 2-square penalty"
    return ask.player_option(s, data, pid, "block", note=note)


# ---- who is tackled, and by whom ----


@forcible("tackle_target", phase="tackle")
def target_legal(s: State, data: Data) -> Legal:
    if s.board:
        return ask.choice(s.mover, live.hit_targets(s))
    return ask.choice(s.mover, sorted(s.standing(1 - s.mover), key=lambda pid: pid != s.carrier))


@STEPS.prompt_for("tackle_target")
def target_prompt(s: State, data: Data, legal: Legal) -> Choose:
    text = "Who is being tackled? (none of them has the ball: an illegal tackle)" if s.board else "Who is being tackled?"
    return Choose(actor=s.mover, text=text, options=tuple(_target_option(s, data, pid) for pid in legal.ids))


@STEPS.apply_for("tackle_target")
def target_apply(s: State, data: Data, event: Event) -> None:
    assert s.action is not None
    s.action.target = str(event.value)
    s.step = "tackle_pile" if s.board else "tackle_tacklers"


@forcible("tackle_tacklers", phase="tackle")
def tacklers_legal(s: State, data: Data) -> Legal:
    """At the table (onekey): one tackler, or several (a selection next); a lone possible tackler is forced."""
    return onekey.legal(s, s.mover, s.standing(s.mover), None)


@STEPS.prompt_for("tackle_tacklers")
def tacklers_prompt(s: State, data: Data, legal: Legal) -> Choose | Pick:
    assert s.action is not None and s.action.target is not None
    target = s.action.target
    ids = [] if s.picking else [pid for pid in legal.ids if pid != "some"]
    chances = {pid: down_chance(s, data, target, [pid]) for pid in ids} or None
    return onekey.prompt(s, data, legal, f"Who tackles {s.label(target)}? Everyone next to the target may join the dog pile.",
                         "tackle", refused=ask.sidelined(s, (s.mover,)), chances=chances,
                         odds=" (the odds: the target goes down against its better defence die)",
                         chance_of=f"bringing {s.label(target)} down")


@STEPS.apply_for("tackle_tacklers")
def tacklers_apply(s: State, data: Data, event: Event) -> None:
    picked = onekey.picked(s, event, None)
    if picked is not None:
        set_tacklers(s, data, picked)


def set_tacklers(s: State, data: Data, tacklers: list[str]) -> None:
    assert s.action is not None
    s.action.tacklers = tacklers
    cheats = ask.eligible_cheaters(s, data, tacklers, TACKLE_CHEATS)
    s.step = "tackle_cheats" if cheats else "defence_style"


def pile_candidates(s: State) -> list[str]:
    assert s.action is not None and s.action.target is not None
    return live.tacklers_of(s, s.action.target)


@forcible("tackle_pile", phase="tackle")
def pile_legal(s: State, data: Data) -> Legal:
    return ask.choice(s.mover, ask.subset_ids(pile_candidates(s), None))


def down_chance(s: State, data: Data, target: str, tacklers: list[str]) -> float:
    """P(the target goes down) against the better of its Hustle and Block dice, honest rolls on both sides."""
    defence = max(flow.die(s, data, target, "hustle"), flow.die(s, data, target, "block"))
    win, tie, _ = odds.compare(tuple((flow.die(s, data, pid, "tackle"), 1) for pid in tacklers), ((defence, 1),))
    return win + tie


@STEPS.prompt_for("tackle_pile")
def pile_prompt(s: State, data: Data, legal: Legal) -> Choose:
    assert s.action is not None and s.action.target is not None
    target = s.action.target
    cands = pile_candidates(s)
    ids = legal.ids
    chances = {pid: down_chance(s, data, target, [pid]) for pid in cands}
    chances["all"] = down_chance(s, data, target, cands)
    return Choose(actor=s.mover, text=f"Who tackles {s.label(target)}? Everyone next to it may pile on (chance: the target goes down "
                  "against its better defence die; a failed tackle puts the tacklers down).",
                  options=ask.subset_options(s, data, ids, "tackle", "", chances, f"bringing {s.label(target)} down"))


@STEPS.apply_for("tackle_pile")
def pile_apply(s: State, data: Data, event: Event) -> None:
    picked = ask.subset_of(str(event.value), pile_candidates(s), None)
    if picked is None:
        s.step = "tackle_pile_some"
        return
    set_tacklers(s, data, picked)


@STEPS.legal_for("tackle_pile_some", phase="tackle")
def pile_some_legal(s: State, data: Data) -> Legal:
    return ask.picks(s.mover, pile_candidates(s), 1)


@STEPS.prompt_for("tackle_pile_some")
def pile_some_prompt(s: State, data: Data, legal: Legal) -> Pick:
    assert s.action is not None and s.action.target is not None
    return Pick(actor=s.mover, text=f"Who piles on {s.label(s.action.target)}?", min=1,
                options=ask.player_options(s, data, legal.ids, "tackle"))


@STEPS.apply_for("tackle_pile_some")
def pile_some_apply(s: State, data: Data, event: Event) -> None:
    set_tacklers(s, data, list(event.value))  # type: ignore[arg-type]


# ---- cheating on the tackle ----


def tackle_cheat_candidates(s: State, data: Data) -> list[str]:
    assert s.action is not None
    return ask.eligible_cheaters(s, data, s.action.tacklers, TACKLE_CHEATS)


@STEPS.legal_for("tackle_cheats", phase="cheat")
def cheats_legal(s: State, data: Data) -> Legal:
    """Play fair, one cheater, all of them, or several (a selection next)."""
    return ask.choice(s.mover, ask.subset_ids(tackle_cheat_candidates(s, data), "fair"))


@STEPS.prompt_for("tackle_cheats")
def cheats_prompt(s: State, data: Data, legal: Legal) -> Choose:
    assert s.action is not None
    return Choose(actor=s.mover, text="Does anyone cheat on this tackle?",
                  options=ask.subset_options(s, data, legal.ids, "cheat", "Play fair"),
                  refused=ask.cheated_already(s, data, s.action.tacklers, TACKLE_CHEATS))


@STEPS.apply_for("tackle_cheats")
def cheats_apply(s: State, data: Data, event: Event) -> None:
    assert s.action is not None
    picked = ask.subset_of(str(event.value), tackle_cheat_candidates(s, data), "fair")
    if picked is None:
        s.step = "tackle_cheats_some"
        return
    s.action.cheaters = picked
    s.step = "defence_style"


@STEPS.legal_for("tackle_cheats_some", phase="cheat")
def cheats_some_legal(s: State, data: Data) -> Legal:
    return ask.picks(s.mover, tackle_cheat_candidates(s, data), 1)


@STEPS.prompt_for("tackle_cheats_some")
def cheats_some_prompt(s: State, data: Data, legal: Legal) -> Pick:
    ids = legal.ids
    return Pick(actor=s.mover, text="Who cheats on this tackle?", min=1,
                options=tuple(ask.player_option(s, data, pid, "cheat", note=flow.creature(s, data, pid).cheat_name) for pid in ids))


@STEPS.apply_for("tackle_cheats_some")
def cheats_some_apply(s: State, data: Data, event: Event) -> None:
    assert s.action is not None
    s.action.cheaters = list(event.value)  # type: ignore[arg-type]
    s.step = "defence_style"


# ---- the defence ----


@STEPS.legal_for("defence_style", phase="tackle")
def defence_legal(s: State, data: Data) -> Legal:
    assert s.action is not None and s.action.target is not None
    target = s.action.target
    ids = ["hustle", "block"]
    if flow.creature(s, data, target).cheat_kind == "roughness" and s.can_cheat(target):
        ids.append("block_rough")
    return ask.choice(s.team_of(target), ids)


@STEPS.prompt_for("defence_style")
def defence_prompt(s: State, data: Data, legal: Legal) -> Choose:
    assert s.action is not None and s.action.target is not None
    target = s.action.target
    team = s.team_of(target)
    c = flow.creature(s, data, target)
    labels = {"hustle": f"Hustle (d{c.hustle})", "block": f"Block (d{c.block})", "block_rough": f"Block + cheat: {c.cheat_name} (d{c.cheat})"}
    options = []
    for key, option_id in enumerate(legal.ids, 1):
        rows = dict(attack_partition(s, data, option_id))
        stays = sum(p for label, p in rows.items() if label.startswith(("tackler", "missile")))
        options.append(Option(id=option_id, label=labels[option_id], actor=team, key=str(key), chance=stays,
                              chance_of=f"{s.label(target)} staying up" + (", the cheat not spotted"
                                                                           if option_id == "block_rough" else ""),
                              hint="chance to stay up" + (" and not be spotted" if option_id == "block_rough" else "")))
    refused = ()
    if c.cheat_kind == "roughness" and target in s.cheated:
        refused = (Refusal(id="block_rough", label=f"Block + cheat: {c.cheat_name}", reason=ask.CHEATED),)
    who = s.label(s.action.actor) + "'s Magic Missile" if s.action.kind == "missile" and s.action.actor else "the tackle"
    return Choose(actor=team, text=f"{s.label(target)} defends against {who}: Hustle or Block?", options=tuple(options), refused=refused)


@STEPS.apply_for("defence_style")
def defence_apply(s: State, data: Data, event: Event) -> None:
    assert s.action is not None
    s.action.defence = str(event.value)  # type: ignore[assignment]
    s.step = "missile_roll" if s.action.kind == "missile" else "tackle_roll"


def defence_sides(s: State, data: Data) -> list[int]:
    a = s.action
    assert a is not None and a.target is not None
    sides = [flow.die(s, data, a.target, "hustle" if a.defence == "hustle" else "block")]
    if a.defence == "block_rough":
        sides.append(flow.die(s, data, a.target, "cheat"))
    return sides


def defence_dice(s: State, data: Data) -> list:
    a = s.action
    assert a is not None and a.target is not None
    stat = "hustle" if a.defence == "hustle" else "block"
    dice = [ask.stat_die(s, data, a.target, stat)]
    if a.defence == "block_rough":
        dice.append(ask.cheat_die(s, data, a.target))
    return dice


def attack_partition(s: State, data: Data, defence: str | None = None) -> list[tuple[str, float]]:
    """Every roll of the pending tackle (or Magic Missile) in exactly one outcome. A ball carrier whose
    defence die shows 1 fumbles whatever else happens: those rolls are their own rows ("... and the ball
    comes loose"), never counted twice."""
    a = s.action
    assert a is not None and a.target is not None
    defence = defence or a.defence
    ref = flow.ref_number(s, data)
    ranged = a.kind == "missile"
    if ranged:
        assert a.actor is not None
        sides = flow.die(s, data, a.actor, "cheat")
        attack, bonus, cheats = (odds.honest(sides, ref),), -(a.grids or 0), (sides,)
    else:
        attack = tuple((flow.die(s, data, pid, "tackle"), 1) for pid in a.tacklers)
        attack += tuple(odds.honest(flow.die(s, data, pid, "cheat"), ref) for pid in a.cheaters)
        bonus, cheats = 0, tuple(flow.die(s, data, pid, "cheat") for pid in a.cheaters)
    stat = flow.die(s, data, a.target, "hustle" if defence == "hustle" else "block")
    extra: tuple = ()
    if defence == "block_rough":
        rough = flow.die(s, data, a.target, "cheat")
        extra, cheats = (odds.honest(rough, ref),), (*cheats, rough)
    nc = odds.not_caught(cheats, ref)
    carrier = a.target == s.carrier
    branches = [("", (stat, 1), 1.0)] if not carrier else [
        ("", (stat, 2), (stat - 1) / stat), (", and the ball comes loose (defence die 1)", (1, 1), 1 / stat)]
    if ranged:
        names = ("target down", "target down", "missile falls short: nobody down")
    else:
        many = len(a.tacklers) > 1
        names = ("target down", "everyone down", "tacklers down" if many else "tackler down")
    rows: dict[str, float] = {}
    if cheats:
        rows["a cheat is spotted: ejection, play void"] = 1 - nc
    for suffix, die, weight in branches:
        win, tie, lose = odds.compare(attack, (die, *extra), bonus)
        for name, p in zip(names, (win, tie, lose)):
            rows[name + suffix] = rows.get(name + suffix, 0.0) + nc * weight * p
    # a fumble sub-case that cannot happen is left out (its main case already says what happens)
    return [(label, p) for label, p in rows.items() if p > 1e-12 or not label.endswith("(defence die 1)")]


# ---- the tackle roll ----


def target_down(faces: list[int], tacklers: int, n: int, rough: bool, ref: int) -> bool:
    """No cheat spotted (the tacklers' cheat dice after their ``tacklers`` tackle dice; a Block Rough's second
    defence die) and the attack total (the first ``n`` faces) over the defence."""
    return (all(f > ref for f in faces[tacklers:n]) and (not rough or faces[n + 1] > ref)
            and sum(faces[:n]) > sum(faces[n:]))


def _target_down(rows: list[tuple[str, float]]) -> float:
    """The chance the target goes down (the attacker's hope), from the partition of a tackle or missile."""
    return sum(p for label, p in rows if label.startswith("target down"))


@STEPS.legal_for("tackle_roll", phase="tackle")
def tackle_roll_legal(s: State, data: Data) -> Legal:
    a = s.action
    assert a is not None
    sides = [flow.die(s, data, pid, "tackle") for pid in a.tacklers] + [flow.die(s, data, pid, "cheat") for pid in a.cheaters]
    return ask.dice(s.mover, (*sides, *defence_sides(s, data)))


@STEPS.prompt_for("tackle_roll")
def tackle_roll_prompt(s: State, data: Data, legal: Legal) -> Roll:
    a = s.action
    assert a is not None and a.target is not None
    dice = [ask.stat_die(s, data, pid, "tackle") for pid in a.tacklers] + [ask.cheat_die(s, data, pid) for pid in a.cheaters]
    rows, ref = attack_partition(s, data), flow.ref_number(s, data)
    return Roll(
        actor=s.mover,
        text=f"Tackle on {s.label(a.target)}" + (" (dog pile)" if len(a.tacklers) > 1 else "") + ".",
        purpose="Tackle vs defence",
        dice=(*dice, *defence_dice(s, data)),
        success="the tackle total beats the defence",
        odds=ask.outcomes(*rows),
        chance=_target_down(rows),
        wins=Wins(target_down, (len(a.tacklers), len(a.tacklers) + len(a.cheaters), a.defence == "block_rough", ref)),
    )


@STEPS.apply_for("tackle_roll")
def tackle_roll_apply(s: State, data: Data, event: Event) -> None:
    a = s.action
    assert a is not None and a.target is not None
    faces = list(event.value)  # type: ignore[arg-type]
    for pid in a.tacklers:
        flow.credit(s, "tackles", pid)
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
        flow.credit(s, "penalties", None, team)
        s.penalties[team] += data.field.penalty_squares
        if s.logged:
            s.note(flow.stamp(s), f"Illegal tackle: {s.label(target)} does not have the ball (2-square penalty on {s.teams[team].name}).", team)
    down = [target] if attack > defence else tacklers if attack < defence else [target, *tacklers]
    s.knocked += [pid for pid in down if pid not in s.knocked]
    if s.logged:
        what = ("Magic Missile (the cheat roll less a grid's point each)" if ranged
                else "Tackle (dog pile)" if len(tacklers) > 1 else "Tackle")
        s.note(flow.stamp(s), f"{what} {attack} vs defence {defence}: {', '.join(s.label(p) for p in down) or 'nobody'} down.", team)
    s.action = None
    s.step = "move"
    if had_ball and defence_face == 1:
        involved = [*a.tacklers, *([a.actor] if a.actor else [])]
        flow.fumble(s, data, target, "rolled a 1 in defence", excluded=involved)
    elif s.carrier is not None and s.carrier in s.knocked:
        flow.end_play(s, data, f"{s.label(s.carrier)} is down with the ball")
    if s.logged and target in s.knocked and not any(pid in s.knocked for pid in tacklers):
        # the target alone is down as the play now stands (a play the tackle ended on the field is over at once,
        # its downs cleared: the report has only ever counted the tackles won that leave a play to spot or go on)
        for pid in tacklers:
            flow.credit(s, "tackles won", pid)
