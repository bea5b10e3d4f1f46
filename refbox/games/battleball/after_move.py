"""After the move: tackle, hand off, pass or end the turn (one attempt, then the turn passes).

On refbox's board a tackle is due wherever a player of the side to move touches an opponent (contact.py asks
which pair), so this question comes only when nobody does, and offers what the positions allow. At the table
it is one question for both: "tackle" says a player is next to an opponent (then the tackle is compulsory).
"""

from __future__ import annotations

from refbox.engine.errors import RuleError
from refbox.engine.prompts import Choose, Event, Legal, Option, Refusal
from refbox.games.battleball import flow, passing, pitch, roster
from refbox.games.battleball.data import Data
from refbox.games.battleball.models import State
from refbox.games.battleball.steps import STEPS


def _our_ball(state: State) -> bool:
    return state.carrier is not None and state.carrier.team == state.side


def board_actions(state: State, data: Data) -> tuple[str, ...]:
    if not _our_ball(state) or len(state.at[state.side]) < 2:
        return ("end",)
    assert state.carrier is not None
    out = ["end"]
    if pitch.adjacent_mates(data.pitch, state, state.side, state.carrier.id):
        out.append("hand-off")
    if passing.receivers(state, data, first_only=True):
        out.append("pass")
    return tuple(out)


@STEPS.legal_for("action", phase="after-move")
def action_legal(state: State, data: Data) -> Legal:
    """On the board: what the positions allow (no tackle: one would be due instead). At the table the one
    question covers "next to an opponent?" too: yes is a tackle (compulsory), no is hand off, pass or end."""
    if state.board:
        return Legal("choose", state.side, board_actions(state, data))
    ball = ("hand-off", "pass") if _our_ball(state) and len(state.on_field(state.side)) > 1 else ()
    return Legal("choose", state.side, ("end", *ball, "tackle"))


ACTION_KEYS = {"end": "1", "hand-off": "2", "pass": "3", "tackle": "4"}
"""Each after-move answer's own key ("end" first: always 1, the default)."""


@STEPS.prompt_for("action")
def action_prompt(state: State, data: Data, legal: Legal) -> Choose:
    side, ids = state.side, legal.ids
    carrier = state.carrier.id if state.carrier else ""
    labels = {"end": "End the turn", "hand-off": f"Hand off: {carrier} to a team-mate next to him",
              "pass": f"Pass: {carrier} throws to a team-mate"}
    if state.board:
        text = "Nobody can tackle: hand off, pass, or end the turn? (one try, then the turn passes)"
        refused = [Refusal(id="tackle", label="Tackle", reason="nobody of yours is next to an opponent")]
        if "hand-off" not in ids and _our_ball(state):
            refused.append(Refusal(id="hand-off", label="Hand off", reason=f"no team-mate stands next to {carrier}"))
        if "pass" not in ids and _our_ball(state):
            refused.append(Refusal(id="pass", label="Pass", reason="no team-mate is within throwing distance"))
    else:
        text = ("After the move: is a player of yours next to an opponent? Then tackle. If not: hand off, pass or "
                "end the turn (one attempt, then the turn passes).")
        refused = []
        carrier = roster.short(data, state.carrier) if _our_ball(state) else ""  # type: ignore[arg-type]
        labels.update({"end": "End the turn: nobody of ours is next to an opponent",
                       "hand-off": f"Hand off: {carrier} to a team-mate next to him",
                       "pass": f"Pass: {carrier} throws to a team-mate",
                       "tackle": "Tackle: a player of ours is next to an opponent"})
    return Choose(actor=side, text=text, options=tuple(Option(id=i, label=labels[i], actor=side, key=ACTION_KEYS[i])
                                                       for i in ids), refused=tuple(refused))


@STEPS.apply_for("action")
def action_apply(state: State, data: Data, event: Event) -> None:
    if event.value in ("hand-off", "pass") and not _our_ball(state):  # the prompt never offers it
        raise RuleError("Only the side holding the ball may hand off or pass.")
    if event.value == "tackle":
        if state.board:  # the prompt never offers it: on the board a tackle is due where players touch
            raise RuleError("Nobody of yours is next to an opponent: there is no tackle to make.")
        state.note(roster.stamp(data, state), "A player is next to an opponent: a tackle is mandatory.", state.side)
        state.step = "tackler"
    elif event.value == "hand-off":
        state.step = "hand-off-to"
    elif event.value == "pass":
        state.step = "pass-to"
    else:
        words = "The turn passes." if state.board else "Nobody next to an opponent: the turn passes."
        state.note(roster.stamp(data, state), words, state.side)
        flow.end_turn(state)
