"""Match reports: computed from the journal alone, never writing to it; luck figures exact."""

import json
from pathlib import Path

import pytest

from refbox.cli import main
from refbox.engine.report import Luck, build, chance_of_at_least
from refbox.games.slargeball.demo import demo_match
from refbox.commands.report import to_html, to_json, to_markdown


class TestLuck:
    def test_chance_of_at_least_by_hand(self):
        assert chance_of_at_least([0.5, 0.5], 1) == pytest.approx(0.75)
        assert chance_of_at_least([0.5, 0.5, 0.5], 2) == pytest.approx(0.5)
        assert chance_of_at_least([0.9, 0.2], 2) == pytest.approx(0.18)
        assert chance_of_at_least([0.9, 0.2], 0) == pytest.approx(1.0)
        assert chance_of_at_least([1 / 6] * 3, 3) == pytest.approx(1 / 216)
        assert chance_of_at_least([0.3], 2) == 0.0

    def test_a_side_that_rolled_what_was_expected_needed_no_luck(self):
        luck = Luck(rolls=2, expected=1.0, actual=0, chances=[0.5, 0.5])
        assert luck.at_least == 1.0


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("data") / "matches" / "slargeball-done.jsonl"
    demo_match(path, events=100_000)
    return path


def test_the_report_follows_the_journal(finished):
    report = build(finished)
    goals = [line for line in report.log if line[1].startswith("GOAL!")]
    assert report.finished and len(report.scoring) == len(goals)
    assert tuple(report.timeline[-1][1:]) == report.score == tuple(report.scoring[-1]["score"])
    assert "win" in report.result or "draw" in report.result.lower()


def test_a_report_never_writes_to_the_match(finished):
    with open(finished, "ab") as f:
        f.write(b'{"op":"inp')  # a line the referee's window is still writing
    before = finished.read_bytes()
    build(finished)
    assert finished.read_bytes() == before and not finished.with_name(finished.name + ".torn").exists()
    finished.write_bytes(before[: before.rindex(b"\n") + 1])


def test_every_format_carries_the_result(finished):
    report = build(finished)
    assert json.loads(to_json(report))["score"] == list(report.score)
    assert report.teams[0] in to_markdown(report) and "<svg" in to_html(report)


def test_names_are_escaped_in_html(tmp_path):
    path = tmp_path / "m.jsonl"
    from refbox.engine.match import Match
    Match.new("slargeball", {"teams": [{"name": "<b>Red</b>", "colour": "red"},
                                       {"name": "Blue", "colour": "blue"}], "squads": 1}, 1, path=path)
    assert "&lt;b&gt;Red&lt;/b&gt;" in to_html(build(path))


def test_the_report_command(finished, capsys, tmp_path):
    root = finished.parent.parent
    assert main(["report", "slargeball-done", "--data-dir", str(root), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["finished"] is True
    out = tmp_path / "r.html"
    assert main(["report", str(finished), "--format", "html", "-o", str(out)]) == 0
    assert out.read_text().startswith("<!doctype html>")
    assert main(["report", "nope", "--data-dir", str(root)]) == 2
    assert "no saved match 'nope'" in capsys.readouterr().err
