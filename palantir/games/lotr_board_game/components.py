"""The components of the Lord of the Rings board game and its Sauron expansion.

Loaded once from data/*.toml and validated: a malformed file raises ComponentError naming
the file and the field. Values the reference marks as decided rather than known carry
`reconstructed = true` in the data and are listed in `Components.reconstructed`.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

DATA = Path(__file__).with_name("data")
FILES = ("hobbits.toml", "tiles.toml", "boards.toml", "legendary.toml", "gandalf.toml",
         "sauron.toml")

ACTIVITIES = ("fighting", "hiding", "travelling", "friendship")
JOKER = "joker"
LIFE_TOKENS = ("ring", "heart", "sun")
COLOURS = ("white", "grey", "yellow")
REWARDS = ("rune", "ring", "heart", "sun", "roll", "big-rune", "heal")
ASKS = ("group", "each", "one", "active", "ring-bearer")
TARGETS = ("active", "ring-bearer", "each", "payer", "others")
# What a cost may ask for: symbols (a joker counts as any symbol), any 'symbols', a joker
# itself, cards, runes, life tokens, taking darkness, rolling, a revealed card's symbol
# ('match'), a named card, calling Sauron.
COST_KINDS = ACTIVITIES + (JOKER, "symbols", "cards", "runes", "life") + LIFE_TOKENS + (
    "darkness", "roll", "match", "card", "call-sauron")
# Each effect verb and the kinds of its arguments: int, target, card, board, or
# 'effects' (a nested list of effects).
EFFECTS: Mapping[str, tuple[str, ...]] = {
    "eye": ("int",),
    "darkness": ("int", "target"),
    "roll": ("int", "target"),
    "draw": ("int", "target"),
    "heal": ("int", "target"),
    "discard": ("int", "target"),
    "lose-runes": ("int", "target"),
    "gain-runes": ("int", "target"),
    "next-event": (),
    "receive": ("card", "target"),
    "lose-board-cards": ("board",),
    "lose": (),
    "choose": ("target", "effects", "effects"),
    "deal-legendary": ("board",),
    "pass-left": ("int",),
    "distribute": ("int",),
    "black-rider": ("int",),
    "call-sauron": ("target",),
    "darkness-if-fewer-cards": ("int",),
    "sauron-draws": ("int",),
    "discard-or-eliminated": ("int", "target"),
    "eliminate": ("target",),
}
# When a yellow or Gandalf card may be played (docs/lotr-board-game.md, "Windows").
# The expansion's cards add `tile` (an event token just revealed, before it is carried
# out), `turn-end` (the active player ends his turn) and `black-rider` (the Black Rider is
# about to ride towards the hobbits).
WINDOWS = ("turn-start", "action", "event", "items-tile", "before-roll", "after-roll",
           "scenario-end", "after-sauron-card", "tile", "turn-end", "black-rider")
RESOURCE = "resource"  # the colour of a resource card: played in its windows, never on a track
SAURON_SYMBOLS = ("black-rider", "sauron", "darkness", "discard-card", "discard-life",
                  "discard-ring", "discard-runes", "hand-turn")


class ComponentError(ValueError):
    """A data file is malformed; the message names the file and the field."""


@dataclass(frozen=True)
class Card:
    """A hobbit or legendary card: colour, symbols (joker: any track), yellow effect."""

    id: str
    name: str
    colour: str
    symbols: tuple[tuple[str, int], ...] = ()
    board: str | None = None            # None: a hobbit card
    effect: str | None = None           # yellow cards
    text: str = ""
    then: tuple = ()                    # effects when played (Gollum's roll)
    window: str | None = None           # yellow cards: when they may be played
    windows: tuple[str, ...] = ()       # resource cards: when they may be played
    amount: int = 0                     # resource cards: spaces or steps of the effect

    @property
    def symbol_count(self) -> int:
        """How many symbols the card shows."""
        return sum(n for _, n in self.symbols)

    @property
    def is_hobbit_card(self) -> bool:
        """True for the 60 hobbit cards (they return to the deck; legendary cards never)."""
        return self.board is None

    @property
    def on_tracks(self) -> bool:
        """True for the white and grey cards, whose symbols move tracks (Play 3)."""
        return self.colour in ("white", "grey")


@dataclass(frozen=True)
class Resolution:
    """An event, a step, a tile or an incident: who may pay what, and what follows."""

    name: str
    ask: str | None = None
    cost: tuple[tuple[str, Any], ...] = ()
    then: tuple = ()
    otherwise: tuple = ()
    if_complete: tuple[str, ...] = ()
    may: bool = False


@dataclass(frozen=True)
class Tile:
    """An event tile (expansion: event token)."""

    id: str
    kind: str                            # activity, event, darkness, items, sauron, dark
    count: int
    track: str | None = None
    resolution: Resolution | None = None


@dataclass(frozen=True)
class Board:
    """A board of the journey: steps (Bag End, Rivendell, Lothlórien) or a conflict board."""

    id: str
    name: str
    kind: str                                        # steps | conflict
    steps: tuple[Resolution, ...] = ()
    main: str | None = None
    tracks: Mapping[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict)
    events: tuple[Resolution, ...] = ()
    parts: Mapping[str, int] = field(default_factory=dict)
    main_scores: tuple[int, ...] = ()                # score of each main-track space
    start_score: int = 0                             # score before the first space
    crack_of_doom: bool = False

    def score_at(self, position: int) -> int:
        """The score of the main-track space reached (0: none yet)."""
        return self.start_score if position == 0 else self.main_scores[position - 1]


@dataclass(frozen=True)
class SauronCard:
    """A Sauron card: its symbols, each (kind, n)."""

    id: str
    symbols: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class NazgulCard:
    """A Nazgûl card: the corner symbol for the active player, then the incident."""

    id: str
    corner: tuple[str, int]
    incident: Resolution


@dataclass(frozen=True)
class Components:
    """Everything physical the rules refer to, validated."""

    temptation_spaces: int
    sauron_start: Mapping[str, int]
    die_faces: tuple[str, ...]
    die_symbols: Mapping[str, int]
    characters: tuple[str, ...]
    character_names: Mapping[str, str]
    abilities: Mapping[str, str]
    cards: Mapping[str, Card]                        # hobbit, legendary, resource cards
    hobbit_deck: Mapping[str, int]                   # hobbit card id -> copies
    deal_at_bag_end: int
    special_runes: tuple[int, ...]
    tiles: Mapping[str, Tile]
    journey: tuple[str, ...]
    boards: Mapping[str, Board]
    gandalf_cost: int
    gandalf: Mapping[str, Mapping[str, Any]]
    sauron_cards: tuple[SauronCard, ...]
    nazgul_cards: tuple[NazgulCard, ...]
    sauron: Mapping[str, Any]                        # the rest of sauron.toml, checked
    sauron_tokens: Mapping[str, Tile]                # the 4 Sauron event tokens (the bag)
    dark_events: Mapping[str, Tile]                  # the 23 Dark Event tokens (the bag)
    resource_cards: tuple[str, ...]                  # the 6 resource cards (in `cards`)
    resource_tokens: Mapping[str, int]               # token id -> copies (12)
    resource_bonus: Mapping[str, tuple]              # a bonus token's effects
    token_spaces: tuple[str, ...]                    # "4", "last": where tokens lie
    token_boards: int                                # conflict boards that get tokens
    fellowship: Mapping[str, Mapping[str, Any]]      # character -> his Fellowship card
    reconstructed: tuple[str, ...]


def _need(table: Mapping[str, Any], key: str, kind, where: str) -> Any:
    if not isinstance(table, Mapping) or key not in table or not isinstance(table[key], kind):
        names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise ComponentError(f"{where}.{key}: missing or not a {names}")
    return table[key]


def _count(table, key, where) -> int:
    value = _need(table, key, int, where)
    if value < 0:
        raise ComponentError(f"{where}.{key}: must not be negative")
    return value


class _Checker:
    """Checks the effect vocabulary once every card and board id is known."""

    def __init__(self, card_ids, board_ids):
        self.card_ids = set(card_ids)
        self.board_ids = set(board_ids)

    def effects(self, raw, where: str) -> tuple:
        if not isinstance(raw, list):
            raise ComponentError(f"{where}: a list of effects")
        return tuple(self.effect(e, f"{where}[{i}]") for i, e in enumerate(raw))

    def effect(self, raw, where: str) -> tuple:
        if not isinstance(raw, list) or not raw or raw[0] not in EFFECTS:
            raise ComponentError(f"{where}: an effect is [verb, ...] with a verb among "
                                 f"{', '.join(EFFECTS)}; got {raw!r}")
        verb, args, kinds = raw[0], raw[1:], EFFECTS[raw[0]]
        if len(args) != len(kinds):
            raise ComponentError(f"{where}: '{verb}' takes {len(kinds)} arguments "
                                 f"({', '.join(kinds) or 'none'}), got {len(args)}")
        out = [verb]
        for j, (arg, kind) in enumerate(zip(args, kinds)):
            at = f"{where}[{j + 1}]"
            if kind == "int" and not (isinstance(arg, int) and arg > 0):
                raise ComponentError(f"{at}: a positive whole number, got {arg!r}")
            if kind == "target" and arg not in TARGETS:
                raise ComponentError(f"{at}: a target among {', '.join(TARGETS)}, got {arg!r}")
            if kind == "card" and arg not in self.card_ids:
                raise ComponentError(f"{at}: no card '{arg}'")
            if kind == "board" and arg not in self.board_ids:
                raise ComponentError(f"{at}: no board '{arg}'")
            out.append(self.effects(arg, at) if kind == "effects" else arg)
        return tuple(out)

    def resolution(self, raw, where: str, default_name: str = "") -> Resolution:
        if not isinstance(raw, Mapping):
            raise ComponentError(f"{where}: a table")
        name = raw.get("name", raw.get("text", default_name))
        ask = raw.get("ask")
        cost = raw.get("cost", {})
        if ask is not None and ask not in ASKS:
            raise ComponentError(f"{where}.ask: one of {', '.join(ASKS)}, got {ask!r}")
        if not isinstance(cost, Mapping):
            raise ComponentError(f"{where}.cost: a table")
        if bool(cost) != (ask is not None):
            raise ComponentError(f"{where}: 'ask' and 'cost' go together")
        for kind, amount in cost.items():
            if kind not in COST_KINDS:
                raise ComponentError(f"{where}.cost.{kind}: unknown cost; costs are "
                                     f"{', '.join(COST_KINDS)}")
            if kind == "card":
                if amount not in self.card_ids:
                    raise ComponentError(f"{where}.cost.card: no card '{amount}'")
            elif not (isinstance(amount, int) and amount > 0):
                raise ComponentError(f"{where}.cost.{kind}: a positive whole number")
        complete = raw.get("if-complete", [])
        if not isinstance(complete, list) or not all(isinstance(t, str) for t in complete):
            raise ComponentError(f"{where}.if-complete: a list of track names")
        if complete and ask:
            raise ComponentError(f"{where}: 'if-complete' and 'ask' exclude each other")
        return Resolution(
            name=str(name), ask=ask, cost=tuple(cost.items()),
            then=self.effects(raw.get("then", []), f"{where}.then"),
            otherwise=self.effects(raw.get("otherwise", []), f"{where}.otherwise"),
            if_complete=tuple(complete), may=bool(raw.get("may", False)))


def _read(name: str, override: Mapping[str, Any] | None) -> Mapping[str, Any]:
    if override is not None and name in override:
        return override[name]
    try:
        with open(DATA / name, "rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        raise ComponentError(f"{name}: not valid TOML: {exc}") from None


def parse_components(override: Mapping[str, Mapping[str, Any]] | None = None) -> Components:
    """Load every data file (or the given parsed documents by file name) and validate."""
    docs = {name: _read(name, override) for name in FILES}
    reconstructed: list[str] = []

    def mark(file: str, table: Mapping[str, Any], where: str) -> None:
        if isinstance(table, Mapping) and (table.get("reconstructed")
                                           or table.get("score_reconstructed")):
            reconstructed.append(f"{file}:{where}")

    # hobbits.toml ------------------------------------------------------------------
    f = "hobbits.toml"
    doc = docs[f]
    temptation = _need(doc, "temptation", dict, f)
    spaces = _count(temptation, "spaces", f"{f}: temptation")
    starts = _need(temptation, "sauron_start", dict, f"{f}: temptation")
    for level in ("easy", "normal", "hard"):
        value = _count(starts, level, f"{f}: temptation.sauron_start")
        if not 0 < value <= spaces:
            raise ComponentError(f"{f}: temptation.sauron_start.{level}: a space 1..{spaces}")
    die = _need(doc, "threat_die", dict, f)
    faces = tuple(_need(die, "faces", list, f"{f}: threat_die"))
    if len(faces) != 6:
        raise ComponentError(f"{f}: threat_die.faces: the threat die has 6 faces")
    for face in faces:
        kind, _, n = face.partition("-")
        if kind not in ("blank", "eye", "darkness", "discard") or (n and not n.isdigit()):
            raise ComponentError(f"{f}: threat_die.faces: unknown face {face!r}")
    symbols = _need(die, "symbols", dict, f"{f}: threat_die")
    if set(symbols) != set(faces):
        raise ComponentError(f"{f}: threat_die.symbols: one entry for each face")
    chars = _need(doc, "characters", dict, f)
    order = tuple(_need(chars, "order", list, f"{f}: characters"))
    if order[:2] != ("frodo", "sam") or len(order) != 5:
        raise ComponentError(f"{f}: characters.order: Frodo, Sam, then three more")
    names, abilities = {}, {}
    for key in order:
        entry = _need(chars, key, dict, f"{f}: characters")
        names[key] = _need(entry, "name", str, f"{f}: characters.{key}")
        abilities[key] = _need(entry, "ability", str, f"{f}: characters.{key}")
    hc = _need(doc, "hobbit_cards", dict, f)
    if tuple(_need(hc, "symbols", list, f"{f}: hobbit_cards")) != ACTIVITIES:
        raise ComponentError(f"{f}: hobbit_cards.symbols: exactly {', '.join(ACTIVITIES)}")
    cards: dict[str, Card] = {}
    deck: dict[str, int] = {}
    for colour in ("white", "grey"):
        copies = _count(hc, f"{colour}_per_symbol", f"{f}: hobbit_cards")
        for symbol in ACTIVITIES:
            cid = f"{colour}-{symbol}"
            cards[cid] = Card(cid, f"{colour} {symbol}", colour, ((symbol, 1),))
            deck[cid] = copies
    cards["white-joker"] = Card("white-joker", "white joker", "white", ((JOKER, 1),))
    deck["white-joker"] = _count(hc, "white_jokers", f"{f}: hobbit_cards")
    hand = _need(doc, "hand", dict, f)
    mark(f, hand, "hand")
    deal = _count(hand, "deal_at_bag_end", f"{f}: hand")
    special = _need(doc, "special_runes", dict, f)
    mark(f, special, "special_runes")
    rune_values = tuple(_need(special, "values", list, f"{f}: special_runes"))
    if not rune_values or not all(isinstance(v, int) and v > 0 for v in rune_values):
        raise ComponentError(f"{f}: special_runes.values: positive whole numbers")

    # legendary.toml (card ids are needed by the boards' effects) -------------------
    f = "legendary.toml"
    raw_cards = _need(docs[f], "card", dict, f)
    board_doc = docs["boards.toml"]
    journey = tuple(_need(board_doc, "journey", list, "boards.toml"))
    raw_boards = _need(board_doc, "board", dict, "boards.toml")
    check = _Checker(list(cards) + list(raw_cards), journey)
    for cid, entry in raw_cards.items():
        where = f"{f}: card.{cid}"
        colour = _need(entry, "colour", str, where)
        if colour not in COLOURS:
            raise ComponentError(f"{where}.colour: one of {', '.join(COLOURS)}")
        board = _need(entry, "board", str, where)
        if board not in journey:
            raise ComponentError(f"{where}.board: no board '{board}'")
        syms = entry.get("symbols", {})
        for symbol, n in syms.items():
            if symbol not in ACTIVITIES + (JOKER,) or not isinstance(n, int) or n < 1:
                raise ComponentError(f"{where}.symbols.{symbol}: an activity or joker, "
                                     f"with a positive count")
        if (colour == "yellow") != ("effect" in entry) or (colour == "yellow") == bool(syms):
            raise ComponentError(f"{where}: a yellow card has an effect and no symbols; "
                                 f"a white or grey card has symbols")
        if len(syms) > 1:
            raise ComponentError(f"{where}.symbols: one kind of symbol per card")
        cards[cid] = Card(cid, _need(entry, "name", str, where), colour, tuple(syms.items()),
                          board, entry.get("effect"), entry.get("text", ""),
                          check.effects(entry.get("then", []), f"{where}.then"),
                          _window(entry, where, colour == "yellow"))

    # tiles.toml ----------------------------------------------------------------------
    f = "tiles.toml"
    tiles: dict[str, Tile] = {}
    for i, entry in enumerate(_need(docs[f], "tile", list, f)):
        where = f"{f}: tile[{i}]"
        tid = _need(entry, "id", str, where)
        kind = _need(entry, "kind", str, where)
        if kind not in ("activity", "event", "darkness", "items"):
            raise ComponentError(f"{where}.kind: activity, event, darkness or items")
        track = entry.get("track")
        if kind == "activity" and track not in ACTIVITIES:
            raise ComponentError(f"{where}.track: an activity tile names an activity")
        resolution = None
        if kind in ("darkness", "items"):
            resolution = check.resolution(entry, where, tid)
        tiles[tid] = Tile(tid, kind, _count(entry, "count", where), track, resolution)

    # boards.toml ---------------------------------------------------------------------
    f = "boards.toml"
    boards: dict[str, Board] = {}
    if set(journey) != set(raw_boards):
        raise ComponentError(f"{f}: journey: must list every board exactly once")
    for bid in journey:
        entry = raw_boards[bid]
        where = f"{f}: board.{bid}"
        mark(f, entry, f"board.{bid}")
        kind = _need(entry, "kind", str, where)
        name = _need(entry, "name", str, where)
        if kind == "steps":
            steps = tuple(check.resolution(s, f"{where}.steps[{i}]")
                          for i, s in enumerate(_need(entry, "steps", list, where)))
            boards[bid] = Board(bid, name, kind, steps=steps,
                                start_score=_count(entry, "score", where))
            continue
        if kind != "conflict":
            raise ComponentError(f"{where}.kind: steps or conflict")
        raw_tracks = _need(entry, "tracks", dict, where)
        tracks = {}
        for track, spaces_ in raw_tracks.items():
            if track not in ACTIVITIES:
                raise ComponentError(f"{where}.tracks.{track}: not an activity")
            rewards = []
            for j, space in enumerate(spaces_):
                items = () if space == "-" else tuple(space.split("+"))
                for item in items:
                    card = item.partition(":")[2] if item.startswith("card:") else None
                    if item not in REWARDS and card not in raw_cards:
                        raise ComponentError(f"{where}.tracks.{track}[{j}]: unknown reward "
                                             f"{item!r}")
                rewards.append(items)
            tracks[track] = tuple(rewards)
        main = _need(entry, "main", str, where)
        if main not in tracks:
            raise ComponentError(f"{where}.main: '{main}' is not one of its tracks")
        parts = dict(entry.get("parts", {}))
        for track, cut in parts.items():
            if track not in tracks or not 0 < cut < len(tracks[track]):
                raise ComponentError(f"{where}.parts.{track}: a space inside that track")
        events = tuple(check.resolution(e, f"{where}.events[{i}]")
                       for i, e in enumerate(_need(entry, "events", list, where)))
        if len(events) != 6:
            raise ComponentError(f"{where}.events: a conflict board has 6 events")
        for i, event in enumerate(events):
            for t in event.if_complete:
                if t.partition(":")[0] not in tracks:
                    raise ComponentError(f"{where}.events[{i}].if-complete: no track {t!r}")
        n_main = len(tracks[main])
        given = entry.get("scores", {}).get(main)
        if given is not None:
            if len(given) != n_main:
                raise ComponentError(f"{where}.scores.{main}: one score per main-track space")
            scores, start = tuple(given), int(given[0])
        else:
            low, high = _need(entry, "score", list, where)
            # Reconstructed: the score range spread evenly over the main track's spaces.
            scores = tuple(low + round((high - low) * (k + 1) / n_main) for k in range(n_main))
            start = low
        boards[bid] = Board(bid, name, kind, main=main, tracks=tracks, events=events,
                            parts=parts, main_scores=scores, start_score=start,
                            crack_of_doom=bool(entry.get("crack_of_doom", False)))
    if boards[journey[-1]].crack_of_doom is not True:
        raise ComponentError(f"{f}: board.{journey[-1]}.crack_of_doom: the last board ends "
                             f"at the Crack of Doom")

    # gandalf.toml --------------------------------------------------------------------
    f = "gandalf.toml"
    gdoc = docs[f]
    gtable = _need(gdoc, "gandalf", dict, f)
    if gtable.get("cost_reconstructed"):
        reconstructed.append(f"{f}:gandalf.cost_runes")
    gandalf = {}
    for gid, entry in _need(gdoc, "card", dict, f).items():
        where = f"{f}: card.{gid}"
        if _need(entry, "set", str, where) not in ("base", "sauron"):
            raise ComponentError(f"{where}.set: base or sauron")
        _need(entry, "effect", str, where)
        _window(entry, where, True)
        gandalf[gid] = dict(entry)

    # sauron.toml ---------------------------------------------------------------------
    f = "sauron.toml"
    sdoc = docs[f]
    sdeck = _need(sdoc, "sauron_deck", dict, f)
    mark(f, sdeck, "sauron_deck")
    sauron_cards = []
    for i, entry in enumerate(_need(sdeck, "cards", list, f"{f}: sauron_deck")):
        where = f"{f}: sauron_deck.cards[{i}]"
        syms = tuple(_sauron_symbol(s, f"{where}.symbols") for s in
                     _need(entry, "symbols", list, where))
        if not 1 <= len(syms) <= 3:
            raise ComponentError(f"{where}.symbols: 1 to 3 symbols")
        for k in range(_count(entry, "count", where)):
            sauron_cards.append(SauronCard(f"sauron-{len(sauron_cards) + 1}", syms))
    if len(sauron_cards) != 30:
        raise ComponentError(f"{f}: sauron_deck.cards: the Sauron deck has 30 cards, "
                             f"got {len(sauron_cards)}")
    ndeck = _need(sdoc, "nazgul_deck", dict, f)
    mark(f, ndeck, "nazgul_deck")
    nazgul = []
    for i, entry in enumerate(_need(ndeck, "card", list, f"{f}: nazgul_deck")):
        where = f"{f}: nazgul_deck.card[{i}]"
        nazgul.append(NazgulCard(_need(entry, "id", str, where),
                                 _sauron_symbol(_need(entry, "corner", list, where),
                                                f"{where}.corner"),
                                 check.resolution(entry, where)))
    if len(nazgul) != 9:
        raise ComponentError(f"{f}: nazgul_deck.card: the Nazgûl deck has 9 cards")
    resources = _need(sdoc, "resources", dict, f)
    tokens = _need(resources, "tokens", dict, f"{f}: resources")
    rcards = _need(resources, "card", dict, f"{f}: resources")
    raw_bonus = _need(resources, "bonus", dict, f"{f}: resources")
    if len(rcards) != 6 or sum(tokens.values()) != 12:
        raise ComponentError(f"{f}: resources: 6 resource cards and 12 resource tokens")
    for token in tokens:
        if token not in rcards and token not in raw_bonus:
            raise ComponentError(f"{f}: resources.tokens.{token}: neither a resource card "
                                 f"nor a bonus")
    bonus = {token: check.effects(effects, f"{f}: resources.bonus.{token}")
             for token, effects in raw_bonus.items()}
    spaces_at = tuple(str(x) for x in _need(resources, "token_spaces", list,
                                            f"{f}: resources"))
    if not spaces_at or not all(x == "last" or x.isdigit() for x in spaces_at):
        raise ComponentError(f"{f}: resources.token_spaces: space numbers or 'last'")
    for rid, entry in rcards.items():
        where = f"{f}: resources.card.{rid}"
        if rid in cards:
            raise ComponentError(f"{where}: the id of another card")
        windows = tuple(_need(entry, "windows", list, where))
        if not windows or any(w not in WINDOWS for w in windows):
            raise ComponentError(f"{where}.windows: some of {', '.join(WINDOWS)}")
        cards[rid] = Card(rid, _need(entry, "name", str, where), RESOURCE, (), "resources",
                          _need(entry, "effect", str, where), entry.get("text", ""),
                          windows=windows,
                          amount=int(entry.get("spaces", entry.get("steps", 0))))
    fellowship = _need(sdoc, "fellowship_cards", dict, f)
    if set(fellowship) != set(order):
        raise ComponentError(f"{f}: fellowship_cards: one card per character")
    for char, entry in fellowship.items():
        where = f"{f}: fellowship_cards.{char}"
        _need(entry, "effect", str, where)
        if any(w not in WINDOWS for w in _need(entry, "windows", list, where)):
            raise ComponentError(f"{where}.windows: some of {', '.join(WINDOWS)}")
    sauron_tokens: dict[str, Tile] = {}
    dark_events: dict[str, Tile] = {}
    for name in ("sauron_event_tokens", "dark_events"):
        table = _need(sdoc, name, dict, f)
        mark(f, table, name)
        total = 0
        for i, entry in enumerate(_need(table, "token", list, f"{f}: {name}")):
            where = f"{f}: {name}.token[{i}]"
            tid = _need(entry, "id", str, where)
            resolution = check.resolution(entry, where, tid)
            if name == "sauron_event_tokens":
                sauron_tokens[tid] = Tile(tid, "sauron", _count(entry, "count", where),
                                          None, resolution)
            else:
                dark_events[tid] = Tile(tid, "dark", _count(entry, "count", where),
                                        None, resolution)
            total += _count(entry, "count", where)
        expected = 4 if name == "sauron_event_tokens" else 23
        if total != expected:
            raise ComponentError(f"{f}: {name}: {expected} tokens, got {total}")
    return Components(
        temptation_spaces=spaces, sauron_start=dict(starts), die_faces=faces,
        die_symbols=dict(symbols), characters=order, character_names=names,
        abilities=abilities, cards=cards, hobbit_deck=deck, deal_at_bag_end=deal,
        special_runes=rune_values, tiles=tiles, journey=journey, boards=boards,
        gandalf_cost=_count(gtable, "cost_runes", "gandalf.toml: gandalf"), gandalf=gandalf,
        sauron_cards=tuple(sauron_cards), nazgul_cards=tuple(nazgul), sauron=sdoc,
        sauron_tokens=sauron_tokens, dark_events=dark_events,
        resource_cards=tuple(rcards), resource_tokens=dict(tokens), resource_bonus=bonus,
        token_spaces=spaces_at, token_boards=_count(resources, "token_boards",
                                                    f"{f}: resources"), fellowship=fellowship, reconstructed=tuple(reconstructed))


def _window(entry: Mapping[str, Any], where: str, needed: bool) -> str | None:
    """The window a yellow or Gandalf card is played in (checked against WINDOWS)."""
    window = entry.get("window")
    if needed and window not in WINDOWS:
        raise ComponentError(f"{where}.window: one of {', '.join(WINDOWS)}")
    if not needed and window is not None:
        raise ComponentError(f"{where}.window: only yellow cards have a window")
    return window


def _sauron_symbol(raw, where: str) -> tuple[str, int]:
    if (not isinstance(raw, list) or len(raw) != 2 or raw[0] not in SAURON_SYMBOLS
            or not isinstance(raw[1], int) or raw[1] < 1):
        raise ComponentError(f"{where}: a symbol is [kind, n] with kind among "
                             f"{', '.join(SAURON_SYMBOLS)}; got {raw!r}")
    return (raw[0], raw[1])


@lru_cache(maxsize=1)
def default_components() -> Components:
    """The components as shipped, loaded and validated once."""
    return parse_components()
