"""``refbox serve [MATCH]``: refbox in a browser, through textual-serve (a projector, a second screen).

Without MATCH every browser tab gets the whole app. With MATCH each tab gets the read-only spectator view of
that match: it follows the journal as the referee's window writes it (the referee keeps the lock; the spectator
only reads), with the score large, the board where the match has one, and the log.

    refbox serve [MATCH] [--host H] [--port N] [--data-dir D]

textual-serve is an optional extra: ``pip install 'refbox[serve]'``.
"""

from __future__ import annotations

import argparse
import errno
import shlex
import sys

from refbox.engine import storage
from refbox.engine.errors import RefboxError
from refbox.engine.text import printable


def command(root, match=None) -> str:
    """The command textual-serve runs for each browser tab."""
    argv = [sys.executable, "-m", "refbox", "--data-dir", str(root)]
    if match is not None:
        argv += ["--watch", str(match)]
    return shlex.join(argv)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="refbox serve", description="Serve refbox to a browser (textual-serve).")
    p.add_argument("match", nargs="?", help="a match to follow read-only (its id, see refbox --list, or its path)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; 0.0.0.0 for "
                   "other machines on the network)")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--data-dir")
    args = p.parse_args(argv)
    try:
        from textual_serve.server import Server
    except ImportError:
        print("refbox serve needs textual-serve: pip install 'refbox[serve]'", file=sys.stderr)
        return 2
    root = storage.data_dir(args.data_dir)
    match = None
    if args.match:
        from refbox.reporting import resolve

        try:
            match = resolve(args.match, root).resolve()
        except RefboxError as e:
            print(f"refbox serve: {printable(str(e))}", file=sys.stderr)
            return 2
    busy = _cannot_listen(args.host, args.port)
    if busy:
        print(f"refbox serve: cannot listen on {printable(args.host)}:{args.port}: {busy}", file=sys.stderr)
        return 2
    what = f"the spectator view of {match.name}" if match else "refbox"
    print(f"Serving {printable(what)} on http://{args.host}:{args.port} (Ctrl+C stops)")
    title = f"refbox · {match.stem}" if match else "refbox"
    Server(command(root, match), host=args.host, port=args.port, title=title).serve()
    return 0


def _cannot_listen(host: str, port: int) -> str | None:
    """Why the server could not listen there (a port in use, a host name that does not resolve), or None."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        for family, kind, proto, _name, address in infos:
            with socket.socket(family, kind, proto) as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server itself does
                probe.bind(address)
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            return f"port {port} is in use (another server? choose another with --port)"
        return printable(e.strerror or str(e))
    return None
