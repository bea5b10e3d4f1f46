"""The physical-board option and old saved matches: a match saved before refbox had a board resumes at the
table, exactly as before; a new table-mode match skips questions with a single answer (issue 14)."""

from __future__ import annotations

import random

from test_battleball_helpers import HARTS, SETUP, WOLVES, Table, kickoff, move, send

from refbox.engine import sim
from refbox.engine.match import Match
from refbox.engine.play import Game, random_event
from refbox.engine.prompts import Confirm, Roll, choose, legal_of, roll
from refbox.games.battleball import rules
from refbox.games.battleball.models import Ref
from every_ruleset import rules_for

TABLE = {**SETUP, "board": "table", "skip_forced": True}


def old_match(seed: int = 3) -> Match:
    """A match as saved before the board: no board in its setup, none in its embedded ruleset."""
    header = Match.new("battleball", SETUP, seed).header
    setup = {k: v for k, v in header.setup.items() if k not in ("board", "skip_forced")}
    data = {k: v for k, v in header.data.items() if k != "board"}
    return Match(header.model_copy(update={"setup": setup, "data": data}), None)


def test_a_match_saved_before_the_board_resumes_at_the_table():
    m = old_match()
    assert m.data.board is None and not m.state.board and not m.state.skip
    assert isinstance(m.prompt(), Confirm) and m.rules.view(m.state).board is None


def test_an_old_journal_replays_with_every_answer_it_holds():
    """The inputs of an old table match, forced answers included, replay to the same end."""
    m = old_match(5)
    sim.play_random(m, 5)
    twin = old_match(5)
    for event in m.events:
        twin.submit(event)
    assert twin.state == m.state and twin.state.step == "over"


def test_old_rulesets_still_load_without_a_board_table():
    header = Match.new("battleball", SETUP, 1).header
    data = rules.Data.model_validate({k: v for k, v in header.data.items() if k != "board"})
    assert data.board is None
    assert "board" not in rules.sim_setup(data) or rules.sim_setup(data)["board"] == "table"


def test_an_on_screen_match_needs_a_board_in_the_ruleset():
    header = Match.new("battleball", SETUP, 1).header
    data = rules.Data.model_validate({k: v for k, v in header.data.items() if k != "board"})
    import pytest

    from refbox.engine.errors import RuleError

    with pytest.raises(RuleError, match="no \\[board\\]"):
        rules.start(rules.Setup(board="screen"), data)


# ---- a new match at the table: no forced questions, no needless Enter ----


def test_a_touchdown_goes_straight_to_the_next_line_up():
    t = Table(setup=TABLE)
    kickoff(t)
    t.give_ball(WOLVES, "RB1")
    move(t, "RB1", 12, ball="td")
    assert t.state.score == [1, 0] and t.state.step == "lineup" and t.state.half == 2


def test_the_winning_touchdown_ends_the_game_at_once():
    t = Table(setup=TABLE)
    kickoff(t)
    t.state.score = [1, 0]
    t.give_ball(WOLVES, "RB1")
    move(t, "RB1", 12, ball="td")
    assert t.state.step == "over" and "Iron Wolves win 2 : 0" in t.state.result


def test_the_only_tackler_and_the_only_opponent_are_not_asked_for():
    t = Table(setup=TABLE)
    kickoff(t)
    t.leave_only(WOLVES, "RB1", "S1", status="locker")
    t.leave_only(HARTS, "L1", "L2", status="locker")
    t.state.players[WOLVES][7].status = "out"  # S1 too: RB1 is alone
    t.state.players[HARTS][10].status = "out"  # L2 too: L1 is alone
    move(t, "RB1", 4, ball="left", adjacent=True)
    assert t.state.step == "tackle-roll" and (t.state.turn.tackler, t.state.turn.target) == ("RB1", "L1")


def test_the_only_team_mate_takes_the_hand_off_without_a_question():
    t = Table(setup=TABLE)
    kickoff(t)
    t.leave_only(WOLVES, "RB1", "LB1", status="locker")
    move(t, "RB1", 4, ball="pickup", adjacent=False)
    t.send(choose("hand-off"))
    p = t.prompt()
    assert isinstance(p, Roll) and t.state.turn.receiver == "LB1"
    t.send(roll(5, 6))
    assert t.state.carrier == Ref(team=WOLVES, id="LB1")


