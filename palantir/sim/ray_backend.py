"""Games on a Ray cluster (`palantir simulate|analyze ... --backend ray [--address ADDR]`).

Each task is one chunk of games, run by the same function on the same tuple as a local
worker runs it, so a Ray run's results are the local run's. Without --address a Ray of
--workers CPUs is started on this machine for the run (loopback only) and stopped after.
A task whose worker or node dies is run again by Ray (its default three retries): a
chunk's games are seeded by their indices, so a retried chunk gives the same games.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator

import ray
from ray.exceptions import RayTaskError

from .. import ray_cluster
from ..ray_cluster import RayUnreachable
from .backends import BackendError

# Chunks handed to Ray ahead of the free CPUs, so no CPU waits between two chunks.
AHEAD_PER_WORKER = 2


@ray.remote(num_cpus=1)
def _run_task(function: Callable[[Any], Any], task: Any) -> Any:
    """In a Ray worker: function(task), as a local worker process runs it."""
    return function(task)


def probe(address: str | None) -> None:
    """Refuse an address where nothing listens, within a few seconds; "auto" and None
    (start a Ray here) are left to ray.init."""
    if address is None:
        return
    try:
        ray_cluster.probe(address, "--address")
    except RayUnreachable as exc:
        raise BackendError(str(exc)) from None


def connect(workers: int, address: str | None) -> bool:
    """Join the cluster at `address`, or start a Ray of `workers` CPUs here; True if this
    call started or joined Ray (and so should shut it down), False if this process was
    already connected (a program or a test that called ray.init itself)."""
    if ray.is_initialized():
        return False
    try:
        if address is None:
            ray_cluster.start_here(workers, "--backend ray")
        else:
            ray_cluster.join(address, "--address")
    except RayUnreachable as exc:
        raise BackendError(str(exc)) from None
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

