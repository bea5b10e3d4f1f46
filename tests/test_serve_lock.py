"""`refbox serve` behind its door, tested against the real server (textual-serve's handlers in refbox's aiohttp
application) with aiohttp's test client, which speaks to it exactly as a browser does: no token or a wrong one
gets nothing, a websocket from another page gets nothing even with the token, the number of app processes is
capped, and a spectator who holds the token and presses every key leaves the data dir byte-identical."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from saved_match import play, save

textual_serve = pytest.importorskip("textual_serve")

from aiohttp import ClientConnectionError, ClientSession, WSMsgType, WSServerHandshakeError  # noqa: E402
from aiohttp.test_utils import TestClient, TestServer  # noqa: E402

from refbox.commands.serve import command  # noqa: E402
from refbox.ui.serve_lock import LockedServer, is_loopback, reachable_address  # noqa: E402

EVIL = "http://evil.example"
WORKTREE = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    root = tmp_path_factory.mktemp("data")
    return root, save(play("slargeball", upto=120), root, "watched")


def files(root) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


class Served:
    """A LockedServer listening on a free local port, and a client for it (cookies kept, as a browser does)."""

    def __init__(self, root, match=None, max_sessions: int = 4) -> None:
        port = free_port()
        self.server = LockedServer(command(root, match), host="127.0.0.1", port=port, title="test",
                                   max_sessions=max_sessions)
        self.client = TestClient(TestServer(self.server.make_app(), host="127.0.0.1", port=port))
        self.origin = self.server.public_url

    async def __aenter__(self) -> "Served":
        await self.client.start_server()
        return self

    async def __aexit__(self, *exc) -> None:
        await self.client.close()

    def ws(self, token: str | None = None, origin: str | None = None, **kw):
        query = {"width": "120", "height": "40"} | ({"token": token} if token is not None else {})
        headers = {"Origin": origin} if origin is not None else {}
        return self.client.ws_connect("/ws", params=query, headers=headers, **kw)


async def test_the_url_printed_carries_a_fresh_random_token(data):
    root, _ = data
    a, b = LockedServer("x", "127.0.0.1", 8123, "t"), LockedServer("x", "127.0.0.1", 8123, "t")
    assert a.token != b.token and len(a.token) >= 40
    assert a.url == f"http://127.0.0.1:8123/?token={a.token}"


@pytest.mark.parametrize("path", ["/", "/static/js/textual.js", "/static/css/xterm.css", "/download/anything", "/ws"])
async def test_without_the_token_every_path_is_refused(data, path):
    async with Served(data[0]) as s:
        for query in ({}, {"token": "guessed"}, {"token": s.server.token[:-1]}):
            response = await s.client.get(path, params=query, headers={"Origin": s.origin})
            assert response.status == (401 if not query else 403), (path, query)
            assert "refbox serve" in await response.text()


async def test_the_token_opens_the_page_and_a_cookie_then_opens_its_files(data):
    async with Served(data[0]) as s:
        page = await s.client.get("/", params={"token": s.server.token})
        assert page.status == 200 and "textual-terminal" in await page.text()
        cookie = page.cookies[s.server.cookie]
        assert cookie.value == s.server.token and cookie["httponly"] and cookie["samesite"] == "Strict"
        script = await s.client.get("/static/js/textual.js")  # no token in the URL: the cookie carries it
        assert script.status == 200
        listing = await s.client.get("/static/js/")
        assert listing.status in (403, 404), "no folder listings"


async def test_a_websocket_from_another_page_is_refused_even_with_the_token(data):
    async with Served(data[0]) as s:
        for origin in (EVIL, None, "null", "http://127.0.0.1", s.origin + ".evil.example", "https://127.0.0.1"):
            with pytest.raises(WSServerHandshakeError) as refused:
                await s.ws(s.server.token, origin)
            assert refused.value.status == 403, origin
        with pytest.raises(WSServerHandshakeError) as refused:
            await s.ws(None, s.origin)
        assert refused.value.status == 401
        assert s.server.sessions == 0


class Running:
    """``refbox serve`` as a user starts it (a process of its own, which starts the app processes), and an aiohttp
    client for it that knows only what the user sees: the address printed."""

    def __init__(self, root, match, *options: str) -> None:
        self.argv = [sys.executable, "-m", "refbox", "serve", str(match), "--port", str(free_port()),
                     "--data-dir", str(root), *options]

    async def __aenter__(self) -> "Running":
        env = {**os.environ, "PYTHONPATH": str(WORKTREE)}
        self.process = subprocess.Popen(self.argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        for line in self.process.stdout:  # "Serving ...; open:" then the address
            if "?token=" in line:
                self.url = line.strip()
                break
        else:
            raise AssertionError(f"no address printed: {self.process.stderr.read()}")
        self.origin, self.token = self.url.split("/?token=")
        self.errors: list[str] = []
        self.readers = [threading.Thread(target=kept.extend, args=(stream,), daemon=True)  # never a full pipe
                        for stream, kept in ((self.process.stdout, []), (self.process.stderr, self.errors))]
        for reader in self.readers:
            reader.start()
        self.session = ClientSession()
        for _ in range(200):  # until it listens
            try:
                await self.session.get(self.url)
                break
            except ClientConnectionError:
                await asyncio.sleep(0.05)
        return self

    async def __aexit__(self, *exc) -> None:
        await self.session.close()
        self.process.terminate()
        self.process.wait(30)
        for reader in self.readers:
            reader.join(30)

    def ws(self):
        return self.session.ws_connect(f"{self.origin}/ws", params={"token": self.token, "width": "120",
                                                                   "height": "40"}, headers={"Origin": self.origin})


async def test_only_so_many_app_processes_run_at_once(data):
    root, match = data
    async with Running(root, match, "--max-sessions", "1") as served:
        first = await served.ws()
        await first_screen(first)
        with pytest.raises(WSServerHandshakeError) as refused:
            await served.ws()
        assert refused.value.status == 503
        await first.send_str(json.dumps(["stdin", "q"]))  # the spectator quits: the session ends
        await until_closed(first)
        for _ in range(200):  # the server counts the session out once its app process has ended
            try:
                again = await served.ws()
                break
            except WSServerHandshakeError as e:
                assert e.status == 503
                await asyncio.sleep(0.05)
        await first_screen(again)
        await again.close()


async def test_a_host_other_than_loopback_is_served_with_a_warning(data):
    root, match = data
    async with Running(root, match, "--host", "0.0.0.0") as served:
        assert "0.0.0.0" not in served.url, "the address printed is one other machines can use"
        page = await served.session.get(served.url)
        assert page.status == 200
        async with ClientSession() as stranger:
            assert (await stranger.get(served.origin + "/")).status == 401
    warning = [line for line in served.errors if "warning" in line]
    assert len(warning) == 1 and "the token in the address is then the only protection" in warning[0]


async def first_screen(ws, wanted: str = "input ") -> str:
    """What the app drew until ``wanted`` appears (its first screen, by default)."""
    seen = ""
    while wanted not in seen:
        message = await asyncio.wait_for(ws.receive(), 60)
        assert message.type in (WSMsgType.BINARY, WSMsgType.TEXT), message
        if message.type == WSMsgType.BINARY:
            seen += message.data.decode("utf-8", "replace")
    return seen


async def until_closed(ws) -> None:
    while (await asyncio.wait_for(ws.receive(), 60)).type not in (WSMsgType.CLOSE, WSMsgType.CLOSED,
                                                                   WSMsgType.CLOSING):
        pass


KEYS = [chr(c) for c in range(0x20, 0x7F) if chr(c) != "q"]
"""Every printable key but q, then Enter, Tab, Backspace, arrows, Home/End, PgUp/PgDn, F1-F4, Shift+Tab, Ctrl+A..Z
but Ctrl+C and Ctrl+Q (the keys that quit come last), as a terminal sends them."""
KEYS += ["\r", "\t", "\x7f", "\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D", "\x1b[H", "\x1b[F", "\x1b[5~", "\x1b[6~",
         "\x1bOP", "\x1bOQ", "\x1bOR", "\x1bOS", "\x1b[Z"]
KEYS += [chr(c) for c in range(1, 27) if chr(c) not in "\x03\x11\r\t"]


async def test_a_spectator_pressing_every_key_through_the_websocket_changes_nothing(data):
    root, match = data
    before = files(root)
    async with Running(root, match) as served:
        ws = await served.ws()

        async def press(*keys: str) -> None:
            for key in keys:
                await ws.send_str(json.dumps(["stdin", key]))

        await first_screen(ws, "input 120/120")  # live: at the end of the match
        await press("b")
        await first_screen(ws, "input 0/120")  # the keys reach the spectator's app
        await press(*KEYS, "q")
        await until_closed(ws)  # every key was taken, in order, and q quits: nothing lies beneath the view
    assert files(root) == before


def test_the_served_routes_are_textual_serves_own(data):
    """refbox builds textual-serve's application itself, with the door: if a later textual-serve adds a route,
    this fails, so that the new route is looked at before it is served (behind the door or not at all)."""
    server = LockedServer("x", "127.0.0.1", 8000, "t")

    def routes(app):
        return sorted((r.method, r.resource.canonical, r.name or "") for r in app.router.routes())

    theirs = asyncio.run(textual_serve.server.Server._make_app(server))  # private: read here, in a test only
    assert routes(server.make_app()) == routes(theirs)
    assert server.make_app().middlewares == [server.door]


@pytest.mark.parametrize("host, loopback", [("127.0.0.1", True), ("localhost", True), ("::1", True),
                                            ("0.0.0.0", False), ("192.168.1.9", False), ("example.org", False)])
def test_which_hosts_only_this_machine_reaches(host, loopback):
    assert is_loopback(host) is loopback


def test_a_wildcard_host_is_served_at_an_address_other_machines_can_use():
    assert reachable_address("0.0.0.0") not in ("0.0.0.0", "")
    assert reachable_address("192.168.1.9") == "192.168.1.9" and reachable_address("::1") == "[::1]"
