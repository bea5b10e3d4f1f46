"""Ballmonsters keeps a match's first state per setup and ruleset: each start hands out a copy that equals a state
built from scratch and shares nothing mutable with the next one."""

from refbox.engine import registry
from refbox.games.ballmonsters import rules


def test_every_start_is_a_fresh_state_equal_to_one_built_from_scratch():
    data = registry.lookup("ballmonsters").load_data()
    setup = rules.Setup.model_validate(rules.sim_setup(data))
    first, second = rules.start(setup, data), rules.start(setup, data)
    assert first == second == rules._start(setup, data)
    assert first.model_dump_json() == rules._start(setup, data).model_dump_json()
    first.balls[1].strength += 3
    first.log.clear()
    third = rules.start(setup, data)
    assert third == second and third.balls[1] is not second.balls[1]
