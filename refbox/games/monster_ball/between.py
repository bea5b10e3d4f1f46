"""Between plays: the offense's call (play, punt, field goal), line-up changes, Divine Intervention, the hike."""

from __future__ import annotations

from refbox.engine.errors import RuleError
from refbox.games.luck import Wins
from refbox.engine.prompts import Choose, Event, Legal, Pick, Refusal, Roll
from refbox.games.monster_ball import ask, flow, lineups, odds, places
from refbox.games.monster_ball.data import Data
from refbox.games.monster_ball.models import Kick, State
from refbox.games.monster_ball.steps import STEPS, forcible


def hike_pair(s: State, data: Data, team: int) -> tuple[str, str]:
    """(center, quarterback): the captain's picks if still on the field, else the likeliest players (kept with the
    squad by everything that decides them: asked several times a play)."""
    t = s.teams[team]
    pairs = data.squads.of(s, team).hike_pairs
    key = (tuple(t.field), tuple(s.knocked), tuple(s.stunned), t.quarterback, t.center)
    got = pairs.get(key)
    if got is None:
        if len(pairs) > 5000:
            pairs.clear()
        got = pairs[key] = _hike_pair(s, data, team)
    return got


def _hike_pair(s: State, data: Data, team: int) -> tuple[str, str]:
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
    """Players of a side with someone ejected who may cheat with Divine Intervention (asked between every play):
    from edition 3 only those on the field (a benched paladin pulls no strings: issue 39, ruling divine-own-team)."""
    out = []
    cheated = s.cheated
    for team in (0, 1):
        if not data.squads.ejected(s, team):
            continue
        fielded = s.teams[team].field if s.edition >= 3 else None
        out += [pid for pid in data.squads.of(s, team).cheats.get("divine", ())
                if pid not in cheated and not s.player(pid).ejected and (fielded is None or pid in fielded)]
    return out


@STEPS.legal_for("between", phase="between")
def between_legal(s: State, data: Data) -> Legal:
    ids = ["hike"]
    if s.down == data.field.downs:
        ids.append("punt")
    ids += ["field_goal", "hikers", "lineup:0", "lineup:1"]
    if s.board:
        ids += ["arrange:0", "arrange:1"]
    ids += [f"divine:{pid}" for pid in divine_candidates(s, data)]
    return ask.choice(s.possession, ids)


@STEPS.prompt_for("between")
def between_prompt(s: State, data: Data, legal: Legal) -> Choose:
    team = s.possession
    name = s.teams[team].name
    center, qb = hike_pair(s, data, team)
    labels = {
        "hike": f"Run a play: {s.label(center)} hikes to {s.label(qb)}",
        "punt": "Punt the ball away",
        "field_goal": "Try a field goal",
        "hikers": "Choose the center and quarterback",
    }
    options = []
    for option_id in legal.ids:
        if option_id in labels:
            options.append(ask.option(option_id, labels[option_id], team))
        elif option_id.startswith("lineup:"):
            side = int(option_id[-1])
            options.append(ask.option(option_id, f"{s.teams[side].name}: change who is on the field", side))
        elif option_id.startswith("arrange:"):
            side = int(option_id[-1])
            options.append(ask.option(option_id, f"{s.teams[side].name}: move figures in the line-up", side))
        else:
            pid = option_id.split(":")[1]
            cheat = flow.creature(s, data, pid).cheat_name
            chance = divine_chances(s, data, pid)[1]
            option = ask.player_option(s, data, pid, note="bring back an ejected teammate", chance=chance,
                                       chance_of="an ejected team-mate coming back")
            option.id, option.label = option_id, f"{s.label(pid)} cheats: {cheat}"
            options.append(option)
    refused = tuple(
        Refusal(id=f"divine:{pid}", label=f"{s.label(pid)} cheats: {flow.creature(s, data, pid).cheat_name}",
                reason="has already cheated since the last play")
        for team in (0, 1) if s.ejected(team)
        for pid in s.available(team) if pid in s.cheated and flow.creature(s, data, pid).cheat_kind == "divine"
    )
    text = f"{name}: {flow.down_words(s.down)} down and {data.field.first_down_squares} at the {data.field.yards(s.to_go)}. What is the call?"
    return Choose(actor=team, text=text, options=tuple(options), refused=refused)


