"""Initiative roll-offs, the Move phase's dice (piles, breaking contact, offside) and coaches."""

from __future__ import annotations

import math

from refbox.engine.dice import p_at_most, p_first_beats
from refbox.engine.errors import RuleError
from refbox.engine.prompts import Choose, DieSpec, Event, Option, Outcome, Pick, Refusal, Roll
from refbox.games.slargeball import flow
from refbox.games.slargeball.common import (
    at_most_roll, ask, batch_roll, fig_option, knock_out, log, score, someone_down, team_name, who,
)
from refbox.games.slargeball.data import Data, facts
from refbox.games.slargeball.lineup import layout
from refbox.games.slargeball.models import State

# ---- initiative ----


def initiative_prompt(state: State, data: Data) -> Roll:
    sides = data.game.die
    a_wins, tie, b_wins = p_first_beats(sides, 0, sides, 0)
    a, b = state.teams[0].name, state.teams[1].name
    return Roll(
        text=f"Initiative roll-off: each team rolls a d{sides}",
        purpose="initiative",
        dice=(DieSpec(sides=sides, label=f"{a}"), DieSpec(sides=sides, label=f"{b}")),
        success="higher roll takes initiative; a tie rolls again",
        odds=(Outcome(label=f"{a} win", probability=a_wins), Outcome(label=f"{b} win", probability=b_wins),
              Outcome(label="tie: roll again", probability=tie)),
    )


def initiative_apply(state: State, data: Data, event: Event) -> None:
    fa, fb = event.value
    if fa == fb:
        log(state, data, f"Initiative roll-off {fa} : {fb}, a tie: roll again")
        return
    state.initiative = 0 if fa > fb else 1
    log(state, data, f"Initiative roll-off {fa} : {fb}: {team_name(state, state.initiative)} have initiative",
        state.initiative)
    flow.begin_move(state, data)


# ---- the move menu: only the moves that need dice ----

ACTIONS = {
    "pile": "A figure crosses a pile of fallen figures",
    "contact": "A figure tries to break base contact with an opponent",
    "offside": "A figure runs off the field (offside)",
    "goal": "The goalie carries its ball into the opposing bunker",
}
ACTION_KEYS = {"done": "1", "pile": "2", "contact": "3", "offside": "4", "goal": "5", "break": "9", "rest": "0"}
"""Each menu answer keeps its key in every sub-phase: 1 done, 0 nothing else this phase."""


def _able(state: State, data: Data) -> list:
    """The acting team's figures of this sub-phase's position that can act."""
    unit = layout(state, data).units.get((state.ask.team, facts(data).move_ids[state.move_step]), ())
    return [f for f in map(state.figures.__getitem__, unit) if f.status == "up" and not f.frozen and f.on_field]


def _movers(state: State, data: Data, action: str) -> list:
    figs = _able(state, data)
    if action == "contact":
        figs = [f for f in figs if f.id not in state.tried_contact]
    if action == "goal":
        figs = [f for f in figs if f.pos == "G" and state.carried_by(f.id)]
    if action == "pile" and not someone_down(state):
        return []  # nobody is down, so there is no pile to cross
    return figs


def menu_actions(state: State, data: Data) -> list[str]:
    """The actions of ACTIONS that some figure can take now (``_movers`` not empty), in one pass over the
    figures: the menu is a quarter of random play."""
    figs = _able(state, data)
    if not figs:
        return []
    out = ["pile"] if someone_down(state) else []
    tried = state.tried_contact
    if not tried or any(f.id not in tried for f in figs):
        out.append("contact")
    out.append("offside")
    if figs[0].pos == "G":
        carriers = {b.carrier for b in state.balls}
        if any(f.id in carriers for f in figs):
            out.append("goal")
    return out


def _why_not(state: State, data: Data, action: str) -> str:
    pos = facts(data).move_ids[state.move_step]
    if action == "contact":
        return "each of them has already tried once this turn"
    if action == "goal":
        return "a goalie scores by carrying a ball in, and yours holds none" if pos == "G" else \
            "only goalies, in their own sub-phase"
    return "no figure of this position can act"


