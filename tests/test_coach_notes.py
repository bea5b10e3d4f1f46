"""The computer coach's decisions are kept: an answer it gives carries a note (its level, the answer, why, every
percentage saying what it is the chance of) in the journal, and the log shows it, after a resume, in a replay
and in the report. A person's answers carry none; journals written before notes still load."""

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from every_ruleset import default_setup
from saved_match import write_journal
from test_rulerball_random import ROLLS

from refbox.engine import coach
from refbox.engine.journal import FORMAT_VERSION, read
from refbox.engine.match import Match
from refbox.engine.play import Game, random_event
from refbox.engine.prompts import Choose, CoachNote, Event, Option
from refbox.engine.replay import Replay
from refbox.engine.report import build as build_report
from refbox.engine.ruleset import merge

BATTLEBALL = {"coaches": ["Ann", "Bob"], "first_coach_team": "iron-wolves", "board": "table"}
FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def quick(monkeypatch):
    monkeypatch.setattr(coach.GreedyCoach, "leaves", 16)


def at_a_choice(path: Path, seed: int = 4) -> Match:
    """A saved match played at random up to a side's choice between several answers."""
    match, rng = Match.new("battleball", BATTLEBALL, seed=seed, path=path), random.Random(seed)
    while match.legal().actor is None or match.legal().kind != "choose" or len(match.legal().ids) < 2:
        match.submit(random_event(match.legal(), rng))
    return match


def computer_answers(match: Match, level: str = "greedy") -> CoachNote:
    legal = match.legal()
    decision = coach.make(level, legal.actor, seed=1, iterations=4).decide(Game(match.rules, match.state).clone(),
                                                                         legal)
    note = coach.note(level, decision, match.prompt())
    match.submit(replace(decision.event, coach=note))
    return note


def last_input(path: Path) -> dict:
    return json.loads(path.read_text().splitlines()[-1])["event"]


def log_texts(match: Match) -> list[str]:
    return [line.text for line in match.state.log]


def test_a_computer_answer_is_journaled_with_its_note_and_logged(tmp_path, quick):
    path = tmp_path / "m.jsonl"
    match = at_a_choice(path)
    note = computer_answers(match)
    assert last_input(path)["coach"] == {"level": "greedy", "answer": note.answer, "why": note.why}
    assert note.line().startswith("Computer (greedy) chose ")
    assert "chance of winning the match, as it sees it, " in note.why
    assert log_texts(match).count(note.line()) == 1


def test_the_note_survives_a_resume_a_replay_and_the_report(tmp_path, quick):
    path = tmp_path / "m.jsonl"
    match = at_a_choice(path)
    note = computer_answers(match)
    match.submit(random_event(match.legal(), random.Random(1)) if match.legal().kind != "roll"
                 else match.roll_digital())
    logged = log_texts(match)
    match.close()
    resumed, _ = Match.load(path)
    assert log_texts(resumed) == logged, "the log after a resume is the log as it was played"
    assert note.line() in log_texts(resumed)
    replay = Replay(path)
    assert note.line() in [line.text for line in replay.state.log]
    assert any(note.line() in text for _, text in build_report(path).log)


def test_the_note_stands_before_what_the_answer_did(tmp_path, quick):
    path = tmp_path / "m.jsonl"
    match = at_a_choice(path)
    before = len(match.state.log)
    note = computer_answers(match)
    new = match.state.log[before:]
    assert new[0].text == note.line()
    if len(new) > 1:
        assert new[0].stamp == new[1].stamp, "under the stamp of the answer's own lines"


def test_a_persons_answer_carries_no_note(tmp_path):
    path = tmp_path / "m.jsonl"
    match = at_a_choice(path)
    match.submit(random_event(match.legal(), random.Random(2)))
    assert "coach" not in last_input(path)
    assert not any(text.startswith("Computer (") for text in log_texts(match))


def test_a_roll_carries_no_note():
    with pytest.raises(ValueError, match="a roll carries no coach's note"):
        Event.from_json({"kind": "roll", "value": [3], "coach": {"level": "greedy", "answer": "x", "why": ""}})


@pytest.mark.parametrize("note, problem", [
    ({"level": "genius", "answer": "x"}, "not a coach level"),
    ({"level": "search", "answer": "x\x1b[31m"}, "control character"),
    ({"level": "search", "answer": "x", "why": 7}, "not text"),
    ({"level": "search", "answer": "x", "mood": "smug"}, "unknown field"),
    ({"level": "search", "answer": "x" * 401}, "at most 400"),
])
def test_a_damaged_note_is_refused_by_name(note, problem):
    with pytest.raises(ValueError, match=problem):
        Event.from_json({"kind": "choose", "value": "a", "coach": note})


def test_a_note_does_not_change_what_the_answer_is():
    plain = Event("choose", "a")
    noted = replace(plain, coach=CoachNote("search", "A"))
    assert plain == noted and hash(plain) == hash(noted)
    assert Event.from_json(noted.to_json()).coach == CoachNote("search", "A")


def test_new_journals_are_format_3(tmp_path):
    match = Match.new("battleball", BATTLEBALL, seed=1, path=tmp_path / "m.jsonl")
    assert read(match.path).header.refbox_journal == FORMAT_VERSION == 3


def format_2_journal(path: Path, seed: int = 4) -> None:
    """A journal as refbox wrote it before notes (format 2), of a match played at random to a side's choice."""
    write_journal(at_a_choice(path.with_name("played.jsonl"), seed), path, 2)