@STEPS.apply_for("between")
def between_apply(s: State, data: Data, event: Event) -> None:
    choice = str(event.value)
    if choice == "hike":
        flow.begin_play(s, "scrimmage")
        s.step = "hike_wardrobe" if s.board and hike_wardrobe_candidates(s, data) else "hike_roll"
    elif choice in ("punt", "field_goal"):
        s.kick = Kick(kind=choice)
        s.step = "kick_kicker"
    elif choice == "hikers":
        s.chooser, s.step = s.possession, "set_center"
    elif choice.startswith("lineup:"):
        s.chooser, s.step = int(choice.split(":")[1]), "lineup"
    elif choice.startswith("arrange:"):
        s.chooser, s.back_to, s.step = int(choice[-1]), "between", "arrange"
    elif choice.startswith("divine:"):
        s.divine_by, s.step = choice.split(":")[1], "divine_roll"


@STEPS.legal_for("lineup", phase="between")
def lineup_legal(s: State, data: Data) -> Legal:
    return ask.picks(s.chooser, s.available(s.chooser), 1, flow.MAX_ON_FIELD)


@STEPS.prompt_for("lineup")
def lineup_prompt(s: State, data: Data, legal: Legal) -> Pick:
    team = s.chooser
    return Pick(
        actor=team,
        text=f"{s.teams[team].name}: pick who takes the field (at most {flow.MAX_ON_FIELD}).",
        options=tuple(ask.player_option(s, data, pid, note=s.player(pid).unit) for pid in legal.ids),
        refused=tuple(ask.refusal(s, pid, "ejected for cheating: out of the game") for pid in s.ejected(team)),
        min=1,
        max=flow.MAX_ON_FIELD,
    )


@STEPS.apply_for("lineup")
def lineup_apply(s: State, data: Data, event: Event) -> None:
    picked = list(event.value)  # type: ignore[arg-type]
    if len(picked) > flow.MAX_ON_FIELD:
        raise RuleError(f"At most {flow.MAX_ON_FIELD} players may be on the field.")
    if any(s.team_of(pid) != s.chooser or s.player(pid).ejected for pid in picked):
        raise RuleError("Only the team's own players who are still in the game can take the field.")
    s.teams[s.chooser].field = picked
    s.note("between plays", f"{s.teams[s.chooser].name} field {len(picked)} players.", s.chooser)
    s.step = "between"
    if s.board:
        lineups.place_team(s, data, s.chooser)


@forcible("set_center", phase="between")
def center_legal(s: State, data: Data) -> Legal:
    return ask.choice(s.chooser, s.standing(s.chooser))


@STEPS.prompt_for("set_center")
def center_prompt(s: State, data: Data, legal: Legal) -> Choose:
    team = s.chooser
    return Choose(actor=team, text=f"{s.teams[team].name}: who hikes the ball?", options=ask.player_options(s, data, legal.ids, "pass_"))


@STEPS.apply_for("set_center")
def center_apply(s: State, data: Data, event: Event) -> None:
    s.teams[s.chooser].center = str(event.value)
    s.step = "set_qb"


@forcible("set_qb", phase="between")
def qb_legal(s: State, data: Data) -> Legal:
    team = s.chooser
    return ask.choice(team, [pid for pid in s.standing(team) if pid != s.teams[team].center] or s.standing(team))


@STEPS.prompt_for("set_qb")
def qb_prompt(s: State, data: Data, legal: Legal) -> Choose:
    team = s.chooser
    return Choose(actor=team, text=f"{s.teams[team].name}: who takes the hike as quarterback?", options=ask.player_options(s, data, legal.ids, "catch"))


@STEPS.apply_for("set_qb")
def qb_apply(s: State, data: Data, event: Event) -> None:
    s.teams[s.chooser].quarterback = str(event.value)
    center, qb = hike_pair(s, data, s.chooser)
    s.note("between plays", f"{s.label(center)} will hike to {s.label(qb)}.", s.chooser)
    s.step = "between"
    if s.board:
        lineups.place_team(s, data, s.chooser)


def divine_chances(s: State, data: Data, pid: str) -> tuple[float, float]:
    """(spotted, works) for a Divine Intervention by ``pid``."""
    ref, beat = flow.ref_number(s, data), data.challenges.beat
    sides = flow.die(s, data, pid, "cheat")
    return min(1.0, ref / sides), max(0, sides - max(ref, beat)) / sides


@STEPS.legal_for("divine_roll", phase="cheat")
def divine_legal(s: State, data: Data) -> Legal:
    assert s.divine_by is not None
    return ask.dice(s.team_of(s.divine_by), (flow.die(s, data, s.divine_by, "cheat"),))


