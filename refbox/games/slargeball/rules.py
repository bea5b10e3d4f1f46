"""Slargeball! rules: start / prompt / apply / view over the match state (see docs/ADDING_A_RULESET.md)."""

from __future__ import annotations

from refbox.engine.contract import Rules

from refbox.engine.errors import RuleError
from refbox.engine.prompts import Choose, Confirm, Event, GameOver, Legal, Prompt, Roll, legal_of
from refbox.games.slargeball import flow, lineup, moving, nabbing, whap_fling
from refbox.games.slargeball.answers import FAST
from refbox.games.slargeball.common import batch_roll, log, who
from refbox.games.slargeball.data import Data
from refbox.games.slargeball.models import Ask, Ball, Figure, Setup, State, Team
from refbox.games.slargeball.view import view

__all__ = ["Data", "Setup", "State", "start", "prompt", "legal", "apply", "view", "colours", "roster"]


def roster(setup: Setup, data: Data, team: int) -> list[Figure]:
    """The figures a team fields for this many squads, in move order; coaches start off the field."""
    return lineup.roster(setup.squads, data, team)


def start(setup: Setup, data: Data) -> State:
    g = data.game
    if not g.squads_min <= setup.squads <= g.squads_max:
        raise RuleError(f"Squads per team must be {g.squads_min} to {g.squads_max} (got {setup.squads}).")
    state = State(
        turns=g.turns,
        teams=[Team(name=t.name.strip(), colour=t.colour) for t in setup.teams],
        figures=roster(setup, data, 0) + roster(setup, data, 1),
        balls=[Ball(id=n) for n in range(1, data.balls_for(setup.squads) + 1)],
        ask=Ask(step="initiative_roll"),
    )
    log(state, data, f"Kick-off: {setup.squads} squad(s) a side, {len(state.figures) // 2} figures each, "
        f"{len(state.balls)} ball(s) at the centre")
    flow.begin_turn(state, data)
    return state


def colours(setup: Setup) -> tuple[str, str]:
    return setup.teams[0].colour, setup.teams[1].colour


# ---- consciousness, Break Play, full time ----


def wake_prompt(state: State, data: Data) -> Roll:
    figs = [state.fig(i) for i in state.ask.queue]
    return batch_roll(state, data, figs, [f.whap for f in figs],
                      f"Check for consciousness: {len(figs)} figure(s) roll to wake (at or under their Whap)",
                      "wake up", "wakes up")


def wake_apply(state: State, data: Data, event: Event) -> None:
    for fig_id, face in zip(state.ask.queue, event.value):
        fig = state.fig(fig_id)
        if face <= fig.whap:
            fig.status = "up"
            log(state, data, f"{who(state, fig)} wakes up (rolled {face}, Whap {fig.whap})", fig.team)
        else:
            log(state, data, f"{who(state, fig)} stays down (rolled {face}, Whap {fig.whap})", fig.team)
    flow.close_turn(state, data)


def break_prompt(state: State, data: Data) -> Confirm:
    a, b = state.teams
    lines = [f"Play is broken ({state.break_reason}). Reset the table:",
             "- unconscious figures stay exactly where they lie;",
             "- conscious goalies go to the opposing goal zone;",
             "- conscious coaches on the field go back to their bench spot;",
             f"- every other conscious figure lines up behind its own slargeline ({a.name}, {b.name});"]
    centre = [bl.id for bl in state.balls if bl.where == "out"]
    if centre:
        lines.append(f"- ball(s) {', '.join(map(str, centre))} go back to the centre of the field.")
    return Confirm(text="\n".join(lines))


def break_apply(state: State, data: Data, event: Event) -> None:
    for team in (0, 1):
        coach, cs = state.coach_of(team), state.teams[team].coach
        if coach is not None and coach.on_field and coach.up:
            if cs.target:
                state.fig(cs.target).frozen = False
            coach.on_field, cs.mode, cs.target = False, "bench", None
    for ball in state.balls:
        if ball.where in ("out", "air"):
            ball.where = "ground"
    log(state, data, "The table is reset; play resumes next turn")
    state.break_reason = ""
    flow.next_turn(state, data)


