"""Break Play by agreement on Slargeball's field (ruling field-break-agreement): a team asks in its Move
question (key 9), the other team agrees or not; random play and the computer coach never ask."""

import random

from refbox.engine.coach import make
from refbox.engine.play import Drawer, Game
from refbox.engine.prompts import Event, Legal
from refbox.games.slargeball.lineup_answers import LineupDrawer
from test_slargeball_field_play import _table, _to


def _asking(t):
    _to(t, "field_move", 0)
    option = next(o for o in t.prompt().options if o.id == "ask_break")
    assert option.key == "9"
    t.send(Event("choose", "ask_break"))
    return t


def test_the_other_team_is_asked_and_agreeing_breaks_play_into_the_line_ups():
    t = _asking(_table())
    s = t.state
    assert s.step == "break_agree" and s.ask.team == 1 and t.rules.legal(s).actor == 1
    assert "Do you agree that play cannot go on?" in t.prompt().text
    t.send(Event("choose", "yes"))
    assert s.phase == "break" and s.break_reason == "both coaches agree play cannot go on"
    t.send(Event("confirm"))
    assert s.step == "lineup"  # then each team may change refbox's line-up


def test_a_team_that_does_not_agree_plays_on_and_the_asker_moves_on():
    t = _asking(_table())
    s = t.state
    t.send(Event("choose", "no"))
    assert s.step == "field_move" and s.ask.team == 0 and s.phase == "move"
    assert any("do not agree: play goes on" in line.text for line in s.log)


def test_random_play_never_asks_and_draws_as_if_the_answer_were_not_offered():
    ids = ("A.T1", "A.N1", "done", "rest")
    with_ask = Legal("choose", 0, (*ids, "ask_break"))
    drawer, plain = LineupDrawer(), Drawer()
    a, b = random.Random(5), random.Random(5)
    for _ in range(200):
        assert drawer.draw(with_ask, a) == plain.draw(Legal("choose", 0, ids), b)


def test_the_computer_coach_never_asks_but_answers_when_asked():
    t = _table()
    s = t.state
    _to(t, "field_move", 0)
    game = Game(t.rules, s)
    for level in ("greedy", "search"):
        assert make(level, 0, seed=1, iterations=2).decide(game).event.value != "ask_break"
    _asking(t)
    answer = make("greedy", 1, seed=1, iterations=2).decide(Game(t.rules, s)).event
    assert answer.value in ("yes", "no")
