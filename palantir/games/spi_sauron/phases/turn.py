"""The Game-Turn (3.0): the procedure at the bottom of the stack.

It asks what the current phase asks (a `PhaseProcedure` of this package, chosen by the
phase the Game-Record Track shows, so a position set to any phase plays on) and checks
every decision of a phase by its kind in one table: each check refuses, naming the case, a
decision made in the wrong phase (4.22, 4.23, 8.3, 8.54, ...), so the table is the same
whatever the phase. Retreats and advances asked mid-phase are `Pending` procedures above
it. When the game ends (12.0) it finishes, and the stack is empty.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....engine.procedure import Plan, Procedure, Question, Refusal
from ..beast import BEAST
from ..notation import END, Advance, Attack, Cast, Duel, End, Enter, Fire, Form, Give, Hold, \
    Move, Rally, Retreat, Split, Stand
from . import PhaseProcedure
from .beast import beast_combat_candidates, beast_in_play, carry_out_beast_combat, \
    carry_out_beast_move, check_beast_combat, check_beast_move
from .combat import carry_out_advance, carry_out_attack, carry_out_duel, carry_out_fire, \
    check_advance, check_attack, check_combat_end, check_duel, check_fire, check_retreat, \
    combat_candidates, obliged_to_attack, retreat_then_go_on
from .magic import MagicPhase, carry_out_cast, check_cast
from .movement import MovementPhase, carry_out_form, carry_out_give, carry_out_move, \
    carry_out_split, check_enter, check_form, check_give, check_move, check_split
from .rally import RallyPhase, carry_out_rally, check_rally


@dataclass(frozen=True)
class CombatPhase(PhaseProcedure):
    """3.0 D, G, 7.0: fire, leader combat and melee of the phasing player's units, leaders
    and (Sauron's) the Beast; it may not end while an attack is owed (6.3, 7.31). Here, not
    in combat.py, because it lists the Beast's combats, whose rules use those of combat."""

    name = "combat-phase"
    rule = "7.0"

    def answers(self, state) -> list:
        actions = combat_candidates(state) + beast_combat_candidates(state, state.combat_step)
        if not obliged_to_attack(state, state.phasing_side()):
            actions.append(END)     # 7.31: no `end` while an attack is owed
        return actions

    def end_refusal(self, state) -> Refusal | None:
        try:
            check_combat_end(state)
        except Refusal as refusal:
            return refusal
        return None


PHASE_PROCEDURES = {"magic": MagicPhase(), "movement": MovementPhase(),
                    "combat": CombatPhase(), "rally": RallyPhase()}


def phase_procedure(state) -> PhaseProcedure:
    """The procedure of the current phase."""
    return PHASE_PROCEDURES[state.phase.kind]


@dataclass(frozen=True)
class GameTurn(Procedure):
    """3.0: the phases in order, each asking the phasing player until he ends it."""

    name = "game-turn"
    rule = "3.0"

    def question(self, state) -> Question | None:
        return None if state.over else phase_procedure(state).question(state)

    def answers(self, state) -> list:
        return phase_procedure(state).answers(state)

    def check(self, state, action) -> Plan:
        if isinstance(action, End):
            return phase_procedure(state).check(state, action)
        decision = DECISIONS.get(type(action))
        if decision is None:
            raise Refusal("notation", f"not an SPI Sauron decision: {action!r}")
        return decision(state, action)

    def carry_out(self, state, stack, plan: Plan) -> None:
        state.news = []
        plan.do(state, *plan.args)

    def step(self, state, stack) -> None:
        stack.finish(self)          # 12.0: the game is over


# ----- the decisions of the phases, by kind: check -> Plan(do, args) -----------------------

def _fire(state, action: Fire) -> Plan:
    if beast_in_play(state, action):            # 17.3: at the Beast
        check_beast_combat(state, action)
        return Plan(do=carry_out_beast_combat, args=(action,))
    return Plan(do=carry_out_fire, args=check_fire(state, action))


def _attack(state, action: Attack) -> Plan:
    if beast_in_play(state, action):            # 17.3: the Beast attacks or is attacked
        check_beast_combat(state, action)
        return Plan(do=carry_out_beast_combat, args=(action,))
    return Plan(do=carry_out_attack, args=check_attack(state, action))


def _duel(state, action: Duel) -> Plan:
    return Plan(do=carry_out_duel, args=check_duel(state, action))


def _move(state, action: Move) -> Plan:
    if action.leader == BEAST:                  # 17.1
        check_beast_move(state, action)
        return Plan(do=carry_out_beast_move, args=(action,))
    piece, _, path, spent = check_move(state, action)
    return Plan(do=carry_out_move, args=(piece, path, spent, action))


def _enter(state, action: Enter) -> Plan:
    piece, _, path, spent = check_enter(state, action)
    return Plan(do=_carry_out_entry, args=(piece, path, spent, action))


def _carry_out_entry(state, piece, path, spent, action) -> None:
    carry_out_move(state, piece, path, spent, action, entering=True)


def _retreat(state, action: Retreat) -> Plan:
    pending, piece = check_retreat(state, action)      # 7.54: refused, none is asked
    return Plan(do=retreat_then_go_on, args=(pending, piece, action.path))


def _stand(state, action: Stand) -> Plan:
    raise Refusal("7.7", "no retreat before combat is offered now")


def _advance(state, action: Advance) -> Plan:
    return Plan(do=carry_out_advance, args=(check_advance(state, action),))


def _hold(state, action: Hold) -> Plan:
    raise Refusal("7.51", "no advance after combat is offered now")


def _rally(state, action: Rally) -> Plan:
    return Plan(do=carry_out_rally, args=check_rally(state, action))


def _cast(state, action: Cast) -> Plan:
    check_cast(state, action)
    return Plan(do=carry_out_cast, args=(action,))


def _form(state, action: Form) -> Plan:
    return Plan(do=carry_out_form, args=check_form(state, action))


def _split(state, action: Split) -> Plan:
    return Plan(do=carry_out_split, args=check_split(state, action))


def _give(state, action: Give) -> Plan:
    return Plan(do=carry_out_give, args=check_give(state, action))


DECISIONS = {Fire: _fire, Attack: _attack, Duel: _duel, Move: _move, Enter: _enter,
             Retreat: _retreat, Stand: _stand, Advance: _advance, Hold: _hold,
             Rally: _rally, Cast: _cast, Form: _form, Split: _split, Give: _give}
