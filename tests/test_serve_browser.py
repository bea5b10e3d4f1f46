"""`refbox serve MATCH` in a real browser: the spectator page shows the live score change when the referee's
Match (here, in the test process, holding the lock) enters an input.

The browser is Debian's Chromium (``/usr/bin/chromium``, from ``apt-get install chromium``) driven by Playwright
(``pip install -e '.[test,serve]'``); Playwright's own browser download is never used. Without either, or without
textual-serve, the test is skipped and says which is missing.

textual-serve draws the terminal on a canvas, so the page has no text to read: the test serves the page's own
textual.js with one line added that keeps a reference to each terminal (``window.__refboxTerminals``), and reads
the rows from xterm's buffer, which is what the canvas shows.
"""

from __future__ import annotations

import random
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from saved_match import save

from refbox.engine.match import Match
from refbox.engine.play import random_event
from refbox.games.battleball.rules import Battleball

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SETUP = {"board": "screen"}

try:
    from playwright.sync_api import sync_playwright
except ImportError:
    sync_playwright = None
try:
    import textual_serve
except ImportError:
    textual_serve = None

pytestmark = [
    pytest.mark.skipif(sync_playwright is None, reason="playwright is not installed: pip install -e '.[test,serve]'"),
    pytest.mark.skipif(textual_serve is None, reason="textual-serve is not installed: pip install -e '.[test,serve]'"),
    pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium: apt-get install -y chromium"),
]

EXPOSE = "window.__refboxTerminals=(window.__refboxTerminals||[]).concat(t);"
ROWS = """() => (window.__refboxTerminals || []).map(w => {
    const b = w.terminal.buffer.active, out = [];
    for (let y = 0; y < w.terminal.rows; y++) { const l = b.getLine(y); out.push(l ? l.translateToString(true) : ""); }
    return out.join("\\n");
}).join("\\n")"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def before_a_touchdown(seed: int = 1) -> tuple[Match, int]:
    """A seeded Battleball match on refbox's board, and the number of the input that scores its first touchdown."""
    match = Match.new("battleball", SETUP, seed)
    rng = random.Random(seed)
    while match.state.score == [0, 0]:
        match.submit(random_event(match.legal(), rng, Battleball.random_weights))
    return match, len(match.events)


def test_the_spectator_page_shows_the_live_score_change(tmp_path):
    whole, scoring = before_a_touchdown()
    upto = Match.new("battleball", SETUP, 1)
    for event in whole.events[: scoring - 1]:
        upto.submit(event)
    path = save(upto, tmp_path, "live")  # the match as the referee's window has it, one input before the score
    referee, _ = Match.load(path)
    referee.lock()
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "refbox", "serve", str(path), "--port", str(port),
                               "--data-dir", str(tmp_path)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              text=True)
    try:
        url = next(line.strip() for line in server.stdout if "?token=" in line)  # the address it prints
        assert url.startswith(f"http://127.0.0.1:{port}/?token=")
        for _ in range(200):  # until the server listens (at most 20 s)
            try:
                socket.create_connection(("127.0.0.1", port), 0.1).close()
                break
            except OSError:
                time.sleep(0.1)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
            page = browser.new_page(viewport={"width": 1500, "height": 900})

            def patched(route):
                body = route.fetch().text().replace("const t=new w(e,{ping:r});", "const t=new w(e,{ping:r});" + EXPOSE)
                route.fulfill(body=body, content_type="application/javascript")

            page.route("**/static/js/textual.js", patched)
            refused = page.goto(f"http://127.0.0.1:{port}/")
            assert refused.status == 401, "without the token the page is refused"
            page.goto(url)  # the page's own files and websocket then carry the token in a cookie
            header = f"input {scoring - 1}/{scoring - 1}"
            page.wait_for_function(f"() => ({ROWS})().includes({header!r})", timeout=20_000)
            screen = page.evaluate(ROWS)
            assert "LIVE" in screen and "Iron Wolves 0 : 0 Black Harts" in screen
            referee.submit(whole.events[scoring - 1])  # the referee enters the input that scores
            after = " : ".join(map(str, whole.state.score))
            page.wait_for_function(f"() => ({ROWS})().includes('Iron Wolves {after} Black Harts')", timeout=10_000)
            assert f"input {scoring}/{scoring}" in page.evaluate(ROWS)
            browser.close()
    finally:
        referee.close()
        server.terminate()
        server.wait(10)
        server.stdout.close()
