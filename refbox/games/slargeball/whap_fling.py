"""The Whap phase (simultaneous, highest Whap first) and the Fling phase (with scatter)."""

from __future__ import annotations

from functools import lru_cache

from refbox.engine.dice import p_at_most, pool
from refbox.engine.prompts import Choose, DieSpec, Event, Option, Outcome, Refusal, Roll
from refbox.games.slargeball import flow
from refbox.games.slargeball.common import at_most_roll, ask, fig_option, knock_out, log, score, team_name, who
from refbox.games.slargeball.data import Data
from refbox.games.slargeball.lineup import layout
from refbox.games.slargeball.models import State

# ---- whap ----


def whap_menu_prompt(state: State, data: Data) -> Choose:
    band = state.whap_band
    figs = [f for f in flow.whap_candidates(state, data) if f.whap == band]
    lower = any(f.whap < band for f in flow.whap_candidates(state, data))
    if lower:
        options = [Option(id="next", label=f"No more whaps at Whap {band}: on to Whap {band - 1}", key="1"),
                   Option(id="nobody", label="Nobody else whaps this phase", key="0")]
    else:
        options = [Option(id="next", label="Nobody else whaps: end the Whap phase", key="0")]
    p = p_at_most(data.game.die, band)
    for f in figs:
        option = fig_option(state, f, data, hint="knocked out this phase, still whaps" if not f.up else "")
        option.chance = p  # the chance its whap knocks the target out
        options.append(option)
    return Choose(
        text=f"Whap phase, Whap {band} figures first: who whaps an opponent in base contact? "
             "(one whap per figure; all whaps are simultaneous)",
        options=tuple(options),
        refused=_whap_refusals(state),
    )


def _whap_refusals(state: State) -> tuple[Refusal, ...]:
    """Standing figures that cannot whap now, and why (a coach, frozen, or already whapped)."""
    refused = []
    for f in state.figures:
        if f.id not in state.up_at_whap:
            continue
        reason = ("it has already whapped this turn" if f.id in state.whapped else
                  "frozen by its coach" if f.frozen else
                  "coaches never whap" if f.coach else "")
        if reason:
            refused.append(Refusal(id=f.id, label=who(state, f), reason=reason))
    return tuple(refused)


def whap_menu_apply(state: State, data: Data, event: Event) -> None:
    if event.value == "next":
        state.whap_band -= 1
        flow.settle_whap_band(state, data)
    elif event.value == "nobody":
        log(state, data, "Nobody else whaps this phase")
        state.whap_band = 0
        flow.settle_whap_band(state, data)
    else:
        ask(state, "whap_target", figure=event.value)


def _targets(state: State, data: Data, whapper_id: str) -> list:
    """The opponents standing on the field."""
    figures, team = state.figures, state.fig(whapper_id).team
    return [f for f in map(figures.__getitem__, layout(state, data).teams[1 - team]) if f.on_field and f.status == "up"]


def whap_target_prompt(state: State, data: Data) -> Choose:
    whapper = state.fig(state.ask.figure)
    return Choose(
        actor=whapper.team,
        text=f"{who(state, whapper)} (Whap {whapper.whap}) whaps which opponent in base contact?",
        options=tuple(fig_option(state, f, data) for f in _targets(state, data, whapper.id)),
    )  # the whap's chance is the same whoever the target is: it is on the roll


def whap_target_apply(state: State, data: Data, event: Event) -> None:
    ask(state, "whap_roll", figure=state.ask.figure, queue=[event.value])


def whap_roll_prompt(state: State, data: Data) -> Roll:
    whapper, target = state.fig(state.ask.figure), state.fig(state.ask.queue[0])
    return at_most_roll(state, data, whapper.team, f"{who(state, whapper)} whaps {who(state, target)}",
                        "whap", who(state, whapper), whapper.whap,
                        f"{who(state, target)} is knocked out", "no effect")


