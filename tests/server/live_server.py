"""A real `palantir serve` process on a free loopback port, for restart, live and browser tests."""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import httpx
from sqlalchemy import create_engine, text

from palantir.server.storage import engine_url

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """Starts, kills and restarts one server process over one database."""

    def __init__(self, database: str, workdir: Path, port: int | None = None,
                 options: tuple[str, ...] = ()):
        self.database = database
        self.workdir = workdir
        self.port = port or free_port()
        self.options = options  # more `palantir serve` arguments
        self.process: subprocess.Popen | None = None
        # The server's output goes to a file: a pipe nobody reads would block a chatty one.
        self.log = workdir / f"server-{self.port}.log"

    @property
    def url(self) -> str:
        """The server's base address."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> "LiveServer":
        """Run the server and wait until it answers."""
        with open(self.log, "ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "palantir.cli", "serve", "--port", str(self.port),
                 "--database", self.database, *self.options],
                cwd=self.workdir, stdout=out, stderr=subprocess.STDOUT,
                env={**os.environ, "PYTHONPATH": str(ROOT)})
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text(errors='replace')}")
            try:
                if httpx.get(self.url + "/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("server did not answer within 30 s")

    def kill(self) -> None:
        """kill -9: no shutdown handler runs."""
        if self.process and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        """Stop the process politely, then for sure."""
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def wait_until(check, timeout: float = 30.0, pause: float = 0.05):
    """Poll `check` until it returns something true; fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met within {timeout} s")
        time.sleep(pause)


@contextmanager
def fresh_schema(url: str, prefix: str = "test") -> Iterator[str]:
    """The PostgreSQL database at `url` with a new, empty schema of its own (its URL
    selects it), dropped after: runs sharing the database never touch each other's tables."""
    schema = f"{prefix}_{secrets.token_hex(6)}"
    engine = create_engine(engine_url(url))
    with engine.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    try:
        yield url + ("&" if "?" in url else "?") + f"options=-csearch_path%3D{schema}"
    finally:
        with engine.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        engine.dispose()
