"""``refbox serve [MATCH]``: refbox in a browser, through textual-serve (a projector, a second screen).

Without MATCH every browser tab gets the whole app. With MATCH each tab gets the read-only spectator view of
that match: it follows the journal as the referee's window writes it (the referee keeps the lock; the spectator
only reads), with the score large, the board where the match has one, and the log.

Only the holder of the address printed at start (it carries a random token) gets anything
(refbox/ui/serve_lock.py).

    refbox serve [MATCH] [--host H] [--port N] [--max-sessions N] [--data-dir D]

textual-serve is an optional extra: ``pip install 'refbox[serve]'``.
"""

from __future__ import annotations

import errno
import shlex
import sys

from refbox.arguments import Parser, port, whole
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
    p = Parser(prog="refbox serve", description="Serve refbox to a browser (textual-serve), to the holder of "
               "the address it prints (which carries a token).")
    p.add_argument("match", nargs="?", help="a match to follow read-only (its id, see refbox --list, or its path)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1, this machine "
                   "only; 0.0.0.0 for other machines on the network, where the token is the only protection)")
    p.add_argument("--port", type=port, default=8000, help="port to listen on, 1-65535 (default 8000)")
    p.add_argument("--max-sessions", type=whole(1, 64), default=4,
                   help="browser tabs served at once, each one app process (default 4)")
    p.add_argument("--data-dir")
    args = p.parse_args(argv)
    try:
        from refbox.ui.serve_lock import LockedServer, is_loopback
    except ImportError:
        print("refbox serve needs textual-serve: pip install 'refbox[serve]'", file=sys.stderr)
        return 2
    root = storage.data_dir(args.data_dir)
    match = None
    if args.match:
        try:
            match = storage.locate(args.match, root).resolve()
        except RefboxError as e:
            print(f"refbox serve: {printable(str(e))}", file=sys.stderr)
            return 2
    busy = _cannot_listen(args.host, args.port)
    if busy:
        print(f"refbox serve: cannot listen on {printable(args.host)}:{args.port}: {busy}", file=sys.stderr)
        return 2
    title = f"refbox · {match.stem}" if match else "refbox"
    server = LockedServer(command(root, match), host=args.host, port=args.port, title=title,
                          max_sessions=args.max_sessions)
    if not is_loopback(args.host):
        print(f"refbox serve: warning: --host {printable(args.host)} lets other machines connect; the token in "
              "the address is then the only protection, and the connection is not encrypted: share the "
              "address only with whom may use refbox", file=sys.stderr)
    what = f"the spectator view of {match.name}" if match else "refbox (the whole app: whoever opens it referees)"
    print(f"Serving {printable(what)} (Ctrl+C stops); open:\n  {server.url}", flush=True)
    server.serve()
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
