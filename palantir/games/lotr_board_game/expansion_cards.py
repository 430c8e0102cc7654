"""The Sauron expansion's Resources and Cards: resource tokens and resource cards, and the
Fellowship cards (rules/lotr-board-game-sauron-expansion.txt, "Resources", "Cards").

Resource tokens: at each conflict board (while tokens are left: the first three) four
tokens are drawn face up, one above the 4th space and one above the last space of each
track other than the main track (Preparation, End of an Adventure). A progress marker
moved onto or past a token's space (not by the Ring) gives the active player the token
with the space's own reward: a bonus (three hobbit cards, three runes, two steps towards
the light) or the resource card it shows, taken from the face-up pile into his hand.
The tokens still lying there at the adventure's end are discarded.

Resource cards are held like other cards and played, by their holder, in their windows
(`windows` in sauron.toml; legendary.py asks the windows):
  resource narya (nenya, vilya)    the active player's track of the event token just
                                   revealed advances 2 spaces, rewards collected
  resource star-of-elendil         the Black Rider is pushed back 5 steps
  resource gwaihir white-fighting  at the turn's end the active player takes back a
                                   white or grey card played this turn
  resource red-arrow gimli         the active player takes a legendary card played in
                                   this adventure
Fellowship cards lie face up beside their hobbit, once each in the game:
  fellowship frodo@hiding          the active player moves a track one space, collected
  fellowship sam                   the hobbit hit by a Sauron card played instead of a
                                   roll suffers one of its symbols only
  fellowship pippin                the active player may play three cards, any colours
  fellowship merry                 the Black Rider's move towards the hobbits is avoided
  fellowship fatty healing@sam     the Fellowship calls a Gandalf card, face up or used,
                                   for five runes
"""

from __future__ import annotations

from collections import Counter

from .components import Resolution

RESOURCE_TOKEN = "resource token"   # the die of a token drawn face up from the pile
RESOURCES = ("Resources: a resource token above a space is the active player's when a "
             "progress marker moves onto or past it (not by the Ring)")
TURN_SIZE = 3  # Pippin's Fellowship card: "a total of three ... cards"


