"""Costs and choices (reference, Play 2 and the events of each board; rule 7): a cost is
asked of the group, of each hobbit, of one or of a named hobbit, in turn order from the
active player; what is offered goes into a pot until the cost is paid (then its effects
follow) or everyone asked has passed (then its other effects); a payer may choose between
two benefits."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, ClassVar, Mapping

from ..components import ACTIVITIES, JOKER, LIFE_TOKENS, Resolution
from ....engine.procedure import Stack
from .steps import GameProcedure, QuestionKind, Step, arity

GROUP_COST = "Play 2 / events: a cost is paid with what it asks for; pass to stop giving"
CHOOSE = "events: the payer chooses one of the benefits"
# The costs a hobbit takes on (suffers) rather than pays with cards, runes or tokens.
SUFFERED = ("darkness", "roll", "call-sauron")


@dataclass
class Resolve(Step):
    """An event, a space or a tile resolved: its effects, or its cost asked for."""

    name: ClassVar[str] = "resolve"
    res: Resolution
    payer: int | None

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        res, payer = self.res, self.payer
        if res.if_complete:
            met = all(state.track_complete(t) for t in res.if_complete)
            state.push(*[("effect", e, payer) for e in (res.then if met else res.otherwise)])
            return
        if res.ask is None:
            state.push(*[("effect", e, payer) for e in res.then])
            return
        cost = dict(res.cost)
        if "match" in cost:
            # Stone in the Well etc.: reveal a card; its symbol is the one to match.
            card = state.reveal_card()
            n = cost.pop("match")
            symbol = state.parts.cards[card].symbols[0][0] if card else None
            if card:
                state.discards[card] += 1
                state.say(f"the card revealed is {card}")
            cost["symbols" if symbol in (None, JOKER) else symbol] = n
        seats = {"group": state.in_order(state.active), "each": state.in_order(state.active),
                 "one": state.in_order(state.active),
                 "active": state.targets("active", None),
                 "ring-bearer": state.targets("ring-bearer", None)}[res.ask]
        if not seats:
            state.push(*[("effect", e, None) for e in res.otherwise])
            return
        state.say(f"{res.name}: {res.ask} asked for {_cost_text(state, cost)}")
        state.push(("cost", res, tuple(cost.items()), tuple(seats)))


@dataclass
class Cost(GameProcedure):
    """A cost asked of hobbits in turn from the active player (reference, Play 2; rule 7):
    who is asked (`seats`, `at`) and what has been offered so far (`pot`). Paid, its
    effects follow; refused by everyone asked, its other effects. An 'each' cost stays
    while a hobbit's own effects come first (`asking` false), then asks the next."""

    name: ClassVar[str] = "cost"
    rule: ClassVar[str] = GROUP_COST
    res: Resolution
    cost: tuple                      # (kind, count) pairs, in the order asked
    seats: tuple
    at: int = 0
    pot: tuple = ()                  # (seat, item) pairs offered
    asking: bool = True

    def begin(self, state, stack: Stack) -> None:
        """The first hobbit is asked (or, read back from a view, as `step`)."""
        self.step(state, stack)

    def step(self, state, stack: Stack) -> None:
        """The hobbit at `at` is asked; 'each': the next still in the game, or done."""
        if self.asking:
            state.question = ("give", self.seats[self.at])
            return
        at = self.at
        while at < len(self.seats) and state.eliminated[self.seats[at]]:
            at += 1
        if at < len(self.seats):
            self.at, self.asking, self.pot = at, True, ()
            state.question = ("give", self.seats[at])
        else:
            stack.finish(self)

    def about(self) -> dict:
        """The cost being asked as the views show it (and the heuristics read it)."""
        return {"res": self.res, "cost": dict(self.cost), "seats": list(self.seats),
                "at": self.at}


@dataclass
class Choice(GameProcedure):
    """The payer chooses one of two lists of effects (events: one of the benefits)."""

    name: ClassVar[str] = "choice"
    rule: ClassVar[str] = CHOOSE
    seat: int
    first: tuple
    second: tuple
    payer: int | None

    def begin(self, state, stack: Stack) -> None:
        """The seat is asked which."""
        state.question = ("choose", self.seat)

    def about(self) -> dict:
        """The choice as the views show it."""
        return {"options": (self.first, self.second), "payer": self.payer}