def over_prompt(state: State, data: Data) -> GameOver:
    a, b = state.teams
    if a.score == b.score:
        return GameOver(text=f"Full time: a tie, {a.name} {a.score} : {b.score} {b.name}.")
    winner = 0 if a.score > b.score else 1
    return GameOver(actor=winner, text=f"Full time: {state.teams[winner].name} win, "
                    f"{a.name} {a.score} : {b.score} {b.name}.")


def _over_apply(state: State, data: Data, event: Event) -> None:
    raise RuleError("The match is over.")


STEPS = {
    **moving.STEPS,
    **whap_fling.STEPS,
    **nabbing.STEPS,
    "wake_roll": (wake_prompt, wake_apply),
    "break_confirm": (break_prompt, break_apply),
    "over": (over_prompt, _over_apply),
}


def prompt(state: State, data: Data) -> Prompt:
    return STEPS[state.ask.step][0](state, data)


def legal(state: State, data: Data) -> Legal:
    """The legal answers: the busiest steps' straight from the state (answers.py), the others' from the prompt."""
    fast = FAST.get(state.ask.step)
    return fast(state, data) if fast else legal_of(prompt(state, data))


def apply(state: State, data: Data, event: Event) -> None:
    STEPS[state.ask.step][1](state, data, event)
    if data.table.skip_forced:
        _answer_forced(state, data)


FORCED = {
    "whap_target": "Only one opponent stands to be whapped: {only} (not asked)",
    "air_landed": "Nobody stands on the field: ball {ball} lands as a groundball (not asked)",
    "coach_target": "The coach has one possible target: {only} (not asked)",
    "walk_by": "Nobody stands on the field for the coach to walk by (not asked)",
    "ground_contact": "Nobody can try to nab groundball {ball} (not asked)",
    "bonk_contacts": "Nobody stands to try for ball {ball} (not asked)",
}
"""Questions whose answer can be forced (one possible choice, or nobody to pick), and the log line that says so."""
FORCIBLE = set(FORCED)


def _answer_forced(state: State, data: Data) -> None:
    """Answer, without asking, each question whose answer is forced, and log it. These answers are not inputs:
    undo steps back over them to the input before (the table never gave them). Only with table.skip_forced,
    so journals saved before it (which hold these answers) replay as they were played."""
    while state.ask.step in FORCIBLE:
        step = state.ask.step
        only = _forced_choice(state, data, step)
        if only is None:
            return
        if only == "":  # nobody to pick
            log(state, data, FORCED[step].format(ball=state.ask.ball, only=""), None)
            STEPS[step][1](state, data, Event("pick", []))
        else:
            label = who(state, state.fig(only)) if only != "ground" else ""
            log(state, data, FORCED[step].format(ball=state.ask.ball, only=label), None)
            STEPS[step][1](state, data, Event("choose", only))


def _forced_choice(state: State, data: Data, step: str) -> str | None:
    """The one answer a forcible question has ("" for an empty pick), or None when the table must answer.
    Cheap (no prompt built): the same candidate lists the prompts offer."""
    if step == "whap_target":
        targets = whap_fling._targets(state, data, state.ask.figure)
        return targets[0].id if len(targets) == 1 else None
    if step == "air_landed":
        return "ground" if not any(f.on_field and f.up for f in state.figures) else None
    if step == "coach_target":
        figs = [f for f in state.figures if f.team == state.ask.team and not f.coach]
        return figs[0].id if len(figs) == 1 else None
    if step == "walk_by":
        return "" if not moving._walk_by_candidates(state, state.ask.team) else None
    if step == "ground_contact":
        return "" if not any(f.can_act and not f.coach for f in state.figures) else None
    if step == "bonk_contacts":
        return "" if not any(f.on_field and f.up and f.id not in state.bonk_involved for f in state.figures) else None
    return None


