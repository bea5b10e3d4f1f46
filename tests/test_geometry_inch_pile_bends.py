"""Every square reached only across a pile names the fallen figures it passes (refbox.engine.geometry.inch_reach
``Reach.crossing``), including a path that bends beside a fallen figure without a leg crossing its base: the
pile search may bend there, the clean search may not, so such a bend touches the pile."""

from __future__ import annotations

import random

import pytest
from inch_fields import F

from refbox.engine.geometry.inch_reach import reach


@pytest.mark.parametrize("seed", range(12))
def test_every_piled_square_crosses_a_named_pile(seed):
    rng = random.Random(seed)
    start = (30, 15)
    cells = [(30 + rng.randint(-6, 6), 15 + rng.randint(-6, 6)) for _ in range(14)]
    cells = [c for c in dict.fromkeys(cells) if c != start]
    standing, fallen = F.mask(cells[::3]), F.mask([c for i, c in enumerate(cells) if i % 3])
    R = reach(F, start, 6, standing=standing, fallen=fallen)
    for cell in R.piled:
        crossing = R.crossing(cell)
        assert crossing.fallen and all(F.has(fallen, f) for f in crossing.fallen)
        assert not F.has(standing | fallen, crossing.mired_at)
