"""The facts a match report counts (MonsterBall.statistics), as the rules record them input by input: whose they
are (the team, the figure's name) and how many."""

from __future__ import annotations

from monster_ball_field import LAW, CHAOS, law_snap, move, park, place, send
from refbox.engine.play import Game
from refbox.engine.prompts import choose, number, roll
from test_monster_ball_helpers import law_ball


def facts(m) -> list[tuple]:
    """What the last input recorded: (kind, team, figure, amount)."""
    return [(f.kind, f.team, f.who, f.amount) for f in m.state.happened]


def test_the_statistics_are_the_kinds_of_fact_recorded():
    m = law_snap()
    assert m.rules.statistics == ("yards", "passes", "catches", "tackles", "tackles won", "penalties",
                                  "cheats caught", "scores", "points")


def test_a_carriers_steps_towards_the_end_zone_are_his_yards_and_back_counts_against_him():
    m = park(law_snap(), "L7")
    place(m, L7=(20, 9))
    move(m, "L7", 2, 1)
    assert facts(m) == [("yards", LAW, "Paladin 1", 2)]
    send(m, choose("done"), choose("done"))  # a new round: his steps back
    move(m, "L7", -1, 0)
    assert facts(m) == [("yards", LAW, "Paladin 1", -1)]


def test_a_run_into_the_end_zone_is_his_score_and_points():
    m = park(law_snap(), "L7")
    place(m, L7=(31, 9))
    move(m, "L7", 2, 0)
    assert facts(m) == [("scores", LAW, "Paladin 1", 1), ("points", LAW, "Paladin 1", 6)]


def test_a_pass_is_the_throwers_and_the_catch_the_receivers():
    m = send(park(law_snap(), "L7", "L6"), choose("done"), choose("done"))
    place(m, L7=(20, 9), L6=(23, 9))
    send(m, choose("pass"), choose("L6"), roll(3, 2))
    assert facts(m) == [("passes", LAW, "Paladin 1", 1), ("catches", LAW, "Elf 1", 1)]


def test_each_tackler_made_a_tackle_and_won_it_when_the_target_alone_went_down():
    m = park(law_snap(), "L7", "L9", "C18")
    place(m, L7=(10, 9), L9=(20, 9), C18=(21, 9))
    send(m, choose("done"), choose("hit"), choose("block"), roll(8, 1))  # the illegal hit: a penalty too
    assert facts(m) == [("tackles", CHAOS, "Ogre 5", 1), ("penalties", CHAOS, None, 1),  # C18: Chaos's fifth Ogre
                        ("tackles won", CHAOS, "Ogre 5", 1)]


def test_a_cheat_spotted_is_the_cheaters_and_a_penalty_on_his_team():
    m = send(law_ball(), choose("cheat"), choose("L4"), choose("C13"), roll(3))  # at the table: Dwarf Holding, spotted
    assert facts(m) == [("cheats caught", LAW, "Dwarf 1", 1), ("penalties", LAW, None, 1)]


def test_the_tables_yards_are_the_teams_gain_at_the_spot():
    m = send(law_ball(), choose("out"), number(2))
    assert facts(m) == [("yards", LAW, None, 2)]


def test_a_headless_game_records_nothing():
    m = park(law_snap(), "L7")
    place(m, L7=(20, 9))
    game = Game(m.rules, m.state).clone()  # a look-ahead: its log is dropped, and its facts with it
    game.apply(choose("L7"))
    game.apply(choose("m2,0"))
    assert game.state.happened == [] and game.state.pos["L7"] == (22, 9)
