"""The table audit (issue 14): at the table "who tackles / catches / goes for the pass / recovers?" is one key
for nobody or one player, "several" asks the selection next, and a lone possible tackler is taken without
asking. (Journals of version 1, which asked selections, are upgraded: test_monster_ball_compat.py.)"""

from __future__ import annotations

import pytest

from refbox.engine import random_play
from refbox.engine.clone import clone
from refbox.engine.errors import InvalidInput
from refbox.engine.prompts import Choose, Pick, legal_of
from test_monster_ball_helpers import CHAOS, choose, hike, new_match, pick, roll, send, touchback

def chaos_to_tackle(**setup):
    """Law ball after a clean hike; Law is done; Chaos says a tackle and names the carrier."""
    m = hike(touchback(new_match(**setup)))
    send(m, choose("done"), choose("tackle"), choose(m.state.carrier))
    return m


def test_who_tackles_is_one_key_with_each_lone_tacklers_odds_and_undo_steps_back():
    m = chaos_to_tackle()
    p = m.prompt()
    assert isinstance(p, Choose) and m.state.step == "tackle_tacklers"
    ids = [o.id for o in p.options]
    assert ids == [*m.state.standing(CHAOS), "some"]
    assert all(0 < o.chance < 1 for o in p.options if o.id != "some")
    assert {o.id: o.key for o in p.options}["some"] == "0"
    m.submit(choose("C12"))
    assert m.state.action.tacklers == ["C12"] and m.state.step in ("tackle_cheats", "defence_style")
    m.undo()
    assert m.state.step == "tackle_tacklers" and isinstance(m.prompt(), Choose)


def test_several_tacklers_are_a_selection_of_two_or_more_after_the_several_key():
    m = chaos_to_tackle()
    m.submit(choose("some"))
    p = m.prompt()
    assert isinstance(p, Pick) and p.min == 2 and m.state.picking
    before = clone(m.state)
    with pytest.raises(InvalidInput):
        m.submit(pick("C12"))
    assert m.state == before
    m.submit(pick("C12", "C13"))
    assert m.state.action.tacklers == ["C12", "C13"] and not m.state.picking
    m.undo()
    assert m.state.picking and isinstance(m.prompt(), Pick)
    m.undo()
    assert not m.state.picking and isinstance(m.prompt(), Choose)


def test_a_lone_standing_tackler_is_taken_without_asking_and_logged():
    m = hike(touchback(new_match()))
    send(m, choose("done"), choose("tackle"))
    lone = m.state.standing(CHAOS)[0]
    m.state.knocked += [pid for pid in m.state.standing(CHAOS) if pid != lone]
    m.submit(choose(m.state.carrier))
    assert m.state.action.tacklers == [lone] and m.state.step in ("tackle_cheats", "defence_style")
    assert "the only possible answer" in m.state.log[-1].text
    m.undo()
    assert m.state.step == "tackle_target"


def test_the_landing_grid_is_one_key_for_nobody_or_one_receiver():
    m = send(new_match(), choose("C12"), roll(1, 3), roll(5))
    p = m.prompt()
    assert isinstance(p, Choose) and [o.id for o in p.options][0] == "none" and p.options[0].key == "1"
    m.submit(choose("L2"))
    assert m.state.step == "contest_roll" and m.state.contest.contenders == ["L2"]
    m.undo()
    m.submit(choose("none"))
    assert m.state.step == "between"


@pytest.mark.parametrize("seed", range(4))
def test_table_matches_replay_and_their_prompts_list_the_fast_legal_answers(seed):
    m = new_match()

    def invariant(match) -> None:
        assert match.legal() == legal_of(match.prompt())

    random_play.play_random(m, seed, max_events=1500, invariant=invariant)
    assert not m.state.board and random_play.replayed(m).state == m.state
