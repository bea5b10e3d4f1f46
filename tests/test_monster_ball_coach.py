"""The hooks a computer coach plays with (refbox.engine.play): outcome, a meaningful evaluate, cheap clones."""

from __future__ import annotations

import random

import pytest

from monster_ball_field import LAW, CHAOS, field_match, law_snap, park, pitch, place, send
from refbox.engine import coach, plain
from refbox.engine.match import Match
from refbox.engine.play import Game, random_event
from refbox.engine.prompts import choose, roll
from refbox.games.monster_ball import coaching, lineups, places


def value(m, side=LAW) -> float:
    return m.rules.evaluate(m.state, side)


def test_evaluate_is_a_share_the_two_sides_split():
    m = law_snap()
    assert 0 < value(m, LAW) < 1 and value(m, LAW) + value(m, CHAOS) == pytest.approx(1)


def test_points_are_worth_more_than_none():
    m = law_snap()
    before = value(m)
    m.state.teams[LAW].score = 14
    assert value(m) > before
    m.state.teams[CHAOS].score = 28
    assert value(m) < 0.5


def test_the_ball_near_the_end_zone_it_attacks_is_worth_more():
    near, far = law_snap(), law_snap()
    park(near, "L7")
    park(far, "L7")
    place(near, L7=(30, 9))
    place(far, L7=(8, 9))
    assert value(near) > value(far) > 1 - value(near)


def test_having_the_ball_is_worth_something():
    m = send(field_match(), choose("C12"), roll(12, 12))  # Law ball at the 30
    assert value(m, LAW) > 0.5


def test_a_finished_game_is_won_or_lost():
    m = law_snap()
    m.state.teams[LAW].score = 36
    park(m, "L7")
    place(m, L7=(31, 9))
    send(m, choose("L7"), choose("m2,0"))
    assert m.state.step == "over" and value(m, LAW) == 1.0 and value(m, CHAOS) == 0.0
    assert m.rules.outcome(m.state) == (42, 0)


def test_a_look_ahead_copy_does_not_touch_the_game():
    rules = field_match().rules
    game = Game.start(rules, rules.Setup.model_validate(rules.headless_setup()))
    rng = random.Random(2)
    for _ in range(300):
        game.apply(random_event(game.legal(), rng, rules.random_weights))
    before = game.clone().state
    twin = game.clone()
    for _ in range(50):
        twin.apply(random_event(twin.legal(), rng, rules.random_weights))
    assert position(game.state) == position(before) != position(twin.state)


# ---- the coach's hooks on the field (refbox.games.monster_ball.coaching) ----


def test_a_carrier_nobody_can_reach_is_worth_more_than_one_about_to_be_tackled():
    free, caught = park(law_snap(), "L7"), park(law_snap(), "L7", "C15")
    place(free, L7=(27, 9))  # four squares past the line: a first down if brought down here
    place(caught, L7=(27, 9), C15=(28, 9))
    assert coaching.stop_chance(free.state, free.data, "L7") == 0
    assert 0 < coaching.stop_chance(caught.state, caught.data, "L7") < 1
    assert value(free) > value(caught)


def test_a_carrier_further_downfield_is_worth_more():
    near, far = park(law_snap(), "L7"), park(law_snap(), "L7")
    place(near, L7=(28, 9))
    place(far, L7=(26, 9))
    assert value(near) > value(far)


def test_a_gain_short_of_a_first_down_is_lost_when_the_carrier_is_brought_down():
    m = law_snap()
    s, data = m.state, m.data
    line = s.to_go
    at_line = coaching.spot_worth(s, data, LAW, line, fresh=False)
    assert coaching.spot_worth(s, data, LAW, line - 2, fresh=False) == at_line
    assert coaching.spot_worth(s, data, LAW, line - 3, fresh=False) > at_line
    s.down = 4  # on the last down it goes over at the line
    assert coaching.spot_worth(s, data, LAW, line - 2, fresh=False) < 0


