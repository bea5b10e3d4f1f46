"""A match report written out: Markdown, HTML (with inline SVG charts) or JSON, and ``refbox report``.

    refbox report MATCH [--format md|html|json] [-o FILE [--force]] [--data-dir D]
"""

from __future__ import annotations

import contextlib
import html
import json
import os
import stat
import sys
import tempfile
from pathlib import Path

from refbox import matchfiles
from refbox.arguments import Parser
from refbox.engine import storage
from refbox.engine.errors import RefboxError
from refbox.engine.report import Report, build
from refbox.engine.text import printable


def to_json(report: Report) -> str:
    return json.dumps(to_dict(report), indent=2, ensure_ascii=False)


def to_dict(r: Report) -> dict:
    return {
        "match": r.match_id, "ruleset": r.ruleset, "title": r.title, "created": r.created, "seed": r.seed,
        "teams": list(r.teams), "finished": r.finished, "result": r.result, "score": list(r.score),
        "inputs": r.inputs, "scoring": r.scoring,
        "luck": [{"team": r.teams[s], "rolls": luck.rolls, "expected": round(luck.expected, 3),
                  "actual": luck.actual, "chance_of_at_least_this": round(luck.at_least, 4)}
                 for s, luck in enumerate(r.luck)],
        "teams_stats": {r.teams[t]: dict(stats) for t, stats in sorted(r.tally.teams.items())},
        "figures_stats": [{"team": r.teams[t], "figure": f, **stats}
                          for (t, f), stats in sorted(r.tally.figures.items())],
        "house_rules": r.house_rules, "rulings": r.rulings,
        "log": [{"stamp": stamp, "text": text} for stamp, text in r.log],
    }


def luck_line(r: Report, side: int) -> str:
    luck = r.luck[side]
    if not luck.rolls:
        return f"{r.teams[side]}: no rolls with odds"
    return (f"{r.teams[side]}: {luck.actual} successes in {luck.rolls} rolls, {luck.expected:.1f} expected; "
            f"the chance of doing at least that well was {luck.at_least * 100:.0f} %")


def stat_rows(r: Report) -> tuple[list[str], list[list[str]]]:
    """Per-figure statistics as a table: (columns, rows)."""
    stats = sorted({k for s in r.tally.figures.values() for k in s})
    rows = [[r.teams[t], f, *(str(s.get(k, 0)) for k in stats)] for (t, f), s in sorted(r.tally.figures.items())]
    return ["team", "figure", *stats], rows


def to_markdown(r: Report) -> str:
    """The report in Markdown. Every text from the match or a file (names, log lines, rulings) goes through
    ``md``: a renderer shows it as it was typed and never sees a tag, a link or emphasis in it."""
    t0, t1 = md(r.teams[0]), md(r.teams[1])
    out = [f"# {md(r.title)}: {t0} {_n(r.score[0])} : {_n(r.score[1])} {t1}", "",
           md(r.result), "", f"Match {md(r.match_id)} · {md(r.created.replace('T', ' '))} · seed {r.seed} · "
           f"{r.inputs} inputs", "", "## Scoring", ""]
    out += [f"- {md(s['stamp'])}: {md(s['text'])} ({_n(s['score'][0])} : {_n(s['score'][1])})"
            for s in r.scoring] or ["No scores."]
    legend = f"1 = {t0}, 2 = {t1}, \\* = both"  # under the chart, not in it: a code block shows text raw
    out += ["", "## Score over the match", "", "```", *score_chart(r), "```", "", legend]
    out += ["", "## Luck", "", *(f"- {md(luck_line(r, s))}" for s in (0, 1)), ""]
    if r.luck_timeline:
        out += ["Successes minus expected, over the match (above 0: luckier than the odds):", "", "```",
                *luck_chart(r), "```", "", legend, ""]
    if r.tally.teams:
        out += ["## Team statistics", "", _row(["statistic", *r.teams]), "|---|---|---|"]
        for stat in sorted({k for s in r.tally.teams.values() for k in s}):
            out.append(_row([stat, *(r.tally.teams.get(t, {}).get(stat, 0) for t in (0, 1))]))
        out.append("")
    columns, rows = stat_rows(r)
    if rows:
        out += ["## Figures", "", _row(columns), "|" + "---|" * len(columns)]
        out += [_row(row) for row in rows]
        out.append("")
    out += ["## House rules", "", *([f"- {md(c)}" for c in r.house_rules] or ["None: the shipped ruleset."]), ""]
    out += ["## Rulings that applied", "", *[f"- {md(x['ruling'])} (why: {md(x['reason'])})" for x in r.rulings],
            ""]
    out += ["## Log", "", "Every line of the match's log: each roll with its faces, the computer's choices and why.", "",
            *[f"- {md(stamp)}: {md(text)}" for stamp, text in r.log], ""]
    return "\n".join(out)


