"""Storage of tables: SQLAlchemy Core over SQLite (default) or PostgreSQL.

A table is stored as its record (game, options, seed, events) plus its seats; the state is
never stored, it is rebuilt by replaying the events. Each write is one transaction that is
committed before the method returns, so an accepted move survives a killed process.

The database is the truth and every server process only caches it: a write names the number
of events it was based on and is refused (`Stale`) when the table has moved on meanwhile, so
a decision is applied exactly once however many requests or processes race for it. On
PostgreSQL every committed change is announced with NOTIFY, so the other processes' pages
follow at once (`listen`).
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

import psycopg
from sqlalchemy import (JSON, BigInteger, Column, Float, ForeignKey, Integer, MetaData,
                        String, Table, create_engine, delete, event, exists, func,
                        inspect, insert, or_, select, text, update)
from sqlalchemy.engine import Engine, make_url

log = logging.getLogger("palantir.server")
CHANNEL = "palantir_tables"  # the PostgreSQL NOTIFY channel of committed changes

metadata = MetaData()

tables = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=True),
    Column("source", String(16), nullable=False),   # "play" or "upload"
    Column("status", String(16), nullable=False, index=True),  # "open" or "finished"
    Column("result", JSON, nullable=True),
    Column("events", Integer, nullable=False, default=0),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("to_move", Integer, nullable=True),      # the seat that must decide, if any
    Column("thinker", String(64), nullable=True),   # the process thinking for a computer seat
    Column("think_until", Float, nullable=True),    # ... until then; afterwards anyone may
    Column("watched", Float, nullable=True),        # an uploaded record: last looked at
    # Decisions taken back so far: with the count of events it names one history, since
    # between two take-backs the events only grow.
    Column("takebacks", Integer, nullable=False, default=0, server_default="0"),
    # The full position the game started from (docs/positions.md); null: the set-up.
    Column("position", JSON, nullable=True),
)

# Columns added after the first release: an older database gains them on opening.
LATER_COLUMNS = ("to_move", "thinker", "think_until", "watched", "takebacks", "position")

seats = Table(
    "seats", metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"),
           primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),      # "human", "agent" or "record"
    Column("agent", String(64), nullable=True),
    Column("time_limit", Float, nullable=True),
    Column("token_hash", String(64), nullable=True),
)

events = Table(
    "events", metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"),
           primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("event", JSON, nullable=False),
)


@dataclass
class SeatRow:
    """One seat as stored: who sits there and the hash of its private token."""

    seat: int
    kind: str
    agent: str | None = None
    time_limit: float | None = None
    token_hash: str | None = None


@dataclass
class TableRow:
    """One stored table: its record header, seats and events."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int | None
    source: str
    status: str
    result: dict[str, Any] | None
    created: float
    updated: float
    seats: list[SeatRow] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    takebacks: int = 0
    position: dict[str, Any] | None = None  # the full position it started from, if any


class Stale(Exception):
    """The table has changed in storage since the write's version was read."""


def engine_url(url: str) -> str:
    """The SQLAlchemy URL for a user's URL: plain postgresql:// means the psycopg 3 driver."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def shown_url(url: str) -> str:
    """The database URL fit to print: any password is masked."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # not a URL SQLAlchemy reads: show only its scheme
        return url.split(":", 1)[0] + ":…"


