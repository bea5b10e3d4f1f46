"""Grid geometry: neighbours at the edges, distances, reachable squares with blockers and must-stop squares.
(The staggered pitch: tests/test_engine_staggered.py.)"""

from refbox.engine.grid import SquareGrid, path, reachable


class TestSquare:
    def test_eight_or_four_neighbours(self):
        assert len(SquareGrid(5, 5).neighbours((2, 2))) == 8
        assert len(SquareGrid(5, 5, diagonal=False).neighbours((2, 2))) == 4
        assert sorted(SquareGrid(5, 5).neighbours((0, 0))) == [(0, 1), (1, 0), (1, 1)]

    def test_distances(self):
        assert SquareGrid(9, 9).distance((0, 0), (3, 5)) == 5
        assert SquareGrid(9, 9, diagonal=False).distance((0, 0), (3, 5)) == 8


class TestReachable:
    grid = SquareGrid(7, 7, diagonal=False)

    def test_blockers_are_walked_around(self):
        wall = {(3, 0), (3, 1), (3, 2), (3, 3), (3, 4), (3, 5)}
        reach = reachable(self.grid, (2, 0), 20, lambda sq: sq not in wall)
        assert reach[(4, 0)] == 2 + 12, "round the end of the wall at row 6"
        assert (2, 0) not in reach, "not the start square"

    def test_a_must_stop_square_is_entered_but_not_left(self):
        stop = {(1, 0)}
        reach = reachable(self.grid, (0, 0), 4, lambda sq: True, lambda sq: sq in stop)
        assert reach[(1, 0)] == 1, "the mover may end on it"
        assert reach[(2, 0)] == 4, "but not pass through it: the way round is 4 steps"
        assert (3, 0) not in reach

    def test_leaving_a_must_stop_start_square_is_allowed(self):
        reach = reachable(self.grid, (0, 0), 2, lambda sq: True, lambda sq: sq == (0, 0))
        assert reach[(2, 0)] == 2

    def test_the_path_follows_the_rules_of_reachable(self):
        route = path(self.grid, (0, 0), (2, 0), lambda sq: sq != (1, 0))
        assert route[0] == (0, 0) and route[-1] == (2, 0) and (1, 0) not in route and len(route) == 5
