"""Lord of the Rings board game positions for the rule tests, with scripted dice.

`table(board="moria", hands=[[...], [...]], dice=[...])` is the position at the start of
a board with the given hands (taken from the deck or the piles, so cards are conserved),
written as a full position document (docs/positions.md: the hands and the deck in its
hidden part), loaded, and played by the rules until the first decision. `setup(state,
tracks={"travelling": 13}, queue=[("roll", 0)])` is the position of a state with these
parts changed (the steps waiting in the game's notation of steps). Scripted outcomes are
(die, face) pairs; `tile(t)`, `die(face)` and `draw(seat_character, card)` build them.
"""

from __future__ import annotations

import copy
import json
from collections import Counter

from palantir.engine import ScriptedDice
from palantir.engine.errors import DiceExhausted
from palantir.engine.procedure import Stack
from palantir.games.lotr_board_game import LordOfTheRingsBoardGame
from palantir.games.lotr_board_game.components import default_components
from palantir.games.lotr_board_game.phases import journey
from palantir.games.lotr_board_game.plain import encode
from palantir.games.lotr_board_game.rules import (HOBBIT_CARD, REVEAL, THREAT_DIE, TILE_PILE,
                                                  LotrState)
from tests import support
from tests.support import used_all

from . import body_of, load

__all__ = ["GAME", "PARTS", "tile", "die", "draw", "revealed", "TOKENS", "sauron_setup",
           "table", "setup", "step", "snapshot", "refused", "all_cards", "run", "more",
           "used_all"]

GAME = LordOfTheRingsBoardGame()
PARTS = default_components()


def tile(name):
    """The scripted reveal of an event tile."""
    return (TILE_PILE, name)


def die(face):
    """The scripted face of the threat die."""
    return (THREAT_DIE, face)


def draw(character, card):
    """The scripted draw of a hobbit card by a character (the character is for the reader:
    who may see a draw is the roll's seen_by, checked in test_hidden_information)."""
    return (HOBBIT_CARD, card)


def revealed(card):
    """The scripted reveal of a hobbit card."""
    return (REVEAL, card)


# Resources: the four tokens a conflict board's start draws, in the order of its side
# tracks' 4th and last spaces (chosen so that a test's first turns never reach them).
TOKENS = ("three-runes", "three-runes", "three-hobbit-cards", "three-hobbit-cards")


def sauron_setup(first="sauron-1", second="sauron-6", nazgul=("nazgul-1", "nazgul-9"),
                 tokens=TOKENS):
    """The scripted Preparation of the Sauron expansion: two Sauron cards and two Nazgûl
    cards revealed (sauron-1..5: Black Rider 2; 6..8: Black Rider 3; 9..12: Black Rider
    1 + discard a card; 16..18: darkness; 19..22: darkness + discard a card), then the
    resource tokens of the first conflict board (none: `tokens=()`)."""
    return [("sauron card", first), ("sauron card", second)] + \
        [("nazgul card", n) for n in nazgul] + [("resource token", t) for t in tokens]


def _from_deck(body: dict, cards: Counter) -> None:
    """Take these cards out of the hobbit deck (they go elsewhere: cards are conserved)."""
    deck = body["hidden"]["deck"]
    for card, count in cards.items():
        assert deck.get(card, 0) >= count, f"{card}: not {count} left in the deck"
        deck[card] -= count
        if not deck[card]:
            del deck[card]
        body["deck_size"] -= count


def _take_card(body: dict, card: str, seat: int) -> None:
    """Put a card in a hobbit's hand from where it lies: the deck, the resource cards
    (expansion) or a board's pile."""
    hidden = body["hidden"]
    if PARTS.cards[card].is_hobbit_card:
        _from_deck(body, Counter([card]))
    elif card in body.get("resource_pile", ()):
        body["resource_pile"].remove(card)
    else:
        pile = next(p for p in body["board_cards"].values() if card in p)
        pile.remove(card)
    hidden["hands"][seat].append(card)
    hidden["hands"][seat].sort()
    body["hand_sizes"][seat] += 1


# Hidden piles of the expansion, and where cards put in or taken out of them come from or
# go: Sauron's hand is drawn from his deck; a card of his deck or of the Nazgûl deck
# taken out of it is discarded.
PILES = {"sauron_hand": ("hidden", "sauron_deck"), "sauron_deck": ("hidden", "sauron_discards"),
         "nazgul_deck": ("public", "nazgul_discards")}


def _refill(body: dict, name: str, cards: list) -> None:
    """A hidden pile holding `cards`, the cards moved to or from its other pile."""
    part, other = PILES[name]
    source = body["hidden"][other] if part == "hidden" else body[other]
    now = Counter(body["hidden"][name])
    for card in Counter(cards) - now:
        assert card in source, f"{card}: not in {other}"
        source.remove(card)
    source.extend((now - Counter(cards)).elements())
    body["hidden"][name] = cards


# The state's names a position writes otherwise.
POSITION_NAMES = {"rider": "black_rider", "rider_returning": "black_rider_returning"}


