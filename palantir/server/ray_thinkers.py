"""Computer seats on a Ray cluster (`palantir serve --ray ADDRESS`).

Each decision is one Ray task that runs the same function on the same task dict as a local
worker does (the seat's view, never the whole state) and is waited for with the same
timeout. Ray retries nothing by itself: a task whose worker or node died comes back to the
runner as WorkerDied, which asks again, so every retry is counted in one place.
"""

from __future__ import annotations

import logging
import os
import threading
from typing import Callable

import ray
from ray.exceptions import GetTimeoutError, RayError, RayTaskError

from .. import ray_cluster
from ..ray_cluster import RayUnreachable
from .thinkers import (START_SECONDS, ThinkersUnavailable, WorkerDied, WorkerFailed,
                       warm_up_games)

log = logging.getLogger("palantir.server")

# Decisions in flight at once: one per CPU of the cluster (so Ray never queues one behind
# another and eats its clock), but a bounded number of the server's threads wait on them.
MAX_SLOTS = 64


@ray.remote(num_cpus=1, max_retries=0)
def _think_on_ray(function: Callable[[dict], str], task: dict) -> tuple[int, str]:
    """In a Ray worker: the decision, and the worker's pid to show where it was found."""
    return os.getpid(), function(task)


@ray.remote(num_cpus=1, max_retries=0)
def _ready() -> int:
    """In a Ray worker: the games warmed up, so the workers are ready before the first turn."""
    warm_up_games()
    return os.getpid()


def connect(address: str) -> bool:
    """Join the Ray cluster at `address` ("local": start one here; "auto": the one running
    on this machine, else start one); True if this call started Ray in this process."""
    if ray.is_initialized():
        return False
    try:
        if address == "local":
            ray_cluster.start_here(None, "--ray local")
        elif address == "auto":
            try:
                ray_cluster.join("auto", "--ray")
            except RayUnreachable:
                ray_cluster.start_here(None, "--ray auto")
        else:
            ray_cluster.join(address, "--ray")
    except RayUnreachable as exc:
        raise ThinkersUnavailable(str(exc)) from None
    return True


class RayThinkers:
    """Decisions as Ray tasks, as many at once as the cluster has CPUs (at most MAX_SLOTS)."""

    def __init__(self, address: str):
        self.started_ray = connect(address)
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.slots = max(1, min(cpus, MAX_SLOTS))
        self._pids: set[int] = set()
        self._lock = threading.Lock()
        self._closed = False
        try:
            ray.get([_ready.remote() for _ in range(self.slots)], timeout=START_SECONDS)
        except RayError as exc:  # the first turns may be slow, or fall to the heuristic
            log.warning("Ray workers not ready within %g s: %s", START_SECONDS, exc)

    def ask(self, function: Callable[[dict], str], task: dict, timeout: float) -> str:
        """`function(task)` in a Ray worker within `timeout` seconds."""
        if self._closed:
            raise WorkerFailed("the server is stopping")
        try:
            ref = _think_on_ray.remote(function, task)
        except RayError as exc:
            raise WorkerFailed(f"Ray refused the task: {type(exc).__name__}: {exc}") from None
        try:
            pid, answer = ray.get(ref, timeout=timeout)
        except GetTimeoutError:
            ray.cancel(ref, force=True)  # ends the worker: its search must not run on
            raise WorkerFailed(f"no decision within {timeout:g} s") from None
        except RayTaskError as exc:
            raise WorkerFailed(f"the agent raised:\n{exc}") from None
        except RayError as exc:  # the worker crashed, its node died, the result was lost
            raise WorkerDied(f"the Ray worker died: {type(exc).__name__}: {exc}") from None
        with self._lock:
            self._pids.add(pid)
        return answer

    def pids(self) -> list[int]:
        """The process ids of the Ray workers that have answered."""
        with self._lock:
            return sorted(self._pids)

    def close(self) -> None:
        """Take no more tasks; stop Ray if this server started it."""
        self._closed = True
        if self.started_ray:
            ray.shutdown()
