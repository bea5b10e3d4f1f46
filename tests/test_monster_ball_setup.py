"""Setup and data: line-ups, the gym-class draft, referees, the ruleset file, and bad input refused."""

from __future__ import annotations

import pytest

from refbox.engine.clone import clone
from refbox.engine.errors import InvalidInput, RuleError, RulesetError
from refbox.engine.match import Match
from test_monster_ball_helpers import CHAOS, LAW, choose, law_ball, new_match, number, option_ids, pick, roll, send, touchback


# ---- the ruleset file ----


def test_the_ruleset_has_eight_creature_pairs_and_four_referees():
    data = new_match().data
    assert len(data.creatures) == 8 and [r.catches_at_most for r in data.referees] == [1, 2, 3, 4]
    elf = data.creature("elf")
    assert (elf.law, elf.chaos, elf.move, elf.hustle, elf.kick, elf.cheat) == ("Elf", "Drow", 3, 10, 12, 8)


def test_every_ruling_names_a_known_phase():
    data = new_match().data
    known = {p.id for p in data.phases} | {"general", "setup"}
    for ruling in data.rulings:
        assert set(ruling.applies_to) <= known, ruling.id


def test_a_house_rule_with_a_bad_die_is_refused_naming_the_field(tmp_path):
    from test_monster_ball_helpers import house_rules

    house = house_rules(tmp_path, "[scoring]\ntouchdown = 0\nfield_goal = 3\ntarget_points = 42\n")
    with pytest.raises(RulesetError, match="scoring.touchdown"):
        new_match(house=house)


# ---- line-ups ----


def test_suggested_lineups_give_each_side_its_creatures():
    s = new_match().state
    assert len(s.teams[LAW].players) == 23 and len(s.teams[CHAOS].players) == 22
    assert s.player("L7").name == "Paladin 1" and s.player("C1").name == "Anti-Paladin 1"


def test_no_more_than_11_on_the_field_and_the_twelfth_law_attacker_starts_on_the_bench():
    s = touchback(new_match()).state
    assert len(s.teams[LAW].field) == 11 and "L12" not in s.teams[LAW].field  # Treant 4


def test_the_kicking_team_fields_its_defense_at_the_kickoff():
    s = new_match().state
    assert s.teams[CHAOS].field[0] == "C12" and s.teams[LAW].field[0] == "L1"


def test_coin_winner_who_kicks_kicks_off():
    m = new_match(coin_winner=0, winner_choice="kick")
    assert m.state.possession == LAW and m.state.step == "kick_kicker"


def test_gym_class_loser_of_the_toss_picks_first_and_picks_alternate():
    m = new_match(lineups="gym_class", coin_winner=0)
    assert m.prompt().actor == CHAOS
    send(m, choose("paladin:offense"))
    assert m.state.teams[CHAOS].players[0].name == "Anti-Paladin 1" and m.prompt().actor == LAW
    send(m, choose("paladin:offense"))
    assert m.state.teams[LAW].players[0].name == "Paladin 1"
    assert not any(o.startswith("paladin") for o in option_ids(m))


def test_gym_class_ends_with_the_pool_divided_and_the_kickoff():
    m = new_match(lineups="gym_class")
    while m.state.step == "draft":
        send(m, choose(option_ids(m)[0]))
    assert len(m.state.teams[0].players) + len(m.state.teams[1].players) == 45
    assert m.state.step == "kick_kicker"


def test_unknown_referee_is_refused():
    with pytest.raises(InvalidInput, match="Unknown referee"):
        new_match(referee="judge-dredd")


# ---- bad input changes nothing ----


def refused(m: Match, event, error=InvalidInput, match: str = ""):
    before = clone(m.state)
    with pytest.raises(error, match=match):
        m.submit(event)
    assert m.state == before


def test_a_9_on_a_d8_is_refused():
    m = send(touchback(new_match()), choose("hike"))
    refused(m, roll(9, 4), match="9 is not a face of a d8")


def test_a_twelfth_player_on_the_field_is_refused():
    m = send(touchback(new_match()), choose("lineup:0"))
    refused(m, pick(*[f"L{n}" for n in range(1, 13)]), match="at most 11")


def test_a_negative_grid_count_is_refused():
    m = send(law_ball(), choose("done"), choose("done"), choose("pass"), choose("L6"))
    refused(m, number(-1), match="out of range")


def test_an_ejected_player_cannot_take_the_field():
    m = send(law_ball(), choose("cheat"), choose("L4"), choose("C13"), roll(1), choose("lineup:0"))
    refused(m, pick("L4"), match="Not now: Law Dwarf 1: ejected for cheating")


def test_a_gain_past_the_goal_line_is_refused():
    m = send(law_ball(), choose("out"))
    refused(m, number(9), match="out of range")


def test_throwing_in_the_hike_round_is_refused():
    refused(law_ball(), choose("pass"), match="Not now: Law Paladin 1 passes: whoever catches the hike cannot also throw")


def test_the_rules_refuse_a_pick_the_prompt_did_not_offer():
    m = send(touchback(new_match()), choose("lineup:0"))
    state = clone(m.state)
    with pytest.raises(RuleError):
        m.rules.apply(state, pick("C1"))