def test_players_answer_to_their_own_keys_and_end_the_turn_is_always_1():
    t = Table(setup=TABLE)
    kickoff(t)
    keys = {o.id: o.key for o in t.prompt().options}
    assert keys["RB1"] == "a" and keys["HT"] == "h" and keys["halt"] == "0"
    move(t, "LB2", 4, ball="pickup", adjacent=False)
    assert [(o.id, o.key) for o in t.prompt().options] == [("end", "1"), ("hand-off", "2"), ("pass", "3")]
    t.send(choose("pass"))
    assert {o.id: o.key for o in t.prompt().options}["RB1"] == "a"


def test_target_and_receiver_choices_carry_their_odds():
    t = Table(setup=TABLE)
    kickoff(t)
    move(t, "RB1", 4, ball="left", adjacent=True)
    t.send(choose("RB1"))
    chances = {o.id: o.chance for o in t.prompt().options}
    assert chances["L1"] == 7 / 40
    t2 = Table(setup=TABLE)
    kickoff(t2)
    move(t2, "RB1", 4, ball="pickup", adjacent=False)
    t2.send(choose("hand-off"))
    assert {o.id: o.chance for o in t2.prompt().options}["L1"] == 1 - 8 / 160


def test_table_mode_prompts_list_exactly_the_fast_legal_answers():
    data = Table().data
    for setup in (SETUP, TABLE):
        for seed in range(3):
            game = Game.start(rules_for(rules, data), rules.Setup.model_validate(setup))
            rng = random.Random(seed)
            for _ in range(3000):
                legal = game.legal()
                assert legal == legal_of(rules.prompt(game.state, data)), game.state.step
                if legal.kind == "over":
                    break
                game.apply(random_event(legal, rng))


def test_table_matches_with_skipped_questions_keep_the_invariants_and_replay():
    from test_battleball_random_play import check_invariants

    for seed in range(10):
        match = Match.new("battleball", TABLE, seed)
        placed = [0]

        def invariant(m: Match) -> None:
            assert m.state.step != "touchdown", "no Enter just to read a touchdown"
            check_invariants(m.state, m.data, placed[0])
            placed[0] = m.state.carnage_placed

        sim.play_random(match, seed, invariant=invariant)
        assert sim.replayed(match).state == match.state


# ---- the table audit (Setup.fewer_keys): folded questions ----

AUDIT = {**TABLE, "fewer_keys": True}


def audit_match(seed: int = 1) -> Match:
    m = Match.new("battleball", AUDIT, seed)
    kickoff(m)
    return m


def test_a_heavy_tackle_keeps_the_higher_die_without_a_question_and_undo_steps_back_over_it():
    m = audit_match()
    m.submit(choose("HT"))
    m.submit(roll(2, 5))
    assert m.state.step == "ball" and m.state.turn.move_faces == [2, 5]
    assert "keeps the 5" in m.state.log[-1].text and "up to 5 squares" in m.state.log[-1].text
    m.undo()
    assert m.state.step == "move-roll" and m.state.turn.move_faces == []


def test_the_old_table_flow_still_asks_which_heavy_tackle_die():
    m = Match.new("battleball", TABLE, 1)
    kickoff(m)
    send(m, choose("HT"), roll(2, 5))
    assert m.state.step == "move-die"


def test_next_to_an_opponent_is_folded_into_the_after_move_choice():
    m = audit_match()
    move(m, "RB1", 4, ball="pickup")
    p = m.prompt()
    assert m.state.step == "action"
    assert [(o.id, o.key) for o in p.options] == [("end", "1"), ("hand-off", "2"), ("pass", "3"), ("tackle", "4")]
    assert not p.refused
    m.submit(choose("tackle"))
    assert m.state.step == "tackler" and "a tackle is mandatory" in m.state.log[-1].text
    m.undo()
    assert m.state.step == "action"
    m.undo()
    assert m.state.step == "ball"


def test_a_quiet_turn_without_the_ball_is_ended_with_one_key_after_the_move():
    m = audit_match()
    move(m, "LB1", 3, ball="left")
    assert [o.id for o in m.prompt().options] == ["end", "tackle"]
    m.submit(choose("end"))
    assert m.state.side == HARTS and m.state.step == "select"
    assert "Nobody next to an opponent" in m.state.log[-1].text


def test_a_double_with_the_folded_flow_goes_to_the_after_move_choice():
    m = audit_match()
    send(m, choose("HT"), roll(3, 3))
    assert m.state.step == "action" and m.state.turn.ht_no_move


