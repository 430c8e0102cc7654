"""The Sauron expansion: the Sauron seat, its Sauron and Nazgûl cards, the Black Rider.

Sections cited are those of rules/lotr-board-game-sauron-expansion.txt. The Sauron seat
is the last seat (after the hobbits). Sauron's hand is his alone: every card he draws is
rolled with `seen_by` his seat; a card he plays is public. Piles are unordered, as all
piles of this game.

Sauron is activated (a question to the Sauron seat):
  * instead of a threat-die roll ("Sauron's actions instead of a roll"): `sauron <card>`
    (the whole card on that hobbit) or `refill` (draw up to six; he may first discard:
    `refill sauron-3 sauron-9`). Putting on the Ring still rolls the die (Exceptions).
  * at the start of each hobbit turn ("Sauron's Actions at the Start of Each Turn"):
    `sauron <card>` (the hobbit suffers one symbol he can accept in full), `draw` (one
    Sauron card), or `nazgul <card>` (its corner symbol on the active player, then its
    incident on the Fellowship).
A hobbit choosing one symbol answers `suffer <symbol>` (Sam always chooses one:
Exceptions).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

from ..components import LIFE_TOKENS
from .steps import QuestionKind, Step, arity, window_step

SAURON_CALL = "Playing as Sauron: Sauron plays a card from his hand against the hobbit, or " \
              "draws up to six cards"
SAURON_START = "Start of each turn: Sauron plays a card (one symbol), draws one card, or " \
               "applies a face-up Nazgûl card"
ONE_SYMBOL = "Start of each turn: the hobbit chooses one symbol he can satisfy in full"
LIFE_TOKEN = "Playing as Sauron: the Fellowship member discards any one life token (his choice)"
SAURON_DECK = "sauron card"
NAZGUL_DECK = "nazgul card"
# Symbols a hobbit may choose when he suffers only one (Start of each turn: the list of
# consequences there has no "hand the turn to Sauron").
ONE_SYMBOL_KINDS = ("black-rider", "sauron", "darkness", "discard-card", "discard-life",
                    "discard-ring", "discard-runes")


def setup_sauron(state) -> None:
    """Preparation, If you are playing as Sauron: two Sauron and two Nazgûl cards face
    up, the Black Rider on its start space facing the hobbits."""
    parts = state.parts
    state.sauron_seat = state.n
    state.sauron_cards = {c.id: c for c in parts.sauron_cards}
    state.nazgul_cards = {c.id: c for c in parts.nazgul_cards}
    state.sauron_deck = sorted(state.sauron_cards)
    state.sauron_hand: list[str] = []
    state.sauron_discards: list[str] = []
    # Discarded face down unseen before drawing up to six: Sauron's alone to know.
    state.sauron_secret: list[str] = []
    state.nazgul_deck = sorted(state.nazgul_cards)
    state.nazgul_up: list[str] = []
    state.nazgul_discards: list[str] = []
    state.rider_start = int(state.options["black_rider"])
    state.rider = state.rider_start
    state.rider_returning = False
    state.at_crack = False
    hand = parts.sauron["sauron_hand"]
    sauron_draw(state, hand["revealed_at_start"], public=True)
    for _ in range(hand["nazgul_revealed_at_start"]):
        reveal_nazgul(state)

# ----- Sauron's cards ---------------------------------------------------------------


def sauron_draw(state, count: int, public: bool = False) -> None:
    """Sauron draws from his deck (seen by him only unless revealed)."""
    got = []
    for _ in range(count):
        if not state.sauron_deck:
            # Special Cases: the discarded Sauron cards are shuffled into a new deck.
            state.sauron_deck, state.sauron_discards = sorted(state.sauron_discards), []
            state.sauron_secret = []
        if not state.sauron_deck:
            break
        card = state.dice.roll(SAURON_DECK, state.sauron_deck,
                               seen_by=None if public else state.seen(state.sauron_seat))
        state.sauron_deck.remove(card)
        got.append(card)
    state.sauron_hand = sorted(state.sauron_hand + got)
    if got:
        state.say(f"Sauron draws {len(got)} card{'s' * (len(got) > 1)}"
                  + (f": {', '.join(got)}" if public else ""))
        if not public:
            state.say(f"you draw {', '.join(got)}", state.sauron_seat)


def reveal_nazgul(state) -> None:
    """A Nazgûl card is drawn and laid face up (none when the deck is out)."""
    if state.nazgul_deck:
        card = state.dice.roll(NAZGUL_DECK, state.nazgul_deck)
        state.nazgul_deck.remove(card)
        state.nazgul_up.append(card)
        state.say(f"Sauron reveals the Nazgûl card {card}")


def symbols_text(state, card: str) -> str:
    """A Sauron card's symbols in words."""
    return ", ".join(f"{k} {n}" for k, n in state.sauron_cards[card].symbols)

