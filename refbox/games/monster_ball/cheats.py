"""The stand-alone cheats a figure uses as an action of the menu: Magic Missile (a tackle from afar, one less a
grid), Holding (an opponent cannot move this round) and Blink (a jump sideways).

On the field refbox knows who a Holding can grab (those next to the holder) and how many grids a Magic Missile
flies.
"""

from __future__ import annotations

from refbox.engine.prompts import Choose, Event, Legal, Number, Refusal, Roll
from refbox.games.luck import Wins
from refbox.games.monster_ball import ask, flow, live
from refbox.games.monster_ball.between import first_over
from refbox.games.monster_ball.data import STANDALONE_CHEATS, Data
from refbox.games.monster_ball.live import standalone_cheaters
from refbox.games.monster_ball.models import State
from refbox.games.monster_ball.steps import STEPS, forcible
from refbox.games.monster_ball.tackles import _target_down, _target_option, attack_partition, defence_dice, defence_sides, resolve


def missile_hits(faces: list[int], ref: int, rough: bool, grids: int) -> bool:
    """The cheat die not spotted (nor a Block Rough's), and the cheat roll less the grids at least the defence."""
    return faces[0] > ref and (not rough or faces[2] > ref) and max(0, faces[0] - grids) >= sum(faces[1:])



@forcible("cheater", phase="cheat")
def cheater_legal(s: State, data: Data) -> Legal:
    return ask.choice(s.mover, standalone_cheaters(s, data, s.mover))


@STEPS.prompt_for("cheater")
def cheater_prompt(s: State, data: Data, legal: Legal) -> Choose:
    ids = legal.ids
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
        if not reason and s.board and kind == "holding" and not live.holding_targets(s, pid):
            reason = "no opponent next to him to grab"
        if reason:
            refused.append(ask.refusal(s, pid, reason))
    return tuple(refused)


@STEPS.apply_for("cheater")
def cheater_apply(s: State, data: Data, event: Event) -> None:
    pid = str(event.value)
    kind = flow.creature(s, data, pid).cheat_kind
    s.action = live.new_action(kind=kind, actor=pid, target=None, team=s.mover)
    s.step = "cheat_roll" if kind == "blink" else "cheat_target"


def cheat_targets(s: State) -> list[str]:
    assert s.action is not None and s.action.actor is not None
    if s.action.kind == "holding":
        return live.holding_targets(s, s.action.actor)
    return sorted(s.standing(1 - s.mover), key=lambda pid: pid != s.carrier)


@forcible("cheat_target", phase="cheat")
def cheat_target_legal(s: State, data: Data) -> Legal:
    return ask.choice(s.mover, cheat_targets(s))


def missile_grids(s: State, data: Data, target: str) -> int:
    assert s.action is not None and s.action.actor is not None
    return data.pitch.grids_between(s.pos[s.action.actor], s.pos[target])


@STEPS.prompt_for("cheat_target")
def cheat_target_prompt(s: State, data: Data, legal: Legal) -> Choose:
    assert s.action is not None
    what = "Who is the missile aimed at?" if s.action.kind == "missile" else "Which adjacent opponent is grabbed?"
    options = []
    for pid in legal.ids:
        option = _target_option(s, data, pid)
        if s.board and s.action.kind == "missile":
            option.hint += f" · {ask.grids_words(missile_grids(s, data, pid))}"
        options.append(option)
    return Choose(actor=s.mover, text=what, options=tuple(options))


@STEPS.apply_for("cheat_target")
def cheat_target_apply(s: State, data: Data, event: Event) -> None:
    assert s.action is not None
    target = str(event.value)
    s.action.target = target
    if s.action.kind != "missile":
        s.step = "cheat_roll"
    elif s.board:
        s.action.grids = missile_grids(s, data, target)
        s.step = "defence_style"
    else:
        s.step = "missile_grids"


@STEPS.legal_for("missile_grids", phase="cheat")
def missile_grids_legal(s: State, data: Data) -> Legal:
    return ask.number(None, 0, data.field.max_grids_between)


@STEPS.prompt_for("missile_grids")
def missile_grids_prompt(s: State, data: Data, legal: Legal) -> Number:
    return Number(actor=None, text="How many grids from the caster to the target? (0: same grid)", min=0, max=data.field.max_grids_between, unit="grids")


@STEPS.apply_for("missile_grids")
def missile_grids_apply(s: State, data: Data, event: Event) -> None:
    assert s.action is not None
    s.action.grids = int(event.value)  # type: ignore[arg-type]
    s.step = "defence_style"


@STEPS.legal_for("missile_roll", phase="cheat")
def missile_roll_legal(s: State, data: Data) -> Legal:
    a = s.action
    assert a is not None and a.actor is not None
    return ask.dice(s.mover, (flow.die(s, data, a.actor, "cheat"), *defence_sides(s, data)))


@STEPS.prompt_for("missile_roll")
def missile_roll_prompt(s: State, data: Data, legal: Legal) -> Roll:
    a = s.action
    assert a is not None and a.actor is not None and a.target is not None
    grids = a.grids or 0
    rows = attack_partition(s, data)
    return Roll(
        actor=s.mover,
        text=f"{s.label(a.actor)} casts Magic Missile at {s.label(a.target)}, {ask.grids_words(grids)}.",
        purpose="Magic Missile vs defence",
        dice=(ask.cheat_die(s, data, a.actor), *defence_dice(s, data)),
        success=f"the cheat roll less {grids} (one a grid) matches or beats the defence" if grids else "the cheat roll matches or beats the defence",
        odds=ask.outcomes(*rows),
        chance=_target_down(rows),
        wins=Wins(missile_hits, (flow.ref_number(s, data), a.defence == "block_rough", grids)),
    )


@STEPS.apply_for("missile_roll")
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


@STEPS.legal_for("cheat_roll", phase="cheat")
def cheat_roll_legal(s: State, data: Data) -> Legal:
    assert s.action is not None and s.action.actor is not None
    return ask.dice(s.mover, (flow.die(s, data, s.action.actor, "cheat"),))


@STEPS.prompt_for("cheat_roll")
def cheat_roll_prompt(s: State, data: Data, legal: Legal) -> Roll:
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
    over = max(ref, beat) if a.kind == "holding" else ref
    return Roll(actor=s.mover, text=text, purpose=flow.creature(s, data, a.actor).cheat_name, dice=(ask.cheat_die(s, data, a.actor),), success="not spotted", odds=ask.outcomes(*pairs),
                chance=pairs[1][1] if a.kind == "holding" else 1 - caught, wins=Wins(first_over, (over,)))


@STEPS.apply_for("cheat_roll")
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
        if s.board:
            s.action, s.selected, s.blink, s.step = None, a.actor, face, "blink_to"
            return
    s.action = None
    s.step = "move"
