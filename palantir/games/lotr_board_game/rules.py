"""The Lord of the Rings board game: the state, and the dispatcher of its procedures.

The state is data (boards, tracks, the Temptation track, hands, piles) and the stack of
procedures under way (the engine's Stack, phases/steps.py): each step a procedure done when
it comes on top, a question an `Ask` on top that waits for its answer; `apply` is the
kernel's `decide`. The rules themselves are in phases/: the turn, costs, the threat die,
the Council and the journey, the windows and the Gandalf cards, the effects' table, and
the Sauron expansion's own. What is left here is what every phase asks of the position
(the seats, the piles, the Temptation track, the end), the refusals and the views.

Sections cited in comments are those of reference/lotr-board-game-base-game.md ("Play on
a scenario board" n is cited as "Play n") and of the expansion's rulebook. Piles (the
hobbit deck, the tiles, the legendary cards of a board, the special runes) are unordered:
every draw is one chance outcome, a uniform pick among the pile's remaining pieces, so no
record or view ever holds the order of a pile.
"""

from __future__ import annotations

from collections import Counter
from copy import copy
from typing import Any, Mapping

from ...engine.dice import Dice
from ...engine.game import Outcome, State
from ...engine.procedure import Refusal, Stack, decide
from .components import ACTIVITIES, LIFE_TOKENS, Components
from .notation import canonical
from .phases import resources, sauron
from .phases.turn import TURN_VERBS
from .phases.costs import Choice, Cost
from .phases.effects import Effect
from .phases.gandalf import TILE_PILE
from .phases.steps import Ask
from .phases.table import PROCEDURES, QUESTIONS, as_step, step_procedure
from .phases.threat import THREAT_DIE
from .plain import procedure_view

# The dice a script names (tests) are read here with the state: TILE_PILE, THREAT_DIE.
__all__ = ["LotrState", "HOBBIT_CARD", "REVEAL", "THREAT_DIE", "TILE_PILE", "CHARACTER_CARD"]

# Rules quoted by refusals (each question's own rule is its phase's: phases/table.py).
OVER = "the game is over"

REVEAL = "revealed card"


HOBBIT_CARD = "hobbit card"
CHARACTER_CARD = "character card"  # the card-dealt variant: a character card dealt
# Two Special Cards (expansion rulebook): The One Ring passes the Ring to another hobbit,
# The Watchful Peace moves Sauron back 3 steps or scores 10 if unused.
SPECIAL_CARDS = ("one-ring", "watchful-peace")


class LotrState(State):
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
        self.stack = Stack(registry=PROCEDURES)  # the game's codec reads a copy back
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
        # Expansion, Resources and Cards (phases/resources.py); empty without it.
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
        legal = QUESTIONS[kind].legal(self, seat)
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
        problem = self.problem(text)
        if problem is not None:
            raise Refusal(problem[1], problem[0], action=text)
        return text

    def apply(self, action) -> None:
        # The question on top checks the decision (parse_action: by its kind's rule)
        # before any change, so a refusal leaves the state as it was.
        if self.result is not None:
            raise Refusal(OVER, "the game is over", action=str(action))
        decide(self, self.stack, action)

    def answer(self, asked: tuple, text: str) -> None:
        """Carry out the checked answer `text` to the question `asked`."""
        self._legal = None
        self.news = []
        self.hidden_shown = False
        self.answered = asked
        QUESTIONS[asked[0]].answer(self, asked[1], text)

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
    def asking(self) -> dict | None:
        """The cost or the choice being asked now (phases/costs.py), or None."""
        for procedure in reversed(list(self.stack)):
            if isinstance(procedure, Cost):
                return procedure.about() if procedure.asking else None
            if isinstance(procedure, Choice):
                return procedure.about()
        return None

    @property
    def pot(self) -> list[tuple[int, str]]:
        """What has been offered to the cost being asked: (seat, item) pairs."""
        asked = self.stack.find(Cost)
        return list(asked.pot) if asked is not None and asked.asking else []

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
        """A waiting step is done as another, in its place."""
        depth = next(i for i, p in enumerate(reversed(list(self.stack))) if p is procedure)
        self.stack.finish(procedure)
        self.stack.insert(depth, step_procedure(step))

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
                            [isinstance(p, Ask) for p in self.stack], registry=PROCEDURES)
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

    # ----- running the stack ----------------------------------------------------------

    def run(self) -> None:
        """Carry out steps until a decision is needed or the game ends."""
        self.stack.run(self)

    def push(self, *steps: tuple) -> None:
        """These steps come next, in this order."""
        for step in reversed(steps):
            self.stack.push(step_procedure(step))

    # ----- refusals: the rule a decision breaks ---------------------------------------

    def problem(self, text: str) -> tuple[str, str] | None:
        """Why the decision `text` (canonical) breaks the rules of the question asked, and
        the rule or case it breaks; None if it is legal. Each kind of question judges its
        own decisions (its QuestionKind's `problem`, the rule its legal list is built by);
        a decision of another kind is refused under the question's own rule."""
        kind, seat = self.question[0], self.question[1]
        asked = QUESTIONS[kind]
        words = text.split()
        if words[0] in asked.verbs:
            return asked.problem(self, seat, words)
        if kind != "act" and words[0] in TURN_VERBS:
            return (f"{self.name(seat)} is asked for a {kind} decision, not a turn's "
                    "action"), asked.rule
        return self.not_open(seat), asked.rule

    def not_open(self, seat: int) -> str:
        """The refusal of a decision of no kind open now: only the kinds open are named,
        as the full list would show the hand of the seat asked to whoever sent it."""
        verbs = sorted({a.split()[0] for a in self.legal_actions()})
        return (f"not a decision open to {self.name(seat)} now; the kinds open are " +
                ", ".join(verbs))

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

    def takes_forced(self) -> bool:
        """A hobbit at a window with nothing to play is not asked to continue (issue 13,
        item 4): the others are not told whom a window asks (unseen_asker). Elsewhere the
        seat asked is public, and a `pass` taken at once would show what it does not hold."""
        return self.unseen_asker() is not None

    def unseen_asker(self) -> str | None:
        """A window is put to every hobbit holding a card in turn (phases/windows.py); at a
        table that takes forced decisions (engine/forced.py), the one it rests on has a
        real choice, so the others are told only that the hobbits are at the window."""
        if self.question is not None and self.question[0] == "window":
            return "the hobbits at the window"
        return None

    def view_unasked(self, seat: int | None) -> dict:
        """The view without the hobbit a window is asking now, nor how far round it is."""
        out = self.view(seat)
        if self.question is not None and self.question[0] == "window":
            out["question"] = {**out["question"], "seat": None}
            asked = list(out["procedure"]["question"])
            asked[1] = asked[4] = None  # the hobbit asked, and his place in the round
            out["procedure"] = {**out["procedure"], "question": asked}
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
