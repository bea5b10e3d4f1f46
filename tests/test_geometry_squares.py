"""Square grids: neighbours at the edges and distances, with and without diagonal steps. (Reach on Monster Ball's
field: tests/test_monster_ball_field.py; the staggered pitch: tests/test_engine_staggered.py.)"""

from refbox.engine.geometry.squares import SquareGrid


def test_eight_or_four_neighbours():
    assert len(SquareGrid(5, 5).neighbours((2, 2))) == 8
    assert len(SquareGrid(5, 5, diagonal=False).neighbours((2, 2))) == 4
    assert sorted(SquareGrid(5, 5).neighbours((0, 0))) == [(0, 1), (1, 0), (1, 1)]


def test_distances():
    assert SquareGrid(9, 9).distance((0, 0), (3, 5)) == 5
    assert SquareGrid(9, 9, diagonal=False).distance((0, 0), (3, 5)) == 8


def test_the_nearest_free_square_is_the_target_or_the_closest_ring():
    grid = SquareGrid(5, 5)
    everywhere = set(grid.squares())
    assert grid.nearest((2, 2), everywhere, set()) == (2, 2)
    assert grid.distance(grid.nearest((2, 2), everywhere, {(2, 2)}), (2, 2)) == 1
