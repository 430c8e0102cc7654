"""Sequence of Play: the procedure at the bottom of the stack.

It asks what the current phase asks (the procedure of the phase the state shows, so a
position read back at any phase plays on) and hands each decision to the procedure of its
kind, whose check refuses, naming the rule, a decision of another phase. What a decision
brings about runs above it as procedures that ask nothing — a Roll (dice.py), the
NazgulStep (nazgul.py), the EndOfGame (end.py) — so at every question the stack is this
procedure alone. When the game has ended it finishes, and the stack is empty.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....engine.procedure import Plan, Procedure, Procedures, Question, Refusal
from ..notation import Advance, Keep, Reroll
from . import OVER, ROLLING
from .dice import Roll
from .end import EndOfGame
from .keep import SETTING_ASIDE_PHASE, SettingAside
from .nazgul import NazgulStep
from .ring import RING_PHASE, RingPhase, count_rings

# Whose check judges a decision, by its kind.
CHECKED_BY = {Keep: SETTING_ASIDE_PHASE, Reroll: SETTING_ASIDE_PHASE, Advance: RING_PHASE}

# What follows a procedure above this one when it has finished, by its kind: after the
# Gandalf and Nazgûl step the rings are counted (the end of a turn: Gandalf, Nazgûl, Ring).
AFTER = {NazgulStep: count_rings}


@dataclass(frozen=True)
class JourneyTurn(Procedure):
    """Sequence of Play: each player in turn rolls, sets dice aside and applies them."""

    name = "journey-turn"
    rule = "Sequence of Play"

    def phase_procedure(self, state) -> Procedure:
        """The procedure of the current phase."""
        return SETTING_ASIDE_PHASE if state.phase == ROLLING else RING_PHASE

    def question(self, state) -> Question | None:
        return None if state.phase == OVER else self.phase_procedure(state).question(state)

    def answers(self, state) -> list:
        if state.phase == OVER:
            return []
        return self.phase_procedure(state).answers(state)

    def check(self, state, action) -> Plan:
        procedure = CHECKED_BY.get(type(action))
        if procedure is None:
            procedure = next((p for kind, p in CHECKED_BY.items() if isinstance(action, kind)),
                             None)
        if procedure is None:
            raise Refusal("notation", f"not a Journey to Mordor decision: {action!r}",
                          action=str(action))
        plan = procedure.check(state, action)
        plan.procedure = procedure
        return plan

    def carry_out(self, state, stack, plan: Plan) -> None:
        state.news = []
        plan.procedure.carry_out(state, stack, plan)

    def resume(self, state, stack, child: Procedure) -> None:
        after = AFTER.get(type(child))
        if after is not None:
            after(state, stack)

    def step(self, state, stack) -> None:
        stack.finish(self)  # End of the Game: nothing more is asked


# What a stack of Journey to Mordor is made of, by name: how it reads back from JSON.
PROCEDURES = Procedures(JourneyTurn, SettingAside, RingPhase, Roll, NazgulStep, EndOfGame)