# ----- activations -----------------------------------------------------------------


@dataclass
class Call(Step):
    """Sauron is called instead of a roll (the die is rolled without the expansion)."""

    name: ClassVar[str] = "call"
    seat: int
    purpose: str | None

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        seat, purpose = self.seat, self.purpose
        # Sauron's actions instead of a roll; without the expansion (Dark Events' Sauron
        # tokens in the original game) the threat die is rolled instead.
        if not state.expansion:
            state.push(("roll-die", seat, purpose))
            return
        if not state.eliminated[seat]:
            state.question = ("sauron-call", state.sauron_seat, seat, purpose)


def legal_sauron_call(state, seat: int) -> list[str]:
    """Sauron called: a card of his hand against the hobbit, or refill."""
    # "Before drawing, you may discard any number of cards": one at a time, `refill
    # <card>` discarding one and asking again (sauron-refill), `refill` drawing.
    return [f"sauron {c}" for c in state.sauron_hand] + legal_sauron_refill(state, seat)


def legal_sauron_refill(state, seat: int) -> list[str]:
    """Refill: draw up to six, or first discard one more card."""
    return ["refill"] + [f"refill {c}" for c in sorted(set(state.sauron_hand))]


def sauron_card_problem(state, words: list[str], rule: str) -> tuple[str, str] | None:
    """A card of Sauron's hand, named (`sauron CARD`, `refill CARD`)."""
    if words[1] not in state.sauron_hand:
        return f"Sauron holds no {words[1]}", rule
    return None


def sauron_call_problem(state, seat: int, words: list[str]) -> tuple[str, str] | None:
    """Playing as Sauron, called: a card of his hand played against the hobbit, or the
    refill (a card of his hand discarded first, or the draw up to six)."""
    if words[0] == "sauron":
        return arity(words, 2, "sauron CARD", SAURON_CALL) or \
            sauron_card_problem(state, words, SAURON_CALL)
    return sauron_refill_problem(state, seat, words)


def sauron_refill_problem(state, seat: int, words: list[str]) -> tuple[str, str] | None:
    """Refill: "before drawing, you may discard any number of cards" of his hand."""
    if len(words) == 1:
        return None
    return arity(words, 2, "refill [CARD]", SAURON_CALL) or \
        sauron_card_problem(state, words, SAURON_CALL)


def answer_sauron_refill(state, seat: int, text: str) -> None:
    """A discard before drawing, or the draw (as when called)."""
    answer_sauron_call(state, seat, text)


def answer_sauron_call(state, seat: int, text: str) -> None:
    """Sauron's card played on the hobbit (every symbol), or his refill."""
    _, _, target, purpose = state.answered
    words = text.split()
    if words[0] == "refill":
        if len(words) > 1:
            # Playing as Sauron: a discard before drawing; he may discard more.
            state.sauron_hand.remove(words[1])
            state.sauron_discards.append(words[1])
            state.sauron_secret.append(words[1])
            state.question = ("sauron-refill", state.sauron_seat, target, purpose)
            return
        limit = state.parts.sauron["sauron_hand"]["draw_up_to"]
        sauron_draw(state, max(0, limit - len(state.sauron_hand)))
        state.push(("sauron-after", target, purpose))
        return
    card = words[1]
    play_from_sauron_hand(state, card)
    state.say(f"Sauron plays {card} ({symbols_text(state, card)}) against {state.name(target)}")
    # Exceptions: Sam chooses one symbol.
    mode = "one" if state.ability(target) == "one-damage-per-roll" else "all"
    state.push(window_step("after-roll", (target, card)),
               ("sauron-card", target, card, mode, False), ("sauron-after", target, purpose))


def play_from_sauron_hand(state, card: str) -> None:
    """A Sauron card played from his hand: shown, then on his discard pile."""
    state.hidden_shown = True
    state.sauron_hand.remove(card)
    state.sauron_discards.append(card)


@dataclass
class SauronAfter(Step):
    """After Sauron is called at Mount Doom: a hobbit still in the game destroys the Ring."""

    name: ClassVar[str] = "sauron-after"
    seat: int
    purpose: str | None

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        seat, purpose = self.seat, self.purpose
        # Mount Doom: the hobbit still in the game after Sauron is called destroys the Ring.
        if purpose == "doom" and not state.eliminated[seat] and state.result is None:
            state.result = "won"
            state.say(f"{state.name(seat)} destroys the Ring")
            state.finish()


