"""The door of ``refbox serve``: textual-serve's server behind a token, an Origin check and a cap on sessions.

textual-serve 1.1 serves every page and websocket to whoever asks. refbox serves it the way a notebook server
does: a random token made at start and printed in the URL is required on every request (the page, its static
files, the websocket, downloads); the first request that carries it in the URL gets it back as a cookie, so the
page's own files and websocket (whose URLs textual-serve writes without it) carry it too. A websocket must also
come from the served page itself (its ``Origin`` header is the served address: a page on another site cannot
forge that), and at most ``max_sessions`` websockets, each an app process, are open at once.

Everything here goes through textual-serve's public handlers; the aiohttp application is built here, with the
door as its middleware, instead of patching the library (tests/test_serve_lock.py checks that it has the same
routes as textual-serve's own, so a new route in a later textual-serve cannot slip past unnoticed).
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import secrets
import signal

import aiohttp_jinja2
import jinja2
from aiohttp import web
from aiohttp.web_runner import GracefulExit
from textual_serve.server import Server

MAX_SESSIONS = 4
"""App processes served at once, by default (each browser tab's websocket is one)."""

LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}


def is_loopback(host: str) -> bool:
    """Whether only this machine can reach ``host``."""
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def is_wildcard(host: str) -> bool:
    """``0.0.0.0``, ``::`` or an empty host: every address of this machine."""
    try:
        return ipaddress.ip_address(host.strip("[]")).is_unspecified if host else True
    except ValueError:
        return False


def reachable_address(host: str) -> str:
    """The address a browser on another machine uses to reach a server listening on ``host``: the host itself,
    or for a wildcard host this machine's address on its network (no packet is sent to find it)."""
    if not is_wildcard(host):
        return f"[{host}]" if ":" in host and not host.startswith("[") else host
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # a documentation address: connecting a UDP socket sends nothing
            return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"


class LockedServer(Server):
    """textual-serve's Server, served only to the holder of its token."""

    def __init__(self, command: str, host: str, port: int, title: str, max_sessions: int = MAX_SESSIONS,
                 token: str | None = None) -> None:
        address = reachable_address(host)
        public_url = f"http://{address}" if port == 80 else f"http://{address}:{port}"
        super().__init__(command, host=host, port=port, title=title, public_url=public_url)
        self.token = token or secrets.token_urlsafe(32)
        self.max_sessions = max_sessions
        self.sessions = 0
        """Websockets (app processes) open now."""
        self.cookie = f"refbox-token-{port}"
        """Cookies are shared by every port of a host: each server's has its own name."""

    @property
    def url(self) -> str:
        """What the holder opens: the served address with the token."""
        return f"{self.public_url}/?token={self.token}"

    def make_app(self) -> web.Application:
        """The aiohttp application: textual-serve's routes and handlers, behind the door."""
        app = web.Application(middlewares=[self.door])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws", self.handle_websocket, name="websocket"),
            web.get("/download/{key}", self.handle_download, name="download"),
            web.static("/static", self.statics_path, show_index=False, name="static"),
        ])
        return app

    @web.middleware
    async def door(self, request: web.Request, handler) -> web.StreamResponse:
        given = request.query.get("token")
        token = given if given is not None else request.cookies.get(self.cookie)
        if token is None:
            raise web.HTTPUnauthorized(text="refbox serve: open the address printed when the server started "
                                            "(it carries the token)\n")
        if not hmac.compare_digest(token.encode("utf-8", "replace"), self.token.encode()):
            raise web.HTTPForbidden(text="refbox serve: wrong token (open the address printed when the server "
                                         "started)\n")
        route = request.match_info.route
        if route is not None and route.name == "websocket":
            if request.headers.get("Origin") != self.public_url:
                raise web.HTTPForbidden(text="refbox serve: a websocket from another page is refused\n")
            if self.sessions >= self.max_sessions:
                raise web.HTTPServiceUnavailable(text=f"refbox serve: {self.max_sessions} sessions are open, the "
                                                      "most this server runs: close a tab first\n")
            self.sessions += 1
            try:
                return await handler(request)
            finally:
                self.sessions -= 1
        response = await handler(request)
        if given is not None and not response.prepared:
            response.set_cookie(self.cookie, self.token, httponly=True, samesite="Strict", path="/")
        return response

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C (as textual-serve's ``serve``, with this application)."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, self.request_exit)
            except NotImplementedError:  # pragma: no cover - Windows
                pass
        try:
            web.run_app(self.make_app(), host=self.host, port=self.port, handle_signals=False, loop=loop,
                        print=lambda *args: None)
        except GracefulExit:  # pragma: no cover - run_app handles it; kept for older aiohttp
            pass