def test_the_tackle_answer_is_refused_in_the_old_flow():
    import pytest

    from refbox.engine.errors import InvalidInput, RuleError

    m = Match.new("battleball", TABLE, 1)
    kickoff(m)
    move(m, "RB1", 4, ball="pickup", adjacent=False)
    before = m.state.model_copy(deep=True)
    with pytest.raises((InvalidInput, RuleError)):
        m.submit(choose("tackle"))
    assert m.state == before


def test_folded_table_matches_keep_the_invariants_replay_and_list_the_fast_legal_answers():
    from test_battleball_random_play import check_invariants

    for seed in range(6):
        match = Match.new("battleball", AUDIT, seed)
        placed = [0]

        def invariant(m: Match) -> None:
            assert m.state.step not in ("adjacent", "move-die", "touchdown")
            assert m.legal() == legal_of(m.prompt())
            check_invariants(m.state, m.data, placed[0])
            placed[0] = m.state.carnage_placed

        sim.play_random(match, seed, invariant=invariant)
        assert sim.replayed(match).state == match.state


def test_a_heavy_tackle_die_that_cannot_change_the_result_is_not_asked_for():
    m = audit_match()
    move(m, "HT", 2, 5, ball="left")
    send(m, choose("tackle"), choose("HT"), choose("L1"), roll(3, 5, 6))  # 3 or 5 both beat the 6
    assert m.state.step == "select" and m.state.side == HARTS
    texts = [line.text for line in m.state.log[-4:]]
    assert any("uses the 3: the 5 gives the same result" in t for t in texts)
    m.undo()
    assert m.state.step == "tackle-roll"


def test_a_heavy_tackle_die_that_changes_the_result_is_still_asked_for():
    m = audit_match()
    move(m, "HT", 2, 5, ball="left")
    send(m, choose("tackle"), choose("HT"), choose("L1"), roll(3, 5, 4))  # the 3 wins, the 5 loses
    assert m.state.step == "tackle-die" and [o.id for o in m.prompt().options] == ["3", "5"]
    old = Match.new("battleball", TABLE, 1)
    kickoff(old)
    move(old, "HT", 2, 5)
    send(old, choose("5"), choose("left"), choose("yes"), choose("HT"), choose("L1"), roll(3, 5, 6))
    assert old.state.step == "tackle-die"  # the old flow asks even when it cannot matter


# ---- Setup.fold_confirms: the table's Enter-only instructions are logged, not asked ----

FOLD = {**AUDIT, "fold_confirms": True}


def test_a_new_table_match_logs_the_line_up_and_asks_the_roll_off_first():
    m = Match.new("battleball", FOLD, 1)
    assert m.state.step == "roll-off" and isinstance(m.prompt(), Roll)
    texts = [line.text for line in m.state.log]
    assert any(t.startswith("Line up for the 1st half: every fit player behind his 20-yard line") for t in texts)
    m.submit(roll(20, 1))
    assert m.state.step == "select" and m.state.side == WOLVES
    m.undo()
    assert m.state.step == "roll-off", "undo goes back to the roll-off: the line-up was never a question"


def test_a_halt_at_the_table_is_logged_and_the_side_that_moves_first_is_asked_at_once():
    m = Match.new("battleball", FOLD, 1)
    m.submit(roll(20, 1))
    move(m, "RB1", 4, ball="pickup")
    m.submit(choose("end"))
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
    t = Table(setup=FOLD)
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


def test_matches_without_the_flag_still_stop_on_each_instruction():
    m = Match.new("battleball", AUDIT, 1)
    assert m.state.step == "lineup" and isinstance(m.prompt(), Confirm)
    m = Match.new("battleball", {**FOLD, "board": "screen"}, 1)
    assert not m.state.fold_confirms and m.state.step == "lineup", "on refbox's board the line-up is a real choice"


def test_folded_matches_never_wait_on_an_instruction_and_replay_identically():
    for seed in range(6):
        match = Match.new("battleball", FOLD, seed)

        def invariant(m: Match) -> None:
            assert m.state.step not in ("lineup", "halt", "restart", "touchdown", "adjacent", "move-die")
            assert m.legal() == legal_of(m.prompt())

        sim.play_random(match, seed, invariant=invariant)
        assert sim.replayed(match).state == match.state
