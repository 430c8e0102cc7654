"""The lobby: live tables in memory, each rebuilt from its stored record.

Every change goes through `Lobby`: it checks the seat, applies the decision to a copy of
the state, commits the new events, and only then makes the copy the table's state, so a
failed commit leaves nothing half done.

The database is the truth; a live table is this process's cache of it. A commit names the
history it was based on, so when two requests (or two server processes) race with the same
decision only one is stored; the other finds the table moved on, catches up from storage
and is refused as stale. Changes committed by other processes arrive through
`Lobby.remote_change` (PostgreSQL NOTIFY) and are replayed onto the cached table.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import secrets
import socket
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from ..agents import make_agent
from ..engine.dice import AddressedDice, Roll, ScriptedDice
from ..engine.errors import (BadNotation, BadOption, BadPosition, BadRecord, IllegalAction,
                             PalantirError, UnknownAgent)
from ..engine.game import Game, State, get_game
from ..engine.options import local_options_given
from ..engine.driver import Driver
from ..engine.forced import PublicPoint, forced_decision, next_point
from ..engine.position import check_header, load_position
from ..engine.record import GameRecord, replay
from ..engine.undo import undo_problem
from .probe import probe_position
from .storage import SeatRow, Stale, Storage, TableRow

log = logging.getLogger("palantir.server")

MAX_TIME_LIMIT = 60.0
DEFAULT_TIME_LIMIT = 5.0
UPLOAD_TTL = 24 * 3600.0     # an uploaded record nobody watches for this long is dropped
WATCH_NOTE_SECONDS = 60.0    # how often watching an upload is written down, at most


class ServerError(PalantirError):
    """A refused request: HTTP status, the field or rule at fault, and a message."""

    def __init__(self, status: int, message: str, *, field: str | None = None,
                 rule: str | None = None):
        self.status = status
        self.field = field
        self.rule = rule
        self.message = message
        super().__init__(message)


# The dice of a table are the engine's addressed dice (a table resumes from its record
# alone; engine/dice.py says why they are not the seeded dice); the old name stays for the
# benchmarks.
TableDice = AddressedDice


def token_hash(token: str) -> str:
    """The stored form of a seat's secret token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class Step:
    """One step of the log: a decision (or the setup) and its narration per viewer."""

    index: int
    seat: int | None
    action: str | None
    lines: dict[int | None, list[str]]
    audience: list[int] | None = None  # who may read the decision (None: everyone)

    def action_for(self, viewer: int | None) -> str | None:
        """The decision as `viewer` may read it: a private one is withheld."""
        if self.audience is not None and viewer not in self.audience:
            return None
        return self.action


@dataclass
class LiveTable:
    """A table in play or on view: its record, current state and log."""

    id: str
    game: Game
    options: dict[str, Any]
    seed: int | None
    source: str
    seats: list[SeatRow]
    record: GameRecord
    state: State
    steps: list[Step]
    created: float
    lock: threading.RLock = field(default_factory=threading.RLock)
    thinking: bool = False
    revision: int = 0  # counts changes in this process, so pages drop stale messages
    # The revision the seats not asked are shown while a window's seat is withheld: the
    # last change every seat saw (a count going up with the withheld decisions would say
    # how many were taken, and so who held a card to play); and per seat, the last revision
    # it was shown while asked, so that its page takes the table it is shown after answering.
    public_revision: int = 0
    asked_revision: dict[int, int] = field(default_factory=dict)
    takebacks: int = 0  # decisions taken back: names the stored history with the version
    watch_noted: float = 0.0
    # Where the seats not asked are shown the table while a question whose seat is
    # withheld is open (engine/forced.py); None: the table as it is.
    point: PublicPoint | None = None
    # The decisions at the end of the record that the table took as forced (none rolled
    # anything): an undo takes them back with the decision before them. 0 after a rebuild.
    forced_tail: int = 0

    def changed(self) -> None:
        """Count a change of the table; where it is shown as it is, every seat sees it."""
        self.revision += 1
        if self.point is None:
            self.public_revision = self.revision

    @property
    def version(self) -> int:
        """Events stored so far: changes with every decision and every undo."""
        return len(self.record.events)

    @property
    def status(self) -> str:
        """'open' while someone must decide, else 'finished'."""
        return "finished" if self.state.is_over() else "open"

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is, or None; compared in constant time."""
        if not token:
            return None
        digest = token_hash(token)
        for seat in self.seats:
            if seat.token_hash and hmac.compare_digest(seat.token_hash, digest):
                return seat.seat
        return None

    def rolls(self) -> int:
        """Chance events in the record so far."""
        return sum(1 for e in self.record.events if "die" in e)


def narrate(game: Game, state: State, seats: int) -> dict[int | None, list[str]]:
    """The narration of the last step for every seat and for spectators, in the words of
    the game's table (Presentation.log_words)."""
    words = game.presentation().log_words
    return {viewer: [words(line) for line in state.narration(viewer)]
            for viewer in [*range(seats), None]}


