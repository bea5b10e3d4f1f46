"""Hustle vs Block, tackles and dog piles, passes, interceptions and air time."""

from __future__ import annotations

import pytest

from refbox.engine.dice import d
from test_monster_ball_helpers import CHAOS, LAW, cheat, choose, end_half, law_ball, number, option_ids, roll, send, spot, tackle, who


def brute_force(*sides: int, test) -> float:
    """P(test(faces)) by listing every face combination: the oracle for the odds shown."""
    from itertools import product

    combos = list(product(*[range(1, s + 1) for s in sides]))
    return sum(1 for faces in combos if test(*faces)) / len(combos)


# ---- Hustle vs Block ----


def hustle(m, mover: str, blocker: str, faces: list[int], style: str | None = None):
    send(m, choose("hustle"), choose(mover), choose(blocker))
    if m.state.step == "block_style":
        send(m, choose(style or "block"))
    return send(m, roll(*faces))


def test_hustle_must_beat_the_block_to_move_through():
    m = hustle(law_ball(), "L2", "C13", [4, 4])
    assert "stopped" in m.state.log[-1].text and m.state.step == "move"
    hustle(m, "L3", "C14", [5, 4])
    assert "through" in m.state.log[-1].text


def test_ball_carrier_rolling_1_on_hustle_fumbles_to_the_blocker():
    m = hustle(law_ball(), "L7", "C13", [1, 2])
    assert m.state.step == "contest_roll" and m.state.contest.contenders == ["C13"]
    send(m, roll(4))
    assert m.state.carrier == "C13" and m.state.holder_team == CHAOS


def test_hustle_odds_match_a_brute_force_count():
    m = send(law_ball(), choose("hustle"), choose("L2"), choose("C13"))  # Brownie d12 vs Kobold d4
    assert m.prompt().odds[0].probability == pytest.approx(brute_force(12, 4, test=lambda h, b: h > b))


def test_downed_players_cannot_block_and_are_passed_freely():
    m = end_half(law_ball())
    tackle(m, "L2", ["C15"], "block", [8, 1])  # illegal, but the Brownie goes down
    send(m, choose("hustle"), choose("C13"))
    assert "L2" not in option_ids(m) and "L3" in option_ids(m)


# ---- tackles ----


def test_tackle_beating_the_defence_knocks_the_defender_down():
    m = tackle(end_half(law_ball()), "L7", ["C15"], "hustle", [5, 4])
    assert m.state.knocked == ["L7"] and m.state.step == "spot"


def test_failed_tackle_puts_the_tackler_down():
    m = tackle(end_half(law_ball()), "L7", ["C15"], "hustle", [3, 4])
    assert m.state.knocked == ["C15"] and m.state.carrier == "L7"


def test_tied_tackle_puts_both_down():
    m = tackle(end_half(law_ball()), "L7", ["C15"], "block", [4, 4])
    assert set(m.state.knocked) == {"L7", "C15"} and m.state.step == "spot"


def test_dog_pile_adds_the_tacklers_rolls():
    m = tackle(end_half(law_ball()), "L7", ["C13", "C14"], "block", [3, 2, 4])  # 3 + 2 beats 4
    assert m.state.knocked == ["L7"]


def test_carrier_rolling_1_in_defence_fumbles_to_anyone_not_in_the_tackle():
    m = tackle(end_half(law_ball()), "L7", ["C15"], "block", [2, 1])
    assert m.state.step == "recovery_pick"
    assert "C15" not in option_ids(m) and "L7" not in option_ids(m) and "L8" in option_ids(m)
    send(m, choose("L8"), roll(5))
    assert m.state.carrier == "L8" and m.state.step == "move" and m.state.mover == CHAOS


def test_tackling_a_player_without_the_ball_costs_2_squares_when_the_play_ends():
    m = tackle(end_half(law_ball()), "L2", ["C15"], "block", [8, 1])
    assert m.state.penalties == [0, 2]
    end_half(m)
    spot(send(m, choose("out")), 1)
    assert (m.state.possession, m.state.to_go, m.state.down) == (LAW, 7, 2)


def test_tackle_odds_treant_block_against_orc_tackle():
    m = send(law_ball(), choose("done"))
    m.state.teams[CHAOS].field.append("C9")  # an Orc (Tackle d8) comes on
    send(m, choose("tackle"), choose("L9"), choose("C9"), choose("block"))  # Treant Block d12
    odds = {o.label: o.probability for o in m.prompt().odds}
    assert odds["target down"] == pytest.approx(brute_force(8, 12, test=lambda t, b: t > b))
    assert odds["everyone down"] == pytest.approx(brute_force(8, 12, test=lambda t, b: t == b))


# ---- passes ----


def pass_to(m, receiver: str, grids: int):
    return send(m, choose("pass"), choose(receiver), number(grids))


