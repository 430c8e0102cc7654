"""The Lord of the Rings board game: the state and the procedures of the base game.

Sections cited in comments are those of reference/lotr-board-game-base-game.md ("Play on
a scenario board" n is cited as "Play n") and of the expansion's rulebook.

The procedure runs on the engine's Stack (phases/steps.py): each step a procedure done
when it comes on top, a question an `Ask` on top that waits for its answer. Piles (the
hobbit deck, the tiles, the legendary cards of a board, the special runes) are unordered: every draw is one chance outcome, a uniform pick among
the pile's remaining pieces, so no record or view ever holds the order of a pile.
"""

from __future__ import annotations

from collections import Counter
from copy import copy
from typing import Any, Mapping

from ...engine.dice import Dice
from ...engine.game import Outcome, State
from ...engine.procedure import Refusal, Stack, decide
from .components import ACTIVITIES, JOKER, LIFE_TOKENS, Components, Resolution
from .notation import canonical, play_text
from .phases import gandalf, resources, sauron, windows
from .phases.effects import Effect
from .phases.gandalf import FORESIGHT, TILE_PILE
from .phases.resources import RESOURCES, TURN_SIZE
from .phases.sauron import LIFE_TOKEN, ONE_SYMBOL, SAURON_CALL, SAURON_START
from .phases.steps import Ask, window_step
from .phases.table import as_step, step_procedure
from .phases.windows import WINDOW
from .sampling import procedure_view

# Rules quoted by refusals.
TURN = "Play 3: play up to 2 cards (one white, one grey), draw 2 hobbit cards, or heal 1"
PLAY_COLOURS = "Play 3: at most one white and one grey card (Pippin: any two)"
PLAY_COUNT = ("Play 3: up to 2 cards (Cards, Pippin's Fellowship card: three, white or grey "
              "in any mix)")
PLAY_TRACK = "Play 3: each symbol moves its own track; a joker any track; one card, one track"
HEAL = "Play 3: heal 1 moves your hobbit towards the light; at 0 there is nothing to heal"
RING = "Play 6: the Ring-bearer puts on the Ring once per scenario"
GROUP_COST = "Play 2 / events: a cost is paid with what it asks for; pass to stop giving"
ACTIVITY = "Play 2: an activity tile whose track is missing or complete advances any unfinished track"
DISCARD = "threat die: the roller discards the cards he chooses"
COUNCIL = "Rivendell, Council: each player passes 1 card face down to the left"
PREPARATIONS = "Bag End, Preparations: the Ring-bearer distributes the revealed cards"
CHOOSE = "events: the payer chooses one of the benefits"
OVER = "the game is over"
WHOSE = "only the seat asked may decide now"

THREAT_DIE = "threat die"
REVEAL = "revealed card"
SPECIAL_RUNE = "special rune"


HOBBIT_CARD = "hobbit card"
CHARACTER_CARD = "character card"  # the card-dealt variant: a character card dealt
# Two Special Cards (expansion rulebook): The One Ring passes the Ring to another hobbit,
# The Watchful Peace moves Sauron back 3 steps or scores 10 if unused.
SPECIAL_CARDS = ("one-ring", "watchful-peace")
DARK_EVENTS = ("Dark Events: a token may be declined (turned face down, a new one taken) "
               "unless the token before it in the row was declined")


def legendary_pile(board: str) -> str:
    """The name of the draw from a board's pile of legendary cards."""
    return f"{board} card"