def whap_roll_apply(state: State, data: Data, event: Event) -> None:
    whapper, target = state.fig(state.ask.figure), state.fig(state.ask.queue[0])
    face = event.value[0]
    state.whapped = [*state.whapped, whapper.id]
    if face <= whapper.whap:
        knock_out(state, data, target)
        log(state, data, f"{who(state, whapper)} whaps {who(state, target)} unconscious "
            f"(rolled {face}, needed {whapper.whap} or less)", whapper.team)
    else:
        log(state, data, f"{who(state, whapper)} whaps at {who(state, target)} and misses (rolled {face})",
            whapper.team)
    flow.settle_whap_band(state, data)


# ---- fling ----


def fling_range(data: Data, fling: int) -> int:
    return fling * data.game.fling_range_per_point


def fling_menu_prompt(state: State, data: Data) -> Choose:
    fig = state.fig(state.ask.figure)
    rng = fling_range(data, fig.fling)
    return Choose(
        actor=fig.team,
        text=f"{who(state, fig)} holds ball {state.ask.ball}. Fling it? Range {rng} inches (Fling {fig.fling}).",
        options=(
            Option(id="spot", label="Fling at a spot or a figure within range", actor=fig.team, key="1",
                   chance=p_at_most(data.game.die, fig.fling)),
            Option(id="goal", label="Fling at the opposing goal bunker (within range)", actor=fig.team, key="2",
                   chance=p_at_most(data.game.die, fig.fling)),
            Option(id="hold", label="Hold on to the ball", actor=fig.team, key="0"),
        ),
    )


def fling_menu_apply(state: State, data: Data, event: Event) -> None:
    if event.value == "hold":
        log(state, data, f"{who(state, state.fig(state.ask.figure))} holds ball {state.ask.ball}")
        flow.next_fling(state, data)
    else:
        ask(state, "fling_roll", figure=state.ask.figure, ball=state.ask.ball, action=event.value)


def fling_roll_prompt(state: State, data: Data) -> Roll:
    fig = state.fig(state.ask.figure)
    aim = "the goal bunker" if state.ask.action == "goal" else "the chosen spot"
    hit = "GOAL" if state.ask.action == "goal" else "lands exactly on the spot"
    return at_most_roll(state, data, fig.team, f"{who(state, fig)} flings ball {state.ask.ball} at {aim}",
                        "fling", who(state, fig), fig.fling, hit, "scatters")


def fling_roll_apply(state: State, data: Data, event: Event) -> None:
    fig, ball = state.fig(state.ask.figure), state.ball(state.ask.ball)
    face = event.value[0]
    ball.put("air")
    if face <= fig.fling:
        if state.ask.action == "goal":
            ball.where = "out"
            state.scored_ball = ball.id
            score(state, data, fig.team, f"{who(state, fig)} flings ball {ball.id} into the bunker (rolled {face})")
            _ground_other_airballs(state, data)
            flow.break_play(state, data, f"goal by {who(state, fig)}")
            return
        log(state, data, f"{who(state, fig)} flings ball {ball.id} right on target (rolled {face}, "
            f"needed {fig.fling} or less): it comes down in the Nab phase", fig.team)
        flow.next_fling(state, data)
    else:
        log(state, data, f"{who(state, fig)} flings ball {ball.id} wide (rolled {face}, needed {fig.fling} or less): "
            f"it scatters {face - fig.fling}d6 inches", fig.team)
        ask(state, "scatter_roll", figure=fig.id, ball=ball.id, action="fling", face=face - fig.fling)


def scatter_dice(state: State, data: Data) -> int:
    action = state.ask.action
    if action == "coach":
        return data.game.coach_random_fling_dice
    if action == "bonk":
        return data.game.bonk_scatter_dice
    return state.ask.face


def scatter_prompt(state: State, data: Data) -> Roll:
    n, sides = scatter_dice(state, data), data.game.die
    legend = "; ".join(f"{i} {d}" for i, d in enumerate(data.scatter.directions[:sides], start=1))
    dice = (DieSpec(sides=sides, label="direction (or an arrow die)", note=legend),) + tuple(
        DieSpec(sides=sides, label=f"distance die {i + 1}") for i in range(n))
    return Roll(text=f"Ball {state.ask.ball} scatters: a direction die and {n}d{sides} inches",
                purpose="scatter", dice=dice,
                success=f"each direction 1 in {sides}; the distance is the sum of the other dice",
                odds=scatter_odds(n, sides))


