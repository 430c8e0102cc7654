"""Fixtures of the browser tests: a real server and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import threading
import time
from pathlib import Path
from typing import Iterator

import pytest
import uvicorn
from playwright.sync_api import Page

from palantir.server.app import create_app, listening_socket

from ..server.live_server import LiveServer

CHROMIUM = "/usr/bin/chromium"  # installed by .ci/web-deps.sh; never a downloaded browser
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


_FUNCTION = re.compile(r"\s*(async\s+)?(function\b|\([^()]*\)\s*=>|\w+\s*=>)")


@pytest.fixture(autouse=True, scope="session")
def polls_without_eval():
    """Page.wait_for_function takes an expression or a function; Playwright polls an
    expression in the page with eval, which the pages' Content-Security-Policy refuses
    (script-src 'self'), and a function without it: every expression becomes a function."""
    poll = Page.wait_for_function

    def wait_for_function(self, expression, *args, **kwargs):
        if isinstance(expression, str) and not _FUNCTION.match(expression):
            expression = f"() => ({expression})"
        return poll(self, expression, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Page, "wait_for_function", wait_for_function)
        yield


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    workdir = tmp_path_factory.mktemp("browser-server")
    live = LiveServer(f"sqlite:///{workdir / 'table.db'}", workdir).start()
    yield live
    live.stop()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def screenshots(tmp_path) -> Iterator[Path]:
    """$PALANTIR_SCREENSHOTS if set (the README's pictures), else the test's own folder.

    The README's pictures are reduced to a palette by pngquant when it is installed
    (Debian's `pngquant`): a quarter of the size, no visible difference.
    """
    wanted = os.environ.get("PALANTIR_SCREENSHOTS")
    folder = Path(wanted or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    started = time.time()
    yield folder
    pngquant = shutil.which("pngquant")
    if wanted and pngquant:
        for png in folder.glob("*.png"):
            if png.stat().st_mtime >= started:
                subprocess.run([pngquant, "--quality", "70-95", "--speed", "1", "--force",
                                "--skip-if-larger", "--output", str(png), str(png)],
                               check=False)


@pytest.fixture
def table_server(tmp_path):
    """The web table in a thread of this process, so a test may set its position by hand:
    (base url, the app)."""
    app = create_app(f"sqlite:///{tmp_path / 'table.db'}", create_rate=0)
    sock = listening_socket("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield url, app
    server.should_exit = True
    thread.join(10)
