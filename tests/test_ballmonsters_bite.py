"""Ballmonsters! bites: the facing tables, committed power, the roll-off, crits and STR changes."""

from __future__ import annotations

import itertools

import pytest
from test_ballmonsters_helpers import Table, setup_dict

from refbox.engine.clone import clone
from refbox.engine.errors import InvalidInput
from refbox.engine.match import Match
from refbox.engine.prompts import Roll, choose, confirm, number, roll
from refbox.games.ballmonsters.odds import bite_odds


def unfriendly_table() -> Table:
    """A0 (STR 6) is free to hit enemies without a boob (it has hit a friend already)."""
    table = Table().placed()
    table.state.friendly_hit = True
    return table


def test_friendly_bounce_with_bitey_sides_together_has_no_bite():
    table = Table().placed().shoot("A1", momentum=2).bite("bitey_bitey")
    assert table.at_boing
    s = table.state
    said = f"{s.label('A0')}'s bitey side against {s.label('A1')}'s bitey side: no bite."
    assert said[0].upper() + said[1:] in table.log_text(), "the log names the balls"


def test_friendly_bounce_bitey_side_on_backside_is_a_bite():
    table = Table().placed().shoot("A1", momentum=2).send(choose("bitey_back"))
    assert table.step == "commit"


def test_unfriendly_bounce_bites_unless_backside_meets_backside():
    for facing, bites in (("bitey_bitey", True), ("bitey_back", True), ("back_bitey", True), ("back_back", False)):
        table = unfriendly_table().shoot("B1", momentum=2).send(choose(facing))
        assert (table.step == "commit") is bites, facing


def test_the_active_ball_keeps_at_least_2_power_when_committing():
    table = unfriendly_table().shoot("B1", momentum=2).send(choose("bitey_back"))
    assert (table.prompt().min, table.prompt().max) == (0, 6)


def test_with_only_2_power_or_less_nothing_can_be_committed():
    table = unfriendly_table().arrange("A0", strength=2).shoot("B1", momentum=0).send(choose("bitey_back"))
    assert table.step == "bite" and table.state.bounce.committed == 0


def test_committing_more_power_than_allowed_is_refused_and_changes_nothing():
    match = Match.new("ballmonsters", setup_dict(), seed=5)
    for event in (confirm(), choose("A1"), number(2), choose("hit0"), choose("bitey_back")):
        match.submit(event)
    before = clone(match.state)
    with pytest.raises(InvalidInput, match="7 power is out of range: enter 0 to 6"):
        match.submit(number(7))
    assert match.state == before


def test_committed_power_is_added_to_the_roll_and_spent():
    table = unfriendly_table().arrange("B1", strength=3).shoot("B1", momentum=2).bite("bitey_back", commit=3)
    assert table.state.bounce.power == 5
    die = table.prompt().dice[0]
    assert die.note == "+6 STR +3 power"
    table.send(roll(6, 11))  # 6+6+3 = 15 beats 11+3 = 14 only thanks to the committed power
    assert table.ball("B1").strength == 2


def test_higher_total_with_a_bitey_side_bites_minus_1_and_plus_1():
    table = unfriendly_table().arrange("A0", strength=4).arrange("B1", strength=3)
    table.shoot("B1", momentum=0).bite("bitey_back", faces=(9, 3))  # 9+4=13 against 3+3=6
    assert table.ball("B1").strength == 2
    assert table.ball("A0").strength == 5


def test_a_tie_means_no_bite():
    table = unfriendly_table().arrange("A0", strength=4).arrange("B1", strength=3)
    table.shoot("B1", momentum=0).bite("bitey_bitey", faces=(5, 6))  # 9 against 9
    assert (table.ball("A0").strength, table.ball("B1").strength) == (4, 3)
    assert "tie" in table.log_text()


def test_the_winner_needs_a_bitey_side_touching():
    table = unfriendly_table().arrange("A0", strength=4).arrange("B1", strength=3)
    table.shoot("B1", momentum=0).bite("bitey_back", faces=(1, 11))  # B1 wins, but its backside touches
    assert (table.ball("A0").strength, table.ball("B1").strength) == (4, 3)


def test_strength_never_rises_above_6():
    table = unfriendly_table().arrange("B1", strength=3)
    table.shoot("B1", momentum=0).bite("bitey_back", faces=(9, 3))
    assert table.ball("A0").strength == 6


def test_a_ball_bitten_at_str_0_is_deflated_and_the_biter_scores_2():
    table = unfriendly_table()
    table.shoot("B1", momentum=0).bite("bitey_back", faces=(9, 3))
    assert table.ball("B1").deflated and not table.ball("B1").in_play
    assert table.state.scores == [2, 0] and table.state.deflations == [1, 0]


def test_deflating_a_friendly_ball_scores_nothing():
    table = Table().placed().shoot("A1", momentum=0).bite("bitey_back", faces=(9, 3))
    assert table.ball("A1").deflated
    assert table.state.scores == [0, 0] and table.state.deflations == [0, 0]


def test_deflation_clears_fire_and_sickness():
    table = unfriendly_table().arrange("B1", fire=2)
    table.shoot("B1", momentum=0).bite("bitey_back", faces=(9, 3))
    assert table.ball("B1").fire == 0 and not table.ball("B1").sick


def test_a_natural_12_bites_once_more():
    table = unfriendly_table().arrange("B1", strength=1)
    table.shoot("B1", momentum=0).bite("bitey_back", faces=(12, 1))  # win + crit: two bites, 1 -> 0 -> flat
    assert table.ball("B1").deflated