def move_menu_prompt(state: State, data: Data) -> Choose:
    team = state.ask.team
    step = data.phase("move").steps[state.move_step]
    actions = [Option(id=k, label=ACTIONS[k], actor=team, key=ACTION_KEYS[k]) for k in menu_actions(state, data)]
    shown = {o.id for o in actions}
    refused = tuple(Refusal(id=k, label=ACTIONS[k], reason=_why_not(state, data, k))
                    for k in ("contact", "goal") if k not in shown and (k != "goal" or step.id == "G"))
    options = [Option(id="done", label=f"Done: {team_name(state, team)} have moved their {step.name}", actor=team,
                      key="1"),
               *actions]
    options.append(Option(id="rest", key="0", label="Nothing else needs dice this Move phase (coaches still asked)"))
    options.append(Option(id="break", key="9", label="Break Play: balls unreachable, or all agree (asks first)"))
    return Choose(
        actor=team,
        text=f"Move your {step.name} (moving is optional). Tell refbox only about moves that need dice.",
        options=tuple(options),
        refused=refused,
    )


def move_menu_apply(state: State, data: Data, event: Event) -> None:
    choice = event.value
    if choice == "done":
        flow.advance_move(state, data)
    elif choice == "rest":
        state.move_rest = True
        log(state, data, "Nothing else needs dice this Move phase")
        flow.advance_move(state, data)
    elif choice == "break":
        ask(state, "break_check", team=state.ask.team)
    else:
        movers = _movers(state, data, choice)
        if len(movers) == 1:
            _act(state, data, choice, movers[0].id)
        else:
            ask(state, "move_figure", team=state.ask.team, action=choice)


def move_figure_prompt(state: State, data: Data) -> Choose:
    movers = _movers(state, data, state.ask.action)
    return Choose(
        actor=state.ask.team,
        text=f"Which figure? ({ACTIONS[state.ask.action]})",
        options=(Option(id="back", label="None: back to the move", key="0"),
                 *(fig_option(state, f, data) for f in movers)),
    )


def move_figure_apply(state: State, data: Data, event: Event) -> None:
    if event.value == "back":
        ask(state, "move_menu", team=state.ask.team)
    else:
        _act(state, data, state.ask.action, event.value)


def _act(state: State, data: Data, action: str, fig_id: str) -> None:
    fig = state.fig(fig_id)
    team = fig.team
    if action == "offside":
        knock_out(state, data, fig)
        log(state, data, f"{who(state, fig)} runs off the field: the fans knock it out at the edge", team)
        if flow.all_balls_out(state):
            flow.break_play(state, data, "every ball is out of play")
        else:
            ask(state, "move_menu", team=team)
    elif action == "goal":
        ball = state.carried_by(fig.id)[0]
        ball.put("out")
        state.scored_ball = ball.id
        score(state, data, team, f"{who(state, fig)} carries ball {ball.id} into the bunker")
        flow.break_play(state, data, f"goal by {who(state, fig)}")
    else:
        ask(state, "move_roll", team=team, figure=fig_id, action=action)


def pile_target(move: int) -> int:
    return math.ceil(move / 2)


def move_roll_prompt(state: State, data: Data) -> Roll:
    fig = state.fig(state.ask.figure)
    if state.ask.action == "pile":
        return at_most_roll(state, data, fig.team, f"{who(state, fig)} crosses a pile of fallen figures",
                            "pile", who(state, fig), pile_target(fig.move),
                            "gets through at full speed", "mired: falls unconscious on the pile")
    return at_most_roll(state, data, fig.team, f"{who(state, fig)} tries to break base contact",
                        "break contact", who(state, fig), data.game.leave_contact_on_or_under,
                        "breaks away at full speed", "stays in contact (may only pivot)")