class ExpansionCards:
    """The resource tokens, resource cards and Fellowship cards of a LotrState."""

    def setup_expansion_cards(self) -> None:
        """Preparation, For all players: the six resource cards face up, the twelve
        tokens face down, each hobbit's Fellowship card face up (unused ones removed)."""
        self.resource_pile = list(self.parts.resource_cards)
        self.resource_tokens = Counter(self.parts.resource_tokens)
        self.fellowship_cards = list(self.characters)

    def lay_out_resource_tokens(self) -> None:
        """Preparation: tokens drawn at random, face up above the 4th and the last space of
        each track other than the main track; only on the first three conflict boards,
        while tokens are left (End of an Adventure)."""
        self.resource_spaces = {}
        board = self.board
        conflict = [b for b in self.parts.journey[: self.board_index + 1]
                    if self.parts.boards[b].kind == "conflict"]
        if len(conflict) > self.parts.token_boards:
            return
        for track, spaces in board.tracks.items():
            if track == board.main:
                continue
            at = sorted({len(spaces) if x == "last" else int(x)
                         for x in self.parts.token_spaces} & set(range(1, len(spaces) + 1)))
            for space in at:
                if not self.resource_tokens:
                    break
                token = self.dice.roll(RESOURCE_TOKEN, sorted(self.resource_tokens.elements()))
                self.resource_tokens[token] -= 1
                if not self.resource_tokens[token]:
                    del self.resource_tokens[token]
                self.resource_spaces[(track, space)] = token
        if self.resource_spaces:
            self.say("resource tokens laid out: " + ", ".join(
                f"{t} above {track} {space}" for (track, space), t in
                sorted(self.resource_spaces.items())))

    def discard_resource_tokens(self) -> None:
        """End of an Adventure: the tokens still lying there are discarded, unused."""
        self.tokens_out += sorted(self.resource_spaces.values())
        self.resource_spaces = {}

    def token_reached(self, track: str, space: int) -> str | None:
        """The token above this space, taken away as the marker reaches it (or None)."""
        token = self.resource_spaces.pop((track, space), None)
        if token is not None:
            self.tokens_out.append(token)
        return token

    def take_resource_token(self, seat: int, token: str) -> None:
        """Resources: the active player receives the token's bonus or resource card."""
        if token in self.parts.resource_bonus:
            self.push(*[("effect", e, seat) for e in self.parts.resource_bonus[token]])
        elif token in self.resource_pile:
            self.resource_pile.remove(token)
            self.hands[seat].append(token)
            self.hands[seat].sort()
            self.say(f"{self.name(seat)} receives the resource card {token}")

    # ----- the plays offered in a window ------------------------------------------------

    def _resource_plays(self, seat: int, card: str, name: str, context: tuple) -> list[str]:
        """The ways `seat` may play the resource card `card` in window `name`."""
        info = self.parts.cards[card]
        if name not in info.windows:
            return []
        effect = info.effect
        if effect == "advance-token-track":
            return [f"resource {card}"] if self.token_track(name, context) else []
        if effect == "push-black-rider":
            if name == "after-roll" and not _sauron_card(context):
                return []
            return [f"resource {card}"] if self.rider_moves_away() else []
        if effect == "take-back-played-card":
            return [f"resource {card} {c}" for c in sorted(set(self.played))
                    if self._retrievable(c)]
        if effect == "take-used-legendary-card":
            return [f"resource {card} {c}" for c in sorted(set(self.used_here))
                    if c in self.removed]
        raise NotImplementedError(f"resource card effect '{effect}'")

    def token_track(self, name: str, context: tuple) -> str | None:
        """Narya, Nenya, Vilya: the unfinished track of the activity token just revealed
        (window `tile`) or of the one that ended this turn's reveal (window `action`)."""
        tile = context[0] if name == "tile" else (self.revealed[-1] if self.revealed else None)
        info = self.parts.tiles.get(tile)
        if info is None or info.kind != "activity":
            return None
        return info.track if info.track in self.unfinished_tracks() else None

    def _retrievable(self, card: str) -> bool:
        """Gwaihir: a card played this turn still lies face up where it went."""
        return self.discards[card] > 0 if self.parts.cards[card].is_hobbit_card \
            else card in self.removed

    def _fellowship_plays(self, seat: int, name: str, context: tuple) -> list[str]:
        """The ways the hobbit at `seat` may use his Fellowship card in window `name`."""
        char = self.characters[seat]
        if char not in self.fellowship_cards:
            return []
        card = self.parts.fellowship[char]
        if name not in card["windows"]:
            return []
        effect = card["effect"]
        if effect == "advance-a-track":
            if name == "after-roll" and not _sauron_card(context):
                return []
            return [f"fellowship {char}@{t}" for t in self.unfinished_tracks()]
        if effect == "one-symbol-only":
            # Called instead of a roll (the whole card), not at a turn's start.
            step = self.pending("sauron-card")
            return ["fellowship sam"] if _sauron_card(context) and step is not None \
                and step.mode == "all" and not step.ignored else []
        if effect == "three-cards":
            return [] if self.three_cards else [f"fellowship {char}"]
        if effect == "stop-black-rider":
            return [f"fellowship {char}"]
        if effect == "call-gandalf":
            if self.pooled_runes() < self.parts.gandalf_cost:
                return []
            plays = []
            for gid in self.gandalf_of_the_game():
                if self.parts.gandalf[gid]["window"] == name:
                    plays += [f"fellowship {char} {call.split()[1]}"
                              for call in self._gandalf_calls(gid, context)]
            return plays
        raise NotImplementedError(f"Fellowship card effect '{effect}'")

    def gandalf_of_the_game(self) -> list[str]:
        """The Gandalf cards of this game, face up or used (Preparation: with the
        expansion Protection and the bag's Foresight in, the original Foresight out;
        Special Options, Bag: the bag's Foresight in the original game too)."""
        bag = self.expansion or self.options.get("bag")
        out = []
        for gid, card in self.parts.gandalf.items():
            if card["set"] == "base":
                wanted = not (bag and card.get("replaced_by_bag_variant"))
            else:
                wanted = self.expansion or (bag and card.get("bag_variant", False))
            if wanted:
                out.append(gid)
        return out

    # ----- the plays, carried out -------------------------------------------------------

    def play_resource(self, seat: int, words: list[str], again: tuple) -> None:
        """A resource card played by its holder: it leaves the game, its effect follows."""
        card = words[1]
        info = self.parts.cards[card]
        self.discard_card(seat, card)
        self.say(f"{self.name(seat)} plays the resource card {info.name}")
        if info.effect == "advance-token-track":
            name, context = again[1], again[4]
            self.push(("advance", self.token_track(name, context), info.amount, True), again)
            return
        if info.effect == "push-black-rider":
            self.push_rider_back(info.amount)
        elif info.effect == "take-back-played-card":
            taken = words[2]
            if self.parts.cards[taken].is_hobbit_card:
                self.discards[taken] -= 1
                if not self.discards[taken]:
                    del self.discards[taken]
            else:
                self.removed.remove(taken)
                if taken in self.used_here:
                    self.used_here.remove(taken)  # back in a hand: no longer used
            self.played.remove(taken)
            self._to_hand(self.active, taken)
        elif info.effect == "take-used-legendary-card":
            taken = words[2]
            self.removed.remove(taken)
            self.used_here.remove(taken)
            self._to_hand(self.active, taken)
        self.push(again)

    def _to_hand(self, seat: int, card: str) -> None:
        self.hands[seat].append(card)
        self.hands[seat].sort()
        self.say(f"{self.name(seat)} receives {card} back")

    def use_fellowship_card(self, seat: int, words: list[str], again: tuple) -> None:
        """A Fellowship card used: it leaves the game, its effect follows."""
        char, _, track = words[1].partition("@")
        self.fellowship_cards.remove(char)
        effect = self.parts.fellowship[char]["effect"]
        self.say(f"{self.name(seat)} uses his Fellowship card")
        if effect == "advance-a-track":
            self.push(("advance", track, self.parts.fellowship[char]["spaces"], True), again)
            return
        if effect == "one-symbol-only":
            self.next_step("sauron-card").mode = "one"
        elif effect == "three-cards":
            self.three_cards = True
        elif effect == "stop-black-rider":
            self.next_step("rider").avoided = True
            self.say("the Black Rider's move is avoided")
        elif effect == "call-gandalf":
            gid, _, arg = words[2].partition("@")
            gandalf = self.parts.gandalf[gid]
            self.say(f"the Fellowship calls Gandalf: {gandalf['name']}")
            call = Resolution(f"Gandalf: {gandalf['name']}", ask="group",
                              cost=(("runes", self.parts.gandalf_cost),),
                              then=(("gandalf-call", gid, arg),))
            self.push(("resolve", call, None), again)
            return
        self.push(again)

    # ----- the Black Rider riding towards the hobbits ---------------------------------

    def rider_advance(self, steps: int) -> None:
        """A Black Rider symbol: riding back to Mordor it moves at once; riding towards
        the hobbits, a window first (Merry's card avoids the move, Star of Elendil)."""
        if self.rider_returning:
            self.move_rider(steps)
        else:
            self.push(self.window("black-rider", (steps,)), ("rider", steps, False))

    def _step_rider(self, steps: int, avoided: bool) -> None:
        if not avoided and self.result is None:
            self.move_rider(steps)

    # ----- views and clones ---------------------------------------------------------------

    def cards_view(self) -> dict:
        """The public part of Resources and Cards: all of it is face up."""
        return {
            "resource_pile": list(self.resource_pile),
            "resource_spaces": [[t, s, token] for (t, s), token in
                                sorted(self.resource_spaces.items())],
            "resource_tokens_left": sum(self.resource_tokens.values()),
            "fellowship_cards": list(self.fellowship_cards),
            "three_cards": self.three_cards,
            # Only the cards still lying face up where they went (Gwaihir, Red Arrow):
            # a hobbit card reshuffled into the deck may be in anyone's hand by now.
            "played": [c for c in self.played if self._retrievable(c)],
            "used_here": [c for c in self.used_here if c in self.removed],
        }

    def clone_expansion_cards(self, other) -> None:
        """Copy the mutable parts of Resources and Cards into a clone."""
        other.resource_pile = self.resource_pile[:]
        other.resource_tokens = Counter(self.resource_tokens)
        other.resource_spaces = dict(self.resource_spaces)
        other.tokens_out = self.tokens_out[:]
        other.fellowship_cards = self.fellowship_cards[:]
        other.played = self.played[:]
        other.used_here = self.used_here[:]


def _sauron_card(context: tuple) -> bool:
    """Whether a window's context is a Sauron or Nazgûl card just played (after-roll)."""
    return len(context) > 1 and isinstance(context[1], str) and \
        context[1].startswith(("sauron-", "nazgul-"))