def test_a_natural_12_bites_even_when_the_roll_is_lost_without_a_bitey_side():
    table = unfriendly_table().arrange("B1", strength=2)
    table.shoot("B1", momentum=0).bite("bitey_back", faces=(10, 12))  # 16 beats 14, but B1 rolled a 12
    assert table.ball("A0").strength == 5  # bitten once by the crit (and it bit B1: +1 capped at 6 first)
    assert table.ball("B1").strength == 2  # -1 from A0, +1 from its own crit bite


def test_a_crit_still_bites_after_its_roller_is_deflated_but_gains_nothing():
    table = unfriendly_table()
    table.shoot("B1", momentum=0).bite("bitey_back", faces=(10, 12))  # A0 wins first: B1 at 0 deflates
    assert table.ball("B1").deflated and table.ball("B1").strength == 0
    assert table.ball("A0").strength == 5


def test_a_boob_lets_the_target_bite_with_plus_3_whatever_side_touches():
    table = Table().placed().arrange("A0", strength=4).arrange("B1", strength=1)
    table.shoot("B1", momentum=0).send(choose("back_back"), number(0))
    prompt = table.prompt()
    assert prompt.dice[1].note == "+1 STR +3 boob"
    table.send(roll(5, 6))  # 9 against 6+1+3=10
    assert table.ball("A0").strength == 3 and table.ball("B1").strength == 2


def test_bite_odds_match_a_brute_force_count():
    cases = itertools.product((0, 3, 9), (0, 2, 5), (True, False), (True, False), (True, False), (True, False))
    for a_bonus, t_bonus, a_bitey, t_bitey, a_nut, t_nut in cases:
        counts = [0, 0, 0, 0]
        for fa, ft in itertools.product(range(1, 13), repeat=2):
            ta, tt = fa + a_bonus, ft + t_bonus
            by_active = (ta > tt and a_bitey) + (fa == 12) - (t_nut and ft % 2 == 0)
            by_target = (tt > ta and t_bitey) + (ft == 12) - (a_nut and fa % 2 == 0)
            counts[0] += by_active > 0
            counts[1] += ta == tt
            counts[2] += by_target > 0
            counts[3] += by_active <= 0 and by_target <= 0
        expected = tuple(c / 144 for c in counts)
        assert bite_odds(12, 12, a_bonus, t_bonus, a_bitey, t_bitey, a_nut, t_nut) == pytest.approx(expected)


def brute_rows(a_bonus, t_bonus, a_bitey, t_bitey, a_nut=False, t_nut=False) -> list[float]:
    """Only A bites, only T bites, both, nobody, nobody by a tie: counted over the 144 pairs of faces."""
    rows = [0] * 5
    for fa, ft in itertools.product(range(1, 13), repeat=2):
        ta, tt = fa + a_bonus, ft + t_bonus
        by_a = max(0, (ta > tt and a_bitey) + (fa == 12) - (t_nut and ft % 2 == 0))
        by_t = max(0, (tt > ta and t_bitey) + (ft == 12) - (a_nut and fa % 2 == 0))
        row = 0 if by_a and not by_t else 1 if by_t and not by_a else 2 if by_a and by_t else 3
        rows[row] += 1
        rows[4] += row == 3 and ta == tt
    return [r / 144 for r in rows]


def test_the_bite_odds_count_a_tough_nuts_shrug():
    table = Table(setup_dict()).placed().arrange("B1", strength=3, effect="tough_nut")
    table.state.friendly_hit = True
    table.shoot("B1", momentum=0).bite("bitey_back")
    probs = [o.probability for o in table.prompt().odds]
    assert probs == pytest.approx(brute_rows(6, 3, True, False, False, True))
    assert probs[0] < brute_rows(6, 3, True, False)[0]


def test_the_bite_prompt_shows_exact_odds_that_add_up_with_the_tie_as_a_sub_case():
    table = unfriendly_table().arrange("B1", strength=3).shoot("B1", momentum=4).bite("bitey_bitey", commit=5)
    prompt = table.prompt()
    assert isinstance(prompt, Roll) and [d.sides for d in prompt.dice] == [12, 12]
    labels = [o.label for o in prompt.odds]
    assert labels == ["only Gobblers Big Bertha bites", "only Chompers Grub bites", "both bite (a natural 12)",
                      "nobody bites", "  of which a tie of totals"]
    probs = [o.probability for o in prompt.odds]
    assert probs == pytest.approx(brute_rows(11, 3, True, True))
    assert sum(probs[:4]) == pytest.approx(1.0) and probs[4] <= probs[3]


def test_the_bite_rolls_chance_and_wins_agree_with_a_hand_count():
    """STR 20 against 0, bitey sides both ways: the active ball bites every time, one more on a 12; it comes
    out behind only when the target rolls a 12 and it does not (11 of 144)."""
    table = unfriendly_table().arrange("A0", strength=6).arrange("B1", strength=0)
    table.shoot("B1", momentum=0).send(choose("bitey_bitey"))
    if table.step == "commit":
        table.send(number(0))
    table.state.bounce.committed = 14  # a hand-built case: 6 + 14 = 20 against 0
    prompt = table.prompt()
    assert prompt.chance == pytest.approx(133 / 144)
    assert prompt.wins([1, 11]) and prompt.wins([12, 12]) and not prompt.wins([5, 12])


def test_a_friendly_bite_has_no_luck_figure():
    table = Table().placed().shoot("A1", momentum=2).send(choose("bitey_back"), number(0))
    prompt = table.prompt()
    assert isinstance(prompt, Roll) and prompt.chance is None and prompt.wins is None
