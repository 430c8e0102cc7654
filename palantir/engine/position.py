"""Positions: one moment of a game as a versioned JSON document, as FEN is for chess.

    {"format": "palantir-position/1", "game": ID, "ruleset": R, "options": {...},
     "position": {...}, "full": true|false, "for": SEAT|null}

A full position (`full: true`, `for: null`) holds the whole state, hidden parts included;
a seat's position (`full: false`) holds only what seat `for` (null: a spectator) sees.
Loading checks the header, then the body against the shape of a position of the game,
then that the state loaded gives back the very same position: whatever does not fit is
refused with `BadPosition` naming the field. The format is in docs/positions.md.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping

from .dice import Dice, SeededDice
from .errors import BadOption, BadPosition, PalantirError
from .game import Game, State, get_game

FORMAT = "palantir-position/1"
HEADER = ("format", "game", "ruleset", "options", "position", "full", "for")

__all__ = ["FORMAT", "BadPosition", "load_position", "position_document", "read_position",
           "save_position"]


def _plain(data: Any) -> Any:
    """The data as it reads back from a JSON file (tuples as lists, keys as strings)."""
    return json.loads(json.dumps(data))


def position_document(game: Game, state: State, seat: int | None = None,
                      full: bool | None = None) -> dict:
    """The position document of `state`: the full one (seat None), or what `seat` sees;
    `full=False` with seat None gives a spectator's position."""
    full = seat is None if full is None else full
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)
                             or not 0 <= seat < state.players):
        raise BadPosition("for", f"seat {seat!r}: the seats are 0 to {state.players - 1}")
    if full and seat is not None:
        raise BadPosition("for", "a full position is nobody's: 'for' is null")
    if full:
        body = game.position_of(state, None)
    else:
        # A spectator's position is the spectator's view, not the full position.
        body = state.view(None) if seat is None else game.position_of(state, seat)
    return {"format": FORMAT, "game": game.id, "ruleset": game.ruleset,
            "options": game.options_to_json(state.options), "position": _plain(body),
            "full": full, "for": seat}


def dumps(document: Mapping[str, Any]) -> str:
    """The document as indented JSON text."""
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def save_position(document: Mapping[str, Any], path: str | Path) -> None:
    """Write a position document to a file."""
    Path(path).write_text(dumps(document), encoding="utf-8")


