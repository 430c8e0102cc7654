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

from .components import LIFE_TOKENS

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


class SauronPlay:
    """The Sauron expansion's procedures of a LotrState."""

    def setup_sauron(self) -> None:
        """Preparation, If you are playing as Sauron: two Sauron and two Nazgûl cards face
        up, the Black Rider on its start space facing the hobbits."""
        parts = self.parts
        self.sauron_seat = self.n
        self.sauron_cards = {c.id: c for c in parts.sauron_cards}
        self.nazgul_cards = {c.id: c for c in parts.nazgul_cards}
        self.sauron_deck = sorted(self.sauron_cards)
        self.sauron_hand: list[str] = []
        self.sauron_discards: list[str] = []
        # Discarded face down unseen before drawing up to six: Sauron's alone to know.
        self.sauron_secret: list[str] = []
        self.nazgul_deck = sorted(self.nazgul_cards)
        self.nazgul_up: list[str] = []
        self.nazgul_discards: list[str] = []
        self.rider_start = int(self.options["black_rider"])
        self.rider = self.rider_start
        self.rider_returning = False
        self.at_crack = False
        hand = parts.sauron["sauron_hand"]
        self.sauron_draw(hand["revealed_at_start"], public=True)
        for _ in range(hand["nazgul_revealed_at_start"]):
            self.reveal_nazgul()

    # ----- Sauron's cards ---------------------------------------------------------------

    def sauron_draw(self, count: int, public: bool = False) -> None:
        """Sauron draws from his deck (seen by him only unless revealed)."""
        got = []
        for _ in range(count):
            if not self.sauron_deck:
                # Special Cases: the discarded Sauron cards are shuffled into a new deck.
                self.sauron_deck, self.sauron_discards = sorted(self.sauron_discards), []
                self.sauron_secret = []
            if not self.sauron_deck:
                break
            card = self.dice.roll(SAURON_DECK, self.sauron_deck,
                                  seen_by=None if public else self.seen(self.sauron_seat))
            self.sauron_deck.remove(card)
            got.append(card)
        self.sauron_hand = sorted(self.sauron_hand + got)
        if got:
            self.say(f"Sauron draws {len(got)} card{'s' * (len(got) > 1)}"
                     + (f": {', '.join(got)}" if public else ""))
            if not public:
                self.say(f"you draw {', '.join(got)}", self.sauron_seat)

    def reveal_nazgul(self) -> None:
        """A Nazgûl card is drawn and laid face up (none when the deck is out)."""
        if self.nazgul_deck:
            card = self.dice.roll(NAZGUL_DECK, self.nazgul_deck)
            self.nazgul_deck.remove(card)
            self.nazgul_up.append(card)
            self.say(f"Sauron reveals the Nazgûl card {card}")

    def symbols_text(self, card: str) -> str:
        """A Sauron card's symbols in words."""
        return ", ".join(f"{k} {n}" for k, n in self.sauron_cards[card].symbols)

    # ----- activations -----------------------------------------------------------------

    def _step_call(self, seat: int, purpose: str | None) -> None:
        # Sauron's actions instead of a roll; without the expansion (Dark Events' Sauron
        # tokens in the original game) the threat die is rolled instead.
        if not self.expansion:
            self.push(("roll-die", seat, purpose))
            return
        if not self.eliminated[seat]:
            self.question = ("sauron-call", self.sauron_seat, seat, purpose)

    def _legal_sauron_call(self, seat: int) -> list[str]:
        # "Before drawing, you may discard any number of cards": one at a time, `refill
        # <card>` discarding one and asking again (sauron-refill), `refill` drawing.
        return [f"sauron {c}" for c in self.sauron_hand] + self._legal_sauron_refill(seat)

    def _legal_sauron_refill(self, seat: int) -> list[str]:
        return ["refill"] + [f"refill {c}" for c in sorted(set(self.sauron_hand))]

    def _answer_sauron_refill(self, seat: int, text: str) -> None:
        self._answer_sauron_call(seat, text)

    def _answer_sauron_call(self, seat: int, text: str) -> None:
        _, _, target, purpose = self.answered
        words = text.split()
        if words[0] == "refill":
            if len(words) > 1:
                # Playing as Sauron: a discard before drawing; he may discard more.
                self.sauron_hand.remove(words[1])
                self.sauron_discards.append(words[1])
                self.sauron_secret.append(words[1])
                self.question = ("sauron-refill", self.sauron_seat, target, purpose)
                return
            limit = self.parts.sauron["sauron_hand"]["draw_up_to"]
            self.sauron_draw(max(0, limit - len(self.sauron_hand)))
            self.push(("sauron-after", target, purpose))
            return
        card = words[1]
        self.play_from_sauron_hand(card)
        self.say(f"Sauron plays {card} ({self.symbols_text(card)}) against {self.name(target)}")
        # Exceptions: Sam chooses one symbol.
        mode = "one" if self.ability(target) == "one-damage-per-roll" else "all"
        self.push(self.window("after-roll", (target, card)),
                  ("sauron-card", target, card, mode, False), ("sauron-after", target, purpose))

    def play_from_sauron_hand(self, card: str) -> None:
        """A Sauron card played from his hand: shown, then on his discard pile."""
        self.hidden_shown = True
        self.sauron_hand.remove(card)
        self.sauron_discards.append(card)

    def _step_sauron_after(self, seat: int, purpose: str | None) -> None:
        # Mount Doom: the hobbit still in the game after Sauron is called destroys the Ring.
        if purpose == "doom" and not self.eliminated[seat] and self.result is None:
            self.result = "won"
            self.say(f"{self.name(seat)} destroys the Ring")
            self.finish()

    def _step_sauron_start(self) -> None:
        if not self.eliminated[self.active] and not self.at_crack:
            self.question = ("sauron-start", self.sauron_seat, self.active)

    def _legal_sauron_start(self, seat: int) -> list[str]:
        return ([f"sauron {c}" for c in self.sauron_hand] + ["draw"]
                + [f"nazgul {c}" for c in self.nazgul_up])

    def _answer_sauron_start(self, seat: int, text: str) -> None:
        target = self.answered[2]
        words = text.split()
        if words[0] == "draw":
            self.sauron_draw(1)
        elif words[0] == "sauron":
            card = words[1]
            self.play_from_sauron_hand(card)
            self.say(f"Sauron plays {card} ({self.symbols_text(card)}) against "
                     f"{self.name(target)}")
            self.push(self.window("after-roll", (target, card)),
                      ("sauron-card", target, card, "one", False))
        else:
            card = words[1]
            self.nazgul_up.remove(card)
            self.nazgul_discards.append(card)
            nazgul = self.nazgul_cards[card]
            self.say(f"Sauron applies the Nazgûl card {card}: {nazgul.incident.name}")
            self.push(self.window("after-roll", (target, card)),
                      ("sauron-card", target, card, "one", False),
                      ("resolve", nazgul.incident, None))

    def card_symbols(self, card: str) -> tuple[tuple[str, int], ...]:
        """The symbols of a Sauron card, or a Nazgûl card's corner symbol."""
        if card in self.nazgul_cards:
            return (self.nazgul_cards[card].corner,)
        return self.sauron_cards[card].symbols

    def _step_sauron_card(self, seat: int, card: str, mode: str, ignored: bool) -> None:
        if ignored or self.eliminated[seat]:
            return
        symbols = self.card_symbols(card)
        if mode == "all":
            # The hobbit carries out every symbol as far as possible (Playing as Sauron).
            for kind, n in symbols:
                self.sauron_symbol(seat, kind, n)
            return
        choices = self._acceptable(seat, symbols)
        if len(choices) == 1:
            self.sauron_symbol(seat, *next(s for s in symbols if s[0] == choices[0]))
        elif choices:
            self.question = ("sauron-symbol", seat, card)

    def _acceptable(self, seat: int, symbols) -> list[str]:
        out = []
        for kind, n in symbols:
            if kind in ONE_SYMBOL_KINDS and kind not in out and self._can_satisfy(seat, kind, n):
                out.append(kind)
        return out

    def _can_satisfy(self, seat: int, kind: str, n: int) -> bool:
        if kind == "discard-card":
            return len(self.hands[seat]) >= n
        if kind == "discard-life":
            return sum(self.life[seat].values()) >= n
        if kind == "discard-ring":
            return self.life[seat]["ring"] >= n
        if kind == "discard-runes":
            return self.runes[seat] >= n
        return True

    def _step_lose_life(self, seat: int, count: int) -> None:
        # Playing as Sauron: "The Fellowship member must discard any one life token" — the
        # hobbit chooses which kind; with one kind held there is nothing to choose.
        held = [k for k in LIFE_TOKENS if self.life[seat][k]]
        if self.eliminated[seat] or count <= 0 or not held:
            return
        if len(held) == 1:
            self.life[seat][held[0]] -= 1
            self.say(f"{self.name(seat)} discards a {held[0]} token")
            self.push(("lose-life", seat, count - 1))
            return
        self.question = ("life-token", seat, count)

    def _legal_life_token(self, seat: int) -> list[str]:
        return [f"lose {k}" for k in LIFE_TOKENS if self.life[seat][k]]

    def _answer_life_token(self, seat: int, text: str) -> None:
        kind = text.split()[1]
        self.life[seat][kind] -= 1
        self.say(f"{self.name(seat)} discards a {kind} token")
        self.push(("lose-life", seat, self.answered[2] - 1))

    def _legal_sauron_symbol(self, seat: int) -> list[str]:
        return [f"suffer {k}" for k in self._acceptable(seat, self.card_symbols(self.question[2]))]

    def _answer_sauron_symbol(self, seat: int, text: str) -> None:
        kind = text.split()[1]
        symbol = next(s for s in self.card_symbols(self.answered[2]) if s[0] == kind)
        self.sauron_symbol(seat, *symbol)

    def sauron_symbol(self, seat: int, kind: str, n: int) -> None:
        """One symbol of a Sauron card carried out on a hobbit, as far as possible."""
        if kind == "black-rider":
            self.rider_advance(n)
        elif kind == "sauron":
            self.move_sauron(n)
        elif kind == "darkness":
            self.into_darkness(seat, n)
        elif kind == "discard-card":
            self.push(("discard", seat, n))
        elif kind == "discard-ring":
            lost = min(n, self.life[seat]["ring"])
            self.life[seat]["ring"] -= lost
            if lost:
                self.say(f"{self.name(seat)} discards {lost} ring token{'s' * (lost > 1)}")
        elif kind == "discard-life":
            self.push(("lose-life", seat, n))
        elif kind == "discard-runes":
            self.runes[seat] = max(0, self.runes[seat] - n)
        elif kind == "hand-turn":
            self.push(("call", seat, None))

    # ----- the Black Rider -------------------------------------------------------------

    def move_rider(self, steps: int) -> None:
        """The Black Rider advances: towards the hobbits, or back to Mordor after meeting
        the Ring-bearer (The Black Rider)."""
        top = self.parts.temptation_spaces
        if self.rider_returning:
            self.rider = min(top, self.rider + steps)
            self.say(f"the Black Rider rides back to {self.rider}")
            if self.rider >= top:
                self.lose("the Black Rider returns to Mordor: the Eye of Sauron")
            return
        self.rider = max(0, self.rider - steps)
        bearer = self.ring_bearer
        if bearer is not None and self.rider <= self.positions[bearer]:
            self.rider = self.positions[bearer]  # it stops on the Ring-bearer's space
            self.rider_meets_ring_bearer()
        else:
            self.say(f"the Black Rider advances to {self.rider}")

    def rider_meets_ring_bearer(self) -> None:
        """The Black Rider: turned towards Mordor, a Nazgûl card revealed, the Ring-bearer
        hands the turn to Sauron."""
        self.rider_returning = True
        self.say(f"the Black Rider meets the Ring-bearer on {self.rider}")
        self.reveal_nazgul()
        self.push(("call", self.ring_bearer, None))

    def push_rider_back(self, steps: int) -> None:
        """Do Not Play Cards: the Black Rider moves away from the hobbits (not past 15
        while searching, not past 0 when returning)."""
        if self.rider_returning:
            self.rider = max(0, self.rider - steps)
        else:
            self.rider = min(self.parts.temptation_spaces, self.rider + steps)
        self.say(f"the Black Rider is pushed back to {self.rider}")

    def rider_moves_away(self) -> list[int]:
        """How far "Do not play cards" may move the Black Rider (up to 3)."""
        room = self.rider if self.rider_returning else self.parts.temptation_spaces - self.rider
        return list(range(1, min(3, room) + 1))

    def sauron_adventure_end(self) -> None:
        """End of an Adventure: the Black Rider back on its start space facing the hobbits,
        a new Nazgûl card face up."""
        self.rider, self.rider_returning = self.rider_start, False
        self.reveal_nazgul()
        self.discard_resource_tokens()  # "Also discard all remaining resource tokens"

    def sauron_at_the_crack(self) -> None:
        """End of the Game: no Ring-bearer; a searching Black Rider goes to 0 and must ride
        back to Mordor; Sauron draws to six and is no longer called at turns' starts."""
        self.at_crack = True
        if not self.rider_returning:
            self.rider, self.rider_returning = 0, True
        limit = self.parts.sauron["sauron_hand"]["draw_up_to"]
        self.sauron_draw(max(0, limit - len(self.sauron_hand)))

    def sauron_view(self, seat: int | None) -> dict:
        """What a seat sees of Sauron: his hand only if it is his seat."""
        return {
            "sauron_seat": self.sauron_seat,
            "sauron_hand": list(self.sauron_hand) if seat == self.sauron_seat else None,
            "sauron_hand_size": len(self.sauron_hand),
            "sauron_deck_size": len(self.sauron_deck),
            # "Place the card face down on the discard pile": the cards played were seen,
            # the ones discarded before drawing were not (Sauron knows them all).
            "sauron_discards": sorted(self.sauron_discards) if seat == self.sauron_seat
            else sorted((Counter(self.sauron_discards) - Counter(self.sauron_secret))
                        .elements()),
            "sauron_secret_discards": len(self.sauron_secret),
            "nazgul_up": list(self.nazgul_up), "nazgul_deck_size": len(self.nazgul_deck),
            "nazgul_discards": list(self.nazgul_discards),
            "black_rider": self.rider, "black_rider_returning": self.rider_returning,
        }

    def clone_sauron(self, other) -> None:
        """Copy the expansion's mutable parts into a clone."""
        for name in ("sauron_deck", "sauron_hand", "sauron_discards", "sauron_secret",
                     "nazgul_deck",
                     "nazgul_up", "nazgul_discards"):
            setattr(other, name, list(getattr(self, name)))
