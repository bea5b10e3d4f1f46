"""A match report written out: Markdown, HTML (with inline SVG charts) or JSON, and ``refbox report``.

    refbox report MATCH [--format md|html|json] [-o FILE] [--data-dir D]
"""

from __future__ import annotations

import argparse
import html
import json
import sys
from pathlib import Path

from refbox.engine import storage
from refbox.engine.errors import RefboxError
from refbox.engine.report import Report, build


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
    out = [f"# {r.title}: {r.teams[0]} {_n(r.score[0])} : {_n(r.score[1])} {r.teams[1]}", "",
           f"{r.result}", "", f"Match `{r.match_id}` · {r.created.replace('T', ' ')} · seed {r.seed} · "
           f"{r.inputs} inputs", "", "## Scoring", ""]
    out += [f"- {s['stamp']}: {s['text']} ({_n(s['score'][0])} : {_n(s['score'][1])})" for s in r.scoring] or [
        "No scores."]
    legend = f"1 = {r.teams[0]}, 2 = {r.teams[1]}, * = both"
    out += ["", "## Score over the match", "", "```", *score_chart(r), legend, "```"]
    out += ["", "## Luck", "", *(f"- {luck_line(r, s)}" for s in (0, 1)), ""]
    if r.luck_timeline:
        out += ["Successes minus expected, over the match (above 0: luckier than the odds):", "", "```",
                *luck_chart(r), legend, "```", ""]
    if r.tally.teams:
        out += ["## Team statistics", "", _row(["statistic", *r.teams]), "|---|---|---|"]
        for stat in sorted({k for s in r.tally.teams.values() for k in s}):
            out.append(f"| {stat} | " + " | ".join(str(r.tally.teams.get(t, {}).get(stat, 0)) for t in (0, 1)) + " |")
        out.append("")
    columns, rows = stat_rows(r)
    if rows:
        out += ["## Figures", "", _row(columns), "|" + "---|" * len(columns)]
        out += [_row(row) for row in rows]
        out.append("")
    out += ["## House rules", "", *([f"- `{c}`" for c in r.house_rules] or ["None: the shipped ruleset."]), ""]
    out += ["## Rulings that applied", "", *[f"- {x['ruling']} (why: {x['reason']})" for x in r.rulings], ""]
    return "\n".join(out)


def _row(cells) -> str:
    """A Markdown table row; a ``|`` in a name would otherwise start a new column."""
    return "| " + " | ".join(str(c).replace("|", "\\|") for c in cells) + " |"


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
    """A match given by journal path or by id (as ``refbox --list`` shows it)."""
    path = Path(match)
    if path.exists():
        return path
    path = storage.matches_dir(root) / f"{match.removesuffix('.jsonl')}.jsonl"
    if path.exists():
        return path
    raise RefboxError(f"no saved match {match!r} in {storage.matches_dir(root)} (see refbox --list)")


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="refbox report", description="Write a match report without opening the app.")
    p.add_argument("match", help="the match's id (refbox --list) or its journal path")
    p.add_argument("--format", choices=sorted(FORMATS), default="md")
    p.add_argument("-o", "--output", help="write to this file (default: print)")
    p.add_argument("--data-dir")
    args = p.parse_args(argv)
    try:
        report = build(resolve(args.match, storage.data_dir(args.data_dir)))
    except RefboxError as e:
        print(f"refbox report: {e}", file=sys.stderr)
        return 2
    text = FORMATS[args.format](report)
    if args.output:
        try:
            Path(args.output).write_text(text + "\n", encoding="utf-8")
        except OSError as e:
            print(f"refbox report: cannot write {args.output}: {e.strerror}", file=sys.stderr)
            return 2
        print(f"Report written to {args.output}")
    else:
        print(text)
    return 0
