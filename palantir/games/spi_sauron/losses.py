"""Losses and their tallies: eliminations, leaders sharing results (8.24), leaders moving to
the nearest unit, magic weapons destroyed and captured (19.2), Demoralization Points (9.1,
9.2, 20.0) and Victory Points (21.1), counted as they happen.
"""

from __future__ import annotations

from .combat import leader_shares_the_result
from .hexmap import distance
from .units import ELIMINATED, LeaderPiece, Unit

OTHER = {"sauron": "westernesse", "westernesse": "sauron"}


class LossesMixin:
    """Part of SauronState: what happens when pieces are hurt or die."""

    def add_demoralization(self, side: str, points: int, why: str) -> None:
        """9.13, 20.0: add points to an army's tally; past its level it is demoralized (9.21)."""
        if points == 0:
            return
        self.demoralization_points[side] += points
        total = self.demoralization_points[side]
        level = self.parts.demoralization_levels[side]
        self.news.append(f"{side.title()} Demoralization Points +{points} ({why}): "
                         f"{total} of {level}")
        if total > level:
            self.demoralize(side, f"{total} DPs exceed the level of {level} (9.21)")

    def demoralize(self, side: str, why: str) -> None:
        """9.2: the army is demoralized for the rest of the game."""
        if self.demoralized[side]:
            return
        self.demoralized[side] = True
        self._zoc.clear()     # 6.14: its units no longer exert a ZOC
        self.news.append(f"The army of {side.title()} is demoralized: {why}")

    def score(self, side: str, points: int, why: str) -> None:
        """21.1: Victory Points to `side`."""
        self.victory_points[side] += points
        self.news.append(f"{side.title()} {points:+d} VP ({why}): {self.victory_points[side]}")

    def eliminate_unit(self, unit: Unit, why: str) -> None:
        """Remove a combat unit; its army counts its Demoralization Value (9.13), the enemy
        scores (21.1), and leaders left alone join the nearest friend (8.24)."""
        where = unit.hex
        if unit.partner:                  # 8.46, 15.3.5: the formation ends with the loss
            partner = self.units[unit.partner]
            partner.partner = partner.formation = None
            unit.partner = unit.formation = None
        unit.hex = ELIMINATED
        unit.disrupted = False
        self._zoc.clear()
        self.news.append(f"{unit.type.name} eliminated in {where} ({why})")
        self.score(OTHER[unit.side], self.parts.victory_points["enemy_unit_eliminated"],
                   f"{unit.type.name} eliminated")
        self.add_demoralization(unit.side, self.parts.demoralization_value(unit.type.key),
                                f"{unit.type.name} eliminated, 9.12")
        self.drop_pedestal(unit, where)
        for piece in self.leaders_at(where):
            if piece.side == unit.side:
                self.transfer_leader(piece, "8.24")

    def transfer_leader(self, piece: LeaderPiece, case: str) -> None:
        """8.24: a leader whose unit is gone goes to the nearest Friendly combat unit he may
        stack with (8.1; ties: lowest hex id); with none left he stays where he is."""
        if self.sauron_on_pedestal(piece):
            return      # 16.5.4 B: Sauron remains on the Pedestal
        fits = [u for u in self.units.values() if u.side == piece.side and u.on_map
                and piece.leader.commands_nationality(u.type.nationality)]
        if not fits or any(u.hex == piece.hex for u in fits):
            return
        nearest = min(fits, key=lambda u: (distance(piece.hex, u.hex), u.hex))
        self.news.append(f"{piece.leader.name} joins the nearest {nearest.type.name} in "
                         f"{nearest.hex} ({case})")
        piece.hex = nearest.hex
        self._zoc.clear()

    def hurt_leader(self, piece: LeaderPiece, eliminated: bool, why: str,
                    captor: LeaderPiece | None = None) -> None:
        """7.26, 8.24: a leader reduced to his back-printed rating, or eliminated if he is
        already reduced or the result is 'e'."""
        if not eliminated and not piece.reduced:
            piece.reduced = True
            self.news.append(f"{piece.leader.name} is wounded: rally rating {piece.rally} "
                             f"({why})")
            return
        where = piece.hex
        piece.hex = ELIMINATED
        self._zoc.clear()
        self.news.append(f"{piece.leader.name} is slain in {where} ({why})")
        if piece.side == "westernesse":   # 20.2 C: his leadership value to the DP tally
            self.add_demoralization("westernesse", piece.leader.rally,
                                    f"{piece.leader.name} slain, 20.2 C")
        if piece.key == "sauron":
            self.demoralize("sauron", "Sauron is slain (20.1 C)")
        if piece.weapon:
            self.lose_weapon(piece, captor)

    def lose_weapon(self, piece: LeaderPiece, captor: LeaderPiece | None) -> None:
        """19.2: destroyed with its bearer (missile, melee, Death Breath) or captured by the
        victor of a leader combat; Westernesse counts 20 DPs (20.2 B), a Sauron captor 10 VPs
        (21.1)."""
        weapon, piece.weapon = piece.weapon, None
        name = self.parts.weapon_names[weapon]
        lost_to_west = piece.side == "westernesse"
        if captor is not None and captor.hex != ELIMINATED and captor.weapon is None:
            captor.weapon = weapon
            self.news.append(f"{name} is captured by {captor.leader.name} (19.2.2)")
            if captor.side == "sauron" and lost_to_west:
                self.score("sauron", self.parts.victory_points["magic_weapon_captured"],
                           f"{name} captured")
        else:
            self.news.append(f"{name} is destroyed (19.2.1)")
        if lost_to_west:
            self.add_demoralization("westernesse",
                                    self.parts.demoralization_levels["magic_weapon_lost"],
                                    f"{name} lost, 20.2 B")

    def leaders_share(self, unit: Unit, eliminated: bool) -> None:
        """8.24: each leader stacked with a unit hit by 1/2E or E shares it on a 5 or 6."""
        for piece in self.leaders_at(unit.hex):
            if piece.side != unit.side:
                continue
            shared, text = leader_shares_the_result(self.dice, piece.leader.name)
            self.news.append(f"8.24: {text}")
            if shared:
                self.hurt_leader(piece, eliminated, "8.24")

    def drop_pedestal(self, unit: Unit, where: str) -> None:
        """16.5.3: the Pedestal's bearer is gone; the Pedestal lies in the hex it left."""
        if self.pedestal in (unit.id, f"captured:{unit.id}"):
            self.pedestal = where
            self.news.append(f"The Pedestal lies in {where} (16.5.3)")

    def pick_up_pedestal(self, unit: Unit) -> None:
        """16.5.3 C: a unit ending in the Pedestal's hex captures (or recaptures) it; Sauron's
        side turns it over at once to an Orc Archer, the nearest one."""
        if self.pedestal != unit.hex:
            return
        if unit.side == "westernesse":
            self.pedestal = f"captured:{unit.id}"
            self.news.append(f"{unit.type.name} captures the Pedestal (16.5.3)")
            return
        archers = [u for u in self.units.values() if u.on_map and u.type.key == "orc_archers"]
        if archers:
            bearer = min(archers, key=lambda u: (distance(unit.hex, u.hex), u.hex))
            self.pedestal = bearer.id
            self.news.append(f"The Pedestal is recaptured and given to the Orc Archers in "
                             f"{bearer.hex} (16.5.3 C)")

    def sauron_on_pedestal(self, piece) -> bool:
        """16.5.4: whether `piece` is Sauron standing in the Pedestal's hex."""
        return isinstance(piece, LeaderPiece) and piece.key == "sauron" and piece.on_map \
            and piece.hex == self.pedestal_hex()

    def pedestal_hex(self) -> str | None:
        """Where the Pedestal is on the map (None: waiting, or carried off by the enemy)."""
        where = self.pedestal
        if where is None:
            return None
        if where in self.units:
            bearer = self.units[where]
            return bearer.hex if bearer.on_map else None
        if where.startswith("captured:"):
            return None       # in Westernesse hands: of no use to Sauron (16.5.1)
        return where

    def arrived_in_mordor(self, piece) -> None:
        """21.1: each Westernesse unit that enters Mordor (hex 1331) costs Sauron 1 VP."""
        if isinstance(piece, Unit) and piece.side == "westernesse" and \
                piece.hex == self.hexmap.mordor_gate_hex and piece.id not in self.in_mordor:
            self.in_mordor.add(piece.id)
            self.score("sauron", self.parts.victory_points["westernesse_unit_into_mordor"],
                       f"{piece.type.name} enters Mordor")