@dataclass
class SauronStart(Step):
    """The start of a hobbit's turn: Sauron is asked (not at the Crack of Doom)."""

    name: ClassVar[str] = "sauron-start"

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        if not state.eliminated[state.active] and not state.at_crack:
            state.question = ("sauron-start", state.sauron_seat, state.active)


def legal_sauron_start(state, seat: int) -> list[str]:
    """A card of his hand (one symbol), draw one card, or a face-up Nazgûl card."""
    return ([f"sauron {c}" for c in state.sauron_hand] + ["draw"]
            + [f"nazgul {c}" for c in state.nazgul_up])


def sauron_start_problem(state, seat: int, words: list[str]) -> tuple[str, str] | None:
    """Start of each turn: a card of his hand, one card drawn, or a face-up Nazgûl card."""
    if words[0] == "draw":
        return arity(words, 1, "draw", SAURON_START)
    wrong = arity(words, 2, f"{words[0]} CARD", SAURON_START)
    if wrong:
        return wrong
    if words[0] == "sauron":
        return sauron_card_problem(state, words, SAURON_START)
    if words[1] not in state.nazgul_up:
        return f"{words[1]} is not a face-up Nazgûl card", SAURON_START
    return None


def answer_sauron_start(state, seat: int, text: str) -> None:
    """Sauron's choice at the start of a turn, carried out."""
    target = state.answered[2]
    words = text.split()
    if words[0] == "draw":
        sauron_draw(state, 1)
    elif words[0] == "sauron":
        card = words[1]
        play_from_sauron_hand(state, card)
        state.say(f"Sauron plays {card} ({symbols_text(state, card)}) against "
                  f"{state.name(target)}")
        state.push(window_step("after-roll", (target, card)),
                   ("sauron-card", target, card, "one", False))
    else:
        card = words[1]
        state.nazgul_up.remove(card)
        state.nazgul_discards.append(card)
        nazgul = state.nazgul_cards[card]
        state.say(f"Sauron applies the Nazgûl card {card}: {nazgul.incident.name}")
        state.push(window_step("after-roll", (target, card)),
                   ("sauron-card", target, card, "one", False),
                   ("resolve", nazgul.incident, None))


def card_symbols(state, card: str) -> tuple[tuple[str, int], ...]:
    """The symbols of a Sauron card, or a Nazgûl card's corner symbol."""
    if card in state.nazgul_cards:
        return (state.nazgul_cards[card].corner,)
    return state.sauron_cards[card].symbols


@dataclass
class SauronCard(Step):
    """The hobbit suffers a Sauron or Nazgûl card: all its symbols, or one he chooses."""

    name: ClassVar[str] = "sauron-card"
    seat: int
    card: str
    mode: str
    ignored: bool

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        seat, card, mode, ignored = self.seat, self.card, self.mode, self.ignored
        if ignored or state.eliminated[seat]:
            return
        symbols = card_symbols(state, card)
        if mode == "all":
            # The hobbit carries out every symbol as far as possible (Playing as Sauron).
            for kind, n in symbols:
                if state.result is not None:
                    return      # a symbol ended the game (the Eye of Sauron): no more
                sauron_symbol(state, seat, kind, n)
            return
        choices = _acceptable(state, seat, symbols)
        if len(choices) == 1:
            sauron_symbol(state, seat, *next(s for s in symbols if s[0] == choices[0]))
        elif choices:
            state.question = ("sauron-symbol", seat, card)


def _acceptable(state, seat: int, symbols) -> list[str]:
    out = []
    for kind, n in symbols:
        if kind in ONE_SYMBOL_KINDS and kind not in out and _can_satisfy(state, seat, kind, n):
            out.append(kind)
    return out


def _can_satisfy(state, seat: int, kind: str, n: int) -> bool:
    if kind == "discard-card":
        return len(state.hands[seat]) >= n
    if kind == "discard-life":
        return sum(state.life[seat].values()) >= n
    if kind == "discard-ring":
        return state.life[seat]["ring"] >= n
    if kind == "discard-runes":
        return state.runes[seat] >= n
    return True


@dataclass
class LoseLife(Step):
    """The hobbit discards life tokens, choosing the kind where he holds two kinds."""

    name: ClassVar[str] = "lose-life"
    seat: int
    count: int

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        seat, count = self.seat, self.count
        # Playing as Sauron: "The Fellowship member must discard any one life token" — the
        # hobbit chooses which kind; with one kind held there is nothing to choose.
        held = [k for k in LIFE_TOKENS if state.life[seat][k]]
        if state.eliminated[seat] or count <= 0 or not held:
            return
        if len(held) == 1:
            state.life[seat][held[0]] -= 1
            state.say(f"{state.name(seat)} discards a {held[0]} token")
            state.push(("lose-life", seat, count - 1))
            return
        state.question = ("life-token", seat, count)


