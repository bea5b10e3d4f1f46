"""Grid geometry: neighbours at the edges, distances, reachable squares with blockers and must-stop squares."""

from refbox.engine.grid import SquareGrid, StaggeredGrid, at_distance, path, reachable, within


class TestStaggered:
    grid = StaggeredGrid(cols=6, rows=5)

    def test_a_square_inside_touches_six(self):
        assert sorted(self.grid.neighbours((2, 2))) == [(1, 1), (1, 2), (1, 3), (2, 1), (2, 3), (3, 2)]
        assert sorted(self.grid.neighbours((2, 1))) == [(1, 1), (2, 0), (2, 2), (3, 0), (3, 1), (3, 2)]

    def test_edges_and_corners_have_fewer(self):
        assert sorted(self.grid.neighbours((0, 0))) == [(0, 1), (1, 0)]
        assert sorted(self.grid.neighbours((5, 1))) == [(4, 1), (5, 0), (5, 2)]
        assert sorted(self.grid.neighbours((0, 1))) == [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]

    def test_neighbourhood_is_symmetric_and_distance_one(self):
        for sq in self.grid.squares():
            for n in self.grid.neighbours(sq):
                assert sq in self.grid.neighbours(n)
                assert self.grid.distance(sq, n) == 1

    def test_distance_is_the_fewest_steps(self):
        open_all = reachable(self.grid, (0, 0), 99, lambda sq: True)
        for sq, steps in open_all.items():
            assert self.grid.distance((0, 0), sq) == steps
        assert self.grid.distance((0, 0), (5, 0)) == 5
        assert self.grid.distance((0, 0), (0, 4)) == 4
        assert self.grid.distance((0, 0), (2, 4)) == 4

    def test_rings(self):
        assert len(at_distance(StaggeredGrid(20, 20), (10, 10), 2)) == 12
        assert len(within(StaggeredGrid(20, 20), (10, 10), 2)) == 18


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