class LotrState(State):
    """A position: boards, tracks, the Temptation track, hands, piles, whose decision."""

    def __init__(self, game, options: Mapping[str, Any], parts: Components, dice: Dice):
        self.game = game
        self.dice = dice
        self.parts = parts
        self.options = dict(options)
        self.n = options["players"]
        self.characters: tuple[str, ...] = parts.characters[: self.n]
        self.positions = [0] * self.n
        self.sauron = parts.sauron_start[options["difficulty"]]
        self.eliminated = [False] * self.n
        self.hands: list[list[str]] = [[] for _ in range(self.n)]
        self.runes = [0] * self.n
        self.life = [{k: 0 for k in LIFE_TOKENS} for _ in range(self.n)]
        self.ring_bearer: int | None = 0     # Frodo at the start of the game (Play 1)
        self.active = 0
        self.expansion = options["expansion"] == "sauron"
        # The rules number the hobbits clockwise (their lists: positions, hands...) and
        # Sauron last; `table_seats` gives each of them the seat it sits at. Preparation:
        # "Choose one player to command Sauron's forces" (Sauron in the last seat), or
        # "deal one card to each player at random" (deal_characters).
        self.table_seats = list(range(self.n + self.expansion))
        if options.get("deal_characters"):
            self.deal_characters()
        self.deck: Counter = Counter(parts.hobbit_deck)
        self.discards: Counter = Counter()   # hobbit cards, face up
        self.removed: list[str] = []         # legendary cards played or lost: never return
        self.board_cards = {b: sorted(c.id for c in parts.cards.values() if c.board == b)
                            for b in parts.journey}
        self.special_runes = list(parts.special_runes)
        self.board_index = 0
        self.tracks: dict[str, int] = {}
        self.event = 0
        self.tiles: Counter = Counter()
        self.revealed: list[str] = []        # tiles revealed this turn, in order
        self.ring_used = False
        self.stack = Stack()
        self.pot: list[tuple[int, str]] = []  # (seat, item) offered to the cost asked
        self.asking: dict | None = None
        self.council: dict[int, str] = {}
        self.shown: list[str] = []           # Preparations: revealed cards to distribute
        self.result: str | None = None       # None, "won", "lost"
        self.lost_because = ""
        self.turns = 0
        self.news: list[tuple[int | None, str]] = []
        self.answered: tuple | None = None
        # Whether the decision being carried out showed a seat what was hidden from it
        # (decision_revealed); set where a card leaves a hand or the Council completes.
        self.hidden_shown = False
        # Play 4: each Gandalf card used once. Expansion, Preparation: Protection is added,
        # the original Foresight discarded (the bag's Foresight is not built yet).
        self.gandalf_left = resources.gandalf_of_the_game(self)
        self.sauron_seat: int | None = None
        self.foreseen: list[str] = []        # Foresight: tiles set on top, in order
        self.foreseen_free = False           # Foresight (bag): face up, used in any order
        self.athelas: list[int] = []         # hobbits Athelas spares at this scenario end
        self.declined: list[int] = []        # Dark Events: the row's face-down tokens
        # Two Special Cards: face up from the start, each used once by the Ring-bearer.
        self.specials: list[str] = list(SPECIAL_CARDS) if options.get("special_cards") else []
        # Expansion, Resources and Cards (expansion_cards.py); empty without it.
        self.resource_pile: list[str] = []   # resource cards face up, not yet taken
        self.resource_tokens: Counter = Counter()  # face down, not yet drawn
        self.resource_spaces: dict[tuple[str, int], str] = {}  # face up above spaces
        self.tokens_out: list[str] = []      # tokens taken or discarded
        self.fellowship_cards: list[str] = []  # characters whose card is unused
        self.played: list[str] = []          # white and grey cards played this turn
        self.used_here: list[str] = []       # legendary cards played in this adventure
        self.three_cards = False             # Pippin's Fellowship card used this turn
        self._outcome: Outcome | None = None
        if self.expansion:
            sauron.setup_sauron(self)
            resources.setup_expansion_cards(self)

    # ----- the contract ---------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.n + (1 if self.expansion else 0)

    @property
    def board(self):
        """The board the Fellowship is on."""
        return self.parts.boards[self.parts.journey[self.board_index]]

    def to_move(self) -> int | None:
        return None if self.question is None else self.table_seats[self.question[1]]

    def is_over(self) -> bool:
        return self.result is not None

    def outcome(self) -> Outcome | None:
        return self._outcome

    def legal_actions(self) -> list[str]:
        if self.question is None:
            return []
        kind, seat = self.question[0], self.question[1]
        legal = QUESTIONS[kind][0](self, seat)
        # Remembered for the answer to this very question (a player or search asks, then
        # answers): apply and clone forget it, and a new question does not match it.
        self._legal = (self.question, legal)
        return list(legal)

    def parse_action(self, text: str) -> str:
        if self.result is not None:
            raise Refusal(OVER, "the game is over", action=str(text))
        memo = self.__dict__.get("_legal")
        if memo is not None and memo[0] is self.question and text.__class__ is str \
                and text in memo[1]:
            return text  # canonical and legal: listed for this question
        text = canonical(text)
        if text not in self.legal_actions():
            message, rule = self._why_not(text)
            raise Refusal(rule, message, action=text)
        return text

    def apply(self, action) -> None:
        # The question on top checks the decision (parse_action: against the full legal
        # list) before any change, so a refusal leaves the state as it was.
        if self.result is not None:
            raise Refusal(OVER, "the game is over", action=str(action))
        decide(self, self.stack, action)

    def answer(self, asked: tuple, text: str) -> None:
        """Carry out the checked answer `text` to the question `asked`."""
        self._legal = None
        self.news = []
        self.hidden_shown = False
        self.answered = asked
        QUESTIONS[asked[0]][1](self, asked[1], text)

    def carry_step(self, kind: str, values: tuple) -> None:
        """Do the step of this kind with these fields (phases/steps.py calls it)."""
        STEP_BODIES[kind](self, *values)

    def card_symbols(self, card: str) -> tuple[tuple[str, int], ...]:
        """The symbols of a Sauron card, or a Nazgûl card's corner symbol."""
        return sauron.card_symbols(self, card)

    # ----- the stack of procedures ------------------------------------------------------

    @property
    def question(self) -> tuple | None:
        """The question asked now, (kind, the rules' seat, what about...), or None."""
        top = self.stack.top()
        return top.asked if isinstance(top, Ask) else None

    @question.setter
    def question(self, asked: tuple | None) -> None:
        if asked is None:
            if isinstance(self.stack.top(), Ask):
                self.stack.finish(self.stack.top())
        else:
            self.stack.push(Ask(asked))

    @property
    def queue(self) -> list[tuple]:
        """The steps waiting, in the order they will be done, as tuples (the views')."""
        return [as_step(p) for p in reversed(list(self.stack)) if not isinstance(p, Ask)]

    @queue.setter
    def queue(self, steps: list[tuple]) -> None:
        # Every step waiting is dropped for these (the end of a scenario, of the game).
        self.clear_steps()
        self.push(*steps)

    def clear_steps(self) -> None:
        """Nothing is left to do (and nothing asked)."""
        for procedure in list(self.stack):
            self.stack.finish(procedure)

    def next_step(self, *kinds: str):
        """The first waiting step of one of these kinds (the effect of a card changes it)."""
        return next(p for p in reversed(list(self.stack))
                    if p.name in kinds and not isinstance(p, (Ask, Effect)))

    def pending(self, kind: str):
        """The first waiting step of this kind, or None."""
        return next((p for p in reversed(list(self.stack)) if p.name == kind
                     and not isinstance(p, (Ask, Effect))), None)

    def drop_step(self, procedure) -> None:
        """A waiting step is not done after all."""
        self.stack.finish(procedure)

    def replace_step(self, procedure, step: tuple) -> None:
        """A waiting step is done as another: the steps above it are put back unchanged."""
        above = []
        for p in reversed(list(self.stack)):
            if p is procedure:
                break
            above.append(p)
        for p in above:
            self.stack.finish(p)
        self.stack.finish(procedure)
        self.stack.push(step_procedure(step))
        for p in reversed(above):
            self.stack.push(p)

    def decision_audience(self, action) -> tuple[int, ...] | None:
        """Rivendell, Council: the card passed face down is read by its passer only
        (the receiver learns it when every hobbit has chosen); Miruvor's card by its giver
        and receiver; other decisions are public. Table seats."""
        audience = self._audience(action)
        return None if audience is None else \
            tuple(sorted(self.table_seats[s] for s in audience))

    def _audience(self, action) -> tuple[int, ...] | None:
        """The rules' seats that may read this decision (None: everyone)."""
        if self.question is None:
            return None
        if self.question[0] == "council":
            return (self.question[1],)
        if self.question[0] in ("sauron-call", "sauron-refill") and \
                str(action).startswith("refill "):
            return (self.question[1],)  # the card he discards before drawing is not shown
        words = str(action).split()
        if self.question[0] == "window" and words[:2] == ["yellow", "miruvor"] \
                and len(words) == 3:
            to = words[2].partition("@")[2]
            if to in self.characters:
                return tuple(sorted({self.question[1], self.characters.index(to)}))
        return None

    def decision_revealed(self, action) -> bool:
        """Whether the decision just applied showed a seat what was hidden from it, or
        completed the Council's face-down choice — so it may not be taken back.

        Revealing: the last hobbit's card at the Council (Rivendell, Council: "each player
        passes 1 card face down to the left" — every card then reaches its receiver);
        Miruvor (Play 4: "one player passes 1 card to another" — the receiver sees it);
        any card that leaves a hand face up: played (Play 3, Play 4, Cards), given to a cost
        (Play 2), discarded (the threat die; Playing as Sauron), or the hand of a hobbit
        eliminated (Temptation track); a Sauron card played from his hand (Playing as
        Sauron; Start of Each Turn). Not: runes and life tokens (public), cards dealt face
        up (Bag End, Preparations), Sauron's discards before drawing ("Before drawing, you
        may discard": face down, his alone). A card whose holder others happen to know
        (dealt face up, taken back by Gwaihir) still counts as shown: no hand's cards are
        tracked as known."""
        return self.hidden_shown

    def clone(self, dice: Dice | None = None) -> "LotrState":
        other = object.__new__(LotrState)
        other.__dict__.update(self.__dict__)
        other._legal = None  # a clone may be dealt other hands (sampling.py)
        other.dice = self.dice if dice is None else dice
        other.options = dict(self.options)
        other.positions = self.positions[:]
        other.eliminated = self.eliminated[:]
        other.hands = [h[:] for h in self.hands]
        other.runes = self.runes[:]
        other.life = [dict(x) for x in self.life]
        other.deck = Counter(self.deck)
        other.discards = Counter(self.discards)
        other.removed = self.removed[:]
        other.board_cards = {b: c[:] for b, c in self.board_cards.items()}
        other.special_runes = self.special_runes[:]
        other.tracks = dict(self.tracks)
        other.tiles = Counter(self.tiles)
        other.revealed = self.revealed[:]
        # Each procedure's fields are replaced, never changed in place: a shallow copy each.
        other.stack = Stack([copy(p) for p in self.stack],
                            [isinstance(p, Ask) for p in self.stack])
        other.pot = self.pot[:]
        other.asking = None if self.asking is None else dict(self.asking)
        if self.asking is not None and "cost" in self.asking:
            other.asking["cost"] = dict(self.asking["cost"])
            other.asking["seats"] = list(self.asking["seats"])
        other.council = dict(self.council)
        other.shown = self.shown[:]
        other.news = self.news[:]
        other.gandalf_left = self.gandalf_left[:]
        other.foreseen = self.foreseen[:]
        other.athelas = self.athelas[:]
        other.specials = self.specials[:]
        other.declined = self.declined[:]
        resources.clone_expansion_cards(self, other)
        if self.expansion:
            sauron.clone_sauron(self, other)
        return other

    def narration(self, seat: int | None) -> list[str]:
        seat = self.rules_seat(seat)
        return [text for who, text in self.news if who is None or who == seat]

    # ----- the seats at the table ---------------------------------------------------------

    def deal_characters(self) -> None:
        """Preparation: "use the Sauron card together with a hobbit card: deal one card to
        each player at random" — each seat in turn is dealt a character card, face up;
        the hobbits keep their clockwise order, Frodo is the first Ring-bearer."""
        cards = sorted(self.characters + (("sauron",) if self.expansion else ()))
        dealt = []
        for _ in range(len(cards)):
            card = self.dice.roll(CHARACTER_CARD, cards)
            cards.remove(card)
            dealt.append(card)
        hobbits = [s for s, card in enumerate(dealt) if card != "sauron"]
        self.characters = tuple(dealt[s] for s in hobbits)
        self.table_seats = hobbits + [s for s, card in enumerate(dealt) if card == "sauron"]
        self.ring_bearer = self.active = self.characters.index("frodo")

    def rules_seat(self, seat: int | None) -> int | None:
        """The rules' number of the player at a table seat (None stays None)."""
        return None if seat is None else self.table_seats.index(seat)

    def seen(self, seat: int) -> tuple[int]:
        """The table seat of a rules' seat, as an outcome's `seen_by`."""
        return (self.table_seats[seat],)

    # ----- helpers ----------------------------------------------------------------------

    def name(self, seat: int) -> str:
        """The character's name at `seat` (Sauron's seat: Sauron)."""
        if seat == self.sauron_seat:
            return "Sauron"
        return self.parts.character_names[self.characters[seat]]

    def ability(self, seat: int) -> str:
        """The special ability of the hobbit at `seat`."""
        return self.parts.abilities[self.characters[seat]]

    def say(self, text: str, seat: int | None = None) -> None:
        """Narrate: to everyone, or (seat given) to that seat only."""
        self.news.append((seat, text))

    def in_order(self, first: int) -> list[int]:
        """The hobbits still in the game, clockwise from `first`."""
        return [s % self.n for s in range(first, first + self.n)
                if not self.eliminated[s % self.n]]

    def targets(self, target: str, payer: int | None) -> list[int]:
        """The seats an effect's target names."""
        if target == "active":
            seats = [self.active]
        elif target == "ring-bearer":
            seats = [] if self.ring_bearer is None else [self.ring_bearer]
        elif target == "payer":
            seats = [payer]
        elif target == "others":
            seats = self.in_order(self.active)[1:] if not self.eliminated[self.active] \
                else [s for s in self.in_order(self.active) if s != self.active]
        else:
            seats = self.in_order(self.active)
        return [s for s in seats if s is not None and not self.eliminated[s]]

    def track_complete(self, track: str) -> bool:
        """True once every space of the track (or 'track:1', its first part) is reached."""
        name, _, part = track.partition(":")
        spaces = self.board.tracks.get(name)
        if spaces is None:
            return False
        end = self.board.parts.get(name, len(spaces)) if part == "1" else len(spaces)
        return self.tracks.get(name, 0) >= end

    def unfinished_tracks(self) -> list[str]:
        """The tracks of this board not yet complete, in activity order."""
        return [t for t in ACTIVITIES if t in self.board.tracks and not self.track_complete(t)]

    # ----- drawing from unordered piles -------------------------------------------------

    def draw_cards(self, seat: int, count: int) -> None:
        """The hobbit draws from the deck; an empty deck is rebuilt from the discards."""
        got = []
        for _ in range(count):
            if not self.deck:
                # Further decisions: an empty deck is the hobbit-card discards, shuffled.
                self.deck, self.discards = self.discards, Counter()
            if not self.deck:
                break
            # A draw into a hand is seen by its drawer only (the engine's seen_by).
            card = self.dice.roll(HOBBIT_CARD, sorted(self.deck.elements()),
                                  seen_by=self.seen(seat))
            self.deck[card] -= 1
            if not self.deck[card]:
                del self.deck[card]
            got.append(card)
        self.hands[seat].extend(got)
        self.hands[seat].sort()
        if got:
            self.say(f"{self.name(seat)} draws {len(got)} card{'s' * (len(got) > 1)}")
            self.say(f"you draw {', '.join(got)}", seat)

    def reveal_card(self) -> str | None:
        """Reveal the top hobbit card (public); it goes to the discards."""
        if not self.deck:
            self.deck, self.discards = self.discards, Counter()
        if not self.deck:
            return None
        card = self.dice.roll(REVEAL, sorted(self.deck.elements()))
        self.deck[card] -= 1
        if not self.deck[card]:
            del self.deck[card]
        return card

    def discard_card(self, seat: int, card: str) -> None:
        """A card leaves the hand: hobbit cards to the discards, legendary ones for good."""
        self.hidden_shown = True  # face up: discards and removed cards are public
        self.hands[seat].remove(card)
        if self.parts.cards[card].is_hobbit_card:
            self.discards[card] += 1
        else:
            self.removed.append(card)

    # ----- the Temptation track --------------------------------------------------------

    def move_sauron(self, steps: int) -> None:
        """Sauron moves towards the hobbits; any hobbit he reaches is eliminated."""
        self.sauron = max(0, self.sauron - steps)
        self.say(f"Sauron moves {steps} towards the hobbits, to {self.sauron}")
        for seat in range(self.n):
            if not self.eliminated[seat] and self.positions[seat] >= self.sauron:
                self.eliminate(seat)

    def into_darkness(self, seat: int, steps: int) -> None:
        """The hobbit moves into darkness; on Sauron's space or beyond he is eliminated."""
        if self.eliminated[seat] or steps <= 0:
            return
        self.positions[seat] = min(self.parts.temptation_spaces, self.positions[seat] + steps)
        self.say(f"{self.name(seat)} moves {steps} into darkness, to {self.positions[seat]}")
        if self.positions[seat] >= self.sauron:
            self.eliminate(seat)
        elif (self.expansion and seat == self.ring_bearer and not self.rider_returning
              and self.positions[seat] >= self.rider):
            sauron.rider_meets_ring_bearer(self)  # The Black Rider: the Ring-bearer's own move

    def heal(self, seat: int, steps: int) -> None:
        """The hobbit moves towards the light (not below 0)."""
        if not self.eliminated[seat]:
            self.positions[seat] = max(0, self.positions[seat] - steps)
            self.say(f"{self.name(seat)} heals to {self.positions[seat]}")

    def eliminate(self, seat: int) -> None:
        """Temptation track: the hobbit leaves the game; his cards are discarded."""
        self.eliminated[seat] = True
        self.say(f"{self.name(seat)} is eliminated")
        if self.options.get("first_elimination"):
            self.lose(f"{self.name(seat)} is eliminated (Variants: the first elimination)")
        for card in self.hands[seat][:]:
            self.discard_card(seat, card)
        self.runes[seat] = 0
        self.life[seat] = {k: 0 for k in LIFE_TOKENS}
        if seat == self.ring_bearer:
            self.lose("the Ring-bearer is eliminated")
        elif all(self.eliminated):
            self.lose("every hobbit is eliminated")

    def lose(self, why: str) -> None:
        """The game is lost."""
        if self.result is None:
            self.result, self.lost_because = "lost", why
            self.say(f"the Fellowship loses: {why}")
            self.finish()

    def finish(self) -> None:
        """Score 9: a loss scores the main-track space reached, a win 60 plus runes."""
        self.clear_steps()
        if self.result == "won":
            score = 60 + sum(r for s, r in enumerate(self.runes) if not self.eliminated[s])
        elif self.board.kind == "conflict":
            score = self.board.score_at(self.tracks.get(self.board.main, 0))
        else:
            score = self.board.start_score
        if "watchful-peace" in self.specials:
            # Two Special Cards: an unused Watchful Peace is 10 more points however the
            # game ended.
            score += self.parts.sauron["special_cards"]["the-watchful-peace"]["unused_points"]
        winners = tuple(range(self.n)) if self.result == "won" else (
            (self.sauron_seat,) if self.expansion else ())
        table = self.table_seats
        # `fellowship_won` (true/false) is the Fellowship's win rate in an analysis, which
        # otherwise splits a shared victory between the hobbits' seats.
        details = {"score": score, "board": self.board.id, "hobbits": self.n,
                   "fellowship_won": self.result == "won"}
        if self.expansion and table[self.sauron_seat] != self.sauron_seat:
            # deal_characters: Sauron is not in the last seat (the analysis reads every
            # detail as a measure, so the usual seat is not repeated in each outcome).
            details["sauron_seat"] = table[self.sauron_seat]
        self._outcome = Outcome(
            winners=tuple(sorted(table[s] for s in winners)),
            eliminated=tuple(sorted(table[s] for s in range(self.n) if self.eliminated[s])),
            rounds=self.turns,
            summary=(f"the Fellowship destroys the Ring: {score} points"
                     if self.result == "won" else
                     f"the Fellowship loses ({self.lost_because}): {score} points"),
            details=details)

    # ----- the threat die ---------------------------------------------------------------

    def _step_roll(self, seat: int, purpose: str | None = None) -> None:
        # Belt may spare the roll (before-roll window), Mithril its effects (after-roll).
        # Expansion: Sauron is called instead, except when the Ring is put on (Exceptions).
        if not self.eliminated[seat]:
            called = self.expansion and not (purpose or "").startswith("ring")
            self.push(window_step("before-roll", (seat,)),
                      ("call" if called else "roll-die", seat, purpose))

    def _step_roll_die(self, seat: int, purpose: str | None) -> None:
        face = self.dice.roll(THREAT_DIE, self.parts.die_faces)
        self.say(f"{self.name(seat)} rolls the threat die: {face}")
        self.push(window_step("after-roll", (seat, face)), ("suffer", seat, face, purpose, False))

    def _step_suffer(self, seat: int, face: str, purpose: str | None, ignored: bool) -> None:
        if not ignored:
            self.suffer(seat, face)
        if self.result is not None:
            return
        what, _, track = (purpose or "").partition(":")
        if what == "ring":
            # Play 6: the Ring moves a track 4 minus the face's symbols, without collecting
            # the skipped spaces' rewards.
            spaces = 4 - self.parts.die_symbols[face]
            if spaces > 0:
                self.push(("advance", track, spaces, False))
        elif what == "doom" and not self.eliminated[seat]:
            # Play 8: the first still in the game after his roll destroys the Ring.
            self.result = "won"
            self.say(f"{self.name(seat)} destroys the Ring")
            self.finish()

    def suffer(self, seat: int, face: str) -> None:
        """The roller suffers a face of the threat die (Sam: at most one damage)."""
        kind, _, amount = face.partition("-")
        n = int(amount or 0)
        if self.ability(seat) == "one-damage-per-roll":
            n = min(n, 1)  # Characters, Sam: no more than one damage after each die roll
        if kind == "eye":
            self.move_sauron(1)
        elif kind == "darkness":
            self.into_darkness(seat, n)
        elif kind == "discard":
            self.push(("discard", seat, n))

    # ----- the queue of steps -----------------------------------------------------------

    def run(self) -> None:
        """Carry out steps until a decision is needed or the game ends."""
        self.stack.run(self)

    def push(self, *steps: tuple) -> None:
        """These steps come next, in this order."""
        for step in reversed(steps):
            self.stack.push(step_procedure(step))

    def _step_board(self) -> None:
        board = self.board
        self.say(f"the Fellowship comes to {board.name}")
        self.active = self.ring_bearer
        if board.kind == "steps":
            self.push(*[("resolve", s, None) for s in board.steps], ("next-board",))
            return
        # Play 1: the Ring-bearer starts each scenario; everything on the board is fresh.
        self.tracks = {t: 0 for t in board.tracks}
        self.event = 0
        self.tiles = Counter({t.id: t.count for t in self.parts.tiles.values()})
        if self.expansion or self.options.get("dark_events") or \
                self.options.get("sauron_tokens"):
            # Preparation: the four Sauron event tokens go into the bag with the others
            # (Dark Events: "the bag and the four Sauron event tokens must also be used";
            # Special Options, Bag: "may also be included in the original game").
            self.tiles.update({t.id: t.count for t in self.parts.sauron_tokens.values()})
        if self.options.get("dark_events"):
            # Dark Events: all tokens back in the bag at each adventure's start.
            self.tiles.update({t.id: t.count for t in self.parts.dark_events.values()})
        self.ring_used = False
        self.foreseen, self.foreseen_free = [], False
        self.used_here = []
        if self.expansion:
            resources.lay_out_resource_tokens(self)
        self.push(("turn",))

    def _step_next_board(self) -> None:
        self.board_index += 1
        self.push(("board",))

    def _step_turn(self) -> None:
        self.turns += 1
        self.revealed = []
        self.declined = []
        self.played = []
        self.three_cards = False
        self.say(f"{self.name(self.active)}'s turn")
        # Play 4: yellow and Gandalf cards in their windows (docs: "Windows").
        self.push(window_step("turn-start", ()), ("reveal",), window_step("action", ()),
                  ("act",), window_step("turn-end", ()), ("end-turn",))
        if self.expansion:
            self.push(("sauron-start",))  # Sauron's Actions at the Start of Each Turn

    def _step_end_turn(self) -> None:
        later = self.in_order(self.active + 1)
        self.active = later[0]
        self.push(("turn",))

    def _step_reveal(self) -> None:
        # Play 2: reveal tiles one at a time until an activity tile.
        if self.eliminated[self.active]:
            return
        if self.foreseen_free and len(set(self.foreseen)) > 1:
            # Foresight (bag): the active player uses the face-up tokens in any order.
            self.question = ("use-token", self.active)
            return
        if self.foreseen:
            tile_id = self.foreseen.pop(0)  # Gandalf, Foresight: the tiles set on top
        else:
            tile_id = self.dice.roll(TILE_PILE, sorted(self.tiles.elements()))
            self.tiles[tile_id] -= 1
        self.reveal_tile(tile_id)

    def reveal_tile(self, tile_id: str) -> None:
        """Play 2: the tile taken is shown (and, with Dark Events, may be declined)."""
        if not self.foreseen:
            self.foreseen_free = False
        self.revealed.append(tile_id)
        self.say(f"{self.name(self.active)} reveals the tile {tile_id}")
        if self.options.get("dark_events") and self.may_decline():
            self.question = ("decline", self.active, tile_id)
            return
        self.carry_out_tile(tile_id)

    def _legal_use_token(self, seat: int) -> list[str]:
        return [f"use {t}" for t in sorted(set(self.foreseen))]

    def _answer_use_token(self, seat: int, text: str) -> None:
        tile_id = text.split()[1]
        self.foreseen.remove(tile_id)
        self.reveal_tile(tile_id)

    def may_decline(self) -> bool:
        """Dark Events: whether the token just taken may be declined (the one before it in
        the row was not: two neighbours are never both face down)."""
        return len(self.revealed) < 2 or len(self.revealed) - 2 not in self.declined

    def _legal_decline(self, seat: int) -> list[str]:
        return ["accept", "decline"]

    def _answer_decline(self, seat: int, text: str) -> None:
        tile_id = self.answered[2]
        if text == "decline":
            # Dark Events: turned face down (out of the bag this adventure), a new token.
            self.declined.append(len(self.revealed) - 1)
            self.say(f"{self.name(seat)} declines the tile {tile_id}")
            self.push(("reveal",))
        else:
            self.carry_out_tile(tile_id)

    def carry_out_tile(self, tile_id: str) -> None:
        """Play 2: carry out a tile taken from the bag."""
        parts = self.parts
        tile = parts.tiles.get(tile_id) or parts.sauron_tokens.get(tile_id) or \
            parts.dark_events[tile_id]
        if tile.kind == "activity":
            self.push(("activity", tile.track))
        elif tile.kind == "event":
            self.push(("event",), ("reveal",))
        elif tile.kind == "items":
            self.push(window_step("items-tile", (tile_id,)), ("resolve", tile.resolution, None),
                      ("reveal",))
        else:
            self.push(("resolve", tile.resolution, None), ("reveal",))
        if self.expansion:
            # Cards: the Rings and Frodo's card "after the event tokens have been
            # revealed", before the token is carried out (pushed last: it comes first).
            self.push(window_step("tile", (tile_id,)))

    def _step_activity(self, track: str) -> None:
        if self.eliminated[self.active]:
            return
        if track in self.board.tracks and not self.track_complete(track):
            self.push(("advance", track, 1, True))
        else:
            self.question = ("track", self.active)

    def _step_act(self) -> None:
        if not self.eliminated[self.active]:
            self.question = ("act", self.active)

    def _step_event(self) -> None:
        if self.event >= len(self.board.events):
            return
        self.event += 1
        event = self.board.events[self.event - 1]
        self.say(f"the event marker moves to {self.event}: {event.name}")
        if self.event == len(self.board.events):
            # Play 5: the scenario ends when its last event resolves.
            self.queue = [("resolve", event, None), ("scenario-end",)]
        else:
            self.push(window_step("event", (self.event,)), ("resolve", event, None))

    def _step_advance(self, track: str, spaces: int, collect: bool) -> None:
        rewards = []
        rewards_of = self.board.tracks[track]
        for _ in range(spaces):
            if self.track_complete(track):
                break
            self.tracks[track] += 1
            if collect:
                rewards.extend(rewards_of[self.tracks[track] - 1])
                # Resources: a token above the space reached goes with its reward (not
                # when the Ring moves the marker: collect is False then).
                token = self.resource_spaces and \
                    resources.token_reached(self, track, self.tracks[track])
                if token:
                    rewards.append(f"token:{token}")
        self.say(f"{track} advances to {self.tracks[track]}")
        steps = [("reward", item) for item in rewards]
        if track == self.board.main and self.track_complete(track):
            # Play 5: the scenario ends when its main track is complete; at the Crack of
            # Doom the Ring is placed there instead (Play 8).
            end = ("mount-doom",) if self.board.crack_of_doom else ("scenario-end",)
            self.queue = steps + [end]
        else:
            self.push(*steps)

    def _step_reward(self, item: str) -> None:
        seat = self.active
        if self.eliminated[seat]:
            return
        if item == "rune":
            self.runes[seat] += 1
        elif item in LIFE_TOKENS:
            self.life[seat][item] += 1
        elif item == "roll":
            self.push(("roll", seat))
        elif item == "heal":
            self.heal(seat, 1)
        elif item == "big-rune":
            value = self.dice.roll(SPECIAL_RUNE, [str(v) for v in sorted(self.special_runes)])
            self.special_runes.remove(int(value))
            self.runes[seat] += int(value)
        elif item.startswith("card:"):
            self.receive(item[5:], seat)
        elif item.startswith("token:"):
            resources.take_resource_token(self, seat, item[6:])
        if item != "roll":
            self.say(f"{self.name(seat)} receives {item}")

    def receive(self, card: str, seat: int) -> None:
        """A named legendary card from its board's pile goes to the hobbit's hand."""
        pile = self.board_cards[self.parts.cards[card].board]
        if card in pile:
            pile.remove(card)
            self.hands[seat].append(card)
            self.hands[seat].sort()

    def _step_resolve(self, res: Resolution, payer: int | None) -> None:
        if res.if_complete:
            met = all(self.track_complete(t) for t in res.if_complete)
            self.push(*[("effect", e, payer) for e in (res.then if met else res.otherwise)])
            return
        if res.ask is None:
            self.push(*[("effect", e, payer) for e in res.then])
            return
        cost = dict(res.cost)
        if "match" in cost:
            # Stone in the Well etc.: reveal a card; its symbol is the one to match.
            card = self.reveal_card()
            n = cost.pop("match")
            symbol = self.parts.cards[card].symbols[0][0] if card else None
            if card:
                self.discards[card] += 1
                self.say(f"the card revealed is {card}")
            cost["symbols" if symbol in (None, JOKER) else symbol] = n
        seats = {"group": self.in_order(self.active), "each": self.in_order(self.active),
                 "one": self.in_order(self.active),
                 "active": self.targets("active", None),
                 "ring-bearer": self.targets("ring-bearer", None)}[res.ask]
        if not seats:
            self.push(*[("effect", e, None) for e in res.otherwise])
            return
        self.asking = {"res": res, "cost": cost, "seats": seats, "at": 0}
        self.pot = []
        self.say(f"{res.name}: {res.ask} asked for {self._cost_text(cost)}")
        self.question = ("give", seats[0])

    def deal_legendary(self, board: str) -> None:
        """Rivendell, Elrond / Lothlórien, Galadriel: a board's legendary cards shuffled
        and dealt one at a time, starting with the Ring-bearer."""
        order = self.in_order(self.ring_bearer)
        pile = self.board_cards[board]
        k = 0
        while pile and order:
            seat = order[k % len(order)]
            card = self.dice.roll(legendary_pile(board), sorted(pile), seen_by=self.seen(seat))
            pile.remove(card)
            self.hands[seat].append(card)
            self.say(f"you are dealt {card}", seat)
            k += 1
        for seat in order:
            self.hands[seat].sort()
        self.say(f"the {self.parts.boards[board].name} cards are dealt")

    def _step_council(self, seat: int) -> None:
        if not self.eliminated[seat] and self.hands[seat]:
            self.question = ("council", seat)

    def _step_council_done(self) -> None:
        # Council: everyone chooses before anyone receives, so a card received is never
        # passed on in the same step.
        order = self.in_order(0)
        if self.council:
            self.hidden_shown = True  # the face-down choice completes: cards reach receivers
        for seat, card in self.council.items():
            left = order[(order.index(seat) + 1) % len(order)]
            self.hands[seat].remove(card)
            self.hands[left].append(card)
            self.hands[left].sort()
            self.say(f"{self.name(seat)} passes you {card}", left)
        self.say("each hobbit passes a card to the left")
        self.council = {}

    def _step_discard(self, seat: int, count: int) -> None:
        if self.eliminated[seat] or count <= 0:
            return
        if len(set(self.hands[seat])) <= 1 or len(self.hands[seat]) <= count:
            # No choice to make: the expansion's own example ("If you have fewer than two
            # cards, discard what you have") is followed for the die as well.
            lost = self.hands[seat][:count]
            for card in lost:
                self.discard_card(seat, card)
            if lost:
                self.say(f"{self.name(seat)} discards {', '.join(lost)}")
            return
        self.question = ("discard", seat, count)

    def _step_ring(self, track: str) -> None:
        self.push(("roll", self.ring_bearer, f"ring:{track}"))

    def _step_scenario_end(self) -> None:
        self.say(f"the end of {self.board.name}")
        self.athelas = []
        if self.expansion:
            sauron.sauron_adventure_end(self)  # End of an Adventure: before the life tokens
            resources.discard_resource_tokens(self)  # "Also discard all remaining resource tokens"
        self.push(window_step("scenario-end", ()), ("life-tokens",))

    def _step_life_tokens(self) -> None:
        # Play 5: 1 into darkness for each life-token type lacked (Merry needs only 2);
        # Athelas spares one hobbit once.
        for seat in self.in_order(self.ring_bearer):
            if seat in self.athelas:
                continue
            needed = 2 if self.ability(seat) == "two-life-token-types" else 3
            held = sum(1 for k in LIFE_TOKENS if self.life[seat][k])
            self.into_darkness(seat, max(0, needed - held))
            if self.result is not None:
                return
        self.ring_bearer = self.new_ring_bearer()
        self.say(f"{self.name(self.ring_bearer)} is the Ring-bearer")
        for seat in range(self.n):
            self.life[seat] = {k: 0 for k in LIFE_TOKENS}
        self.draw_cards(self.ring_bearer, 2)
        for seat in self.in_order(self.ring_bearer):
            if self.ability(seat) == "draws-two-after-scenario":
                self.draw_cards(seat, 2)
        self.push(("next-board",))

    def new_ring_bearer(self) -> int:
        """Play 5: most rings; the Ring-bearer loses ties; other ties go clockwise from him."""
        current = self.ring_bearer
        best, best_rings = current, self.life[current]["ring"]
        for seat in self.in_order(current + 1):
            if seat != current and self.life[seat]["ring"] >= best_rings and (
                    best == current or self.life[seat]["ring"] > best_rings):
                best, best_rings = seat, self.life[seat]["ring"]
        return best

    def _step_mount_doom(self) -> None:
        # Play 8: the Ring lies in the Crack of Doom; there is no Ring-bearer. Each hobbit in
        # turn rolls (from the active player); the first still in the game after his roll
        # destroys the Ring.
        self.ring_bearer = None
        self.say("the Ring is placed in the Crack of Doom")
        if self.expansion:
            sauron.sauron_at_the_crack(self)
        self.push(*[("doom-roll", seat) for seat in self.in_order(self.active)],
                  ("doom-failed",))

    def _step_doom_roll(self, seat: int) -> None:
        if not self.eliminated[seat]:
            self.push(("roll", seat, "doom"))

    def _step_doom_failed(self) -> None:
        self.lose("every hobbit falls at Mount Doom")

    # ----- questions: what may be decided, and the answers ------------------------------

    def _rule_of_question(self) -> str:
        kind = self.question[0] if self.question else None
        return {"act": TURN, "give": GROUP_COST, "track": ACTIVITY, "discard": DISCARD,
                "choose": CHOOSE, "council": COUNCIL, "deal": PREPARATIONS,
                "window": WINDOW, "foresight": FORESIGHT, "sauron-call": SAURON_CALL,
                "sauron-refill": SAURON_CALL, "decline": DARK_EVENTS,
                "use-token": FORESIGHT,
                "sauron-start": SAURON_START, "sauron-symbol": ONE_SYMBOL,
                "life-token": LIFE_TOKEN}.get(kind, OVER)

    def _why_not(self, text: str) -> tuple[str, str]:
        """Why a decision is refused, and the rule it breaks."""
        message = self._why_not_message(text)
        if message.startswith("two ") and "cards" in message:
            return message, PLAY_COLOURS
        if message.endswith("cards in one turn"):
            return message, PLAY_COUNT
        if "does not show" in message or "not an unfinished track" in message:
            return message, RING if message and text.startswith("ring") else PLAY_TRACK
        if "the Ring" in message:
            return message, RING
        if "at 0" in message:
            return message, HEAL
        return message, self._rule_of_question()

    def _why_not_message(self, text: str) -> str:
        kind, seat = self.question[0], self.question[1]
        words = text.split()
        if kind != "act" and words[0] in ("play", "draw", "heal", "ring"):
            return f"{self.name(seat)} is asked for a {kind} decision, not a turn's action"
        if kind == "act" and words[0] == "play":
            return self._why_not_play(seat, words[1:])
        if kind == "act" and words[0] == "heal":
            return "your hobbit is at 0 already" if self.positions[seat] == 0 else \
                "heal is not possible now"
        if kind == "act" and words[0] == "ring":
            if seat != self.ring_bearer:
                return "only the Ring-bearer may put on the Ring"
            if self.ring_used:
                return "the Ring has been used in this scenario"
            return f"'{' '.join(words[1:])}' is not an unfinished track of {self.board.name}"
        # Sauron's seat holds no hobbit hand (its number is past the hobbits').
        if words[0] in ("give", "discard", "pass") and len(words) == 2 and seat < self.n \
                and words[1] in self.parts.cards and words[1] not in self.hands[seat]:
            return f"you hold no {words[1]}"
        # Only the kinds of decision are named: the full list would show the hand of the
        # seat asked to whoever sent the refused text.
        verbs = sorted({a.split()[0] for a in self.legal_actions()})
        return f"not a decision open to {self.name(seat)} now; the kinds open are " + \
            ", ".join(verbs)

    def _why_not_play(self, seat: int, tokens: list[str]) -> str:
        plays = [t.partition("@")[::2] for t in tokens]
        hand = Counter(self.hands[seat])
        for card, track in plays:
            if card not in self.parts.cards:
                return f"there is no card '{card}'"
            if hand[card] < 1:
                return f"you hold no {card}"
            hand[card] -= 1
            if not self.parts.cards[card].on_tracks:
                return f"{card} is a {self.parts.cards[card].colour} card, not played on a track"
            if track not in self.unfinished_tracks():
                return f"'{track}' is not an unfinished track of {self.board.name}"
            if not self._fits(seat, card, track):
                return f"{card} does not show a {track} symbol or a joker"
        if len(plays) > self.cards_per_turn():
            return f"{len(plays)} cards in one turn"
        colours = [self.parts.cards[c].colour for c, _ in plays]
        if len(plays) == 2 and colours[0] == colours[1] and not self.any_colours(seat):
            return f"two {colours[0]} cards"
        return "not a legal play"

    def cards_per_turn(self) -> int:
        """Play 3: up to 2 cards; 3 with Pippin's Fellowship card (Cards)."""
        return TURN_SIZE if self.three_cards else 2

    def any_colours(self, seat: int) -> bool:
        """Pippin plays any two cards; Pippin's Fellowship card lets anyone mix colours."""
        return self.three_cards or self.ability(seat) == "any-two-cards"

    def _fits(self, seat: int, card_id: str, track: str) -> bool:
        """Whether this card's symbols may move this track (Frodo: white cards are jokers)."""
        card = self.parts.cards[card_id]
        symbol = card.symbols[0][0]
        if symbol == JOKER or symbol == track:
            return True
        return (card.is_hobbit_card and card.colour == "white"
                and self.ability(seat) == "white-cards-are-jokers")

    def _legal_act(self, seat: int) -> list[str]:
        actions = ["draw"]
        if self.positions[seat] > 0:
            actions.append("heal")
        tracks = self.unfinished_tracks()
        if seat == self.ring_bearer and not self.ring_used:
            actions += [f"ring {t}" for t in tracks]
        if self.expansion:
            # Do Not Play Cards: the Black Rider up to three steps away from the hobbits.
            actions += [f"rider {k}" for k in sauron.rider_moves_away(self)]
        singles = []
        for card in sorted(set(self.hands[seat])):
            if not self.parts.cards[card].on_tracks:
                continue
            singles += [(card, t) for t in tracks if self._fits(seat, card, t)]
        actions += [play_text([p]) for p in singles]
        any_colours = self.any_colours(seat)
        counts = Counter(self.hands[seat])
        seen = set()
        for i, (c1, t1) in enumerate(singles):
            for j in range(i, len(singles)):
                c2, t2 = singles[j]
                if c1 == c2 and counts[c1] < 2:
                    continue
                colour1, colour2 = self.parts.cards[c1].colour, self.parts.cards[c2].colour
                if colour1 == colour2 and not any_colours:
                    continue
                text = play_text([(c1, t1), (c2, t2)])
                if text not in seen:
                    seen.add(text)
                    actions.append(text)
                if not self.three_cards:
                    continue
                for c3, t3 in singles[j:]:
                    if Counter((c1, c2, c3))[c3] > counts[c3]:
                        continue
                    text = play_text([(c1, t1), (c2, t2), (c3, t3)])
                    if text not in seen:
                        seen.add(text)
                        actions.append(text)
        return actions

    def _answer_act(self, seat: int, text: str) -> None:
        words = text.split()
        if words[0] == "draw":
            self.draw_cards(seat, 2)
        elif words[0] == "heal":
            self.heal(seat, 1)
        elif words[0] == "rider":
            sauron.push_rider_back(self, int(words[1]))
        elif words[0] == "ring":
            self.ring_used = True
            self.say(f"{self.name(seat)} puts on the Ring")
            # The Ring-bearer still takes his turn's action after the Ring (Play 6).
            self.push(("ring", words[1]), ("act",))
        else:
            steps = []
            for token in words[1:]:
                card, _, track = token.partition("@")
                self.discard_card(seat, card)
                self.played.append(card)         # Gwaihir may take it back
                if not self.parts.cards[card].is_hobbit_card:
                    self.used_here.append(card)  # Red Arrow may take it back
                spaces = self.parts.cards[card].symbol_count
                self.say(f"{self.name(seat)} plays {card} on {track}")
                steps.append(("advance", track, spaces, True))
                steps += [("effect", e, seat) for e in self.parts.cards[card].then]
            self.push(*steps)

    def _legal_track(self, seat: int) -> list[str]:
        return [f"track {t}" for t in self.unfinished_tracks()]

    def _answer_track(self, seat: int, text: str) -> None:
        self.push(("advance", text.split()[1], 1, True))

    def _legal_discard(self, seat: int) -> list[str]:
        return [f"discard {c}" for c in sorted(set(self.hands[seat]))]

    def _answer_discard(self, seat: int, text: str) -> None:
        self.discard_card(seat, text.split()[1])
        self.say(f"{self.name(seat)} discards {text.split()[1]}")
        left = self.answered[2] - 1
        if left > 0:
            self.push(("discard", seat, left))

    def _legal_choose(self, seat: int) -> list[str]:
        return [f"choose {option[0][0]}" for option in self.asking["options"]]

    def _answer_choose(self, seat: int, text: str) -> None:
        options = self.asking["options"]
        chosen = next(o for o in options if o[0][0] == text.split()[1])
        payer = self.asking["payer"]
        self.asking = None
        self.push(*[("effect", e, payer) for e in chosen])

    def _legal_council(self, seat: int) -> list[str]:
        return [f"pass {c}" for c in sorted(set(self.hands[seat]))]

    def _answer_council(self, seat: int, text: str) -> None:
        self.council[seat] = text.split()[1]
        self.say(f"{self.name(seat)} chooses a card to pass")
        self.say(f"you will pass {text.split()[1]}", seat)

    def _legal_deal(self, seat: int) -> list[str]:
        return [f"deal {self.characters[s]}" for s in self.in_order(self.ring_bearer)]

    def _answer_deal(self, seat: int, text: str) -> None:
        to = self.characters.index(text.split()[1])
        card = self.shown.pop(0)
        self.hands[to].append(card)
        self.hands[to].sort()
        self.say(f"{self.name(to)} receives the revealed {card}")
        if self.shown:
            self.question = ("deal", seat)

    # ----- giving towards a cost ------------------------------------------------------

    def _cost_text(self, cost: Mapping[str, Any]) -> str:
        return ", ".join(f"{v} {k}" for k, v in cost.items())

    def deficit(self, cost: Mapping[str, Any], pot) -> int:
        """How many units the pot still lacks to pay the cost (0: paid)."""
        tally = self._tally()
        for seat, item in pot:
            self._add(tally, seat, item)
        return self._short(cost, tally)

    @staticmethod
    def _tally() -> dict:
        """An empty count of what a pot holds (symbols, jokers, cards, runes, life, ids)."""
        return {"jokers": 0, "cards": 0, "runes": 0, "ids": set(),
                **{s: 0 for s in ACTIVITIES}, **{f"life-{k}": 0 for k in LIFE_TOKENS}}

    def _add(self, tally: dict, seat: int, item: str) -> None:
        """Count one item given by `seat` into `tally`."""
        if item == "rune":
            tally["runes"] += 1
        elif item in LIFE_TOKENS:
            tally["life-" + item] += 1
        else:
            tally["cards"] += 1
            tally["ids"].add(item)
            card = self.parts.cards[item]
            # Frodo's ability: his white hobbit cards are jokers (reference, Hobbits).
            all_jokers = card.is_hobbit_card and card.colour == "white" and \
                self.ability(seat) == "white-cards-are-jokers"
            for symbol, n in card.symbols:
                tally["jokers" if all_jokers or symbol == JOKER else symbol] += n

    @staticmethod
    def _short(cost: Mapping[str, Any], tally: dict) -> int:
        """The units `tally` lacks to pay `cost`: jokers first stand for missing symbols."""
        need_j = cost.get(JOKER, 0)
        jokers = tally["jokers"]
        short = max(0, need_j - jokers)
        spare_j = max(0, jokers - need_j)
        lack = spare = 0
        for s in ACTIVITIES:
            d = cost.get(s, 0) - tally[s]
            if d > 0:
                lack += d
            else:
                spare -= d
        used = min(spare_j, lack)
        short += lack - used
        spare += spare_j - used
        short += max(0, cost.get("symbols", 0) - spare)
        short += max(0, cost.get("cards", 0) - tally["cards"])
        short += max(0, cost.get("runes", 0) - tally["runes"])
        lack_life = spare_life = 0
        for k in LIFE_TOKENS:
            d = cost.get(k, 0) - tally["life-" + k]
            if d > 0:
                lack_life += d
            else:
                spare_life -= d
        short += lack_life + max(0, cost.get("life", 0) - spare_life)
        if "card" in cost:
            short += 0 if cost["card"] in tally["ids"] else 1
        return short

    def _offers(self, seat: int) -> list[str]:
        """What this seat still holds that is not in the pot."""
        held = Counter(self.hands[seat])
        runes = self.runes[seat]
        life = Counter(self.life[seat])
        for s, item in self.pot:
            if s != seat:
                continue
            if item == "rune":
                runes -= 1
            elif item in LIFE_TOKENS:
                life[item] -= 1
            else:
                held[item] -= 1
        items = [c for c in sorted(held) if held[c] > 0]
        if runes > 0:
            items.append("rune")
        items += [k for k in LIFE_TOKENS if life[k] > 0]
        return items

    def _legal_give(self, seat: int) -> list[str]:
        cost = self.asking["cost"]
        suffered = [k for k in ("darkness", "roll", "call-sauron") if k in cost]
        if suffered:
            return ["take", "pass"]
        base = self._tally()
        for giver, item in self.pot:
            self._add(base, giver, item)
        now = self._short(cost, base)
        gifts = []
        for item in self._offers(seat):
            tally = dict(base, ids=set(base["ids"]))
            self._add(tally, seat, item)
            if self._short(cost, tally) < now:
                gifts.append(f"give {item}")
        return gifts + ["pass"]

    def _answer_give(self, seat: int, text: str) -> None:
        asking = self.asking
        res, cost, seats = asking["res"], asking["cost"], asking["seats"]
        words = text.split()
        if words[0] == "take":
            self.say(f"{self.name(seat)} takes it on")
            self._paid(seat, cost)
            return
        if words[0] == "give":
            if words[1] in self.parts.cards:
                self.hidden_shown = True  # a card offered from the hand is shown
            self.pot.append((seat, words[1]))
            self.say(f"{self.name(seat)} gives {words[1]}")
            if self.deficit(cost, self.pot) == 0:
                self._paid(seat, cost)
            else:
                self.question = ("give", seat)
            return
        # pass: this seat gives no more.
        self.say(f"{self.name(seat)} passes")
        if res.ask == "group":
            asking["at"] += 1
            if asking["at"] < len(seats):
                self.question = ("give", seats[asking["at"]])
            else:
                self._refused(None)
        elif res.ask == "each":
            self.pot = [(s, i) for s, i in self.pot if s != seat]
            self._next_of_each(seat, res.otherwise)
        else:
            self.pot = [(s, i) for s, i in self.pot if s != seat]
            asking["at"] += 1
            if asking["at"] < len(seats):
                self.question = ("give", seats[asking["at"]])
            else:
                self._refused(None)

    def _paid(self, seat: int, cost) -> None:
        res = self.asking["res"]
        for giver, item in self.pot:
            if item == "rune":
                self.runes[giver] -= 1
            elif item in LIFE_TOKENS:
                self.life[giver][item] -= 1
            else:
                self.discard_card(giver, item)
        self.pot = []
        effects = [("effect", e, seat) for e in res.then]
        if "darkness" in cost:
            effects.insert(0, ("effect", ("darkness", cost["darkness"], "payer"), seat))
        if "roll" in cost:
            effects[:0] = [("roll", seat)] * cost["roll"]
        if "call-sauron" in cost:
            effects[:0] = [("call", seat, None)] * cost["call-sauron"]
        if res.ask == "each":
            self._next_of_each(seat, (), effects)
        else:
            self.asking = None
            self.push(*effects)

    def _next_of_each(self, seat: int, otherwise, effects=None) -> None:
        asking = self.asking
        steps = effects if effects is not None else [("effect", e, seat) for e in otherwise]
        asking["at"] += 1
        if asking["at"] < len(asking["seats"]):
            # The rest of "each" is carried in the step itself, so a clone shares nothing.
            self.push(*steps, ("ask-next", asking["res"], tuple(asking["cost"].items()),
                               tuple(asking["seats"]), asking["at"]))
            self.asking = None
        else:
            self.asking = None
            self.push(*steps)

    def _step_ask_next(self, res, cost, seats, at) -> None:
        asking = {"res": res, "cost": dict(cost), "seats": list(seats), "at": at}
        while asking["at"] < len(asking["seats"]) and self.eliminated[asking["seats"][asking["at"]]]:
            asking["at"] += 1
        if asking["at"] < len(asking["seats"]):
            self.asking = asking
            self.pot = []
            self.question = ("give", asking["seats"][asking["at"]])
        else:
            self.asking = None

    def _refused(self, payer) -> None:
        res = self.asking["res"]
        self.pot = []
        self.asking = None
        self.push(*[("effect", e, payer) for e in res.otherwise])

    # ----- what a seat may see --------------------------------------------------------

    def question_view(self, seat: int | None) -> dict | None:
        """The open question as everyone may see it (no hidden card is named)."""
        if self.question is None:
            return None
        kind, asked = self.question[0], self.question[1]
        out: dict[str, Any] = {"kind": kind, "seat": asked}
        if kind == "give" and self.asking:
            out["name"] = self.asking["res"].name
            out["cost"] = dict(self.asking["cost"])
            out["ask"] = self.asking["res"].ask
            out["pot"] = [[s, item] for s, item in self.pot]
        elif kind in ("discard", "life-token"):
            out["count"] = self.question[2]
        elif kind == "deal":
            out["shown"] = list(self.shown)
        elif kind == "decline":
            out["tile"] = self.question[2]
        elif kind == "window":
            out["window"] = self.question[2]
            out["context"] = list(self.question[5])
        return out

    def view(self, seat: int | None) -> dict:
        table_seat, seat = seat, self.rules_seat(seat)
        board = self.board
        out = {
            "game": self.game.id, "options": self.game.options_to_json(self.options),
            # Every seat number below is the rules' (hobbits clockwise, Sauron last);
            # `table_seats` gives each one's seat at the table.
            "seat": table_seat, "rules_seat": seat, "table_seats": list(self.table_seats),
            "characters": list(self.characters),
            "board": board.id, "board_index": self.board_index,
            "tracks": dict(self.tracks), "event": self.event, "ring_used": self.ring_used,
            "tiles_left": sum(self.tiles.values()), "revealed": list(self.revealed),
            "positions": list(self.positions), "sauron": self.sauron,
            "eliminated": list(self.eliminated), "ring_bearer": self.ring_bearer,
            "active": self.active, "runes": list(self.runes),
            "life": [dict(x) for x in self.life],
            "hand_sizes": [len(h) for h in self.hands],
            "hand": list(self.hands[seat]) if seat is not None and seat < self.n else None,
            "deck_size": sum(self.deck.values()), "discards": dict(sorted(self.discards.items())),
            "removed": sorted(self.removed),
            "board_cards": {b: list(c) for b, c in self.board_cards.items()},
            "special_runes_left": len(self.special_runes),
            "council_chosen": sorted(self.council),
            "question": self.question_view(seat),
            "turns": self.turns,
            "gandalf_left": list(self.gandalf_left), "foreseen": list(self.foreseen),
            "special_cards": list(self.specials), "declined": list(self.declined),
            "result": self.result,
            # The pending steps, the question and the tiles left: public, and what a
            # search needs to rebuild a state from this view (sampling.py).
            "procedure": procedure_view(self),
        }
        if self.expansion:
            out.update(sauron.sauron_view(self, seat))
            out.update(resources.cards_view(self))
        if seat is not None and seat in self.council:
            out["council_card"] = self.council[seat]
        if self._outcome is not None:
            out["score"] = self._outcome.details["score"]
        return out


