"""Computer seats: each decision is searched in a worker process, then committed like a move.

The search runs in separate processes so that it never holds the server's GIL: pages,
streams and people's decisions stay quick while computers think. A worker is sent only
what its seat may see — the game id, the options, the seat's view and the notation of the
legal decisions — with the agent spec, the time limit and a seed, and answers with a
decision in notation, which the server checks and applies as it would any seat's. A worker
that crashes, or is still thinking past the seat's time limit, is killed and replaced, and
that decision falls back to the game's heuristic agent, so no table is ever stuck.
"""

from __future__ import annotations

import logging
import multiprocessing
import random
import signal
import threading
import traceback
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable

from .lobby import DEFAULT_TIME_LIMIT, LiveTable, Lobby, ServerError, make_seat_agent

log = logging.getLogger("palantir.server")

# Beyond the seat's time limit: rebuilding the position, the messages, a busy machine.
GRACE_SECONDS = 3.0
# A fresh worker starts Python and imports the game before its clock starts.
START_SECONDS = 60.0


def think(task: dict[str, Any]) -> str:
    """In a worker: the seat's decision (notation), found from the seat's view alone."""
    from ..engine.dice import SeededDice
    from ..engine.game import get_game
    game = get_game(task["game"])
    # A position consistent with the view, only to read the legal decisions' notation.
    position = game.state_from_view(task["view"], SeededDice(task["seed"], record=False))
    legal = [position.parse_action(text) for text in task["legal"]]
    agent = make_seat_agent(game, task["seat"], task["agent"], task["time_limit"],
                            seed=task["seed"], options=task["options"])
    return str(agent.choose(task["view"], legal))


def _serve(conn) -> None:
    # Ctrl-C in the server's terminal is for the server: it stops the workers itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
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


class WorkerFailed(Exception):
    """A worker crashed, overran its time, or raised: the message says which."""


class Worker:
    """One worker process and the pipe to it; thinks about one task at a time."""

    def __init__(self, context):
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child,), daemon=True,
                                       name="palantir-agent")
        self.process.start()
        child.close()
        self.ready = False
        self._pipe_lock = threading.Lock()
        self._pipe_closed = False

    def ask(self, function: Callable[[dict], str], task: dict, timeout: float) -> str:
        """The worker's answer to `task`; WorkerFailed if it crashes, raises or overruns."""
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
            raise WorkerFailed(f"the worker died (exit code {self.process.exitcode}): "
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
        self.size = size
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


def decision_seed(table_seed: int | None, seat: int, version: int) -> int:
    """The agent's seed for one decision: the same after a restart, new for every decision."""
    return random.Random(f"{table_seed}/{seat}/{version}").getrandbits(62)


class AgentRunner:
    """Plays the computer seats of every table in the background, in worker processes.

    One thread per worker waits for each decision, so a decision never queues inside the
    process pool and the time a worker is given is all thinking time.
    """

    def __init__(self, lobby: Lobby, workers: int = 2):
        self.lobby = lobby
        self.workers = WorkerPool(workers)
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="agent")
        self.think: Callable[[dict], str] = think  # tests put a crashing agent here
        self.grace = GRACE_SECONDS
        self._closed = False

    def close(self) -> None:
        """Stop taking work; thoughts under way are abandoned and the workers killed."""
        self._closed = True
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.workers.close()

    def kick(self, table: LiveTable) -> None:
        """If a computer seat is to move at `table`, start its thinking (once)."""
        if self._closed or table.source != "play":
            return
        with table.lock:
            seat = table.state.to_move()
            if seat is None or table.seats[seat].kind != "agent" or table.thinking:
                return
            table.thinking = True
        try:
            self.pool.submit(self._think, table)
        except RuntimeError:
            table.thinking = False  # the pool has shut down

    def task_for(self, table: LiveTable) -> tuple[dict, list, int] | None:
        """What a worker is sent for the seat to move, its legal decisions and the version."""
        with table.lock:
            state = table.state
            seat = state.to_move()
            if seat is None or table.seats[seat].kind != "agent":
                return None
            spec = table.seats[seat]
            legal = state.legal_actions()
            version = table.version
            task = {"game": table.game.id, "options": table.record.options, "seat": seat,
                    "view": state.view(seat), "legal": [str(a) for a in legal],
                    "agent": spec.agent, "time_limit": spec.time_limit or DEFAULT_TIME_LIMIT,
                    "seed": decision_seed(table.seed, seat, version)}
        return task, legal, version

    def _think(self, table: LiveTable) -> None:
        try:
            found = self.task_for(table)
            if found is None:
                return
            task, legal, version = found
            seat = task["seat"]
            try:
                action = self.workers.ask(self.think, task, task["time_limit"] + self.grace)
            except WorkerFailed as exc:
                if self._closed:
                    return
                log.warning("agent %s at table %s (seat %d): %s; the heuristic agent decides",
                            task["agent"], table.id, seat, exc)
                action = self._fallback(table, task, legal)
            try:
                self.lobby.decide(table, seat, action, version=version)
            except ServerError as exc:
                log.warning("agent %s at table %s (seat %d) answered %r, refused: %s; the "
                            "heuristic agent decides", task["agent"], table.id, seat, action,
                            exc)
                self._decide_or_log(table, seat, self._fallback(table, task, legal), version)
        except Exception:  # a bug here must not leave the table thinking forever
            log.exception("computer seat at table %s failed", table.id)
        finally:
            with table.lock:
                table.thinking = False
        self.kick(table)

    def _fallback(self, table: LiveTable, task: dict, legal: list) -> str:
        # The heuristic is quick, so it runs here; if even it fails, the first decision.
        try:
            agent = table.game.heuristic_agent(task["seat"], task["seed"])
            return str(agent.choose(task["view"], legal))
        except Exception:
            log.exception("heuristic agent at table %s failed; taking the first legal "
                          "decision", table.id)
            return str(legal[0])

    def _decide_or_log(self, table: LiveTable, seat: int, action: str, version: int) -> None:
        try:
            self.lobby.decide(table, seat, action, version=version)
        except ServerError as exc:
            log.error("computer seat %d at table %s: %r refused: %s", seat, table.id, action,
                      exc)

