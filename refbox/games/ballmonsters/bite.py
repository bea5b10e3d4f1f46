"""The bite of a bounce: which sides touch, the power committed, the roll, and the effects it wakes."""

from __future__ import annotations

from dataclasses import dataclass

from refbox.engine.dice import percent
from refbox.engine.prompts import Choose, DieSpec, Event, Legal, Number, Option, Outcome, Refusal, Roll
from refbox.games.ballmonsters import onmat
from refbox.games.ballmonsters.boing import start_boing
from refbox.games.ballmonsters.data import Data, FacingKey
from refbox.games.ballmonsters.mat_view import ball_cell
from refbox.games.ballmonsters.mechanics import (
    ball_key, can_catch_fire, can_fall_sick, deflate, gain_strength, lose_strength, make_sick, note, set_on_fire,
)  # fmt: skip
from refbox.games.ballmonsters.models import Activation, Ball, State
from refbox.games.ballmonsters.odds import bite_count, bite_split
from refbox.games.ballmonsters.steps import STEPS

FACING_WORDS: dict[FacingKey, str] = {
    "bitey_bitey": "{a}'s bitey side against {t}'s bitey side",
    "bitey_back": "{a}'s bitey side against {t}'s backside",
    "back_bitey": "{a}'s backside against {t}'s bitey side",
    "back_back": "backside against backside",
}
FACING_LEGAL = Legal("choose", None, tuple(FACING_WORDS))


def _table(state: State, data: Data):
    b = state.bounce
    friendly = state.ball(b.active).team == state.ball(b.target).team
    return data.bite.friendly if friendly else data.bite.unfriendly


def _keep(power: int, minimum: int) -> int:
    return min(power, minimum)


# ---- facing: which sides touch (the table says) ----


@STEPS.legal_for("facing", phase="bounce", forcible=True)
def facing_legal(state: State, data: Data) -> Legal:
    if state.mat:  # the touched sides of the target with room for the active ball, and its own side's kind
        b = state.bounce
        sides = onmat.sides_with_room(state, data, b.active, b.target, b.touched)
        ids = tuple(onmat.aim_id(k, kind) for k in sides for kind in onmat.SIDE_KINDS)
        return Legal("choose", state.ball(b.active).team, ids or ("as_is",))
    return FACING_LEGAL


@STEPS.prompt_for("facing")
def facing_prompt(state: State, data: Data, legal: Legal) -> Choose:
    b = state.bounce
    if state.mat:
        return _mat_facing_prompt(state, data, legal)
    table = _table(state, data)
    a, t = state.ball(b.active).name, state.ball(b.target).name
    options = []
    for n, key in enumerate(legal.ids, start=1):
        hint = "bite roll" if b.boob or table.calls_for_bite(key) else "no bite"
        label = FACING_WORDS[key].format(a=a, t=t)
        options.append(Option(id=key, label=label[0].upper() + label[1:], hint=hint, key=str(n)))
    text = f"{state.label(b.active)} against {state.label(b.target)}: which sides touch?"
    return Choose(actor=legal.actor, text=text, options=tuple(options))


def _mat_facing_prompt(state: State, data: Data, legal: Legal) -> Choose:
    b = state.bounce
    table = _table(state, data)
    t = state.ball(b.target).name
    options = []
    for n, answer in enumerate(legal.ids, start=1):
        if answer == "as_is":
            options.append(Option(id=answer, label="No room to turn: it touches as it lies", key="1"))
            continue
        k, kind = onmat.read_aim(answer)
        key = onmat.facing_key(k, kind)
        hint = "bite roll" if b.boob or table.calls_for_bite(key) else "no bite"
        their = "bitey" if k < 3 else "back"
        options.append(Option(id=answer, label=f"{t}'s edge {k + 1} ({their}), its {kind}", hint=hint,
                              key=str(n) if n < 10 else ""))
    text = f"{state.label(b.active)} hits {state.label(b.target)}: which of its sides does it lay against it?"
    return Choose(actor=legal.actor, text=text, options=tuple(options))


