"""The ``refbox`` command: open the app, list saved matches, or resume one."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

from refbox import __version__
from refbox.engine import storage
from refbox.engine.text import printable


def quick_parse(argv: list[str]):
    """The usual command lines, ``refbox`` and ``refbox --data-dir DIR``, read without argparse (importing it
    is ~2 ms of start-up); None for anything else, which ``parse`` reads (help, errors and all)."""
    if not argv:
        folder = None
    elif len(argv) == 2 and argv[0] == "--data-dir" and argv[1] and not argv[1].startswith("-"):
        folder = argv[1]
    elif len(argv) == 1 and argv[0].startswith("--data-dir=") and len(argv[0]) > len("--data-dir="):
        folder = argv[0].removeprefix("--data-dir=")
    else:
        return None
    return SimpleNamespace(data_dir=folder, list=False, resume=None, watch=None, replay=None)


def parse(argv: list[str] | None):
    import argparse

    p = argparse.ArgumentParser(
        prog="refbox", description="A terminal referee for tabletop sports games.",
        epilog="Also: refbox sim RULESET ... (headless matches between computer coaches; refbox sim -h), "
               "refbox report MATCH (a match report in Markdown, HTML or JSON), "
               "refbox serve [MATCH] (refbox, or a match's spectator view, in a browser)")
    p.add_argument("--data-dir", help=f"where matches and house rules live (default: ${storage.ENV_VAR} "
                   "or the user data directory)")
    p.add_argument("--list", action="store_true", help="list saved matches and exit")
    p.add_argument("--resume", metavar="MATCH", help="resume a saved match (its id or journal path)")
    p.add_argument("--watch", metavar="MATCH", help="follow a match read-only as it is played (spectator view)")
    p.add_argument("--replay", metavar="MATCH", help="step through a saved match read-only")
    p.add_argument("--version", action="version", version=f"refbox {__version__}")
    return p.parse_args(argv)


COMMANDS = {"sim": "refbox.simulate", "report": "refbox.reporting", "serve": "refbox.serving"}
"""Subcommands, each a module with ``main(argv) -> int`` (imported only when used)."""


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in COMMANDS:
        import importlib

        return importlib.import_module(COMMANDS[argv[0]]).main(argv[1:])
    args = quick_parse(argv) or parse(argv)
    root = storage.data_dir(args.data_dir)
    if args.list:
        saved = storage.saved_matches(root)
        folder = printable(str(storage.matches_dir(root)))
        print(f"Saved matches in {folder}:" if saved else f"No saved matches in {printable(str(root))}.")
        for m in saved:  # names and file names are printed with control characters escaped
            print(f"  {printable(m.match_id):<36} {printable(m.title):<14} {printable(m.problem or m.summary)}")
        return 0
    paths = {}
    for option in ("resume", "watch", "replay"):
        given = getattr(args, option)
        if not given:
            continue
        path = Path(given)
        if not path.exists():
            path = storage.matches_dir(root) / f"{given.removesuffix('.jsonl')}.jsonl"
        if not path.exists():
            print(f"refbox: no saved match {given!r} in {storage.matches_dir(root)} (see refbox --list)",
                  file=sys.stderr)
            return 2
        paths[option] = path
    if len(paths) > 1:
        print("refbox: --resume, --watch and --replay open one match each: give one of them", file=sys.stderr)
        return 2
    from refbox.ui.app import RefboxApp

    RefboxApp(data_dir=root, resume_path=paths.get("resume"), watch_path=paths.get("watch") or paths.get("replay"),
              live="watch" in paths).run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
