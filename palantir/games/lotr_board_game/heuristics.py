"""Rule-of-thumb players: a heuristic hobbit and a heuristic Sauron, and the rollout policy.

Every function here decides for the seat asked from what that seat may see: the public
boards and tracks, the Temptation track, runes, life tokens, hand sizes, and its own hand
(Sauron: his own hand). The agent reads its view through `SeenTable`, a thin object with
the few attributes the rules of thumb use (no state is rebuilt, no hidden card sampled:
another seat's hand is only its size); the rollout policy is the same functions on a
search's own (determinized) state.
"""

from __future__ import annotations

import random
from collections import Counter

from .components import LIFE_TOKENS, default_components

# What a reward is worth to the Fellowship (reference, Play 5 and 9: life tokens guard
# against darkness at each scenario's end, runes score and pay for Gandalf).
REWARD_VALUE = {"rune": 1.0, "big-rune": 2.0, "heal": 1.5, "roll": -2.0}
MAIN_TRACK = 3.0        # a main-track space brings the scenario's end and the score nearer
SIDE_TRACK = 1.0
# A hobbit this close to Sauron (or closer) heals before anything else.
DANGER = 3
# Sauron card symbols, most harmful to the Fellowship first (for Sauron's choice), and the
# hobbit's order of preference when he suffers only one of them (least harmful first).
HARM = {"sauron": 5.0, "darkness": 3.0, "hand-turn": 3.0, "discard-ring": 2.0,
        "discard-life": 2.0, "black-rider": 1.0, "discard-card": 1.0, "discard-runes": 0.5}
SUFFER_ORDER = ("discard-runes", "discard-card", "black-rider", "discard-life",
                "discard-ring", "darkness", "sauron")


def card_worth(state, card: str) -> float:
    """How much a hobbit would miss this card: symbols, legendary cards more."""
    info = state.parts.cards[card]
    worth = float(info.symbol_count)
    if not info.is_hobbit_card:
        worth += 2.0
    if info.symbols and info.symbols[0][0] == "joker":
        worth += 0.5
    return worth


def _gap(state, seat: int) -> int:
    """Spaces between a hobbit and Sauron on the Temptation track."""
    return state.sauron - state.positions[seat]


def _reward_worth(state, seat: int, item: str) -> float:
    if item in LIFE_TOKENS:
        return 2.5 if state.life[seat][item] == 0 else 0.5
    if item.startswith("card:"):
        return 2.0
    return REWARD_VALUE.get(item, 0.0)


def _play_worth(state, seat: int, text: str) -> float:
    """The value of playing these cards on these tracks."""
    board = state.board
    advanced = Counter()
    worth = 0.0
    for token in text.split()[1:]:
        card, _, track = token.partition("@")
        spaces = state.parts.cards[card].symbol_count
        rewards = board.tracks[track]
        start = state.tracks.get(track, 0) + advanced[track]
        room = len(rewards) - start
        moved = min(spaces, room)
        advanced[track] += moved
        worth += moved * (MAIN_TRACK if track == board.main else SIDE_TRACK)
        for space in range(start, start + moved):
            worth += sum(_reward_worth(state, seat, r) for r in rewards[space])
        worth -= 0.3 * card_worth(state, card)  # what is spent is gone
        worth -= 2.0 * (spaces - moved)        # symbols wasted past the track's end
    return worth


def _act_worths(state, seat: int, legal: list[str]) -> list[tuple[float, str]]:
    """The worth of each turn action the rules of thumb score, in the order of `legal`."""
    worths = []
    for text in legal:
        if text.startswith("play "):
            worth = _play_worth(state, seat, text)
        elif text == "heal":
            worth = 0.6 * state.positions[seat]
        elif text.startswith("ring ") and text.split()[1] == state.board.main:
            # Play 6: the Ring is worth it when the main track has room for its move.
            room = len(state.board.tracks[state.board.main]) - state.tracks.get(state.board.main, 0)
            worth = 4.0 if room >= 4 and _gap(state, seat) > DANGER + 2 else -1.0
        elif text.startswith("rider "):
            # Do Not Play Cards: only when the Black Rider is about to reach the Ring-bearer.
            bearer = state.ring_bearer
            close = bearer is not None and not state.rider_returning \
                and state.rider - state.positions[bearer] <= 2
            worth = 3.0 + int(text.split()[1]) * 0.1 if close else -1.0
        else:
            continue
        worths.append((worth, text))
    return worths


def hobbit_act(state, seat: int, legal: list[str]) -> str:
    """The turn's action: heal when in danger, play the best cards, else draw."""
    if "heal" in legal and _gap(state, seat) <= DANGER:
        return "heal"
    best, best_worth = "draw", 2.0 if len(state.hands[seat]) <= 3 else 0.8
    for worth, text in _act_worths(state, seat, legal):
        if worth > best_worth:
            best, best_worth = text, worth
    return best


