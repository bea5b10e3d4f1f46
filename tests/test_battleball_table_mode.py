"""The physical-board option: the table reports what happens on its board and refbox asks only what it must.
A question with one possible answer is not asked, an instruction (line up, halt, restart) is logged instead of
confirmed, and "next to an opponent?" is part of the after-move choice (issue 14). A ruleset saved before
refbox had a board (no [board] table) is played at the table."""

from __future__ import annotations

import random

import pytest
from test_battleball_helpers import HARTS, SETUP, WOLVES, Table, kickoff, move, send

from refbox.engine import random_play
from refbox.engine.errors import RuleError
from refbox.engine.match import Match
from refbox.engine.play import Game, random_event
from refbox.engine.prompts import Confirm, Roll, choose, legal_of, roll
from refbox.games.battleball.data import Data
from refbox.games.battleball.models import Ref, Setup
from refbox.games.battleball.rules import Battleball


def boardless_match(seed: int = 3) -> Match:
    """A match of a ruleset saved before the board: none in its embedded ruleset, played at the table."""
    header = Match.new("battleball", SETUP, seed).header
    data = {k: v for k, v in header.data.items() if k != "board"}
    return Match(header.model_copy(update={"data": data}), None)


def test_a_ruleset_without_a_board_is_played_at_the_table():
    m = boardless_match()
    assert m.data.board is None and not m.state.board
    assert m.state.step == "roll-off" and m.rules.view(m.state).board is None
    assert Battleball(m.data).new_setup()["board"] == "table"
    random_play.play_random(m, 5)
    assert m.state.step == "over" and random_play.replayed(m).state == m.state


def test_an_on_screen_match_needs_a_board_in_the_ruleset():
    header = Match.new("battleball", SETUP, 1).header
    data = Data.model_validate({k: v for k, v in header.data.items() if k != "board"})
    with pytest.raises(RuleError, match="no \\[board\\]"):
        Battleball(data).start(Setup(board="screen"))


# ---- instructions are logged: no Enter where the referee decides nothing ----


def test_a_new_table_match_logs_the_line_up_and_asks_the_roll_off_first():
    m = Match.new("battleball", SETUP, 1)
    assert m.state.step == "roll-off" and isinstance(m.prompt(), Roll)
    texts = [line.text for line in m.state.log]
    assert texts[0].startswith("Kick-off: Iron Wolves (Ann) against Black Harts (Bob)")
    assert texts[1].startswith("Line up for the 1st half: every fit player behind his 20-yard line")
    m.submit(roll(20, 1))
    assert m.state.step == "select" and m.state.side == WOLVES
    m.undo()
    assert m.state.step == "roll-off", "undo goes back to the roll-off: the line-up was never a question"


def test_a_touchdown_goes_straight_to_the_next_half():
    t = Table()
    kickoff(t)
    t.give_ball(WOLVES, "RB1")
    move(t, "RB1", 12, ball="td")
    assert t.state.score == [1, 0] and t.state.half == 2 and t.state.step == "select" and t.state.side == HARTS
    assert t.state.log[-1].text.startswith("Line up for the 2nd half")


def test_the_winning_touchdown_ends_the_game_at_once():
    t = Table()
    kickoff(t)
    t.state.score = [1, 0]
    t.give_ball(WOLVES, "RB1")
    move(t, "RB1", 12, ball="td")
    assert t.state.step == "over" and "Iron Wolves win 2 : 0" in t.state.result


def test_a_halt_at_the_table_is_logged_and_the_side_that_moves_first_is_asked_at_once():
    m = Match.new("battleball", SETUP, 1)
    m.submit(roll(20, 1))
    move(m, "RB1", 4, ball="pickup", then="end")
    assert m.state.side == HARTS
    m.submit(choose("halt"))
    assert m.state.step == "select" and m.state.side == WOLVES, "the carrier's side moves first after the halt"
    assert not isinstance(m.prompt(), Confirm)
    texts = [line.text for line in m.state.log[-3:]]
    assert any(t.startswith("Play halted") for t in texts)
    assert any(t.startswith("Halt: clear the field and all carnage") and "Iron Wolves move first" in t for t in texts)
    assert m.state.carrier is None and m.state.ball_at_centre
    m.undo()
    assert m.state.step == "select" and m.state.side == HARTS, "undo steps back over the halt to the choice"


def test_a_restart_at_the_table_is_logged_and_play_goes_on():
    t = Table()
    t.send(roll(20, 1))
    t.leave_only(WOLVES, "RB1", status="locker")
    t.leave_only(HARTS, "S2", status="locker")
    t.state.players[HARTS][0].status = "out"  # Harts RB1 was seriously injured earlier
    move(t, "RB1", 3, ball="left")
    t.send(choose("tackle"), roll(5, 5))  # one tackler, one target: not asked
    assert t.state.step == "select" and t.state.side == WOLVES
    texts = [line.text for line in t.state.log[-4:]]
    assert any(t.startswith("Restart the 1st half: Locker Room players return") for t in texts)
    assert any("The 1st half restarts" in t for t in texts)
    assert len(t.state.on_field(WOLVES)) == 11 and len(t.state.on_field(HARTS)) == 10


# ---- questions with one answer are not asked ----


