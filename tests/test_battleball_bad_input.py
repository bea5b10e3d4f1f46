"""Bad input is refused with a clear message and changes nothing (the Match rolls back)."""

from __future__ import annotations

import pytest
from test_battleball_helpers import kickoff, move, new_match

from refbox.engine.clone import clone
from refbox.engine.errors import InvalidInput, RuleError
from refbox.engine.match import Match
from refbox.engine.prompts import choose, confirm, number, pick, roll
from refbox.games.battleball.models import Ref


def refused(match: Match, event, error=InvalidInput, message: str = "") -> None:
    before = clone(match.state)
    events = len(match.events)
    with pytest.raises(error, match=message):
        match.submit(event)
    assert match.state == before and len(match.events) == events


@pytest.fixture
def m() -> Match:
    match = new_match()
    kickoff(match)
    return match


def test_an_impossible_face_for_a_d20_is_refused(m):
    m.submit(choose("RB1"))
    refused(m, roll(21), message=r"21 is not a face of a d20")
    refused(m, roll(0), message=r"enter 1 to 20")


def test_the_wrong_number_of_dice_is_refused(m):
    m.submit(choose("HT"))
    refused(m, roll(4), message=r"Expected 2 die face\(s\), got 1")


def test_a_pass_distance_of_minus_1_is_refused(m):
    move(m, "RB1", 5, ball="pickup", then="pass")
    m.submit(choose("RB2"))
    refused(m, number(-1), message=r"-1 squares is out of range: enter 1 to 40 squares")


def test_a_hand_off_pass_or_quiet_end_is_refused_when_a_tackle_is_mandatory(m):
    move(m, "RB1", 5, ball="pickup", then="tackle")
    assert m.state.step == "tackler"
    for action in ("hand-off", "pass", "end"):
        refused(m, choose(action), message="next to an opponent, so this turn must be a tackle")


def test_a_pass_is_refused_once_the_turn_is_a_hand_off_and_vice_versa(m):
    move(m, "RB1", 5, ball="pickup", then="hand-off")
    refused(m, choose("pass"), message="Not now: Pass: a turn has one hand-off or one pass, and this one is a hand-off")
    m.undo()
    m.submit(choose("pass"))
    refused(m, choose("hand-off"), message="Not now: Hand off: .* and this one is a pass")


def test_a_tackle_is_refused_for_the_side_without_the_ball_and_nobody_adjacent(m):
    move(m, "RB1", 5, ball="left", then="end")  # the turn passes: the Harts pick a player now
    refused(m, choose("tackler"), message="not one of the choices")
    assert m.state.side == 1


def test_moving_an_opponents_player_is_refused(m):
    m.submit(choose("RB1"))
    m.submit(roll(3))
    m.submit(choose("left"))
    m.submit(choose("end"))  # turn passes to the Harts
    refused(m, choose("0:RB1"), message="not one of the choices")


def test_an_answer_of_the_wrong_kind_is_refused(m):
    refused(m, pick("RB1"), message="Expected a choice here, not a selection")
    refused(m, confirm(), message="Expected a choice here")


def test_nothing_is_accepted_after_the_final_whistle(m):
    move(m, "RB1", 5, ball="pickup-td")  # touchdown: on to the 2nd half, the Harts, beaten, start
    move(m, "L1", 2, ball="left", then="end")
    move(m, "RB1", 5, ball="pickup-td")
    assert m.state.step == "over"
    refused(m, choose("RB1"), message="The match is over")


def test_a_hand_off_or_pass_by_the_side_without_the_ball_is_a_rule_error(m):
    """The prompts never offer it; the rules still refuse it if called directly."""
    state, rules = clone(m.state), m.rules
    state.carrier = Ref(team=1, id="L1")
    state.step = "action"
    with pytest.raises(RuleError, match="Only the side holding the ball"):
        rules.apply(state, choose("pass"))
    for step in ("hand-off-to", "pass-to"):
        state.step = step
        with pytest.raises(RuleError, match="Only the side holding the ball may hand it off or pass it"):
            rules.legal(state)