def _write(body: dict, parts: dict) -> None:
    """Write parts of a position by the names of the state's own: a part of the body, of
    its procedure (the steps waiting as tuples, the tiles in the bag) or of its hidden
    cards; an object given for an object is merged into it."""
    for name, value in parts.items():
        name = POSITION_NAMES.get(name, name)
        if name == "queue":
            body["procedure"]["queue"] = json.loads(json.dumps(encode(list(value))))
            continue
        if name == "tiles":
            body["tiles_left"] = sum(value.values())
        if name == "discards":
            # cards discarded come from the deck, as cards in hand do
            _from_deck(body, Counter(value) - Counter(body["discards"]))
        if name in PILES:
            _refill(body, name, list(value))
            continue
        where = next((w for w in (body["hidden"], body["procedure"], body) if name in w),
                     None)
        assert where is not None, f"no part {name!r} in a board game position"
        value = json.loads(json.dumps(dict(value) if isinstance(value, Counter) else value))
        if isinstance(value, dict) and isinstance(where[name], dict) and name != "tiles":
            value = {**where[name], **value}
        where[name] = value


def table(players=2, board="moria", hands=None, dice=(), difficulty="normal", run=True,
          options=None, **parts) -> LotrState:
    """The position at the start of `board` with these hands and parts, played to a
    decision (with options={"expansion": "sauron"} the dice begin with `sauron_setup()`,
    and the Fellowship cards are set aside unless given, `fellowship_cards=["frodo"]`, so
    that a test meets only the windows its rule needs)."""
    options = GAME.validate_options({"players": players, "difficulty": difficulty,
                                     **(options or {})})
    dice = ScriptedDice(list(dice))
    # The game's own preparation (the expansion's draws come first in the script), at the
    # board asked for, which the rules then lay out (tracks, tiles, the event marker).
    document = body_of(GAME, LotrState(GAME, options, PARTS, dice))
    document["position"].update(board=board, board_index=PARTS.journey.index(board))
    state = load(document, dice, GAME)
    journey.Board().carry(state)
    document = body_of(GAME, state)
    body = document["position"]
    for seat, hand in enumerate(hands or []):
        for card in hand:
            _take_card(body, card, seat)
    if state.expansion:
        parts.setdefault("fellowship_cards", [])
    _write(body, parts)
    state = _settled(document, dice)
    return _play_on(state) if run else state


def _settled(document: dict, dice) -> LotrState:
    """The state of a document whose parts a test wrote: what follows from them (the
    steps waiting as the rules write them, the sizes of the hidden piles) is written as
    the game writes it, then the whole checked by the engine's loader."""
    written = body_of(GAME, GAME.state_from_position(document, ScriptedDice([])))
    return load(written, dice, GAME)


def setup(state, **parts) -> LotrState:
    """The position of `state` with these parts changed (by the state's names: tracks,
    life, queue, tiles, sauron_hand, ...), loaded with the same dice: a new state."""
    document = body_of(GAME, state)
    _write(document["position"], parts)
    return _settled(document, state.dice)


def step(state, *actions):
    """Apply decisions in turn; returns the state.

    The rules may stop when the scripted dice run out after the last decision (the next
    turn's first tile, say): a test scripts only what its rule needs."""
    for i, action in enumerate(actions):
        try:
            state.apply(action)
        except DiceExhausted:
            if i < len(actions) - 1:
                raise
            state.stopped = True
    return state


def snapshot(state):
    """Everything of a state that a refusal must leave unchanged (not `_legal`, the memo of
    the legal decisions that asking for them fills)."""
    kept = copy.deepcopy({k: v for k, v in state.__dict__.items()
                          if k not in ("game", "dice", "parts", "_legal")})
    kept["stack"].__class__ = _SameStack  # restored by __dict__.update, compared by value
    return kept


def refused(state, decision, rule=None):
    """Offer a decision the rules forbid: IllegalAction naming a rule (`rule` in it, if
    given), and nothing changed — no seat's view, no legal decision, nothing `snapshot`
    copies."""
    return support.refused(state, decision, rule, internals=snapshot)


class _SameStack(Stack):
    """A stack of procedures equal to another with the same procedures (a snapshot's)."""

    def __eq__(self, other):
        return isinstance(other, Stack) and self.to_json() == other.to_json()


def all_cards(state) -> Counter:
    """Every hobbit and legendary card wherever it is: deck, hands, discards, piles."""
    total = Counter(state.deck) + Counter(state.discards) + Counter(state.removed)
    for hand in state.hands:
        total += Counter(hand)
    for pile in state.board_cards.values():
        total += Counter(pile)
    total += Counter(state.shown)
    total += Counter(state.resource_pile)  # expansion: resource cards not yet taken
    return total


def _play_on(state):
    """Run the rules on; stops where the script ends."""
    try:
        state.run()
    except DiceExhausted:
        state.stopped = True
    return state


def run(state):
    """Run the rules on (after a test queued a step); stops where the script ends."""
    return _play_on(state)


def more(state, *outcomes):
    """Script further chance outcomes after those given to `table`."""
    state.dice.extend(outcomes)
