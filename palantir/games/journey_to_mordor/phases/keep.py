"""Dice Rolls, setting dice aside (and White Tree, Rohan): the decisions of a roll."""

from __future__ import annotations

from dataclasses import dataclass

from ....engine.procedure import Plan, Procedure, Question, Refusal
from ..notation import REROLL, Reroll
from . import ROHAN, ROLLING, SETTING_ASIDE, phase_hint
from .dice import Roll, keep_problem, legal_keeps, repeat_roll
from .ring import apply_results


@dataclass(frozen=True)
class SettingAside(Procedure):
    """Dice Rolls: after each roll the player sets dice aside (checked by `keep_problem`)
    or, starting the turn in Rohan, repeats the roll once."""

    name = "setting-aside"
    rule = SETTING_ASIDE

    def question(self, state) -> Question | None:
        return _asked(state.active)

    def answers(self, state) -> list:
        actions: list = legal_keeps(state)
        if state.feature == "reroll_each_roll" and not state.rerolled:
            actions.append(REROLL)
        return actions

    def check(self, state, action) -> Plan:
        if isinstance(action, Reroll):
            check_reroll(state)
            return Plan(reroll=True)
        if state.phase != ROLLING:
            raise Refusal(SETTING_ASIDE, phase_hint(state), action=str(action))
        problem = keep_problem(state, action.dice)
        if problem:
            raise Refusal(problem[1], problem[0], action=str(action))
        return Plan(reroll=False, dice=action.dice)

    def carry_out(self, state, stack, plan: Plan) -> None:
        if plan.reroll:
            repeat_roll(state, stack)
        else:
            set_aside(state, stack, plan.dice)


def check_reroll(state) -> None:
    """Location Features 4, Rohan: only there, and each roll only once."""
    if state.phase != ROLLING:
        raise Refusal(ROHAN, phase_hint(state), action="reroll")
    if state.feature != "reroll_each_roll":
        raise Refusal(ROHAN, "only a player who starts the turn in Rohan may reroll",
                      action="reroll")
    if state.rerolled:
        raise Refusal(ROHAN, "this roll has already been repeated once; set dice aside",
                      action="reroll")


def set_aside(state, stack, dice: tuple[tuple[int, str], ...]) -> None:
    """Set the chosen dice aside; the White Tree ends the turn, else roll the rest."""
    state.aside.extend(dice)
    state.roll = [d for d in state.roll if d not in dice]
    state.news.append(("keep", dice))
    if any(face == "T" for _, face in dice):
        # White Tree: the turn ends early; dice not set aside do not count.
        state.news.append(("white_tree", tuple(state.roll)))
        state.roll = []
        apply_results(state, stack)
    elif not state.roll:
        # All dice must eventually be set aside: then the results are applied.
        apply_results(state, stack)
    else:
        # Rerolling: the remaining dice are rolled again.
        stack.push(Roll(dice=tuple(d for d, _ in state.roll)))


SETTING_ASIDE_PHASE = SettingAside()

# The question is the same each roll but for the seat: made once per seat, as the kernel
# asks it twice a decision.
_QUESTIONS: dict[int, Question] = {}


def _asked(seat: int) -> Question:
    question = _QUESTIONS.get(seat)
    if question is None:
        question = _QUESTIONS[seat] = Question(seat, "set-aside")
    return question
