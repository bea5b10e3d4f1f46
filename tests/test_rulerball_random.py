"""Seeded random play over whole games: invariants after every event, and the journal replays exactly."""

from __future__ import annotations

import random

import pytest
from test_rulerball_support import new_match

from refbox.engine import random_play
from refbox.engine.match import Match
from refbox.engine.prompts import Choose, Event, Number, Roll

QUIET = ("none", "done", "no", "pass", "keep")
ROLLS = {
    "rolls": {
        "field": {"sides": 6, "stat": "skill", "succeed": "at_most"},
        "avoid": {"sides": 6, "stat": "skill", "succeed": "at_most"},
        "combat": {"dice": 2, "sides": 6, "stat": "combat", "against": "toughness", "modifier": 7, "succeed": "at_most"},
        "injury": {"sides": 6, "stat": "toughness", "succeed": "at_most"},
        "shot": {"sides": 6, "stat": "skill", "succeed": "at_most"},
    },
    "figures": {r: {"skill": 3, "combat": 3, "toughness": 3} for r in ("biker", "catcher", "skater")},
    "injuries": [{"name": "Dazed", "track": "shaken", "minutes": 2}, {"name": "Hurt", "track": "rest"}],
}


def table_like(m: Match):
    """Random but game-like: figures skate a few sectors, most sweeps end quietly, timers are short."""

    def answer(prompt, rng: random.Random) -> Event:
        if m.state.step == "move_walk":  # stay, skate 1-5, now and then another first or all stay
            ids = [o.id for o in prompt.options]
            r = rng.random()
            if r < 0.02:
                return Event(kind="choose", value="all_stay")
            if r < 0.05 and "further" in ids:
                return Event(kind="choose", value="further")
            if r < 0.1 and "first" in ids:
                return Event(kind="choose", value="first")
            return Event(kind="choose", value="stay" if r < 0.4 else str(rng.randint(1, 5)))
        if m.state.step == "ball_path":  # catchers stand in the ball's path more often than not
            ids = [o.id for o in prompt.options]
            catchers = [i for i in ids if "catcher" in i]
            r = rng.random()
            if catchers and r < 0.6:
                return Event(kind="choose", value=catchers[0])
            if r < 0.7 and len(ids) > 2:
                return Event(kind="choose", value=rng.choice(ids[1:-1]))
            return Event(kind="choose", value="track" if r < 0.95 else "gutter")
        if m.state.step == "combat_walk":
            ids = [o.id for o in prompt.options]
            r = rng.random()
            if r < 0.3 and len(ids) > 2:
                return Event(kind="choose", value=rng.choice(ids[2:]))
            return Event(kind="choose", value="penalty" if r > 0.95 else "done")
        return quiet_table(prompt, rng)

    return answer


def quiet_table(prompt, rng: random.Random) -> Event:
    if isinstance(prompt, Choose):
        ids = [o.id for o in prompt.options]
        quiet = [i for i in ids if i in QUIET]
        if "shoot" in ids or "field" in ids or "success" in ids:
            return Event(kind="choose", value=rng.choice(ids))
        if quiet and rng.random() < 0.7:
            return Event(kind="choose", value=quiet[0])
    if isinstance(prompt, Number):
        return Event(kind="number", value=rng.randint(prompt.min, min(prompt.max, 6)))
    return random_play.random_answer(prompt, rng)


class Invariants:
    """Checked after every event; remembers the previous clock and score."""

    def __init__(self) -> None:
        self.clock, self.score = 0, [0, 0]

    def __call__(self, m: Match) -> None:
        s = m.state
        assert 0 <= s.clock <= m.data.game_minutes and s.clock >= self.clock, "clock past 60:00 or backwards"
        assert s.score[0] >= self.score[0] and s.score[1] >= self.score[1]
        self.clock, self.score = s.clock, list(s.score)
        assert 1 <= s.period <= m.data.clock.periods
        for f in s.figures:
            assert f.moves <= 1 and f.fights <= 1, f"{f.id} moved or fought twice in a turn"
            assert f.timer >= 0
            assert (f.sector is not None) == f.on_track
            assert f.timer == 0 or f.timed
        ball = s.ball
        if ball.where == "held" and s.step != "ball_loss":
            carrier = s.fig(ball.carrier)
            assert carrier.on_track and carrier.sector == ball.sector and carrier.role in ("catcher", "skater")
            assert carrier.team == ball.team
        if ball.where == "cannon":
            assert ball.carrier is None and not ball.active
        if ball.active:
            assert s.offense == ball.team
        if s.over:
            assert s.clock == m.data.game_minutes


