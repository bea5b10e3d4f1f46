"""Cheating: the referee's number, ejection and the voided play, and each creature's cheat."""

from __future__ import annotations

import pytest

from refbox.engine.clone import clone

from test_monster_ball_helpers import (
    CHAOS,
    LAW,
    choose,
    end_half,
    hike,
    law_ball,
    new_match,
    number,
    option_ids,
    roll,
    send,
    spot,
    tackle,
    touchback,
)

# Default referee: Hydra Harry, who spots a cheat die showing 1-3.


def test_cheat_die_at_or_under_the_referees_number_is_spotted_and_the_player_ejected():
    m = send(law_ball(), choose("cheat"), choose("L4"), choose("C13"), roll(3))  # Dwarf Holding d6
    assert m.state.player("L4").ejected and "L4" not in m.state.teams[LAW].field


def test_spotted_cheat_voids_the_play_and_costs_the_cheaters_2_squares():
    m = touchback(new_match())
    spot(send(hike(m), choose("out")), 4)  # first down: 5 squares to go
    hike(m)
    send(m, choose("cheat"), choose("L4"), choose("C13"), roll(1))
    assert (m.state.step, m.state.possession, m.state.to_go, m.state.down) == ("between", LAW, 7, 1)
    assert m.state.carrier is None and m.state.knocked == []


def test_spotted_defensive_cheat_moves_the_line_towards_the_defense():
    m = end_half(law_ball())
    tackle(m, "L7", ["C13"], "block", [4, 2, 1], cheats=["C13"])  # Kobold's Ankle Bite shows 2
    assert m.state.player("C13").ejected
    assert (m.state.possession, m.state.to_go, m.state.down) == (LAW, 7, 1)


def test_zombie_bob_only_spots_a_1():
    m = send(law_ball(referee="zombie-bob"), choose("cheat"), choose("L4"), choose("C13"), roll(2))
    assert not m.state.player("L4").ejected


def refused(m, event, match: str) -> None:
    from refbox.engine.errors import InvalidInput

    before = clone(m.state)
    with pytest.raises(InvalidInput, match=match):
        m.submit(event)
    assert m.state == before


def test_each_player_cheats_at_most_once_per_round():
    m = send(law_ball(), choose("cheat"), choose("L4"), choose("C13"), roll(5))
    send(m, choose("cheat"))
    assert "L4" not in option_ids(m)
    refused(m, choose("L4"), match="Not now: Law Dwarf 1: has already cheated this round")
    send(m, choose("L5"), choose("C14"), roll(6))
    send(m, choose("cheat"))
    assert "L4" not in option_ids(m) and "L5" not in option_ids(m)


def test_cheat_allowance_returns_next_round():
    m = send(law_ball(), choose("cheat"), choose("L4"), choose("C13"), roll(5))
    end_half(end_half(m))
    send(m, choose("cheat"))
    assert "L4" in option_ids(m)


def test_holding_over_3_stops_the_opponent_moving_this_round():
    m = send(law_ball(), choose("cheat"), choose("L4"), choose("C13"), roll(4))
    assert m.state.held == ["C13"]
    end_half(m)
    send(m, choose("hustle"))
    assert "C13" not in option_ids(m)


def test_holding_odds_with_hydra_harry():
    m = send(law_ball(), choose("cheat"), choose("L4"), choose("C13"))
    odds = [o.probability for o in m.prompt().odds]
    assert odds == pytest.approx([3 / 6, 3 / 6, 0.0])  # spotted 1-3, holds 4-6


def test_ankle_bite_adds_the_cheat_roll_to_the_tackle():
    m = tackle(end_half(law_ball()), "L7", ["C13"], "block", [2, 5, 6], cheats=["C13"])  # 2 + 5 beats 6
    assert m.state.knocked == ["L7"]


def test_unnecessary_roughness_adds_to_a_block():
    m = end_half(law_ball())
    tackle(m, "L1", ["C13"], "block_rough", [4, 2, 4])  # Tackle 4 against Block 2 + Roughness 4
    assert m.state.knocked == ["C13"] and "L1" in m.state.cheated


def test_slam_beating_hustle_stuns_the_carrier_and_fumbles():
    m = send(law_ball(), choose("hustle"), choose("L7"), choose("C18"), choose("slam"), roll(3, 7))  # Ogre Slam d10
    assert "L7" in m.state.stunned and m.state.step == "recovery_pick"
    refused(m, choose("L7"), match="Not now: Law Paladin 1: stunned for the rest of the round")


def test_a_stunned_player_cannot_hustle_again_this_round():
    m = send(law_ball(), choose("hustle"), choose("L2"), choose("C18"), choose("slam"), roll(2, 7))
    assert "L2" in m.state.stunned and m.state.step == "move"
    send(m, choose("hustle"))
    refused(m, choose("L2"), match="Not now: Law Brownie 1: stunned for the rest of the round")


def test_slam_tie_stops_without_stunning():
    m = send(law_ball(), choose("hustle"), choose("L2"), choose("C18"), choose("slam"), roll(7, 7))
    assert m.state.stunned == [] and "stopped" in m.state.log[-1].text


