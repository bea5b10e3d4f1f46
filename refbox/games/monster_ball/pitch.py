"""Monster Ball's field as geometry, pure and headless: squares, zones, grids, lines and distances.

The board is the field with its out-of-bounds band: 36 x 20 squares with the rules' numbers. A square is
``(x, y)``: x runs along the length (Law's end zone on the left, Chaos's on the right), y across the width.

    x = 0            out of bounds          y = 0 and y = 19 are out of bounds too
    x = 1..2         the left end zone (Law defends it, Chaos scores in it)
    x = 3..32        ten playable zones of three squares
    x = 33..34       the right end zone (Law scores in it)
    x = 35           out of bounds

Law attacks to the right (+1), Chaos to the left (-1), all game. A team's "line" for a distance ``to_go``
(squares from the line of scrimmage to the goal line it attacks) is drawn in front of the square where the
ball is spotted; figures "on the line" stand in that square's column.

Grids are 3 x 3 squares: along the length one per zone (each end zone is one grid, 2 squares deep), across
the width six divisions. Grids between two squares are counted as the rules count them: from the grid next
to the first to the grid of the second, by the shortest route through grids that share a side (0 in the same
grid, 1 next door, 2 diagonally next door).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from refbox.engine.geometry.squares import Square, SquareGrid


@dataclass(frozen=True, eq=False)
class Pitch:
    """The field's geometry, one per ruleset (``Data.pitch``): its tables are worked out once, on first use."""

    zones: int = 10
    zone_squares: int = 3
    end_squares: int = 2
    width: int = 18
    band: int = 1
    division_rows: int = 3
    divisions: tuple[tuple[int, int], ...] = ((1, 1), (2, 3), (4, 6), (7, 9), (10, 11), (12, 12))

    # ---- the board (worked out once: these are read on every hot path) ----

    playable: int = field(init=False, repr=False)
    """Playable columns: zones x squares per zone."""
    cols: int = field(init=False, repr=False)
    rows: int = field(init=False, repr=False)
    first: int = field(init=False, repr=False)
    """The first playable column (just right of the left goal line)."""
    last: int = field(init=False, repr=False)
    """The last playable column (just left of the right goal line)."""
    grid: SquareGrid = field(init=False, repr=False)
    """The board's squares: figures step to any of the eight around."""

    def __post_init__(self) -> None:
        playable = self.zones * self.zone_squares
        first = self.band + self.end_squares
        cols, rows = playable + 2 * self.end_squares + 2 * self.band, self.width + 2 * self.band
        for name, value in (("playable", playable), ("cols", cols), ("rows", rows), ("first", first),
                            ("last", first + playable - 1), ("grid", SquareGrid(cols, rows, diagonal=True))):
            object.__setattr__(self, name, value)

    @classmethod
    def of(cls, f) -> "Pitch":
        """The pitch of a ruleset's [field] table."""
        return cls(f.playable_zones, f.squares_per_zone, f.end_zone_squares, f.width_squares, f.out_of_bounds_squares,
                   f.width_squares // len(f.grid_divisions), tuple(tuple(d) for d in f.grid_divisions))

    # ---- tables (read on every hot path) ----

    @cached_property
    def field_squares(self) -> frozenset[Square]:
        """The squares inside the field, end zones included."""
        return frozenset(sq for sq in self.grid.squares() if self.in_field(sq))

    @cached_property
    def end_zones(self) -> tuple[frozenset[Square], frozenset[Square]]:
        """The squares of the end zone each team scores in."""
        return tuple(frozenset(sq for sq in self.field_squares if self.in_end_zone(t, sq[0])) for t in (0, 1))  # type: ignore[return-value]

    @cached_property
    def grids(self) -> dict[Square, tuple[int, int]]:
        """The grid of every square of the board (``grid_of``, looked up)."""
        return {sq: self.grid_of(sq) for sq in self.grid.squares()}

    @cached_property
    def around(self) -> dict[Square, frozenset[Square]]:
        """Every square of the board -> itself and the squares around it."""
        return self.grid.around()

    @cached_property
    def neighbour_table(self) -> dict[Square, tuple[Square, ...]]:
        return {sq: tuple(self.grid.neighbours(sq)) for sq in self.grid.squares()}

    def on_board(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.cols and 0 <= sq[1] < self.rows

    def in_field(self, sq: Square) -> bool:
        """Inside the field (end zones included), not in the out-of-bounds band."""
        x, y = sq
        return self.band <= x < self.cols - self.band and self.band <= y < self.rows - self.band

    def out_of_bounds(self, sq: Square) -> bool:
        return self.on_board(sq) and not self.in_field(sq)

    # ---- teams and lengthwise positions ----

    @staticmethod
    def direction(team: int) -> int:
        """+1: Law attacks to the right; -1: Chaos to the left."""
        return 1 if team == 0 else -1

    def in_end_zone(self, team: int, x: int) -> bool:
        """x is in the end zone ``team`` scores in (the band beyond it does not count)."""
        if team == 0:
            return self.last < x <= self.last + self.end_squares
        return self.first - self.end_squares <= x < self.first

    def in_own_end_zone(self, team: int, x: int) -> bool:
        return self.in_end_zone(1 - team, x)

    def ball_x(self, team: int, to_go: int) -> int:
        """The column where the ball is spotted when ``team`` has ``to_go`` squares to the goal line."""
        return self.last - to_go if team == 0 else self.first + to_go

    def to_go_at(self, team: int, x: int) -> int:
        """Squares from the line in front of column x to the goal line ``team`` attacks (may be <= 0 or > 30)."""
        return self.last - x if team == 0 else x - self.first

    def zone_of(self, team: int, x: int) -> int:
        """The zone of column x in ``team``'s numbering: 1..10 counting down towards the end zone it attacks,
        0 for that end zone, 11 for its own (the band counts as the end zone beside it)."""
        d = self.last - x if team == 0 else x - self.first
        if d < 0:
            return 0
        if d >= self.playable:
            return self.zones + 1
        return d // self.zone_squares + 1

    def square_name(self, team: int, square: tuple[int, int]) -> str:
        """A square in ``team``'s words: its zone, which of the zone's columns (1 nearest the end zone it
        attacks), and its row; zones are several squares wide, so the zone alone does not name a square."""
        x, y = square
        zone = self.zone_of(team, x)
        d = self.last - x if team == 0 else x - self.first
        column = -d if zone == 0 else d - self.playable + 1 if zone == self.zones + 1 else d % self.zone_squares + 1
        return f"zone {zone} column {column}, row {y}"

    def zone_columns(self, team: int, zone: int) -> range:
        """The columns of playable zone ``zone`` (1..10) in ``team``'s numbering."""
        near = (zone - 1) * self.zone_squares
        if team == 0:
            return range(self.last - near - self.zone_squares + 1, self.last - near + 1)
        return range(self.first + near, self.first + near + self.zone_squares)

    def zones_to_end_zone(self, team: int, x: int) -> int:
        """Field goal distance: the zones from the one next to the kicker's to the end zone, both counted.
        From zone z that is z zones (z - 1 playable zones and the end zone); never less than 1."""
        return max(1, self.zone_of(team, x))

    @property
    def midfield_x(self) -> int:
        """The first column right of the 50-yard line."""
        return self.first + self.playable // 2

    def own_half(self, team: int, x: int) -> bool:
        """x is on ``team``'s side of the 50 (its own end zone included)."""
        return x < self.midfield_x if team == 0 else x >= self.midfield_x

    # ---- across: divisions and the grid roll ----

    def division_of(self, y: int) -> int:
        """Division 1..6 of row y (the band counts as the division beside it)."""
        y = min(max(y, self.band), self.rows - self.band - 1)
        return (y - self.band) // self.division_rows + 1

    def division_rows_of(self, division: int) -> range:
        top = self.band + (division - 1) * self.division_rows
        return range(top, top + self.division_rows)

    def grid_roll(self, face: int) -> int:
        """The division a d12 grid roll lands in."""
        for n, (lo, hi) in enumerate(self.divisions, 1):
            if lo <= face <= hi:
                return n
        raise ValueError(f"{face} is not a face of the grid roll")

    # ---- grids ----

    def grid_col(self, x: int) -> int:
        """Grid column 0..11 along the length: 0 and 11 are the end zones (and the band beside them)."""
        if x < self.first:
            return 0
        if x > self.last:
            return self.zones + 1
        return (x - self.first) // self.zone_squares + 1

    def grid_of(self, sq: Square) -> tuple[int, int]:
        """(grid column 0..11, division 1..6)."""
        return self.grid_col(sq[0]), self.division_of(sq[1])

    def grids_between(self, a: Square, b: Square) -> int:
        (ac, ad), (bc, bd) = self.grid_of(a), self.grid_of(b)
        return abs(ac - bc) + abs(ad - bd)

    def landing_grid(self, team: int, zone: int, division: int) -> tuple[int, int]:
        """The grid a kick by ``team`` lands in: playable zone ``zone`` in the kicker's numbering."""
        return self.grid_col(self.zone_columns(team, zone)[0]), division

    def grid_squares(self, grid: tuple[int, int]) -> list[Square]:
        col, division = grid
        if col == 0:
            xs = range(self.band, self.first)
        elif col == self.zones + 1:
            xs = range(self.last + 1, self.last + 1 + self.end_squares)
        else:
            start = self.first + (col - 1) * self.zone_squares
            xs = range(start, start + self.zone_squares)
        return [(x, y) for y in self.division_rows_of(division) for x in xs]

    def same_grid(self, a: Square, b: Square) -> bool:
        return self.grid_of(a) == self.grid_of(b)

    # ---- adjacency ----

    @staticmethod
    def adjacent(a: Square, b: Square) -> bool:
        """Next to each other: one of the 8 squares around (Chebyshev distance 1)."""
        return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1

    def neighbours(self, sq: Square) -> tuple[Square, ...]:
        return self.neighbour_table[sq]

    # ---- relative steps (how moves are journaled) ----

    def relative(self, team: int, start: Square, end: Square) -> tuple[int, int]:
        """(forward, across) from ``start`` to ``end`` as ``team``'s captain sees it: forward is towards the
        end zone it attacks; across is to the right of that direction."""
        d = self.direction(team)
        return (end[0] - start[0]) * d, (end[1] - start[1]) * d

    def absolute(self, team: int, start: Square, forward: int, across: int) -> Square:
        d = self.direction(team)
        return start[0] + forward * d, start[1] + across * d

    def row_across(self, team: int, across: int) -> int:
        """Row of a formation's ``across`` (1..width from the captain's left, looking downfield)."""
        return self.band + across - 1 if team == 0 else self.rows - self.band - across

