"""Between plays: the offense's call (play, punt, field goal), line-up changes, Divine Intervention, the hike."""

from __future__ import annotations

from refbox.engine.errors import RuleError
from refbox.engine.prompts import Choose, Event, Option, Pick, Refusal, Roll
from refbox.games.monster_ball import ask, flow, odds
from refbox.games.monster_ball.data import Data
from refbox.games.monster_ball.models import Kick, State
from refbox.games.monster_ball.steps import answers, asks


def hike_pair(s: State, data: Data, team: int) -> tuple[str, str]:
    """(center, quarterback): the captain's picks if still on the field, else the likeliest players."""
    field = s.standing(team)
    t = s.teams[team]
    qb = t.quarterback if t.quarterback in field else None
    if qb is None:
        qb = max(field, key=lambda pid: ("quarterback" in flow.creature(s, data, pid).positions, flow.die(s, data, pid, "pass_")))
    center = t.center if t.center in field and t.center != qb else None
    if center is None:
        others = [pid for pid in field if pid != qb] or [qb]
        center = max(others, key=lambda pid: ("center" in flow.creature(s, data, pid).positions, flow.die(s, data, pid, "pass_")))
    return center, qb


def divine_candidates(s: State, data: Data) -> list[str]:
    out = []
    for team in (0, 1):
        if not s.ejected(team):
            continue
        out += ask.eligible_cheaters(s, data, s.available(team), {"divine"})
    return out


@asks("between", phase="between")
def between_prompt(s: State, data: Data) -> Choose:
    team = s.possession
    name = s.teams[team].name
    center, qb = hike_pair(s, data, team)
    options = [Option(id="hike", label=f"Run a play: {s.label(center)} hikes to {s.label(qb)}", actor=team)]
    if s.down == data.field.downs:
        options.append(Option(id="punt", label="Punt the ball away", actor=team))
    options.append(Option(id="field_goal", label="Try a field goal", actor=team))
    options.append(Option(id="hikers", label="Choose the center and quarterback", actor=team))
    for side in (0, 1):
        options.append(Option(id=f"lineup:{side}", label=f"{s.teams[side].name}: change who is on the field", actor=side))
    for pid in divine_candidates(s, data):
        cheat = flow.creature(s, data, pid).cheat_name
        options.append(Option(id=f"divine:{pid}", label=f"{s.label(pid)} cheats: {cheat}", hint="bring back an ejected teammate", actor=s.team_of(pid)))
    refused = tuple(
        Refusal(id=f"divine:{pid}", label=f"{s.label(pid)} cheats: {flow.creature(s, data, pid).cheat_name}",
                reason="has already cheated since the last play")
        for team in (0, 1) if s.ejected(team)
        for pid in s.available(team) if pid in s.cheated and flow.creature(s, data, pid).cheat_kind == "divine"
    )
    text = f"{name}: {flow.down_words(s.down)} down and {data.field.first_down_squares} at the {data.field.yards(s.to_go)}. What is the call?"
    return Choose(actor=team, text=text, options=tuple(options), refused=refused)


@answers("between")
def between_apply(s: State, data: Data, event: Event) -> None:
    choice = str(event.value)
    if choice == "hike":
        flow.begin_play(s, "scrimmage")
        s.step = "hike_roll"
    elif choice in ("punt", "field_goal"):
        s.kick = Kick(kind=choice)
        s.step = "kick_kicker"
    elif choice == "hikers":
        s.chooser, s.step = s.possession, "set_center"
    elif choice.startswith("lineup:"):
        s.chooser, s.step = int(choice.split(":")[1]), "lineup"
    elif choice.startswith("divine:"):
        s.divine_by, s.step = choice.split(":")[1], "divine_roll"


@asks("lineup", phase="between")
def lineup_prompt(s: State, data: Data) -> Pick:
    team = s.chooser
    return Pick(
        actor=team,
        text=f"{s.teams[team].name}: pick who takes the field (at most {flow.MAX_ON_FIELD}).",
        options=tuple(ask.player_option(s, data, pid, note=s.player(pid).unit) for pid in s.available(team)),
        refused=tuple(ask.refusal(s, pid, "ejected for cheating: out of the game") for pid in s.ejected(team)),
        min=1,
        max=flow.MAX_ON_FIELD,
    )


@answers("lineup")
def lineup_apply(s: State, data: Data, event: Event) -> None:
    picked = list(event.value)  # type: ignore[arg-type]
    if len(picked) > flow.MAX_ON_FIELD:
        raise RuleError(f"At most {flow.MAX_ON_FIELD} players may be on the field.")
    if any(s.team_of(pid) != s.chooser or s.player(pid).ejected for pid in picked):
        raise RuleError("Only the team's own players who are still in the game can take the field.")
    s.teams[s.chooser].field = picked
    s.note("between plays", f"{s.teams[s.chooser].name} field {len(picked)} players.", s.chooser)
    s.step = "between"


