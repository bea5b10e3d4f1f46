"""The headless engine's shortcuts agree with the plain rules they stand for, on states from random games: the
action menu (kept squares next to the other side), a move's destinations (windows shared between squares, shapes
kept by the crowd around), line-ups and the hike pair (kept by what decides them). Each cache is also checked
not to go stale: change the state under it, and the answer follows."""

from __future__ import annotations

import random

import pytest

from refbox.engine import registry
from refbox.engine.clone import clone
from refbox.engine.grid import reachable
from refbox.engine.play import Game, random_event
from refbox.games.monster_ball import between, flow, live, moves, places

ENTRY = registry.lookup("monster-ball")
RULES = ENTRY.load()
DATA = RULES.data
SETUP = RULES.Setup.model_validate(RULES.headless_setup())


def states(seed: int, step: str, every: int = 7, limit: int = 60) -> list:
    """Copies of the state each ``every``-th time random play reaches ``step``."""
    game, rng, out, seen = Game.start(RULES, SETUP), random.Random(seed), [], 0
    while len(out) < limit:
        legal = game.legal()
        if legal.kind == "over":
            break
        if game.state.step == step:
            seen += 1
            if seen % every == 0:
                out.append(clone(game.state))
        game.apply(random_event(legal, rng, None if legal.kind == "roll" else RULES.random_weights))
    return out


def plain_menu(s, data) -> tuple[str, ...]:
    """The field's action menu as the rules say it, figure by figure (no bitboards, no kept squares)."""
    team, other = s.mover, 1 - s.mover
    down = set(s.knocked) | set(s.stunned)
    mine = [pid for pid in s.teams[team].field if pid not in down]
    theirs = [pid for pid in s.teams[other].field if pid not in down]
    carrier = s.carrier if s.ball == "held" else None
    next_to = lambda a, b: abs(s.pos[a][0] - s.pos[b][0]) <= 1 and abs(s.pos[a][1] - s.pos[b][1]) <= 1  # noqa: E731
    ids = ["done"]
    if carrier in theirs and any(next_to(pid, carrier) for pid in mine):
        ids.append("tackle")
    if carrier in mine and len(mine) > 1 and not (carrier == s.hike_catcher and s.round == 1):
        ids.append("pass")
    for pid in mine:
        kind = flow.creature(s, data, pid).cheat_kind
        if pid in s.cheated:
            continue
        if ((kind == "blink" and pid not in s.held) or (kind == "missile" and theirs)
                or (kind == "holding" and any(next_to(pid, o) for o in theirs))):
            ids.append("cheat")
            break
    if any(next_to(m, o) for m in mine for o in theirs if o != carrier):
        ids.append("hit")
    walking = [pid for pid in mine if pid not in s.held and places.steps_left(s, data, pid) > 0]
    if walking and moves.advance_plan(s, data):
        ids.append("advance")
    if walking and moves.pursue_plan(s, data):
        ids.append("pursue")
    if s.captain_minute:
        ids.append("timeout")
    return tuple(ids + walking)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_menu_is_what_the_rules_say_figure_by_figure(seed):
    for s in states(seed, "move"):
        assert live.move_legal(s, DATA).ids == plain_menu(s, DATA)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_menu_follows_the_other_side_when_it_moves(seed):
    """The squares next to the other side are kept by its squares: move one of them, and the menu changes."""
    for s in states(seed, "move", every=11, limit=20):
        other = 1 - s.mover
        for pid in s.teams[other].field[:3]:
            x, y = s.pos[pid]
            s.pos[pid] = (x, 1 if y > 9 else 18)
            assert live.move_legal(s, DATA).ids == plain_menu(s, DATA)


def test_a_moves_destinations_match_the_shared_grid_search_whatever_was_searched_before():
    """Windows and shapes are shared between squares: each answer is still exactly what a fresh search of the
    whole grid finds from that square (carriers included: out of bounds and the end zone stop them)."""
    p = places.pitch(DATA)
    rng = random.Random(11)
    field = [sq for sq in p.grid.squares() if p.in_field(sq)]
    for s in states(4, "move_to", every=3, limit=40):
        for pid in rng.sample(list(s.pos), 3):
            s.carrier = pid if rng.random() < 0.5 else s.carrier
            s.pos[pid] = rng.choice(field)
            steps = rng.randint(1, 4)
            got = places.reach(s, p, pid, steps)
            block = {sq for o, sq in s.pos.items() if o != pid and o not in s.knocked and o not in s.stunned}
            downed = {sq for o, sq in s.pos.items() if o != pid and (o in s.knocked or o in s.stunned)}
            carrier = pid == s.carrier
            team = s.team_of(pid)
            want = reachable(p.grid, s.pos[pid], steps, lambda sq: sq not in block and (carrier or p.in_field(sq)),
                             lambda sq: not p.in_field(sq) or (carrier and p.in_end_zone(team, sq[0])))
            want = {sq: c for sq, c in want.items() if sq not in downed}
            assert {sq: got.cost(sq) for sq in got.squares if got.cost(sq) is not None} == want
            assert got.ids == tuple(places.move_id(*p.relative(team, s.pos[pid], sq)) for sq in got.squares)


