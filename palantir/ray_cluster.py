"""Joining a Ray cluster, for the simulator's games (`--backend ray --address`) and the web
table's computer seats (`serve --ray`): one way to start a Ray here or join one by its
address, refused within seconds, with the option named, when nothing answers there.
"""

from __future__ import annotations

import logging
import os
import socket
import threading

import ray

from .engine.errors import PalantirError

# ray.init retries a silent address for many minutes: a port that answers but is not a
# Ray head (a typo naming another service) is refused after this long.
CONNECT_SECONDS = 30.0
# Nothing listening, or a host that does not answer: refused after this long, before Ray.
PROBE_SECONDS = 5.0
QUIET = {"include_dashboard": False, "logging_level": logging.ERROR, "log_to_driver": False}


class RayUnreachable(PalantirError):
    """No Ray could be started here or joined at the address given; the message names the
    option that gave it."""


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0]


def host_and_port(address: str, option: str = "--address") -> tuple[str, int]:
    """HOST and PORT of HOST:PORT or ray://HOST:PORT; refused naming the option."""
    text = address.removeprefix("ray://")
    host, colon, port = text.rpartition(":")
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise RayUnreachable(f"{option} '{address}': expected HOST:PORT, the address "
                             f"`ray start --head` prints (e.g. 10.0.0.5:6379), or auto")
    return host.strip("[]"), int(port)


def probe(address: str, option: str = "--address") -> None:
    """Refuse a HOST:PORT where nothing listens, within PROBE_SECONDS ("auto" is left to
    ray.init)."""
    if address == "auto":
        return
    host, port = host_and_port(address, option)
    try:
        with socket.create_connection((host, port), timeout=PROBE_SECONDS):
            pass
    except OSError as exc:
        reason = "no answer" if isinstance(exc, TimeoutError) else (exc.strerror or str(exc))
        raise RayUnreachable(f"{option} {address}: no Ray cluster there ({reason}); start "
                             f"one with `ray start --head` and give the address it "
                             f"prints") from None


def start_here(cpus: int | None, option: str) -> None:
    """A new Ray on this machine, listening on loopback only (never one that `ray start`
    left running here)."""
    try:
        ray.init(address="local", num_cpus=cpus, _node_ip_address="127.0.0.1", **QUIET)
    except (ConnectionError, ValueError, RuntimeError) as exc:
        raise RayUnreachable(f"{option}: could not start Ray here: {_first_line(exc)}") \
            from None


def join(address: str, option: str) -> None:
    """Join the running cluster at `address` (HOST:PORT, ray://HOST:PORT or "auto"),
    refused within PROBE_SECONDS + CONNECT_SECONDS when none answers there."""
    probe(address, option)
    failed: list[BaseException] = []

    def joining() -> None:
        try:
            ray.init(address=address, **QUIET)
        except Exception as exc:  # reported below, naming the option
            failed.append(exc)

    # In a thread because ray.init itself never gives up on an address that is silent;
    # a daemon thread, so a refused run exits without waiting for it.
    thread = threading.Thread(target=joining, name="palantir-ray-connect", daemon=True)
    thread.start()
    thread.join(CONNECT_SECONDS)
    if thread.is_alive():
        raise RayUnreachable(f"{option} {address}: no Ray cluster answered within "
                             f"{CONNECT_SECONDS:g} s (is it the address `ray start --head` "
                             f"printed?)")
    if failed:
        # Ray turns a missing token into a bare "failed to connect" after its retries.
        hint = "" if os.environ.get("RAY_AUTH_MODE", "").lower() == "token" else \
            ("; a cluster with token authentication (Ray's default) also needs "
             "RAY_AUTH_MODE=token and its token here (docs/analysis.md)")
        raise RayUnreachable(f"{option} {address}: {_first_line(failed[0])}{hint}")