def sim_setup(data: Data) -> dict:
    """The setup headless play uses (refbox sim, benchmarks): two teams of two squads (or the nearest allowed)."""
    return {"teams": [{"name": "Red", "colour": "red"}, {"name": "Blue", "colour": "blue"}],
            "squads": data.game.squads_near(2)}


# ---- the match report's statistics (refbox.engine.report) ----

STATS = ("whaps", "knock-outs", "flings", "nabs", "goals")


def _by_label(state: State, label: str):
    return next((f for f in state.figures if who(state, f) == label), None)


def tally(t, prompt: Prompt, event: Event, state: State, data: Data) -> None:
    """Count Slargeball's own statistics after one input: whaps (tried) and the knock-outs they and a coach's
    walk-by score, flings, nabs, goals (for the figure that scored, where one did)."""
    scorer = None
    if isinstance(prompt, Roll) and event.kind == "roll":
        faces = list(event.value)
        if prompt.purpose in ("whap", "fling", "nab"):
            fig = _by_label(state, prompt.dice[0].label)
            if fig is not None:
                won = bool(prompt.wins(faces)) if prompt.wins else False
                t.add(fig.team, fig.tag, {"whap": "whaps", "fling": "flings", "nab": "nabs"}[prompt.purpose])
                if won and prompt.purpose == "whap":
                    t.add(fig.team, fig.tag, "knock-outs")
                if prompt.purpose == "fling":
                    scorer = fig
        elif prompt.purpose == "walk-by whap" and state.ask.team is not None:
            coach = state.coach_of(state.ask.team)
            w = data.coach.walk_by_whap
            for die, face in zip(prompt.dice, faces):
                fig = _by_label(state, die.label)
                if fig is not None and face <= w and coach is not None and fig.team != coach.team:
                    t.add(coach.team, coach.tag, "knock-outs")
    elif event.kind == "choose" and event.value == "goal" and isinstance(prompt, Choose):
        scorer = next((f for f in state.figures if f.team == prompt.actor and f.pos == "G"), None)
    before = getattr(t, "_slargeball_score", (0, 0))
    after = (state.teams[0].score, state.teams[1].score)
    for team in (0, 1):
        goals = (after[team] - before[team]) // max(1, data.game.scoring_points)
        if goals > 0:
            who_scored = scorer.tag if scorer is not None and scorer.team == team else None
            t.add(team, who_scored, "goals", goals)
    t._slargeball_score = after


class Slargeball(Rules):
    """Slargeball! through the engine's contract (refbox.engine.contract)."""

    name = "slargeball"
    Data, Setup, State = Data, Setup, State
    statistics = STATS

    def new_setup(self) -> dict:
        return {"teams": [{"name": "Red Ravagers", "colour": "red"}, {"name": "Blue Bashers", "colour": "blue"}],
                "squads": self.data.game.squads_near(2)}

    def headless_setup(self) -> dict:
        return sim_setup(self.data)

    def team_names(self, setup: Setup) -> tuple[str, str]:
        return setup.teams[0].name, setup.teams[1].name

    def colours(self, setup: Setup) -> tuple[str, str]:
        return colours(setup)

    def start(self, setup: Setup) -> State:
        return start(setup, self.data)

    def begin(self, setup: Setup) -> State:
        return start(setup, self.data)

    def legal(self, state: State) -> Legal:
        return legal(state, self.data)

    def prompt(self, state: State) -> Prompt:
        return prompt(state, self.data)

    def apply(self, state: State, event: Event) -> None:
        return apply(state, self.data, event)

    def phase(self, state: State) -> str:
        return view(state, self.data).phase_id

    def view(self, state: State):
        return view(state, self.data)

    def outcome(self, state: State) -> tuple[int, int]:
        return state.teams[0].score, state.teams[1].score

    def tally(self, t, prompt: Prompt, event: Event, state: State) -> None:
        tally(t, prompt, event, state, self.data)
