"""The procedure of the game as the kernel's Stack: each step is a procedure, and a
question is an `Ask` on top.

A step (the board laid out, a turn, a tile revealed, a roll, a reward...) is a `Step`
defined in its phase's module (table.py gathers them); it is done the moment it comes on
top: it leaves the stack and what it asks for comes next, above the steps that were
already waiting. So the stack read from the top down is the order in which the steps will
be done, and each step written as a tuple `(kind, fields...)` — the form the views carry
(plain.py, sampling.py) — reads back as the same procedure.

An `Ask` is a question to one seat (`asked`: the kind, the rules' seat, what it is
about); the answer is checked first (a Refusal naming the rule changes nothing) and only
then carried out (LotrState.answer).

Every procedure of the game is a `GameProcedure`: its fields are written in plain JSON by
the views' codec (plain.py: a Resolution tagged, tuples as lists), and `GameProcedures`,
the game's registry, reads them back, so a stack's JSON survives json.dumps and loads.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Callable, ClassVar, NamedTuple

from ....engine.procedure import Plan, Procedure, Procedures, Question, Stack
from ..plain import decode, encode


class GameProcedure(Procedure):
    """A procedure of the game, whose fields are written in the views' plain JSON."""

    def to_json(self) -> dict[str, Any]:
        """The procedure as plain JSON: its name and its fields, encoded (plain.py)."""
        return {"proc": self.name, **{f.name: encode(getattr(self, f.name))
                                      for f in fields(self)}}


class GameProcedures(Procedures):
    """The game's registry: reads back the procedures `GameProcedure.to_json` wrote.

    The effects are a table of their own (an effect's verb may be a step's kind too, as
    'roll'): one is written as the procedure "effect" with its verb (effects.py)."""

    def __init__(self, *classes: type[Procedure], effects: tuple = ()):
        super().__init__(*classes)
        self._effects = Procedures(*effects)

    def read(self, data: dict[str, Any]) -> Procedure:
        """The procedure of this plain JSON, its fields decoded."""
        values = {k: v if k in ("proc", "verb") else decode(v) for k, v in data.items()}
        if values.get("proc") == "effect":
            values["proc"] = values.pop("verb")
            return self._effects.read(values)
        return super().read(values)


@dataclass
class Step(GameProcedure):
    """A step of the game's procedure, done when it comes on top."""

    def begin(self, state, stack: Stack) -> None:
        """Leave the stack, then do the step: what it pushes comes next."""
        stack.finish(self)
        self.carry(state)

    def carry(self, state) -> None:
        """The step's work on the state."""
        raise NotImplementedError(f"step '{self.name}'")


class QuestionKind(NamedTuple):
    """A kind of question: its legal answers, its answer carried out (functions of the
    state and the rules' seat asked, and the answer's text), the rule it asks under, the
    verbs its answers start with, and its check.

    `problem(state, seat, words)` judges a decision (its canonical words, the verb one of
    `verbs`) by the rule: None if legal, else (why, the rule or case it breaks). `legal`
    lists the decisions `problem` accepts, built from the same rule's parts."""

    legal: Callable
    answer: Callable
    rule: str
    verbs: tuple
    problem: Callable


def arity(words: list[str], count: int, form: str, rule: str) -> tuple[str, str] | None:
    """A decision of `count` words, or why not (`form`: how it is written)."""
    if len(words) != count:
        return f"'{words[0]}' is written '{form}'", rule
    return None


def held_card_problem(state, seat: int, words: list[str], form: str,
                      rule: str) -> tuple[str, str] | None:
    """A decision naming one card of the hobbit's hand (`form`: how it is written)."""
    wrong = arity(words, 2, form, rule)
    if wrong:
        return wrong
    if words[1] not in state.hands[seat]:
        if words[1] in state.parts.cards:
            return f"you hold no {words[1]}", rule
        return f"there is no card '{words[1]}'", rule
    return None


@dataclass
class Ask(GameProcedure):
    """A question to one seat: `asked` is (kind, the rules' seat, what it is about...)."""

    name: ClassVar[str] = "ask"
    asked: tuple

    def question(self, state) -> Question:
        """Who must decide (a table seat) and what kind of decision."""
        return Question(state.table_seats[self.asked[1]], self.asked[0])

    def answers(self, state) -> list[str]:
        """The legal answers, as listed for the seat."""
        return state.legal_actions()

    def check(self, state, action) -> Plan:
        """The answer in canonical form, judged by its question's rule (a Refusal naming
        the rule or case it breaks)."""
        return Plan(text=state.parse_action(action))

    def carry_out(self, state, stack: Stack, plan: Plan) -> None:
        """The question is answered: it leaves the stack, the answer is carried out."""
        stack.finish(self)
        state.answer(self.asked, plan.text)


def window_step(name: str, context: tuple) -> tuple:
    """The step that opens window `name` (context: the roller and face, the tile...)."""
    return ("window", name, None, 0, context)