@asks("set_center", phase="between")
def center_prompt(s: State, data: Data) -> Choose:
    team = s.chooser
    return Choose(actor=team, text=f"{s.teams[team].name}: who hikes the ball?", options=ask.player_options(s, data, s.standing(team), "pass_"))


@answers("set_center")
def center_apply(s: State, data: Data, event: Event) -> None:
    s.teams[s.chooser].center = str(event.value)
    s.step = "set_qb"


@asks("set_qb", phase="between")
def qb_prompt(s: State, data: Data) -> Choose:
    team = s.chooser
    ids = [pid for pid in s.standing(team) if pid != s.teams[team].center] or s.standing(team)
    return Choose(actor=team, text=f"{s.teams[team].name}: who takes the hike as quarterback?", options=ask.player_options(s, data, ids, "catch"))


@answers("set_qb")
def qb_apply(s: State, data: Data, event: Event) -> None:
    s.teams[s.chooser].quarterback = str(event.value)
    center, qb = hike_pair(s, data, s.chooser)
    s.note("between plays", f"{s.label(center)} will hike to {s.label(qb)}.", s.chooser)
    s.step = "between"


@asks("divine_roll", phase="cheat")
def divine_prompt(s: State, data: Data) -> Roll:
    pid = s.divine_by
    assert pid is not None
    ref, beat = flow.ref_number(s, data), data.challenges.beat
    sides = flow.die(s, data, pid, "cheat")
    p_caught = min(1.0, ref / sides)
    p_works = max(0, sides - max(ref, beat)) / sides
    return Roll(
        actor=s.team_of(pid),
        text=f"{s.label(pid)} tries {flow.creature(s, data, pid).cheat_name}.",
        purpose="divine intervention",
        dice=(ask.cheat_die(s, data, pid),),
        success=f"over {beat} and not spotted",
        odds=ask.outcomes(("spotted: ejected, 2-square penalty", p_caught), ("a teammate comes back", p_works), ("nothing happens", 1 - p_caught - p_works)),
    )


@answers("divine_roll")
def divine_apply(s: State, data: Data, event: Event) -> None:
    pid = s.divine_by
    assert pid is not None
    face, team = event.value[0], s.team_of(pid)  # type: ignore[index]
    s.cheated.append(pid)
    if face <= flow.ref_number(s, data):
        s.note("between plays", f"Cheat spotted! {s.label(pid)} is ejected.", team)
        flow.eject(s, pid)
        flow.penalise(s, data, team, "caught cheating")
        s.step = "between"
        flow.ensure_fielded(s)
        flow.forfeit(s)
    elif face > data.challenges.beat:
        s.note("between plays", f"{s.label(pid)} rolls {face}: the strings are pulled.", team)
        s.step = "divine_pick"
    else:
        s.note("between plays", f"{s.label(pid)} rolls {face}: nothing happens.", team)
        s.step = "between"


@asks("divine_pick", phase="cheat")
def divine_pick_prompt(s: State, data: Data) -> Choose:
    team = s.team_of(s.divine_by or "L")
    return Choose(actor=team, text=f"{s.teams[team].name}: who comes back into the game?", options=ask.player_options(s, data, s.ejected(team)))


@answers("divine_pick")
def divine_pick_apply(s: State, data: Data, event: Event) -> None:
    pid = str(event.value)
    team = s.team_of(pid)
    s.player(pid).ejected = False
    if len(s.teams[team].field) < flow.MAX_ON_FIELD:
        s.teams[team].field.append(pid)
    s.note("between plays", f"{s.label(pid)} is back in the game.", team)
    s.step = "between"


@asks("hike_roll", phase="hike")
def hike_prompt(s: State, data: Data) -> Roll:
    center, qb = hike_pair(s, data, s.possession)
    sides = (flow.die(s, data, center, "pass_"), flow.die(s, data, qb, "catch"))
    beat = data.challenges.beat
    p = odds.sum_beats(((sides[0], 1), (sides[1], 1)), beat)
    return Roll(
        actor=s.possession,
        text=f"Hike: {s.label(center)} snaps to {s.label(qb)}.",
        purpose="hike: Pass + Catch",
        dice=(ask.stat_die(s, data, center, "pass_"), ask.stat_die(s, data, qb, "catch")),
        success=f"total over {beat}",
        odds=ask.outcomes(("clean snap", p), ("fumbled hike", 1 - p)),
    )


@answers("hike_roll")
def hike_apply(s: State, data: Data, event: Event) -> None:
    center, qb = hike_pair(s, data, s.possession)
    total = sum(event.value)  # type: ignore[arg-type]
    if total > data.challenges.beat:
        s.note(flow.stamp(s), f"Hike {total}: {s.label(qb)} has the ball.", s.possession)
        flow.give_ball(s, qb)
        s.hike_catcher = qb
        flow.begin_rounds(s, data)
    else:
        flow.fumble(s, data, qb, f"hike totals {total}, not over {data.challenges.beat}")