def legal_life_token(state, seat: int) -> list[str]:
    """The kinds of life token the hobbit holds."""
    return [f"lose {k}" for k in LIFE_TOKENS if state.life[seat][k]]


def life_token_problem(state, seat: int, words: list[str]) -> tuple[str, str] | None:
    """Playing as Sauron: a kind of life token the hobbit holds."""
    wrong = arity(words, 2, "lose LIFE-TOKEN", LIFE_TOKEN)
    if wrong:
        return wrong
    if words[1] not in LIFE_TOKENS:
        return f"'{words[1]}' is not a life token ({', '.join(LIFE_TOKENS)})", LIFE_TOKEN
    if not state.life[seat][words[1]]:
        return f"you hold no {words[1]} token", LIFE_TOKEN
    return None


def answer_life_token(state, seat: int, text: str) -> None:
    """The life token chosen is discarded (and the next, if more are lost)."""
    kind = text.split()[1]
    state.life[seat][kind] -= 1
    state.say(f"{state.name(seat)} discards a {kind} token")
    state.push(("lose-life", seat, state.answered[2] - 1))


def legal_sauron_symbol(state, seat: int) -> list[str]:
    """The symbols of the card the hobbit can satisfy in full."""
    return [f"suffer {k}" for k in _acceptable(state, seat, card_symbols(state, state.question[2]))]


def sauron_symbol_problem(state, seat: int, words: list[str]) -> tuple[str, str] | None:
    """Start of each turn: one symbol of the card that the hobbit can satisfy in full."""
    wrong = arity(words, 2, "suffer SYMBOL", ONE_SYMBOL)
    if wrong:
        return wrong
    open_ = _acceptable(state, seat, card_symbols(state, state.question[2]))
    if words[1] not in open_:
        return (f"'{words[1]}' is not a symbol of {state.question[2]} that "
                f"{state.name(seat)} can satisfy in full ({', '.join(open_)})"), ONE_SYMBOL
    return None


def answer_sauron_symbol(state, seat: int, text: str) -> None:
    """The one symbol chosen is carried out."""
    kind = text.split()[1]
    symbol = next(s for s in card_symbols(state, state.answered[2]) if s[0] == kind)
    sauron_symbol(state, seat, *symbol)


def sauron_symbol(state, seat: int, kind: str, n: int) -> None:
    """One symbol of a Sauron card carried out on a hobbit, as far as possible."""
    if kind == "black-rider":
        rider_advance(state, n)
    elif kind == "sauron":
        state.move_sauron(n)
    elif kind == "darkness":
        state.into_darkness(seat, n)
    elif kind == "discard-card":
        state.push(("discard", seat, n))
    elif kind == "discard-ring":
        lost = min(n, state.life[seat]["ring"])
        state.life[seat]["ring"] -= lost
        if lost:
            state.say(f"{state.name(seat)} discards {lost} ring token{'s' * (lost > 1)}")
    elif kind == "discard-life":
        state.push(("lose-life", seat, n))
    elif kind == "discard-runes":
        state.runes[seat] = max(0, state.runes[seat] - n)
    elif kind == "hand-turn":
        state.push(("call", seat, None))

# ----- the Black Rider -------------------------------------------------------------


def move_rider(state, steps: int) -> None:
    """The Black Rider advances: towards the hobbits, or back to Mordor after meeting
    the Ring-bearer (The Black Rider)."""
    top = state.parts.temptation_spaces
    if state.rider_returning:
        state.rider = min(top, state.rider + steps)
        state.say(f"the Black Rider rides back to {state.rider}")
        if state.rider >= top:
            state.lose("the Black Rider returns to Mordor: the Eye of Sauron")
        return
    state.rider = max(0, state.rider - steps)
    bearer = state.ring_bearer
    if bearer is not None and state.rider <= state.positions[bearer]:
        state.rider = state.positions[bearer]  # it stops on the Ring-bearer's space
        rider_meets_ring_bearer(state)
    else:
        state.say(f"the Black Rider advances to {state.rider}")


def rider_meets_ring_bearer(state) -> None:
    """The Black Rider: turned towards Mordor, a Nazgûl card revealed, the Ring-bearer
    hands the turn to Sauron."""
    state.rider_returning = True
    state.say(f"the Black Rider meets the Ring-bearer on {state.rider}")
    reveal_nazgul(state)
    state.push(("call", state.ring_bearer, None))