def test_the_carrier_next_to_the_end_zone_is_offered_the_touchdown_square():
    m = park(law_snap(), "L7")
    place(m, L7=(31, 9))
    send(m, choose("L7"))
    options = m.rules.coach_options(m.state, m.legal())
    assert options is not None and "stay" not in options
    p = pitch(m)
    squares = [places.from_id(m.state, p, "L7", o) for o in options if o.startswith("m")]
    assert any(p.in_end_zone(LAW, sq[0]) for sq in squares)


def test_a_picked_figure_is_worth_its_best_destination_so_a_greedy_coach_runs():
    m = park(law_snap(), "L7")
    place(m, L7=(25, 9))  # two squares past the line: brought down here, the gain would be lost
    before = value(m)
    assert m.rules.coach_options(m.state, m.legal())[:2] == ("advance", "done")
    greedy = coach.make("greedy", LAW, seed=1)
    assert greedy.decide(Game(m.rules, m.state)).event.value != "done"
    send(m, choose("L7"))
    assert value(m) > before


def test_the_defence_weighs_closing_in_and_the_figures_that_can_reach_the_carrier():
    m = law_snap()
    send(m, choose("done"))  # Chaos's half: the defence moves
    options = m.rules.coach_options(m.state, m.legal())
    assert options[0] == "pursue" and "done" in options
    figures = [o for o in options if o[:1] == "C"]
    assert 1 <= len(figures) <= 4 and len(options) < len(m.legal().ids)


def between_law_ball(down: int, to_go: int):
    m = send(field_match(), choose("C12"), roll(12, 12))  # Law ball at the 30, between plays
    m.state.down, m.state.to_go = down, to_go
    lineups.place_lineups(m.state, m.data)
    m.refresh()
    return m


def position(state) -> dict:
    """The state as plain data, but its log."""
    return {k: v for k, v in plain.dump(state).items() if k != "log"}


def call(m) -> str:
    return m.rules.coach_default(m.state, m.legal()).value


def test_play_calls_run_on_early_downs_kick_on_the_last_when_it_is_likely_and_punt_from_far():
    assert call(between_law_ball(1, 25)) == "hike"
    assert call(between_law_ball(3, 6)) == "hike"
    near = between_law_ball(4, 6)
    assert coaching.field_goal_chance(near.state, near.data) >= 0.5 and call(near) == "field_goal"
    far = between_law_ball(4, 25)
    assert coaching.field_goal_chance(far.state, far.data) < 0.5 and call(far) == "punt"


def test_a_table_match_keeps_its_old_coach_questions():
    m = send(Match.new("monster-ball", {"board": "table"}, seed=7), choose("C12"))
    assert m.rules.coach_default(m.state, m.legal()) is None
    assert m.rules.coach_options(m.state, m.legal()) is None


def test_a_drawn_out_play_makes_both_coaches_act():
    m = law_snap()
    m.state.round = coaching.LONG_PLAY + 1
    assert "done" not in m.rules.coach_options(m.state, m.legal())
    park(m, "L7", "C15")
    place(m, L7=(27, 9), C15=(28, 9))
    send(m, choose("done"))  # Chaos's half: its Barbarian stands next to the carrier
    assert m.rules.coach_options(m.state, m.legal()) == ("tackle",)


def test_greedy_coaches_play_a_whole_match_legally_on_the_field_and_leave_the_game_as_they_found_it(monkeypatch):
    monkeypatch.setattr(coach.GreedyCoach, "leaves", 16)
    m = field_match()
    coaches = {side: coach.make("greedy", side, seed=side, iterations=1) for side in (0, 1)}
    rng = random.Random(4)
    for n in range(8000):  # this seed's match ends after about 5600 inputs
        legal = m.legal()
        if legal.kind == "over":
            break
        if legal.kind == "roll" or legal.actor not in coaches:
            event = random_event(legal, rng, m.rules.random_weights)
        else:
            before = plain.dump(m.state) if n % 25 == 0 else None
            event = coaches[legal.actor].decide(Game(m.rules, m.state), legal).event
            assert before is None or plain.dump(m.state) == before
        m.submit(event)  # checked against the legal answers
    assert m.legal().kind == "over"  # two coaches who both stand still would never end a play
