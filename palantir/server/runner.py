"""Computer seats: each decision is searched in a worker process, then committed like a move.

The search runs in separate processes (a local pool, or a Ray cluster: see thinkers.py) so
that it never holds the server's GIL: pages, streams and people's decisions stay quick while
computers think. A worker is sent only what its seat may see — the game id, the options,
the seat's view and the notation of the legal decisions — with the agent spec, the time
limit and a seed, and answers with a decision in notation, which the server checks and
applies as it would any seat's.

Tables share the workers fairly. A table whose computer seat must move waits in one queue,
once; the next free worker goes to the table that has waited longest, and a table whose
computers take decision after decision (computer against computer) queues again behind
every table already waiting, so tables take turns. A table where a person waits for the
computer counts as having waited PERSON_HEAD_START seconds longer: it goes ahead of tables
of computers only, which still move within that bound however many people play.

Nothing is lost. A worker that dies while thinking (killed, crashed, its Ray node gone)
puts the decision back at the head of the queue, for a fresh worker, up to RETRIES times;
after that, or when the agent raises, overruns its time limit or answers something illegal,
the game's heuristic agent decides. Several server processes on one database take the turn
in a lease first (Lobby.claim_turn), so one process thinks per table; a sweeper renews the
leases of thoughts under way and takes up turns whose lease has lapsed — the seats of a
server process that died.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import random
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from ..engine.dice import SeededDice
from ..engine.game import get_game
from .lobby import DEFAULT_TIME_LIMIT, LiveTable, Lobby, ServerError, make_seat_agent
from .thinkers import WorkerDied, WorkerFailed, open_thinkers

log = logging.getLogger("palantir.server")

# Beyond the seat's time limit: rebuilding the position, the messages, a busy machine.
GRACE_SECONDS = 3.0
# A table where a person waits for the computer is served as if it had waited this much longer.
PERSON_HEAD_START = 30.0
# A decision whose worker died is asked again this many times before the heuristic decides.
RETRIES = 2
# How often leases are renewed and lapsed turns (another process's, or ours) looked for.
SWEEP_SECONDS = 2.0

# What became of a turn taken from the queue.
DECIDED, REQUEUED, LEFT = "decided", "requeued", "left"


def think(task: dict[str, Any]) -> str:
    """In a worker: the seat's decision (notation), found from the seat's view alone."""
    game = get_game(task["game"])
    # A position consistent with the view, only to read the legal decisions' notation.
    position = game.state_from_view(task["view"], SeededDice(task["seed"], record=False))
    legal = [position.parse_action(text) for text in task["legal"]]
    agent = make_seat_agent(game, task["seat"], task["agent"], task["time_limit"],
                            seed=task["seed"], options=task["options"])
    return str(agent.choose(task["view"], legal))


def decision_seed(table_seed: int | None, seat: int, version: int) -> int:
    """The agent's seed for one decision: the same after a restart, new for every decision."""
    return random.Random(f"{table_seed}/{seat}/{version}").getrandbits(62)


@dataclass(order=True)
class Turn:
    """A table waiting for a worker: served in order of `rank` (lower first)."""

    rank: float
    order: int
    table: LiveTable = field(compare=False)
    waiting_since: float = field(compare=False)
    attempt: int = field(default=0, compare=False)


class TurnQueue:
    """The tables waiting for a worker, longest-waiting (with a person's head start) first."""

    def __init__(self):
        self._heap: list[Turn] = []
        self._order = itertools.count()
        self._ready = threading.Condition()
        self._closed = False

    def put(self, table: LiveTable, waiting_since: float, head_start: float,
            attempt: int = 0) -> None:
        """Queue `table`, waiting since `waiting_since` (time.monotonic())."""
        with self._ready:
            heapq.heappush(self._heap, Turn(waiting_since - head_start, next(self._order),
                                            table, waiting_since, attempt))
            self._ready.notify()

    def get(self) -> Turn | None:
        """The next table to think for; None once the queue is closed."""
        with self._ready:
            while not self._heap and not self._closed:
                self._ready.wait()
            if self._closed:
                return None
            return heapq.heappop(self._heap)

    def __len__(self) -> int:
        with self._ready:
            return len(self._heap)

    def close(self) -> list[Turn]:
        """Wake every waiting thread with None; returns the turns that were waiting."""
        with self._ready:
            self._closed = True
            left, self._heap = self._heap, []
            self._ready.notify_all()
        return left


@dataclass
class Lease:
    """A computer turn this process holds in the database while its worker thinks."""

    table: LiveTable
    version: int
    seconds: float
    lost: bool = False