def test_magic_missile_tackles_at_range_losing_1_per_grid():
    m = end_half(law_ball())
    send(m, choose("cheat"))  # the Drow (C12) is Chaos's only cheat of its own on the field: taken without asking
    send(m, choose("L7"), number(2), choose("block"), roll(8, 5))  # 8 - 2 beats 5
    assert m.state.knocked == ["L7"] and m.state.step == "spot"


def test_magic_missile_short_leaves_the_caster_standing():
    m = end_half(law_ball())
    send(m, choose("cheat"), choose("L7"), number(3), choose("block"), roll(8, 6))
    assert m.state.knocked == [] and m.state.step == "move"


def test_wardrobe_malfunction_subtracts_from_pass_plus_catch():
    m = end_half(end_half(law_ball()))
    send(m, choose("pass"), choose("L6"), number(0), choose("none"), choose("C22"), roll(3, 4, 6))  # 3 + 4 - 6 = 1
    assert m.state.step == "spot" and "incomplete" in m.state.log[-1].text


def test_blink_lets_the_player_jump_sideways():
    m = send(law_ball(), choose("cheat"), choose("L2"), roll(6))
    assert "6 steps" in m.state.log[-1].text and m.state.step == "move"


def test_divine_intervention_beating_3_brings_back_an_ejected_teammate():
    m = send(law_ball(), choose("cheat"), choose("L4"), choose("C13"), roll(1))
    assert m.state.step == "between" and "divine:L7" in option_ids(m)
    send(m, choose("divine:L7"), roll(5))  # L4 is the only one to bring back: taken without asking
    assert not m.state.player("L4").ejected and "Law Dwarf 1: the only possible answer" in m.state.log[-2].text


def test_divine_intervention_spotted_ejects_the_paladin_and_moves_the_line():
    m = send(law_ball(), choose("cheat"), choose("L4"), choose("C13"), roll(1))
    to_go = m.state.to_go
    send(m, choose("divine:L7"), roll(2))
    assert m.state.player("L7").ejected and m.state.to_go == to_go + 2


def test_divine_intervention_is_not_offered_for_a_paladin_on_the_bench():
    m = send(law_ball(), choose("cheat"), choose("L4"), choose("C13"), roll(1))
    assert "divine:L7" in option_ids(m)
    m.state.teams[LAW].field.remove("L7")
    m.refresh()
    assert not any(o.startswith("divine") for o in option_ids(m)), "issue 39: a benched Paladin pulls no strings"


def test_divine_intervention_is_offered_only_with_someone_to_bring_back():
    m = touchback(new_match())
    assert not any(o.startswith("divine") for o in option_ids(m))


def test_caught_cheat_on_a_kickoff_return_replays_the_kickoff():
    m = send(new_match(), choose("C12"), roll(1, 3), roll(5), choose("L8"), roll(6))
    send(m, choose("done"), choose("cheat"), choose("L8"), number(1), choose("hustle"), roll(1, 3))
    assert m.state.step == "kick_kicker" and (m.state.possession, m.state.to_go) == (CHAOS, 23)


def _odds(m) -> dict[str, float]:
    return {o.label: o.probability for o in m.prompt().odds}


def _count(sides: tuple[int, ...], outcome) -> dict[str, float]:
    """Every face combination sorted into exactly one outcome: the oracle for a partition."""
    from collections import Counter
    from itertools import product

    combos = list(product(*[range(1, s + 1) for s in sides]))
    counts = Counter(outcome(*faces) for faces in combos)
    return {label: n / len(combos) for label, n in counts.items()}


def test_slam_odds_on_the_ball_carrier_are_a_partition_summing_to_one():
    m = send(law_ball(), choose("hustle"), choose("L7"), choose("C18"), choose("slam"))  # Paladin carrier vs Ogre Slam
    ref = m.data.referee(m.state.referee).catches_at_most
    sides = tuple(d.sides for d in m.prompt().dice)

    def outcome(hustle: int, slam: int) -> str:
        if slam <= ref:
            return "spotted: blocker ejected, play void"
        return "gets through" if hustle > slam else "stopped" if hustle == slam else "stunned and fumbles"

    shown = _odds(m)
    assert sum(shown.values()) == pytest.approx(1.0)
    assert not any("counted in" in label for label in shown)
    assert shown == pytest.approx(_count(sides, outcome))


def test_hustle_odds_for_the_ball_carrier_split_stopped_from_the_fumble():
    m = send(law_ball(), choose("hustle"), choose("L7"), choose("C13"))  # honest Block: no Slam for a Kobold
    sides = tuple(d.sides for d in m.prompt().dice)

    def outcome(hustle: int, block: int) -> str:
        return "gets through" if hustle > block else "rolls 1: stopped and fumbles" if hustle == 1 else "stopped, loses a square"

    shown = _odds(m)
    assert sum(shown.values()) == pytest.approx(1.0)
    assert shown == pytest.approx(_count(sides, outcome))
