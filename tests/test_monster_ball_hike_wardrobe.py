"""A Wardrobe Malfunction on the hike, on refbox's field: the defense may cheat on the snap only with a Wardrobe
cheater in the center's or the quarterback's grid. The default line-up never puts one there (the Succubus and
the Valkyrie line up as cornerbacks, at the sidelines), so the question comes only when the defense moves its
cheater into that grid first; then the log words the hike as the sum it is."""

import random

from monster_ball_field import field_match, send

from refbox.engine.play import random_event
from refbox.engine.prompts import choose, roll
from refbox.games.monster_ball import between, flow, lineups, places


def cheater_squares(s, data) -> list:
    """Free squares of the defense's side in the center's or the quarterback's grid."""
    p = data.pitch
    center, qb = between.hike_pair(s, data, s.possession)
    grids = {p.grids[s.pos[center]], p.grids[s.pos[qb]]}
    taken = places.occupied(s)
    return sorted(sq for sq in places.region(s, data, 1 - s.possession) if p.grids[sq] in grids and sq not in taken)


def defending_cheater(s, data) -> str | None:
    team = 1 - s.possession
    have = data.squads.of(s, team).cheats.get("wardrobe", ())
    return next((pid for pid in have if pid in s.pos and pid in s.teams[team].field), None)


def to_a_hike_the_defense_can_cheat_on(seed: int = 3):
    """A match on the field played at random (legal inputs only) to a play call where the defense has a
    Wardrobe cheater on the field and room in the center's grid."""
    m, rng = field_match(), random.Random(seed)
    while m.legal().kind != "over":
        s = m.state
        if s.step == "between" and defending_cheater(s, m.data) and cheater_squares(s, m.data):
            return m
        m.submit(random_event(m.legal(), rng, m.rules.random_weights))
    raise AssertionError("random play never met a play call with room for the cheat: pick another seed")


def test_the_default_line_up_never_puts_a_wardrobe_cheater_in_the_snappers_grid():
    """Every line of scrimmage, either side with the ball: the default line-up offers no hike cheat (which is why
    random play never met the question), though most lines leave room for one on the defense's side."""
    m = field_match()
    send(m, choose("C12"), roll(12, 12))
    s, data = m.state, m.data
    room, lines = 0, 0
    for possession in (0, 1):
        for to_go in range(1, data.field.squares):
            s.possession, s.to_go = possession, to_go
            flow.refield(s)
            lineups.place_lineups(s, data)
            assert between.hike_wardrobe_candidates(s, data) == []
            room += bool(cheater_squares(s, data))
            lines += 1
    assert room > lines // 2  # (40 of 58 lines)


def test_a_cheater_moved_into_the_centers_grid_is_asked_about_and_the_hike_is_logged_as_its_sum():
    m = to_a_hike_the_defense_can_cheat_on()
    s, data = m.state, m.data
    defense, cheater = 1 - s.possession, defending_cheater(s, m.data)
    square = cheater_squares(s, data)[0]
    send(m, choose(f"arrange:{defense}"), choose(cheater))
    send(m, choose(places.move_id(*data.pitch.relative(defense, s.pos[cheater], square))), choose("ready"))
    assert m.state.pos[cheater] == square
    send(m, choose("hike"))
    assert m.state.step == "hike_wardrobe"
    assert cheater in m.legal().ids and m.legal().actor == defense
    send(m, choose(cheater))
    assert m.state.step == "hike_roll" and m.state.hike_cheaters == [cheater]
    dice = [d.sides for d in m.prompt().dice]
    ref = flow.ref_number(m.state, data)
    a, b, c = dice[0], dice[1], ref + 1  # the cheat die just over the referee's number: not spotted
    assert len(dice) == 3 and c <= dice[2] and a + b - c > data.challenges.beat
    before = len(m.state.log)
    send(m, roll(a, b, c))
    line = next(line for line in m.state.log[before:] if line.text.startswith("Hike "))
    assert line.text.startswith(f"Hike {a + b - c} ({a} + {b}, less {c} for the Wardrobe Malfunction): ")
    assert line.faces == (a, b, c)
