"""GameRecord: a JSON document of one game (header, decisions, chance outcomes, result).

`replay` rebuilds every state from a record and fails loudly, naming the event, on
anything that does not fit the rules. The format is documented in docs/records.md.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from .dice import Roll, ScriptedDice
from .driver import REVEALED, Driver, decision_event
from .errors import (BadOption, BadPosition, BadRecord, DiceExhausted, IllegalAction,
                     PalantirError)
from .game import Game, State, get_game
from .position import load_position, position_document

FORMAT = "palantir-record/1"
HIDDEN = "?"  # what an excerpt shows in place of a face or decision its reader may not see

__all__ = ["FORMAT", "GameRecord", "HIDDEN", "REVEALED", "decision_event",
           "position_from_record", "replay"]


@dataclass
class GameRecord:
    """Header, the ordered events (decisions and chance outcomes) and the result."""

    game: str
    options: dict[str, Any]
    seed: int | None = None
    ruleset: str = "1"
    seats: list[str] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    excerpt_for: str | None = None  # set on an excerpt: whose reading it is
    # The position document the game started from (docs/positions.md); None: the set-up.
    position: dict[str, Any] | None = None

    @classmethod
    def start(cls, game: Game, options: dict[str, Any], seed: int | None,
              seats=(), start: State | None = None) -> "GameRecord":
        """The empty record of a new game of `game` with these validated options; with
        `start` (a state loaded from a position) the record starts from its full position."""
        position = None if start is None else position_document(game, start)
        return cls(game=game.id, options=game.options_to_json(options), seed=seed,
                   ruleset=game.ruleset, seats=list(seats), position=position)

    def add_decision(self, seat: int, action: str,
                     seen_by: tuple[int, ...] | None = None, revealed: bool = False) -> None:
        """Append a decision event (seen_by: the seats that may read it; None: everyone;
        revealed: it showed something hidden or completed a secret choice)."""
        self.events.append(decision_event(seat, action, seen_by, revealed))

    def add_rolls(self, rolls) -> None:
        """Append chance events, one per die."""
        self.events.extend(roll.to_json() for roll in rolls)

    def decisions(self) -> Iterator[tuple[int, dict[str, Any]]]:
        """(index, event) for each decision event."""
        return ((i, e) for i, e in enumerate(self.events) if "action" in e)

    def excerpt(self, seat: int | None) -> "GameRecord":
        """The record as `seat` (None: a spectator) may read it while the game goes on.

        Outcomes and decisions that seat may not see show `"?"`, and the seed is left out
        (it would foretell the dice). An excerpt is for reading; it cannot be replayed."""
        events = []
        for event in self.events:
            audience = event.get("seen_by")
            if audience is not None and seat not in audience:
                key = "face" if "die" in event else "action"
                # Whether a decision one may not read showed anything is not one's to know.
                event = {k: v for k, v in event.items() if k != REVEALED}
                event[key] = HIDDEN
            events.append(dict(event))
        return GameRecord(game=self.game, options=self.options, seed=None,
                          ruleset=self.ruleset, seats=self.seats, events=events,
                          result=self.result, excerpt_for=_audience_name(seat),
                          position=self._position_for(seat))

    def _position_for(self, seat: int | None) -> dict[str, Any] | None:
        """The starting position as `seat` sees it: a full position shows hidden cards."""
        if self.position is None:
            return None
        game = get_game(self.game)
        start = load_position(self.position, ScriptedDice([]), game)
        return position_document(game, start, seat, full=False)

    def to_json(self) -> dict[str, Any]:
        """The document as plain JSON data."""
        doc: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "ruleset": self.ruleset,
            "options": self.options,
            "seed": self.seed,
        }
        if self.seats:
            doc["seats"] = self.seats
        if self.excerpt_for is not None:
            doc["excerpt_for"] = self.excerpt_for
        if self.position is not None:
            doc["position"] = self.position
        doc["events"] = self.events
        doc["result"] = self.result
        return doc

    def dumps(self) -> str:
        """Compact JSON text, one event per line so diffs stay readable."""
        head = {k: v for k, v in self.to_json().items() if k not in ("events", "result")}
        lines = [json.dumps(head, ensure_ascii=False)[:-1] + ', "events": [']
        lines.append(",\n".join("  " + json.dumps(e, ensure_ascii=False) for e in self.events))
        lines.append('], "result": ' + json.dumps(self.result, ensure_ascii=False) + "}")
        return "\n".join(lines) + "\n"

    def save(self, path: str | Path) -> None:
        """Write the record to a file."""
        Path(path).write_text(self.dumps(), encoding="utf-8")

    @classmethod
    def from_json(cls, doc: Any) -> "GameRecord":
        """Check the document's shape and build a record; raises BadRecord."""
        if not isinstance(doc, dict):
            raise BadRecord("a record is a JSON object")
        if doc.get("format") != FORMAT:
            raise BadRecord(f"field 'format' must be '{FORMAT}', got {doc.get('format')!r}")
        for name, kind in (("game", str), ("options", dict), ("events", list)):
            if not isinstance(doc.get(name), kind):
                raise BadRecord(f"field '{name}' is missing or not a {kind.__name__}")
        seed = doc.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise BadRecord("field 'seed' must be a whole number or null")
        seats = doc.get("seats", [])
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise BadRecord("field 'seats' must be a list of strings")
        for i, event in enumerate(doc["events"]):
            _check_event_shape(i, event)
        result = doc.get("result")
        if result is not None and not isinstance(result, dict):
            raise BadRecord("field 'result' must be an object or null")
        excerpt_for = doc.get("excerpt_for")
        if excerpt_for is not None and not isinstance(excerpt_for, str):
            raise BadRecord("field 'excerpt_for' must be a string")
        position = doc.get("position")
        if position is not None and not isinstance(position, dict):
            # Its content is checked where it is loaded, by replay (load_position).
            raise BadRecord("field 'position' must be a position document (an object) or "
                            "absent")
        return cls(
            game=doc["game"], options=doc["options"], seed=seed,
            ruleset=str(doc.get("ruleset", "1")), seats=seats,
            events=doc["events"], result=result, excerpt_for=excerpt_for,
            position=position)

    @classmethod
    def loads(cls, text: str) -> "GameRecord":
        """Parse JSON text; raises BadRecord."""
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as exc:
            raise BadRecord(f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
        return cls.from_json(doc)

    @classmethod
    def load(cls, path: str | Path) -> "GameRecord":
        """Read a record file; raises BadRecord."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise BadRecord(f"cannot read {path}: {exc}") from None
        return cls.loads(text)


def _audience_name(seat: int | None) -> str:
    return "spectator" if seat is None else f"seat {seat}"


def _check_event_shape(i: int, event: Any) -> None:
    if not isinstance(event, dict):
        raise BadRecord("an event is a JSON object", event=i)
    if "seen_by" in event:
        audience = event["seen_by"]
        if not isinstance(audience, list) or not all(
                isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in audience):
            raise BadRecord("field 'seen_by' must be a list of seat numbers", event=i)
    if "action" in event:
        if set(event) - {"seen_by", REVEALED} != {"seat", "action"}:
            raise BadRecord("a decision has exactly the fields 'seat' and 'action' "
                            "(and 'seen_by', 'revealed')", event=i)
        if REVEALED in event and event[REVEALED] is not True:
            raise BadRecord("field 'revealed' is true or absent", event=i)
        seat = event["seat"]
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
            raise BadRecord("field 'seat' must be a seat number", event=i)
        if not isinstance(event["action"], str):
            raise BadRecord("field 'action' must be a string", event=i)
    elif "die" in event:
        if set(event) - {"seen_by"} != {"die", "face"} or not all(
                isinstance(event[k], str) for k in ("die", "face")):
            raise BadRecord("a chance event has exactly the string fields 'die' and 'face' "
                            "(and 'seen_by')", event=i)
    else:
        raise BadRecord("an event is either a decision (seat, action) or a roll (die, face)",
                        event=i)


def replay(record: GameRecord, on_state: Callable[[int | None, State], None] | None = None,
           check_result: bool = True, game: Game | None = None) -> State:
    """Rebuild every state of `record`; on_state(event index, state) sees each one.

    `game`: the game to replay with (default: the registered game the record names) —
    for a game still under construction, not yet in the registry."""
    if record.excerpt_for is not None:
        raise BadRecord(f"this is an excerpt for {record.excerpt_for}: what that seat may not "
                        f"see is hidden, so it cannot be replayed")
    if game is None:
        try:
            game = get_game(record.game)
        except PalantirError as exc:
            raise BadRecord(f"field 'game': {exc}") from None
    elif game.id != record.game:
        raise BadRecord(f"field 'game': the record is of '{record.game}', not '{game.id}'")
    try:
        options = game.validate_options(record.options)
    except BadOption as exc:
        raise BadRecord(f"field 'options': {exc}") from None
    chance = [Roll(e["die"], e["face"]) for e in record.events if "die" in e]
    chance_at = [i for i, e in enumerate(record.events) if "die" in e]
    dice = ScriptedDice(chance)
    first_decision = next((i for i, _ in record.decisions()), len(record.events))

    def misfit(exc: DiceExhausted, doing: str, at: int) -> BadRecord:
        # A recorded outcome the rules cannot use (wrong die, impossible face) is named
        # itself; running out of outcomes is the fault of the step that needed more.
        if dice.used < len(chance):
            return BadRecord(f"{doing}: {exc}", event=chance_at[dice.used])
        return BadRecord(f"{doing} the rules roll more dice than the record holds: {exc}",
                         event=at)

    try:
        state = (game.new_state(options, dice) if record.position is None
                 else _start_from_position(record, game, options, dice))
    except DiceExhausted as exc:
        raise misfit(exc, "setting up the game", first_decision) from None
    except BadRecord:
        raise
    except PalantirError as exc:
        raise BadRecord(f"setting up the game: {exc}") from None
    if on_state:
        on_state(None, state)
    driver = Driver(state, dice)
    seen = 0  # chance events read from the record so far
    for i, event in enumerate(record.events):
        if "die" in event:
            seen += 1
            continue
        _check_rolls_match(dice.used, seen, i)
        seat, text = event["seat"], event["action"]
        mover = state.to_move()
        if mover is None:
            raise BadRecord(f"decision '{text}' by seat {seat} after the game is over", event=i)
        if seat != mover:
            raise BadRecord(f"decision '{text}' by seat {seat}, but seat {mover} is to move",
                            event=i)
        try:
            made = driver.decide(seat, state.parse_action(text))[0]
            _check_decision_audience(event, made, i)
            _check_decision_revealed(event, made, i)
        except IllegalAction as exc:
            raise BadRecord(f"illegal decision by seat {seat}: {exc}", event=i) from None
        except DiceExhausted as exc:
            raise misfit(exc, f"after decision '{text}'", i) from None
        if on_state:
            on_state(i, state)
    _check_rolls_match(dice.used, seen, len(record.events))
    _check_audiences(record, dice.log)
    if check_result and record.result is not None:
        outcome = state.outcome()
        actual = outcome.to_json() if outcome else None
        if actual != record.result:
            raise BadRecord(f"the recorded result {record.result} differs from the replayed "
                            f"result {actual}", event=len(record.events) - 1)
    return state


def _start_from_position(record: GameRecord, game: Game, options: dict,
                         dice: ScriptedDice) -> State:
    """The state of the record's starting position, which must be a full position of the
    record's game and options; raises BadRecord naming the position's field."""
    try:
        state = load_position(record.position, dice, game)
    except BadPosition as exc:
        raise BadRecord(f"field 'position': {exc}") from None
    if not record.position["full"]:
        # A seat's position lacks what that seat could not see: the game it starts is
        # not the one that was played.
        raise BadRecord("field 'position': position field 'full': a record starts from a "
                        "full position")
    if record.position["options"] != game.options_to_json(options):
        raise BadRecord("field 'position': position field 'options': differ from the "
                        "record's options")
    return state


def position_from_record(record: GameRecord, step: int, seat: int | None = None,
                         full: bool | None = None) -> dict:
    """The position after the first `step` decisions of `record` (0: its start), the
    full one or what `seat` sees; raises BadRecord for a record that does not replay."""
    decisions = sum(1 for _ in record.decisions())
    if not isinstance(step, int) or not 0 <= step <= decisions:
        raise BadRecord(f"--step {step}: the record has {decisions} decisions, so a step "
                        f"is 0 (the set-up) to {decisions}")
    found: list[dict] = []
    made = [0]

    def at(index: int | None, state: State) -> None:
        if index is not None:
            made[0] += 1
        if made[0] == step and not found:
            found.append(position_document(state.game, state, seat, full))

    # The position is taken as the state stands: later decisions may change it in place.
    replay(record, on_state=at, check_result=False)
    return found[0]


def _check_decision_audience(event: dict, made: dict, at: int) -> None:
    expected = made.get("seen_by")
    if event.get("seen_by") != expected:
        raise BadRecord(f"the record shows this decision to {event.get('seen_by')}, the rules "
                        f"to {expected}", event=at)


def _check_decision_revealed(event: dict, made: dict, at: int) -> None:
    revealed = bool(made.get(REVEALED))
    # Taking back a decision is judged from this flag alone (engine/undo.py): a record
    # that lost it, or gained one, would let a table judge otherwise than the rules.
    if bool(event.get(REVEALED)) != bool(revealed):
        said = "says" if event.get(REVEALED) else "does not say"
        raise BadRecord(f"the record {said} this decision revealed something hidden or "
                        f"completed a secret choice; by the rules it "
                        f"{'did' if revealed else 'did not'}", event=at)


def _check_audiences(record: GameRecord, rolled) -> None:
    """Each outcome's audience in the record must be the one the rules gave it."""
    chance_events = [i for i, e in enumerate(record.events) if "die" in e]
    for index, roll in zip(chance_events, rolled):
        audience = record.events[index].get("seen_by")
        if (None if audience is None else tuple(audience)) != roll.seen_by:
            raise BadRecord(f"the record shows this outcome to {audience}, the rules to "
                            f"{None if roll.seen_by is None else list(roll.seen_by)}",
                            event=index)


def _check_rolls_match(used: int, seen: int, at: int) -> None:
    if used > seen:
        raise BadRecord(f"the rules rolled {used - seen} more dice before this point than the "
                        f"record shows", event=at)
    if used < seen:
        raise BadRecord(f"the record shows {seen - used} rolls the rules did not make before "
                        f"this point", event=at)