MD_ESCAPES = {c: "\\" + c for c in "\\`*_[]|~#"} | {"<": "&lt;", ">": "&gt;", "&": "&amp;"}
"""Markdown's inline syntax (emphasis, code, links, images, tables, headings) escaped with a backslash; the
characters that start HTML tags and entities written as entities, which every renderer shows as characters."""


def md(text: object) -> str:
    """Text from a match or a file as Markdown that renders as exactly that text: one line, no markup."""
    flat = printable(" ".join(str(text).splitlines()))
    return "".join(MD_ESCAPES.get(c, c) for c in flat)


def _row(cells) -> str:
    """A Markdown table row, each cell escaped (a ``|`` in a name would otherwise start a new column)."""
    return "| " + " | ".join(md(c) for c in cells) + " |"


def to_html(r: Report) -> str:
    e = html.escape
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>{e(r.title)} report</title>",
             "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em}"
             "table{border-collapse:collapse}td,th{border:1px solid #999;padding:.2em .5em}"
             "svg{background:#fafafa;border:1px solid #ccc}</style></head><body>",
             f"<h1>{e(r.title)}: {e(r.teams[0])} {_n(r.score[0])} : {_n(r.score[1])} {e(r.teams[1])}</h1>",
             f"<p>{e(r.result)}</p><p>Match <code>{e(r.match_id)}</code> · {e(r.created)} · seed {r.seed} · "
             f"{r.inputs} inputs</p>", "<h2>Score over the match</h2>", score_svg(r),
             "<h2>Scoring</h2><ol>", *(f"<li>{e(s['stamp'])}: {e(s['text'])}</li>" for s in r.scoring), "</ol>",
             "<h2>Luck</h2><ul>", *(f"<li>{e(luck_line(r, s))}</li>" for s in (0, 1)), "</ul>", luck_svg(r)]
    columns, rows = stat_rows(r)
    if rows:
        parts += ["<h2>Figures</h2><table><tr>", *(f"<th>{e(c)}</th>" for c in columns), "</tr>"]
        parts += ["<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in rows]
        parts.append("</table>")
    parts += ["<h2>House rules</h2><ul>", *(f"<li><code>{e(c)}</code></li>" for c in r.house_rules),
              "</ul>" if r.house_rules else "<li>None: the shipped ruleset.</li></ul>",
              "<h2>Rulings that applied</h2><ul>",
              *(f"<li>{e(x['ruling'])} <em>Why: {e(x['reason'])}</em></li>" for x in r.rulings), "</ul>",
              "<h2>Log</h2><ol>", *(f"<li>{e(stamp)}: {e(text)}</li>" for stamp, text in r.log), "</ol>",
              "</body></html>"]
    return "\n".join(parts)


def _polyline(points: list[tuple[float, float]], colour: str) -> str:
    return f"<polyline fill='none' stroke='{colour}' stroke-width='2' points='" + " ".join(
        f"{x:.1f},{y:.1f}" for x, y in points) + "'/>"


def score_svg(r: Report, w: int = 600, h: int = 160) -> str:
    """The two scores as steps over the inputs of the match."""
    top = max(1, max(max(a, b) for _, a, b in r.timeline))
    last = max(1, r.inputs)
    lines = []
    for side, colour in ((1, "#c0392b"), (2, "#2c64c0")):
        pts, prev = [], 0.0
        for n, *scores in r.timeline:
            x = n / last * w
            pts += [(x, h - prev / top * (h - 10)), (x, h - scores[side - 1] / top * (h - 10))]
            prev = scores[side - 1]
        pts.append((w, h - prev / top * (h - 10)))
        lines.append(_polyline(pts, colour))
    legend = "".join(f"<text x='8' y='{16 + 16 * i}' fill='{c}'>{html.escape(name)}</text>"
                     for i, (name, c) in enumerate(zip(r.teams, ("#c0392b", "#2c64c0"))))
    return f"<svg width='{w}' height='{h}' viewBox='0 0 {w} {h}'>{''.join(lines)}{legend}</svg>"


def luck_svg(r: Report, w: int = 600, h: int = 160) -> str:
    """Each side's successes minus expected successes, over the match (above the middle: lucky)."""
    if not r.luck_timeline:
        return ""
    span = max(1.0, max(abs(v) for _, _, v in r.luck_timeline))
    last = max(1, r.inputs)
    lines = [f"<line x1='0' y1='{h / 2}' x2='{w}' y2='{h / 2}' stroke='#999'/>"]
    for side, colour in ((0, "#c0392b"), (1, "#2c64c0")):
        pts = [(0.0, h / 2)] + [(n / last * w, h / 2 - v / span * (h / 2 - 8))
                                for n, s, v in r.luck_timeline if s == side]
        lines.append(_polyline(pts, colour))
    return f"<svg width='{w}' height='{h}' viewBox='0 0 {w} {h}'>{''.join(lines)}</svg>"


def text_chart(series: list[list[tuple[float, float]]], last: float, width: int = 60, height: int = 8,
               marks: str = "12", zero_line: bool = False) -> list[str]:
    """Step lines drawn in characters (for the terminal and the Markdown report): each series is a list of
    (x, y) points, held until the next; x runs from 0 to ``last`` across ``width`` columns. Series share the
    rows; where two meet the cell shows "*". The left margin gives the top and bottom values (and 0)."""
    values = [y for points in series for _, y in points] or [0.0]
    top, bottom = max(0.0, *values), min(0.0, *values)
    if top == bottom:
        top = bottom + 1
    grid = [[" "] * width for _ in range(height)]
    zero = round((top - 0) / (top - bottom) * (height - 1))
    if zero_line:
        grid[zero] = ["·"] * width
    for mark, points in zip(marks, series):
        points = sorted(points)
        for col in range(width):
            x = (col + 1) / width * max(last, 1)
            y = next((v for px, v in reversed(points) if px <= x), 0.0)
            row = round((top - y) / (top - bottom) * (height - 1))
            cell = grid[row][col]
            grid[row][col] = mark if cell in (" ", "·", mark) else "*"
    labels = {0: _n(round(top, 1)), height - 1: _n(round(bottom, 1))}
    if zero_line:
        labels.setdefault(zero, "0")
    margin = max(len(v) for v in labels.values())
    return [f"{labels.get(r, ''):>{margin}} │{''.join(row)}" for r, row in enumerate(grid)] + [
        f"{'':>{margin}} └{'─' * width} inputs 0-{int(last)}"]


def score_chart(r: Report, width: int = 60, height: int = 8) -> list[str]:
    """The two scores over the match, as text."""
    series = [[(n, scores[side]) for n, *scores in r.timeline] for side in (0, 1)]
    top = max((max(a, b) for _, a, b in r.timeline), default=0)
    if float(top).is_integer() and top + 1 < height:
        height = max(3, int(top) + 1)  # one row a point: no gaps between the steps of a low score
    return text_chart(series, r.inputs, width, height)


def luck_chart(r: Report, width: int = 60, height: int = 7) -> list[str]:
    """Each side's successes minus expected over the match, as text (above the dotted 0: luckier than the odds)."""
    series = [[(0, 0.0)] + [(n, v) for n, s, v in r.luck_timeline if s == side] for side in (0, 1)]
    return text_chart(series, r.inputs, width, height, zero_line=True)


def _n(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


FORMATS = {"md": to_markdown, "html": to_html, "json": to_json}


def resolve(match: str, root: Path) -> Path:
    """A match given by journal path or by id (as ``refbox --list`` shows it); see storage.locate."""
    return storage.locate(match, root)


REFBOX_FILES = (".jsonl", ".checkpoint.json", ".meta.json", ".lock", ".torn", ".damaged")
"""Endings of the files refbox keeps for a match: a report is never written over one."""


def refusal(target: Path, root: Path, journal: Path, force: bool) -> str | None:
    """Why a report may not be written to ``target`` (None: it may). Never over a refbox file or into refbox's
    own folders, whatever ``force`` says; over another existing file only with ``force``."""
    real = Path(os.path.realpath(target))  # what a link points at is what would be written
    own = {storage.matches_dir(root), matchfiles.archive_dir(root), matchfiles.trash_dir(root),
           storage.house_dir(root), journal.parent}
    if any(real.parent == Path(os.path.realpath(folder)) for folder in own):
        return f"{real.parent} holds refbox's own files (matches, house rules): write the report elsewhere"
    if any(real.name.endswith(end) or target.name.endswith(end) for end in REFBOX_FILES) or ".jsonl." in real.name:
        return "that name is a refbox match file's (journal, checkpoint, summary): choose another name"
    try:
        info = os.stat(real)
    except FileNotFoundError:
        return None
    except OSError as e:
        return storage.stat_problem(target, e)
    if not stat.S_ISREG(info.st_mode):
        return f"is {storage.kind_of(info.st_mode)}, not a file a report can replace"
    try:
        storage.header_fields(real)
    except ValueError:
        pass
    else:
        return "is a refbox journal: a report is never written over a match"
    if not force:
        return "already exists: add --force to replace it"
    return None


def write_atomically(target: Path, text: str, replace: bool) -> None:
    """Write ``text`` to a temporary file beside ``target``, make it durable, then move it into place: a
    reader (or a crash) sees the old file or the whole new one. Without ``replace`` an existing file is never
    replaced, even one created meanwhile (FileExistsError)."""
    real = Path(os.path.realpath(target))
    fd, tmp = tempfile.mkstemp(dir=real.parent, prefix=f".{real.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(text.encode("utf-8"))
            f.flush()
            os.fchmod(f.fileno(), _mode_for(real))
            os.fsync(f.fileno())
        if replace:
            os.replace(tmp, real)
        else:
            os.link(tmp, real)  # refuses a name that exists, atomically
            os.unlink(tmp)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    storage.fsync_dir(real.parent)


def _mode_for(real: Path) -> int:
    """The replaced file's permissions, or a new file's (as the umask allows)."""
    try:
        return stat.S_IMODE(os.stat(real).st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def main(argv: list[str]) -> int:
    p = Parser(prog="refbox report", description="Write a match report without opening the app.")
    p.add_argument("match", help="the match's id (refbox --list) or its journal path")
    p.add_argument("--format", choices=sorted(FORMATS), default="md")
    p.add_argument("-o", "--output", help="write to this new file (default: print); never over a refbox file")
    p.add_argument("--force", action="store_true", help="with -o: replace the file if it exists")
    p.add_argument("--data-dir")
    args = p.parse_args(argv)
    root = storage.data_dir(args.data_dir)
    try:
        journal = resolve(args.match, root)
        if args.output:
            why = refusal(Path(args.output), root, journal, args.force)
            if why:
                raise RefboxError(f"not writing {args.output}: {why}")
        report = build(journal)
    except RefboxError as e:
        print(f"refbox report: {printable(str(e))}", file=sys.stderr)
        return 2
    text = FORMATS[args.format](report)
    if not args.output:
        print(text)
        return 0
    try:
        write_atomically(Path(args.output), text + "\n", replace=args.force)
    except FileExistsError:
        print(f"refbox report: not writing {printable(args.output)}: it appeared meanwhile; add --force to "
              "replace it", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"refbox report: cannot write {printable(args.output)}: {printable(e.strerror or str(e))}",
              file=sys.stderr)
        return 2
    print(f"Report written to {printable(args.output)}")
    return 0
