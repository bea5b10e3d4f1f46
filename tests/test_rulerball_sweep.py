"""Initiative and the two sector sweeps: each figure moves once and fights once; refbox holds the cones."""

from __future__ import annotations

import pytest
from test_rulerball_support import choose, confirm, new_match, number, pick, roll, start_turn, walk_to

from refbox.engine.errors import InvalidInput
from refbox.engine.prompts import Roll


def spread_setup() -> dict:
    """Home in sectors 1-10 (one figure each), Away in 2-11: every sector has neighbours to fight."""
    from refbox.games.rulerball.models import Setup

    setup = Setup().model_dump()
    for team, offset in ((0, 1), (1, 2)):
        for k, f in enumerate(setup["teams"][team]["figures"]):
            f["start_sector"] = k + offset
    return setup


def to_initiative(m) -> None:
    start_turn(m)
    walk_to(m, "initiative")


def test_initiative_is_a_d12_with_each_sector_equally_likely():
    m = new_match()
    to_initiative(m)
    p = m.prompt()
    assert isinstance(p, Roll) and p.dice[0].sides == 12
    assert p.odds[0].probability == pytest.approx(1 / 12)


def test_an_initiative_face_of_13_is_refused_and_changes_nothing():
    m = new_match()
    to_initiative(m)
    before = m.state.model_copy(deep=True)
    with pytest.raises(InvalidInput, match="13 is not a face of a d12"):
        m.submit(roll(13))
    assert m.state == before


def test_movement_starts_in_the_initiative_sector_and_sweeps_clockwise():
    m = new_match(setup=spread_setup())
    to_initiative(m)
    m.submit(roll(11))
    sectors = []
    while m.state.step == "move_pick":
        figure = m.prompt().options[0].id
        sectors.append(m.state.fig(figure).sector)
        m.submit(choose(figure))
        m.submit(number(m.state.fig(figure).sector))
    assert sectors == [11, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10]


def test_moving_a_figure_twice_is_refused_and_changes_nothing():
    m = new_match()
    to_initiative(m)
    m.submit(roll(1))
    m.submit(choose("0-skater-1"))
    m.submit(number(1))
    before = m.state.model_copy(deep=True)
    with pytest.raises(InvalidInput, match="Not now: Home Skater 1: it has already moved this turn"):
        m.submit(choose("0-skater-1"))
    assert m.state == before and m.state.fig("0-skater-1").moves == 1


def test_a_figure_skating_into_a_sector_not_yet_swept_does_not_move_again():
    m = new_match()
    to_initiative(m)
    m.submit(roll(1))
    m.submit(choose("0-skater-1"))
    m.submit(number(5))  # counterclockwise the long way round, ahead of the marker
    walk_to(m, "penalty", answer=lambda mm, p: choose(p.options[0].id) if mm.state.step == "move_pick"
            else number(mm.state.fig(mm.state.pending.figure).sector))
    assert m.state.fig("0-skater-1").moves == 1
    assert all(f.moves == 1 for f in m.state.figures if f.on_track)


def test_only_opposing_figures_in_the_same_or_a_neighbouring_sector_can_be_engaged():
    m = new_match(setup=spread_setup())
    to_initiative(m)
    m.submit(roll(1))
    walk_to(m, "combat_pick")
    m.submit(choose("0-biker-1"))  # sector 1: Away's biker 1 is in sector 2
    assert [o.id for o in m.prompt().options] == ["1-biker-1"]


def test_a_fight_uses_up_both_figures_engagement_for_the_turn():
    m = new_match(setup=spread_setup())
    to_initiative(m)
    m.submit(roll(1))
    walk_to(m, "combat_pick")
    m.submit(choose("0-biker-1"))
    m.submit(choose("1-biker-1"))
    m.submit(choose("failure"))  # no effect
    a, t = m.state.fig("0-biker-1"), m.state.fig("1-biker-1")
    assert (a.fights, t.fights) == (1, 1)
    offered = {o.id for o in m.prompt().options}
    assert "0-biker-1" not in offered and "1-biker-1" not in offered


def test_a_figure_fighting_twice_is_refused_with_the_reason_and_changes_nothing():
    m = new_match(setup=spread_setup())
    to_initiative(m)
    m.submit(roll(1))
    walk_to(m, "combat_pick")
    m.submit(choose("0-biker-1"))
    m.submit(choose("1-biker-1"))
    m.submit(choose("failure"))  # no effect; sector 2 fights next, where Away's biker 1 stands
    before = m.state.model_copy(deep=True)
    with pytest.raises(InvalidInput, match="Not now: Away Biker 1: it has already fought this turn"):
        m.submit(choose("1-biker-1"))
    assert m.state == before
    m.submit(choose("0-biker-2"))
    before = m.state.model_copy(deep=True)
    with pytest.raises(InvalidInput, match="Not now: Away Biker 1: it has already fought"):
        m.submit(choose("1-biker-1"))  # nor can it be engaged again
    assert m.state == before