def _mat_facing(state: State, data: Data, answer: str) -> str:
    """Lay the active ball against the target as answered; the bite table's key."""
    b = state.bounce
    if answer == "as_is":
        b.side = b.touched[0]
        kind = onmat.own_side_kind(state, b.active, b.target)
        note(state, f"No room by the side it touched: {state.label(b.active)} stays as it lies ({kind} side on).")
        return onmat.facing_key(b.side, kind)
    k, kind = onmat.read_aim(answer)
    onmat.lay_against(state, data, b.active, b.target, k, kind)
    b.side = k
    return onmat.facing_key(k, kind)


@STEPS.apply_for("facing")
def facing_apply(state: State, data: Data, event: Event) -> None:
    b = state.bounce
    b.facing = _mat_facing(state, data, event.value) if state.mat else event.value
    after_facing(state, data)


def after_facing(state: State, data: Data) -> None:
    """The sides touching are known: a bite roll (after the power committed), or straight to the boing."""
    b = state.bounce
    if not (b.boob or _table(state, data).calls_for_bite(b.facing)):
        if state.logged:
            words = FACING_WORDS[b.facing].format(a=state.label(b.active), t=state.label(b.target))
            note(state, f"{words[0].upper()}{words[1:]}: no bite.")
        start_boing(state, data)
        return
    most = b.power - _keep(b.power, data.bite.keep_power)
    state.step = "commit" if most > 0 else "bite"


# ---- commit: the power the active ball puts into the bite ----


@STEPS.legal_for("commit", phase="bounce")
def commit_legal(state: State, data: Data) -> Legal:
    b = state.bounce
    return Legal("number", state.ball(b.active).team, max=b.power - _keep(b.power, data.bite.keep_power))


@STEPS.prompt_for("commit")
def commit_prompt(state: State, data: Data, legal: Legal) -> Number:
    b = state.bounce
    keep = b.power - legal.max
    a, t = state.ball(b.active), state.ball(b.target)
    _, target_bonus, active_bitey, target_can_bite = _bite_terms(state, data)
    nuts = (a.effect == "tough_nut", t.effect == "tough_nut")
    odds = " · ".join(
        f"{k}: {percent(bite_split(data.bite.die, data.bite.crit_face, a.strength + k, target_bonus, active_bitey, target_can_bite, *nuts).active_ahead)}"  # noqa: E501
        for k in range(legal.min, legal.max + 1))
    return Number(
        actor=legal.actor,
        text=f"Power {state.label(b.active)} commits to the bite ({b.power} power, keeps at least {keep}).\n"
             f"Chance it gives more bites than it takes, by power committed: {odds}",
        min=legal.min,
        max=legal.max,
        unit="power",
    )


@STEPS.apply_for("commit")
def commit_apply(state: State, data: Data, event: Event) -> None:
    b = state.bounce
    b.committed = event.value
    b.power -= event.value
    if state.logged:
        note(state, f"{state.label(b.active)} commits {event.value} power to the bite ({b.power} left).",
             state.ball(b.active).team)
    state.step = "bite"


# ---- bite roll ----


def _bite_terms(state: State, data: Data) -> tuple[int, int, bool, bool]:
    b = state.bounce
    a, t = state.ball(b.active), state.ball(b.target)
    active_bonus = a.strength + b.committed
    target_bonus = t.strength + (data.bite.boob_bonus if b.boob else 0)
    return active_bonus, target_bonus, b.facing.startswith("bitey"), b.facing.endswith("bitey") or b.boob


@STEPS.legal_for("bite", phase="bounce")
def bite_legal(state: State, data: Data) -> Legal:
    die = data.bite.die
    return Legal("roll", state.ball(state.bounce.active).team, sides=(die, die))