def move_roll_apply(state: State, data: Data, event: Event) -> None:
    fig = state.fig(state.ask.figure)
    face = event.value[0]
    if state.ask.action == "pile":
        need = pile_target(fig.move)
        if face <= need:
            log(state, data, f"{who(state, fig)} crosses the pile: rolled {face} (needed {need} or less)", fig.team)
        else:
            knock_out(state, data, fig, status="mired")
            log(state, data, f"{who(state, fig)} is mired in the pile: rolled {face} (needed {need} or less)",
                fig.team)
    else:
        need = data.game.leave_contact_on_or_under
        state.tried_contact = [*state.tried_contact, fig.id]
        result = "breaks away" if face <= need else "is held in contact"
        log(state, data, f"{who(state, fig)} {result}: rolled {face} (needed {need} or less)", fig.team)
    ask(state, "move_menu", team=fig.team)


def break_check_prompt(state: State, data: Data) -> Choose:
    return Choose(text="Break play now? The turn ends at once and the table is reset.",
                  options=(Option(id="no", label="No, back to the move", key="0"),
                           Option(id="yes", label="Yes: every ball is unreachable, or everyone agrees", key="1")))


def break_check_apply(state: State, data: Data, event: Event) -> None:
    if event.value == "yes":
        flow.break_play(state, data, "the table agrees play cannot go on (or every ball is unreachable)")
    else:
        ask(state, "move_menu", team=state.ask.team)


# ---- coaches ----


def _need(state: State, data: Data, team: int) -> int:
    return data.coach.activation_needs[state.teams[team].coach.activations]


def coach_menu_prompt(state: State, data: Data) -> Choose:
    team = state.ask.team
    cs = state.teams[team].coach
    need = _need(state, data, team)
    nth = ("first", "second", "third", "fourth", "fifth")[cs.activations] if cs.activations < 5 else "next"
    return Choose(
        actor=team,
        text="Does your coach storm onto the field? "
             f"({nth} activation, {cs.activations}/{len(data.coach.activation_needs)} used; one try per turn)",
        options=(Option(id="try", label=f"Try to activate the coach (needs {need} or less)", actor=team, key="1",
                        chance=p_at_most(data.game.die, need)),
                 Option(id="no", label="No, the coach stays on the bench", actor=team, key="0")),
    )


def coach_menu_apply(state: State, data: Data, event: Event) -> None:
    team = state.ask.team
    if event.value == "no":
        flow.advance_move(state, data)
        return
    state.teams[team].coach.tried_turn = state.turn
    ask(state, "coach_roll", team=team)


def coach_roll_prompt(state: State, data: Data) -> Roll:
    team = state.ask.team
    coach = state.coach_of(team)
    return at_most_roll(state, data, team, f"{team_name(state, team)} try to activate their coach",
                        "coach activation", who(state, coach), _need(state, data, team),
                        "the coach storms onto the field", "the coach stays on the bench")


def coach_roll_apply(state: State, data: Data, event: Event) -> None:
    team = state.ask.team
    need, face = _need(state, data, team), event.value[0]
    if face <= need:
        state.teams[team].coach.activations += 1
        log(state, data, f"{team_name(state, team)} coach activated: rolled {face} (needed {need} or less)", team)
        ask(state, "coach_target", team=team)
    else:
        log(state, data, f"{team_name(state, team)} coach stays on the bench: rolled {face} "
            f"(needed {need} or less)", team)
        flow.advance_move(state, data)


def coach_target_prompt(state: State, data: Data) -> Choose:
    team = state.ask.team
    figs = [f for f in state.figures if f.team == team and not f.coach]
    return Choose(actor=team, text="Which of your figures is the coach's target? "
                  "It is frozen until the talking-to is over.",
                  options=tuple(fig_option(state, f, data) for f in figs))


def coach_target_apply(state: State, data: Data, event: Event) -> None:
    team = state.ask.team
    target = state.fig(event.value)
    if target.team != team or target.coach:
        raise RuleError("A coach can only target a player of its own team.")
    coach = state.coach_of(team)
    cs = state.teams[team].coach
    cs.mode, cs.target = "storming", target.id
    target.frozen = True
    coach.on_field = True
    log(state, data, f"{who(state, coach)} storms towards {who(state, target)}, who is frozen", team)
    ask(state, "walk_by", team=team)