def test_the_table_can_enter_that_the_defender_won():
    m = new_match(setup=spread_setup())
    to_initiative(m)
    m.submit(roll(1))
    walk_to(m, "combat_pick")
    m.submit(choose("0-biker-1"))
    m.submit(choose("1-biker-1"))
    m.submit(choose("defender"))
    assert m.state.step == "injury" and m.state.pending.figure == "0-biker-1"


def test_moved_and_fought_marks_clear_at_the_next_clock_step():
    m = new_match(setup=spread_setup())
    to_initiative(m)
    m.submit(roll(1))
    walk_to(m, "combat_pick")
    m.submit(choose("0-biker-1"))
    m.submit(choose("1-biker-1"))
    m.submit(choose("failure"))
    walk_to(m, "clock")
    m.submit(confirm())
    assert all(f.moves == 0 and f.fights == 0 for f in m.state.figures)


def test_the_view_shows_the_current_sector_and_who_has_moved():
    m = new_match(setup=spread_setup())
    to_initiative(m)
    m.submit(roll(3))
    m.submit(choose("0-biker-3"))
    m.submit(number(3))
    v = m.rules.view(m.state)
    line = next(n for n in v.notes if n.startswith("▶"))
    assert line.startswith("▶ S 3:") and "M· Home Biker 3" in line and "·· Away Biker 2" in line
    assert v.phase_id == "move"
    assert any(s.label == "Sweep" and s.value == "sector 3 (1/12)" for s in v.scoreboard)


def test_a_figure_on_a_timer_track_is_not_in_the_sweep():
    m = new_match()
    start_turn(m)
    walk_to(m, "penalty")
    m.submit(choose("0-skater-1"))
    m.submit(number(5))
    walk_to(m, "clock")
    m.submit(confirm())
    m.submit(confirm())
    m.submit(choose("1"))
    assert "0-skater-1" not in {o.id for o in m.prompt().options}
    m.submit(pick())
    m.submit(choose("gutter"))
    m.submit(roll(1))
    assert "0-skater-1" not in {o.id for o in m.prompt().options}


def test_an_injury_from_the_ball_is_shown_in_the_ball_phase_with_its_step_open():
    m = new_match()
    start_turn(m)
    m.submit(confirm())
    m.submit(choose("1"))
    m.submit(pick("0-skater-2"))
    m.submit(choose("failure"))
    v = m.rules.view(m.state)
    assert v.phase_id == "ball"
    assert [(r.name, r.status) for r in v.phases if r.depth == 1] == [("Fire / travel", "done"), ("Field or avoid", "current")]


def test_no_more_fights_stays_the_first_option_as_figures_fight():
    m = new_match(setup=spread_setup())
    to_initiative(m)
    m.submit(roll(1))
    walk_to(m, "combat_pick")
    ids = [o.id for o in m.prompt().options]
    assert ids[0] == "done" and len(ids) > 1


@pytest.mark.parametrize(("on", "sectors"), [(10, 10), (11, 11), (0, 12), (1, 13)])
def test_moving_ten_or_more_counts_on_from_ten_so_the_own_sector_is_a_whole_lap(on, sectors):
    """Ruling moves-further: after "10 or more" the sector typed is at least ten sectors on, never a standstill."""
    from refbox.games.rulerball.sweep import walker
    from refbox.games.rulerball.track import clockwise

    m = new_match(setup={"fewer_keys": True})
    start_turn(m)
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

    from refbox.engine import sim
    from refbox.games.rulerball.sweep import attackers

    m = new_match(setup={"fewer_keys": True})
    rng = random.Random(4)
    while not (m.state.step == "combat_walk" and len({f.sector for f in attackers(m.state, m.data)}) > 1):
        m.submit(sim.random_answer(m.prompt(), rng))
    fighters = attackers(m.state, m.data)
    options = {o.id: o for o in m.prompt().options}
    first = fighters[0].sector
    assert "passes" not in options[fighters[0].id].hint
    later = next(f for f in fighters if f.sector != first)
    assert f"passes sector {first}" in options[later.id].hint
