"""Generate the SVG screenshots in screenshots/ from the app itself: ``python -m refbox.ui.screenshots``.

For every playable ruleset: its setup screen (defaults, seed 4411) and its game screen mid-match
(the game's ``demo.demo_match`` when it has one, else seeded random play from the default setup); its own
board at the moments its rules name (``Rules.pictures``: ``<name>-<picture>.svg``); after the whistle, the
report of a finished Slargeball demo (``report.svg``) and the replay of the Battleball board demo a few inputs back (``replay.svg``)."""

from __future__ import annotations

import asyncio
import importlib
import random
import sys
import tempfile
from datetime import datetime
from pathlib import Path

from refbox.engine import random_play, registry
from refbox.engine.match import Match
from refbox.ui.app import RefboxApp

SIZE = (130, 40)
SEED = 4411


def _demo(entry: registry.Entry):
    module = entry.rules.split(":")[0].rsplit(".", 1)[0]
    try:
        return importlib.import_module(f"{module}.demo")
    except ModuleNotFoundError:
        return None


def _mid_match(entry: registry.Entry, setup: dict, path: Path) -> None:
    demo = _demo(entry)
    if demo is not None and hasattr(demo, "demo_match"):
        demo.demo_match(path).close()  # its summary is written in the background: wait for it
        return
    match = Match.new(entry, setup, seed=SEED, path=path)
    random_play.advance(match, 80, random.Random(SEED))
    if match.prompt().kind == "over":  # a screenshot of the middle of the match, not its end
        for _ in range(len(match.events) // 2):
            match.undo()


async def _shoot(out: Path) -> list[Path]:
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        app = RefboxApp(data_dir=root)
        setups = {}
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            written.append(_save(app, out, "home.svg"))
            for number, entry in enumerate(registry.BUILTIN, start=1):
                if not entry.playable:
                    continue
                await pilot.press(str(number))
                await pilot.pause()
                app.screen.query_one("#seed").value = str(SEED)
                await pilot.pause()
                written.append(_save(app, out, f"{entry.name}-setup.svg"))
                setups[entry.name] = app.screen.collect()
                await pilot.press("escape")
                await pilot.pause()
        for entry in registry.BUILTIN:
            if entry.name not in setups:
                continue
            journal = root / "matches" / f"{entry.name}-demo.jsonl"
            _mid_match(entry, setups[entry.name], journal)
            app = RefboxApp(data_dir=root, resume_path=journal)
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                written.append(_save(app, out, f"{entry.name}-game.svg"))
                if entry.name == "slargeball":
                    await pilot.press("question_mark")
                    await pilot.pause()
                    written.append(_save(app, out, "slargeball-help.svg"))
            written += await _board(entry, root, out)
        written += await _after_match(root, out)
    return written


PICTURED = datetime(2026, 11, 1, 20, 0)
"""When the pictured finished match was started (its report shows the date)."""


async def _after_match(root: Path, out: Path) -> list[Path]:
    """The match report of a finished match and the replay of a board match."""
    from refbox.games.battleball.demo import board_demo
    from refbox.games.slargeball.demo import demo_match

    done = root / "matches" / "slargeball-finished.jsonl"
    demo_match(done, events=100_000, created=PICTURED).save()  # a fixed date: the picture does not change
    board = root / "matches" / "battleball-replay.jsonl"
    board_demo(board).save()
    written = []
    app = RefboxApp(data_dir=root)
    async with app.run_test(size=SIZE) as pilot:
        app.open_report(done)
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        written.append(_save(app, out, "report.svg"))
        await pilot.press("q")
        app.open_replay(board)
        await pilot.pause()
        await pilot.press("left", "left", "left")
        await pilot.pause()
        written.append(_save(app, out, "replay.svg"))
    return written


async def _board(entry: registry.Entry, root: Path, out: Path) -> list[Path]:
    """The game on its own board at the moments its rules name as worth a picture (``Rules.pictures``)."""
    written = []
    for picture in entry.load().pictures():
        journal = root / "matches" / f"{entry.name}-{picture.name}.jsonl"
        picture.build(journal).close()
        app = RefboxApp(data_dir=root, resume_path=journal)
        async with app.run_test(size=picture.size) as pilot:
            await pilot.pause()
            if hasattr(app.screen, "paused"):
                app.screen.paused = True  # a still picture: no countdown ticking while it is taken
            await pilot.pause()
            written.append(_save(app, out, f"{entry.name}-{picture.name}.svg"))
    return written


def _save(app: RefboxApp, out: Path, name: str) -> Path:
    path = out / name
    path.write_text(app.export_screenshot(title=f"refbox · {name.removesuffix('.svg')}"), encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else Path(__file__).resolve().parents[2] / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    for path in asyncio.run(_shoot(out)):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
