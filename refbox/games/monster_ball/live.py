"""A live ball: each captain's half of a round (the action menu) and Hustle vs Block to pass a square.

At the table the captain moves the minis and tells refbox about each contest. On the field the menu also
lists the figures that can still move (by their letters); moving one into an occupied square is the Hustle.
"""

from __future__ import annotations

from refbox.engine.errors import RuleError
from refbox.engine.prompts import Choose, Event, Legal, Refusal
from refbox.games.monster_ball import ask, flow, places, side_moves
from refbox.games.monster_ball.data import STANDALONE_CHEATS, Data
from refbox.games.monster_ball.menu import MenuIds
from refbox.games.monster_ball.models import Action, State
from refbox.games.monster_ball.steps import STEPS

HALF_PHASES = {"live", "tackle", "pass", "cheat", "fumble"}
"""Phases of the steps a captain's half-round is made of: the action menu and what is declared from it."""


def half_running(s: State) -> bool:
    """A captain's half-round is under way: the action menu, or an action declared from it (a Hustle,
    a tackle, a pass, a cheat, a fumble it caused). The screen's one-minute countdown runs exactly then."""
    if s.round < 1 or s.play is None or STEPS.table[s.step].phase not in HALF_PHASES:
        return False
    if s.contest is not None and s.contest.resume != "move":
        return False  # a kick, a hike or a long pass coming down after the half: no captain's time
    if s.board:
        return True  # on the field the rounds a ball spends in the air are moved like any other
    return not (s.ball == "air" and s.air is None)  # the long pass is resolved after the other half


def movers(s: State, team: int) -> list[str]:
    return [pid for pid in s.standing(team) if pid not in s.held]


def walkers(s: State, data: Data, team: int) -> list[str]:
    """On the field: figures of ``team`` that can still take a step this round."""
    out = set(s.knocked) | set(s.stunned) | set(s.held)
    used, kinds = s.used, data.squads.of(s, team).creatures
    return [pid for pid in s.teams[team].field if pid not in out and kinds[pid].move > used.get(pid, 0)]


def holding_targets(s: State, pid: str) -> list[str]:
    """Opponents a Holding can grab: on the field, those next to the holder; at the table, anyone standing."""
    other = 1 - s.team_of(pid)
    if not s.board:
        return s.standing(other)
    return places.adjacent_standing(s, s.pos[pid], other, but=(pid,))


def standalone_cheaters(s: State, data: Data, team: int) -> list[str]:
    kinds = data.squads.of(s, team).creatures
    out = [pid for pid in s.standing(team) if kinds[pid].cheat_kind in STANDALONE_CHEATS and pid not in s.cheated]
    if not out:
        return out
    targets = bool(s.standing(1 - team))
    ok = []
    for pid in out:
        kind = kinds[pid].cheat_kind
        if kind == "blink":
            if pid not in s.held:
                ok.append(pid)
        elif kind == "holding" and s.board:
            if holding_targets(s, pid):
                ok.append(pid)
        elif targets:
            ok.append(pid)
    return ok


def can_pass(s: State, team: int) -> bool:
    c = s.carrier
    if s.ball != "held" or c is None or s.team_of(c) != team or c not in s.standing(team):
        return False
    if c == s.hike_catcher and s.round == 1:
        return False
    return any(pid != c for pid in s.standing(team))


def tacklers_of(s: State, target: str) -> list[str]:
    """On the field: the mover's standing figures next to ``target`` (who may tackle, or pile on)."""
    return places.adjacent_standing(s, s.pos[target], s.mover, but=(target,))


def can_tackle_carrier(s: State) -> bool:
    c = s.carrier
    if s.ball != "held" or c is None or s.team_of(c) == s.mover or c not in s.pos:
        return False
    x, y = s.pos[c]
    pos, knocked, stunned = s.pos, s.knocked, s.stunned
    for pid in s.teams[s.mover].field:
        sq = pos.get(pid)
        if sq is not None and -1 <= sq[0] - x <= 1 and -1 <= sq[1] - y <= 1 and pid not in knocked and pid not in stunned:
            return True
    return False


def hit_targets(s: State, data=None) -> list[str]:
    """On the field: opponents without the ball standing next to one of the mover's standing figures."""
    pos, knocked, stunned = s.pos, s.knocked, s.stunned
    mine = [pos[pid] for pid in s.teams[s.mover].field if pid not in knocked and pid not in stunned and pid in pos]
    if not mine:
        return []
    out = []
    for pid in s.teams[1 - s.mover].field:
        if pid == s.carrier or pid in knocked or pid in stunned or pid not in pos:
            continue
        x, y = pos[pid]
        for a, b in mine:
            if -1 <= x - a <= 1 and -1 <= y - b <= 1:
                out.append(pid)
                break
    return out


_new_legal = tuple.__new__


@STEPS.legal_for("move", phase="live")
def move_legal(s: State, data: Data) -> Legal:
    if s.board:  # Legal's fields given whole, without its keyword defaults (half of random play's inputs)
        return _new_legal(Legal, ("choose", s.mover, MenuIds(s, data), (), 0, None))
    return _table_move_legal(s, data)


def move_legal_live(s: State, data: Data) -> Legal:
    """``move_legal`` for an answer drawn before the state changes (Rules.drawing_legal): the field's menu reads
    the state instead of copying it."""
    if s.board:
        return _new_legal(Legal, ("choose", s.mover, MenuIds(s, data, live=True), (), 0, None))
    return _table_move_legal(s, data)