@STEPS.prompt_for("divine_roll")
def divine_prompt(s: State, data: Data, legal: Legal) -> Roll:
    pid = s.divine_by
    assert pid is not None
    beat = data.challenges.beat
    p_caught, p_works = divine_chances(s, data, pid)
    return Roll(
        actor=s.team_of(pid),
        text=f"{s.label(pid)} tries {flow.creature(s, data, pid).cheat_name}.",
        purpose="divine intervention",
        dice=(ask.cheat_die(s, data, pid),),
        success=f"over {beat} and not spotted",
        odds=ask.outcomes(("spotted: ejected, 2-square penalty", p_caught), ("a teammate comes back", p_works), ("nothing happens", 1 - p_caught - p_works)),
        chance=p_works,
        wins=Wins(first_over, (max(flow.ref_number(s, data), beat),)),
    )


@STEPS.apply_for("divine_roll")
def divine_apply(s: State, data: Data, event: Event) -> None:
    pid = s.divine_by
    assert pid is not None
    face, team = event.value[0], s.team_of(pid)  # type: ignore[index]
    s.cheated.append(pid)
    if face <= flow.ref_number(s, data):
        s.note("between plays", f"Cheat spotted! {s.label(pid)} is ejected.", team)
        flow.eject(s, pid)
        flow.credit(s, "cheats caught", pid)
        flow.credit(s, "penalties", None, team)
        flow.penalise(s, data, team, "caught cheating")
        s.step = "between"
        flow.ensure_fielded(s)
        if not flow.forfeit(s) and s.board:
            lineups.place_lineups(s, data)  # the line moved: both sides line up on it again
    elif face > data.challenges.beat:
        s.note("between plays", f"{s.label(pid)} rolls {face}: the strings are pulled.", team)
        s.step = "divine_pick"
    else:
        s.note("between plays", f"{s.label(pid)} rolls {face}: nothing happens.", team)
        s.step = "between"


@forcible("divine_pick", phase="cheat")
def divine_pick_legal(s: State, data: Data) -> Legal:
    team = s.team_of(s.divine_by or "L")
    return ask.choice(team, s.ejected(team))


@STEPS.prompt_for("divine_pick")
def divine_pick_prompt(s: State, data: Data, legal: Legal) -> Choose:
    team = s.team_of(s.divine_by or "L")
    return Choose(actor=team, text=f"{s.teams[team].name}: who comes back into the game?", options=ask.player_options(s, data, legal.ids))


@STEPS.apply_for("divine_pick")
def divine_pick_apply(s: State, data: Data, event: Event) -> None:
    pid = str(event.value)
    team = s.team_of(pid)
    s.set_out(pid, False)
    if len(s.teams[team].field) < flow.MAX_ON_FIELD:
        s.teams[team].field.append(pid)
    s.note("between plays", f"{s.label(pid)} is back in the game.", team)
    s.step = "between"
    if s.board:
        lineups.place_team(s, data, team)


def hike_wardrobe_candidates(s: State, data: Data) -> list[str]:
    """On the field: opponents with Wardrobe Malfunction in the center's or the quarterback's grid (the hike is
    a pass and a catch)."""
    center, qb = hike_pair(s, data, s.possession)
    return places.cheaters_in_grids(s, data, [s.pos[center], s.pos[qb]], 1 - s.possession, "wardrobe")


@STEPS.legal_for("hike_wardrobe", phase="cheat")
def hike_wardrobe_legal(s: State, data: Data) -> Legal:
    return ask.choice(1 - s.possession, ask.subset_ids(hike_wardrobe_candidates(s, data), "fair"))


@STEPS.prompt_for("hike_wardrobe")
def hike_wardrobe_prompt(s: State, data: Data, legal: Legal) -> Choose:
    team = 1 - s.possession
    return Choose(actor=team, text=f"{s.teams[team].name}: cheat on the hike with a Wardrobe Malfunction (in the snapper's or the "
                  "quarterback's grid)?", options=ask.subset_options(s, data, legal.ids, "cheat", "Play fair"))


@STEPS.apply_for("hike_wardrobe")
def hike_wardrobe_apply(s: State, data: Data, event: Event) -> None:
    cands = hike_wardrobe_candidates(s, data)
    picked = ask.subset_of(str(event.value), cands, "fair")
    if picked is None:
        s.step = "hike_wardrobe_some"
        return
    s.hike_cheaters = picked
    s.step = "hike_roll"


@STEPS.legal_for("hike_wardrobe_some", phase="cheat")
def hike_wardrobe_some_legal(s: State, data: Data) -> Legal:
    return ask.picks(1 - s.possession, hike_wardrobe_candidates(s, data), 1)