def _walk_by_candidates(state: State, team: int) -> list:
    coach = state.coach_of(team)
    target = state.teams[team].coach.target
    return [f for f in state.figures if f.on_field and f.up and f.id not in (coach.id, target)]


def walk_by_prompt(state: State, data: Data) -> Pick:
    team = state.ask.team
    cs = state.teams[team].coach
    going = "towards its target" if cs.mode == "storming" else "back to the bench"
    reach, speed = data.coach.walk_by_reach_inches, data.coach.speed_inches
    return Pick(
        actor=None,
        text=f"Move {team_name(state, team)}'s coach {speed} inches straight {going}. "
             f"Pick every standing figure with any part of its base within {reach} inches of its path "
             "(none is fine).",
        options=tuple(fig_option(state, f, data) for f in _walk_by_candidates(state, team)),
    )


def walk_by_apply(state: State, data: Data, event: Event) -> None:
    if event.value:
        ask(state, "walk_by_roll", team=state.ask.team, queue=list(event.value))
    else:
        ask(state, "coach_arrived", team=state.ask.team)


def walk_by_roll_prompt(state: State, data: Data) -> Roll:
    figs = [state.fig(i) for i in state.ask.queue]
    w = data.coach.walk_by_whap
    return batch_roll(state, data, figs, [w] * len(figs),
                      f"The coach storms past: walk-by whaps at Whap {w}, one die per figure",
                      "walk-by whap", "faints")


def walk_by_roll_apply(state: State, data: Data, event: Event) -> None:
    w = data.coach.walk_by_whap
    for fig_id, face in zip(state.ask.queue, event.value):
        fig = state.fig(fig_id)
        if face <= w:
            knock_out(state, data, fig)
            log(state, data, f"{who(state, fig)} faints as the coach storms by (rolled {face}, {w} or less)", fig.team)
        else:
            log(state, data, f"{who(state, fig)} keeps its nerve as the coach storms by (rolled {face})", fig.team)
    ask(state, "coach_arrived", team=state.ask.team)


def coach_arrived_prompt(state: State, data: Data) -> Choose:
    team = state.ask.team
    cs = state.teams[team].coach
    if cs.mode == "storming":
        question = f"Has the coach reached base contact with {who(state, state.fig(cs.target))}?"
    else:
        question = "Is the coach back at its spot off the field?"
    return Choose(actor=None, text=question,
                  options=(Option(id="yes", label="Yes", key="1"), Option(id="no", label="No, not yet", key="0")))


def coach_arrived_apply(state: State, data: Data, event: Event) -> None:
    team = state.ask.team
    cs = state.teams[team].coach
    coach = state.coach_of(team)
    if event.value == "yes":
        if cs.mode == "storming":
            cs.mode, cs.talk_turn = "talking", state.turn + 1
            log(state, data, f"{who(state, coach)} reaches {who(state, state.fig(cs.target))}: "
                f"a talking-to all of turn {cs.talk_turn}", team)
        else:
            cs.mode, coach.on_field = "bench", False
            log(state, data, f"{who(state, coach)} is back on the bench", team)
    flow.advance_move(state, data)


STEPS = {
    "initiative_roll": (initiative_prompt, initiative_apply),
    "move_menu": (move_menu_prompt, move_menu_apply),
    "move_figure": (move_figure_prompt, move_figure_apply),
    "break_check": (break_check_prompt, break_check_apply),
    "move_roll": (move_roll_prompt, move_roll_apply),
    "coach_menu": (coach_menu_prompt, coach_menu_apply),
    "coach_roll": (coach_roll_prompt, coach_roll_apply),
    "coach_target": (coach_target_prompt, coach_target_apply),
    "walk_by": (walk_by_prompt, walk_by_apply),
    "walk_by_roll": (walk_by_roll_prompt, walk_by_roll_apply),
    "coach_arrived": (coach_arrived_prompt, coach_arrived_apply),
}
