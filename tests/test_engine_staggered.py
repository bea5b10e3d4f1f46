"""The staggered pitch's geometry (refbox.engine.geometry.staggered, Battleball's board): squares, the staggered
edges, distances, reach with blockers and must-stop squares, two-square footprints. The bitboards must give
exactly the answers of the plain square-by-square reference below (a breadth-first search over neighbours
worked out from the brickwork rule alone)."""

from __future__ import annotations

import random
from collections import deque

import pytest

from refbox.engine.geometry.staggered import (
    StaggeredGrid,
    bits_of,
    reach,
    staggered_grid,
)

# ---- the reference: square by square, no bitboards ----


def ref_neighbours(sq: tuple[int, int], cols: int, rows: int) -> list[tuple[int, int]]:
    """Brickwork rows, odd rows half a square right: two squares in the row, two above, two below."""
    c, r = sq
    shift = r & 1  # odd rows: the squares above and below are c and c + 1; even rows: c - 1 and c
    candidates = ((c - 1, r), (c + 1, r), (c - 1 + shift, r - 1), (c + shift, r - 1),
                  (c - 1 + shift, r + 1), (c + shift, r + 1))
    return [s for s in candidates if 0 <= s[0] < cols and 0 <= s[1] < rows]


def ref_reachable(start, steps, can_enter, must_stop=lambda sq: False, cols=41, rows=21) -> dict:
    """Every square a mover at ``start`` can end on within ``steps`` steps (the fewest steps to it): refused
    squares are never entered, must-stop squares are entered but not left. The start is not included."""
    best = {start: 0}
    queue = deque([start])
    while queue:
        sq = queue.popleft()
        cost = best[sq]
        if cost == steps or (sq != start and must_stop(sq)):
            continue
        for nxt in ref_neighbours(sq, cols, rows):
            if nxt not in best and can_enter(nxt):
                best[nxt] = cost + 1
                queue.append(nxt)
    del best[start]
    return best


class TestTheBrickworkRule:
    def test_a_square_inside_touches_six(self):
        assert sorted(ref_neighbours((2, 2), 6, 5)) == [(1, 1), (1, 2), (1, 3), (2, 1), (2, 3), (3, 2)]
        assert sorted(ref_neighbours((2, 1), 6, 5)) == [(1, 1), (2, 0), (2, 2), (3, 0), (3, 1), (3, 2)]

    def test_edges_and_corners_have_fewer(self):
        assert sorted(ref_neighbours((0, 0), 6, 5)) == [(0, 1), (1, 0)]
        assert sorted(ref_neighbours((5, 1), 6, 5)) == [(4, 1), (5, 0), (5, 2)]
        assert sorted(ref_neighbours((0, 1), 6, 5)) == [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]

    def test_neighbourhood_is_symmetric(self):
        for c in range(6):
            for r in range(5):
                for n in ref_neighbours((c, r), 6, 5):
                    assert (c, r) in ref_neighbours(n, 6, 5)


F = staggered_grid(21, 40, 8)


def squares_of(mask: int) -> set[tuple[int, int]]:
    return {F.sq(i) for i in bits_of(mask)}


def mask_of(squares) -> int:
    return F.mask(F.at(c, r) for c, r in squares)


# ---- the layout ----


def test_odd_rows_hold_the_length_and_even_rows_one_more_with_half_squares_at_both_goal_lines():
    assert len(F.col) == 11 * 41 + 10 * 40
    assert (40, 0) in F.index and (40, 1) not in F.index and (39, 1) in F.index
    assert squares_of(F.half) == {(c, r) for r in range(0, 21, 2) for c in (0, 40)}


def test_the_board_is_the_same_seen_from_either_end():
    for i in F.col:
        j = F.mirror(i)
        assert F.mirror(j) == i
        assert sorted(F.mirror(n) for n in F.neighbours(i)) == sorted(F.neighbours(j))
    assert F.mirror(F.centre) == F.centre and F.sq(F.centre) == (20, 10)
    assert F.zones[1] == F.mirror_mask(F.zones[0]) and F.last[1] == F.mirror_mask(F.last[0])