@STEPS.prompt_for("hike_wardrobe_some")
def hike_wardrobe_some_prompt(s: State, data: Data, legal: Legal) -> Pick:
    return Pick(actor=1 - s.possession, text="Who cheats on the hike?", min=1,
                options=tuple(ask.player_option(s, data, pid, "cheat", note="Wardrobe Malfunction") for pid in legal.ids))


@STEPS.apply_for("hike_wardrobe_some")
def hike_wardrobe_some_apply(s: State, data: Data, event: Event) -> None:
    s.hike_cheaters = list(event.value)  # type: ignore[arg-type]
    s.step = "hike_roll"


@STEPS.legal_for("hike_roll", phase="hike")
def hike_legal(s: State, data: Data) -> Legal:
    center, qb = hike_pair(s, data, s.possession)
    sides = [flow.die(s, data, center, "pass_"), flow.die(s, data, qb, "catch")]
    sides += [flow.die(s, data, pid, "cheat") for pid in s.hike_cheaters]
    return ask.dice(s.possession, sides)


TABLE_HIKE_CHEAT = (" (At the table refbox does not ask about a Wardrobe Malfunction on the hike; on its own field it "
                    "does.)")
"""Not implemented at the table: said where the hike is rolled."""


@STEPS.prompt_for("hike_roll")
def hike_prompt(s: State, data: Data, legal: Legal) -> Roll:
    center, qb = hike_pair(s, data, s.possession)
    sides = (flow.die(s, data, center, "pass_"), flow.die(s, data, qb, "catch"))
    beat, ref = data.challenges.beat, flow.ref_number(s, data)
    cheats = tuple(flow.die(s, data, pid, "cheat") for pid in s.hike_cheaters)
    nc = odds.not_caught(cheats, ref)
    p = nc * odds.sum_beats(((sides[0], 1), (sides[1], 1)), beat, tuple(odds.honest(c, ref) for c in cheats))
    pairs = [("clean snap", p), ("fumbled hike", nc - p)]
    if cheats:
        pairs.insert(0, ("a cheat is spotted: ejection, play void", 1 - nc))
    return Roll(
        actor=s.possession,
        text=f"Hike: {s.label(center)} snaps to {s.label(qb)}."
             + (" Wardrobe Malfunction!" if cheats else "" if s.board else TABLE_HIKE_CHEAT),
        purpose="hike: Pass + Catch" + (" - Cheat" if cheats else ""),
        dice=(ask.stat_die(s, data, center, "pass_"), ask.stat_die(s, data, qb, "catch"), *(ask.cheat_die(s, data, pid) for pid in s.hike_cheaters)),
        success=f"total over {beat}",
        odds=ask.outcomes(*pairs),
        chance=p,
        wins=Wins(clean_snap, (ref, beat)),
    )


@STEPS.apply_for("hike_roll")
def hike_apply(s: State, data: Data, event: Event) -> None:
    center, qb = hike_pair(s, data, s.possession)
    faces = list(event.value)  # type: ignore[arg-type]
    cheaters, s.hike_cheaters = s.hike_cheaters, []
    if cheaters:
        s.cheated += cheaters
        spotted = ask.spotted(s, data, cheaters, faces[2:])
        if spotted:
            flow.caught_cheating(s, data, spotted)
            return
    total = faces[0] + faces[1] - sum(faces[2:])
    sums = f" ({faces[0]} + {faces[1]}, less {' + '.join(map(str, faces[2:]))} for the Wardrobe Malfunction)" if faces[2:] else ""
    if total > data.challenges.beat:
        if s.logged:
            s.note(flow.stamp(s), f"Hike {total}{sums}: {s.label(qb)} has the ball.", s.possession)
        flow.give_ball(s, qb)
        s.hike_catcher = qb
        flow.begin_rounds(s, data)
    else:
        if s.edition >= 3:
            s.seconds += data.clock.round_seconds  # the snap and the scramble for the ball take their second
        flow.fumble(s, data, qb, f"hike totals {total}{sums}, not over {data.challenges.beat}")


def first_over(faces: list[int], over: int) -> bool:
    return faces[0] > over


def clean_snap(faces: list[int], ref: int, beat: int) -> bool:
    """No cheat die spotted (each over the referee's number) and Pass + Catch less the cheats over ``beat``."""
    return all(f > ref for f in faces[2:]) and faces[0] + faces[1] - sum(faces[2:]) > beat