def test_a_kept_shape_is_never_reused_for_a_changed_crowd():
    """The last shape is reused only for the same squares: a figure stepping next to the mover changes it."""
    p = places.pitch(DATA)
    changed = 0
    for s in states(5, "move_to", every=5, limit=20):
        pid = s.selected
        steps = places.steps_left(s, DATA, pid)
        before = places.shape(s, p, pid, steps).ids
        x, y = s.pos[pid]
        free = [(x + a, y + b) for a in (-1, 0, 1) for b in (-1, 0, 1)
                if (a or b) and p.in_field((x + a, y + b)) and (x + a, y + b) not in s.pos.values()]
        if not free:
            continue
        other = next(o for o in s.pos if o != pid)
        s.pos[other] = free[0]
        got = places.shape(s, p, pid, steps).ids
        places._SHAPES.clear()
        fresh = places._shape(s.pos, s.knocked, s.stunned, p, pid, steps, pid == s.carrier).ids
        assert got == fresh
        changed += fresh != before
    assert changed, "some figure stepping next to the mover changed where it can go"


def test_kept_line_ups_and_hike_pairs_are_what_placing_them_gives():
    for s in states(6, "between", every=2, limit=30):
        for team in (0, 1):
            got = between.hike_pair(s, DATA, team)
            assert got == between._hike_pair(s, DATA, team)
        kept, fresh = clone(s), clone(s)
        places.place_lineups(kept, DATA)
        forget_line_ups()
        places.place_lineups(fresh, DATA)
        assert list(kept.pos.items()) == list(fresh.pos.items())


def forget_line_ups() -> None:
    places._LINEUPS.clear()
    places._SHIFTED.clear()
    places._ASSIGNED.clear()


def test_a_line_up_moved_with_the_line_is_the_one_placed_there_afresh():
    """A line-up whose figures all stood on their own squares is reused wherever the line of scrimmage goes,
    moved with it: on every line, near both goal lines too (where the field's edge moves figures aside), it is
    the line-up placed there with nothing kept."""
    moved = 0
    for s in states(7, "between", every=3, limit=8):
        if places.kickoff_pending(s):
            continue
        forget_line_ups()
        for to_go in range(1, 31):
            kept, fresh = clone(s), clone(s)
            kept.to_go = fresh.to_go = to_go
            places.place_lineups(kept, DATA)
            moved += bool(places._SHIFTED)
            shifted, exact = dict(places._SHIFTED), dict(places._LINEUPS)
            forget_line_ups()
            places.place_lineups(fresh, DATA)
            assert list(kept.pos.items()) == list(fresh.pos.items()), to_go
            places._SHIFTED.update(shifted)
            places._LINEUPS.update(exact)
    assert moved, "some line-ups were kept to be moved with the line"


def plain_nearest_free(p, target, area, taken):
    """The nearest free square of ``area`` as the rules say it: ring by ring around the target (clamped to the
    board), each ring ordered by the steps along the length, then across, then row by row."""
    x, y = min(max(target[0], 0), p.cols - 1), min(max(target[1], 0), p.rows - 1)
    for r in range(max(p.cols, p.rows)):
        ring = sorted(((cx, cy) for cy in range(y - r, y + r + 1) for cx in range(x - r, x + r + 1)
                       if max(abs(cx - x), abs(cy - y)) == r), key=lambda sq: (abs(sq[0] - x), abs(sq[1] - y), sq))
        for sq in ring:
            if sq in area and sq not in taken:
                return sq
    return None


def test_a_line_up_square_is_the_nearest_free_one_ring_by_ring():
    """``nearest_free`` walks kept rings of offsets: it finds what sorting each ring around the target finds."""
    p = places.pitch(DATA)
    rng = random.Random(5)
    board = sorted(p.grid.squares())
    for _ in range(300):
        area = frozenset(rng.sample(board, rng.randint(1, 200)))
        taken = set(rng.sample(sorted(area), rng.randint(0, len(area) - 1)))
        target = (rng.randint(-3, p.cols + 2), rng.randint(-3, p.rows + 2))
        assert places.nearest_free(p, target, area, taken) == plain_nearest_free(p, target, area, taken)