def legal_choose(state, seat: int) -> list[str]:
    """The benefits the payer may choose between."""
    return [f"choose {benefit}" for benefit in _benefits(state)]


def _benefits(state) -> list[str]:
    choice = state.stack.find(Choice)
    return [option[0][0] for option in (choice.first, choice.second)]


def choose_problem(state, seat: int, words: list[str]) -> tuple[str, str] | None:
    """Events: one of the benefits offered, named by its first effect."""
    wrong = arity(words, 2, "choose BENEFIT", CHOOSE)
    if wrong:
        return wrong
    if words[1] not in _benefits(state):
        return (f"'{words[1]}' is not a benefit offered (choose "
                f"{' or '.join(_benefits(state))})"), CHOOSE
    return None


def answer_choose(state, seat: int, text: str) -> None:
    """The benefit chosen: its effects follow."""
    choice = state.stack.find(Choice)
    chosen = next(o for o in (choice.first, choice.second) if o[0][0] == text.split()[1])
    state.stack.finish(choice)
    state.push(*[("effect", e, choice.payer) for e in chosen])


def _cost_text(state, cost: Mapping[str, Any]) -> str:
    return ", ".join(f"{v} {k}" for k, v in cost.items())


def deficit(state, cost: Mapping[str, Any], pot) -> int:
    """How many units the pot still lacks to pay the cost (0: paid)."""
    tally = _tally()
    for seat, item in pot:
        _add(state, tally, seat, item)
    return _short(cost, tally)


def _tally() -> dict:
    """An empty count of what a pot holds (symbols, jokers, cards, runes, life, ids)."""
    return {"jokers": 0, "cards": 0, "runes": 0, "ids": set(),
            **{s: 0 for s in ACTIVITIES}, **{f"life-{k}": 0 for k in LIFE_TOKENS}}


def _add(state, tally: dict, seat: int, item: str) -> None:
    """Count one item given by `seat` into `tally`."""
    if item == "rune":
        tally["runes"] += 1
    elif item in LIFE_TOKENS:
        tally["life-" + item] += 1
    else:
        tally["cards"] += 1
        tally["ids"].add(item)
        card = state.parts.cards[item]
        # Frodo's ability: his white hobbit cards are jokers (reference, Hobbits).
        all_jokers = card.is_hobbit_card and card.colour == "white" and \
            state.ability(seat) == "white-cards-are-jokers"
        for symbol, n in card.symbols:
            tally["jokers" if all_jokers or symbol == JOKER else symbol] += n


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


def _offers(state, seat: int) -> list[str]:
    """What this seat still holds that is not in the pot."""
    held = Counter(state.hands[seat])
    runes = state.runes[seat]
    life = Counter(state.life[seat])
    for s, item in state.pot:
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


def legal_give(state, seat: int) -> list[str]:
    """What the seat asked may still give towards the cost (what lessens it), or pass;
    a suffered cost is taken on or passed."""
    if _suffered(state):
        return ["take", "pass"]
    cost, base, now = _owed(state)
    return [f"give {item}" for item in _offers(state, seat)
            if _lessens(state, seat, item, cost, base, now)] + ["pass"]


def _suffered(state) -> bool:
    """Whether the cost asked is suffered (darkness, a roll, Sauron called), not paid."""
    cost = state.asking["cost"]
    return any(k in cost for k in SUFFERED)


def _owed(state) -> tuple[dict, dict, int]:
    """The cost asked, what the pot holds, and how many units it still lacks."""
    cost = state.asking["cost"]
    base = _tally()
    for giver, item in state.pot:
        _add(state, base, giver, item)
    return cost, base, _short(cost, base)


def _lessens(state, seat: int, item: str, cost: dict, base: dict, now: int) -> bool:
    """Whether `item` given by `seat` makes the pot lack less of `cost`."""
    tally = dict(base, ids=set(base["ids"]))
    _add(state, tally, seat, item)
    return _short(cost, tally) < now


