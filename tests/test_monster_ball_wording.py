"""Monster Ball's screen says what is so now: a penalty marked off is no longer 'pending', a kick's catch rolls
are headed by the kick (not 'Fumble recovery'), and the Rounds help says a Hustle is needed to get through any
player's square, a team-mate's too (as the rules text has it)."""

import random

from refbox.engine.match import Match
from refbox.engine.play import random_event
from test_monster_ball_helpers import choose, new_match, pick, roll, send


def test_a_penalty_note_goes_once_the_penalty_is_marked_off():
    marked = 0
    for board in ("table", "screen"):
        for seed in range(4):
            match, rng = Match.new("monster-ball", {"board": board}, seed), random.Random(seed)
            while match.legal().kind != "over" and len(match.events) < 4000:
                pending = any(note.startswith("Penalty pending") for note in match.view().notes)
                before = len(match.state.log)
                match.submit(random_event(match.legal(), rng, match.rules.random_weights))
                if any("(illegal tackle): line moved" in line.text for line in match.state.log[before:]):
                    assert pending, "the penalty was pending before it was marked off"
                    assert not any(note.startswith("Penalty pending") for note in match.view().notes)
                    assert match.state.penalties == [0, 0]
                    marked += 1
                    break
    assert marked >= 4, "random play marked off too few penalties: pick other seeds"


def headings(match: Match) -> list[str]:
    return [row.name for row in match.view().phases if row.status == "current"]


def test_at_the_table_a_kick_offs_catch_rolls_are_headed_by_the_kick_off():
    m = send(new_match(), choose("C12"), roll(1, 3), roll(5), choose("some"), pick("L2", "L8"))
    assert m.state.step == "contest_roll"
    assert m.view().phase_id == "kickoff" and "Fumble recovery" not in headings(m)
    send(m, roll(5, 5))  # a tie: the tie-break is the kick's too
    assert m.state.step == "contest_roll" and m.view().phase_id == "kickoff"


def test_a_fumble_is_still_headed_fumble_recovery():
    m = send(new_match(), choose("C12"), roll(12, 12), choose("hike"), roll(1, 2))  # a fumbled hike
    assert m.state.step == "recovery_pick" and "Fumble recovery" in headings(m)


def test_the_rounds_help_says_a_team_mates_square_takes_a_hustle_too():
    help_text = new_match().data.phase("live").help
    assert "team-mate or opponent" in help_text and "Hustle over their Block" in help_text
    assert "opponent's square" not in help_text


def test_the_tables_hustle_answer_says_a_team_mates_square_is_not_tracked_there():
    """At the table refbox asks only about Hustles through opponents (on its own field, through anyone); the answer
    says a team-mate's square takes one too, rolled by the table."""
    m = send(new_match(), choose("C12"), roll(12, 12), choose("hike"), roll(4, 4))
    hustle = next(o for o in m.prompt().options if o.id == "hustle")
    assert hustle.hint == "a team-mate's square too: roll that one yourselves"


def test_the_tables_hike_says_a_wardrobe_malfunction_on_it_is_not_asked_there():
    m = send(new_match(), choose("C12"), roll(12, 12), choose("hike"))
    assert m.state.step == "hike_roll" and "does not ask about a Wardrobe Malfunction on the hike" in m.prompt().text


def test_a_line_up_square_is_asked_by_its_name_not_by_keys_the_board_does_not_draw():
    """Hundreds of free squares get no key drawn on the board (they would read like figures): the question says
    how to name one instead."""
    from refbox.games.monster_ball.demo import lineup_demo

    prompt = lineup_demo().prompt()
    assert "keys on the squares" not in prompt.text
    assert "/ and the square's name" in prompt.text
