"""Yellow legendary cards and Gandalf cards, played in their windows (reference, Play 4).

A *window* is a point of the procedure where the rules ask, clockwise from the active
player, every hobbit who could play something there: a yellow card he holds whose
`window` (legendary.toml) is this one, or — the active player only — a Gandalf card whose
`window` (gandalf.toml) is this one, when the group's runes can pay for it. A hobbit asked
plays one (and is asked again) or answers `continue`. Nobody is asked when nobody could
play, so a game without such cards has no extra decisions.

Yellow cards (their holder plays them, for the hobbit the card names):
  Mithril    after-roll    the roller ignores the face just rolled
  Belt       before-roll   the roller does not roll
  Staff      items-tile    the "sundial and three items" tile just revealed is ignored
  Phial      turn-start    the active player reveals no tile this turn
  Elessar    action        one hobbit heals 1
  Lembas     action        one hobbit draws until he holds 6 cards
  Miruvor    action        the holder passes one of his cards to another hobbit
  Athelas    scenario-end  one hobbit ignores his missing life tokens
Gandalf cards (5 runes pooled by the group, asked in order as any group cost; once each):
  Foresight  turn-start    the top 3 tiles are drawn face up and the active player orders them
  Magic      event         the event just moved to is ignored (not the board's last)
  Healing    action        one hobbit heals 2
  Guidance   action        two jokers: one unfinished track advances 2 spaces
  Persistence action       one hobbit draws 4 hobbit cards
"""

from __future__ import annotations

from itertools import permutations

from .components import Resolution

WINDOW = ("Play 4: a yellow card is played by its holder in its window; a Gandalf card is "
          "called by the active player in its window for 5 runes, once per game; "
          "expansion, Cards: a resource card by its holder and a Fellowship card by its "
          "hobbit, once, in theirs")
FORESIGHT = "Gandalf, Foresight: the active player orders the top 3 tiles"
FORESIGHT_TILES = 3
FORESIGHT_BAG_TOKENS = 5  # Gandalf, Foresight (bag variant): "draw five"
TILE_PILE = "tile"          # the die of a tile drawn from the pile (rules.py reveals too)
LEMBAS_HAND = 6
# Two Special Cards, "at any time during the game": decision — offered to the Ring-bearer
# in every window where a yellow card may be played (turn start, action, event, items tile,
# before and after a roll): every point where the Fellowship may act at all.
SPECIAL_WINDOWS = ("turn-start", "action", "event", "after-roll", "items-tile",
                   "before-roll")