def give_problem(state, seat: int, words: list[str]) -> tuple[str, str] | None:
    """Play 2 / events: a gift is something the giver still holds that lessens what the
    cost still lacks; a suffered cost is taken on; anyone asked may pass."""
    verb = words[0]
    if verb == "pass":
        return arity(words, 1, "pass", GROUP_COST)
    if verb == "take":
        return arity(words, 1, "take", GROUP_COST) or (
            None if _suffered(state) else
            ("this cost is paid with what it asks for, not taken on: give or pass",
             GROUP_COST))
    wrong = arity(words, 2, "give CARD|rune|LIFE-TOKEN", GROUP_COST)
    if wrong:
        return wrong
    item = words[1]
    if _suffered(state):
        return "this cost is suffered, not paid: take it on or pass", GROUP_COST
    if item not in _offers(state, seat):
        if item in state.parts.cards:
            return f"you hold no {item}", GROUP_COST
        if item == "rune" or item in LIFE_TOKENS:
            return f"you have no {item} left to give", GROUP_COST
        return f"there is no card, rune or life token '{item}'", GROUP_COST
    cost, base, now = _owed(state)
    if not _lessens(state, seat, item, cost, base, now):
        return (f"{item} does not lessen what the cost still lacks: not a decision open "
                f"to {state.name(seat)} now"), GROUP_COST
    return None


def answer_give(state, seat: int, text: str) -> None:
    """A gift towards the cost (paid: its effects follow), taking it on, or a pass."""
    asked = state.stack.find(Cost)
    res, cost, seats = asked.res, dict(asked.cost), asked.seats
    words = text.split()
    if words[0] == "take":
        state.say(f"{state.name(seat)} takes it on")
        _paid(state, asked, seat, cost)
        return
    if words[0] == "give":
        if words[1] in state.parts.cards:
            state.hidden_shown = True  # a card offered from the hand is shown
        asked.pot += ((seat, words[1]),)
        state.say(f"{state.name(seat)} gives {words[1]}")
        if deficit(state, cost, asked.pot) == 0:
            _paid(state, asked, seat, cost)
        else:
            state.question = ("give", seat)
        return
    # pass: this seat gives no more.
    state.say(f"{state.name(seat)} passes")
    if res.ask == "group":
        asked.at += 1
        if asked.at < len(seats):
            state.question = ("give", seats[asked.at])
        else:
            _refused(state, asked, None)
    elif res.ask == "each":
        asked.pot = tuple((s, i) for s, i in asked.pot if s != seat)
        _next_of_each(state, asked, seat, res.otherwise)
    else:
        asked.pot = tuple((s, i) for s, i in asked.pot if s != seat)
        asked.at += 1
        if asked.at < len(seats):
            state.question = ("give", seats[asked.at])
        else:
            _refused(state, asked, None)


def _paid(state, asked: Cost, seat: int, cost) -> None:
    res = asked.res
    for giver, item in asked.pot:
        if item == "rune":
            state.runes[giver] -= 1
        elif item in LIFE_TOKENS:
            state.life[giver][item] -= 1
        else:
            state.discard_card(giver, item)
    asked.pot = ()
    effects = [("effect", e, seat) for e in res.then]
    if "darkness" in cost:
        effects.insert(0, ("effect", ("darkness", cost["darkness"], "payer"), seat))
    if "roll" in cost:
        effects[:0] = [("roll", seat)] * cost["roll"]
    if "call-sauron" in cost:
        effects[:0] = [("call", seat, None)] * cost["call-sauron"]
    if res.ask == "each":
        _next_of_each(state, asked, seat, (), effects)
    else:
        state.stack.finish(asked)
        state.push(*effects)


def _next_of_each(state, asked: Cost, seat: int, otherwise, effects=None) -> None:
    steps = effects if effects is not None else [("effect", e, seat) for e in otherwise]
    asked.at += 1
    if asked.at < len(asked.seats):
        # The cost stays under this hobbit's effects, and asks the next one after them.
        asked.asking = False
    else:
        state.stack.finish(asked)
    state.push(*steps)


def _refused(state, asked: Cost, payer) -> None:
    asked.pot = ()
    state.stack.finish(asked)
    state.push(*[("effect", e, payer) for e in asked.res.otherwise])


# The steps of this phase (table.py reads them).
STEPS = (Resolve, Cost, Choice)

# The questions of this phase (table.py reads them).
QUESTIONS = {
    "give": QuestionKind(legal_give, answer_give, GROUP_COST, ("give", "take", "pass"),
                         give_problem),
    "choose": QuestionKind(legal_choose, answer_choose, CHOOSE, ("choose",), choose_problem),
}
