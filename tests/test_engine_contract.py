"""A ruleset is one class and its TOML: a toy sixth ruleset (tests/toy/), written against the contract alone,
plays headless, plays as a journaled match with undo and a report, and its forced question is never asked."""

from __future__ import annotations

import random

import pytest

from refbox.engine import registry, report
from refbox.engine.match import Match
from refbox.engine.play import Game, play_out
from refbox.engine.prompts import Event, Legal, choose, roll
from refbox.engine.steps import Steps
from toy.rules import DATA_FILE, ToyRace

TOY = registry.Entry(name="toy-race", title="Toy Race", aliases=("toy",), data_file=str(DATA_FILE),
                     rules="toy.rules:ToyRace", setup_screen="", game_screen="", playable=False, base="toy-race")


@pytest.fixture
def toy_registered(monkeypatch):
    monkeypatch.setattr(registry, "BUILTIN", (*registry.BUILTIN, TOY))


def test_the_registry_loads_the_toy_from_its_class_and_its_file(toy_registered):
    rules = registry.lookup("toy").load()
    assert isinstance(rules, ToyRace) and rules.data.track.length == 12


def test_random_headless_games_of_the_toy_finish_with_a_winner():
    rules = TOY.load()
    for seed in range(20):
        game = Game.start(rules, rules.Setup())
        inputs = play_out(game, None, random.Random(seed))
        assert 0 < inputs < 100 and sorted(game.outcome()) == [0, 1]


def test_a_side_one_square_from_the_finish_is_not_asked_it_walks(tmp_path):
    m = Match.new(TOY, {}, seed=1, path=tmp_path / "toy.jsonl")
    for _ in range(5):  # both sides walk to 5: 10 inputs
        m.submit(choose("walk"))
        m.submit(choose("walk"))
    m.submit(choose("run"))
    m.submit(roll(6))  # the Hares run to 11, one square from the finish
    assert m.state.pos == [11, 5] and m.prompt().kind == "choose" and m.state.side == 1
    m.submit(choose("run"))
    m.submit(roll(1))  # the Tortoises to 6: the Hares' only answer is taken for them, and they win
    assert m.legal() == Legal("over", 0) and m.state.pos == [12, 6]
    assert m.state.log[-2].text == "Hares can only walk (not asked)."
    assert m.events[-1] == roll(1)  # the forced walk is no input of anyone's
    m.undo()
    assert m.state.pos == [11, 5] and m.state.side == 1 and m.state.winner is None
    m.close()


def test_a_toy_match_replays_and_reports_from_its_journal(toy_registered, tmp_path):
    path = tmp_path / "toy.jsonl"
    m = Match.new(TOY, {"names": ["Red", "Blue"]}, seed=3, path=path)
    rng = random.Random(3)
    while m.legal().kind != "over":
        legal = m.legal()
        m.submit(m.roll_digital() if legal.kind == "roll" else Event("choose", rng.choice(legal.ids)))
    run = sum(e.value[0] for e in m.events if e.kind == "roll")
    m.save()
    m.close()
    resumed, _ = Match.load(path)
    assert resumed.state == m.state
    resumed.close()
    r = report.build(path)
    assert r.finished and r.teams == ("Red", "Blue")
    assert sum(r.tally.teams[side]["squares run"] for side in (0, 1)) == run


def test_a_step_without_its_three_parts_is_refused_when_the_table_is_checked():
    steps = Steps("broken")

    @steps.legal_for("ask", phase="x")
    def ask_legal(state, data):
        return Legal("confirm")

    with pytest.raises(ValueError, match="'ask' has no prompt or apply"):
        steps.check()


def test_a_step_registered_twice_is_refused():
    steps = Steps("twice")
    steps.legal_for("ask", phase="x")(lambda s, d: Legal("confirm"))
    with pytest.raises(ValueError, match="two legal-answer functions"):
        steps.legal_for("ask", phase="x")(lambda s, d: Legal("confirm"))


class ToyRaceV2(ToyRace):
    """The toy as if its forced walk had once been asked: journals of version 1 hold an answer for it."""

    version = 2


TOY_V2 = registry.Entry(name="toy-race", title="Toy Race", aliases=("toy",), data_file=str(DATA_FILE),
                        rules="test_engine_contract:ToyRaceV2", setup_screen="", game_screen="", playable=False,
                        base="toy-race")

OLD_INPUTS = [choose("walk")] * 10 + [choose("run"), roll(6), choose("run"), roll(1), choose("walk")]
"""A version-1 race: the Hares' last walk was asked, and answered."""


def test_an_older_journal_that_answered_a_forced_question_loses_that_answer_when_upgraded():
    rules = TOY_V2.load()
    kept = rules.upgrade_events(1, rules.Setup(), OLD_INPUTS)
    assert kept == OLD_INPUTS[:-1]


def test_an_older_journal_whose_inputs_do_not_line_up_is_refused_with_a_reason():
    rules = TOY_V2.load()
    from refbox.engine.errors import JournalError

    with pytest.raises(JournalError, match="input 15 of the older journal does not answer"):
        rules.upgrade_events(1, rules.Setup(), OLD_INPUTS[:-1] + [choose("run")])


def test_resuming_an_older_journal_rewrites_it_for_today_and_keeps_the_original(monkeypatch, tmp_path):
    from refbox.engine.journal import Entry, Journal

    header = Match.new(TOY, {}, seed=1).header  # version 1: the toy as it is
    journal = Journal.create(tmp_path / "old.jsonl", header)
    for event in OLD_INPUTS:
        journal.append(Entry("input", event))
    monkeypatch.setattr(registry, "BUILTIN", (*registry.BUILTIN, TOY_V2))
    match, message = Match.load(tmp_path / "old.jsonl")
    assert "saved by an older refbox" in message and "old.jsonl.v1" in message
    assert match.events == OLD_INPUTS[:-1] and match.state.winner == 0
    assert (tmp_path / "old.jsonl.v1").exists()
    match.close()
    again, message = Match.load(tmp_path / "old.jsonl")  # rewritten: today's version, nothing to upgrade
    assert message is None and again.header.rules_version == 2 and again.state == match.state
    again.close()