class Storage:
    """Tables, seats and events in one database."""

    def __init__(self, url: str):
        self.url = engine_url(url)
        if self.url.startswith("sqlite"):
            self.engine: Engine = create_engine(
                self.url, connect_args={"check_same_thread": False, "timeout": 30})
            event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            self.engine = create_engine(self.url, pool_pre_ping=True, pool_size=10,
                                        max_overflow=20)
        self.postgres = self.engine.dialect.name == "postgresql"
        # SQLite has one writer at a time; its busy handler sleeps in growing steps while
        # another connection writes, which is where slow answers came from. Writers of one
        # process take turns on this lock instead, and SQLite never has to wait.
        self._write_lock = threading.Lock() if not self.postgres else None
        self._writer = None  # SQLite: the connection every write of this process uses
        metadata.create_all(self.engine)
        self._add_later_columns()

    def _add_later_columns(self) -> None:
        present = {c["name"] for c in inspect(self.engine).get_columns("tables")}
        with self.engine.begin() as conn:
            for name in LATER_COLUMNS:
                if name not in present:
                    column = tables.c[name]
                    kind = column.type.compile(dialect=self.engine.dialect)
                    default = " NOT NULL DEFAULT 0" if name == "takebacks" else ""
                    conn.execute(text(f"ALTER TABLE tables ADD COLUMN {name} {kind}{default}"))

    def _writing(self):
        """A transaction for a write (SQLite: one writer of this process at a time)."""
        return _Writing(self)

    def _announce(self, conn, table_id: str, version: int) -> None:
        if self.postgres:
            conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                         {"channel": CHANNEL, "payload": f"{table_id} {version}"})

    def close(self) -> None:
        """Release every pooled connection."""
        if self._write_lock is not None:
            with self._write_lock:
                if self._writer is not None:
                    self._writer.close()
                    self._writer = None
        self.engine.dispose()

    def create(self, row: TableRow, to_move: int | None = None) -> None:
        """Store a new table with its seats and first events, in one transaction."""
        with self._writing() as conn:
            conn.execute(insert(tables).values(
                id=row.id, game=row.game, options=row.options, seed=row.seed,
                source=row.source, status=row.status, result=row.result,
                events=len(row.events), created=row.created, updated=row.updated,
                to_move=to_move, watched=row.updated if row.source == "upload" else None,
                position=row.position))
            if row.seats:  # an empty list would insert one row of defaults
                conn.execute(insert(seats), [
                    {"table_id": row.id, "seat": s.seat, "kind": s.kind, "agent": s.agent,
                     "time_limit": s.time_limit, "token_hash": s.token_hash}
                    for s in row.seats])
            self._insert_events(conn, row.id, 0, row.events)

    def append(self, table_id: str, start: int, new_events: list[dict[str, Any]],
               status: str, result: dict[str, Any] | None,
               to_move: int | None = None, takebacks: int = 0) -> None:
        """Add events from index `start` and update the status, in one transaction.

        Raises Stale, writing nothing, unless the table holds exactly `start` events after
        `takebacks` take-backs now: of two writes based on the same history only the first
        is taken."""
        with self._writing() as conn:
            moved = conn.execute(update(tables).where(
                tables.c.id == table_id, tables.c.events == start,
                tables.c.takebacks == takebacks).values(
                events=start + len(new_events), status=status, result=result,
                updated=time.time(), to_move=to_move, thinker=None, think_until=None))
            if moved.rowcount != 1:
                raise Stale(table_id)
            self._insert_events(conn, table_id, start, new_events)
            self._announce(conn, table_id, start + len(new_events))

    def truncate(self, table_id: str, version: int, keep: int, status: str,
                 result: dict[str, Any] | None, to_move: int | None = None,
                 takebacks: int = 0) -> None:
        """Drop every event from index `keep` on (a decision taken back); Stale unless
        the table holds exactly `version` events after `takebacks` take-backs now."""
        with self._writing() as conn:
            moved = conn.execute(update(tables).where(
                tables.c.id == table_id, tables.c.events == version,
                tables.c.takebacks == takebacks).values(
                events=keep, status=status, result=result, updated=time.time(),
                to_move=to_move, thinker=None, think_until=None,
                takebacks=takebacks + 1))
            if moved.rowcount != 1:
                raise Stale(table_id)
            conn.execute(delete(events).where(events.c.table_id == table_id,
                                              events.c.idx >= keep))
            self._announce(conn, table_id, keep)

    def version_of(self, table_id: str) -> tuple[int, int] | None:
        """(events, take-backs) the table holds now, or None if there is no such table."""
        with self.engine.connect() as conn:
            row = conn.execute(select(tables.c.events, tables.c.takebacks).where(
                tables.c.id == table_id)).first()
        return None if row is None else (row.events, row.takebacks)

    def events_from(self, table_id: str, start: int) -> list[dict[str, Any]]:
        """The table's events from index `start` on."""
        with self.engine.connect() as conn:
            return [r.event for r in conn.execute(
                select(events.c.event).where(events.c.table_id == table_id,
                                             events.c.idx >= start)
                .order_by(events.c.idx))]

    # ----- who thinks for a computer seat ---------------------------------------------

    def claim_turn(self, table_id: str, version: int, owner: str, seconds: float) -> bool:
        """Hold the computer turn of the table at `version` for `seconds`, unless another
        owner holds it still; True if `owner` holds it now."""
        now = time.time()
        with self._writing() as conn:
            taken = conn.execute(update(tables).where(
                tables.c.id == table_id, tables.c.events == version,
                or_(tables.c.thinker.is_(None), tables.c.thinker == owner,
                    tables.c.think_until < now)).values(
                thinker=owner, think_until=now + seconds))
            return taken.rowcount == 1

    def release_turn(self, table_id: str, owner: str) -> None:
        """Give up the computer turn `owner` holds at the table, if it holds it."""
        with self._writing() as conn:
            conn.execute(update(tables).where(tables.c.id == table_id,
                                              tables.c.thinker == owner).values(
                thinker=None, think_until=None))

    def lapsed_turns(self) -> list[str]:
        """Open tables where a computer seat must move and nobody holds the turn."""
        mover_is_agent = exists().where(seats.c.table_id == tables.c.id,
                                        seats.c.seat == tables.c.to_move,
                                        seats.c.kind == "agent")
        query = select(tables.c.id).where(
            tables.c.status == "open", tables.c.source == "play",
            or_(tables.c.to_move.is_(None), mover_is_agent),
            or_(tables.c.thinker.is_(None), tables.c.think_until < time.time()))
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(query)]

    # ----- uploaded records ----------------------------------------------------------

    def watched(self, table_id: str) -> None:
        """Note that someone looked at an uploaded record now (it expires unwatched)."""
        with self._writing() as conn:
            conn.execute(update(tables).where(tables.c.id == table_id,
                                              tables.c.source == "upload")
                         .values(watched=time.time()))

    def expire_uploads(self, older_than: float) -> list[str]:
        """Delete the uploaded records nobody has watched since `older_than`; their ids."""
        with self._writing() as conn:
            gone = [r.id for r in conn.execute(select(tables.c.id).where(
                tables.c.source == "upload",
                or_(tables.c.watched.is_(None), tables.c.watched < older_than)))]
            if gone:
                conn.execute(delete(events).where(events.c.table_id.in_(gone)))
                conn.execute(delete(seats).where(seats.c.table_id.in_(gone)))
                conn.execute(delete(tables).where(tables.c.id.in_(gone)))
            return gone

    # ----- changes made by other processes -------------------------------------------

    def listen(self, on_change: Callable[[str, int], None],
               stopping: threading.Event) -> threading.Thread | None:
        """On PostgreSQL, a thread calling on_change(table_id, version) for every change
        committed by any process (this one too) until `stopping` is set; elsewhere None."""
        if not self.postgres:
            return None
        thread = threading.Thread(target=self._listen, args=(on_change, stopping),
                                  name="palantir-listen", daemon=True)
        thread.start()
        return thread

    def _listen(self, on_change, stopping: threading.Event) -> None:
        dsn = make_url(self.url).set(drivername="postgresql")
        conninfo = dsn.render_as_string(hide_password=False)
        while not stopping.is_set():
            try:
                with psycopg.connect(conninfo, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    while not stopping.is_set():
                        for note in conn.notifies(timeout=0.5):
                            table_id, _, version = note.payload.partition(" ")
                            try:
                                on_change(table_id, int(version))
                            except Exception:
                                log.exception("catching up table %s failed", table_id)
            except psycopg.Error as exc:
                log.warning("listening for other processes' changes: %s; again in 1 s",
                            exc)
                stopping.wait(1.0)

    def load(self, table_id: str) -> TableRow | None:
        """One table with its seats and events, or None."""
        with self.engine.connect() as conn:
            head = conn.execute(select(tables).where(tables.c.id == table_id)).first()
            if head is None:
                return None
            row = _table_row(head)
            row.seats = [SeatRow(r.seat, r.kind, r.agent, r.time_limit, r.token_hash)
                         for r in conn.execute(select(seats).where(seats.c.table_id == table_id)
                                               .order_by(seats.c.seat))]
            row.events = [r.event for r in conn.execute(
                select(events.c.event).where(events.c.table_id == table_id)
                .order_by(events.c.idx))]
        return row

    def listing(self, status: str | None = None, limit: int = 100,
                source: str | None = None) -> list[TableRow]:
        """Table headers (without seats or events), newest first."""
        query = select(tables).order_by(tables.c.updated.desc()).limit(limit)
        if status:
            query = query.where(tables.c.status == status)
        if source:
            query = query.where(tables.c.source == source)
        with self.engine.connect() as conn:
            return [_table_row(r) for r in conn.execute(query)]

    def seats_of(self, table_ids: Iterable[str]) -> dict[str, list[SeatRow]]:
        """The seats of several tables."""
        ids = list(table_ids)
        found: dict[str, list[SeatRow]] = {i: [] for i in ids}
        if not ids:
            return found
        with self.engine.connect() as conn:
            for r in conn.execute(select(seats).where(seats.c.table_id.in_(ids))
                                  .order_by(seats.c.table_id, seats.c.seat)):
                found[r.table_id].append(SeatRow(r.seat, r.kind, r.agent, r.time_limit, None))
        return found

    def open_ids(self) -> list[str]:
        """Ids of every table still being played."""
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(
                select(tables.c.id).where(tables.c.status == "open",
                                          tables.c.source == "play"))]

    def count(self) -> int:
        """How many tables are stored."""
        with self.engine.connect() as conn:
            return conn.execute(select(func.count()).select_from(tables)).scalar_one()

    @staticmethod
    def _insert_events(conn, table_id: str, start: int, new_events: list[dict]) -> None:
        if new_events:
            conn.execute(insert(events), [
                {"table_id": table_id, "idx": start + i, "event": e}
                for i, e in enumerate(new_events)])


