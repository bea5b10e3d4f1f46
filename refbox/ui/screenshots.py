"""Generate the SVG screenshots in screenshots/ from the app itself: ``python -m refbox.ui.screenshots``."""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from refbox.ui.app import RefboxApp

SIZE = (130, 40)


async def _shoot(out: Path) -> list[Path]:
    from refbox.games.slargeball.demo import demo_match

    written = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        app = RefboxApp(data_dir=root)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            written.append(_save(app, out, "home.svg"))
            await pilot.press("1")
            await pilot.pause()
            app.screen.query_one("#seed").value = "4411"
            await pilot.pause()
            written.append(_save(app, out, "slargeball-setup.svg"))
        journal = root / "matches" / "slargeball-demo.jsonl"
        demo_match(journal, events=420)
        app = RefboxApp(data_dir=root, resume_path=journal)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            written.append(_save(app, out, "slargeball-game.svg"))
            await pilot.press("question_mark")
            await pilot.pause()
            written.append(_save(app, out, "slargeball-help.svg"))
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
