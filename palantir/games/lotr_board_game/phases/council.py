"""Cards passed and dealt (reference, the scenario boards): Rivendell's Council (each
hobbit passes a card face down to the left, all at once), Bag End's Preparations (the
Ring-bearer distributes the revealed cards) and the legendary cards dealt by Elrond and
Galadriel."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .steps import QuestionKind, Step, arity, held_card_problem

COUNCIL = "Rivendell, Council: each player passes 1 card face down to the left"
PREPARATIONS = "Bag End, Preparations: the Ring-bearer distributes the revealed cards"


def legendary_pile(board: str) -> str:
    """The name of the draw from a board's pile of legendary cards."""
    return f"{board} card"


def deal_legendary(state, board: str) -> None:
    """Rivendell, Elrond / Lothlórien, Galadriel: a board's legendary cards shuffled
    and dealt one at a time, starting with the Ring-bearer."""
    order = state.in_order(state.ring_bearer)
    pile = state.board_cards[board]
    k = 0
    while pile and order:
        seat = order[k % len(order)]
        card = state.dice.roll(legendary_pile(board), sorted(pile), seen_by=state.seen(seat))
        pile.remove(card)
        state.hands[seat].append(card)
        state.say(f"you are dealt {card}", seat)
        k += 1
    for seat in order:
        state.hands[seat].sort()
    state.say(f"the {state.parts.boards[board].name} cards are dealt")


@dataclass
class Council(Step):
    """Rivendell, Council: a hobbit with cards chooses the one he passes."""

    name: ClassVar[str] = "council"
    seat: int

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        seat = self.seat
        if not state.eliminated[seat] and state.hands[seat]:
            state.question = ("council", seat)


@dataclass
class CouncilDone(Step):
    """Every hobbit has chosen: the cards reach their receivers at once."""

    name: ClassVar[str] = "council-done"

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        # Council: everyone chooses before anyone receives, so a card received is never
        # passed on in the same step.
        order = state.in_order(0)
        if state.council:
            state.hidden_shown = True  # the face-down choice completes: cards reach receivers
        for seat, card in state.council.items():
            left = order[(order.index(seat) + 1) % len(order)]
            state.hands[seat].remove(card)
            state.hands[left].append(card)
            state.hands[left].sort()
            state.say(f"{state.name(seat)} passes you {card}", left)
        state.say("each hobbit passes a card to the left")
        state.council = {}


def legal_council(state, seat: int) -> list[str]:
    """The cards the hobbit may pass."""
    return [f"pass {c}" for c in sorted(set(state.hands[seat]))]


def council_problem(state, seat: int, words: list[str]) -> tuple[str, str] | None:
    """Council: the card passed is one the hobbit holds."""
    return held_card_problem(state, seat, words, "pass CARD", COUNCIL)


def answer_council(state, seat: int, text: str) -> None:
    """The card chosen to pass, known to its passer only until all have chosen."""
    state.council[seat] = text.split()[1]
    state.say(f"{state.name(seat)} chooses a card to pass")
    state.say(f"you will pass {text.split()[1]}", seat)


def legal_deal(state, seat: int) -> list[str]:
    """Bag End, Preparations: the hobbits the next revealed card may go to."""
    return [f"deal {state.characters[s]}" for s in state.in_order(state.ring_bearer)]


def deal_problem(state, seat: int, words: list[str]) -> tuple[str, str] | None:
    """Preparations: the card goes to a hobbit still in the game, named."""
    wrong = arity(words, 2, "deal HOBBIT", PREPARATIONS)
    if wrong:
        return wrong
    hobbits = [state.characters[s] for s in state.in_order(state.ring_bearer)]
    if words[1] not in hobbits:
        return f"'{words[1]}' is not a hobbit in the game ({', '.join(hobbits)})", \
            PREPARATIONS
    return None


def answer_deal(state, seat: int, text: str) -> None:
    """The next revealed card goes to the hobbit chosen."""
    to = state.characters.index(text.split()[1])
    card = state.shown.pop(0)
    state.hands[to].append(card)
    state.hands[to].sort()
    state.say(f"{state.name(to)} receives the revealed {card}")
    if state.shown:
        state.question = ("deal", seat)


# The steps of this phase (table.py reads them).
STEPS = (Council, CouncilDone,)

# The questions of this phase (table.py reads them).
QUESTIONS = {
    "council": QuestionKind(legal_council, answer_council, COUNCIL, ("pass",), council_problem),
    "deal": QuestionKind(legal_deal, answer_deal, PREPARATIONS, ("deal",), deal_problem),
}