@STEPS.prompt_for("bite")
def bite_prompt(state: State, data: Data, legal: Legal) -> Roll:
    b = state.bounce
    a, t = state.ball(b.active), state.ball(b.target)
    active_bonus, target_bonus, active_bitey, target_can_bite = _bite_terms(state, data)
    sides, crit = legal.sides[0], data.bite.crit_face
    nuts = (a.effect == "tough_nut", t.effect == "tough_nut")
    terms = (sides, crit, active_bonus, target_bonus, active_bitey, target_can_bite, *nuts)
    split = bite_split(*terms)
    boob = f" +{data.bite.boob_bonus} boob" if b.boob else ""
    la, lt = state.label(a.id), state.label(t.id)
    rivals = a.team != t.team
    return Roll(
        actor=legal.actor,
        text=f"Bite! {la} against {lt}.",
        purpose="Bite",
        dice=(
            DieSpec(sides=sides, label=la, note=f"+{a.strength} STR +{b.committed} power"),
            DieSpec(sides=sides, label=lt, note=f"+{t.strength} STR{boob}"),
        ),
        success=f"higher total bites with a bitey side touching; a tie bites nobody; a natural {crit} adds a bite "
                "even so; even faces wake effects",
        odds=(
            Outcome(label=f"only {la} bites", probability=split.active_only),
            Outcome(label=f"only {lt} bites", probability=split.target_only),
            Outcome(label=f"both bite (a natural {crit})", probability=split.both),
            Outcome(label="nobody bites", probability=split.nobody),
            Outcome(label="  of which a tie of totals", probability=split.nobody_tie),
        ),
        chance=split.active_ahead if rivals else None,
        wins=Ahead(terms) if rivals else None,
    )


@dataclass(frozen=True, slots=True)
class Ahead:
    """Did the active ball come out ahead (more bites given than taken)? The same count as the odds; a value,
    so two prompts built alike compare equal."""

    terms: tuple

    def __call__(self, faces: list[int]) -> bool:
        sides, crit, active_bonus, target_bonus, active_bitey, target_can_bite, a_nut, t_nut = self.terms
        by_a, by_t, _ = bite_count(faces[0], faces[1], crit, active_bonus, target_bonus, active_bitey,
                                   target_can_bite, a_nut, t_nut)
        return by_a > by_t


@STEPS.apply_for("bite")
def bite_apply(state: State, data: Data, event: Event) -> None:
    b = state.bounce
    a, t = state.ball(b.active), state.ball(b.target)
    face_a, face_t = event.value
    active_bonus, target_bonus, active_bitey, target_can_bite = _bite_terms(state, data)
    total_a, total_t = face_a + active_bonus, face_t + target_bonus
    crit = data.bite.crit_face
    a_wins, t_wins = total_a > total_t, total_t > total_a
    bites_a = int(a_wins and active_bitey) + int(face_a == crit)
    bites_t = int(t_wins and target_can_bite) + int(face_t == crit)
    logged = state.logged
    if logged:
        verdict = "tie" if not (a_wins or t_wins) else f"{state.label((a if a_wins else t).id)} wins"
        note(state, f"Bite roll {face_a}+{active_bonus}={total_a} against {face_t}+{target_bonus}={total_t}: {verdict}.", a.team)  # fmt: skip
    bites = {a.id: bites_a, t.id: bites_t}
    silenced = {a.id: False, t.id: False}
    for nut, face, other in ((a, face_a, t), (t, face_t, a)):
        if nut.effect == "tough_nut" and face % 2 == 0:
            if bites[other.id]:
                bites[other.id] -= 1
                note(state, f"{state.label(nut.id)} is a tough nut: one bite shrugged off.")
            else:
                silenced[other.id] = True
                note(state, f"{state.label(nut.id)} is a tough nut: {state.label(other.id)}'s effects are ignored.")
    order = [(t, a), (a, t)] if t_wins else [(a, t), (t, a)]
    for biter, victim in order:
        for _ in range(bites[biter.id]):
            if victim.deflated:
                break
            if logged:
                note(state, f"{state.label(biter.id)} bites {state.label(victim.id)}.", biter.team)
            lose_strength(state, data, victim, by_team=biter.team, by=biter)
            state.record("bites", biter.team, biter.name)
            gain_strength(data, biter)
    woken = state.activations = []
    for ball, face, partner in ((a, face_a, t), (t, face_t, a)):
        if face % 2 == 0 and not ball.deflated and not silenced[ball.id]:
            for kind in _woken(ball):
                woken.append(Activation(ball=ball.id, kind=kind, partner=partner.id))
    _next_effect(state, data)