def test_each_side_lines_up_on_the_8_squares_nearest_its_goal_line():
    assert squares_of(F.zones[0]) == {(c, r) for (c, r) in F.index if c < 8}
    assert (32, 1) in squares_of(F.zones[1]) and (31, 1) not in squares_of(F.zones[1])
    assert (33, 0) in squares_of(F.zones[1]) and (32, 0) not in squares_of(F.zones[1])
    assert all(bin(F.zones[s] & F.mask(F.index[(c, r)] for c in range(41) if (c, r) in F.index)).count("1") == 8
               for s in (0, 1) for r in range(21))


def test_the_last_squares_are_the_end_of_every_row():
    assert squares_of(F.last[0]) == {(40 - (r % 2), r) for r in range(21)}
    assert squares_of(F.last[1]) == {(0, r) for r in range(21)}


@pytest.mark.parametrize("rows, length, line, message", [
    (20, 40, 8, "must be odd"),
    (21, 41, 8, "must be even when the middle row is even"),
    (19, 40, 8, "odd when it is odd"),
    (21, 40, 20, "line-up zones apart"),
])
def test_a_layout_without_a_true_centre_square_is_refused(rows, length, line, message):
    with pytest.raises(ValueError, match=message):
        StaggeredGrid(rows, length, line)


# ---- neighbours and distances ----


def test_every_square_has_the_reference_neighbours_that_exist():
    for i in F.col:
        expected = {s for s in ref_neighbours(F.sq(i), 41, 21) if s in F.index}
        assert squares_of(F.spread(1 << i)) == expected, F.sq(i)


@pytest.mark.parametrize("square, expected", [
    ((0, 0), {(1, 0), (0, 1)}),                              # a half square in a corner
    ((0, 2), {(1, 2), (0, 1), (0, 3)}),                      # a half square on the near goal line
    ((40, 2), {(39, 2), (39, 1), (39, 3)}),                  # a half square on the far goal line
    ((39, 1), {(38, 1), (39, 0), (40, 0), (39, 2), (40, 2)}),  # the last full square of an odd row
    ((0, 1), {(1, 1), (0, 0), (1, 0), (0, 2), (1, 2)}),     # the first square of an odd row
    ((20, 10), {(19, 10), (21, 10), (19, 9), (20, 9), (19, 11), (20, 11)}),
    ((20, 11), {(19, 11), (21, 11), (20, 10), (21, 10), (20, 12), (21, 12)}),
    ((40, 20), {(39, 20), (39, 19)}),
])
def test_neighbours_at_the_staggered_edges(square, expected):
    assert {F.sq(n) for n in F.neighbours(F.at(*square))} == expected


def bfs_distances(source: int) -> dict[int, int]:
    dist = {source: 0}
    queue = deque([source])
    while queue:
        i = queue.popleft()
        for n in F.neighbours(i):
            if n not in dist:
                dist[n] = dist[i] + 1
                queue.append(n)
    return dist


def test_distance_is_the_fewest_steps_between_squares_on_this_board():
    rng = random.Random(5)
    for source in [F.at(0, 0), F.at(40, 20), F.at(39, 1), F.centre, *rng.sample(list(F.col), 12)]:
        for target, steps in bfs_distances(source).items():
            assert F.distance(source, target) == steps


def test_rings_and_discs_match_the_reference():
    for centre in (F.centre, F.at(0, 0), F.at(39, 19), F.at(1, 1)):
        steps = ref_reachable(F.sq(centre), 6, lambda s: s in F.index)
        for n in range(1, 7):
            assert squares_of(F.ring(1 << centre, n)) == {s for s, k in steps.items() if k == n}
            assert squares_of(F.within(1 << centre, n)) == {s for s, k in steps.items() if k <= n}


def test_square_ids_come_out_column_by_column_either_way():
    m = mask_of([(3, 4), (3, 5), (10, 0), (0, 20), (40, 0)])
    assert F.ids_of(m) == ("0.20", "3.4", "3.5", "10.0", "40.0")
    assert F.ids_of(m, descending=True) == ("40.0", "10.0", "3.5", "3.4", "0.20")
    assert F.ids_of(0) == ()


