"""Games on a Ray cluster (`palantir simulate|analyze ... --backend ray [--address ADDR]`).

Each task is one chunk of games, run by the same function on the same tuple as a local
worker runs it, so a Ray run's results are the local run's. Without --address a Ray of
--workers CPUs is started on this machine for the run (loopback only) and stopped after.
A task whose worker or node dies is run again by Ray (its default three retries): a
chunk's games are seeded by their indices, so a retried chunk gives the same games.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from typing import Any, Callable, Iterable, Iterator

import ray
from ray.exceptions import RayTaskError

from .backends import BackendError

# ray.init retries a silent address for many minutes: a port that answers but is not a
# Ray head (a typo naming another service) is refused after this long.
CONNECT_SECONDS = 30.0
# Nothing listening, or a host that does not answer: refused after this long, before Ray.
PROBE_SECONDS = 5.0
# Chunks handed to Ray ahead of the free CPUs, so no CPU waits between two chunks.
AHEAD_PER_WORKER = 2


@ray.remote(num_cpus=1)
def _run_task(function: Callable[[Any], Any], task: Any) -> Any:
    """In a Ray worker: function(task), as a local worker process runs it."""
    return function(task)


def host_and_port(address: str) -> tuple[str, int]:
    """HOST and PORT of HOST:PORT or ray://HOST:PORT; refused naming --address."""
    text = address.removeprefix("ray://")
    host, colon, port = text.rpartition(":")
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise BackendError(f"--address '{address}': expected HOST:PORT, the address "
                           f"`ray start --head` prints (e.g. 10.0.0.5:6379), or auto")
    return host.strip("[]"), int(port)


def probe(address: str | None) -> None:
    """Refuse an address where nothing listens, within PROBE_SECONDS; "auto" and None
    (start a Ray here) are left to ray.init."""
    if address is None or address == "auto":
        return
    host, port = host_and_port(address)
    try:
        with socket.create_connection((host, port), timeout=PROBE_SECONDS):
            pass
    except OSError as exc:
        reason = "no answer" if isinstance(exc, TimeoutError) else (exc.strerror or str(exc))
        raise BackendError(f"--address {address}: no Ray cluster there ({reason}); start "
                           f"one with `ray start --head` and give the address it "
                           f"prints") from None


def connect(workers: int, address: str | None) -> bool:
    """Join the cluster at `address`, or start a Ray of `workers` CPUs here; True if this
    call started or joined Ray (and so should shut it down), False if this process was
    already connected (a program or a test that called ray.init itself)."""
    if ray.is_initialized():
        return False
    quiet = {"include_dashboard": False, "logging_level": logging.ERROR,
             "log_to_driver": False}
    if address is None:
        try:
            # "local": a new Ray, never one that `ray start` left running on this machine.
            ray.init(address="local", num_cpus=workers, _node_ip_address="127.0.0.1", **quiet)
        except (ConnectionError, ValueError, RuntimeError) as exc:
            raise BackendError(f"--backend ray: could not start Ray here: "
                               f"{_first_line(exc)}") from None
        return True
    failed: list[BaseException] = []

    def join() -> None:
        try:
            ray.init(address=address, **quiet)
        except Exception as exc:  # reported by the caller, naming --address
            failed.append(exc)

    # In a thread because ray.init itself never gives up on an address that is silent;
    # a daemon thread, so a refused run exits without waiting for it.
    joining = threading.Thread(target=join, name="palantir-ray-connect", daemon=True)
    joining.start()
    joining.join(CONNECT_SECONDS)
    if joining.is_alive():
        raise BackendError(f"--address {address}: no Ray cluster answered within "
                           f"{CONNECT_SECONDS:g} s (is it the address `ray start --head` "
                           f"printed?)")
    if failed:
        # Ray turns a missing token into a bare "failed to connect" after its retries.
        hint = "" if os.environ.get("RAY_AUTH_MODE", "").lower() == "token" else \
            ("; a cluster with token authentication (Ray's default) also needs "
             "RAY_AUTH_MODE=token and its token here (docs/analysis.md)")
        raise BackendError(f"--address {address}: {_first_line(failed[0])}{hint}")
    return True


class RayPool:
    """Chunks of games as Ray tasks; `workers` is the CPUs of the cluster."""

    def __init__(self, workers: int, address: str | None) -> None:
        self.requested = workers
        self.address = address
        self.workers = workers
        self._started = False
        self._pending: dict[Any, None] = {}

    def __enter__(self) -> "RayPool":
        self._started = connect(self.requested, self.address)
        self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        return self

    def __exit__(self, kind, error, trace) -> None:
        # An error or Ctrl-C: the chunks not yet finished must not run on.
        for ref in self._pending:
            ray.cancel(ref, force=True)
        self._pending.clear()
        if self._started:
            ray.shutdown()

    def imap_unordered(self, function: Callable[[Any], Any], tasks: Iterable[Any]
                       ) -> Iterator[Any]:
        """function(task) for every task on the cluster, in the order they finish; a task
        that raised raises its own error here (a game's message, not Ray's traceback)."""
        waiting = iter(tasks)
        ahead = self.workers * AHEAD_PER_WORKER

        def submit(count: int) -> None:
            for task in waiting:
                self._pending[_run_task.remote(function, task)] = None
                count -= 1
                if count <= 0:
                    return

        submit(ahead)
        while self._pending:
            done, _ = ray.wait(list(self._pending), num_returns=1)
            for ref in done:
                del self._pending[ref]
                try:
                    result = ray.get(ref)
                except RayTaskError as exc:
                    if isinstance(exc.cause, Exception):
                        raise exc.cause from None
                    raise
                submit(1)
                yield result


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0]