def parse_seat_specs(game: Game, players: int, specs: Any) -> list[dict[str, Any]]:
    """Seats from the request: 'human', an agent spec, or {kind, agent, time_limit}."""
    if not isinstance(specs, list) or not specs:
        raise ServerError(422, "seats: a non-empty list, one entry per player", field="seats")
    if len(specs) != players:
        raise ServerError(422, f"seats: {len(specs)} seats given for {players} players",
                          field="seats")
    parsed = []
    for i, spec in enumerate(specs):
        where = f"seats[{i}]"
        if isinstance(spec, str):
            spec = {"kind": "human"} if spec.strip().lower() == "human" else \
                {"kind": "agent", "agent": spec}
        if not isinstance(spec, dict):
            raise ServerError(422, f"{where}: 'human', an agent such as 'heuristic', or an "
                              "object {kind, agent, time_limit}", field=where)
        kind = spec.get("kind", "agent" if spec.get("agent") else "human")
        if kind not in ("human", "agent"):
            raise ServerError(422, f"{where}.kind: 'human' or 'agent', got {kind!r}",
                              field=f"{where}.kind")
        limit = spec.get("time_limit", DEFAULT_TIME_LIMIT)
        if isinstance(limit, bool) or not isinstance(limit, (int, float)) or \
                not 0 < limit <= MAX_TIME_LIMIT:
            raise ServerError(422, f"{where}.time_limit: seconds, more than 0 and at most "
                              f"{MAX_TIME_LIMIT:g}", field=f"{where}.time_limit")
        agent = None
        if kind == "agent":
            agent = spec.get("agent")
            if not isinstance(agent, str) or not agent.strip() or len(agent) > 64:
                raise ServerError(422, f"{where}.agent: an agent such as 'heuristic' or "
                                  "'mcts:1s'", field=f"{where}.agent")
            agent = agent.strip().lower()
            try:
                made = make_agent(agent, game, i, 0)
            except UnknownAgent as exc:
                raise ServerError(422, f"{where}.agent: {exc}", field=f"{where}.agent") from None
            if getattr(made, "seconds", None) is not None and made.seconds > limit:
                raise ServerError(422, f"{where}.agent: a {made.seconds:g} s budget is over "
                                  f"the seat's time limit of {limit:g} s",
                                  field=f"{where}.agent")
        parsed.append({"kind": kind, "agent": agent, "time_limit": float(limit)})
    return parsed


def make_seat_agent(game: Game, seat: int, spec: str, time_limit: float, seed: int | None,
                    options: dict[str, Any] | None = None):
    """The agent of a computer seat; a search agent's clock is capped by the time limit."""
    agent = make_agent(spec, game, seat, seed, options)
    if hasattr(agent, "seconds"):
        # An iteration budget still stops at the seat's time limit, whichever comes first.
        agent.seconds = min(agent.seconds or time_limit, time_limit)
    return agent