class _Writing:
    """A write transaction. Where the database has one writer (SQLite), the process's
    writes take turns on one connection kept open for them, so a write neither waits on
    SQLite's busy handler nor pays for a pool checkout; elsewhere engine.begin()."""

    def __init__(self, storage: Storage):
        self.storage = storage
        self._context = None
        self._transaction = None

    def __enter__(self):
        storage = self.storage
        if storage._write_lock is None:
            self._context = storage.engine.begin()
            return self._context.__enter__()
        storage._write_lock.acquire()
        try:
            if storage._writer is None or storage._writer.invalidated or \
                    storage._writer.closed:
                storage._writer = storage.engine.connect()
            self._transaction = storage._writer.begin()
            return storage._writer
        except BaseException:
            storage._write_lock.release()
            raise

    def __exit__(self, kind, value, traceback):
        if self._context is not None:
            return self._context.__exit__(kind, value, traceback)
        try:
            if kind is None:
                self._transaction.commit()
            else:
                self._transaction.rollback()
        finally:
            self.storage._write_lock.release()
        return False


def _table_row(r) -> TableRow:
    return TableRow(id=r.id, game=r.game, options=r.options, seed=r.seed, source=r.source,
                    status=r.status, result=r.result, created=r.created, updated=r.updated,
                    takebacks=r.takebacks or 0, position=r.position)


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    # WAL lets readers run beside the one writer; FULL sync makes a commit survive kill -9.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
