"""Initiative and the two sector sweeps: each figure moves once and fights once; refbox holds the cones."""

from __future__ import annotations

import pytest
from test_rulerball_support import call_penalty, choose, confirm, move, new_match, next_turn, number, roll, walk_to

from refbox.engine.clone import clone
from refbox.engine.errors import InvalidInput
from refbox.engine.prompts import Roll
from refbox.games.rulerball.steps_move import walker


def spread_setup() -> dict:
    """Home in sectors 1-10 (one figure each), Away in 2-11: every sector has neighbours to fight."""
    from refbox.games.rulerball.models import Setup

    setup = Setup().model_dump()
    for team, offset in ((0, 1), (1, 2)):
        for k, f in enumerate(setup["teams"][team]["figures"]):
            f["start_sector"] = k + offset
    return setup


def to_initiative(m) -> None:
    m.submit(confirm())
    walk_to(m, "initiative")


def to_first_fight(m) -> None:
    """Initiative 1, nobody moves: the fight sweep starts in sector 1."""
    to_initiative(m)
    m.submit(roll(1))
    walk_to(m, "combat_walk")


def test_initiative_is_a_d12_with_each_sector_equally_likely():
    m = new_match()
    to_initiative(m)
    p = m.prompt()
    assert isinstance(p, Roll) and p.dice[0].sides == 12
    assert p.odds[0].probability == pytest.approx(1 / 12)


def test_an_initiative_face_of_13_is_refused_and_changes_nothing():
    m = new_match()
    to_initiative(m)
    before = clone(m.state)
    with pytest.raises(InvalidInput, match="13 is not a face of a d12"):
        m.submit(roll(13))
    assert m.state == before


def test_movement_starts_in_the_initiative_sector_and_sweeps_clockwise_in_roster_order():
    m = new_match(setup=spread_setup())
    to_initiative(m)
    m.submit(roll(11))
    moved = []
    while m.state.step == "move_walk":
        f = walker(m.state, m.data)
        moved.append((f.sector, f.id))
        m.submit(choose("stay"))
    assert [s for s, _ in moved] == [11, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10]
    assert moved[2:4] == [(2, "0-biker-2"), (2, "1-biker-1")]  # Home's roster before Away's in a sector
    assert m.state.step == "combat_walk"


def test_another_figure_of_the_sector_may_go_first():
    m = new_match()
    to_initiative(m)
    m.submit(roll(1))
    assert walker(m.state, m.data).id == "0-biker-1"
    m.submit(choose("first"))
    assert "0-biker-1" not in [o.id for o in m.prompt().options]
    m.submit(choose("0-skater-2"))
    assert walker(m.state, m.data).id == "0-skater-2"
    m.submit(choose("3"))
    assert m.state.fig("0-skater-2").sector == 10 and walker(m.state, m.data).id == "0-biker-1"


def test_a_figure_that_has_moved_is_not_asked_again_and_naming_it_is_refused():
    m = new_match()
    to_initiative(m)
    m.submit(roll(1))
    move(m, "0-skater-1", 1)
    assert m.state.fig("0-skater-1").moves == 1
    m.submit(choose("first"))
    before = clone(m.state)
    with pytest.raises(InvalidInput, match="Not now: Home Skater 1: it has already moved this turn"):
        m.submit(choose("0-skater-1"))
    assert m.state == before


def test_every_figure_still_to_move_may_stay_at_once():
    m = new_match()
    to_initiative(m)
    m.submit(roll(1))
    m.submit(choose("2"))  # Home Biker 1 skates to sector 11
    m.submit(choose("all_stay"))
    assert m.state.step == "combat_walk" and all(f.moves == 1 for f in m.state.figures)
    assert m.state.fig("0-biker-1").sector == 11 and m.state.fig("0-biker-2").sector == 1


def test_a_figure_skating_into_a_sector_not_yet_swept_does_not_move_again():
    m = new_match()
    to_initiative(m)
    m.submit(roll(1))
    move(m, "0-skater-1", 5)  # counterclockwise the long way round, ahead of the marker
    walk_to(m, "combat_walk")
    assert m.state.fig("0-skater-1").moves == 1
    assert all(f.moves == 1 for f in m.state.figures if f.on_track)


def test_only_opposing_figures_in_the_same_or_a_neighbouring_sector_can_be_engaged():
    m = new_match(setup=spread_setup())
    to_first_fight(m)
    m.submit(choose("0-biker-3"))  # sector 3: Away's bikers 1-3 are in sectors 2-4
    assert [o.id for o in m.prompt().options] == ["1-biker-1", "1-biker-2", "1-biker-3"]


def test_a_single_figure_in_reach_is_fought_without_a_question():
    m = new_match(setup=spread_setup())
    to_first_fight(m)
    m.submit(choose("0-biker-1"))  # sector 1: only Away's biker 1, in sector 2, is in reach
    assert m.state.step == "combat_roll" and m.state.pending.other == "1-biker-1"
    assert m.events[-1] == choose("0-biker-1")  # the target is no input of anyone's
    assert "Home Biker 1 fights Away Biker 1" in m.prompt().text


