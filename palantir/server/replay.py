"""Replays a page at a time: a few steps of a table as one viewer saw them.

A step's state is rebuilt from the table's record, starting from the nearest state kept at
or before it: a checkpoint (a copy of the state every `every` steps) or the state the last
page of that table ended at. Stepping through a 700-step game so replays each decision
about once, and a jump replays fewer than `every` decisions. One lock per table makes
viewers asking at once wait for the first and start from what it left, instead of each
replaying the game. Only the most recently replayed tables are kept, each with a bounded
number of checkpoints: the spacing doubles rather than the count growing.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from ..engine.dice import Roll, ScriptedDice
from ..engine.game import State
from ..engine.position import load_position
from ..engine.record import GameRecord
from .lobby import LiveTable, ServerError, Step
from .views import presentation_of, public_extent, said

MAX_PAGE = 20  # steps one answer may hold
MAX_PAGE_BYTES = 1_000_000  # and its size: a SPI Sauron step is ~170 kB, so ~5 of them
CHECKPOINT_EVERY = 50
MAX_TABLES = 16
MAX_CHECKPOINTS = 64  # per table: 3,200 steps at the first spacing
_ENVELOPE = 1024  # room kept in MAX_PAGE_BYTES for the answer's fields beside the frames


@dataclass
class _Point:
    """The state at a step, never applied to again: a page works on a clone."""

    step: int
    rolls: int  # chance outcomes of the record used to reach it
    state: State


@dataclass
class _TableReplay:
    """What is kept of one table's replays: valid while the table keeps this record."""

    record: GameRecord  # an undo gives the table a new record, and so a new entry
    every: int
    points: dict[int, _Point] = field(default_factory=dict)
    cursor: _Point | None = None  # where the last page ended
    lock: threading.Lock = field(default_factory=threading.Lock)

    def nearest(self, step: int) -> _Point | None:
        """The kept state latest at or before `step`."""
        kept = [p for p in (*self.points.values(), self.cursor) if p and p.step <= step]
        return max(kept, key=lambda p: p.step, default=None)


def _encoded(value: Any) -> bytes:
    # As JSONResponse encodes it, so the page's size is the answer's.
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


class ReplayCache:
    """Pages of replays with checkpoints per table, for one server process."""

    def __init__(self, max_tables: int = MAX_TABLES, every: int = CHECKPOINT_EVERY,
                 max_checkpoints: int = MAX_CHECKPOINTS):
        self.max_tables = max_tables
        self.every = every
        self.max_checkpoints = max_checkpoints
        self.applied = 0  # decisions replayed so far: what the checkpoints save
        self._tables: OrderedDict[str, _TableReplay] = OrderedDict()
        self._lock = threading.Lock()

    def tables(self) -> list[str]:
        """The ids of the tables kept, least recently replayed first."""
        with self._lock:
            return list(self._tables)

    def checkpoints(self, table: LiveTable) -> int:
        """How many checkpoints are kept for `table`."""
        with self._lock:
            entry = self._tables.get(table.id)
            return len(entry.points) if entry else 0

    def page(self, table: LiveTable, viewer: int | None, start: int, count: int) -> dict:
        """Steps `start` to `start + count - 1` (fewer past the end or the byte budget) as
        `viewer` saw them, with the number of steps; a step out of range is a 422."""
        with table.lock:
            record = table.record
            # Never past what the viewer may know of yet (a window's quiet decisions).
            known_steps, known_events = public_extent(table, viewer)
            events = list(record.events[:known_events])
            steps = list(table.steps[:known_steps])
        total = len(steps)
        if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < total:
            raise ServerError(422, f"from: a step from 0 to {total - 1}, got {start}",
                              field="from")
        if isinstance(count, bool) or not isinstance(count, int) or \
                not 1 <= count <= MAX_PAGE:
            raise ServerError(422, f"count: from 1 to {MAX_PAGE} steps, got {count}",
                              field="count")
        entry = self._entry(table.id, record)
        with entry.lock:
            frames = self._frames(entry, table, events, steps, viewer, start,
                                  min(count, total - start))
        return {"from": start, "total": total, "frames": frames}

    def _entry(self, table_id: str, record: GameRecord) -> _TableReplay:
        with self._lock:
            entry = self._tables.get(table_id)
            if entry is None or entry.record is not record:
                entry = _TableReplay(record, self.every)
                self._tables[table_id] = entry
            self._tables.move_to_end(table_id)
            while len(self._tables) > self.max_tables:
                self._tables.popitem(last=False)
            return entry

    def _frames(self, entry: _TableReplay, table: LiveTable, events: list[dict],
                steps: list[Step], viewer: int | None, start: int, count: int) -> list[dict]:
        decisions = [i for i, e in enumerate(events) if "action" in e]
        chance = [Roll(e["die"], e["face"]) for e in events if "die" in e]
        drawn = presentation_of(table.game.id)
        point = entry.nearest(start)
        if point is None:
            dice = ScriptedDice(chance)
            # A table started from a position replays from it (checked when it opened).
            origin = table.record.position
            state = (table.game.new_state(table.options, dice) if origin is None
                     else load_position(origin, dice, table.game))
            at, base = 0, 0
            entry.points[0] = _Point(0, dice.used, state.clone())
        else:
            dice = ScriptedDice(chance[point.rolls:])
            state, at, base = point.state.clone(dice=dice), point.step, point.rolls
        applied = 0
        frames: list[dict] = []
        used = _ENVELOPE
        while True:
            if at >= start:
                view = state.view(viewer)
                step = steps[at]
                frame = {"step": step.index, "seat": step.seat,
                         "action": step.action_for(viewer),
                         "said": said(drawn.log_words, step.action_for(viewer)),
                         "lines": step.lines[viewer],
                         "view": view, "svg": drawn.render_svg(view)}
                size = len(_encoded(frame)) + 1
                if frames and used + size > MAX_PAGE_BYTES:
                    break
                frames.append(frame)
                used += size
                if len(frames) == count:
                    break
            event = events[decisions[at]]
            state.apply(state.parse_action(event["action"]))
            at += 1
            applied += 1
            if at % entry.every == 0 and at not in entry.points:
                self._keep(entry, _Point(at, base + dice.used, state.clone()))
        entry.cursor = _Point(at, base + dice.used, state)
        with self._lock:
            self.applied += applied
        return frames

    def _keep(self, entry: _TableReplay, point: _Point) -> None:
        entry.points[point.step] = point
        while len(entry.points) > self.max_checkpoints:
            entry.every *= 2
            entry.points = {s: p for s, p in entry.points.items() if s % entry.every == 0}