class AgentRunner:
    """Plays the computer seats of every table in the background, fairly between tables.

    One thread per worker slot takes the next table from the queue and waits for its
    worker, so a decision never queues inside the pool and the time a worker is given is
    all thinking time; one sweeper thread keeps the leases. No thread is made per table.
    """

    def __init__(self, lobby: Lobby, workers: int = 2, ray_address: str | None = None, *,
                 sweep_seconds: float = SWEEP_SECONDS):
        self.lobby = lobby
        self.workers = open_thinkers(workers, ray_address)
        self.think: Callable[[dict], str] = think  # tests put a crashing agent here
        self.grace = GRACE_SECONDS
        self.retries = RETRIES
        self.sweep_seconds = sweep_seconds
        self.queue = TurnQueue()
        self._leases: dict[str, Lease] = {}
        self._leases_lock = threading.Lock()
        self._closed = False
        self._stop = threading.Event()
        self._threads = [threading.Thread(target=self._serve_turns, daemon=True,
                                          name=f"agent-{i}")
                         for i in range(self.workers.slots)]
        self._threads.append(threading.Thread(target=self._sweep, daemon=True,
                                              name="agent-sweeper"))
        for thread in self._threads:
            thread.start()

    def close(self) -> None:
        """Stop taking work; thoughts under way are abandoned and the workers killed."""
        self._closed = True
        self._stop.set()
        for turn in self.queue.close():
            turn.table.thinking = False
        self.workers.close()

    # ----- queueing ------------------------------------------------------------------

    def kick(self, table: LiveTable) -> None:
        """If a computer seat is to move at `table`, queue the table (once)."""
        if self._closed or table.source != "play":
            return
        with table.lock:
            seat = table.state.to_move()
            if seat is None or table.seats[seat].kind != "agent" or table.thinking:
                return
            table.thinking = True
            person_waits = any(s.kind == "human" for s in table.seats)
        self.queue.put(table, time.monotonic(), PERSON_HEAD_START if person_waits else 0.0)

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

    # ----- thinking ------------------------------------------------------------------

    def _serve_turns(self) -> None:
        while True:
            turn = self.queue.get()
            if turn is None:
                return
            outcome = self._take_turn(turn)
            if outcome == REQUEUED:
                continue  # still thinking
            with turn.table.lock:
                turn.table.thinking = False
            if outcome == DECIDED:
                self.kick(turn.table)  # the computer may have the next decision too
            # Otherwise another process holds the turn, or something failed: the sweeper
            # queues the table again once nobody holds its turn, rather than spinning here.

    def _take_turn(self, turn: Turn) -> str:
        """Think and decide for the table: DECIDED, REQUEUED (its worker died) or LEFT."""
        table = turn.table
        lease = None
        try:
            found = self.task_for(table)
            if found is None or self._closed:
                return LEFT
            task, legal, version = found
            seat = task["seat"]
            timeout = task["time_limit"] + self.grace
            if not self.lobby.claim_turn(table, version, timeout):
                return LEFT  # another server process thinks here
            lease = Lease(table, version, timeout)
            with self._leases_lock:
                self._leases[table.id] = lease
            try:
                action = self.workers.ask(self.think, task, timeout)
            except WorkerDied as exc:
                if self._closed:
                    return LEFT
                if turn.attempt < self.retries:
                    log.warning("agent %s at table %s (seat %d): %s; the decision is "
                                "re-queued for a fresh worker", task["agent"], table.id,
                                seat, exc)
                    # At the head of the queue: it has waited since its turn began.
                    self.queue.put(table, turn.waiting_since, turn.waiting_since - turn.rank,
                                   turn.attempt + 1)
                    return REQUEUED
                log.warning("agent %s at table %s (seat %d): %s, %d times; the heuristic "
                            "agent decides", task["agent"], table.id, seat, exc,
                            turn.attempt + 1)
                action = self._fallback(table, task, legal)
            except WorkerFailed as exc:
                if self._closed:
                    return LEFT
                log.warning("agent %s at table %s (seat %d): %s; the heuristic agent decides",
                            task["agent"], table.id, seat, exc)
                action = self._fallback(table, task, legal)
            if lease.lost:
                log.warning("table %s: another server process took the computer turn; this "
                            "answer is dropped", table.id)
                return LEFT
            try:
                self.lobby.decide(table, seat, action, version=version)
            except ServerError as exc:
                log.warning("agent %s at table %s (seat %d) answered %r, refused: %s; the "
                            "heuristic agent decides", task["agent"], table.id, seat, action,
                            exc)
                self._decide_or_log(table, seat, self._fallback(table, task, legal), version)
            return DECIDED
        except Exception:  # a bug here must not leave the table thinking forever
            log.exception("computer seat at table %s failed", table.id)
            return LEFT
        finally:
            if lease is not None:
                with self._leases_lock:
                    self._leases.pop(table.id, None)
                try:
                    self.lobby.release_turn(table, lease.version)
                except Exception:  # the lease lapses by itself
                    log.exception("releasing the computer turn at table %s failed", table.id)

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

    # ----- leases across server processes --------------------------------------------

    def _sweep(self) -> None:
        while not self._stop.wait(self.sweep_seconds):
            try:
                self.sweep()
            except Exception:  # the database may be away a moment: try again next time
                log.exception("looking for lapsed computer turns failed")

    def sweep(self) -> None:
        """Renew the leases of thoughts under way; queue the turns nobody holds."""
        with self._leases_lock:
            leases = list(self._leases.values())
        for lease in leases:
            if not self.lobby.claim_turn(lease.table, lease.version, lease.seconds):
                lease.lost = True
        for table in self.lobby.lapsed_turns():
            self.kick(table)
