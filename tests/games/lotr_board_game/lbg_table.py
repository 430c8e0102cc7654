"""A table of the Lord of the Rings board game set up by hand, with scripted dice.

`table(board="moria", hands=[[...], [...]], dice=[...])` puts the Fellowship at the start
of a board with the given hands (taken from the deck, so cards are conserved) and runs
the rules until the first decision. Scripted outcomes are (die, face) pairs; `tile(t)`,
`die(face)` and `draw(seat_character, card)` build them.
"""

from __future__ import annotations

import copy
from collections import Counter

from palantir.engine import ScriptedDice
from palantir.engine.errors import DiceExhausted
from palantir.engine.procedure import Stack
from palantir.games.lotr_board_game import LordOfTheRingsBoardGame
from palantir.games.lotr_board_game.components import default_components
from palantir.games.lotr_board_game.phases import journey
from palantir.games.lotr_board_game.rules import (HOBBIT_CARD, REVEAL, THREAT_DIE, TILE_PILE,
                                                  LotrState)
from tests import support
from tests.support import used_all

__all__ = ["GAME", "PARTS", "tile", "die", "draw", "revealed", "TOKENS", "sauron_setup",
           "table", "step", "snapshot", "refused", "all_cards", "run", "more", "used_all"]

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


def table(players=2, board="moria", hands=None, dice=(), difficulty="normal", run=True,
          options=None, **fields) -> LotrState:
    """A state at the start of `board` with these hands and fields, run to a decision
    (with options={"expansion": "sauron"} the dice begin with `sauron_setup()`, and the
    Fellowship cards are set aside unless given, `fellowship_cards=["frodo"]`, so that a
    test meets only the windows its rule needs)."""
    options = GAME.validate_options({"players": players, "difficulty": difficulty,
                                     **(options or {})})
    state = LotrState(GAME, options, PARTS, ScriptedDice(list(dice)))
    state.board_index = PARTS.journey.index(board)
    for seat, hand in enumerate(hands or []):
        for card in hand:
            if PARTS.cards[card].is_hobbit_card:
                state.deck[card] -= 1
                assert state.deck[card] >= 0, card
            elif card in state.resource_pile:  # expansion: a resource card
                state.resource_pile.remove(card)
            else:
                for pile in state.board_cards.values():
                    if card in pile:
                        pile.remove(card)
                        break
            state.hands[seat].append(card)
        state.hands[seat].sort()
    # The board is laid out first (tracks, tiles and the event marker fresh), then the
    # fields given override it, then the rules run to the first decision.
    journey.Board().carry(state)
    if state.expansion:
        fields.setdefault("fellowship_cards", [])
    for name, value in fields.items():
        assert hasattr(state, name), name
        setattr(state, name, value)
    if run:
        try:
            state.run()
        except DiceExhausted:
            state.stopped = True
    return state


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


def run(state):
    """Run the rules on (after a test queued a step); stops where the script ends."""
    try:
        state.run()
    except DiceExhausted:
        state.stopped = True
    return state


def more(state, *outcomes):
    """Script further chance outcomes after those given to `table`."""
    state.dice.extend(outcomes)
