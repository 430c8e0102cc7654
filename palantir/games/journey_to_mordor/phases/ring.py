"""Ring, Orcs and Fellowship Member: the ring phase at the end of a turn."""

from __future__ import annotations

from dataclasses import dataclass

from ....engine.procedure import Plan, Procedure, Question, Refusal
from ..notation import Advance
from . import ADVANCING, ADVANCING_PHASE
from .end import end_turn
from .nazgul import NazgulStep


def effective_rings(faces, feature: str | None) -> int:
    """Orcs: rings count only if Fellowship members counter every orc; Shelob takes one."""
    rings, orcs, fellows = faces.count("R"), faces.count("O"), faces.count("F")
    if feature == "double_fellowship":  # Lothlórien
        fellows *= 2
    if feature == "double_orcs":  # Helm's Deep
        orcs *= 2
    if orcs > fellows:
        return 0
    if feature == "one_ring_fewer":  # Shelob's Lair
        rings = max(0, rings - 1)
    return rings


def apply_results(state, stack) -> None:
    """End of the turn: Gandalf splits first, then Nazgûl are marked (the NazgulStep), then
    rings advance (`count_rings`, when the step has finished)."""
    stack.push(NazgulStep())


def count_rings(state, stack) -> None:
    """Ring, Orcs, Fellowship Member: the rings that count advance the Ring-bearer (or, in
    the version with Location Features, the player is asked how far); the turn ends."""
    active = state.active
    faces = [f for _, f in state.aside]
    rings = effective_rings(faces, state.feature)
    state.news.append(("rings", faces.count("R"), rings))
    if state.eliminated[active] or rings == 0:
        end_turn(state, stack)
        return
    room = len(state.parts.ring_spaces) - state.ring[active]  # leftover rings are ignored
    best = min(rings, room)
    if state.options["locations"]:
        # Version with Location Features: the player chooses how far to go (RingPhase).
        state.phase = ADVANCING_PHASE
        state.advance_max = best
        state.roll = []
    else:
        advance(state, active, best)
        end_turn(state, stack)


def advance(state, seat: int, spaces: int) -> None:
    """Ring: mark `spaces` round spaces of the Ring-bearer's route."""
    if spaces <= 0:
        if state.phase == ADVANCING_PHASE:
            state.news.append(("advance", seat, 0, state.ring[seat]))
        return
    state.ring[seat] += spaces
    state.news.append(("advance", seat, spaces, state.ring[seat]))
    if state.ring[seat] == len(state.parts.ring_spaces):
        # Objective of the Game: marking the Mordor space reaches Mount Doom.
        state.arrived[seat] = True
        state.final_round = True
        state.news.append(("mount_doom", seat))


@dataclass(frozen=True)
class RingPhase(Procedure):
    """Ring ("you may mark 1 space" for each ring): how many spaces the player marks."""

    name = "ring-phase"
    rule = ADVANCING

    def question(self, state) -> Question | None:
        return Question(state.active, "advance", {"max": state.advance_max})

    def answers(self, state) -> list:
        return [Advance(k) for k in range(state.advance_max, -1, -1)]

    def check(self, state, action) -> Plan:
        if state.phase != ADVANCING_PHASE:
            raise Refusal(ADVANCING, "there is no ring to apply now; set dice aside",
                          action=str(action))
        if not 0 <= action.spaces <= state.advance_max:
            raise Refusal(ADVANCING, f"you may mark 0 to {state.advance_max} spaces this turn",
                          action=str(action))
        return Plan(spaces=action.spaces)

    def carry_out(self, state, stack, plan: Plan) -> None:
        advance(state, state.active, plan.spaces)
        end_turn(state, stack)


RING_PHASE = RingPhase()
