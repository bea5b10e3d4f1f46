"""Replay: any match stepped through read-only, by input, turn and score; a live journal followed."""

import random

import pytest

from refbox.engine import random_play
from refbox.engine.match import Match
from refbox.engine.replay import Replay
from refbox.games.slargeball.demo import demo_match


@pytest.fixture
def saved(tmp_path):
    path = tmp_path / "matches" / "m.jsonl"
    match = demo_match(path, events=700)
    return path, match


def test_every_position_is_the_state_a_fresh_replay_gives(saved):
    path, match = saved
    replay = Replay(path)
    assert replay.position == len(match.events) and replay.state == match.state
    twin = Match(match.header, None)
    for n in (0, 1, 31, 32, 33, 400):
        while len(twin.events) < n:
            twin.submit(match.events[len(twin.events)])
        assert replay.state_at(n) == twin.state, f"after {n} inputs"


def test_stepping_by_score_and_turn(saved):
    path, match = saved
    replay = Replay(path)
    replay.go(0)
    n = replay.next_score()
    assert replay.scores[n] != replay.scores[n - 1] or n == len(match.events)
    replay.go(0)
    first = replay.next_turn()
    stamp_before = replay.state_at(first - 1).log[-1].stamp.split()[0]
    assert replay.state_at(first).log[-1].stamp.split()[0] != stamp_before
    assert replay.next_turn(forward=False) < first


def test_a_log_line_leads_to_the_input_that_wrote_it(saved):
    path, match = saved
    replay = Replay(path)
    line = len(match.state.log) // 2
    n = replay.input_of_line(line)
    assert len(replay.state_at(n).log) > line >= len(replay.state_at(n - 1).log)


def test_replay_never_writes_and_follows_a_live_match(saved):
    path, match = saved
    before = path.read_bytes()
    replay = Replay(path)
    replay.go(10)
    assert replay.state is not None  # building the position writes nothing either
    assert path.read_bytes() == before
    random_play.advance(match, 5, random.Random(2))
    replay.go(len(replay.events))
    assert replay.follow() and replay.state == match.state
    match.undo()
    match.undo()
    assert replay.follow() and replay.state == match.state
    assert not replay.follow(), "nothing new"