def _table_move_legal(s: State, data: Data) -> Legal:
    team, other = s.mover, 1 - s.mover
    ids = ["done"]
    has_ball = s.ball == "held" and s.carrier is not None and s.team_of(s.carrier) == team
    if movers(s, team) and s.standing(other):
        ids.append("hustle")
    if s.standing(team) and s.standing(other):
        ids.append("tackle")
    if can_pass(s, team):
        ids.append("pass")
    if standalone_cheaters(s, data, team):
        ids.append("cheat")
    if s.captain_minute:
        ids.append("timeout")
    if has_ball:  # the play-ending options come last
        ids += ["touchdown", "out"]
    return Legal("choose", team, tuple(ids))


@STEPS.prompt_for("move")
def move_prompt(s: State, data: Data, legal: Legal) -> Choose:
    team = s.mover
    carrier = s.label(s.carrier) if s.carrier else ""
    labels = {
        "done": ("Done moving", "the other side moves next" if s.halves_done == 0 else "the round ends"),
        "hustle": ("Hustle through an opponent's square", "a team-mate's square too: roll that one yourselves"),
        "tackle": (f"Tackle {carrier}" if s.board else "Tackle", "the ball carrier" if s.board else "legal only on the ball carrier"),
        "hit": ("Tackle someone without the ball", "illegal: 2-square penalty"),
        "pass": (f"{carrier} passes (or hands off)", ""),
        "cheat": ("Cheat: Blink, Magic Missile or Holding", ""),
        "timeout": ("Time's up", "the minute ran out: unmoved players stay"),
        "advance": ("Everyone steps forward", "each figure that can still move walks straight ahead as far as it can"),
        "pursue": ("Everyone closes in on the ball", "each figure that can still move heads for the carrier or the falling ball"),
        "touchdown": (f"{carrier} reaches the end zone: touchdown", ""),
        "out": (f"{carrier} steps out of bounds", ""),
    }
    options = []
    for option_id in legal.ids:
        if option_id in labels:
            label, hint = labels[option_id]
            options.append(ask.option(option_id, label, team, hint=hint))
        else:
            left = places.steps_left(s, data, option_id)
            options.append(ask.player_option(s, data, option_id, note=f"{left} step{'s' if left != 1 else ''} left"))
    half = "moves first" if s.halves_done == 0 else "moves second"
    if s.board:
        text = f"Round {s.round}: {s.teams[team].name} {half}. Pick a figure by its letter to move it; 1 when done (the rest hold)."
    else:
        text = f"Round {s.round}: {s.teams[team].name} {half}. Move your players; tell refbox about each contest."
    return Choose(actor=team, text=text, options=tuple(options), refused=_move_refusals(s, data, team))


def _move_refusals(s: State, data: Data, team: int) -> tuple[Refusal, ...]:
    """A pass or a cheat the team would look for, and the rule that stops it now."""
    refused = []
    c = s.carrier
    has_ball = s.ball == "held" and c is not None and s.team_of(c) == team
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
    if s.board:
        for pid in s.on_field(team):
            why = ask.why_not_acting(s, pid, moving=True)
            if why:
                refused.append(ask.refusal(s, pid, why))
    return tuple(refused)


@STEPS.apply_for("move")
def move_apply(s: State, data: Data, event: Event) -> None:
    choice, team = str(event.value), s.mover
    if choice and choice[0] in "LC":  # a figure picked: most of the menu's answers (no action's id starts so)
        s.selected = choice
        s.step = "move_to"
    elif choice in ("done", "timeout"):
        if choice == "timeout":
            s.note(flow.stamp(s), f"{flow.possessive(s.teams[team].name)} minute is up: their unmoved players stay put.", team)
        flow.end_half(s, data)
    elif choice == "touchdown":
        s.note(flow.stamp(s), f"{s.label(s.carrier)} carries the ball into the end zone.", team)
        flow.score(s, data, team, data.scoring.touchdown, "Touchdown", s.carrier)
    elif choice == "out":
        flow.end_play(s, data, f"{s.label(s.carrier)} steps out of bounds")
    elif choice == "cheat":
        s.step = "cheater"  # the cheat's kind is known once the cheater is named
    elif choice in ("advance", "pursue"):
        plan = side_moves.advance_plan(s, data) if choice == "advance" else side_moves.pursue_plan(s, data)
        side_moves.apply_plan(s, data, plan, "step forward" if choice == "advance" else "close in on the ball")
    elif s.board and choice == "tackle":
        s.action = new_action("tackle", None, s.carrier, team)
        s.step = "tackle_pile"
    elif s.board and choice == "hit":
        s.action = new_action("tackle", None, None, team)
        s.step = "tackle_target"
    elif choice in ("hustle", "tackle", "pass"):
        s.action = new_action(choice, s.carrier if choice == "pass" else None, None, team)
        s.step = {"hustle": "hustle_mover", "tackle": "tackle_target", "pass": "pass_receiver"}[choice]
    else:
        raise RuleError(f"{choice!r} is not on this menu.")


def new_action(kind: str, actor: str | None = None, target: str | None = None, team: int = 0) -> Action:
    """An Action just declared."""
    return Action(kind=kind, actor=actor, target=target, team=team)

