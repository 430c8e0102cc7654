"""Positions of the Lord of the Rings board game (engine/position.py, docs/positions.md).

The full position is the spectator's view (which carries the public procedure, as the
determinizations read it: sampling.py) plus `hidden`: every hobbit's hand, the hobbit
deck, the Council choices and, with the expansion, Sauron's hand, deck, secret discards,
whole discard pile and the Nazgûl deck. A seat's position is its view; loading it deals
what the seat does not see with a fixed generator (state_from_view): one state the seat
could be in, not the one it was taken from.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Mapping

from ...engine.dice import Dice
from ...engine.errors import BadPosition
from .sampling import sample_state

SAURON_PILES = ("sauron_hand", "sauron_deck", "sauron_secret", "sauron_discards",
                "nazgul_deck")


def position_of(game, state, seat: int | None) -> dict:
    """The full position (seat None: the public view and every hidden card) or `seat`'s."""
    if seat is not None:
        return state.view(seat)
    body = state.view(None)
    hidden = {"hands": [list(h) for h in state.hands],
              "deck": dict(sorted(state.deck.items())),
              "council": {str(s): card for s, card in sorted(state.council.items())}}
    if state.expansion:
        hidden.update({name: list(getattr(state, name)) for name in SAURON_PILES})
    body["hidden"] = hidden
    return body


def state_from_position(game, document: Mapping[str, Any], dice: Dice):
    """The state of a checked position document: a full one exactly, a seat's completed."""
    body = dict(document["position"])
    if not document["full"]:
        if "hidden" in body:
            raise BadPosition("position.hidden", "only a full position holds hidden cards")
        return game.state_from_view(body, dice)
    hidden = body.pop("hidden", None)
    if not isinstance(hidden, dict):
        raise BadPosition("position.hidden", "a full position holds the hidden cards as "
                                             "an object")
    # One way to deal the unseen cards: the hidden cards given must be the same cards.
    state = sample_state(game, body, random.Random(0), dice)
    hands = [list(_strings(h, "position.hidden.hands")) for h in _need(hidden, "hands", list)]
    if len(hands) != state.n:
        raise BadPosition("position.hidden.hands", f"one hand per hobbit ({state.n})")
    deck = _need(hidden, "deck", dict)
    if not all(isinstance(k, int) and not isinstance(k, bool) and k > 0
               for k in deck.values()):
        raise BadPosition("position.hidden.deck", "card -> how many (a positive number)")
    if sum(map(Counter, hands), Counter(deck)) != sum(map(Counter, state.hands), state.deck):
        raise BadPosition("position.hidden.deck", "the hands and the deck are not the cards "
                                                  "the rest of the position leaves unseen")
    council = _need(hidden, "council", dict)
    try:
        council = {int(s): card for s, card in council.items()}
    except ValueError:
        raise BadPosition("position.hidden.council", "seat number -> card") from None
    if set(council) != set(state.council) or any(
            not 0 <= s < state.n or card not in hands[s] for s, card in council.items()):
        raise BadPosition("position.hidden.council", "each hobbit who chose at the Council "
                                                     "-> a card of his hand")
    state.hands, state.deck, state.council = hands, Counter(deck), council
    if state.expansion:
        piles = {name: list(_strings(_need(hidden, name, list), f"position.hidden.{name}"))
                 for name in SAURON_PILES}
        _check_sauron(state, piles)
        for name, cards in piles.items():
            setattr(state, name, cards)
    state._legal = None
    return state


def _check_sauron(sampled, piles: dict) -> None:
    """Sauron's piles hold his cards once each, as the dealt ones do."""
    every = ("sauron_hand", "sauron_deck", "sauron_discards")
    if sorted(sum((piles[n] for n in every), [])) != sorted(
            sum((list(getattr(sampled, n)) for n in every), [])):
        raise BadPosition("position.hidden.sauron_deck", "Sauron's hand, deck and discards "
                                                         "are not his cards, once each")
    if Counter(piles["sauron_secret"]) - Counter(piles["sauron_discards"]):
        raise BadPosition("position.hidden.sauron_secret", "a secret discard is a discard")
    if sorted(piles["nazgul_deck"]) != sorted(sampled.nazgul_deck):
        raise BadPosition("position.hidden.nazgul_deck", "the Nazgûl cards neither face up "
                                                         "nor discarded")


def _need(hidden: dict, name: str, kind: type):
    value = hidden.get(name)
    if not isinstance(value, kind):
        raise BadPosition(f"position.hidden.{name}", f"missing or not a {kind.__name__}")
    return value


def _strings(values, field: str) -> list[str]:
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise BadPosition(field, "must be a list of card names")
    return values