def act_candidates(state, seat: int, legal: list[str], k: int) -> list[str]:
    """The rule of thumb's pick, then its next best turn actions, `k` in all (draw and
    heal always among them when legal): the few a search should compare."""
    pick = hobbit_act(state, seat, legal)
    ranked = sorted(_act_worths(state, seat, legal), key=lambda wt: -wt[0])
    out = [pick] + [t for t in ("draw", "heal") if t in legal and t != pick]
    for _, text in ranked:
        if len(out) >= k:
            break
        if text not in out:
            out.append(text)
    return out[:max(k, 1)]


def _give(state, seat: int, legal: list[str]) -> str:
    """Towards a cost: pay what is cheap (hobbit cards, spare tokens, runes) to avoid the
    consequence; suffer darkness or a roll only when far from Sauron."""
    if "take" in legal:
        return "take" if _gap(state, seat) > DANGER + 1 else "pass"
    gifts = []
    for text in legal:
        if not text.startswith("give "):
            continue
        item = text.split()[1]
        if item == "rune":
            cost = 1.5
        elif item in LIFE_TOKENS:
            cost = 0.8 if state.life[seat][item] > 1 else 4.0
        else:
            cost = card_worth(state, item)
        gifts.append((cost, text))
    if not gifts:
        return "pass"
    cost, text = min(gifts)
    return text if cost < 4.0 else "pass"


def _least_worth(state, seat: int, legal: list[str]) -> str:
    return min(legal, key=lambda t: (card_worth(state, t.split()[1]), t))


def _window(state, seat: int, legal: list[str]) -> str:
    """Yellow cards and Gandalf when they help: healing the hobbit nearest to Sauron,
    anything that cancels a roll, an event or a Sauron card; the Two Special Cards only
    when a hobbit is a step from Sauron (an unused Watchful Peace is 10 points)."""
    special = _special(state, seat, legal)
    if special:
        return special
    for text in legal:
        words = text.split()
        if words[0] == "continue":
            continue
        what, _, target = words[1].partition("@")
        if target in state.characters:
            who = state.characters.index(target)
            if what in ("elessar", "healing") and _gap(state, who) <= DANGER:
                return text
            if what == "lembas" and len(state.hands[who]) <= 2:
                return text
            if what == "athelas":
                return text
            continue
        if what in ("mithril", "belt", "staff", "magic", "protection"):
            return text
    return "continue"


def _special(state, seat: int, legal: list[str]) -> str | None:
    """The Watchful Peace when a hobbit still in the game is within a step of Sauron; The
    One Ring when its bearer is and another hobbit is far from him."""
    gaps = [_gap(state, s) for s in range(len(state.positions)) if not state.eliminated[s]]
    if "special watchful-peace" in legal and gaps and min(gaps) <= 1:
        return "special watchful-peace"
    rings = [t for t in legal if t.startswith("special one-ring@")]
    if rings and _gap(state, seat) <= 1:
        best = max(rings, key=lambda t: (_gap(state, state.characters.index(
            t.partition("@")[2])), t))
        if _gap(state, state.characters.index(best.partition("@")[2])) > DANGER:
            return best
    return None


def _suffer(state, seat: int, legal: list[str]) -> str:
    """Start of each turn: the least harmful symbol."""
    order = {k: i for i, k in enumerate(SUFFER_ORDER)}
    if _gap(state, seat) > DANGER + 2:
        order["darkness"] = 0.5  # far from Sauron a step into darkness costs little
    return min(legal, key=lambda t: order.get(t.split()[1], 99))


def _card_harm(state, card: str, one: bool) -> float:
    symbols = state.card_symbols(card)
    harms = [HARM.get(k, 0.0) * n for k, n in symbols]
    # At the start of a turn the hobbit picks the least harmful symbol (Sam always).
    return min(harms) if one else sum(harms)


def sauron_decision(state, seat: int, legal: list[str]) -> str:
    """Sauron: the most harmful card; draw (or refill) when his hand runs short."""
    kind = state.question[0]
    hand = len(state.sauron_hand)
    if kind == "sauron-refill":
        return "refill"
    if kind == "sauron-call":
        if hand <= 1 and "refill" in legal:
            return "refill"
        target = state.question[2]
        sam = state.ability(target) == "one-damage-per-roll"
        plays = [t for t in legal if t.startswith("sauron ")]
        return max(plays, key=lambda t: (_card_harm(state, t.split()[1], sam), t)) \
            if plays else "refill"
    nazgul = [t for t in legal if t.startswith("nazgul ")]
    if nazgul:
        return nazgul[0]
    plays = [t for t in legal if t.startswith("sauron ")]
    if hand <= 2 or not plays:
        return "draw"
    best = max(plays, key=lambda t: (_card_harm(state, t.split()[1], True), t))
    return best if _card_harm(state, best.split()[1], True) >= 2.0 else "draw"


