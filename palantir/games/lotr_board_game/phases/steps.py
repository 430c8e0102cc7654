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
    state and the rules' seat asked, and the answer's text), and the rule it asks under."""

    legal: Callable
    answer: Callable
    rule: str


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
        """The answer in canonical form, or a Refusal naming the rule."""
        return Plan(text=state.parse_action(action))

    def carry_out(self, state, stack: Stack, plan: Plan) -> None:
        """The question is answered: it leaves the stack, the answer is carried out."""
        stack.finish(self)
        state.answer(self.asked, plan.text)


def window_step(name: str, context: tuple) -> tuple:
    """The step that opens window `name` (context: the roller and face, the tile...)."""
    return ("window", name, None, 0, context)