class LegendaryPlays:
    """The windows, yellow cards and Gandalf cards of a LotrState."""

    def window(self, name: str, context: tuple) -> tuple:
        """The step that opens window `name` (context: the roller and face, the tile...)."""
        return ("window", name, None, 0, context)

    def _step_window(self, name: str, seats, index: int, context: tuple) -> None:
        if seats is None:
            seats = tuple(self.in_order(self.active))
        while index < len(seats):
            seat = seats[index]
            if not self.eliminated[seat] and self._window_plays(seat, name, context):
                self.question = ("window", seat, name, seats, index, context)
                return
            index += 1

    def pooled_runes(self) -> int:
        """The runes of the hobbits still in the game (Gandalf's cost is pooled)."""
        return sum(r for s, r in enumerate(self.runes) if not self.eliminated[s])

    def _window_plays(self, seat: int, name: str, context: tuple) -> list[str]:
        plays = []
        cards = self.parts.cards
        for card in sorted(set(self.hands[seat])):
            if cards[card].window == name:
                plays += self._yellow_plays(seat, card, context)
            elif cards[card].windows:
                plays += self._resource_plays(seat, card, name, context)
        if self.fellowship_cards:
            plays += self._fellowship_plays(seat, name, context)
        if self.specials and seat == self.ring_bearer and name in SPECIAL_WINDOWS:
            plays += self._special_plays(seat)
        if seat == self.active and self.pooled_runes() >= self.parts.gandalf_cost:
            for gid in self.gandalf_left:
                if self.parts.gandalf[gid]["window"] == name:
                    plays += self._gandalf_calls(gid, context)
        return plays

    def _special_plays(self, seat: int) -> list[str]:
        """Two Special Cards, for the Ring-bearer: The One Ring to another hobbit still in
        the game; The Watchful Peace while Sauron can move back."""
        plays = []
        if "one-ring" in self.specials:
            plays += [f"special one-ring@{self.characters[s]}" for s in self._hobbits()
                      if s != seat]
        if "watchful-peace" in self.specials and self.sauron < self.temptation_end():
            plays.append("special watchful-peace")
        return plays

    def temptation_end(self) -> int:
        """The last space of the Temptation track."""
        return self.parts.temptation_spaces

    def _hobbits(self) -> list[int]:
        return self.in_order(self.active)

    def _yellow_plays(self, seat: int, card: str, context: tuple) -> list[str]:
        effect = self.parts.cards[card].effect
        char = self.characters
        if effect == "ignore-roll":
            return [f"yellow {card}"] if context[1] != "blank" else []
        if effect in ("skip-roll", "ignore-items-tile"):
            return [f"yellow {card}"]
        if effect == "skip-tile":
            return [f"yellow {card}"] if sum(self.tiles.values()) or self.foreseen else []
        if effect == "heal-one":
            return [f"yellow {card}@{char[s]}" for s in self._hobbits() if self.positions[s]]
        if effect == "draw-up-to-six":
            return [f"yellow {card}@{char[s]}" for s in self._hobbits()
                    if len(self.hands[s]) - (s == seat) < LEMBAS_HAND]
        if effect == "pass-card":
            given = sorted(set(self.hands[seat]) - {card})
            return [f"yellow {card} {g}@{char[s]}" for g in given for s in self._hobbits()
                    if s != seat]
        if effect == "ignore-missing-life-tokens":
            return [f"yellow {card}@{char[s]}" for s in self._hobbits()
                    if s not in self.athelas and self.missing_life_tokens(s)]
        raise NotImplementedError(f"yellow card effect '{effect}'")

    def _gandalf_calls(self, gid: str, context: tuple) -> list[str]:
        effect = self.parts.gandalf[gid]["effect"]
        char = self.characters
        if effect in ("rearrange-top-3", "draw-five-tokens"):
            return [f"gandalf {gid}"] if sum(self.tiles.values()) > 1 and not self.foreseen \
                else []
        if effect == "ignore-event":
            # The board's last event ends the scenario whatever happens: not ignored.
            return [f"gandalf {gid}"] if context[0] < len(self.board.events) else []
        if effect == "heal-two":
            return [f"gandalf {gid}@{char[s]}" for s in self._hobbits() if self.positions[s]]
        if effect == "draw-four":
            return [f"gandalf {gid}@{char[s]}" for s in self._hobbits()]
        if effect == "two-jokers":
            return [f"gandalf {gid}@{t}" for t in self.unfinished_tracks()]
        if effect == "ignore-sauron-card":
            played = context[1] if len(context) > 1 else ""
            return [f"gandalf {gid}"] if played.startswith(("sauron-", "nazgul-")) else []
        return []

    def missing_life_tokens(self, seat: int) -> int:
        """Play 5: how many life-token types the hobbit lacks (Merry needs only 2)."""
        needed = 2 if self.ability(seat) == "two-life-token-types" else 3
        held = sum(1 for k in ("ring", "heart", "sun") if self.life[seat][k])
        return max(0, needed - held)

    # ----- the decisions -------------------------------------------------------------

    def _legal_window(self, seat: int) -> list[str]:
        _, _, name, _, _, context = self.question
        return self._window_plays(seat, name, context) + ["continue"]

    def _answer_window(self, seat: int, text: str) -> None:
        _, _, name, seats, index, context = self.answered
        if text == "continue":
            self.push(("window", name, seats, index + 1, context))
            return
        again = ("window", name, seats, index, context)
        verb, what = text.split()[0], text.split()[1:]
        if verb == "resource":
            self.play_resource(seat, text.split(), again)
            return
        if verb == "fellowship":
            self.use_fellowship_card(seat, text.split(), again)
            return
        if verb == "special":
            card, _, target = what[0].partition("@")
            self.specials.remove(card)
            if card == "one-ring":
                # The Ring is taken from the current hobbit, even if used this scenario.
                self.ring_bearer = self.characters.index(target)
                self.say(f"{self.name(seat)} plays The One Ring: "
                         f"{self.name(self.ring_bearer)} is the Ring-bearer")
                if self.expansion and not self.rider_returning and \
                        self.positions[self.ring_bearer] >= self.rider:
                    # The Black Rider: the new Ring-bearer is on its space or beyond.
                    self.rider_meets_ring_bearer()
            else:
                before = self.sauron
                back = self.parts.sauron["special_cards"]["the-watchful-peace"]["sauron_back"]
                self.sauron = min(self.temptation_end(), self.sauron + back)
                self.say(f"{self.name(seat)} plays The Watchful Peace: Sauron moves back "
                         f"{self.sauron - before}, to {self.sauron}")
            # A new Ring-bearer is asked in his turn in the window, not the old one now.
            self.push(again if seat == self.ring_bearer else
                      ("window", name, seats, index + 1, context))
            return
        if verb == "gandalf":
            gid, _, arg = what[0].partition("@")
            gandalf = self.parts.gandalf[gid]
            self.say(f"{self.name(seat)} calls Gandalf: {gandalf['name']}")
            call = Resolution(f"Gandalf: {gandalf['name']}", ask="group",
                              cost=(("runes", self.parts.gandalf_cost),),
                              then=(("gandalf-call", gid, arg),))
            self.push(("resolve", call, None), again)
            return
        card, _, target = what[0].partition("@")
        self.discard_card(seat, card)
        self.used_here.append(card)  # Red Arrow may take it back
        self.say(f"{self.name(seat)} plays {self.parts.cards[card].name}")
        self.yellow_effect(seat, card, what, target)
        self.push(again)

    def yellow_effect(self, seat: int, card: str, what: list[str], target: str) -> None:
        """Carry out a yellow card just played by `seat`."""
        effect = self.parts.cards[card].effect
        if effect == "ignore-roll":
            self.next_step("suffer", "sauron-card").ignored = True
        elif effect == "skip-roll":
            step = self.next_step("roll-die", "call")
            # No die is rolled (nor Sauron called): nothing is suffered and the Ring moves
            # as on a blank.
            self.replace_step(step, ("suffer", step.seat, "blank", step.purpose, True)
                              if step.name == "roll-die" else
                              ("sauron-after", step.seat, step.purpose))
        elif effect == "ignore-items-tile":
            self.drop_step(self.next_step("resolve"))
        elif effect == "skip-tile":
            self.drop_step(self.next_step("reveal"))
        elif effect == "heal-one":
            self.heal(self.characters.index(target), 1)
        elif effect == "draw-up-to-six":
            to = self.characters.index(target)
            self.draw_cards(to, LEMBAS_HAND - len(self.hands[to]))
        elif effect == "pass-card":
            given, _, target = what[1].partition("@")
            to = self.characters.index(target)
            self.hidden_shown = True  # the receiver sees the card passed
            self.hands[seat].remove(given)
            self.hands[to].append(given)
            self.hands[to].sort()
            self.say(f"{self.name(seat)} passes a card to {self.name(to)}")
            self.say(f"you receive {given}", to)
            self.say(f"you pass {given}", seat)
        elif effect == "ignore-missing-life-tokens":
            self.athelas.append(self.characters.index(target))

    def gandalf_effect(self, gid: str, arg: str) -> None:
        """A Gandalf card, paid for, takes effect and leaves the game (called again by
        Fatty's Fellowship card, it was gone already)."""
        if gid in self.gandalf_left:
            self.gandalf_left.remove(gid)
        effect = self.parts.gandalf[gid]["effect"]
        if effect == "rearrange-top-3":
            for _ in range(min(FORESIGHT_TILES, sum(self.tiles.values()))):
                tile = self.dice.roll(TILE_PILE, sorted(self.tiles.elements()))
                self.tiles[tile] -= 1
                self.foreseen.append(tile)
            self.say(f"the top tiles are {', '.join(self.foreseen)}")
            self.question = ("foresight", self.active)
        elif effect == "draw-five-tokens":
            # Foresight (bag): five tokens face up, used in any order (rules.py reveal).
            for _ in range(min(FORESIGHT_BAG_TOKENS, sum(self.tiles.values()))):
                tile = self.dice.roll(TILE_PILE, sorted(self.tiles.elements()))
                self.tiles[tile] -= 1
                self.foreseen.append(tile)
            self.foreseen.sort()
            self.foreseen_free = True
            self.say(f"the tokens face up are {', '.join(self.foreseen)}")
        elif effect == "ignore-event":
            self.drop_step(self.next_step("resolve"))
            self.say("the event is ignored")
        elif effect == "heal-two":
            self.heal(self.characters.index(arg), 2)
        elif effect == "draw-four":
            self.draw_cards(self.characters.index(arg), 4)
        elif effect == "two-jokers":
            self.push(("advance", arg, 2, True))
        elif effect == "ignore-sauron-card":
            # Protection: the Fellowship ignores all the card's consequences (a Nazgûl
            # card's incident too).
            step = self.next_step("sauron-card")
            step.ignored = True
            if step.card.startswith("nazgul-"):
                self.drop_step(self.next_step("resolve"))
            self.say("Gandalf protects the Fellowship")

    def _legal_foresight(self, seat: int) -> list[str]:
        return sorted({"order " + " ".join(p) for p in permutations(self.foreseen)})

    def _answer_foresight(self, seat: int, text: str) -> None:
        self.foreseen = text.split()[1:]
        self.say(f"{self.name(seat)} sets the tiles in the order {', '.join(self.foreseen)}")
