"""Rülerball in the match report: each roll's chance and whether it went the actor's way, and the game's own
statistics (goals, fights, penalty minutes) counted from a short scripted match."""

from __future__ import annotations

from fractions import Fraction

from test_rulerball_support import merge

from refbox.engine import report
from refbox.engine.journal import Journal
from refbox.engine.match import Match
from refbox.engine.prompts import choose, confirm, number, roll
from refbox.games.rulerball.checks import check_legal, check_prompt
from refbox.games.rulerball.data import RollRule
from refbox.games.rulerball.models import Figure, Setup, default_team


def figure(**stats) -> Figure:
    return Figure(id="0-skater-1", team=0, role="skater", name="Skater 1", stats=stats, start_sector=1, sector=1)


def check(rule: RollRule, attacker: Figure, target: Figure | None, actor: int, **words):
    return check_prompt(check_legal(rule, attacker, target, actor), rule, attacker, target, text="t", who="Skater 1",
                        **words)


def test_a_one_die_check_has_its_chance_and_knows_a_success():
    rule = RollRule(sides=6, stat="skill", succeed="at_most")
    prompt = check(rule, figure(skill=2), None, 0, purpose="field", success="Fielded", failure="Missed")
    assert prompt.chance == 2 / 6 and prompt.actor == 0
    assert [prompt.wins([face]) for face in range(1, 7)] == [True, True, False, False, False, False]


def test_a_two_dice_fight_against_toughness_has_its_chance_and_knows_a_success():
    rule = RollRule(dice=2, sides=6, stat="combat", against="toughness", modifier=7, succeed="at_most")
    attacker, target = figure(combat=3), figure(toughness=4)  # target number 3 + 7 - 4 = 6
    prompt = check(rule, attacker, target, 0, purpose="combat", success="Wins", failure="No effect")
    ways = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= 6)  # 15 of 36
    assert Fraction(prompt.chance).limit_denominator(1000) == Fraction(ways, 36)
    assert prompt.wins([2, 4]) and not prompt.wins([3, 4])


def test_an_impossible_check_says_so_and_never_wins():
    rule = RollRule(sides=6, stat="skill", succeed="at_least")
    prompt = check(rule, figure(skill=7), None, 1, purpose="shot", success="Goal", failure="Missed")
    assert prompt.chance == 0 and "impossible" in prompt.success
    assert not any(prompt.wins([face]) for face in range(1, 7))


def test_the_initiative_roll_has_no_side():
    m = Match.new("rulerball", {}, seed=1)
    while m.prompt().kind != "roll":
        m.submit({"confirm": confirm(), "number": number(1)}.get(m.prompt().kind) or choose("track"))
    assert m.prompt().chance is None and m.prompt().wins is None


# ---- a short scripted match on a three-sector track: a fight, a penalty and a two-point goal ----

SMALL = {"track": {"sectors": 3}, "ball": {"laps_to_shoot": 3, "goal_value": 2}}


def small_setup() -> dict:
    teams = []
    for i, sector in ((0, 1), (1, 2)):
        team = default_team(i).model_dump(mode="json")
        for f in team["figures"]:
            f["start_sector"] = sector
        teams.append(team)
    return Setup.model_validate({"teams": teams}).model_dump(mode="json")


def scripted(path) -> Match:
    m = Match.new("rulerball", small_setup(), seed=3, path=path)
    header = m.header.model_copy(update={"data": merge(m.header.data, SMALL)})
    m.close()
    path.unlink()
    m = Match(header, Journal.create(path, header))
    turn1 = [
        confirm(),                # period 1 starts
        number(1),                # the cannon's ball stops in sector 1, where Home stands
        choose("0-catcher-1"),    # it reaches Home Catcher 1...
        choose("success"),        # ...who fields it
        roll(1),                  # initiative: sector 1 moves first
        choose("first"),          # another figure goes first:
        choose("0-catcher-1"),    # the catcher
        choose("2"),              # and skates 2 sectors, to sector 2, with the ball
        choose("keep"),           # keeps it
        choose("all_stay"),
        choose("0-skater-1"),     # Home Skater 1 engages...
        choose("1-skater-1"),     # ...Away Skater 1
        choose("success"),        # and wins
        choose("shaken"),         # Away Skater 1 to the Shaken track
        number(2),                # for 2 minutes
        choose("penalty"),        # no more fights; a penalty
        choose("1-biker-1"),      # on Away Biker 1
        number(3),                # 3 minutes
        choose("none"),
    ]
    turn2 = [
        roll(2),                  # initiative: sector 2 moves first, Home Catcher 1 first in it
        choose("1"),              # one more sector: the lap is complete, the ball is active
        choose("0-skater-2"),     # hand off to Home Skater 2 (sector 1, beside him)
        choose("success"),
        choose("shoot"),
        choose("all_stay"),
        choose("done"),
        choose("success"),        # the attempt: a goal
    ]
    for event in turn1 + turn2:
        m.submit(event)
    return m


def test_the_tally_of_a_scripted_match(tmp_path):
    m = scripted(tmp_path / "small.jsonl")
    assert m.state.score == [2, 0]
    r = report.build(m.path)
    teams = {t: dict(stats) for t, stats in r.tally.teams.items()}
    assert teams == {0: {"fights": 1, "fights won": 1, "goals": 1, "points": 2},
                     1: {"fights": 1, "penalties": 1, "penalty minutes": 3}}
    figures = {k: dict(v) for k, v in r.tally.figures.items()}
    assert figures == {(0, "Skater 1"): {"fights": 1, "fights won": 1}, (1, "Skater 1"): {"fights": 1},
                       (1, "Biker 1"): {"penalties": 1, "penalty minutes": 3},
                       (0, "Skater 2"): {"goals": 1, "points": 2}}
    assert r.scoring[0]["score"] == [2, 0] and "Skater 2" in r.scoring[0]["text"]
    m.close()


def test_the_tally_counts_each_input_once_recomputed_by_hand(tmp_path):
    m = scripted(tmp_path / "small.jsonl")
    counts = report.Tally()
    twin = Match(m.header, None)
    for event in m.events:
        twin.submit(event)
        for fact in twin.state.happened:
            counts.add(fact.team, fact.who, fact.kind, fact.amount)
    goals = sum(1 for line in twin.state.log if line.text.startswith("GOAL!"))
    beaten = sum(1 for line in twin.state.log if " beats " in line.text)
    assert counts.teams[0]["goals"] == goals == 1 and counts.teams[0]["fights won"] == beaten == 1
    m.close()