class Lobby:
    """Every table: creation, decisions, undo, uploads, and loading from storage."""

    def __init__(self, storage: Storage, *, upload_ttl: float = UPLOAD_TTL):
        self.storage = storage
        self.tables: dict[str, LiveTable] = {}
        self._lock = threading.Lock()
        self.on_change: list[Callable[[LiveTable], None]] = []
        self.upload_ttl = upload_ttl
        # Names this process in the database's leases on computer turns.
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"

    # ----- loading -------------------------------------------------------------------

    def get(self, table_id: str) -> LiveTable:
        """The live table with this id, rebuilt from storage if needed; 404 otherwise."""
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 32:
            raise ServerError(404, "no such table", field="table")
        with self._lock:
            table = self.tables.get(table_id)
            if table is None:
                row = self.storage.load(table_id)
                if row is None:
                    raise ServerError(404, "no such table", field="table")
                table = self._rebuild(row)
                self.tables[table_id] = table
        if table.source == "upload":
            self._note_watching(table)
        return table

    def _note_watching(self, table: LiveTable) -> None:
        now = time.time()
        if now - table.watch_noted >= WATCH_NOTE_SECONDS:
            table.watch_noted = now
            self.storage.watched(table.id)

    def expire_uploads(self) -> list[str]:
        """Forget the uploaded records nobody has watched for `upload_ttl` seconds."""
        gone = self.storage.expire_uploads(time.time() - self.upload_ttl)
        with self._lock:
            for table_id in gone:
                self.tables.pop(table_id, None)
        return gone

    # ----- keeping level with storage ---------------------------------------------------

    def catch_up(self, table: LiveTable) -> bool:
        """Bring the cached table level with storage (another process changed it); True if
        anything changed. Only the new events are replayed while the history only grew."""
        with table.lock:
            stored = self.storage.version_of(table.id)
            if stored is None or stored == (table.version, table.takebacks):
                return False
            events, takebacks = stored
            if takebacks == table.takebacks and events > table.version:
                try:
                    self._replay_onto(table, self.storage.events_from(table.id,
                                                                      table.version))
                    table.changed()
                    return True
                except (PalantirError, ValueError):
                    pass  # whatever does not fit is rebuilt from the whole record below
            row = self.storage.load(table.id)
            if row is None:
                return False
            rebuilt = self._rebuild(row)
            table.record, table.state, table.steps = rebuilt.record, rebuilt.state, \
                rebuilt.steps
            table.point = rebuilt.point
            table.takebacks = rebuilt.takebacks
            table.changed()
            return True

    def _replay_onto(self, table: LiveTable, new_events: list[dict]) -> None:
        # Each decision is applied with the dice its stored outcomes script, as in a replay.
        state, point = table.state, table.point
        steps, events = list(table.steps), list(table.record.events)
        i = 0
        while i < len(new_events):
            event = new_events[i]
            if "action" not in event:
                raise BadRecord("an outcome before any decision", event=len(events))
            rolls = []
            j = i + 1
            while j < len(new_events) and "die" in new_events[j]:
                rolls.append(Roll(new_events[j]["die"], new_events[j]["face"]))
                j += 1
            dice = ScriptedDice(rolls)
            before, state = state, state.clone(dice=dice)
            Driver(state, dice).decide(event["seat"], state.parse_action(event["action"]))
            if dice.remaining():
                raise BadRecord("more outcomes stored than the decision rolled",
                                event=len(events))
            point = next_point(point, before, event, len(steps), len(events))
            events.extend(new_events[i:j])
            steps.append(Step(len(steps), event["seat"], event["action"],
                              narrate(table.game, state, len(table.seats)),
                              event.get("seen_by")))
            i = j
        table.state, table.point = state, point
        table.record.events = events
        outcome = state.outcome()
        table.record.result = outcome.to_json() if outcome else None
        table.steps = steps
        if table.seed is not None:
            table.state = state.clone(dice=AddressedDice(table.seed, table.rolls()))

    def remote_change(self, table_id: str, version: int) -> None:
        """A change committed by some process (PostgreSQL NOTIFY): catch up and tell the
        pages and computer seats, if this process has the table loaded."""
        # The notified version alone cannot tell: a take-back and a decision elsewhere
        # give the same count again. catch_up compares the stored history itself.
        with self._lock:
            table = self.tables.get(table_id)
        if table is not None and self.catch_up(table):
            self._changed(table)

    # ----- who thinks for a computer seat (one process at a time) --------------------

    def claim_turn(self, table: LiveTable, version: int, seconds: float) -> bool:
        """Hold the table's computer turn at `version` for `seconds`, unless another
        process holds it; True if this process holds it now."""
        return self.storage.claim_turn(table.id, version, self.owner, seconds)

    def release_turn(self, table: LiveTable, version: int) -> None:
        """Give up the table's computer turn (the decision is taken, or thinking failed)."""
        self.storage.release_turn(table.id, self.owner)

    def lapsed_turns(self) -> list[LiveTable]:
        """Open tables whose computer seat must move and that no live process holds."""
        found = []
        for table_id in self.storage.lapsed_turns():
            try:
                table = self.get(table_id)
            except PalantirError:
                continue
            self.catch_up(table)
            seat = table.state.to_move()
            if seat is not None and table.seats[seat].kind == "agent":
                found.append(table)
        return found

    def resume_all(self) -> list[LiveTable]:
        """Load every open table (after a restart), so computer seats take up their turns;
        a table that cannot be loaded any more is logged and left alone."""
        resumed = []
        for table_id in self.storage.open_ids():
            try:
                resumed.append(self.get(table_id))
            except PalantirError as exc:
                log.warning("table %s is not resumed: %s", table_id, exc)
        return resumed

    def _rebuild(self, row: TableRow) -> LiveTable:
        record = GameRecord(game=row.game, options=row.options, seed=row.seed,
                            events=list(row.events), position=row.position)
        game = get_game(row.game)
        # A table stored before such options were refused at the web table must not make
        # the server read the files it names now.
        for name in local_options_given(game.option_schema(), row.options):
            raise ServerError(409, f"this table was stored with option '{name}', which names "
                              "files on the server's machine; the web table does not load it",
                              field=f"options.{name}")
        options = game.validate_options(row.options)
        players = game.players_of(options)
        steps: list[Step] = []
        point: PublicPoint | None = None
        before: State | None = None  # the state a decision is taken at, if it is withheld

        def on_state(index, state):
            nonlocal point, before
            if index is None:
                steps.append(Step(0, None, None, narrate(game, state, players)))
            else:
                event = record.events[index]
                point = next_point(point, before, event, len(steps), index) \
                    if before is not None else None
                steps.append(Step(len(steps), event["seat"], event["action"],
                                  narrate(game, state, players), event.get("seen_by")))
            # The replay goes on with this very state: a copy is kept where it may be shown.
            before = state.clone() if state.unseen_asker() is not None else None

        state = replay(record, on_state=on_state, check_result=False)
        table = LiveTable(id=row.id, game=game, options=options, seed=row.seed,
                          source=row.source, seats=row.seats, record=record, state=state,
                          steps=steps, created=row.created, takebacks=row.takebacks,
                          point=point)
        if row.seed is not None:
            state = state.clone(dice=AddressedDice(row.seed, table.rolls()))
            table.state = state
        return table

    # ----- creating ------------------------------------------------------------------

    def create(self, game_id: Any, options: Any, seat_specs: Any) -> tuple[LiveTable, list]:
        """A new table; returns it and the private token of each human seat."""
        if not isinstance(game_id, str):
            raise ServerError(422, "game: the id of a game, e.g. 'journey-to-mordor'",
                              field="game")
        try:
            game = get_game(game_id)
        except PalantirError as exc:
            raise ServerError(422, f"game: {exc}", field="game") from None
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise ServerError(422, "options: an object of option names and values",
                              field="options")
        options = dict(options)
        names = {o.name for o in game.option_schema()}
        if "players" in names and "players" not in options and isinstance(seat_specs, list):
            options["players"] = game.players_for_seats(len(seat_specs), options)
        try:
            validated = game.validate_options(options)
        except BadOption as exc:
            raise ServerError(422, str(exc), field=f"options.{exc.option}") from None
        players = game.players_of(validated)
        seats_given = parse_seat_specs(game, players, seat_specs)
        seed = secrets.randbits(62)
        dice = AddressedDice(seed)
        try:
            driver = Driver(game.new_state(validated, dice), dice,
                            GameRecord.start(game, validated, seed))
        except BadOption as exc:
            raise ServerError(422, str(exc), field=f"options.{exc.option}") from None
        return self._open(game, validated, seed, driver, seats_given)

    def create_from_position(self, document: Any, seat_specs: Any
                             ) -> tuple[LiveTable, list]:
        """A new table playing on from an uploaded full position (docs/positions.md);
        returns it and the private token of each human seat. The position is untrusted:
        anything malformed is a 422 naming its field in the request (`position.…`)."""
        seed = secrets.randbits(62)
        dice = AddressedDice(seed)
        try:
            game, options = check_header(document)
            if not document["full"]:
                # A seat's position lacks the hidden parts: the table would have to make
                # them up, and the game played would not be the one whose position it is.
                raise BadPosition("full", "a table starts from a full position (the "
                                          "hidden cards included)")
            state = load_position(document, dice, game)
            probe_position(game, state)
        except BadPosition as exc:
            raise ServerError(422, f"position: {exc}",
                              field=f"position.{exc.field}") from None
        seats_given = parse_seat_specs(game, game.players_of(options), seat_specs)
        driver = Driver(state, dice, GameRecord.start(game, options, seed, start=state))
        return self._open(game, options, seed, driver, seats_given)

    def _open(self, game: Game, validated: dict, seed: int, driver: Driver,
              seats_given: list[dict[str, Any]]) -> tuple[LiveTable, list]:
        """Store and seat a new table whose driver holds its first state and record."""
        players = len(seats_given)
        state, record = driver.state, driver.record
        tokens: list[str | None] = []
        seat_rows = []
        for i, spec in enumerate(seats_given):
            token = secrets.token_urlsafe(24) if spec["kind"] == "human" else None
            tokens.append(token)
            seat_rows.append(SeatRow(i, spec["kind"], spec["agent"], spec["time_limit"],
                                     token_hash(token) if token else None))
        now = time.time()
        table = LiveTable(id=secrets.token_urlsafe(9), game=game, options=validated,
                          seed=seed, source="play", seats=seat_rows, record=record,
                          state=state,
                          steps=[Step(0, None, None, narrate(game, state, players))],
                          created=now)
        self.storage.create(TableRow(
            id=table.id, game=game.id, options=record.options, seed=seed, source="play",
            status=table.status, result=None, created=now, updated=now, seats=seat_rows,
            events=list(record.events), position=record.position), to_move=state.to_move())
        with self._lock:
            self.tables[table.id] = table
        with table.lock:
            self._take_forced(table)
        self._changed(table)
        return table, tokens

    def upload(self, doc: Any) -> LiveTable:
        """A table to watch, made from an uploaded record; nobody can decide there."""
        self.expire_uploads()
        try:
            record = GameRecord.from_json(doc)
            row = TableRow(id=secrets.token_urlsafe(9), game=record.game,
                           options=record.options, seed=None, source="upload",
                           status="open", result=record.result, created=time.time(),
                           updated=time.time(), events=list(record.events),
                           position=record.position)
            replay(record)  # refuses a record that does not fit the rules, naming the event
            game = get_game(record.game)
            players = game.players_of(game.validate_options(record.options))
            row.seats = [SeatRow(i, "record") for i in range(players)]
            table = self._rebuild(row)
        except BadRecord as exc:
            field_name = f"events[{exc.event}]" if exc.event is not None else "record"
            raise ServerError(422, f"record: {exc}", field=field_name) from None
        except PalantirError as exc:
            raise ServerError(422, f"record: {exc}", field="record") from None
        row.status = table.status
        row.result = table.state.outcome().to_json() if table.state.outcome() else None
        self.storage.create(row)
        with self._lock:
            self.tables[table.id] = table
        return table

    # ----- deciding ------------------------------------------------------------------

    def decide(self, table: LiveTable, seat: int, text: Any, *,
               version: int | None = None) -> bool:
        """Apply `seat`'s decision (notation), commit it, then publish it.

        With `version`, the decision stands only on that version of the table: False (and
        nothing applied) when the table has moved on — checked and committed as one step,
        so of many identical requests exactly one is taken. Without, the decision is
        judged on the table as it is."""
        if not isinstance(text, str) or not text.strip():
            raise ServerError(422, "action: a decision in the game's notation, e.g. 'keep R'",
                              field="action")
        if len(text) > 200:
            raise ServerError(422, "action: at most 200 characters", field="action")
        for _attempt in range(2):
            with table.lock:
                if version is not None and version != table.version:
                    return False  # the page or the computer judged an older table
                try:
                    self._decide_locked(table, seat, text)
                    self._take_forced(table)
                except Stale:
                    # Another process stored a change first: take it up, then judge again.
                    self.catch_up(table)
                    if version is not None:
                        return False
                    continue
            self._changed(table)
            return True
        raise ServerError(409, "the table is changing quickly; look again", field="version")

    def _decide_locked(self, table: LiveTable, seat: int, text: str, *,
                       forced: bool = False) -> None:
        # The caller holds the table's lock: judge, apply to a copy, commit, then adopt.
        state = table.state
        if state.is_over():
            raise ServerError(409, "the game is over", rule="End of the Game")
        mover = state.to_move()
        if mover != seat:
            raise ServerError(409, f"it is seat {mover}'s turn, not seat {seat}'s",
                              rule="turn order")
        dice = AddressedDice(table.seed, table.rolls())
        new_state = state.clone(dice=dice)
        try:
            action = new_state.parse_action(text)
            new_events = Driver(new_state, dice).decide(seat, action)
        except BadNotation as exc:
            raise ServerError(422, str(exc), field="action", rule=exc.rule) from None
        except IllegalAction as exc:
            raise ServerError(409, str(exc), field="action", rule=exc.rule) from None
        start = table.version
        point = next_point(table.point, state, new_events[0], len(table.steps), start)
        outcome = new_state.outcome()
        status = "finished" if new_state.is_over() else "open"
        self.storage.append(table.id, start, new_events, status,
                            outcome.to_json() if outcome else None,
                            to_move=new_state.to_move(), takebacks=table.takebacks)
        table.record.events.extend(new_events)
        table.record.result = outcome.to_json() if outcome else None
        table.state, table.point = new_state, point
        table.forced_tail = table.forced_tail + 1 if forced and len(new_events) == 1 else 0
        table.steps.append(Step(len(table.steps), seat, str(action),
                                narrate(table.game, new_state, len(table.seats)),
                                new_events[0].get("seen_by")))
        table.changed()

    def _take_forced(self, table: LiveTable) -> None:
        """Take every decision that is the seat's only legal one (engine/forced.py), as the
        seat would have sent it; the caller holds the table's lock. A change stored by
        another process meanwhile leaves the rest to the table as it is now."""
        if table.source != "play":
            return
        while (text := forced_decision(table.state)) is not None:
            try:
                self._decide_locked(table, table.state.to_move(), text, forced=True)
            except Stale:
                self.catch_up(table)
                return

    def undo_problem(self, table: LiveTable, seat: int | None) -> str | None:
        """Why `seat` may not take back its last decision now, or None if it may (the
        engine's one rule, engine/undo.py, judged from the stored events)."""
        waiting = table.state.unseen_asker()
        if waiting is not None and seat is not None and seat != table.state.to_move():
            # Whether the last decision stored is still one's own would tell who is asked.
            return f"{waiting} are deciding: wait until they have"
        return undo_problem(self._undone_events(table), seat, over=table.state.is_over(),
                            source=table.source)

    def _undone_events(self, table: LiveTable) -> list[dict]:
        """The events up to the last decision a seat took itself: the forced ones after it
        are nobody's acts, and go back with it."""
        return table.record.events[:table.version - table.forced_tail]

    def undo(self, table: LiveTable, seat: int, *, version: int | None = None) -> None:
        """Take back `seat`'s last decision: drop it, rebuild the state, commit. With
        `version`, only if the table is still at that version (409 otherwise)."""
        with table.lock:
            if version is not None and version != table.version:
                raise ServerError(409, "the table has changed since this page was drawn; "
                                  "look again", field="version")
            problem = self.undo_problem(table, seat)
            if problem:
                raise ServerError(409, f"undo: {problem}", rule="taking back a decision")
            keep = len(self._undone_events(table)) - 1
            row = TableRow(id=table.id, game=table.game.id, options=table.record.options,
                           seed=table.seed, source=table.source, status="open", result=None,
                           created=table.created, updated=time.time(), seats=table.seats,
                           events=table.record.events[:keep],
                           takebacks=table.takebacks + 1, position=table.record.position)
            rebuilt = self._rebuild(row)
            try:
                self.storage.truncate(table.id, table.version, keep, rebuilt.status, None,
                                      to_move=rebuilt.state.to_move(),
                                      takebacks=table.takebacks)
            except Stale:
                self.catch_up(table)
                raise ServerError(409, "the table has changed since this page was drawn; "
                                  "look again", field="version") from None
            table.record = rebuilt.record
            table.state = rebuilt.state
            table.steps = rebuilt.steps
            table.takebacks = rebuilt.takebacks
            table.point = rebuilt.point
            table.changed()
        self._changed(table)

    def _changed(self, table: LiveTable) -> None:
        for callback in self.on_change:
            callback(table)
