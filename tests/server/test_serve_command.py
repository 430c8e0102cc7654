"""`palantir serve` as a newcomer meets it (issue 10, item 11): the banner names the address
actually served and never a password, the default database lives in a data folder, SIGTERM
stops the server even while a request is stuck, a busy port is a clear message."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time

import httpx

from palantir.server.app import listening_socket

from .live_server import ROOT, free_port, wait_until


def serve(args: list[str], cwd, **env) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "palantir.cli", "serve", *args], cwd=cwd,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT), **env})


def banner(process: subprocess.Popen) -> list[str]:
    lines = [process.stdout.readline(), process.stdout.readline()]
    assert all(lines), "the server printed its banner"
    return lines


def test_the_banner_names_the_port_served_and_the_data_folder(tmp_path):
    process = serve(["--port", "0"], tmp_path)
    try:
        first, second = banner(process)
        assert first.startswith("palantir table at http://127.0.0.1:")
        port = int(first.split(":")[2].split("/")[0])
        assert port != 0
        assert httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=10).status_code == 200
        assert str(tmp_path / "data" / "palantir.db") in second
        created = httpx.post(f"http://127.0.0.1:{port}/api/tables", timeout=10, json={
            "game": "journey-to-mordor", "seats": ["human"]})
        assert created.status_code == 201
        # The database and its write-ahead log stay in the data folder.
        assert sorted(p.name for p in tmp_path.iterdir()) == ["data"]
        assert (tmp_path / "data" / "palantir.db").exists()
    finally:
        process.terminate()
        process.wait(15)


def test_the_banner_never_shows_a_database_password(tmp_path):
    # A server that cannot reach its PostgreSQL still must not print the password.
    url = f"postgresql://someone:s3cret-word@127.0.0.1:{free_port()}/nothing"
    process = serve(["--port", "0", "--database", url], tmp_path)
    output, _ = process.communicate(timeout=60)
    assert "s3cret-word" not in output
    assert process.returncode != 0


def test_a_busy_port_is_a_clear_message(tmp_path):
    port = free_port()
    first = serve(["--port", str(port)], tmp_path)
    try:
        banner(first)
        second = serve(["--port", str(port)], tmp_path)
        output, _ = second.communicate(timeout=60)
        assert second.returncode == 2
        assert f"cannot serve on 127.0.0.1:{port}" in output and "Traceback" not in output
    finally:
        first.terminate()
        first.wait(15)


def test_sigterm_stops_the_server_while_a_stream_is_open(tmp_path):
    process = serve(["--port", "0"], tmp_path)
    first, _ = banner(process)
    port = int(first.split(":")[2].split("/")[0])
    base = f"http://127.0.0.1:{port}"
    created = httpx.post(f"{base}/api/tables", timeout=10, json={
        "game": "journey-to-mordor", "seats": ["human"]}).json()
    with httpx.Client(base_url=base, timeout=httpx.Timeout(10, read=None)) as client, \
            client.stream("GET", f"/api/tables/{created['id']}/events") as stream:
        next(stream.iter_lines())  # the stream is open and being served
        started = time.monotonic()
        os.kill(process.pid, signal.SIGTERM)
        wait_until(lambda: process.poll() is not None, timeout=20)
        assert time.monotonic() - started < 15


def test_every_connection_is_served_without_nagle_delays():
    """Found by the load benchmark: a socket bound without naming TCP got no TCP_NODELAY
    from asyncio, and each answer on a reused connection waited for a delayed ACK."""
    sock = listening_socket("127.0.0.1", 0)
    seen: list[int] = []

    async def serve_one():
        done = asyncio.get_running_loop().create_future()

        class Probe(asyncio.Protocol):
            def connection_made(self, transport):
                raw = transport.get_extra_info("socket")
                seen.append(raw.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
                transport.close()
                done.set_result(None)

        server = await asyncio.get_running_loop().create_server(Probe, sock=sock)
        port = sock.getsockname()[1]
        _reader, writer = await asyncio.open_connection("127.0.0.1", port)
        await asyncio.wait_for(done, 10)
        writer.close()
        server.close()

    asyncio.run(serve_one())
    assert seen == [1]
