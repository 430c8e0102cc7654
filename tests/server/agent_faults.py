"""Agents that misbehave inside a worker process, for the runner's tests (imported by name
in the worker, so they live in a module of their own)."""

from __future__ import annotations

import os
import time


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
