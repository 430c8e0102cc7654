"""Agents that misbehave inside a worker process, for the runner's tests (imported by name
in the worker, so they live in a module of their own)."""

from __future__ import annotations

import os
import time

from palantir.server.thinkers import serve_tasks


def crash(task: dict) -> str:
    """The worker process dies without a word, as on a segfault or an out-of-memory kill."""
    os._exit(3)


def hang(task: dict) -> str:
    """The worker never answers."""
    time.sleep(3600)
    return task["legal"][0]


def raise_error(task: dict) -> str:
    """The agent has a bug."""
    raise ValueError("an agent's bug")


def illegal(task: dict) -> str:
    """An answer the rules refuse (a worker may not be trusted any more than a person)."""
    return "advance 99"


def worker_pid(task: dict) -> str:
    """Writes the worker's pid beside the test, then decides like the first legal decision."""
    with open(os.environ["PALANTIR_TEST_PID_FILE"], "a") as out:
        out.write(f"{os.getpid()}\n")
    return task["legal"][0]


def note_start(task: dict) -> str:
    """Notes which decision starts when (its seed, the time), thinks 0.05 s, then decides
    like the first legal decision: a stand-in for a search, to watch the scheduling."""
    with open(os.environ["PALANTIR_TEST_NOTES"], "a") as out:
        out.write(f"{task['seed']} {time.time():.6f}\n")
    time.sleep(0.05)
    return task["legal"][0]


def slow_first(task: dict) -> str:
    """Writes the worker's pid; the first decision ever noted then thinks for a minute (to be
    killed meanwhile), the others decide at once like the first legal decision."""
    with open(os.environ["PALANTIR_TEST_PID_FILE"], "a+") as out:
        out.seek(0)
        first = not out.read()
        out.write(f"{os.getpid()}\n")
    if first:
        time.sleep(60)
    return task["legal"][0]


def think_a_second(task: dict) -> str:
    """Writes the worker's pid, thinks a second, then decides like the first legal decision."""
    with open(os.environ["PALANTIR_TEST_PID_FILE"], "a") as out:
        out.write(f"{os.getpid()}\n")
    time.sleep(1.0)
    return task["legal"][0]


def slow_start(conn) -> None:
    """A worker process that takes 1.5 s to start (a busy machine), then serves as usual."""
    time.sleep(1.5)
    serve_tasks(conn)