def push_rider_back(state, steps: int) -> None:
    """Do Not Play Cards: the Black Rider moves away from the hobbits (not past 15
    while searching, not past 0 when returning)."""
    if state.rider_returning:
        state.rider = max(0, state.rider - steps)
    else:
        state.rider = min(state.parts.temptation_spaces, state.rider + steps)
    state.say(f"the Black Rider is pushed back to {state.rider}")


def rider_moves_away(state) -> list[int]:
    """How far "Do not play cards" may move the Black Rider (up to 3)."""
    room = state.rider if state.rider_returning else state.parts.temptation_spaces - state.rider
    return list(range(1, min(3, room) + 1))


def sauron_adventure_end(state) -> None:
    """End of an Adventure: the Black Rider back on its start space facing the hobbits,
    a new Nazgûl card face up."""
    state.rider, state.rider_returning = state.rider_start, False
    reveal_nazgul(state)


def sauron_at_the_crack(state) -> None:
    """End of the Game: no Ring-bearer; a searching Black Rider goes to 0 and must ride
    back to Mordor; Sauron draws to six and is no longer called at turns' starts."""
    state.at_crack = True
    if not state.rider_returning:
        state.rider, state.rider_returning = 0, True
    limit = state.parts.sauron["sauron_hand"]["draw_up_to"]
    sauron_draw(state, max(0, limit - len(state.sauron_hand)))


def sauron_view(state, seat: int | None) -> dict:
    """What a seat sees of Sauron: his hand only if it is his seat."""
    return {
        "sauron_seat": state.sauron_seat,
        "sauron_hand": list(state.sauron_hand) if seat == state.sauron_seat else None,
        "sauron_hand_size": len(state.sauron_hand),
        "sauron_deck_size": len(state.sauron_deck),
        # "Place the card face down on the discard pile": the cards played were seen,
        # the ones discarded before drawing were not (Sauron knows them all).
        "sauron_discards": sorted(state.sauron_discards) if seat == state.sauron_seat
        else sorted((Counter(state.sauron_discards) - Counter(state.sauron_secret))
                    .elements()),
        "sauron_secret_discards": len(state.sauron_secret),
        "nazgul_up": list(state.nazgul_up), "nazgul_deck_size": len(state.nazgul_deck),
        "nazgul_discards": list(state.nazgul_discards),
        "black_rider": state.rider, "black_rider_returning": state.rider_returning,
    }


def clone_sauron(state, other) -> None:
    """Copy the expansion's mutable parts into a clone."""
    for name in ("sauron_deck", "sauron_hand", "sauron_discards", "sauron_secret",
                 "nazgul_deck",
                 "nazgul_up", "nazgul_discards"):
        setattr(other, name, list(getattr(state, name)))


def rider_advance(state, steps: int) -> None:
    """A Black Rider symbol: riding back to Mordor it moves at once; riding towards
    the hobbits, a window first (Merry's card avoids the move, Star of Elendil)."""
    if state.rider_returning:
        move_rider(state, steps)
    else:
        state.push(window_step("black-rider", (steps,)), ("rider", steps, False))


@dataclass
class Rider(Step):
    """The Black Rider rides towards the hobbits unless its move was avoided."""

    name: ClassVar[str] = "rider"
    steps: int
    avoided: bool

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        steps, avoided = self.steps, self.avoided
        if not avoided and state.result is None:
            move_rider(state, steps)

# ----- views and clones ---------------------------------------------------------------


# The steps of this phase (table.py reads them).
STEPS = (Call, SauronAfter, SauronStart, SauronCard, LoseLife, Rider,)

# The questions of this phase (table.py reads them).
QUESTIONS = {
    "sauron-call": QuestionKind(legal_sauron_call, answer_sauron_call, SAURON_CALL,
                                ("sauron", "refill"), sauron_call_problem),
    "sauron-refill": QuestionKind(legal_sauron_refill, answer_sauron_refill, SAURON_CALL,
                                  ("refill",), sauron_refill_problem),
    "sauron-start": QuestionKind(legal_sauron_start, answer_sauron_start, SAURON_START,
                                 ("sauron", "draw", "nazgul"), sauron_start_problem),
    "sauron-symbol": QuestionKind(legal_sauron_symbol, answer_sauron_symbol, ONE_SYMBOL,
                                  ("suffer",), sauron_symbol_problem),
    "life-token": QuestionKind(legal_life_token, answer_life_token, LIFE_TOKEN, ("lose",),
                               life_token_problem),
}
