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
from typing import Mapping

from ....engine.game import Outcome
from ....engine.procedure import Plan, Procedure, Procedures, Question, Refusal
from ..beast import BEAST
from ..notation import END, Advance, Attack, Cast, Duel, End, Enter, Fire, Form, Give, Hold, \
    Move, Rally, Retreat, Split, Stand
from ..units import MORDOR, WAITING
from . import PHASES, SAURON, WESTERNESSE, PhaseProcedure, is_night, spell_active
from .beast import beast_combat_candidates, beast_in_play, carry_out_beast_combat, \
    carry_out_beast_move, check_beast_combat, check_beast_move
from .combat import Melee, carry_out_attack, carry_out_duel, carry_out_fire, check_attack, \
    check_combat_end, check_duel, check_fire, combat_candidates, obliged_to_attack
from .losses import pedestal_hex
from .magic import MagicPhase, carry_out_cast, check_cast, spell_candidates
from .movement import MovementPhase, carry_out_form, carry_out_give, carry_out_move, \
    carry_out_split, check_enter, check_form, check_give, check_move, check_split, \
    magic_leader_candidates
from .rally import RallyPhase, carry_out_rally, check_rally, rally_opens
from .retreat import AdvanceAfterCombat, Displacement, RetreatAfterCombat, \
    RetreatBeforeCombat, carry_out_advance, carry_out_retreat, check_advance, check_retreat


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
            phase_procedure(state).check(state, action)
            return Plan(do=end_phase, args=())
        decision = DECISIONS.get(type(action))
        if decision is None:
            raise Refusal("notation", f"not an SPI Sauron decision: {action!r}")
        return decision(state, action)

    def carry_out(self, state, stack, plan: Plan) -> None:
        state.news = []
        plan.do(state, *plan.args)

    def step(self, state, stack) -> None:
        stack.finish(self)          # 12.0: the game is over



# What a stack of SPI Sauron is made of, by name: how it reads back from JSON.
PROCEDURES = Procedures(GameTurn, Melee, RetreatAfterCombat, Displacement,
                        RetreatBeforeCombat, AdvanceAfterCombat)

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
    return Plan(do=carry_out_retreat, args=(pending, piece, action.path))


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


def start_game(state) -> None:
    """Set up (13.0) and open the first phase that needs a decision."""
    state.news = ["Turn 1"]
    if not begin_phase(state):
        next_phase(state)


def end_phase(state) -> None:
    """Close the current phase as its procedure does, opening the next one that needs a
    decision (3.0)."""
    if phase_procedure(state).close(state):
        next_phase(state)


def next_phase(state) -> None:
    """Open the next phase (3.0) that holds a decision, or end the game (12.0 A)."""
    while True:
        if state.phase_index + 1 < len(PHASES):
            state.phase_index += 1
        else:
            if state.turn >= state.parts.last_turn:   # 12.0 A: 18 Game-Turns
                end_game(state)
                return
            state.turn += 1
            state.phase_index = 0
            state.rally_tries, state.rallied = {}, set()     # 8.32, 8.36: per Game-Turn
            if not spell_active(state, "sinister_visions"):
                state.visions.clear()
            state.news.append(f"Turn {state.turn}" + (" (night)" if is_night(state) else ""))
        if begin_phase(state):
            return


def begin_phase(state) -> bool:
    """Prepare the phase; False when it holds no decision and passes at once."""
    phase = state.phase
    state.rally_seat = SAURON
    state.entered = {}
    for piece in list(state.units.values()) + list(state.leaders.values()):
        piece.moved = False
    state.beast.moved = False
    state.combat_step = 0
    state.fired, state.attacked, state.dueled, state.advanced = set(), set(), set(), set()
    if phase.key == "sauron-movement":
        state.pedestal_moved = False
    # 14.1: Sauron's Magic Leader arrives inside Mordor, off the map beyond 1331.
    for piece in state.leaders.values():
        if piece.hex == WAITING and piece.magic_leader and piece.arrival <= state.turn:
            piece.hex = MORDOR
            state.news.append(f"{piece.leader.name} arrives inside Mordor (14.1)")
    state._zoc.clear()
    if phase.kind == "magic":
        sauron = state.leaders.get("sauron")
        where = pedestal_hex(state)
        state.on_pedestal_at_start = bool(sauron and sauron.on_map and where == sauron.hex)
        if not magic_leader_candidates(state) and not spell_candidates(state):
            return False
    elif phase.kind == "combat":
        if not combat_candidates(state) and \
                not beast_combat_candidates(state, state.combat_step):
            return False
    elif phase.kind == "rally":
        if not rally_opens(state):
            return False
    state.news.append(f"Turn {state.turn}: {phase.title}")
    return True


def victory_level(demoralized: Mapping[str, bool], points: Mapping[str, int]) -> str:
    """21.2: the victory level from both armies' demoralization and Victory Points."""
    sauron_down, west_down = demoralized["sauron"], demoralized["westernesse"]
    if sauron_down and not west_down:
        if points["westernesse"] > points["sauron"]:
            return "Westernesse Decisive"
        return "Westernesse Tactical"
    if not sauron_down:
        if points["sauron"] > points["westernesse"]:
            return "Sauron Decisive"
        return "Sauron Tactical"
    return "Draw"


def end_game(state) -> None:
    """The game ends after Game-Turn 18 (12.0 A); 21.2 names the victory level."""
    state.over = True
    level = victory_level(state.demoralized, state.victory_points)
    winners = (WESTERNESSE,) if level.startswith("Westernesse") else \
        (SAURON,) if level.startswith("Sauron") else ()
    state._outcome = Outcome(
        winners=winners, summary=level, rounds=state.turn,
        details={"victory_level": level,
                 "victory_points": dict(state.victory_points),
                 "demoralization_points": dict(state.demoralization_points),
                 "demoralized": dict(state.demoralized)})
    state.news.append(f"The game ends: {level}")
