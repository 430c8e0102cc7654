"""Where a batch's games are played: local processes (the default) or a Ray cluster
(`--backend ray [--address ADDR]`, the optional extra palantir[ray]).

A backend only carries tasks to workers and their results back; the seeds come from the
game's index (runner.game_seed) and the results are summed in index order, so every
backend gives the same figures for the same --seed.
"""

from __future__ import annotations

import importlib
import multiprocessing
import signal
from typing import Any, Callable, Iterable, Iterator

from ..engine.errors import PalantirError

BACKENDS = ("local", "ray")
RAY_INSTALL = "pip install 'palantir[ray]'"


class BackendError(PalantirError):
    """--backend or --address cannot be used as given; the message names the option."""


def check_backend(backend: str, address: str | None) -> None:
    """Refuse, naming the option, a backend that cannot run before any game is played:
    an unknown name, --address without Ray, Ray not installed, an address nothing answers."""
    if backend not in BACKENDS:
        raise BackendError(f"--backend: expected one of {', '.join(BACKENDS)}, got '{backend}'")
    if address is not None and backend != "ray":
        raise BackendError(f"--address {address}: a Ray cluster's address; give it with "
                           f"--backend ray")
    if backend == "ray":
        ray_backend().probe(address)


def ray_backend():
    """The Ray backend's module, imported only when asked for (Ray is an optional extra)."""
    try:
        return importlib.import_module(".ray_backend", __package__)
    except ImportError as exc:
        if exc.name != "ray":
            raise
        raise BackendError(f"--backend ray: needs Ray, which is not installed; "
                           f"{RAY_INSTALL}") from None


def open_pool(backend: str, workers: int, address: str | None = None):
    """The workers of a run as a context manager with `workers` (how many play at once)
    and `imap_unordered(function, tasks)`; leaving it stops them, also on an error."""
    if backend == "ray":
        return ray_backend().RayPool(workers, address)
    return LocalPool(workers)


class LocalPool:
    """`workers` forked processes of this machine."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: Any = None

    def __enter__(self) -> "LocalPool":
        self._pool = multiprocessing.Pool(self.workers, initializer=_ignore_interrupts)
        return self

    def __exit__(self, kind, error, trace) -> None:
        self._pool.terminate()  # also on an error or Ctrl-C: no game runs on

    def imap_unordered(self, function: Callable[[Any], Any], tasks: Iterable[Any]
                       ) -> Iterator[Any]:
        """function(task) for every task, in the order they finish."""
        return self._pool.imap_unordered(function, tasks)


def _ignore_interrupts() -> None:
    # Ctrl-C reaches the whole process group; only the parent should react, by
    # terminating the pool, or a worker interrupted mid-handoff can deadlock it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
