"""A long answer list written out only on demand (``LazyIds``; Battleball's move squares are ``SquareIds``):
it must read, compare and draw exactly as the tuple it stands for."""

from __future__ import annotations

import random

from refbox.engine.play import random_event
from refbox.engine.prompts import Legal
from refbox.engine.geometry.staggered import bits_of, staggered_grid
from refbox.games.battleball.pitch import SquareIds

F = staggered_grid(21, 40, 8)
WEIGHTS = {"endzone": 500.0, "stay": 0.5, "done": 30.0}


def random_ids(rng: random.Random) -> SquareIds:
    masks = [sum(1 << i for i in rng.sample(sorted(F.col), rng.randint(0, 60))) & F.exists for _ in range(2)]
    masks[1] &= ~masks[0]
    head = rng.choice([(), ("endzone",), ("stay",), ("endzone", F.ids[next(iter(F.col))])])
    return SquareIds(F, head, ((masks[0], rng.random() < 0.5), (masks[1], rng.random() < 0.5)))


def written_out(ids: SquareIds) -> tuple[str, ...]:
    out = list(ids.head)
    for mask, descending in ids.groups:
        squares = bits_of(mask)
        out += [F.ids[i] for i in (reversed(squares) if descending else squares)]
    return tuple(out)


def test_square_ids_read_as_the_squares_of_their_masks_in_their_order():
    rng = random.Random(5)
    for _ in range(300):
        ids = random_ids(rng)
        plain = written_out(ids)
        assert len(ids) == len(plain) and ids == plain and plain == ids and hash(ids) == hash(plain)
        assert [ids[k] for k in range(len(ids))] == list(plain) and tuple(ids) == plain
        if plain:
            assert ids[-1] == plain[-1] and ids[1:3] == plain[1:3]
        for value in [*plain[:5], "0.1", "40.1", "endzone", "nowhere", 7, None]:
            assert (value in ids) == (value in plain)


def test_a_random_answer_is_the_one_the_written_out_list_would_give():
    rng = random.Random(6)
    for _ in range(300):
        ids = random_ids(rng)
        if not len(ids):
            continue
        seed = rng.random()
        for weights in (None, {}, WEIGHTS, {"stay": 3.0}):
            lazy, plain = random.Random(seed), random.Random(seed)
            got = random_event(Legal("choose", 0, ids), lazy, weights)
            want = random_event(Legal("choose", 0, written_out(ids)), plain, weights)
            assert got == want and lazy.random() == plain.random()


def test_a_weighted_head_is_drawn_by_its_weight():
    ids = SquareIds(F, ("endzone",), ((F.mask([F.at(3, 3), F.at(4, 4)]), False),))
    rng = random.Random(1)
    drawn = [random_event(Legal("choose", 0, ids), rng, WEIGHTS).value for _ in range(2000)]
    assert 0.99 * 2000 * 500 / 502 < drawn.count("endzone") < 2000