def catchers(m, *contesters: str, wardrobe: tuple[str, ...] = ()):
    """Name who else goes for the ball, then (Chaos has a Succubus on) who cheats on the pass."""
    who(m, *contesters)
    if m.state.step == "pass_wardrobe":
        cheat(m, *wardrobe)
    return m


def round_two(m):
    return end_half(end_half(m))


def test_pass_needs_pass_plus_catch_over_3_plus_grids_between():
    m = pass_to(round_two(law_ball()), "L6", 1)
    catchers(m)
    assert m.prompt().success.startswith("Pass + best Catch over 4")
    send(m, roll(2, 2))
    assert m.state.step == "spot"


def test_paladin_d12_to_elf_d6_two_grids_away_needs_more_than_5():
    m = pass_to(round_two(law_ball()), "L6", 2)
    assert m.state.ball == "air"
    round_two_done = end_half(m)  # Law done; Chaos moves while the ball is in the air
    end_half(round_two_done)
    catchers(m)
    odds = {o.label: o.probability for o in m.prompt().odds}
    law = m.state.teams[LAW].name
    assert odds[f"caught by {law}"] == pytest.approx(brute_force(12, 6, test=lambda p, c: p + c > 5))
    assert d(12).probability(">", 0) == 1  # icepool is what computes the odds


def test_long_pass_is_caught_only_after_the_other_team_moves():
    m = pass_to(round_two(law_ball()), "L6", 3)
    assert m.state.step == "move" and m.state.mover == LAW and m.state.carrier is None
    end_half(m)
    assert m.state.step == "move" and m.state.mover == CHAOS
    end_half(m)
    assert m.state.step == "pass_contest" and m.state.round == 3, "thrown in round 2, caught as round 3 begins"
    send(catchers(m), roll(10, 5))
    assert m.state.carrier == "L6" and m.state.round == 3 and m.state.mover == LAW and m.state.step == "move"


def test_short_pass_is_caught_at_once():
    m = pass_to(round_two(law_ball()), "L6", 1)
    send(catchers(m), roll(3, 2))
    assert m.state.carrier == "L6" and m.state.mover == LAW and m.state.step == "move"


def test_defender_next_to_the_receiver_can_intercept_with_the_highest_catch():
    m = pass_to(round_two(law_ball()), "L6", 0)
    send(catchers(m, "C13"), roll(6, 2, 7))  # Pass 6 + best Catch 7 beats 3; the Kobold's 7 is highest
    assert m.state.carrier == "C13" and m.state.holder_team == CHAOS
    assert any("Turnover" in line.text for line in m.state.log)


def test_the_odds_of_a_pass_tell_a_catch_from_an_interception_and_a_tie():
    """A defender beside the receiver: "caught" means a team-mate's Catch is the best, alone."""
    from refbox.games.monster_ball import flow
    from refbox.games.monster_ball.passing import the_pass

    m = pass_to(round_two(law_ball()), "L6", 0)
    catchers(m, "C13")
    s, data = m.state, m.data
    sides = (flow.die(s, data, the_pass(s).actor, "pass_"), flow.die(s, data, "L6", "catch"), flow.die(s, data, "C13", "catch"))
    odds = {o.label: o.probability for o in m.prompt().odds}
    law, chaos = s.teams[LAW].name, s.teams[CHAOS].name
    good = lambda p, mine, theirs: p + max(mine, theirs) > 3  # noqa: E731
    assert odds[f"caught by {law}"] == pytest.approx(brute_force(*sides, test=lambda p, a, b: good(p, a, b) and a > b))
    assert odds[f"intercepted by {chaos}"] == pytest.approx(brute_force(*sides, test=lambda p, a, b: good(p, a, b) and b > a))
    assert odds[f"a tie with {chaos} for the catch: roll again"] == pytest.approx(
        brute_force(*sides, test=lambda p, a, b: good(p, a, b) and a == b))
    assert odds[f"intercepted by {chaos}"] > 0 and sum(odds.values()) == pytest.approx(1)
    assert m.prompt().chance == pytest.approx(odds[f"caught by {law}"]), "the luck figures count a catch, not a good pass"


def test_tied_catches_roll_again():
    m = pass_to(round_two(law_ball()), "L6", 0)
    send(catchers(m, "C13"), roll(6, 4, 4))
    assert m.state.step == "contest_roll" and m.state.contest.contenders == ["L6", "C13"]
    send(m, roll(2, 5))
    assert m.state.carrier == "C13"


def test_interception_stopped_gives_the_interceptors_a_first_down_at_the_spot():
    m = pass_to(round_two(law_ball()), "L6", 0)
    send(catchers(m, "C13"), roll(6, 2, 7), choose("done"), choose("out"), number(12))
    assert (m.state.possession, m.state.to_go, m.state.down) == (CHAOS, 12, 1)
