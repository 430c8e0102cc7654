"""Where computer seats think: a pool of local worker processes, or a Ray cluster.

Both backends answer `ask(function, task, timeout)` with the decision `function(task)`
returned in another process, and tell failures apart: `WorkerDied` when the process that
was thinking is gone (killed, crashed, its node lost), which the runner answers by asking
again on a fresh worker; any other `WorkerFailed` (the agent raised, overran its time, no
worker could start) is answered by the game's heuristic. A task holds only what its seat
may see, so it can be sent to any machine.

The local pool is the default. The Ray backend loads (and imports Ray) only when a cluster
is asked for, so the server runs without Ray installed.
"""

from __future__ import annotations

import importlib
import multiprocessing
import signal
import threading
import traceback
from typing import Callable, Protocol

from ..engine.errors import PalantirError
from ..engine.game import game_ids, get_game

# A fresh worker starts Python and imports the game before its clock starts.
START_SECONDS = 60.0

# The backends that need more than the standard library, loaded only when asked for.
BACKENDS = {"ray": ".ray_thinkers"}


class ThinkersUnavailable(PalantirError):
    """The backend asked for cannot be had (Ray not installed, no cluster at the address)."""


class WorkerFailed(Exception):
    """A worker crashed, overran its time, or raised: the message says which."""


class WorkerDied(WorkerFailed):
    """The process thinking about the task is gone: the task may be asked again."""


class Thinkers(Protocol):
    """Somewhere to think: `slots` decisions at once, each in a process of its own."""

    slots: int

    def ask(self, function: Callable[[dict], str], task: dict, timeout: float) -> str:
        """`function(task)` from a worker; WorkerDied or WorkerFailed if there is none."""

    def pids(self) -> list[int]:
        """The process ids of the workers (those seen so far, for a cluster)."""

    def close(self) -> None:
        """Stop every worker; an ask under way fails."""


def open_thinkers(workers: int, ray_address: str | None = None) -> Thinkers:
    """The local pool of `workers` processes, or the Ray cluster at `ray_address`."""
    if ray_address is None:
        return WorkerPool(workers)
    try:
        module = importlib.import_module(BACKENDS["ray"], __package__)
    except ModuleNotFoundError as exc:
        if exc.name != "ray":
            raise
        raise ThinkersUnavailable("--ray needs Ray: pip install 'ray>=2.9'") from None
    return module.RayThinkers(ray_address)


def warm_up_games() -> None:
    """In a worker, before its first task: every game compiles or loads what its agents
    need (Game.warm_up), within START_SECONDS, not within a decision's time limit."""
    for game_id in game_ids():
        get_game(game_id).warm_up()


def serve_tasks(conn) -> None:
    """In a worker process: answer the tasks that come down the pipe until it closes."""
    # Ctrl-C in the server's terminal is for the server: it stops the workers itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    warm_up_games()
    conn.send(("ready", None))
    while True:
        try:
            function, task = conn.recv()
        except (EOFError, OSError):
            return  # the server has gone away (even by kill -9): so does the worker
        try:
            answer = ("ok", function(task))
        except Exception:  # the server logs it and decides with the heuristic instead
            answer = ("error", traceback.format_exc())
        try:
            conn.send(answer)
        except (BrokenPipeError, OSError):
            return


class Worker:
    """One worker process and the pipe to it; thinks about one task at a time."""

    def __init__(self, context):
        self.conn, child = context.Pipe()
        self.process = context.Process(target=serve_tasks, args=(child,), daemon=True,
                                       name="palantir-agent")
        self.process.start()
        child.close()
        self.ready = False
        self._pipe_lock = threading.Lock()
        self._pipe_closed = False

    def ask(self, function: Callable[[dict], str], task: dict, timeout: float) -> str:
        """The worker's answer to `task`; WorkerDied if it dies, WorkerFailed if it raises
        or overruns."""
        try:
            if not self.ready:
                if not self.conn.poll(START_SECONDS):
                    raise WorkerFailed(f"the worker did not start within {START_SECONDS:g} s")
                self.conn.recv()
                self.ready = True
            self.conn.send((function, task))
            if not self.conn.poll(timeout):
                raise WorkerFailed(f"no decision within {timeout:g} s")
            kind, value = self.conn.recv()
        except (EOFError, OSError) as exc:
            self.process.join(1)  # so that its exit code is known
            raise WorkerDied(f"the worker died (exit code {self.process.exitcode}): "
                             f"{type(exc).__name__}") from None
        if kind != "ok":
            raise WorkerFailed(f"the agent raised:\n{value}")
        return value

    def kill(self, close_pipe: bool = True) -> None:
        """End the process now, whatever it is doing; close the pipe unless a thread reads it."""
        if self.process.is_alive():
            self.process.kill()
        self.process.join(5)
        if close_pipe:
            # One close only: the pipe's file number may already belong to someone else.
            with self._pipe_lock:
                if not self._pipe_closed:
                    self._pipe_closed = True
                    self.conn.close()


class WorkerPool:
    """At most `size` worker processes, started when first needed, replaced when killed."""

    def __init__(self, size: int, start_method: str = "spawn"):
        if size < 1:
            raise ValueError("a pool needs at least one worker")
        self.size = self.slots = size
        # spawn: the server runs threads, and forking a threaded process is unsafe.
        self.context = multiprocessing.get_context(start_method)
        self._idle: list[Worker] = []
        self._all: set[Worker] = set()
        self._lock = threading.Lock()
        self._closed = False

    def ask(self, function: Callable[[dict], str], task: dict, timeout: float) -> str:
        """Run `function(task)` in a worker; a worker that fails is killed, not reused."""
        with self._lock:
            if self._closed:
                raise WorkerFailed("the server is stopping")
            worker = self._idle.pop() if self._idle else None
            if worker is None:
                try:
                    worker = Worker(self.context)
                except Exception as exc:  # e.g. no process can be started: the heuristic plays
                    raise WorkerFailed(f"no worker could start: {type(exc).__name__}: "
                                       f"{exc}") from None
                self._all.add(worker)
        try:
            answer = worker.ask(function, task, timeout)
        except BaseException:
            self._discard(worker)
            raise
        with self._lock:
            if self._closed:
                worker.kill()
            else:
                self._idle.append(worker)
        return answer

    def pids(self) -> list[int]:
        """The process ids of the live workers."""
        with self._lock:
            return [w.process.pid for w in self._all if w.process.is_alive()]

    def close(self) -> None:
        """Kill every worker."""
        with self._lock:
            self._closed = True
            idle = set(self._idle)
            workers, self._all, self._idle = list(self._all), set(), []
        for worker in workers:
            # A busy worker's pipe is being read by its thread, which sees the process die
            # and closes the pipe itself; closing it here would race with that read.
            worker.kill(close_pipe=worker in idle)

    def _discard(self, worker: Worker) -> None:
        with self._lock:
            self._all.discard(worker)
            if worker in self._idle:
                self._idle.remove(worker)
        worker.kill()
