"""A tabletop field as one-inch cells: areas, contact, clusters, distances and range (pure, stdlib only).

Conventions (the Slargeball! rulings ``field-cells`` and ``field-goal-areas`` say why):

- A cell is ``(col, row)``: ``col`` runs along the field (0 at the left end line, ``length - 1`` at the right),
  ``row`` across it (0 at the top sideline as drawn, ``width - 1`` at the bottom). Cell ``(c, r)`` is the
  square inch ``[c, c + 1) x [r, r + 1)``; every distance is measured between cell centres, so it is the
  Euclidean length of the integer difference (``distance``).
- Around the field lies a band of cells: ``band_ends`` beyond each end line (goal zones, then bunkers, then
  spare band), ``band_sides`` beyond each sideline (coach spots). Band cells have ``col < 0``, ``col >= length``,
  ``row < 0`` or ``row >= width``. Team 0 defends the left end, team 1 the right; the field looks the same to
  both after a half-turn (``mirror``).
- A base is one cell. Two figures are in contact when their cells touch at an edge or a corner: the eight
  cells around (``near``).
- A set of cells is one Python int with a bit per cell (``index``): columns of ``H`` bits, with one padding
  cell on every side of the band, so a shift by 1 (a row) or ``H`` (a column) never wraps onto a real cell.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

Cell = tuple[int, int]

EPS = 1e-9
"""Slack for comparing measured lengths (sums of square roots) with whole inches."""


@dataclass(frozen=True, slots=True)
class Layout:
    """The numbers of a field (the ``[field]`` table of a ruleset), checked for consistency."""

    length: int
    width: int
    band_ends: int
    band_sides: int
    slargeline: int
    goal_zone_width: int
    goal_zone_depth: int
    bunker_width: int
    bunker_depth: int
    ball_spacing: int
    placement_inches: int
    lineup_gap: int
    coach_through_figures: bool
    scatter_degrees: tuple[int, ...]
    base_inches: int = 1
    fallen_cells: int = 1

    def __post_init__(self) -> None:
        problems = []
        if self.length < 4 or self.width < 4:
            problems.append("the field needs at least 4 x 4 cells")
        if self.band_ends < self.goal_zone_depth + self.bunker_depth:
            problems.append("band_ends must hold the goal zone and the bunker behind it")
        if self.band_sides < 1:
            problems.append("band_sides must be at least 1 (the coach spots)")
        if not 1 <= self.slargeline < self.length // 2:
            problems.append("the slargelines must lie in their own halves")
        if not 1 <= self.bunker_width <= self.goal_zone_width <= self.width:
            problems.append("a bunker must be no wider than its goal zone, and that no wider than the field")
        if self.goal_zone_depth < 1 or self.bunker_depth < 1:
            problems.append("goal zones and bunkers need a depth")
        if self.base_inches != 1 or self.fallen_cells != 1:
            problems.append("the inch field models one-cell bases and one-cell fallen figures only")
        if problems:
            raise ValueError("; ".join(problems))


# ---- bit sets ----

_BYTE_BITS = tuple(tuple(b for b in range(8) if v >> b & 1) for v in range(256))


def bits_of(mask: int) -> list[int]:
    """The indexes of the set bits of ``mask``, lowest first."""
    out: list[int] = []
    if mask.bit_count() < 8:
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out
    for k, byte in enumerate(mask.to_bytes((mask.bit_length() + 7) // 8, "little")):
        if byte:
            out.extend(8 * k + b for b in _BYTE_BITS[byte])
    return out


def distance(a: Cell, b: Cell) -> float:
    """What a tape measures between the centres of two cells."""
    return math.hypot(a[0] - b[0], a[1] - b[1])


@lru_cache(maxsize=64)
def disc(radius: float) -> tuple[tuple[int, int, float], ...]:
    """Every offset ``(dx, dy, length)`` with a length of at most ``radius``, nearest first (ties by dx, dy)."""
    r = math.floor(radius + EPS)
    out = [(dx, dy, math.hypot(dx, dy)) for dx in range(-r, r + 1) for dy in range(-r, r + 1)]
    return tuple(sorted((o for o in out if o[2] <= radius + EPS), key=lambda o: (o[2], o[0], o[1])))


class InchField:
    """The cells of one layout and the masks of its areas; every query takes and gives cells or masks."""

    def __init__(self, layout: Layout) -> None:
        L = self.layout = layout
        self.length, self.width = L.length, L.width
        self.bx, self.by = L.band_ends + 1, L.band_sides + 1
        """Index offsets: the band plus one padding cell."""
        self.H = L.width + 2 * self.by
        self.cols = L.length + 2 * self.bx
        self.grid = self.rect(-L.band_ends, -L.band_sides, L.length + L.band_ends - 1, L.width + L.band_sides - 1)
        """Every real cell: the field and the band (not the padding)."""
        self.field = self.rect(0, 0, L.length - 1, L.width - 1)
        z0 = (L.width - L.goal_zone_width) // 2
        b0 = (L.width - L.bunker_width) // 2
        zone0 = self.rect(-L.goal_zone_depth, z0, -1, z0 + L.goal_zone_width - 1)
        bunker0 = self.rect(-L.goal_zone_depth - L.bunker_depth, b0, -L.goal_zone_depth - 1, b0 + L.bunker_width - 1)
        self.zones = (zone0, self.mirror_mask(zone0))
        """Per team, its own goal zone (at the end it defends)."""
        self.bunkers = (bunker0, self.mirror_mask(bunker0))
        """Per team, its own goal bunker (a ball in it scores for the other team)."""
        self.band = self.grid & ~self.field & ~self.zones[0] & ~self.zones[1] & ~self.bunkers[0] & ~self.bunkers[1]
        """Off the field: running into it is offside, a ball landing in it is out of play."""
        self.playable = self.field | self.zones[0] | self.zones[1]
        """Where a goalie may stand (everyone else: ``field``)."""

    # ---- cells and masks ----

    def index(self, cell: Cell) -> int:
        return (cell[0] + self.bx) * self.H + cell[1] + self.by

    def cell(self, i: int) -> Cell:
        c, r = divmod(i, self.H)
        return c - self.bx, r - self.by

    def on_grid(self, cell: Cell) -> bool:
        c, r = cell
        L = self.layout
        return -L.band_ends <= c < L.length + L.band_ends and -L.band_sides <= r < L.width + L.band_sides

    def on_field(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.length and 0 <= cell[1] < self.width

    def bit(self, cell: Cell) -> int:
        if not self.on_grid(cell):
            raise ValueError(f"cell {cell} is not on the field or its band")
        return 1 << self.index(cell)

    def mask(self, cells) -> int:
        m = 0
        for cell in cells:
            m |= self.bit(cell)
        return m

    def cells(self, mask: int) -> list[Cell]:
        """The cells of ``mask`` column by column (left to right, top to bottom within a column)."""
        H, bx, by = self.H, self.bx, self.by
        return [(i // H - bx, i % H - by) for i in bits_of(mask)]

    def has(self, mask: int, cell: Cell) -> bool:
        return self.on_grid(cell) and (mask >> self.index(cell)) & 1 == 1

    def rect(self, c0: int, r0: int, c1: int, r1: int) -> int:
        """The cells from ``(c0, r0)`` to ``(c1, r1)``, corners included, cut to the grid."""
        L = self.layout
        c0, c1 = max(c0, -L.band_ends), min(c1, L.length + L.band_ends - 1)
        r0, r1 = max(r0, -L.band_sides), min(r1, L.width + L.band_sides - 1)
        if c0 > c1 or r0 > r1:
            return 0
        column = ((1 << (r1 - r0 + 1)) - 1) << (r0 + self.by)
        m = 0
        for c in range(c0, c1 + 1):
            m |= column << ((c + self.bx) * self.H)
        return m

    def mirror(self, cell: Cell) -> Cell:
        """The cell a half-turn of the field puts in place of ``cell`` (the other team's view)."""
        return self.length - 1 - cell[0], self.width - 1 - cell[1]

    def mirror_mask(self, mask: int) -> int:
        return self.mask(self.mirror(c) for c in self.cells(mask))

    def kind(self, cell: Cell) -> tuple[str, int | None]:
        """Where a cell lies: ("field", None), ("zone", team), ("bunker", team), ("band", None) or ("off", None)
        beyond the band."""
        if not self.on_grid(cell):
            return "off", None
        bit = 1 << self.index(cell)
        if self.field & bit:
            return "field", None
        for team in (0, 1):
            if self.zones[team] & bit:
                return "zone", team
            if self.bunkers[team] & bit:
                return "bunker", team
        return "band", None

    # ---- contact ----

    def near(self, i: int) -> int:
        """The eight cells around index ``i`` (padding included: intersect with a mask of real cells)."""
        H = self.H
        return (7 << (i - H - 1)) | (5 << (i - 1)) | (7 << (i + H - 1))

    def dilate(self, mask: int) -> int:
        """``mask`` and every cell in contact with one of its cells."""
        H = self.H
        col = mask | (mask << 1) | (mask >> 1)
        return (col | (col << H) | (col >> H)) & self.grid

    def contacts(self, cell: Cell, figures: int) -> int:
        """The cells of ``figures`` in contact with ``cell`` (base to base)."""
        return self.near(self.index(cell)) & figures

    def in_contact(self, a: Cell, b: Cell) -> bool:
        return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1

    def touching(self, mask: int, figures: int) -> int:
        """The cells of ``figures`` outside ``mask`` in contact with a cell of ``mask``."""
        return self.dilate(mask) & figures & ~mask

    def cluster(self, cell: Cell, figures: int) -> int:
        """The figures linked to ``cell`` by contact, through each other (``cell`` included): a ballbonk cluster."""
        m = 1 << self.index(cell)
        H = self.H
        while True:
            col = m | (m << 1) | (m >> 1)
            grown = ((col | (col << H) | (col >> H)) & figures) | m
            if grown == m:
                return m
            m = grown

    # ---- distance and range ----

    def within(self, cell: Cell, inches: float, area: int | None = None) -> int:
        """The cells of ``area`` (default: the whole grid) whose centre is at most ``inches`` from ``cell``'s."""
        area = self.grid if area is None else area
        c, r = cell
        m = 0
        for dx, dy, _ in disc(inches):
            if self.on_grid((c + dx, r + dy)):
                m |= 1 << self.index((c + dx, r + dy))
        return m & area

    def nearest_in(self, cell: Cell, mask: int) -> list[Cell]:
        """The cells of ``mask`` nearest to ``cell`` (all of those equally near), or [] for an empty mask."""
        best, out = math.inf, []
        for other in self.cells(mask):
            d = distance(cell, other)
            if d < best - EPS:
                best, out = d, [other]
            elif d <= best + EPS:
                out.append(other)
        return out

    def clear_spots(self, around: Cell, others: int, area: int, inches: float) -> list[Cell]:
        """The free cells of ``area`` in contact with nothing of ``others`` (figures and balls), nearest to
        ``around`` and at most ``inches`` from it; every cell at that nearest distance, or [] if there is none."""
        free = area & ~self.dilate(others)
        best: float | None = None
        out: list[Cell] = []
        c, r = around
        for dx, dy, d in disc(inches):
            if best is not None and d > best + EPS:
                break
            spot = (c + dx, r + dy)
            if self.has(free, spot):
                best = d
                out.append(spot)
        return out

    def free_spots(self, around: Cell, occupied: int, area: int) -> list[Cell]:
        """The free cells of ``area`` nearest to ``around`` (contact allowed): where something must go when
        no clear spot is near."""
        return self.nearest_in(around, area & ~occupied)


@lru_cache(maxsize=16)
def field_of(layout: Layout) -> InchField:
    """The field of a layout (kept per layout: a field never changes)."""
    return InchField(layout)