def decide(state, rng: random.Random | None = None, legal: list[str] | None = None) -> str:
    """The heuristic decision of the seat asked in `state` (among `legal` if given)."""
    if legal is None:
        legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    kind, seat = state.question[0], state.question[1]
    if seat == state.sauron_seat:
        return sauron_decision(state, seat, legal)
    if kind == "act":
        return hobbit_act(state, seat, legal)
    if kind == "give":
        return _give(state, seat, legal)
    if kind in ("discard", "council"):
        return _least_worth(state, seat, legal)
    if kind == "window":
        return _window(state, seat, legal)
    if kind == "use-token":
        # Foresight (bag): an activity tile on the main track first, then any activity
        # tile (it ends the reveal), else the first.
        tiles = state.parts.tiles
        main = f"use {state.board.main}"
        if main in legal:
            return main
        return next((t for t in legal if t.split()[1] in tiles
                     and tiles[t.split()[1]].kind == "activity"), legal[0])
    if kind == "decline":
        # Dark Events: keep an activity tile (it ends the reveal); any other may be
        # replaced by an activity tile.
        return "accept" if state.question[2] in state.parts.tiles and \
            state.parts.tiles[state.question[2]].kind == "activity" else "decline"
    if kind == "sauron-symbol":
        return _suffer(state, seat, legal)
    if kind == "life-token":
        # The kind held most goes (a spare is cheapest at the scenario's end, Play 5).
        return max(legal, key=lambda t: (state.life[seat][t.split()[1]], t))
    if kind == "track":
        main = f"track {state.board.main}"
        return main if main in legal else legal[0]
    if kind == "choose":
        return "choose heal" if "choose heal" in legal and state.positions[seat] else \
            next((t for t in legal if t != "choose heal"), legal[0])
    if kind == "deal":
        return min(legal, key=lambda t: (len(state.hands[state.characters.index(t.split()[1])]),
                                         t))
    return legal[0]


class SeenTable:
    """What one seat's view shows, with the attribute names of a state that `decide` reads.

    Another hobbit's hand is a list of `None` of its shown size: the rules of thumb only
    count it, and nothing hidden is there to read."""

    def __init__(self, view: dict):
        from .sampling import decode  # sampling imports nothing from here; avoid a cycle

        self.parts = parts = default_components()
        self.board = parts.boards[view["board"]]
        self.characters = tuple(view["characters"])
        self.tracks = view["tracks"]
        self.positions = view["positions"]
        self.eliminated = view["eliminated"]
        self.sauron = view["sauron"]
        self.life = view["life"]
        self.runes = view["runes"]
        self.ring_bearer = view["ring_bearer"]
        seat = view["rules_seat"]
        self.hands = [list(view["hand"]) if s == seat and view["hand"] is not None
                      else [None] * size for s, size in enumerate(view["hand_sizes"])]
        self.question = decode(view["procedure"]["question"])
        self.sauron_seat = view.get("sauron_seat")
        self.sauron_hand = view.get("sauron_hand") or \
            [None] * view.get("sauron_hand_size", 0)
        self.rider = view.get("black_rider")
        self.rider_returning = view.get("black_rider_returning")
        if self.sauron_seat is not None:
            self._symbols = {c.id: c.symbols for c in parts.sauron_cards}
            self._symbols.update((c.id, (c.corner,)) for c in parts.nazgul_cards)

    def ability(self, seat: int) -> str:
        """The special ability of the hobbit at `seat`."""
        return self.parts.abilities[self.characters[seat]]

    def card_symbols(self, card: str):
        """The symbols of a Sauron card, or a Nazgûl card's corner symbol."""
        return self._symbols[card]


class HeuristicAgent:
    """The heuristic hobbit or Sauron of one seat; it sees only the seat's view."""

    def __init__(self, game, seat: int, seed: int | None = None):
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)

    def choose(self, view: dict, legal_actions: list):
        """The rule-of-thumb decision among `legal_actions`."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        legal = [str(a) for a in legal_actions]
        wanted = decide(SeenTable(view), self.rng, legal)
        return legal_actions[legal.index(wanted)] if wanted in legal else legal_actions[0]


def rollout_policy(state, rng: random.Random) -> str:
    """The heuristic on a search's own state (fast: no view is built)."""
    return decide(state, rng)
