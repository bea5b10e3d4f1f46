"""The ``refbox`` command: open the app, list saved matches, or resume one."""

from __future__ import annotations

import os
import sys
from types import SimpleNamespace

from refbox import __version__
from refbox.engine import storage
from refbox.engine.errors import RefboxError
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
    from refbox.arguments import Parser

    p = Parser(
        prog="refbox", description="A terminal referee for tabletop sports games.",
        epilog="Also: refbox sim RULESET ... (headless matches between computer coaches; refbox sim -h), "
               "refbox report MATCH (a match report in Markdown, HTML or JSON), "
               "refbox serve [MATCH] (refbox, or a match's spectator view, in a browser). "
               "--data-dir may come before a command or after it.")
    p.add_argument("--data-dir", help=f"where matches and house rules live (default: ${storage.ENV_VAR} "
                   "or the user data directory)")
    p.add_argument("--list", action="store_true", help="list saved matches and exit")
    p.add_argument("--resume", metavar="MATCH", help="resume a saved match (its id or journal path)")
    p.add_argument("--watch", metavar="MATCH", help="follow a match read-only as it is played (spectator view)")
    p.add_argument("--replay", metavar="MATCH", help="step through a saved match read-only")
    p.add_argument("--version", action="version", version=f"refbox {__version__}")
    return p.parse_args(argv)


COMMANDS = {"sim": "refbox.commands.sim", "report": "refbox.commands.report", "serve": "refbox.commands.serve"}
"""Subcommands, each a module with ``main(argv) -> int`` (imported only when used)."""


def main(argv: list[str] | None = None) -> int:
    """The command, its exit status: 0, 2 for a refusal (one line on stderr), 1 for anything unexpected (one
    line too: ``REFBOX_TRACEBACK=1`` shows where), 141 when the reader of the output went away (``| head``)."""
    argv = sys.argv[1:] if argv is None else argv
    try:
        return dispatch(argv)
    except BrokenPipeError:
        _stdout_to_devnull()  # the reader is gone: what is still buffered goes nowhere, quietly
        return 141  # as for a program ended by SIGPIPE
    except KeyboardInterrupt:
        return 130
    except Exception as e:
        if os.environ.get("REFBOX_TRACEBACK"):
            raise
        print(f"refbox: unexpected error ({type(e).__name__}: {printable(str(e))}); "
              "REFBOX_TRACEBACK=1 shows where", file=sys.stderr)
        return 1


def global_options(argv: list[str]) -> tuple[list[str], list[str]]:
    """The options every command takes (``--data-dir D``) given before the command, and the rest."""
    taken = 0
    while taken < len(argv):
        if argv[taken] == "--data-dir" and taken + 1 < len(argv):
            taken += 2
        elif argv[taken].startswith("--data-dir="):
            taken += 1
        else:
            break
    return argv[:taken], argv[taken:]


def dispatch(argv: list[str]) -> int:
    before, rest = global_options(argv)
    if rest and rest[0] in COMMANDS:
        import importlib

        return importlib.import_module(COMMANDS[rest[0]]).main([*before, *rest[1:]])  # given after: the later wins
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
        try:
            paths[option] = storage.locate(given, root)
        except RefboxError as e:
            print(f"refbox: {printable(str(e))}", file=sys.stderr)
            return 2
    if len(paths) > 1:
        print("refbox: --resume, --watch and --replay open one match each: give one of them", file=sys.stderr)
        return 2
    if "watch" in paths or "replay" in paths:
        from refbox.ui.spectator import SpectatorApp

        app = SpectatorApp(paths.get("watch") or paths["replay"], live="watch" in paths, data_dir=root)
    else:
        from refbox.ui.app import RefboxApp

        app = RefboxApp(data_dir=root, resume_path=paths.get("resume"))
    app.run()
    return app.return_code or 0  # 1 after an error inside the app (Textual shows it as it closes)


def _stdout_to_devnull() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    raise SystemExit(main())
