"""The procedure kernel on a toy game: take 1-3 counters from a pile; taking the last
counter of a heap of four or more rolls a die for a bonus (a sub-procedure); who takes the
last counter wins."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from palantir.engine.dice import ScriptedDice
from palantir.engine.procedure import (Plan, Procedure, Procedures, Question, Refusal,
                                       Stack, decide)


class Pile:
    """The toy state: the pile, the scores, the dice."""

    def __init__(self, counters: int, dice):
        self.counters = counters
        self.bonus = [0, 0]
        self.dice = dice
        self.winner = None


TOY = Procedures()


@TOY.add
@dataclass
class Game(Procedure):
    name = "game"
    rule = "the game"
    seat: int = 0
    started: bool = False

    def begin(self, state, stack):
        self.started = True

    def step(self, state, stack):
        if state.counters == 0:
            state.winner = 1 - self.seat
            stack.finish(self)
            return
        stack.push(Take(seat=self.seat))

    def resume(self, state, stack, child):
        self.seat = 1 - self.seat


@TOY.add
@dataclass
class Take(Procedure):
    name = "take"
    rule = "rule 1: take one to three"
    seat: int = 0
    taken: int = 0

    def question(self, state):
        return None if self.taken else Question(self.seat, "take", {"pile": state.counters})

    def answers(self, state):
        return [n for n in (1, 2, 3) if n <= state.counters]

    def check(self, state, action):
        if action not in (1, 2, 3):
            raise Refusal(self.rule, "take one, two or three", action=str(action))
        if action > state.counters:
            raise Refusal("rule 2: no more than the pile", f"only {state.counters} left",
                          action=str(action))
        return Plan(count=action, bonus=state.counters >= 4 and action == 3)

    def carry_out(self, state, stack, plan):
        state.counters -= plan.count
        self.taken = plan.count
        if plan.bonus:
            stack.push(Bonus(seat=self.seat))
        else:
            stack.finish(self)

    def step(self, state, stack):
        stack.finish(self)

    def resume(self, state, stack, child):
        state.bonus[self.seat] += child.rolled
        stack.finish(self)


@TOY.add
@dataclass
class Bonus(Procedure):
    name = "bonus"
    rule = "rule 3: a bonus die"
    seat: int = 0
    rolled: int = 0

    def begin(self, state, stack):
        self.rolled = int(state.dice.roll("bonus", ("1", "2", "3", "4", "5", "6")))
        stack.finish(self)


def new_game(counters=7, faces=("4",)):
    state = Pile(counters, ScriptedDice(list(faces)))
    stack = Stack()
    stack.push(Game())
    stack.run(state)
    return state, stack


def test_the_stack_runs_until_a_question_is_asked():
    state, stack = new_game()
    assert [p.name for p in stack] == ["game", "take"]
    assert stack.question(state) == Question(0, "take", {"pile": 7})
    assert stack.top().answers(state) == [1, 2, 3]


def test_a_refused_answer_names_the_rule_and_changes_nothing():
    state, stack = new_game(counters=2)
    before = (state.counters, stack.to_json())
    with pytest.raises(Refusal) as refused:
        decide(state, stack, 3)
    assert refused.value.rule == "rule 2: no more than the pile"
    assert (state.counters, stack.to_json()) == before


def test_a_sub_procedure_hands_its_result_to_the_one_under_it():
    state, stack = new_game(counters=7, faces=("4",))
    decide(state, stack, 3)          # seven: a heap of four or more, three taken: a bonus
    assert state.bonus == [4, 0] and state.counters == 4
    assert stack.question(state).seat == 1
    decide(state, stack, 1)          # three left: no bonus for seat 1
    assert state.bonus == [4, 0] and stack.question(state).seat == 0


def test_the_game_ends_when_its_outermost_procedure_finishes():
    state, stack = new_game(counters=3)
    decide(state, stack, 3)
    assert len(stack) == 0 and state.winner == 0 and stack.question(state) is None
    with pytest.raises(Refusal) as refused:
        decide(state, stack, 1)
    assert refused.value.rule == "turn order"


def test_a_stack_reads_back_from_its_json_at_any_question():
    state, stack = new_game(counters=9)
    decide(state, stack, 2)
    data = stack.to_json()
    again = Stack.from_json(data, TOY)
    assert again.to_json() == data
    copy = stack.copy()
    decide(state, copy, 1)
    assert stack.to_json() == data, "a copy is independent"


def test_a_registry_refuses_two_procedures_of_one_name_and_unknown_names():
    @dataclass
    class Other(Procedure):
        name = "take"

    with pytest.raises(ValueError):
        TOY.add(Other)
    with pytest.raises(ValueError):
        TOY.read({"proc": "nothing"})


def test_insert_puts_a_procedure_under_those_already_under_way():
    # A game that queues questions (SPI Sauron's retreats, 7.54) asks the queued one after
    # those already on the stack: insert(depth) places it `depth` below the top.
    first, second, queued = Bonus(seat=0), Bonus(seat=1), Bonus(seat=0)
    stack = Stack([first, second])
    stack.insert(2, queued)
    assert [id(p) for p in stack] == [id(queued), id(first), id(second)]
    assert stack.top() is second
    stack.insert(0, Bonus(seat=1))
    assert len(stack) == 4 and stack.top().seat == 1
    with pytest.raises(ValueError):
        stack.insert(5, Bonus(seat=0))


# A game whose procedures write their fields in a codec of their own (the board game's
# plain JSON: phases/steps.py), read back only by its own registry.
class Encoded(Procedure):
    def to_json(self):
        return {"proc": self.name, "pairs": [list(p) + ["pair"] for p in self.pairs]}


class EncodedRegistry(Procedures):
    def read(self, data):
        return super().read({"proc": data["proc"],
                             "pairs": tuple(tuple(p[:-1]) for p in data["pairs"])})


@dataclass
class Pairs(Encoded):
    name = "pairs"
    pairs: tuple = ()


def test_a_copy_reads_the_stack_back_through_the_game_s_own_registry():
    # Issue 11: copy() read the JSON with a bare registry of the procedures' classes, so
    # a procedure whose JSON only its game's registry decodes came back wrong.
    registry = EncodedRegistry(Pairs)
    stack = Stack.from_json(Stack([Pairs(pairs=((1, 2), (3, 4)))]).to_json(), registry)
    assert stack.top().pairs == ((1, 2), (3, 4))
    copied = stack.copy()            # the registry it was read with
    assert copied.top().pairs == ((1, 2), (3, 4)) and copied.top() is not stack.top()
    given = Stack([Pairs(pairs=((5, 6),))], registry=registry).copy()
    assert given.top().pairs == ((5, 6),)
    assert Stack([Pairs(pairs=((7, 8),))]).copy(registry).top().pairs == ((7, 8),)
    assert Stack([Take(seat=1, taken=2)]).copy().to_json() == \
        [{"proc": "take", "seat": 1, "taken": 2, "begun": True}], "no registry: as before"
