"""The Joint Rally Phase (8.3): leaders try to rally disrupted units, Sauron's side first.

A procedure of the kernel (engine/procedure.py): the seat to rally is asked, a `rally`
is checked (8.31-8.36, 9.31, 16.1) and carried out on the Rally Table; `end` passes the
phase to Westernesse (8.3: Sauron's side rallies first), then closes it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....engine.procedure import Refusal
from ..combat import rally_attempt
from ..hexmap import distance
from ..notation import END, Rally
from ..units import LeaderPiece, Unit
from . import SAURON, SIDE_NAMES, WESTERNESSE, PhaseProcedure, is_night


def rally_rating(state, piece: LeaderPiece) -> int:
    """8.34: the leader's Rally Rating, +3 for Sauron's leaders at night (10.0)."""
    bonus = state.parts.night_rally_bonus if piece.side == "sauron" and is_night(state) else 0
    return piece.rally + bonus


def rally_refusal(state, piece: LeaderPiece, unit: Unit) -> Refusal | None:
    """Why `piece` may not try to rally `unit` now, or None (8.31-8.36, 9.31, 16.1)."""
    if not unit.disrupted or not unit.on_map:
        return Refusal("8.34", f"the unit in {unit.hex} is not disrupted")
    if unit.side != piece.side:
        return Refusal("8.31", "leaders rally only their own side's units")
    if state.demoralized[unit.side]:
        return Refusal("9.31", "units of a demoralized army may not be rallied")
    if not piece.on_map or distance(piece.hex, unit.hex) > 1:
        return Refusal("8.31", f"{piece.leader.name} is not adjacent to {unit.hex}")
    if state.hexmap.is_gate(piece.hex, unit.hex) and not state.gate_breached():
        return Refusal("8.31", "not across the closed Gates of Mordor")
    if not piece.leader.commands_nationality(unit.type.nationality):
        return Refusal("8.31", f"{piece.leader.name} does not lead {unit.type.name}")
    if state.rally_tries.get(piece.key, 0) >= state.parts.rally_attempts:
        return Refusal("8.32", f"{piece.leader.name} has tried three rallies this turn")
    if unit.id in state.rallied:
        return Refusal("8.36", "one rally attempt per unit per Game-Turn")
    if unit.id in state.visions and not piece.weapon:
        sauron = state.leaders.get("sauron")
        if sauron is not None and sauron.on_map and distance(sauron.hex, unit.hex) < 3:
            return Refusal("16.1", "disrupted by Sinister Visions: rallied only three or "
                                   "more hexes from Sauron (19.1.3: unless by a leader "
                                   "with a magic weapon)")
    return None


def rally_candidates(state, seat: int) -> list:
    """Every rally attempt `seat` may make now."""
    side = SIDE_NAMES[seat]
    if state.demoralized[side]:
        return []
    found = []
    disrupted = [u for u in state.units.values()
                 if u.side == side and u.disrupted and u.on_map]
    for piece in state.leaders.values():
        if piece.side != side or not piece.on_map:
            continue
        for unit in disrupted:
            if distance(piece.hex, unit.hex) <= 1 and rally_refusal(state, piece, unit) is None:
                found.append(Rally(piece.key, unit.hex))
    return found


def check_rally(state, action: Rally):
    """8.34: the leader and the unit, or Refusal naming the case."""
    if state.phase.kind != "rally":
        raise Refusal("8.3", "rallying happens in the Joint Rally Phase")
    side = state.phasing_side()
    piece = state.leaders.get(action.leader)
    if piece is None or piece.side != side:
        raise Refusal("8.34", f"{action.leader} is no leader of {side}")
    here = [u for u in state.combat_units_at(action.hex) if u.side == side]
    if not here:
        raise Refusal("8.34", f"no unit of {side} in {action.hex}")
    # two units share a hex only mid-displacement (7.61): the disrupted one is meant
    unit = next((u for u in here if u.disrupted and u.id not in state.rallied),
                next((u for u in here if u.disrupted), here[0]))
    problem = rally_refusal(state, piece, unit)
    if problem:
        raise problem
    return piece, unit


def carry_out_rally(state, piece: LeaderPiece, unit: Unit) -> None:
    """8.34: two dice on the Rally Table."""
    state.rally_tries[piece.key] = state.rally_tries.get(piece.key, 0) + 1
    state.rallied.add(unit.id)
    rallied, text = rally_attempt(state.parts, state.dice, rally_rating(state, piece))
    state.news.append(f"{piece.leader.name} rallies {unit.type.name} in {unit.hex}: {text}")
    if rallied:
        unit.disrupted = False
        state.visions.discard(unit.id)


def rally_opens(state) -> bool:
    """3.0 H: whether the Joint Rally Phase holds a decision, and whose (8.3: Sauron's side
    first; the phase passes at once when neither side has an attempt to make)."""
    if rally_candidates(state, SAURON):
        return True
    if rally_candidates(state, WESTERNESSE):
        state.rally_seat = WESTERNESSE
        return True
    return False


@dataclass(frozen=True)
class RallyPhase(PhaseProcedure):
    """3.0 H, 8.3: the seat whose turn it is to rally tries, or ends its part of the phase
    (Sauron's side first, then Westernesse's)."""

    name = "rally-phase"
    rule = "8.3"

    def answers(self, state) -> list:
        return rally_candidates(state, state.rally_seat) + [END]

    def close(self, state) -> bool:
        if state.rally_seat == SAURON and rally_candidates(state, WESTERNESSE):
            state.rally_seat = WESTERNESSE      # 8.3: then the Westernesse player rallies
            return False
        return True
