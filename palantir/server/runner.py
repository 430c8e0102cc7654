"""Computer seats: each decision is searched on a worker thread, then committed like a move."""

from __future__ import annotations

import logging
import threading
from concurrent.futures import ThreadPoolExecutor

from .lobby import LiveTable, Lobby, ServerError, make_seat_agent

log = logging.getLogger("palantir.server")


class AgentRunner:
    """Plays the computer seats of every table in the background, one thought at a time."""

    def __init__(self, lobby: Lobby, workers: int = 2):
        self.lobby = lobby
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="agent")
        self._closed = False
        self._lock = threading.Lock()

    def close(self) -> None:
        """Stop taking work; thoughts under way are abandoned."""
        self._closed = True
        self.pool.shutdown(wait=False, cancel_futures=True)

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

    def _think(self, table: LiveTable) -> None:
        try:
            with table.lock:
                state = table.state
                seat = state.to_move()
                if seat is None or table.seats[seat].kind != "agent":
                    return
                version = table.version
                view = state.view(seat)
                legal = state.legal_actions()
                agent = table.agents.get(seat)
                if agent is None:
                    spec = table.seats[seat]
                    agent = make_seat_agent(table.game, seat, spec.agent, spec.time_limit,
                                            seed=(table.seed or 0) + seat)
                    table.agents[seat] = agent
            # The search runs outside the table's lock: pages keep reading the table meanwhile.
            try:
                action = agent.choose(view, legal)
            except Exception:  # an agent's bug must not stall the table
                log.exception("agent %s at table %s failed; taking the first legal decision",
                              table.seats[seat].agent, table.id)
                action = legal[0]
            try:
                self.lobby.decide(table, seat, str(action), version=version)
            except ServerError as exc:
                log.error("agent %s at table %s: %s", table.seats[seat].agent, table.id, exc)
        finally:
            with table.lock:
                table.thinking = False
        self.kick(table)
