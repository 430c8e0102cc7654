"""Storage of tables: SQLAlchemy Core over SQLite (default) or PostgreSQL.

A table is stored as its record (game, options, seed, events) plus its seats; the state is
never stored, it is rebuilt by replaying the events. Each write is one transaction that is
committed before the method returns, so an accepted move survives a killed process.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Iterable

from sqlalchemy import (JSON, BigInteger, Column, Float, ForeignKey, Integer, MetaData,
                        String, Table, create_engine, delete, event, func, insert, select,
                        update)
from sqlalchemy.engine import Engine

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
)

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


def engine_url(url: str) -> str:
    """The SQLAlchemy URL for a user's URL: plain postgresql:// means the psycopg 3 driver."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


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
        metadata.create_all(self.engine)

    def close(self) -> None:
        """Release every pooled connection."""
        self.engine.dispose()

    def create(self, row: TableRow) -> None:
        """Store a new table with its seats and first events, in one transaction."""
        with self.engine.begin() as conn:
            conn.execute(insert(tables).values(
                id=row.id, game=row.game, options=row.options, seed=row.seed,
                source=row.source, status=row.status, result=row.result,
                events=len(row.events), created=row.created, updated=row.updated))
            conn.execute(insert(seats), [
                {"table_id": row.id, "seat": s.seat, "kind": s.kind, "agent": s.agent,
                 "time_limit": s.time_limit, "token_hash": s.token_hash} for s in row.seats])
            self._insert_events(conn, row.id, 0, row.events)

    def append(self, table_id: str, start: int, new_events: list[dict[str, Any]],
               status: str, result: dict[str, Any] | None) -> None:
        """Add events from index `start` and update the status, in one transaction."""
        with self.engine.begin() as conn:
            self._insert_events(conn, table_id, start, new_events)
            conn.execute(update(tables).where(tables.c.id == table_id).values(
                events=start + len(new_events), status=status, result=result,
                updated=time.time()))

    def truncate(self, table_id: str, keep: int, status: str,
                 result: dict[str, Any] | None) -> None:
        """Drop every event from index `keep` on (a decision taken back)."""
        with self.engine.begin() as conn:
            conn.execute(delete(events).where(events.c.table_id == table_id,
                                              events.c.idx >= keep))
            conn.execute(update(tables).where(tables.c.id == table_id).values(
                events=keep, status=status, result=result, updated=time.time()))

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

    def listing(self, status: str | None = None, limit: int = 100) -> list[TableRow]:
        """Table headers (without seats or events), newest first."""
        query = select(tables).order_by(tables.c.updated.desc()).limit(limit)
        if status:
            query = query.where(tables.c.status == status)
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


def _table_row(r) -> TableRow:
    return TableRow(id=r.id, game=r.game, options=r.options, seed=r.seed, source=r.source,
                    status=r.status, result=r.result, created=r.created, updated=r.updated)


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    # WAL lets readers run beside the one writer; FULL sync makes a commit survive kill -9.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
