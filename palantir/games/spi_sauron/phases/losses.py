"""Losses and their tallies: eliminations, leaders sharing results (8.24), leaders moving to
the nearest unit, magic weapons destroyed and captured (19.2), Demoralization Points (9.1,
9.2, 20.0) and Victory Points (21.1), counted as they happen.
"""

from __future__ import annotations

from ..combat import leader_shares_the_result
from ..hexmap import distance
from ..units import ELIMINATED, LeaderPiece, Unit


OTHER = {"sauron": "westernesse", "westernesse": "sauron"}


def add_demoralization(state, side: str, points: int, why: str) -> None:
    """9.13, 20.0: add points to an army's tally; past its level it is demoralized (9.21)."""
    if points == 0:
        return
    state.demoralization_points[side] += points
    total = state.demoralization_points[side]
    level = state.parts.demoralization_levels[side]
    state.news.append(f"{side.title()} Demoralization Points +{points} ({why}): "
                      f"{total} of {level}")
    if total > level:
        demoralize(state, side, f"{total} DPs exceed the level of {level} (9.21)")


def demoralize(state, side: str, why: str) -> None:
    """9.2: the army is demoralized for the rest of the game."""
    if state.demoralized[side]:
        return
    state.demoralized[side] = True
    state._zoc.clear()     # 6.14: its units no longer exert a ZOC
    state.news.append(f"The army of {side.title()} is demoralized: {why}")


def score(state, side: str, points: int, why: str) -> None:
    """21.1: Victory Points to `side`."""
    state.victory_points[side] += points
    state.news.append(f"{side.title()} {points:+d} VP ({why}): {state.victory_points[side]}")


def eliminate_unit(state, unit: Unit, why: str) -> None:
    """Remove a combat unit; its army counts its Demoralization Value (9.13), the enemy
    scores (21.1), and leaders left alone join the nearest friend (8.24)."""
    where = unit.hex
    if unit.partner:                  # 8.46, 15.3.5: the formation ends with the loss
        partner = state.units[unit.partner]
        partner.partner = partner.formation = None
        unit.partner = unit.formation = None
    unit.hex = ELIMINATED
    unit.disrupted = False
    state._zoc.clear()
    state.news.append(f"{unit.type.name} eliminated in {where} ({why})")
    score(state, OTHER[unit.side], state.parts.victory_points["enemy_unit_eliminated"],
               f"{unit.type.name} eliminated")
    add_demoralization(state, unit.side, state.parts.demoralization_value(unit.type.key),
                            f"{unit.type.name} eliminated, 9.12")
    drop_pedestal(state, unit, where)
    for piece in state.leaders_at(where):
        if piece.side == unit.side:
            transfer_leader(state, piece, "8.24")


def transfer_leader(state, piece: LeaderPiece, case: str) -> None:
    """8.24: a leader whose unit is gone goes to the nearest Friendly combat unit he may
    stack with (8.1; ties: lowest hex id); with none left he stays where he is."""
    if sauron_on_pedestal(state, piece):
        return      # 16.5.4 B: Sauron remains on the Pedestal
    fits = [u for u in state.units.values() if u.side == piece.side and u.on_map
            and piece.leader.commands_nationality(u.type.nationality)]
    if not fits or any(u.hex == piece.hex for u in fits):
        return
    nearest = min(fits, key=lambda u: (distance(piece.hex, u.hex), u.hex))
    state.news.append(f"{piece.leader.name} joins the nearest {nearest.type.name} in "
                      f"{nearest.hex} ({case})")
    piece.hex = nearest.hex
    state._zoc.clear()


def hurt_leader(state, piece: LeaderPiece, eliminated: bool, why: str,
                captor: LeaderPiece | None = None) -> None:
    """7.26, 8.24: a leader reduced to his back-printed rating, or eliminated if he is
    already reduced or the result is 'e'."""
    if not eliminated and not piece.reduced:
        piece.reduced = True
        state.news.append(f"{piece.leader.name} is wounded: rally rating {piece.rally} "
                          f"({why})")
        return
    where = piece.hex
    piece.hex = ELIMINATED
    state._zoc.clear()
    state.news.append(f"{piece.leader.name} is slain in {where} ({why})")
    if piece.side == "westernesse":   # 20.2 C: his leadership value to the DP tally
        add_demoralization(state, "westernesse", piece.leader.rally,
                                f"{piece.leader.name} slain, 20.2 C")
    if piece.key == "sauron":
        demoralize(state, "sauron", "Sauron is slain (20.1 C)")
    if piece.weapon:
        lose_weapon(state, piece, captor)


