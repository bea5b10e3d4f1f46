"""User-configured numbers: rolls resolved from stats when set, outcomes entered when not."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from test_rulerball_support import choose, confirm, new_match, number, roll, walk_to
from test_rulerball_sweep import spread_setup, to_first_fight as fight_sweep

from refbox.engine.prompts import Choose, Roll

FIELD_D6 = {"rolls": {"field": {"sides": 6, "stat": "skill", "succeed": "at_most"}}, "figures": {"catcher": {"skill": 4}}}


def to_field_roll(m) -> None:
    """Period 1 starts, the ball stops in sector 1 and reaches Home's Catcher 1, who tries to field it."""
    m.submit(confirm())
    m.submit(number(1))
    m.submit(choose("0-catcher-1"))
    m.submit(choose("field"))


def brute(dice: int, sides: int, ok) -> float:
    faces = list(product(range(1, sides + 1), repeat=dice))
    return float(Fraction(sum(1 for f in faces if ok(sum(f))), len(faces)))


def test_a_set_field_roll_is_rolled_with_exact_odds_from_the_catchers_skill():
    m = new_match(FIELD_D6)
    to_field_roll(m)
    p = m.prompt()
    assert isinstance(p, Roll) and p.dice[0].sides == 6
    assert p.odds[0].probability == pytest.approx(brute(1, 6, lambda t: t <= 4))
    assert "1d6 at most 4" in p.success


@pytest.mark.parametrize("face,fielded", [(4, True), (5, False)])
def test_the_catcher_fields_on_a_roll_at_most_his_skill(face, fielded):
    m = new_match(FIELD_D6)
    to_field_roll(m)
    m.submit(roll(face))
    assert (m.state.ball.where == "held") is fielded


def test_a_roster_stat_overrides_the_role_default():
    from refbox.games.rulerball.models import Setup

    setup = Setup().model_dump()
    setup["teams"][0]["figures"][3]["skill"] = 2  # Catcher 1
    m = new_match(FIELD_D6, setup=setup)
    to_field_roll(m)
    assert m.prompt().odds[0].probability == pytest.approx(2 / 6)


def test_without_the_stat_a_catcher_fields_or_misses_as_the_table_enters():
    m = new_match({"rolls": {"field": {"sides": 6, "stat": "skill", "succeed": "at_most"}}})
    m.submit(confirm())
    m.submit(number(1))
    m.submit(choose("0-catcher-1"))
    assert [o.id for o in m.prompt().options] == ["success", "failure", "pass"]


def test_without_the_stat_the_table_enters_the_outcome_and_is_told_why():
    m = new_match({"rolls": {"avoid": {"sides": 6, "stat": "skill", "succeed": "at_most"}}})
    m.submit(confirm())
    m.submit(number(1))
    m.submit(choose("0-skater-1"))
    p = m.prompt()
    assert isinstance(p, Choose) and "Home Skater 1 has no skill set: enter what happened" in p.text
    assert [o.id for o in p.options] == ["success", "failure"]


def test_a_two_dice_roll_at_least_a_target_has_exact_odds():
    patch = {"rolls": {"field": {"dice": 2, "sides": 6, "stat": "skill", "modifier": 4, "succeed": "at_least"}},
             "figures": {"catcher": {"skill": 4}}}
    m = new_match(patch)
    to_field_roll(m)
    p = m.prompt()
    assert len(p.dice) == 2
    assert p.odds[0].probability == pytest.approx(brute(2, 6, lambda t: t >= 8))


def to_first_fight(patch) -> object:
    """Home's Biker 1 engages Away's Biker 1, the only figure in his reach."""
    m = new_match(patch, setup=spread_setup())
    fight_sweep(m)
    m.submit(choose("0-biker-1"))
    return m


COMBAT_D10 = {"rolls": {"combat": {"sides": 10, "stat": "combat", "against": "toughness", "succeed": "at_most"}},
              "figures": {"biker": {"combat": 6, "toughness": 2}}}


def test_combat_target_is_attacker_combat_minus_defender_toughness():
    m = to_first_fight(COMBAT_D10)
    p = m.prompt()
    assert p.odds[0].probability == pytest.approx(0.4) and "1d10 at most 4" in p.success


def test_a_failed_combat_roll_has_no_effect_by_default():
    m = to_first_fight(COMBAT_D10)
    m.submit(roll(5))
    assert m.state.step == "combat_walk"


def test_a_failed_combat_roll_beats_the_attacker_when_configured_so():
    patch = {**COMBAT_D10, "rolls": {**COMBAT_D10["rolls"], "combat_failure": "attacker_loses"}}
    m = to_first_fight(patch)
    m.submit(roll(9))
    assert m.state.step == "injury" and m.state.pending.figure == "0-biker-1"


def test_the_users_injury_table_replaces_the_generic_results():
    patch = {"injuries": [{"name": "Stunned", "track": "shaken", "minutes": 2}, {"name": "Wrecked", "track": "out"}]}
    m = to_first_fight(patch)
    m.submit(choose("success"))
    assert [o.label for o in m.prompt().options] == ["Stunned", "Wrecked"]
    m.submit(choose("0"))
    f = m.state.fig("1-biker-1")
    assert (f.place, f.timer) == ("shaken", 2) and m.state.step == "combat_walk"


def test_an_injury_roll_against_toughness_can_leave_the_loser_unhurt():
    patch = {"rolls": {"injury": {"sides": 6, "stat": "toughness", "succeed": "at_most"}},
             "figures": {"biker": {"toughness": 3}}}
    m = to_first_fight(patch)
    m.submit(choose("success"))
    assert m.prompt().odds[0].probability == pytest.approx(0.5)
    m.submit(roll(3))
    assert m.state.step == "combat_walk" and m.state.fig("1-biker-1").on_track


def test_a_failed_injury_roll_offers_only_real_injuries():
    patch = {"rolls": {"injury": {"sides": 6, "stat": "toughness", "succeed": "at_most"}},
             "figures": {"biker": {"toughness": 3}}}
    m = to_first_fight(patch)
    m.submit(choose("success"))
    m.submit(roll(4))
    assert "none" not in [o.id for o in m.prompt().options]


def test_set_penalty_minutes_need_no_entry():
    m = new_match({"penalty_minutes": 2})
    m.submit(confirm())
    walk_to(m, "combat_walk")
    m.submit(choose("penalty"))
    m.submit(choose("1-skater-2"))
    f = m.state.fig("1-skater-2")
    assert (f.place, f.timer) == ("penalty", 2) and m.state.step == "penalty"


def test_minutes_entered_are_bounded_by_the_game_length():
    from refbox.engine.errors import InvalidInput

    m = new_match()
    m.submit(confirm())
    walk_to(m, "combat_walk")
    m.submit(choose("penalty"))
    m.submit(choose("1-skater-2"))
    with pytest.raises(InvalidInput, match="out of range"):
        m.submit(number(61))