def scatter_odds(n: int, sides: int) -> tuple[Outcome, ...]:
    """The distance in four bands that do not overlap (they add up to 100 %), exact."""
    return tuple(Outcome(label=f"{lo}-{hi} inches" if lo != hi else f"{lo} inches", probability=p)
                 for lo, hi, p in _distance_bands(n, sides))


@lru_cache(maxsize=64)
def _distance_bands(n: int, sides: int) -> tuple[tuple[int, int, float], ...]:
    total = pool(sides, n)
    lo, hi = n, n * sides
    width = max(1, -(-(hi - lo + 1) // 4))
    bands = []
    for start in range(lo, hi + 1, width):
        end = min(hi, start + width - 1)
        p = float(total.probability(">=", start)) - float(total.probability(">", end))
        bands.append((start, end, p))
    return tuple(bands)


def scatter_apply(state: State, data: Data, event: Event) -> None:
    direction, distance = event.value[0], sum(event.value[1:])
    ball = state.ball(state.ask.ball)
    if state.ask.action == "coach":
        ball.put("air")
    log(state, data, f"Ball {ball.id} scatters {distance} inches, direction {direction} "
        f"({data.scatter.directions[direction - 1]})")
    ask(state, "landing", ball=ball.id, action=state.ask.action, figure=state.ask.figure)


def landing_prompt(state: State, data: Data) -> Choose:
    a, b = state.teams
    field = ("On the field: it must be nabbed by whoever it lands on in the Nab phase"
             if state.ask.action != "bonk" else "On the field: it rests there as a groundball")
    return Choose(
        text=f"Where did ball {state.ask.ball} come down?",
        options=(
            Option(id="field", label=field, key="1"),
            Option(id="bunker0", label=f"In {a.name}'s goal bunker: {b.name} score", actor=1, key="2"),
            Option(id="bunker1", label=f"In {b.name}'s goal bunker: {a.name} score", actor=0, key="3"),
            Option(id="off", label="Off the field: out of play until Break Play", key="4"),
        ),
    )


def landing_apply(state: State, data: Data, event: Event) -> None:
    ball = state.ball(state.ask.ball)
    where = event.value
    if where.startswith("bunker"):
        scorer = 1 - int(where[-1])
        ball.put("out")
        state.scored_ball = ball.id
        score(state, data, scorer, f"ball {ball.id} scatters into {team_name(state, 1 - scorer)}'s bunker")
        _ground_other_airballs(state, data)
        flow.break_play(state, data, f"goal for {team_name(state, scorer)}")
        return
    if where == "off":
        ball.put("out")
        log(state, data, f"Ball {ball.id} is off the field: out of play until Break Play")
        if flow.all_balls_out(state):
            flow.break_play(state, data, "every ball is out of play")
            return
    elif state.ask.action == "bonk":
        ball.where, ball.rested_this_nab = "ground", True
    if state.ask.action == "bonk":
        flow.next_nab(state, data)
    else:
        flow.next_fling(state, data)


def _ground_other_airballs(state: State, data: Data) -> None:
    """Ruling goal-break-airballs: balls still in the air come down as groundballs."""
    for other in state.balls:
        if other.where == "air":
            other.where = "ground"
            log(state, data, f"Ball {other.id} comes down as a groundball where it was aimed (play is broken)")


STEPS = {
    "whap_menu": (whap_menu_prompt, whap_menu_apply),
    "whap_target": (whap_target_prompt, whap_target_apply),
    "whap_roll": (whap_roll_prompt, whap_roll_apply),
    "fling_menu": (fling_menu_prompt, fling_menu_apply),
    "fling_roll": (fling_roll_prompt, fling_roll_apply),
    "scatter_roll": (scatter_prompt, scatter_apply),
    "landing": (landing_prompt, landing_apply),
}