# The questions of the game, kind -> (its legal answers, its answer carried out), each a
# function of the state and the rules' seat asked (and the answer's text).
QUESTIONS = {
    "act": (LotrState._legal_act, LotrState._answer_act),
    "track": (LotrState._legal_track, LotrState._answer_track),
    "discard": (LotrState._legal_discard, LotrState._answer_discard),
    "choose": (LotrState._legal_choose, LotrState._answer_choose),
    "council": (LotrState._legal_council, LotrState._answer_council),
    "deal": (LotrState._legal_deal, LotrState._answer_deal),
    "give": (LotrState._legal_give, LotrState._answer_give),
    "use-token": (LotrState._legal_use_token, LotrState._answer_use_token),
    "decline": (LotrState._legal_decline, LotrState._answer_decline),
    "window": (windows.legal_window, windows.answer_window),
    "foresight": (gandalf.legal_foresight, gandalf.answer_foresight),
    "sauron-call": (sauron.legal_sauron_call, sauron.answer_sauron_call),
    "sauron-refill": (sauron.legal_sauron_refill, sauron.answer_sauron_refill),
    "sauron-start": (sauron.legal_sauron_start, sauron.answer_sauron_start),
    "sauron-symbol": (sauron.legal_sauron_symbol, sauron.answer_sauron_symbol),
    "life-token": (sauron.legal_life_token, sauron.answer_life_token),
}