def test_a_fight_uses_up_both_figures_engagement_for_the_turn():
    m = new_match(setup=spread_setup())
    to_first_fight(m)
    m.submit(choose("0-biker-1"))
    m.submit(choose("failure"))  # no effect
    a, t = m.state.fig("0-biker-1"), m.state.fig("1-biker-1")
    assert (a.fights, t.fights) == (1, 1)
    offered = {o.id for o in m.prompt().options}
    assert "0-biker-1" not in offered and "1-biker-1" not in offered


def test_a_figure_fighting_twice_is_refused_with_the_reason_and_changes_nothing():
    m = new_match(setup=spread_setup())
    to_first_fight(m)
    m.submit(choose("0-biker-1"))
    m.submit(choose("failure"))
    before = clone(m.state)
    with pytest.raises(InvalidInput, match="Not now: Away Biker 1: it has already fought this turn"):
        m.submit(choose("1-biker-1"))
    assert m.state == before
    m.submit(choose("0-biker-3"))
    before = clone(m.state)
    with pytest.raises(InvalidInput, match="Not now: Away Biker 1: it has already fought"):
        m.submit(choose("1-biker-1"))  # nor can it be engaged again
    assert m.state == before


def test_the_table_can_enter_that_the_defender_won():
    m = new_match(setup=spread_setup())
    to_first_fight(m)
    m.submit(choose("0-biker-1"))
    m.submit(choose("defender"))
    assert m.state.step == "injury" and m.state.pending.figure == "0-biker-1"


def test_moved_and_fought_marks_clear_at_the_next_turn():
    m = new_match(setup=spread_setup())
    to_first_fight(m)
    m.submit(choose("0-biker-1"))
    m.submit(choose("failure"))
    next_turn(m)
    assert all(f.moves == 0 and f.fights == 0 for f in m.state.figures)


def test_the_view_shows_the_current_sector_and_who_has_moved():
    m = new_match(setup=spread_setup())
    to_initiative(m)
    m.submit(roll(3))
    m.submit(choose("stay"))  # Home Biker 3 first in sector 3
    v = m.rules.view(m.state)
    line = next(n for n in v.notes if n.startswith("▶"))
    assert line.startswith("▶ S 3:") and "M· Home Biker 3" in line and "·· Away Biker 2" in line
    assert v.phase_id == "move"
    assert any(s.label == "Sweep" and s.value == "sector 3 (1/12)" for s in v.scoreboard)


def test_a_figure_on_a_timer_track_is_not_in_the_sweep():
    m = new_match()
    m.submit(confirm())
    call_penalty(m, "0-skater-1", 5)
    next_turn(m)
    m.submit(number(1))
    assert "0-skater-1" not in {o.id for o in m.prompt().options}
    m.submit(choose("gutter"))
    m.submit(roll(1))
    m.submit(choose("first"))
    assert "0-skater-1" not in {o.id for o in m.prompt().options}


def test_an_injury_from_the_ball_is_shown_in_the_ball_phase_with_its_step_open():
    m = new_match()
    m.submit(confirm())
    m.submit(number(1))
    m.submit(choose("0-skater-2"))
    m.submit(choose("failure"))
    v = m.rules.view(m.state)
    assert v.phase_id == "ball" and m.rules.phase(m.state) == "ball"
    assert [(r.name, r.status) for r in v.phases if r.depth == 1] == [("Fire / travel", "done"), ("Field or avoid", "current")]


def test_the_quiet_answers_stay_first_as_figures_fight():
    m = new_match(setup=spread_setup())
    to_first_fight(m)
    ids = [o.id for o in m.prompt().options]
    assert ids[:2] == ["done", "penalty"] and len(ids) > 2
    m.submit(choose(ids[2]))
    walk_to(m, "combat_walk")
    assert [o.id for o in m.prompt().options][:2] == ["done", "penalty"]


@pytest.mark.parametrize(("on", "sectors"), [(10, 10), (11, 11), (0, 12), (1, 13)])
def test_moving_ten_or_more_counts_on_from_ten_so_the_own_sector_is_a_whole_lap(on, sectors):
    """Ruling moves-further: after "10 or more" the sector typed is at least ten sectors on, never a standstill."""
    from refbox.games.rulerball.track import clockwise

    m = new_match()
    m.submit(confirm())
    walk_to(m, "move_walk")
    figure = walker(m.state, m.data)
    start = figure.sector
    m.submit(choose("further"))
    assert f"sector {clockwise(start, -10, 12)} is 10 on, sector {start} a whole lap" in m.prompt().text
    end = clockwise(start, -on, 12)
    m.submit(number(end))
    assert m.state.fig(figure.id).sector == end
    assert m.state.log[-1].text.endswith(f"sector {start} -> {end} ({sectors} sector(s)).")


def test_a_fighter_further_round_the_sweep_says_which_sectors_it_passes():
    """Ruling fewer-keys-order: engaging in a later sector moves the marker past the fights before it."""
    import random

    from refbox.engine import random_play
    from refbox.games.rulerball.steps_combat import attackers

    m = new_match()
    rng = random.Random(4)
    while not (m.state.step == "combat_walk" and len({f.sector for f in attackers(m.state, m.data)}) > 1):
        m.submit(random_play.random_answer(m.prompt(), rng))
    fighters = attackers(m.state, m.data)
    options = {o.id: o for o in m.prompt().options}
    first = fighters[0].sector
    assert "passes" not in options[fighters[0].id].hint
    later = next(f for f in fighters if f.sector != first)
    assert f"passes sector {first}" in options[later.id].hint
