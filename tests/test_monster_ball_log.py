"""Monster Ball's log audits a play: a Magic Missile is named as one (it used to read as a tackle), with the roll's
faces on the lines of its input."""

import random

from refbox.engine.match import Match
from refbox.engine.play import random_event


def test_a_magic_missile_is_logged_as_one_with_its_faces():
    named = 0
    for seed in range(1, 4):
        match = Match.new("monster-ball", {}, seed=seed)
        rng = random.Random(seed)
        while match.legal().kind != "over" and len(match.events) < 12_000:
            step, before = match.state.step, len(match.state.log)
            event = random_event(match.legal(), rng, match.rules.random_weights)
            match.submit(event)
            new = match.state.log[before:]
            if step == "missile_roll" and any(line.text.startswith("Magic Missile") for line in new):
                named += 1
                assert [face for line in new for face in line.faces] == list(event.value)
                assert not any(line.text.startswith("Tackle") for line in new)
    assert named >= 3, "random play met too few Magic Missiles: pick other seeds"
