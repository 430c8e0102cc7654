"""Live updates: each open page holds a server-sent-event stream of its own seat's view."""

from __future__ import annotations

import asyncio
import json
import threading
from typing import AsyncIterator, Callable

from starlette.concurrency import run_in_threadpool

from .lobby import LiveTable

KEEPALIVE_SECONDS = 15.0


class Broker:
    """Wakes the streams of a table when it changes; each stream builds its own message."""

    def __init__(self):
        self._lock = threading.Lock()
        self._waiting: dict[str, set[tuple[asyncio.AbstractEventLoop, asyncio.Event]]] = {}

    def notify(self, table: LiveTable) -> None:
        """Called from any thread after a committed change of `table`."""
        with self._lock:
            waiting = list(self._waiting.get(table.id, ()))
        for loop, event in waiting:
            try:
                loop.call_soon_threadsafe(event.set)
            except RuntimeError:
                pass  # the loop has closed: the stream is gone

    def subscribers(self, table_id: str) -> int:
        """How many streams watch this table."""
        with self._lock:
            return len(self._waiting.get(table_id, ()))

    async def stream(self, table: LiveTable, build: Callable[[int], dict],
                     disconnected: Callable[[], "asyncio.Future[bool]"]) -> AsyncIterator[str]:
        """SSE text: the current payload, then one message per change of the table."""
        event = asyncio.Event()
        entry = (asyncio.get_running_loop(), event)
        with self._lock:
            self._waiting.setdefault(table.id, set()).add(entry)
        try:
            sent_steps, sent_version, sent_revision = 0, None, None
            while True:
                steps, version = len(table.steps), table.version
                if version != sent_version:
                    # After an undo the log is shorter than what was sent: send it whole.
                    start = sent_steps if steps >= sent_steps else 0
                    message = await run_in_threadpool(build, start)
                    # While a window's seat is withheld from this viewer, the decisions
                    # taken there change nothing it is shown: nothing is sent, so neither
                    # how many nor when (engine/forced.py).
                    if (message["version"], message["revision"]) != \
                            (sent_version, sent_revision):
                        sent_steps, sent_version = message["steps"], message["version"]
                        sent_revision = message["revision"]
                        yield (f"event: table\ndata: "
                               f"{json.dumps(message, ensure_ascii=False)}\n\n")
                try:
                    await asyncio.wait_for(event.wait(), KEEPALIVE_SECONDS)
                except asyncio.TimeoutError:
                    if await disconnected():
                        return
                    yield ": keepalive\n\n"
                event.clear()
        finally:
            with self._lock:
                waiting = self._waiting.get(table.id)
                if waiting is not None:
                    waiting.discard(entry)
                    if not waiting:
                        del self._waiting[table.id]
