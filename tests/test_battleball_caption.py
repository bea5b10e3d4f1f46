"""The line under Battleball's board says whose turn it is and never names a coach who is not deciding: while
the other coach places a fumbled ball (or answers any question of theirs), it names that coach."""

import random

from refbox.engine.match import Match
from refbox.engine.play import random_event

BOARD = {"coaches": ["Ann", "Bob"], "first_coach_team": "iron-wolves", "board": "screen"}


def first_line(match: Match) -> str:
    return match.view().board.caption.splitlines()[0]


def test_while_the_other_coach_places_a_fumble_the_caption_names_that_coach():
    seen = 0
    for seed in range(1, 9):
        match, rng = Match.new("battleball", BOARD, seed=seed), random.Random(seed)
        while match.legal().kind != "over" and len(match.events) < 3000:
            s, legal = match.state, match.legal()
            if s.step == "fumble-place" and legal.actor != s.side:
                placer, mover = s.coaches[legal.actor], s.coaches[s.side]
                line = first_line(match)
                assert f"{placer} (" in line and "answers now" in line, line
                assert mover not in line, line
                seen += 1
                break
            match.submit(random_event(legal, rng))
    assert seen >= 2, "random play placed too few fumbles: pick other seeds"


def test_on_the_attacking_coachs_own_questions_the_caption_says_he_plays():
    match, rng = Match.new("battleball", BOARD, seed=2), random.Random(2)
    checked = 0
    while match.legal().kind != "over" and checked < 20 and len(match.events) < 2000:
        s, legal = match.state, match.legal()
        if legal.kind == "choose" and legal.actor == s.side and s.step == "move-to":
            assert f"({s.coaches[s.side]}) to play" in first_line(match)
            checked += 1
        match.submit(random_event(legal, rng))
    assert checked