def test_the_only_tackler_and_the_only_opponent_are_not_asked_for():
    t = Table()
    kickoff(t)
    t.leave_only(WOLVES, "RB1", "S1", status="locker")
    t.leave_only(HARTS, "L1", "L2", status="locker")
    t.state.players[WOLVES][7].status = "out"  # S1 too: RB1 is alone
    t.state.players[HARTS][10].status = "out"  # L2 too: L1 is alone
    move(t, "RB1", 4, ball="left", then="tackle")
    assert t.state.step == "tackle-roll" and (t.state.turn.tackler, t.state.turn.target) == ("RB1", "L1")


def test_the_only_team_mate_takes_the_hand_off_without_a_question():
    t = Table()
    kickoff(t)
    t.leave_only(WOLVES, "RB1", "LB1", status="locker")
    move(t, "RB1", 4, ball="pickup", then="hand-off")
    p = t.prompt()
    assert isinstance(p, Roll) and t.state.turn.receiver == "LB1"
    t.send(roll(5, 6))
    assert t.state.carrier == Ref(team=WOLVES, id="LB1")


# ---- the after-move choice and the Heavy Tackle's dice ----


def test_players_answer_to_their_own_keys_and_end_the_turn_is_always_1():
    t = Table()
    kickoff(t)
    keys = {o.id: o.key for o in t.prompt().options}
    assert keys["RB1"] == "a" and keys["HT"] == "h" and keys["halt"] == "0"
    move(t, "LB2", 4, ball="pickup")
    assert [(o.id, o.key) for o in t.prompt().options] == [("end", "1"), ("hand-off", "2"), ("pass", "3"),
                                                           ("tackle", "4")]
    t.send(choose("pass"))
    assert {o.id: o.key for o in t.prompt().options}["RB1"] == "a"


def test_next_to_an_opponent_is_part_of_the_after_move_choice():
    m = Match.new("battleball", SETUP, 1)
    kickoff(m)
    move(m, "RB1", 4, ball="pickup")
    p = m.prompt()
    assert m.state.step == "action" and not p.refused
    m.submit(choose("tackle"))
    assert m.state.step == "tackler" and "a tackle is mandatory" in m.state.log[-1].text
    m.undo()
    assert m.state.step == "action"
    m.undo()
    assert m.state.step == "ball"


def test_a_heavy_tackle_keeps_the_higher_die_without_a_question_and_undo_steps_back_over_it():
    m = Match.new("battleball", SETUP, 1)
    kickoff(m)
    send(m, choose("HT"), roll(2, 5))
    assert m.state.step == "ball" and m.state.turn.move_faces == [2, 5]
    assert "keeps the 5" in m.state.log[-1].text and "up to 5 squares" in m.state.log[-1].text
    m.undo()
    assert m.state.step == "move-roll" and m.state.turn.move_faces == []


def test_a_heavy_tackle_die_that_cannot_change_the_result_is_not_asked_for():
    m = Match.new("battleball", SETUP, 1)
    kickoff(m)
    move(m, "HT", 2, 5, ball="left")
    send(m, choose("tackle"), choose("HT"), choose("L1"), roll(3, 5, 6))  # 3 or 5 both beat the 6
    assert m.state.step == "select" and m.state.side == HARTS
    texts = [line.text for line in m.state.log[-4:]]
    assert any("uses the 3: the 5 gives the same result" in t for t in texts)
    m.undo()
    assert m.state.step == "tackle-roll"


def test_a_heavy_tackle_die_that_changes_the_result_is_still_asked_for():
    m = Match.new("battleball", SETUP, 1)
    kickoff(m)
    move(m, "HT", 2, 5, ball="left")
    send(m, choose("tackle"), choose("HT"), choose("L1"), roll(3, 5, 4))  # the 3 wins, the 5 loses
    assert m.state.step == "tackle-die" and [o.id for o in m.prompt().options] == ["3", "5"]


def test_target_and_receiver_choices_carry_their_odds():
    t = Table()
    kickoff(t)
    move(t, "RB1", 4, ball="left", then="tackle")
    t.send(choose("RB1"))
    chances = {o.id: o.chance for o in t.prompt().options}
    assert chances["L1"] == 7 / 40
    t2 = Table()
    kickoff(t2)
    move(t2, "RB1", 4, ball="pickup", then="hand-off")
    assert {o.id: o.chance for o in t2.prompt().options}["L1"] == 1 - 8 / 160


# ---- whole matches ----


def test_table_prompts_list_exactly_the_legal_answers():
    rules = Table().rules
    for seed in range(3):
        game = Game.start(rules, Setup.model_validate(SETUP))
        rng = random.Random(seed)
        for _ in range(3000):
            legal = game.legal()
            assert legal == legal_of(rules.prompt(game.state)), game.state.step
            if legal.kind == "over":
                break
            game.apply(random_event(legal, rng))


def test_table_matches_never_wait_on_an_instruction_keep_the_invariants_and_replay():
    from test_battleball_random_play import check_invariants

    for seed in range(10):
        match = Match.new("battleball", SETUP, seed)
        placed = [0]

        def invariant(m: Match) -> None:
            assert not isinstance(m.prompt(), Confirm), "no Enter just to read an instruction"
            assert m.legal() == legal_of(m.prompt())
            check_invariants(m.state, m.data, placed[0])
            placed[0] = m.state.carnage_placed

        random_play.play_random(match, seed, invariant=invariant)
        assert random_play.replayed(match).state == match.state
