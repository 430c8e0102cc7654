"""The Joint Rally Phase (8.3): leaders try to rally disrupted units, Sauron's side first."""

from __future__ import annotations

from ...engine.procedure import Refusal
from .combat import rally_attempt
from .hexmap import distance
from .notation import Rally
from .phases import SIDE_NAMES
from .units import LeaderPiece, Unit


class RallyMixin:
    """Part of SauronState: rallying."""

    def rally_rating(self, piece: LeaderPiece) -> int:
        """8.34: the leader's Rally Rating, +3 for Sauron's leaders at night (10.0)."""
        bonus = self.parts.night_rally_bonus if piece.side == "sauron" and self.is_night() else 0
        return piece.rally + bonus

    def rally_refusal(self, piece: LeaderPiece, unit: Unit) -> Refusal | None:
        """Why `piece` may not try to rally `unit` now, or None (8.31-8.36, 9.31, 16.1)."""
        if not unit.disrupted or not unit.on_map:
            return Refusal("8.34", f"the unit in {unit.hex} is not disrupted")
        if unit.side != piece.side:
            return Refusal("8.31", "leaders rally only their own side's units")
        if self.demoralized[unit.side]:
            return Refusal("9.31", "units of a demoralized army may not be rallied")
        if not piece.on_map or distance(piece.hex, unit.hex) > 1:
            return Refusal("8.31", f"{piece.leader.name} is not adjacent to {unit.hex}")
        if self.hexmap.is_gate(piece.hex, unit.hex) and not self.gate_breached():
            return Refusal("8.31", "not across the closed Gates of Mordor")
        if not piece.leader.commands_nationality(unit.type.nationality):
            return Refusal("8.31", f"{piece.leader.name} does not lead {unit.type.name}")
        if self.rally_tries.get(piece.key, 0) >= self.parts.rally_attempts:
            return Refusal("8.32", f"{piece.leader.name} has tried three rallies this turn")
        if unit.id in self.rallied:
            return Refusal("8.36", "one rally attempt per unit per Game-Turn")
        if unit.id in self.visions and not piece.weapon:
            sauron = self.leaders.get("sauron")
            if sauron is not None and sauron.on_map and distance(sauron.hex, unit.hex) < 3:
                return Refusal("16.1", "disrupted by Sinister Visions: rallied only three or "
                                       "more hexes from Sauron (19.1.3: unless by a leader "
                                       "with a magic weapon)")
        return None

    def rally_candidates(self, seat: int) -> list:
        """Every rally attempt `seat` may make now."""
        side = SIDE_NAMES[seat]
        if self.demoralized[side]:
            return []
        found = []
        disrupted = [u for u in self.units.values()
                     if u.side == side and u.disrupted and u.on_map]
        for piece in self.leaders.values():
            if piece.side != side or not piece.on_map:
                continue
            for unit in disrupted:
                if distance(piece.hex, unit.hex) <= 1 and self.rally_refusal(piece, unit) is None:
                    found.append(Rally(piece.key, unit.hex))
        return found

    def check_rally(self, action: Rally):
        """8.34: the leader and the unit, or Refusal naming the case."""
        if self.phase.kind != "rally":
            raise Refusal("8.3", "rallying happens in the Joint Rally Phase")
        side = self.phasing_side()
        piece = self.leaders.get(action.leader)
        if piece is None or piece.side != side:
            raise Refusal("8.34", f"{action.leader} is no leader of {side}")
        here = [u for u in self.combat_units_at(action.hex) if u.side == side]
        if not here:
            raise Refusal("8.34", f"no unit of {side} in {action.hex}")
        # two units share a hex only mid-displacement (7.61): the disrupted one is meant
        unit = next((u for u in here if u.disrupted and u.id not in self.rallied),
                    next((u for u in here if u.disrupted), here[0]))
        problem = self.rally_refusal(piece, unit)
        if problem:
            raise Refusal(problem.rule, problem.reason)
        return piece, unit

    def carry_out_rally(self, piece: LeaderPiece, unit: Unit) -> None:
        """8.34: two dice on the Rally Table."""
        self.rally_tries[piece.key] = self.rally_tries.get(piece.key, 0) + 1
        self.rallied.add(unit.id)
        rallied, text = rally_attempt(self.parts, self.dice, self.rally_rating(piece))
        self.news.append(f"{piece.leader.name} rallies {unit.type.name} in {unit.hex}: {text}")
        if rallied:
            unit.disrupted = False
            self.visions.discard(unit.id)
