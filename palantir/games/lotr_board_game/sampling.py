"""A full state consistent with one seat's view: the determinizations of ISMCTS.

What a seat cannot see is the other hands (hobbit and legendary cards), Sauron's hand,
the order of the hobbit deck and of Sauron's deck, and which card each other hobbit chose
at the Council. Everything else is public: the boards, the tracks, the Temptation track,
the discards, the legendary cards still on their boards or removed, the tiles left in the
bag (every tile is revealed face up, so its contents follow from the public history) and
the procedure in progress (the pending steps and the question asked), which the view
carries as `procedure` in plain JSON.

The unseen cards are dealt uniformly into the other hands at their shown sizes and the
rest into the deck: the cards a hobbit has offered to a cost (public) stay in his hand,
legendary cards go into hands only (they never enter the deck), and Sauron's hand is
dealt from the Sauron cards not discarded. Piles are unordered in this game, so a deck
is a multiset and nothing else needs drawing.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Mapping

from ...engine.dice import Dice, SeededDice
from ...engine.errors import PalantirError
from .components import default_components
from .plain import decode
from .rules import LotrState

def _deal(rng: random.Random, pool: Counter, slots: list[int], must_place: Counter,
          hands: dict[int, list[str]]) -> Counter:
    """Deal `pool` uniformly: the cards of `must_place` into hand slots only, the rest into
    the hand slots left and the deck. `slots` lists a hand seat once per free place;
    returns the deck (what is left)."""
    slots = slots[:]
    rng.shuffle(slots)
    forced = sorted(must_place.elements())
    if len(forced) > len(slots):
        raise PalantirError("lotr-board-game: a view whose hidden legendary cards do not fit "
                            "the hands shown")
    for card, seat in zip(forced, slots):
        hands[seat].append(card)
    rest = sorted((pool - must_place).elements())
    rng.shuffle(rest)
    free = slots[len(forced):]
    if len(free) > len(rest):
        raise PalantirError("lotr-board-game: a view whose hand sizes exceed the unseen cards")
    for card, seat in zip(rest, free):
        hands[seat].append(card)
    return Counter(rest[len(free):])


def sample_state(game, view: Mapping[str, Any], rng: random.Random, dice: Dice | None = None):
    """A full state consistent with `view`, the unseen cards dealt with `rng`."""
    if "procedure" not in view:
        raise PalantirError("lotr-board-game: this view has no 'procedure'; pass a view made "
                            "by LotrState.view")
    options = game.validate_options(view["options"])
    parts = default_components()
    state = LotrState(game, options, parts, SeededDice(0, record=False))
    proc = view["procedure"]
    state.characters = tuple(view["characters"])    # as dealt (deal_characters)
    state.table_seats = list(view["table_seats"])
    for name in ("positions", "eliminated", "runes", "revealed", "gandalf_left", "foreseen"):
        setattr(state, name, list(view[name]))
    state.specials = list(view["special_cards"])
    state.declined = list(view["declined"])
    state.foreseen_free = proc["foreseen_free"]
    for name in ("sauron", "ring_bearer", "active", "board_index", "event", "ring_used",
                 "turns", "result"):
        setattr(state, name, view[name])
    state.life = [dict(x) for x in view["life"]]
    state.tracks = dict(view["tracks"])
    state.discards = Counter(view["discards"])
    state.removed = list(view["removed"])
    state.board_cards = {b: list(c) for b, c in view["board_cards"].items()}
    state.tiles = Counter(proc["tiles"])
    state.special_runes = list(proc["special_runes"])
    state.shown = list(proc["shown"])
    state.athelas = list(proc["spared_life_tokens"])
    state.lost_because = proc["lost_because"]
    state.queue = list(decode(proc["queue"]))
    state.question = decode(proc["question"])
    if state.expansion:
        state.resource_pile = list(view["resource_pile"])
        state.resource_spaces = {(t, k): token for t, k, token in view["resource_spaces"]}
        state.resource_tokens = Counter(proc["resource_tokens"])
        state.tokens_out = list(proc["tokens_out"])
        state.fellowship_cards = list(view["fellowship_cards"])
        state.three_cards = view["three_cards"]
        state.played = list(view["played"])
        state.used_here = list(view["used_here"])
    state.news, state.answered = [], None

    plan = _hidden_plan(state, view)
    _deal_hidden(state, view, plan, rng)
    if state.result is not None:
        state.finish()
    state.dice = dice if dice is not None else SeededDice(rng.getrandbits(64), record=False)
    return state


def _hidden_plan(state, view) -> tuple:
    """What is known of the hands (the seat's own, cards offered to a cost), the free hand
    places, the unseen cards and which of them must go into hands (legendary cards)."""
    parts, seat, proc, n = state.parts, view["rules_seat"], view["procedure"], state.n
    all_cards = Counter(parts.hobbit_deck)
    all_cards.update(c.id for c in parts.cards.values() if not c.is_hobbit_card
                     and (state.expansion or c.id not in parts.resource_cards))
    seen = Counter(view["discards"]) + Counter(view["removed"]) + Counter(proc["shown"])
    seen.update(view.get("resource_pile", ()))  # face up beside the board
    for pile in view["board_cards"].values():
        seen.update(pile)
    known: dict[int, list[str]] = {s: [] for s in range(n)}
    own = seat is not None and seat < n
    if own:
        known[seat] = list(view["hand"])
        seen.update(view["hand"])
    # Cards offered to the cost being asked are public and still in their givers' hands.
    for giver, item in state.pot:
        if giver != seat and item in parts.cards:
            known[giver].append(item)
            seen[item] += 1
    pool = all_cards - seen
    slots = [s for s in range(n) if not (own and s == seat)
             for _ in range(view["hand_sizes"][s] - len(known[s]))]
    legendary = Counter({c: k for c, k in pool.items() if not parts.cards[c].is_hobbit_card})
    return own, known, pool, slots, legendary


def _deal_hidden(state, view, plan: tuple, rng: random.Random) -> None:
    """Deal the unseen cards of `plan` into the state: hands, deck, Council choices and
    (expansion) Sauron's hand."""
    own, known, pool, slots, legendary = plan
    seat, n = view["rules_seat"], state.n
    hands = {s: known[s][:] for s in range(n)}
    state.deck = _deal(rng, pool, slots, legendary, hands)
    state.hands = [sorted(hands[s]) for s in range(n)]
    # Council: the cards other hobbits chose are unknown; each is one of his own cards.
    state.council = {}
    for s in view["council_chosen"]:
        if own and s == seat:
            state.council[s] = view["council_card"]
        else:
            state.council[s] = rng.choice(state.hands[s])
    if state.expansion:
        _sample_sauron(state, view, view["procedure"], rng)


class Determinizer:
    """Many determinizations of one view, cheaply: the view is read once into a state,
    and each call clones it and deals the unseen cards afresh (ISMCTS)."""

    def __init__(self, game, view: Mapping[str, Any]):
        self.view = view
        self.base = sample_state(game, view, random.Random(0))
        self.plan = _hidden_plan(self.base, view)

    def __call__(self, rng: random.Random, dice: Dice):
        """A fresh state consistent with the view, dealt with `rng`, rolling `dice`."""
        state = self.base.clone(dice=dice)
        _deal_hidden(state, self.view, self.plan, rng)
        return state


def _sample_sauron(state, view, proc, rng: random.Random) -> None:
    """Sauron's hand (his own, or dealt from the cards not discarded) and the piles."""
    state.sauron_discards = list(view["sauron_discards"])
    state.nazgul_up = list(view["nazgul_up"])
    state.nazgul_discards = list(view["nazgul_discards"])
    state.nazgul_deck = sorted(set(state.nazgul_cards) - set(state.nazgul_up)
                               - set(state.nazgul_discards))
    state.rider = view["black_rider"]
    state.rider_returning = view["black_rider_returning"]
    state.rider_start = proc["rider_start"]
    state.at_crack = proc["at_crack"]
    unseen = sorted(set(state.sauron_cards) - set(state.sauron_discards))
    if view["sauron_hand"] is not None:
        # Sauron's own seat: his discards are all shown; which were secret matters only
        # by their count in his view, so the first of them stand for them.
        hand = list(view["sauron_hand"])
        secret = state.sauron_discards[:view["sauron_secret_discards"]]
    else:
        # The cards he discarded unseen are dealt from the unseen cards with his hand.
        drawn = rng.sample(unseen, view["sauron_hand_size"] + view["sauron_secret_discards"])
        hand, secret = drawn[:view["sauron_hand_size"]], drawn[view["sauron_hand_size"]:]
        state.sauron_discards += secret
    state.sauron_hand = sorted(hand)
    state.sauron_secret = sorted(secret)
    state.sauron_deck = sorted(set(unseen) - set(hand) - set(secret))