# The steps of the game, kind -> what is done (phases/steps.py holds their fields).
STEP_BODIES = {
    "board": LotrState._step_board, "next-board": LotrState._step_next_board,
    "turn": LotrState._step_turn, "end-turn": LotrState._step_end_turn,
    "reveal": LotrState._step_reveal, "activity": LotrState._step_activity,
    "act": LotrState._step_act, "event": LotrState._step_event,
    "advance": LotrState._step_advance, "reward": LotrState._step_reward,
    "resolve": LotrState._step_resolve, "roll": LotrState._step_roll,
    "roll-die": LotrState._step_roll_die, "suffer": LotrState._step_suffer,
    "discard": LotrState._step_discard, "council": LotrState._step_council,
    "council-done": LotrState._step_council_done, "ring": LotrState._step_ring,
    "scenario-end": LotrState._step_scenario_end, "life-tokens": LotrState._step_life_tokens,
    "mount-doom": LotrState._step_mount_doom, "doom-roll": LotrState._step_doom_roll,
    "doom-failed": LotrState._step_doom_failed, "ask-next": LotrState._step_ask_next,
    "window": windows.step_window,
    "call": sauron.step_call, "sauron-after": sauron.step_sauron_after,
    "sauron-start": sauron.step_sauron_start, "sauron-card": sauron.step_sauron_card,
    "lose-life": sauron.step_lose_life, "rider": sauron.step_rider,
}
