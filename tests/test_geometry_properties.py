"""Properties of the mat's geometry on random layouts (hypothesis): after any operation no two bases
overlap, every base lies wholly on the mat, facings stay valid; line of sight is symmetric and its witness
is clear. The invariants are checked with the brute-force polygon code of geometry_oracles, not the engine's."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from geometry_oracles import depth, sampled_sight, segment_enters
from refbox.engine import registry
from refbox.engine.geometry.hexes import Base, gap, polygon
from refbox.engine.geometry.mat import facing_edges, fits, landing_spots, place_near, room
from refbox.engine.geometry.moves import pass_over, slide_back, sweep
from refbox.engine.geometry.sight import line_of_sight

MAT = registry.lookup("ballmonsters").load_data().mat.mat()
S = MAT.side
PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

bases = st.builds(Base, st.integers(0, MAT.width), st.integers(0, MAT.height), st.integers(0, 11))


@st.composite
def layouts(draw, least: int = 2, most: int = 12) -> dict[str, Base]:
    """Balls dropped one by one (crowded in a corner of the mat half the time); those that would not fit
    are left out."""
    crowded = draw(st.booleans())
    span_x, span_y = (160, 140) if crowded else (MAT.width, MAT.height)
    out: dict[str, Base] = {}
    for n in range(draw(st.integers(least, most))):
        b = Base(draw(st.integers(0, span_x)), draw(st.integers(0, span_y)), draw(st.integers(0, 11)))
        if fits(MAT, b, out.values()):
            out[f"b{n}"] = b
    if len(out) < least:
        out = {"p": Base(100, 100, 0), "q": Base(200, 150, 1)}
    return out


def assert_sound(layout: dict[str, Base]) -> None:
    items = list(layout.items())
    for n, (i, a) in enumerate(items):
        assert 0 <= a.facing <= 11
        assert all(-1e-9 <= x <= MAT.width + 1e-9 and -1e-9 <= y <= MAT.height + 1e-9 for x, y in polygon(a, S)), i
        for j, b in items[n + 1:]:
            assert depth(polygon(a, S), polygon(b, S)) <= 1e-6, (i, j)


@PROPERTY
@given(layouts(), st.data())
def test_a_ball_placed_by_any_facing_edge_with_room_overlaps_nobody(layout, data):
    ids = list(layout)
    mover, target = data.draw(st.sampled_from(ids)), data.draw(st.sampled_from(ids))
    if mover == target:
        return
    others = [b for i, b in layout.items() if i != mover]
    for k in facing_edges(layout[target], layout[mover]):
        place = room(MAT, layout[target], k, others)
        if place is not None:
            placed = Base(*place, layout[target].facing)
            assert gap(placed, layout[target], S) < MAT.adjacent
            assert_sound({**layout, mover: placed})


@PROPERTY
@given(layouts(), st.data(), st.floats(0, 360, exclude_max=True), st.floats(0, 400))
def test_a_ball_rests_after_a_sweep_without_overlapping_or_leaving_the_mat(layout, data, degrees, reach):
    mover = data.draw(st.sampled_from(list(layout)))
    portals = {"p": data.draw(bases)}
    if not fits(MAT, portals["p"], layout.values()):
        portals = {}
    out = sweep(MAT, layout, mover, degrees, reach, portals)
    assert out.travelled <= reach + 1e-9
    assert_sound({**layout, **portals, mover: Base(*out.rest, layout[mover].facing)})
    _, after = pass_over(MAT, layout, mover, degrees, reach, portals)
    assert_sound({**layout, **portals, mover: Base(*after.rest, layout[mover].facing)})


@PROPERTY
@given(layouts(), st.data(), st.floats(0, 360, exclude_max=True), st.floats(0, 200))
def test_sliding_back_ends_clear_of_everyone_and_a_millimetre_from_those_it_started_clear_of(layout, data,
                                                                                             degrees, travelled):
    mover = data.draw(st.sampled_from(list(layout)))
    start = layout[mover]
    x, y = slide_back(MAT, layout, mover, degrees, min(travelled, sweep(MAT, layout, mover, degrees, 500,
                                                                        ignore=set(layout)).travelled))
    placed = Base(x, y, start.facing)
    assert_sound({**layout, mover: placed})
    for i, b in layout.items():
        if i != mover and gap(start, b, S) >= MAT.clearance and (x, y) != (start.x, start.y):
            assert gap(placed, b, S) >= MAT.clearance - 1e-9


@PROPERTY
@given(layouts(), bases)
def test_a_ball_put_back_near_its_token_or_on_a_spot_fits(layout, token):
    placed = place_near(MAT, token, layout.values())
    if placed is not None:
        assert placed.facing == token.facing
        assert_sound({**layout, "back": placed})
    for spot in landing_spots(MAT, token, layout.values()):
        assert_sound({**layout, "landed": spot})


@PROPERTY
@given(layouts(least=3), st.data())
def test_line_of_sight_is_symmetric_complete_and_its_witness_crosses_no_base(layout, data):
    ids = list(layout)
    a, b = data.draw(st.sampled_from(ids)), data.draw(st.sampled_from(ids))
    if a == b:
        return
    others = [v for i, v in layout.items() if i not in (a, b)]
    there = line_of_sight(layout[a], layout[b], others, S)
    back = line_of_sight(layout[b], layout[a], others, S)
    assert (there is None) == (back is None)
    if there is None:
        assert sampled_sight(polygon(layout[a], S), polygon(layout[b], S), [polygon(o, S) for o in others],
                             per_side=6) is None
    if there is not None:
        p, q = there
        for base in [layout[a], layout[b], *others]:
            assert not segment_enters(p, q, polygon(base, S), 1e-5)


@pytest.mark.slow
@settings(max_examples=2000, deadline=None)
@given(layouts(), st.data(), st.floats(0, 360, exclude_max=True), st.floats(0, 400))
def test_many_sweeps_rest_soundly(layout, data, degrees, reach):
    test_a_ball_rests_after_a_sweep_without_overlapping_or_leaving_the_mat.hypothesis.inner_test(
        layout, data, degrees, reach)
