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
RULES, DATA = ENTRY.load_rules(), ENTRY.load_data()
SETUP = RULES.Setup.model_validate(RULES.sim_setup(DATA))


def states(seed: int, step: str, every: int = 7, limit: int = 60) -> list:
    """Copies of the state each ``every``-th time random play reaches ``step``."""
    game, rng, out, seen = Game.start(RULES, DATA, SETUP), random.Random(seed), [], 0
    while len(out) < limit:
        legal = game.legal()
        if legal.kind == "over":
            break
        if game.state.step == step:
            seen += 1
            if seen % every == 0:
                out.append(clone(game.state))
        game.apply(random_event(legal, rng, None if legal.kind == "roll" else RULES.RANDOM_WEIGHTS))
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
        places._LINEUPS.clear()
        places.place_lineups(fresh, DATA)
        assert list(kept.pos.items()) == list(fresh.pos.items())


def test_kept_log_stamps_are_what_the_play_down_and_round_spell():
    seen = set()
    for step in ("move", "between", "tackle_roll"):
        for s in states(7, step, every=3, limit=40):
            plain = (f"{flow.down_words(s.down)} r{max(s.round, 1)}" if s.play.kind == "scrimmage"
                     else f"{s.play.kind} r{max(s.round, 1)}") if s.play else "between plays"
            assert flow.stamp(s) == plain
            seen.add(plain)
    assert len(seen) > 3, "several plays, downs and rounds were stamped"