def lose_weapon(state, piece: LeaderPiece, captor: LeaderPiece | None) -> None:
    """19.2: destroyed with its bearer (missile, melee, Death Breath) or captured by the
    victor of a leader combat; Westernesse counts 20 DPs (20.2 B), a Sauron captor 10 VPs
    (21.1)."""
    weapon, piece.weapon = piece.weapon, None
    name = state.parts.weapon_names[weapon]
    lost_to_west = piece.side == "westernesse"
    if captor is not None and captor.hex != ELIMINATED and captor.weapon is None:
        captor.weapon = weapon
        state.news.append(f"{name} is captured by {captor.leader.name} (19.2.2)")
        if captor.side == "sauron" and lost_to_west:
            score(state, "sauron", state.parts.victory_points["magic_weapon_captured"],
                       f"{name} captured")
    else:
        state.news.append(f"{name} is destroyed (19.2.1)")
    if lost_to_west:
        add_demoralization(state, "westernesse",
                                state.parts.demoralization_levels["magic_weapon_lost"],
                                f"{name} lost, 20.2 B")


def leaders_share(state, unit: Unit, eliminated: bool) -> None:
    """8.24: each leader stacked with a unit hit by 1/2E or E shares it on a 5 or 6."""
    for piece in state.leaders_at(unit.hex):
        if piece.side != unit.side:
            continue
        shared, text = leader_shares_the_result(state.dice, piece.leader.name)
        state.news.append(f"8.24: {text}")
        if shared:
            hurt_leader(state, piece, eliminated, "8.24")


def drop_pedestal(state, unit: Unit, where: str) -> None:
    """16.5.3: the Pedestal's bearer is gone; the Pedestal lies in the hex it left."""
    if state.pedestal in (unit.id, f"captured:{unit.id}"):
        state.pedestal = where
        state.news.append(f"The Pedestal lies in {where} (16.5.3)")


def note_pedestal_move(state, unit: Unit) -> None:
    """16.5.1 B: the Pedestal moved with its bearer in this Movement Phase."""
    if state.pedestal == unit.id:
        state.pedestal_moved = True


def pick_up_pedestal(state, unit: Unit) -> None:
    """16.5.3 C: a unit ending in the Pedestal's hex captures (or recaptures) it; Sauron's
    side turns it over at once to an Orc Archer, the nearest one."""
    if state.pedestal != unit.hex:
        return
    if unit.side == "westernesse":
        state.pedestal = f"captured:{unit.id}"
        state.news.append(f"{unit.type.name} captures the Pedestal (16.5.3)")
        return
    archers = [u for u in state.units.values() if u.on_map and u.type.key == "orc_archers"]
    if archers:
        bearer = min(archers, key=lambda u: (distance(unit.hex, u.hex), u.hex))
        state.pedestal = bearer.id
        state.news.append(f"The Pedestal is recaptured and given to the Orc Archers in "
                          f"{bearer.hex} (16.5.3 C)")


def sauron_on_pedestal(state, piece) -> bool:
    """16.5.4: whether `piece` is Sauron standing in the Pedestal's hex."""
    return isinstance(piece, LeaderPiece) and piece.key == "sauron" and piece.on_map \
        and piece.hex == pedestal_hex(state)


def pedestal_hex(state) -> str | None:
    """Where the Pedestal is on the map (None: waiting, or carried off by the enemy)."""
    where = state.pedestal
    if where is None:
        return None
    if where in state.units:
        bearer = state.units[where]
        return bearer.hex if bearer.on_map else None
    if where.startswith("captured:"):
        return None       # in Westernesse hands: of no use to Sauron (16.5.1)
    return where


def arrived_in_mordor(state, piece) -> None:
    """21.1: each Westernesse unit that enters Mordor (hex 1331) costs Sauron 1 VP."""
    if isinstance(piece, Unit) and piece.side == "westernesse" and \
            piece.hex == state.hexmap.mordor_gate_hex and piece.id not in state.in_mordor:
        state.in_mordor.add(piece.id)
        score(state, "sauron", state.parts.victory_points["westernesse_unit_into_mordor"],
                   f"{piece.type.name} enters Mordor")
