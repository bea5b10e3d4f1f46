"""Seeded random matches on refbox's board: the positions stay sound after every input, no question about
the board is ever asked, tackles, passes, hand-offs, fumbles and touchdowns still happen, and a match
replays identically from its journal."""

from __future__ import annotations

import random
from collections import Counter

from test_battleball_helpers import BOARD_SETUP, load_data

from refbox.engine import random_play
from refbox.engine.match import Match
from refbox.engine.play import Game, random_event
from refbox.engine.prompts import Choose, Event, GameOver, Number, legal_of
from refbox.engine.geometry.staggered import bits_of
from refbox.games.battleball import pitch
from refbox.games.battleball.models import Setup, State
from refbox.games.battleball.rules import Battleball

WEIGHTS = Battleball.random_weights

GEOMETRY_QUESTIONS = ("count the squares", "next to an opposing player?", "what about the ball", "where does it land",
                      "cannot see the board", "no empty square: to one of my players")
"""Words of the table's questions about the board: none may reach a board match."""

TABLE_STEPS = {"ball", "tackler", "target", "pass-distance", "pass-miss", "intercept-by"}
"""The table's own questions: a board match never reaches them."""


def check_board(state: State, data) -> None:
    f = data.grid
    taken: list[int] = []
    for side in (0, 1):
        fit = {p.id for p in state.players[side] if p.status == "field"}
        assert set(state.at[side]) == fit, "everyone fit is on a square, everyone else in the Locker Room"
        for pid in state.at[side]:
            taken += pitch.squares(data.pitch, state, side, pid)
    assert all(i >= 0 and (f.exists >> i) & 1 for i in taken), "every figure stands on the board"
    assert len(taken) == len(set(taken)), "no two figures share a square"
    assert not set(taken) & set(bits_of(state.carnage)), "nobody stands on carnage"
    assert state.carnage.bit_count() == state.carnage_on_field and not state.carnage & ~f.exists
    if state.carrier is not None:
        assert state.carrier.id in state.at[state.carrier.team], "the carrier is on the field"
        assert state.ball is None, "a carried ball lies nowhere else"
    elif state.step not in ("fumble-place", "fumble-give", "pass-land", "recover-by", "over"):
        assert state.ball is not None, "no carrier: the ball lies on a square"
    if state.ball is not None:
        assert state.ball not in taken and not (state.carnage >> state.ball) & 1
    assert state.step not in TABLE_STEPS, f"a table step on the board: {state.step}"


def weighted(prompt, rng: random.Random) -> Event:
    """A coach who scores when he can, tackles often and mostly takes the line-up as it comes."""
    if isinstance(prompt, Choose):
        weights = [WEIGHTS.get(o.id, 1.0) * (8.0 if "tackle" in o.label else 1.0)
                   for o in prompt.options]
        return Event("choose", rng.choices(prompt.options, weights)[0].id)
    return random_play.random_answer(prompt, rng)


def test_random_board_matches_through_a_match_ask_nothing_about_the_board_and_replay_exactly():
    steps: Counter = Counter()
    for seed in range(3):
        match = Match.new("battleball", BOARD_SETUP, seed)

        def invariant(m: Match) -> None:
            check_board(m.state, m.data)
            steps[m.state.step] += 1
            p = m.prompt()
            assert not isinstance(p, Number), f"a number asked on the board: {p.text}"
            text = p.text.lower() + " ".join(o.label.lower() for o in getattr(p, "options", ()))
            assert not any(q in text for q in GEOMETRY_QUESTIONS), p.text

        random_play.play_random(match, seed, invariant=invariant, choose=weighted, max_events=40_000)
        assert isinstance(match.prompt(), GameOver)
        assert random_play.replayed(match).state == match.state
    assert steps["tackle-roll"] and steps["pass-roll"] and steps["move-to"]


def test_headless_board_matches_keep_the_invariants_and_produce_every_kind_of_play():
    rules = Battleball(load_data())
    data, setup = rules.data, Setup.model_validate(rules.headless_setup())
    seen: Counter = Counter()
    touchdowns = 0
    for seed in range(8):
        game = Game.start(rules, setup)
        rng = random.Random(seed)
        while True:
            legal = game.legal()
            if legal.kind == "over":
                break
            seen[game.state.step] += 1
            score = sum(game.state.score)
            game.apply(random_event(legal, rng, WEIGHTS))
            touchdowns += sum(game.state.score) - score
            check_board(game.state, data)
        assert max(game.state.score) == data.game.touchdowns_to_win or all(
            p.status == "out" for side in game.state.players for p in side)
    for step in ("tackle-roll", "hand-off-roll", "pass-roll", "pass-land", "fumble-place", "pickup", "lineup-to"):
        assert seen[step], f"random play never reached {step}"
    assert touchdowns >= 16


def test_every_board_prompt_lists_exactly_the_legal_answers():
    rules = Battleball(load_data())
    setup = Setup.model_validate(rules.headless_setup())
    for seed in (21, 22):
        game = Game.start(rules, setup)
        rng = random.Random(seed)
        for _ in range(4000):
            legal = game.legal()
            assert legal == legal_of(rules.prompt(game.state)), game.state.step
            if legal.kind == "over":
                break
            game.apply(random_event(legal, rng, WEIGHTS))