# ---- reach: the bitboards against the reference search ----


def shared_reach(start, steps, passable, stop):
    """The reference search on the same board (squares that do not exist cannot be entered)."""
    got = ref_reachable(F.sq(start), steps,
                        can_enter=lambda s: s in F.index and (passable >> F.index[s]) & 1,
                        must_stop=lambda s: s in F.index and (stop >> F.index[s]) & 1)
    return set(got)


def test_reach_matches_the_reference_search_with_blockers_and_must_stop_squares():
    rng = random.Random(11)
    squares = list(F.col)
    for _ in range(60):
        blocked = F.mask(rng.sample(squares, rng.randint(0, 120)))
        stop = F.mask(rng.sample(squares, rng.randint(0, 80)))
        start = rng.choice([i for i in squares if not (blocked >> i) & 1])
        steps = rng.randint(1, 20)
        passable = F.exists & ~blocked
        without, with_ball, _ = reach(F, 1 << start, steps, passable, stop)
        assert with_ball == 0
        assert squares_of(without) == shared_reach(start, steps, passable, stop)


def test_a_mover_may_leave_a_must_stop_start_but_stops_on_the_first_must_stop_square():
    start = F.at(10, 10)
    stop = F.spread(1 << start) | (1 << start)  # everything around him (he starts next to an opponent)
    without, _, _ = reach(F, 1 << start, 5, F.exists, stop)
    assert squares_of(without) == {F.sq(n) for n in F.neighbours(start)}


def test_the_ball_on_the_way_gives_both_ways_and_the_end_zone_only_with_it():
    start, ball = F.at(35, 10), F.at(37, 10)
    without, with_ball, td = reach(F, 1 << start, 6, F.exists, 0, ball=1 << ball, last=F.last[0])
    assert (with_ball >> ball) & 1 and (without >> ball) & 1  # he may stand on it (the caller makes it a pick-up)
    assert F.at(40, 10) in bits_of(with_ball) and td
    _, _, td_short = reach(F, 1 << start, 2, F.exists, 0, ball=1 << ball, last=F.last[0])
    assert not td_short  # two steps reach the ball, none is left for the last square and the end zone


def test_a_carrier_scores_only_with_a_step_left_from_a_last_square_he_need_not_stop_on():
    start = F.at(38, 10)
    _, _, td = reach(F, 1 << start, 2, F.exists, 0, last=F.last[0], carrying=True)
    assert not td  # 38 -> 39 -> 40: the last square, no step left
    _, _, td = reach(F, 1 << start, 3, F.exists, 0, last=F.last[0], carrying=True)
    assert td
    stop = F.last[0]
    _, _, td = reach(F, 1 << start, 6, F.exists, stop, last=F.last[0], carrying=True)
    assert not td, "every last square stops him (next to an opponent): no step into the end zone"


# ---- two-square figures (Battleball's Heavy Tackle) ----


def test_the_heavy_tackles_second_square_is_below_and_half_a_square_right():
    assert F.sq(F.foot(F.at(10, 10))) == (10, 11)
    assert F.sq(F.foot(F.at(10, 11))) == (11, 12)
    assert F.foot(F.at(10, 20)) == -1  # the last row: nothing below
    assert F.foot(F.at(40, 10)) == -1  # the far half square: its square below does not exist
    for i in F.col:
        j = F.foot(i)
        if j >= 0:
            assert j in F.neighbours(i) and F.anchors(1 << j) & (1 << i)


def test_a_heavy_tackle_moves_both_squares_together_and_needs_both_free():
    anchor = F.at(10, 10)
    blocked = mask_of([(12, 11)])  # only his lower square would hit it
    passable = F.exists & ~blocked
    ht_passable = passable & F.anchors(passable)
    got, _, _ = reach(F, 1 << anchor, 3, ht_passable, 0)
    expected = shared_reach(anchor, 3, ht_passable, 0)
    assert squares_of(got) == expected
    assert (12, 10) not in expected and (11, 10) in expected  # (12, 10)'s lower square is the blocked one
    for i in bits_of(got):
        assert (passable >> i) & 1 and (passable >> F.foot(i)) & 1