def play(seed: int, patch=None, uniform: bool = False) -> Match:
    m = new_match(patch, seed=seed)
    chooser = random_play.random_answer if uniform else table_like(m)
    random_play.play_random(m, seed, max_events=50_000, invariant=Invariants(), choose=chooser)
    assert m.state.over and m.state.turn >= 60
    assert random_play.replayed(m).state == m.state
    return m


@pytest.mark.parametrize("seed", range(8))
def test_random_games_entered_by_the_table_keep_every_invariant_and_replay(seed):
    play(seed)


@pytest.mark.parametrize("seed", range(100, 108))
def test_random_games_with_rolls_set_keep_every_invariant_and_replay(seed):
    play(seed, ROLLS)


@pytest.mark.parametrize("seed", range(200, 204))
def test_uniformly_random_answers_keep_every_invariant(seed):
    play(seed, uniform=True)


def test_a_figure_answers_to_one_key_everywhere_and_keys_never_clash():
    m = new_match(seed=9)
    seen: dict[str, str] = {}
    fixed = {"stay": "0", "track": "0", "none": "0", "done": "0", "all_stay": "z", "further": "+", "gutter": "g",
             "penalty": "!", "first": ".", "back": "0"}
    rng = random.Random(9)
    choose = table_like(m)
    for _ in range(3000):
        prompt = m.prompt()
        if prompt.kind == "over":
            break
        if isinstance(prompt, Choose):
            own = [o.key for o in prompt.options if o.key]
            assert len(own) == len(set(own)), f"{m.state.step}: two options want one key: {own}"
            for o in prompt.options:
                if o.id in {f.id for f in m.state.figures}:
                    assert o.key, f"{m.state.step}: {o.id} has no key of its own"
                    assert seen.setdefault(o.id, o.key) == o.key, f"{o.id} changed key in {m.state.step}"
                elif o.id in fixed and m.state.step != "injury":
                    assert o.key == fixed[o.id], f"{m.state.step}: {o.id} is {o.key!r}"
        m.submit(choose(prompt, rng))
    assert len(seen) == 20


def test_random_games_score_goals_and_ask_every_question():
    steps, goals = set(), 0
    for seed in range(6):
        m = new_match(ROLLS if seed % 2 else None, seed=seed)
        random_play.play_random(m, seed, max_events=50_000, invariant=lambda mm: steps.add(mm.state.step), choose=table_like(m))
        goals += sum(m.state.score)
    from refbox.games.rulerball.steps import STEPS

    assert goals > 0
    assert set(STEPS.table) - steps <= {"injury_roll", "injury_minutes"}, set(STEPS.table) - steps


def test_a_saved_journal_resumes_to_the_same_state(tmp_path):
    m = Match.new("rulerball", {}, 5, path=tmp_path / "game.jsonl")
    rng = random.Random(5)
    for _ in range(400):
        m.submit(table_like(m)(m.prompt(), rng))
    resumed, recovered = Match.load(tmp_path / "game.jsonl")
    assert recovered is None and resumed.state == m.state


def test_undo_of_a_digital_roll_gives_the_same_faces_again():
    m = new_match()
    rng = random.Random(1)
    while not isinstance(m.prompt(), Roll):
        m.submit(table_like(m)(m.prompt(), rng))
    first = m.roll_digital()
    m.submit(first)
    m.undo()
    assert m.roll_digital().value == first.value


def test_the_demo_position_is_mid_sweep_with_the_ball_on_its_activation_lap():
    from refbox.games.rulerball.demo import demo_match

    m = demo_match()
    s = m.state
    assert (s.turn, s.step, s.ball.where, s.ball.active) == (4, "move_walk", "held", False)
    assert random_play.replayed(m).state == s