def _woken(ball: Ball) -> list[str]:
    kinds = []
    if ball.effect == "flaming" or ball.fire > 0:
        kinds.append("fire")
    if ball.effect == "infectious" and ball.fire == 0:
        kinds.append("sick")
    if ball.effect == "horny":
        kinds.append("horny")
    return kinds


# ---- effects ----


def _candidates(state: State, data: Data, act: Activation) -> list[Ball]:
    if state.mat:  # the balls adjacent to it, computed
        others = [state.ball(i) for i in onmat.adjacent_ids(state, data, act.ball)]
    else:
        others = [b for b in state.balls if b.in_play and b.id != act.ball]
    if act.kind == "horny":
        others = [b for b in others if b.strength == data.strength.min]
    return sorted(others, key=lambda b: b.id != act.partner)


def _next_effect(state: State, data: Data) -> None:
    while state.activations:
        act = state.activations[0]
        if state.ball(act.ball).in_play and _candidates(state, data, act):
            state.step = "effect"
            return
        if act.kind == "horny" and state.ball(act.ball).in_play:
            note(state, f"{state.label(act.ball)} is horny, but no ball on the field is at STR {data.strength.min}.")
        state.activations.pop(0)
    start_boing(state, data)


EFFECT_VERBS = {"fire": "set on fire", "sick": "make sick", "horny": "deflate"}


@STEPS.legal_for("effect", phase="bounce", forcible=True)
def effect_legal(state: State, data: Data) -> Legal:
    act = state.activations[0]
    ids = tuple(b.id for b in _candidates(state, data, act))
    return Legal("choose", state.ball(act.ball).team, ids if state.mat else (*ids, "none"))


@STEPS.prompt_for("effect")
def effect_prompt(state: State, data: Data, legal: Legal) -> Choose:
    act = state.activations[0]
    options = []
    for b in map(state.ball, (i for i in legal.ids if i != "none")):
        immune = (act.kind == "fire" and not can_catch_fire(b)) or (act.kind == "sick" and not can_fall_sick(b))
        hint = "bounce partner" if b.id == act.partner else "adjacent" if state.mat else "only if adjacent"
        options.append(Option(id=b.id, label=state.label(b.id), hint=hint + (", immune" if immune else ""), actor=b.team,
                              key=ball_key(state, b.id), at=ball_cell(state, data, b.id) if state.mat else None))
    if "none" in legal.ids:
        options.append(Option(id="none", label="No such ball is adjacent", key="0"))
    return Choose(
        actor=legal.actor,
        text=f"{state.label(act.ball)} activates: which adjacent ball does it {EFFECT_VERBS[act.kind]}?",
        options=tuple(options),
        refused=_partner_refusal(state, data, act, legal.ids),
    )


def _partner_refusal(state: State, data: Data, act: Activation, offered: tuple[str, ...]) -> tuple[Refusal, ...]:
    """The bounce partner, the obvious pick, when a rule keeps it out of the list."""
    partner = state.ball(act.partner)
    if partner.id in offered:
        return ()
    if not partner.in_play:
        reason = "deflated during this bounce" if partner.deflated else "off the table"
    elif state.mat and (act.kind != "horny" or partner.strength == data.strength.min):
        reason = "not adjacent on the mat"
    else:
        reason = f"a horn only deflates a ball at STR {data.strength.min}, and it is at STR {partner.strength}"
    return (Refusal(id=partner.id, label=state.label(partner.id), reason=reason),)


@STEPS.apply_for("effect")
def effect_apply(state: State, data: Data, event: Event) -> None:
    act = state.activations.pop(0)
    if event.value != "none":
        victim = state.ball(event.value)
        if act.kind == "fire":
            set_on_fire(state, victim)
        elif act.kind == "sick":
            make_sick(state, victim)
        else:
            horn = state.ball(act.ball)
            note(state, f"{state.label(horn.id)} gores {state.label(victim.id)} at STR 0.", horn.team)
            deflate(state, data, victim, by_team=horn.team, by=horn)
    else:
        note(state, f"{state.label(act.ball)} activates with nothing adjacent to affect.")
    _next_effect(state, data)