def test_a_destination_by_its_id_is_the_reach_of_its_square():
    """``Shape.move`` (a move id straight to its offset and steps) agrees with the reach's squares and costs, for
    every id offered and for ids that are not destinations."""
    p = places.pitch(DATA)
    for s in states(7, "move_to", every=3, limit=30):
        pid = s.selected
        r = places.reach(s, p, pid, places.steps_left(s, DATA, pid))
        sx, sy = s.pos[pid]
        for sq, move in zip(r.squares, r.ids):
            assert r.shape.move(move) == (sq[0] - sx, sq[1] - sy, r.cost(sq))
        for move in ("m0,0", "m9,9", "stay", places.move_id(0, 5)):
            if move not in r.ids:
                assert r.shape.move(move) is None


def plain_closer(field, taken, sq, target):
    """The free square next to ``sq`` nearest ``target`` as the rules say it: among the squares around that are
    nearer on both axes, the least by (gap, steps along both axes, square)."""
    (x, y), (tx, ty) = sq, target
    here = max(abs(x - tx), abs(y - ty))
    near = [(nx, ny) for nx in (x - 1, x, x + 1) for ny in (y - 1, y, y + 1)
            if abs(nx - tx) < here and abs(ny - ty) < here and (nx, ny) in field and (nx, ny) not in taken]
    return min(near, key=lambda n: (max(abs(n[0] - tx), abs(n[1] - ty)), abs(n[0] - tx) + abs(n[1] - ty), n),
               default=None)


def plain_pursuit(s, data) -> dict:
    """Closing in as the rules say it: the figures that can still move, nearest first, each stepping to
    ``plain_closer``'s square until it is next to the carrier (under a ball in the air), out of steps or stuck."""
    goal = moves.pursuit_target(s)
    if goal is None:
        return {}
    target, near = goal
    field = places.field_squares(data)
    gap = lambda sq: max(abs(sq[0] - target[0]), abs(sq[1] - target[1]))  # noqa: E731
    taken = [sq for sq in s.pos.values()]
    plan = {}
    walking = [pid for pid in live.walkers(s, data, s.mover)]
    for pid in sorted(walking, key=lambda pid: (gap(s.pos[pid]), pid)):
        sq, steps = s.pos[pid], 0
        while steps < places.steps_left(s, data, pid) and gap(sq) > near:
            nxt = plain_closer(field, set(taken), sq, target)
            if nxt is None:
                break
            sq, steps = nxt, steps + 1
        if steps:
            taken.remove(s.pos[pid])
            taken.append(sq)
            plan[pid] = (sq, steps)
    return plan


def test_closing_in_takes_the_squares_the_rules_say_from_anywhere():
    """Everyone closes in: the kept steps towards a target pick, figure by figure, what comparing every square
    around picks; on states of random play and with figures scattered at random."""
    rng = random.Random(3)
    squares = sorted(places.field_squares(DATA))
    checked = 0
    for seed in (3, 4):
        for s in states(seed, "move", every=3, limit=60):
            for scatter in (False, True):
                if scatter:  # the mover's figures anywhere (the others stay): crowds random play seldom makes
                    free = [sq for sq in squares if sq not in s.pos.values()]
                    for pid, sq in zip(s.teams[s.mover].field, rng.sample(free, 11)):
                        s.pos[pid] = sq
                if moves.pursuit_target(s) is not None:
                    checked += 1
                    assert moves.pursue_plan(s, DATA) == plain_pursuit(s, DATA)
    assert checked > 30


def test_kept_log_stamps_are_what_the_play_down_and_round_spell():
    seen = set()
    for step in ("move", "between", "tackle_roll"):
        for s in states(7, step, every=3, limit=40):
            plain = (f"{flow.down_words(s.down)} r{max(s.round, 1)}" if s.play.kind == "scrimmage"
                     else f"{s.play.kind} r{max(s.round, 1)}") if s.play else "between plays"
            assert flow.stamp(s) == plain
            seen.add(plain)
    assert len(seen) > 3, "several plays, downs and rounds were stamped"


@pytest.mark.parametrize("team", [0, 1])
def test_a_line_up_change_offers_the_region_nearest_first_with_its_move_ids(team):
    """The region's squares sorted by the kept offset ranks are the plain key order (nearest, then forward,
    then from the captain's left), each with the move id its offset spells."""
    p = places.pitch(DATA)
    for possession, to_go in ((None, 0), (0, 7), (1, 3)):
        region = places._region(p, team, possession, to_go)
        for start in random.Random(team).sample(sorted(region), 25):
            plain = tuple((sq, places.move_id(*p.relative(team, start, sq)))
                          for sq in plain_sorted_squares(p, team, start, region))
            assert moves._region_order(p, team, region, start) == plain


def plain_sorted_squares(p, team: int, start, squares) -> list:
    """Nearest first, then forward first, then from the captain's left: the order keys are given in."""
    d = p.direction(team)
    return sorted(squares, key=lambda sq: (max(abs(sq[0] - start[0]), abs(sq[1] - start[1])), -(sq[0] - start[0]) * d, sq[1] * d))
