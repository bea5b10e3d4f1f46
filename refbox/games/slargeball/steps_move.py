"""The initiative roll-off and the Move phase's questions: only the moves that need dice (crossing a pile,
breaking base contact, running off the field, a goalie carrying a ball in), and Break Play on request."""

from __future__ import annotations

import math

from refbox.engine.dice import p_first_beats
from refbox.engine.prompts import (
    Choose,
    DieSpec,
    Event,
    Legal,
    Option,
    Outcome,
    Refusal,
    Roll,
)
from refbox.games.slargeball import flow
from refbox.games.slargeball.common import (
    ask,
    at_most_roll,
    fig_option,
    knock_out,
    log,
    score,
    someone_down,
    team_name,
    who,
)
from refbox.games.slargeball.data import Data
from refbox.games.slargeball.lineup import layout
from refbox.games.slargeball.models import Figure, State
from refbox.games.slargeball.steps import STEPS

# ---- initiative ----


@STEPS.legal_for("initiative_roll", phase="initiative")
def initiative_legal(state: State, data: Data) -> Legal:
    return Legal("roll", None, sides=(data.game.die, data.game.die))


@STEPS.prompt_for("initiative_roll")
def initiative_prompt(state: State, data: Data, legal: Legal) -> Roll:
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


@STEPS.apply_for("initiative_roll")
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


def _able(state: State, data: Data) -> list[Figure]:
    """The acting team's figures of this sub-phase's position that can act."""
    unit = layout(state, data).units.get((state.ask.team, data.facts.move_ids[state.move_step]), ())
    figures = state.figures
    return [f for f in map(figures.__getitem__, unit) if f.status == "up" and not f.frozen and f.on_field]


def movers(state: State, data: Data, action: str) -> list[Figure]:
    """The figures that can take ``action`` now."""
    figs = _able(state, data)
    if action == "contact":
        figs = [f for f in figs if f.id not in state.tried_contact]
    if action == "goal":
        figs = [f for f in figs if f.pos == "G" and state.carried_by(f.id)]
    if action == "pile" and not someone_down(state):
        return []  # nobody is down, so there is no pile to cross
    return figs


def menu_actions(state: State, data: Data) -> list[str]:
    """The actions of ACTIONS that some figure can take now (``movers`` not empty), in one pass over the
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


@STEPS.legal_for("move_menu", phase="move")
def move_menu_legal(state: State, data: Data) -> Legal:
    return Legal("choose", state.ask.team, ("done", *menu_actions(state, data), "rest", "break"))


def _why_not(state: State, data: Data, action: str) -> str:
    pos = data.facts.move_ids[state.move_step]
    if action == "contact":
        return "each of them has already tried once this turn"
    if action == "goal":
        return "a goalie scores by carrying a ball in, and yours holds none" if pos == "G" else \
            "only goalies, in their own sub-phase"
    return "no figure of this position can act"


@STEPS.prompt_for("move_menu")
def move_menu_prompt(state: State, data: Data, legal: Legal) -> Choose:
    team = state.ask.team
    step = data.phase("move").steps[state.move_step]
    labels = {**ACTIONS, "done": f"Done: {team_name(state, team)} have moved their {step.name}",
              "rest": "Nothing else needs dice this Move phase (coaches still asked)",
              "break": "Break Play: balls unreachable, or all agree (asks first)"}
    neutral = ("rest", "break")  # the table's answers, not the team's
    options = tuple(Option(id=i, label=labels[i], actor=None if i in neutral else team, key=ACTION_KEYS[i])
                    for i in legal.ids)
    refused = tuple(Refusal(id=k, label=ACTIONS[k], reason=_why_not(state, data, k))
                    for k in ("contact", "goal") if k not in legal.ids and (k != "goal" or step.id == "G"))
    return Choose(
        actor=team,
        text=f"Move your {step.name} (moving is optional). Tell refbox only about moves that need dice.",
        options=options,
        refused=refused,
    )


@STEPS.apply_for("move_menu")
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
        able = movers(state, data, choice)
        if len(able) == 1:
            _act(state, data, choice, able[0].id)
        else:
            ask(state, "move_figure", team=state.ask.team, action=choice)


@STEPS.legal_for("move_figure", phase="move")
def move_figure_legal(state: State, data: Data) -> Legal:
    return Legal("choose", state.ask.team, ("back", *(f.id for f in movers(state, data, state.ask.action))))


@STEPS.prompt_for("move_figure")
def move_figure_prompt(state: State, data: Data, legal: Legal) -> Choose:
    return Choose(
        actor=state.ask.team,
        text=f"Which figure? ({ACTIONS[state.ask.action]})",
        options=(Option(id="back", label="None: back to the move", key="0"),
                 *(fig_option(state, state.fig(i), data) for i in legal.ids[1:])),
    )


@STEPS.apply_for("move_figure")
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
        goal_carried(state, data, fig)
    else:
        ask(state, "move_roll", team=team, figure=fig_id, action=action)


def goal_carried(state: State, data: Data, fig: Figure) -> None:
    """A goalie carries its ball into the opposing bunker: a goal, and play breaks."""
    ball = state.carried_by(fig.id)[0]
    ball.put("out")
    state.scored_ball = ball.id
    score(state, data, fig.team, f"{who(state, fig)} carries ball {ball.id} into the bunker", by=fig)
    flow.break_play(state, data, f"goal by {who(state, fig)}")


def pile_target(move: int) -> int:
    return math.ceil(move / 2)


@STEPS.legal_for("move_roll", phase="move")
def move_roll_legal(state: State, data: Data) -> Legal:
    return Legal("roll", state.ask.team, sides=(data.game.die,))


@STEPS.prompt_for("move_roll")
def move_roll_prompt(state: State, data: Data, legal: Legal) -> Roll:
    fig = state.fig(state.ask.figure)
    if state.ask.action == "pile":
        return at_most_roll(state, data, fig.team, f"{who(state, fig)} crosses a pile of fallen figures",
                            "pile", who(state, fig), pile_target(fig.move),
                            "gets through at full speed", "mired: falls unconscious on the pile")
    return at_most_roll(state, data, fig.team, f"{who(state, fig)} tries to break base contact",
                        "break contact", who(state, fig), data.game.leave_contact_on_or_under,
                        "breaks away at full speed", "stays in contact (may only pivot)")


@STEPS.apply_for("move_roll")
def move_roll_apply(state: State, data: Data, event: Event) -> None:
    if state.board:
        from refbox.games.slargeball.steps_field import (
            rolled,  # steps_field builds on this module
        )

        rolled(state, data, event)
        return
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


# ---- Break Play, asked for by the table ----


@STEPS.legal_for("break_check", phase="move")
def break_check_legal(state: State, data: Data) -> Legal:
    return Legal("choose", None, ("no", "yes"))


@STEPS.prompt_for("break_check")
def break_check_prompt(state: State, data: Data, legal: Legal) -> Choose:
    return Choose(text="Break play now? The turn ends at once and the table is reset.",
                  options=(Option(id="no", label="No, back to the move", key="0"),
                           Option(id="yes", label="Yes: every ball is unreachable, or everyone agrees", key="1")))


@STEPS.apply_for("break_check")
def break_check_apply(state: State, data: Data, event: Event) -> None:
    if event.value == "yes":
        flow.break_play(state, data, "the table agrees play cannot go on (or every ball is unreachable)")
    else:
        ask(state, "field_move" if state.board else "move_menu", team=state.ask.team)