def test_a_journal_from_before_notes_loads_and_stays_readable_by_that_refbox(tmp_path, quick):
    """A format 2 journal resumes and stays format 2 (the refbox that wrote it can still read it): a computer
    answer appended to it leaves its note out, in the file and in the log alike."""
    path = tmp_path / "old.jsonl"
    format_2_journal(path)
    match, _ = Match.load(path)
    computer_answers(match)
    assert read(path).header.refbox_journal == 2
    assert "coach" not in last_input(path)
    assert not any(text.startswith("Computer (") for text in log_texts(match)), "nor in its log: as on resume"
    match.close()
    resumed, _ = Match.load(path)
    assert log_texts(resumed) == log_texts(match)


def test_the_stored_journals_from_before_notes_still_load():
    for path in sorted(FIXTURES.glob("*.jsonl")):
        if json.loads(path.read_text().splitlines()[0])["refbox_journal"] == 2:
            assert all(e.event is None or e.event.coach is None for e in read(path, repair=False).entries)


def test_every_percentage_says_what_it_is_the_chance_of():
    prompt = Choose(actor=0, options=(Option("pass", "Pass to RB2", chance=0.62, chance_of="the pass being caught"),
                                      Option("run", "Run")))
    note = coach.note("search", coach.Decision(Event("choose", "pass"), 0.64, 2), prompt)
    assert note.line() == ("Computer (search) chose Pass to RB2: chance of the pass being caught 62.0 %; "
                           "chance of winning the match, as it sees it, 64.0 %")
    quick = coach.note("greedy", coach.Decision(Event("choose", "run"), None, 1, "the only answer worth weighing"),
                       prompt)
    assert quick.line() == "Computer (greedy) chose Run: the only answer worth weighing"


def test_the_random_coach_says_it_drew_its_answer(tmp_path):
    match = at_a_choice(tmp_path / "m.jsonl")
    note = computer_answers(match, "random")
    assert note.line().startswith("Computer (random) chose ")
    assert "an answer drawn at random" in note.why


CHANCES = [("battleball", {}, {}), ("battleball", {"board": "screen"}, {}), ("monster-ball", {}, {}),
           ("monster-ball", {"board": "screen"}, {}), ("slargeball", {}, {}), ("rulerball", {}, ROLLS)]
"""The rulesets whose answers show chances (Ballmonsters' show none; Rülerball's only with rolls in its data)."""


@pytest.mark.parametrize("ruleset, extra, data", CHANCES,
                         ids=[f"{r}-{'board' if e else 'rolls' if d else 'table'}" for r, e, d in CHANCES])
def test_every_answer_with_a_chance_says_what_it_is_the_chance_of(ruleset, extra, data):
    """A seeded random match, every prompt looked at: an answer shown with a chance names what it is the chance
    of, so the computer's note never gives a bare number."""
    match = Match.new(ruleset, {**default_setup(ruleset), **extra}, seed=2)
    if data:
        match = Match(match.header.model_copy(update={"data": merge(match.header.data, data)}), None)
    rng = random.Random(2)
    bare, seen = set(), 0
    while match.legal().kind != "over" and len(match.events) < 1500:
        for option in getattr(match.prompt(), "options", ()):
            if option.chance is not None:
                seen += 1
                if not option.chance_of:
                    bare.add(f"{match.prompt().text[:40]}: {option.label}")
        match.submit(random_event(match.legal(), rng, match.rules.random_weights))
    assert seen, "the match offered no answer with a chance: the test saw nothing"
    assert not bare, sorted(bare)[:5]


def test_the_exported_report_keeps_the_log_with_the_computers_notes(tmp_path, quick):
    from refbox.commands.report import to_dict, to_html, to_markdown

    path = tmp_path / "m.jsonl"
    match = at_a_choice(path)
    note = computer_answers(match)
    match.close()
    report = build_report(path)
    assert {"stamp": match.state.log[-1].stamp, "text": match.state.log[-1].audited()} in to_dict(report)["log"]
    assert note.line() in [line["text"] for line in to_dict(report)["log"]]
    assert "## Log" in to_markdown(report) and "Computer (greedy) chose " in to_markdown(report)
    assert "<h2>Log</h2>" in to_html(report) and "Computer (greedy) chose " in to_html(report)


def test_a_journal_rewritten_for_todays_rules_is_in_todays_format_and_takes_notes(tmp_path, quick):
    """The upgrade path: a format 2 journal of older rules is rewritten when resumed (the original kept beside
    it), in format 3, so the computer's answers from then on keep their notes."""
    path = tmp_path / "battleball-v1-board.jsonl"  # an unfinished match on refbox's board
    path.write_bytes((FIXTURES / "battleball-v1-board.jsonl").read_bytes())
    assert read(path).header.refbox_journal == 2
    match, message = Match.load(path)
    assert "older refbox" in message and read(path).header.refbox_journal == 3
    assert path.with_name(path.name + ".v1").exists()
    rng = random.Random(3)
    while match.legal().kind != "over" and (match.legal().actor is None or match.legal().kind != "choose"
                                            or len(match.legal().ids) < 2):
        match.submit(match.roll_digital() if match.legal().kind == "roll" else random_event(match.legal(), rng))
    note = computer_answers(match)
    assert last_input(path)["coach"]["answer"] == note.answer
    match.close()
    assert note.line() in log_texts(Match.load(path)[0])
