"""`refbox report -o FILE`: never over a refbox file, never over any file without --force, always whole (a
temporary file beside it, then a rename); and Markdown in which no name is markup."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from saved_match import play, save

from refbox.engine import storage
from refbox.engine.match import Match
from refbox.engine.report import build
from refbox.commands.report import md, to_markdown, write_atomically

WORKTREE = Path(__file__).resolve().parent.parent


def refbox(*argv: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(WORKTREE)}
    return subprocess.run([sys.executable, "-m", "refbox", *argv], capture_output=True, text=True, env=env,
                          timeout=120)


def refused(done: subprocess.CompletedProcess, *words: str) -> None:
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert len(done.stderr.splitlines()) == 1, done.stderr
    for word in words:
        assert word in done.stderr, (word, done.stderr)


@pytest.fixture(scope="module")
def data(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("data")
    match = play("slargeball", upto=300)
    path = save(match, root, "saved")
    loaded, _ = Match.load(path)
    loaded.save()  # a checkpoint and a summary beside the journal
    return root


def files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("name", ["saved.jsonl", "saved.checkpoint.json", "saved.meta.json", "saved.lock",
                                  "new-report.md"])
def test_nothing_is_written_into_the_matches_folder_even_with_force(data, name):
    before = files(data)
    target = storage.matches_dir(data) / name
    refused(refbox("report", "saved", "--data-dir", str(data), "-o", str(target), "--force"), "refbox's own files")
    assert files(data) == before


@pytest.mark.parametrize("name", ["copy.jsonl", "copy.checkpoint.json", "copy.meta.json"])
def test_a_refbox_file_name_is_refused_anywhere(data, tmp_path, name):
    refused(refbox("report", "saved", "--data-dir", str(data), "-o", str(tmp_path / name), "--force"),
            "refbox match file")
    assert not (tmp_path / name).exists()


def test_a_copy_of_a_journal_under_another_name_is_never_replaced(data, tmp_path):
    copy = tmp_path / "notes.txt"
    copy.write_bytes((storage.matches_dir(data) / "saved.jsonl").read_bytes())
    before = copy.read_bytes()
    refused(refbox("report", "saved", "--data-dir", str(data), "-o", str(copy), "--force"), "is a refbox journal")
    assert copy.read_bytes() == before


def test_a_link_to_the_journal_is_never_written_through(data, tmp_path):
    link = tmp_path / "report.md"
    os.symlink(storage.matches_dir(data) / "saved.jsonl", link)
    before = files(data)
    refused(refbox("report", "saved", "--data-dir", str(data), "-o", str(link), "--force"))
    assert files(data) == before


def test_an_existing_file_is_replaced_only_with_force(data, tmp_path):
    target = tmp_path / "report.md"
    target.write_text("my notes")
    refused(refbox("report", "saved", "--data-dir", str(data), "-o", str(target)), "already exists", "--force")
    assert target.read_text() == "my notes"
    done = refbox("report", "saved", "--data-dir", str(data), "-o", str(target), "--force")
    assert done.returncode == 0 and target.read_text().startswith("# Slargeball")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.md"], "no temporary file left behind"


def test_a_new_file_is_written_whole_with_the_usual_permissions(data, tmp_path):
    target = tmp_path / "report.html"
    done = refbox("report", "saved", "--data-dir", str(data), "--format", "html", "-o", str(target))
    assert done.returncode == 0 and target.read_text().rstrip().endswith("</html>")
    mask = os.umask(0)
    os.umask(mask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~mask


@pytest.mark.parametrize("make", ["folder", "fifo"])
def test_a_folder_or_a_pipe_is_not_a_file_a_report_can_replace(data, tmp_path, make):
    target = tmp_path / "out"
    os.mkdir(target) if make == "folder" else os.mkfifo(target)
    refused(refbox("report", "saved", "--data-dir", str(data), "-o", str(target), "--force"),
            "a folder" if make == "folder" else "a named pipe")


def test_a_file_that_appears_while_the_report_is_written_is_not_replaced(tmp_path):
    target = tmp_path / "report.md"
    target.write_text("written meanwhile")
    with pytest.raises(FileExistsError):
        write_atomically(target, "the report", replace=False)
    assert target.read_text() == "written meanwhile" and [p.name for p in tmp_path.iterdir()] == ["report.md"]


def test_a_folder_that_cannot_be_written_is_one_line(data, tmp_path):
    refused(refbox("report", "saved", "--data-dir", str(data), "-o", str(tmp_path / "missing" / "r.md")),
            "cannot write")


# ---- Markdown ----

HOSTILE = "<script>x()</script>"


def test_a_team_named_like_a_tag_is_text_in_markdown(tmp_path):
    path = tmp_path / "m.jsonl"
    setup = {"teams": [{"name": HOSTILE, "colour": "red"}, {"name": "[a](j:x)*b*`c`|d|&amp;",
                                                              "colour": "blue"}], "squads": 1}
    match = Match.new("slargeball", setup, 1, path=path)
    report = build(match.path)
    text = to_markdown(report)
    assert "<script" not in text and "&lt;script&gt;x()&lt;/script&gt;" in text
    assert not re.search(r"<[A-Za-z/!?]", text), "no tag of any kind"
    assert "](" not in text.replace("\\](", ""), "no link"
    assert "\\[a\\](j:x)\\*b\\*\\`c\\`\\|d\\|&amp;amp;" in text


def test_md_escapes_what_markdown_or_html_would_read():
    assert md("a<b>&c") == "a&lt;b&gt;&amp;c"
    assert md("*x* _y_ `z` [l](u)") == "\\*x\\* \\_y\\_ \\`z\\` \\[l\\](u)"
    assert md("#h ~~s~~ |t| \\") == "\\#h \\~\\~s\\~\\~ \\|t\\| \\\\"
    assert md("two\nlines") == "two lines"
    assert md("esc\x1b[31m") == "esc\\\\x1b\\[31m"
    assert md("Iron Wolves 2 : 0") == "Iron Wolves 2 : 0"