def read_position(path: str | Path) -> Any:
    """The JSON of a position file (checked when loaded); raises BadPosition."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BadPosition("file", f"cannot read {path}: {exc}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadPosition("file", f"not JSON: {exc.msg} at line {exc.lineno} column "
                                  f"{exc.colno}") from None


def check_header(document: Any, game: Game | None = None) -> tuple[Game, dict]:
    """The game and validated options of a position document whose header is sound."""
    if not isinstance(document, dict):
        raise BadPosition("format", "a position is a JSON object")
    if document.get("format") != FORMAT:
        raise BadPosition("format", f"must be '{FORMAT}', got {document.get('format')!r}")
    for name in HEADER:
        if name not in document:
            raise BadPosition(name, "missing")
    extra = sorted(set(document) - set(HEADER))
    if extra:
        raise BadPosition(extra[0], f"not a field of {FORMAT}")
    if not isinstance(document["game"], str):
        raise BadPosition("game", "must be a game's id")
    if game is None:
        try:
            game = get_game(document["game"])
        except PalantirError as exc:
            raise BadPosition("game", str(exc)) from None
    elif document["game"] != game.id:
        raise BadPosition("game", f"the position is of '{document['game']}', not '{game.id}'")
    if document["ruleset"] != game.ruleset:
        raise BadPosition("ruleset", f"'{game.id}' plays ruleset {game.ruleset!r}, the "
                                     f"position is of {document['ruleset']!r}")
    if not isinstance(document["options"], dict):
        raise BadPosition("options", "must be an object")
    try:
        options = game.validate_options(document["options"])
    except BadOption as exc:
        raise BadPosition("options", str(exc)) from None
    if not isinstance(document["position"], dict):
        raise BadPosition("position", "must be an object")
    if not isinstance(document["full"], bool):
        raise BadPosition("full", "must be true or false")
    seat = document["for"]
    if seat is not None:
        players = game.players_of(options)
        if document["full"]:
            raise BadPosition("for", "a full position is nobody's: 'for' must be null")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise BadPosition("for", f"must be null or a seat number 0 to {players - 1}")
    return game, options


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    return {str: "a string", list: "a list", dict: "an object"}.get(type(value), "null")


# The shape of a JSON value, learnt from an example: ANY (null stands for anything, an
# empty list or object says nothing of its items), ("scalar", kind), ("list", item shape)
# or ("object", {key: shape}) (a key the example lacks may hold anything: a question of
# another kind has other fields).
ANY = None


def _shape(value: Any):
    """The shape `value` is an example of."""
    if value is None:
        return ANY
    if isinstance(value, list):
        return ("list", _common([_shape(item) for item in value]))
    if isinstance(value, dict):
        return ("object", {key: _shape(item) for key, item in value.items()})
    return ("scalar", _kind(value))


def _common(shapes: list):
    """The shape all of `shapes` fit (ANY where they disagree, or there are none)."""
    if not shapes:
        return ANY
    found = shapes[0]
    for other in shapes[1:]:
        found = _unite(found, other)
    return found


def _unite(a, b):
    if a is ANY or b is ANY or a[0] != b[0]:
        return ANY
    if a[0] == "scalar":
        return a if a == b else ANY
    if a[0] == "list":
        return ("list", _unite(a[1], b[1]))
    return ("object", {key: _unite(a[1][key], b[1][key]) for key in a[1] if key in b[1]})


def _fit(value: Any, shape, path: str) -> None:
    """Refuse (naming the path) a value that is not of the shape. Null fits where the
    example is null, and in place of an object or a list (a question, a procedure, a
    combat: none now); a number or a text is never null where the example has one."""
    if shape is ANY or (value is None and shape[0] != "scalar"):
        return
    wanted = shape[1] if shape[0] == "scalar" else \
        "a list" if shape[0] == "list" else "an object"
    if _kind(value) != wanted:
        raise BadPosition(path, f"must be {wanted}, got {_kind(value)}")
    if shape[0] == "list":
        for i, item in enumerate(value):
            _fit(item, shape[1], f"{path}[{i}]")
    elif shape[0] == "object":
        for key, item in value.items():
            _fit(item, shape[1].get(key, ANY), f"{path}.{key}")


def _check_shape(game: Game, options: dict, document: dict) -> None:
    """Every field a position of this game has at the start is there, and each value, to
    the deepest part, of the kind the set-up's has there (a number, a list of objects with
    such fields...; null aside): a body of another shape is refused before the game reads
    it, so that the game's reader meets only values of the kinds it writes."""
    template = position_document(game, game.new_state(options, SeededDice(0)),
                                 document["for"], full=document["full"])["position"]
    body = document["position"]
    for name, value in template.items():
        if name not in body:
            raise BadPosition(f"position.{name}", "missing")
        if body[name] is not None:  # a part of the position may be null: none now
            _fit(body[name], _shape(value), f"position.{name}")
    # A field the set-up lacks may appear later (a score, a card chosen): one that does
    # not belong is refused when the position is read back.


def _first_difference(given: Any, actual: Any, path: str) -> str:
    """The dotted path of the first place where two JSON values differ."""
    if isinstance(given, dict) and isinstance(actual, dict):
        for key in sorted(set(given) | set(actual)):
            if given.get(key, KeyError) != actual.get(key, KeyError):
                return _first_difference(given.get(key), actual.get(key), f"{path}.{key}")
    if isinstance(given, list) and isinstance(actual, list) and len(given) == len(actual):
        for i, (a, b) in enumerate(zip(given, actual)):
            if a != b:
                return _first_difference(a, b, f"{path}[{i}]")
    return path


def load_position(document: Any, dice: Dice, game: Game | None = None) -> State:
    """The state of a position document, rolling `dice`; raises BadPosition naming the
    field when the document is malformed, of another game, or not a position the rules
    can reach and give back."""
    game, options = check_header(document, game)
    _check_shape(game, options, document)
    try:
        state = game.state_from_position(document, dice)
        again = position_document(game, state, document["for"], full=document["full"])
    except BadPosition:
        raise
    except PalantirError as exc:
        raise BadPosition("position", str(exc)) from None
    except KeyError as exc:
        raise BadPosition(f"position.{exc.args[0]}" if exc.args else "position",
                          "missing or of the wrong kind") from None
    except Exception as exc:
        # The games' loaders read their own views, not data from anywhere: a value of the
        # right kind but impossible (a phase, seat or card that is not there) surfaces as
        # Python's own complaint, which must reach the user as a refusal, not a traceback.
        # A sound position never gets here (tests/contract/test_position_notation.py).
        raise BadPosition("position", f"not a position of '{game.id}': "
                                 f"{type(exc).__name__}: {exc}") from None
    if again["options"] != game.options_to_json(options):
        raise BadPosition("options", "differ from the options the position's body holds")
    if again["position"] != document["position"]:
        field = _first_difference(document["position"], again["position"], "position")
        raise BadPosition(field, "does not fit the rest of the position: the state it "
                                 "describes gives another value here")
    return state
