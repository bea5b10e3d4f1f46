"""Battleball setup: the teams, the eleven and their dice, Team Rules, the d20 roll-off."""

from __future__ import annotations

import pytest
from pydantic import ValidationError
from test_battleball_helpers import HARTS, WOLVES, Table, kickoff, load_data

from refbox.engine.errors import RulesetError
from refbox.engine.prompts import Choose, Roll, choose, roll
from refbox.games.battleball.data import dice_text
from refbox.games.battleball.models import Setup
from refbox.games.battleball.rules import Battleball


def test_ruleset_names_both_teams_and_the_passing_die():
    data = load_data()
    assert [t.name for t in data.teams] == ["Iron Wolves", "Black Harts"]
    assert data.game.passing_die == 6
    assert data.game.touchdowns_to_win == 2


def test_each_side_fields_eleven_players_each_rolling_its_positions_dice():
    t = Table()
    for side in (WOLVES, HARTS):
        dice = {p.id: dice_text(t.data.position(p.position)) for p in t.state.players[side]}
        assert dice == {
            "RB1": "d20", "RB2": "d20", "RB3": "d20",
            "T": "d6", "HT": "2d6",
            "LB1": "d10", "LB2": "d10",
            "S1": "d12", "S2": "d12",
            "L1": "d8", "L2": "d8",
        }  # fmt: skip
        assert all(p.status == "field" for p in t.state.players[side])


def test_heavy_tackle_covers_two_squares():
    assert load_data().position("heavy-tackle").squares == 2


def test_the_second_coach_takes_the_other_team():
    t = Table(setup={"coaches": ["Ann", "Bob"], "first_coach_team": "black-harts"})
    assert t.state.teams == ("black-harts", "iron-wolves")
    assert t.rules.colours(Setup(first_coach_team="black-harts"))[0] == "#e0524b"


def test_setup_refuses_a_blank_coach_name():
    with pytest.raises(ValidationError, match="a coach needs a name"):
        Setup(coaches=("Ann", "  "))


def test_a_new_match_is_set_up_on_refbox_s_board_the_table_is_an_option():
    assert Setup().board == "screen" and Battleball(load_data()).new_setup() == {"board": "screen"}
    assert Setup.model_validate({"board": "table"}).board == "table"
    with pytest.raises(ValidationError, match="skip_forced"):
        Setup.model_validate({"skip_forced": True})  # version 1's flags are gone: every match plays so


def test_match_opens_with_the_line_up_then_the_d20_roll_off():
    t = Table()
    assert t.state.log[-1].text.startswith("Line up for the 1st half")  # at the table: an instruction, logged
    p = t.prompt()
    assert isinstance(p, Roll) and [d.sides for d in p.dice] == [20, 20]


def test_roll_off_odds_are_exact():
    t = Table()
    odds = {o.label: o.probability for o in t.prompt().odds}
    assert odds == {"Iron Wolves first": 0.475, "Black Harts first": 0.475, "tie: roll again": 0.05}


def test_higher_roll_off_moves_first():
    t = Table().send(roll(4, 17))
    assert t.state.step == "select" and t.state.side == HARTS and t.state.first_of_half == HARTS


def test_tied_roll_off_is_rolled_again():
    t = Table().send(roll(9, 9))
    assert t.state.step == "roll-off"
    t.send(roll(12, 3))
    assert t.state.side == WOLVES


def test_no_team_rule_pick_when_the_ruleset_lists_none():
    t = Table()
    kickoff(t)
    assert t.state.team_rules == [None, None]
    assert "none listed" in {s.value for s in t.rules.view(t.state).scoreboard}


@pytest.fixture
def house_rules(tmp_path):
    path = tmp_path / "our-card.toml"
    path.write_text(
        '[meta]\nname = "battleball-ours"\ntitle = "Battleball (our card)"\nextends = "battleball"\n\n'
        '[[team_rules]]\nid = "first"\nname = "Our first rule"\n\n'
        '[[team_rules]]\nid = "second"\nname = "Our second rule"\n'
    )
    return load_data(path)


def test_each_coach_picks_a_team_rule_from_the_card_before_the_half(house_rules):
    t = Table(data=house_rules)
    p = t.prompt()
    assert isinstance(p, Choose) and p.actor == WOLVES and [o.id for o in p.options] == ["first", "second"]
    t.send(choose("second"))
    assert t.prompt().actor == HARTS
    t.send(choose("first"))
    assert t.state.team_rules == ["Our second rule", "Our first rule"]
    assert t.state.step == "roll-off"
    shown = [(s.actor, s.value) for s in t.rules.view(t.state).scoreboard if s.label == "Team Rule"]
    assert shown == [(WOLVES, "Our second rule"), (HARTS, "Our first rule")]


def test_team_rules_are_picked_again_for_the_second_half(house_rules):
    t = Table(data=house_rules).send(choose("first"), choose("first"), roll(20, 1))
    t.give_ball(WOLVES, "RB1")
    t.send(choose("RB1"), roll(7), choose("td"))
    assert t.state.half == 2 and t.state.step == "team-rules" and t.state.team_rules == [None, None]
    t.send(choose("second"), choose("second"))
    assert t.state.step == "select" and t.state.side == HARTS  # no roll-off: the half's loser starts


def test_a_broken_ruleset_names_the_file_and_the_field(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('[meta]\nname = "bad"\nextends = "battleball"\n\n[game]\npassing_die = 1\n')
    with pytest.raises(RulesetError, match=r"bad.toml.*game.passing_die"):
        load_data(path)


def test_the_rules_import_neither_textual_nor_rich():
    import subprocess
    import sys

    code = (
        "import sys; import refbox.games.battleball.rules as r; "
        "from refbox.engine.match import Match; "
        "Match.new('battleball', {}, 1).prompt(); Match.new('battleball', {'board': 'table'}, 1).prompt(); "
        "print(sorted(m for m in ('textual', 'rich') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_every_ruling_applies_to_a_known_phase():
    data = load_data()
    phases = {p.id for p in data.phases}
    for ruling in data.rulings:
        assert set(ruling.applies_to) <= phases, ruling.id
    assert len({r.id for r in data.rulings}) == len(data.rulings)


def test_nobody_has_the_turn_on_the_scoreboard_until_the_roll_off_decides():
    t = Table()
    turn = lambda: {s.label: s.value for s in t.rules.view(t.state).scoreboard}["Turn"]  # noqa: E731
    assert t.state.step == "roll-off" and turn() == "—"
    t.send(roll(4, 17))
    assert turn() == "Black Harts"
