"""The Movement Phases (4.0): each side's combat units and leaders move (4.2), reinforcements
enter (14.0), special formations are made and split (8.4, 15.3), Narsil changes hands
(19.1.4), Dwarves close with Orcs (15.2.2); in the Magic Leader Movement Phases (3.0 A, E)
the Magic Leaders move. What a step costs, ZOCs and stacking are priced in ../movement.py;
this module checks whole decisions against the rules and carries them out.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....engine.procedure import Refusal
from ..hexmap import distance
from ..movement import check_path, half, kept_search, mover_of, static_step_cost, step_cost
from ..notation import END, Enter, Form, Give, Move, Split, entries_to, moves_to, name_text, \
    splits_to
from ..units import FORMATION_NAMES, MORDOR, SHIELD_WALL, SLAVE_PHALANX, WAITING, WEDGE, \
    LeaderPiece, Unit
from . import SIDE_TITLES, PhaseProcedure, seat_of
from .beast import beast_moves
from .losses import arrived_in_mordor, note_pedestal_move, pick_up_pedestal


# ----- movement (4.0, 5.0, 6.0, 14.0) -----------------------------------------------------

def movable_units(state) -> list[Unit]:
    """Combat units the phasing player may still move this Movement Phase."""
    side = state.phasing_side()
    return [u for u in state.units.values()
            if u.side == side and u.on_map and not u.moved and not u.disrupted]


def arrivals_waiting(state, side: str) -> list[Unit]:
    """Reinforcements of `side` due by this turn that have not entered (14.0 D)."""
    return [u for u in state.units.values()
            if u.side == side and u.hex == WAITING and u.arrival <= state.turn]


def entry_cost(state, entry_hex: str) -> int:
    """14.0 C: the k-th unit through an entry hex this phase pays k times the first's."""
    return state.entered.get(entry_hex, 0)


def ending_rule(state, piece):
    """What must hold where a move ends: stacking (5.0) or the leader's company (8.1)."""
    def check(hex_name: str) -> Refusal | None:
        if isinstance(piece, LeaderPiece):
            if not any(u.side == piece.side and piece.leader.commands_nationality(
                    u.type.nationality) for u in state.combat_units_at(hex_name)):
                return Refusal("8.1", f"{piece.leader.name} must end stacked with a combat "
                                      f"unit of a nationality {piece.leader.name} leads")
            return None
        others = [u for u in state.combat_units_at(hex_name)
                  if u is not piece and u.id != piece.partner]
        if others:
            return Refusal("5.0", f"{hex_name} already holds a combat unit: one combat unit "
                                  "to a hex at the end of the Movement Phase")
        return None
    return check


def check_move(state, action: Move):
    phase = state.phase
    side = state.phasing_side()
    if phase.kind not in ("movement", "magic"):
        raise Refusal("4.22", f"no movement in the {phase.title}")
    if len(action.path) < 2:
        raise Refusal("4.25", "a move is the hex a piece stands in and at least one more")
    start = action.path[0]
    if action.leader:
        piece = state.leaders.get(action.leader)
        if piece is None or piece.side != side:
            raise Refusal("8.0", f"{name_text(action.leader)} is no leader of {side}")
        if piece.hex != start:
            raise Refusal("4.0", f"{piece.leader.name} is not in {start}")
        if phase.kind == "movement" and piece.magic_leader:
            raise Refusal("4.11", "Magic Leaders move only in the Magic Leader Movement "
                                  "Phases")
        if phase.kind == "magic" and not piece.magic_leader:
            raise Refusal("3.0 A", "only Magic Leaders move in a Magic Leader Movement Phase")
    else:
        if phase.kind == "magic":
            raise Refusal("3.0 A", "only Magic Leaders move in a Magic Leader Movement Phase")
        units = [u for u in state.combat_units_at(start) if u.side == side]
        if not units:
            raise Refusal("4.0", f"no combat unit of {side} in {start}")
        # two units share a hex after a displacement (7.61): the one free to move moves
        piece = next((u for u in units if not u.moved and not u.disrupted),
                     next((u for u in units if not u.moved), units[0]))
        if piece.disrupted:
            raise Refusal("7.57", "a disrupted unit may not move until rallied")
    if piece.moved and getattr(piece, "partner", None):
        raise Refusal("15.3.2 C" if piece.formation == SLAVE_PHALANX else "8.45",
                      "a formation may not move in the turn it is formed")
    if piece.moved:
        raise Refusal("4.24", f"the piece in {start} has already moved this phase")
    mover = mover_of(state, piece)
    spent = check_path(state, mover, action.path, 0, False, ending_rule(state, piece))
    if isinstance(piece, Unit):
        closing = dwarf_closing_hexes(state, piece)
        if closing and action.path[-1] not in closing:
            raise Refusal("15.2.2", "a Dwarf unit that began the phase within 2 hexes of an "
                                    "Orc unit must move adjacent to it: "
                                    + ", ".join(sorted(closing)))
        if not closing:
            refuse_stranding(state, piece)
    return piece, mover, action.path, spent


def stranded_leaders(state, unit: Unit) -> list[LeaderPiece]:
    """Leaders in `unit`'s hex who may not move again this phase and would have no unit of
    theirs left there if it (and its formation partner, if it has one) moved away."""
    held = [p for p in state.leaders_at(unit.hex)
            if p.side == unit.side and (p.moved or p.magic_leader)]
    if not held:
        return held
    staying = [u for u in state.combat_units_at(unit.hex)
               if u is not unit and u.id != unit.partner]
    return [p for p in held
            if not any(p.leader.commands_nationality(u.type.nationality) for u in staying)]


def stranded_leaders_of_split(state, unit: Unit) -> list[LeaderPiece]:
    """stranded_leaders when `unit` leaves its formation and its partner stays (8.48)."""
    saved = unit.partner
    unit.partner = None
    try:
        return stranded_leaders(state, unit)
    finally:
        unit.partner = saved


def refuse_stranding(state, unit: Unit) -> None:
    """8.1, 4.28: 'Leaders must be stacked with a combat unit at the beginning of a Friendly
    Combat Phase' and 'all stacking restrictions must be met by the Phasing Player at the
    end of his Movement Phase': no rule moves a leader his unit leaves (8.24 transfers
    him only when it is eliminated), so a unit may not leave behind a leader who can no
    longer follow it — one who has moved, or a Magic Leader outside his phases (4.11)."""
    stranded = stranded_leaders(state, unit)
    if stranded:
        name = stranded[0].leader.name
        why = "has moved this phase" if stranded[0].moved else \
            "may move only in the Magic Leader Movement Phases (4.11)"
        raise Refusal("8.1", f"the {unit.type.name} in {unit.hex} may not leave {name} "
                             f"alone: he {why} and must be stacked with a combat unit "
                             f"when the Movement Phase ends (4.28)")


def leaders_to_join(state) -> list[LeaderPiece]:
    """8.1, 4.28: the phasing side's leaders alone on the map who may still move to a unit
    they lead (the phase may not end before they have)."""
    side = state.phasing_side()
    return [p for p in state.leaders.values()
            if p.side == side and p.on_map and not p.moved and not p.magic_leader
            and p.hex not in company_hexes(state, p) and leader_candidates(state, p)]


def check_enter(state, action: Enter):
    phase = state.phase
    side = state.phasing_side()
    key = action.piece
    if key in state.leaders:
        piece = state.leaders[key]
        if piece.side != side:
            raise Refusal("14.0", f"{piece.leader.name} is no leader of {side}")
        if (phase.kind == "magic") != piece.magic_leader:
            raise Refusal("4.11", "Magic Leaders enter in a Magic Leader Movement Phase, "
                                  "other pieces in their Movement Phase")
        # 18.0 A, 4.11: Sauron comes out of Mordor (off the map) in his own phases.
        if piece.hex != MORDOR and (piece.hex != WAITING or piece.arrival > state.turn):
            raise Refusal("14.0", f"{piece.leader.name} is not waiting to enter")
        entry = piece.entry or "mordor"
        chain = 0
    else:
        if phase.kind != "movement":
            raise Refusal("14.0 B", "reinforcements enter in their side's Movement Phase")
        waiting = [u for u in arrivals_waiting(state, side) if u.type.key == key]
        if not waiting:
            raise Refusal("14.0", f"no {name_text(key)} waiting to enter this turn")
        piece = waiting[0]
        entry = piece.entry
        chain = entry_cost(state, action.path[0])
    if action.path[0] not in state.hexmap.entries[entry]:
        raise Refusal("14.1" if side == "sauron" else "14.2 A",
                      f"{action.path[0]} is not where these reinforcements enter "
                      f"({', '.join(state.hexmap.entries[entry])})")
    mover = mover_of(state, piece)
    first = first_hex_cost(state, mover, action.path[0])
    spent = check_path(state, mover, action.path, chain * first, True,
                       ending_rule(state, piece))
    return piece, mover, action.path, spent


def first_hex_cost(state, mover, hex_name: str) -> int:
    cost = step_cost(state, mover, None, hex_name)
    if isinstance(cost, Refusal):
        raise Refusal(cost.rule, cost.reason)
    return cost


def carry_out_move(state, piece, path, spent, action, entering: bool = False) -> None:
    was = piece.hex
    piece.hex = path[-1]
    state._zoc.clear()
    piece.moved = True
    if isinstance(piece, Unit) and piece.partner:     # a formation moves as one (8.45)
        partner = state.units[piece.partner]
        partner.hex, partner.moved = path[-1], True
    if isinstance(piece, Unit):
        note_pedestal_move(state, piece)
        pick_up_pedestal(state, piece)
        arrived_in_mordor(state, piece)
    if entering:
        piece.first_turn_on_map = state.turn
        if isinstance(piece, Unit):
            state.entered[path[0]] = state.entered.get(path[0], 0) + 1
    who = piece.leader.name if isinstance(piece, LeaderPiece) else piece.describe()
    origin = "enters the map" if entering else f"moves from {was}"
    state.news.append(f"{SIDE_TITLES[seat_of(piece.side)]}: {who} {origin} to {path[-1]} "
                      f"({'-'.join(path)}, {half(spent)} MP)")


def reach(state, piece, start: str | None, start_cost: int = 0,
          entry_hexes: tuple[str, ...] = (), alone: bool = False) -> dict:
    """cheapest_paths for a piece (`alone`: a unit leaving its formation, 8.48), kept while
    nothing else that bears on it changes."""
    check_reach_signature(state, piece.side)
    key = (piece.id if isinstance(piece, Unit) else piece.key, start, start_cost,
           entry_hexes, getattr(piece, "formation", None), alone)
    found = state._reach.get(key)
    if found is None:
        mover = mover_of(state, piece, alone)
        search = kept_search(state, mover, start, start_cost, entry_hexes)
        found = state._reach[key] = search[0]
        state._reach[("search", key)] = search
    return found


def check_reach_signature(state, side: str) -> None:
    """Empty the reach cache when something that bears on `side`'s moves has changed:
    the turn and phase, demoralization (6.14, 9.32), the gate (18.0), the enemy's places
    (their hexes and ZOCs). Computed once per position."""
    key = ("reach-signature", side)
    signature = state._zoc.get(key)
    if signature is None:
        signature = state._zoc[key] = (
            side, state.turn, state.phase_index, state.demoralized["sauron"],
            state.demoralized["westernesse"], state.gate_breached(),
            state.enemy_places(side),
            tuple(p.hex for p in state.leaders.values() if p.side != side),
            state.beast.hex if side != "sauron" else None)
    if signature is state._reach_signature:
        return
    if signature != state._reach_signature:
        state._reach = {}
    state._reach_signature = signature      # the next checks of this position: one `is`


def moves_of(state, piece, start: str | None, start_cost: int = 0,
              entry_hexes: tuple[str, ...] = ()) -> list:
    """(hex, decision) for every hex the piece reaches: Move, or Enter from off the map;
    kept with the reach it comes from, so listing them again costs nothing."""
    check_reach_signature(state, piece.side)
    key = ("decisions", piece.id if isinstance(piece, Unit) else piece.key, start,
           start_cost, entry_hexes, getattr(piece, "formation", None))
    decisions = state._reach.get(key)
    if decisions is None:
        found = reach(state, piece, start, start_cost, entry_hexes)
        if start is not None:
            kind, name = "move", piece.key if isinstance(piece, LeaderPiece) else None
        else:
            kind, name = "enter", piece.type.key if isinstance(piece, Unit) else piece.key
        search = state._reach[("search", key[1:] + (False,))]
        decisions = state._reach[key] = kept_decisions(state, found, search, kind, name)
    return decisions


def kept_decisions(state, found: dict, search: list, kind: str, name: str | None) -> list:
    """(hex, decision) for every hex of `found` (a piece's reach, by the kept search
    `search`): kept with that search, for every position it serves."""
    made = search[4]
    decisions = made.get((kind, name))
    if decisions is None:
        if kind == "move":
            decisions = moves_to(found, name)
        elif kind == "enter":
            decisions = entries_to(found, name)
        else:
            decisions = splits_to(found)
        made[(kind, name)] = decisions
    return decisions


def movement_candidates(state) -> list:
    """Sensible moves for agents: the cheapest path to every reachable hex per piece."""
    side = state.phasing_side()
    actions: list = []
    full = state.occupied_hexes()
    # the reach cache made good for this position first, so each unit's decisions are
    # looked up in it directly (moves_of's key) and only the missing ones made
    check_reach_signature(state, side)
    kept_lists = state._reach
    leaders_by_hex = state._leaders_by_hex()    # stranded_leaders finds none elsewhere
    changed: dict[int, frozenset] = {}      # id of an earlier `full` -> hexes filled or left
    for unit in movable_units(state):
        if unit.partner is not None and unit.partner < unit.id:
            continue        # a formation is listed once, under its first unit
        # 5.0: one combat unit to a hex; 15.2.2: a Dwarf near Orcs closes with them
        closing = dwarf_closing_hexes(state, unit) if unit.type.dwarf else None
        if not closing and unit.hex in leaders_by_hex and stranded_leaders(state, unit):
            continue        # 8.1: it may not leave its leader alone
        closing = closing or None
        decisions = kept_lists.get(("decisions", unit.id, unit.hex, 0, (), unit.formation))
        if decisions is None:
            decisions = moves_of(state, unit, unit.hex)
        # A move elsewhere in the phase fills one hex and empties another: the unit's list
        # is made again only when one of them is among the hexes it reaches.
        kept = kept_lists.get(("unit-moves", unit.id))
        if kept is not None and kept[0] is decisions:
            _, was_closing, hexes, was_full, listed = kept
            if was_closing == closing:
                if was_full is not full:
                    delta = changed.get(id(was_full))
                    if delta is None:
                        delta = changed[id(was_full)] = was_full ^ full
                    if not hexes.isdisjoint(delta):
                        listed = None
            else:
                listed = None
        else:
            hexes = frozenset(there for there, _ in decisions)
            listed = None
        if listed is None:
            if closing:
                listed = [m for there, m in decisions if there not in full and there in closing]
            else:
                listed = [m for there, m in decisions if there not in full]
            kept_lists[("unit-moves", unit.id)] = (decisions, closing, hexes, full, listed)
        actions.extend(listed)
    seen_types: set[str] = set()
    for unit in arrivals_waiting(state, side):
        if unit.type.key in seen_types:
            continue   # identical counters: one candidate set per type
        seen_types.add(unit.type.key)
        mover = mover_of(state, unit)
        for entry_hex in state.hexmap.entries[unit.entry]:
            first = safe_first(state, mover, entry_hex)
            if isinstance(first, Refusal):
                continue
            start = entry_cost(state, entry_hex) * first
            actions.extend([m for there, m in moves_of(state, unit, None, start, (entry_hex,))
                            if there not in full])
    for piece in state.leaders.values():
        if piece.side != side or piece.moved or piece.magic_leader:
            continue
        actions.extend(leader_candidates(state, piece))
    if side == "sauron":
        actions.extend(beast_moves(state))
    else:
        actions.extend(give_candidates(state))
    actions.extend(formation_candidates(state))
    return actions


# ----- special formations (8.4) and Slave Phalanxes (15.3) --------------------------------

def forms_at_all(unit: Unit) -> bool:
    """8.42, 15.3.1: whether a unit's type makes any formation — Westernesse cavalry and
    infantry but bowmen, Sauron's Slaves (formation_kind is None for every other)."""
    if unit.type.bowmen:
        return False
    if unit.side == "sauron":
        return unit.type.key == "slaves"
    return unit.type.kind in ("cavalry", "infantry")


def formation_kind(state, a: Unit, b: Unit) -> str | None:
    """Which formation two units may make, by 8.42 and 15.3.1 (None: none)."""
    if a.side != b.side or a.type.bowmen or b.type.bowmen:
        return None
    if a.side == "sauron":      # 8.41: Sauron's only formation is the Slave Phalanx
        return SLAVE_PHALANX if a.type.key == b.type.key == "slaves" else None
    if a.type.kind != b.type.kind:
        return None
    return WEDGE if a.type.kind == "cavalry" else SHIELD_WALL


def form_refusal(state, joiner: Unit, host: Unit) -> tuple[str, str] | None:
    """(case, reason) why `joiner` may not step into `host`'s hex to form, or None."""
    kind = formation_kind(state, joiner, host)
    if kind is None:
        return ("8.42" if joiner.side == "westernesse" else "15.3.1",
                "two cavalry units make a Wedge, two infantry units a Shield Wall; "
                "Sauron's only formation is two Slave units (a Slave Phalanx)")
    if joiner.partner or host.partner:
        return "8.42", "a unit already in formation may not form another"
    if joiner.moved or host.moved or joiner.disrupted or host.disrupted:
        return "15.3.2 A" if kind == SLAVE_PHALANX else "8.43", \
            "both units must stand where they began the Movement Phase, not disrupted"
    if distance(joiner.hex, host.hex) != 1:
        return "15.3.2 A" if kind == SLAVE_PHALANX else "8.43", \
            "the two units must be adjacent"
    zoc = state.enemy_zoc(joiner.side)
    if kind == SLAVE_PHALANX:
        if joiner.reduced or host.reduced:
            return "15.3.4", "only full-strength Slave units form Slave Phalanxes"
    else:
        if joiner.type.nationality != host.type.nationality or \
                str(joiner.strength) != str(host.strength):
            return "8.43", "the two units must be of the same nationality and Attack, " \
                           "Armour and Morale strengths"
        if any(state.hexmap.terrain[h] not in ("clear", "road")
               for h in (joiner.hex, host.hex)):
            return "8.41", "special formations form only in clear terrain"
        if joiner.hex in zoc or host.hex in zoc:
            return "8.43", "neither unit may be in an enemy Zone of Control"
        if not any(l.side == host.side and not l.moved for l in state.leaders_at(host.hex)):
            return "8.43", "a Leader must stand (since the phase began) in the hex " \
                           "where the formation is made"
    if joiner.hex in zoc and not joiner.type.elf:
        return "6.11", f"the unit in {joiner.hex} may not leave an enemy Zone of Control"
    cost = step_cost(state, mover_of(state, joiner), joiner.hex, host.hex)
    if isinstance(cost, Refusal):
        return cost.rule, cost.reason
    if kind != SLAVE_PHALANX:
        clear = static_step_cost(state.hexmap, state.parts, False, False, joiner.hex,
                                 host.hex, True)
        if isinstance(clear, Refusal):
            return clear.rule, clear.reason
    return None


def check_form(state, action: Form) -> tuple[Unit, Unit]:
    """8.43, 15.3.2: the joining unit and the unit it joins, or Refusal."""
    if state.phase.kind != "movement" or state.pending:
        raise Refusal("8.43", "formations are made in a Movement Phase")
    if len(action.path) != 2:
        raise Refusal("8.43", "a formation is made by one step into the other unit's hex")
    side = state.phasing_side()
    joiner = state.unit_at(action.path[0], side)
    host = state.unit_at(action.path[1], side)
    if joiner is None or host is None:
        raise Refusal("8.43", f"a formation needs a unit of {side} in {action.path[0]} and "
                              f"in {action.path[1]}")
    problem = form_refusal(state, joiner, host)
    if problem:
        raise Refusal(problem[0], problem[1])
    refuse_stranding(state, joiner)
    return joiner, host


def carry_out_form(state, joiner: Unit, host: Unit) -> None:
    """8.43, 15.3.2 B: into the hex; 8.45, 15.3.2 C: neither moves again this turn."""
    kind = formation_kind(state, joiner, host)
    was = joiner.hex
    joiner.hex = host.hex
    joiner.partner, host.partner = host.id, joiner.id
    joiner.formation = host.formation = kind
    joiner.moved = host.moved = True
    state._zoc.clear()
    state.news.append(f"{SIDE_TITLES[seat_of(host.side)]}: {joiner.type.name} from {was} "
                      f"and {host.type.name} form a {FORMATION_NAMES[kind]} in {host.hex} "
                      f"({'15.3' if kind == SLAVE_PHALANX else '8.4'})")


def formation_candidates(state) -> list:
    """Formations the phasing side may make now, and splits of its formations (8.48)."""
    side = state.phasing_side()
    found: list = []
    occupied = state.occupied_hexes()
    check_reach_signature(state, side)      # _form_of and the splits read the reach cache
    kept = state._reach
    leaders_by_hex = state._leaders_by_hex()    # stranded_leaders finds none elsewhere
    for joiner in movable_units(state):
        if not joiner.partner and not forms_at_all(joiner):
            continue        # no formation to make, none to split
        if joiner.hex in leaders_by_hex and stranded_leaders(state, joiner) and (
                not joiner.partner or stranded_leaders_of_split(state, joiner)):
            continue        # 8.1: it may not leave its leader alone
        if joiner.partner:
            if joiner.id < joiner.partner:      # a formation's splits are listed once
                splits = kept.get(("splits", joiner.id, joiner.hex, joiner.formation))
                if splits is None:
                    splits = splits_of(state, joiner)
                found.extend([split for there, split in splits if there not in occupied])
            continue
        for there in state.hexmap.neighbours[joiner.hex]:
            if there not in occupied:
                continue        # no unit there to form with
            host = state.unit_at(there, side)
            if host is None or host.partner or host.moved or host.disrupted:
                continue        # 8.42, 8.43, 15.3.2 A: form_refusal would refuse it
            form = _form_of(state, joiner, host, leaders_by_hex.get(host.hex))
            if form is not None:
                found.append(form)
    return found


def _form_of(state, joiner: Unit, host: Unit, leaders: list | None) -> Form | None:
    """Form(joiner's hex, host's hex) if form_refusal allows it, else None; kept with the
    reach cache (emptied when the turn, the phase or the enemy's places change; made good
    for the position by the caller) by all else form_refusal reads: the two units' places
    and markers and `leaders`, those standing in the host's hex (formation_candidates asks
    again at every decision of a phase)."""
    key = ("form", joiner.id, joiner.hex, joiner.reduced, joiner.disrupted, joiner.moved,
           joiner.partner, joiner.formation, host.id, host.hex, host.reduced, host.disrupted,
           host.moved, host.partner, host.formation,
           tuple([(p.side, p.moved) for p in leaders]) if leaders else ())
    kept = state._reach
    if key in kept:
        return kept[key]
    form = kept[key] = Form((joiner.hex, host.hex)) if form_refusal(state, joiner, host) \
        is None else None
    return form


def splits_of(state, unit: Unit) -> list:
    """(hex, Split) for every hex `unit` reaches leaving its formation alone (8.48); kept
    with the reach it comes from."""
    found = reach(state, unit, unit.hex, alone=True)
    key = ("splits", unit.id, unit.hex, unit.formation)
    decisions = state._reach.get(key)
    if decisions is None:
        search = state._reach[("search", (unit.id, unit.hex, 0, (), unit.formation, True))]
        decisions = state._reach[key] = kept_decisions(state, found, search, "split", None)
    return decisions


def check_split(state, action: Split):
    """8.48: one unit of a formation moves off alone (no leader needed)."""
    if state.phase.kind != "movement" or state.pending:
        raise Refusal("8.48", "formations are disbanded in a Movement Phase")
    side = state.phasing_side()
    piece = next((u for u in state.combat_units_at(action.path[0])
                  if u.side == side and u.partner), None)
    if piece is None:
        raise Refusal("8.48", f"no formation of {side} in {action.path[0]}")
    if piece.moved:
        raise Refusal("15.3.2 C" if piece.formation == SLAVE_PHALANX else "8.45",
                      "a formation may not move in the turn it is formed")
    partner = state.units[piece.partner]
    mover = mover_of(state, piece, alone=True)
    saved = piece.partner
    piece.partner = None        # its own hex counts as another's for 5.0 (restored below)
    try:
        spent = check_path(state, mover, action.path, 0, False, ending_rule(state, piece))
    finally:
        piece.partner = saved
    if action.path[-1] == partner.hex:
        raise Refusal("8.48", "a split ends in another hex")
    if stranded_leaders_of_split(state, piece):
        piece.partner = None    # the partner stays: named as the unit left in the hex
        try:
            refuse_stranding(state, piece)
        finally:
            piece.partner = saved
    return piece, action.path, spent


def carry_out_split(state, piece: Unit, path, spent) -> None:
    """8.48: the formation is disbanded; the unit left behind may still move."""
    partner = state.units[piece.partner]
    piece.partner = partner.partner = None
    piece.formation = partner.formation = None
    state.news.append(f"the {piece.type.name} leave their formation (8.48)")
    carry_out_move(state, piece, path, spent, Split(path))


# ----- 19.1.4: Elendil and Isildur exchange Narsil ----------------------------------------

NARSIL_PAIR = ("elendil", "isildur")


def check_give(state, action: Give) -> tuple[LeaderPiece, LeaderPiece]:
    """19.1.4: the giver and the taker of Narsil, or Refusal naming the case."""
    if action.weapon != "narsil":
        raise Refusal("19.1.4", f"only Narsil may be handed over ({name_text(action.weapon)} "
                                "may not)")
    if state.phase.key != "westernesse-movement" or state.pending:
        raise Refusal("19.1.4", "Narsil changes hands in the Westernesse Movement Phase")
    if action.to not in NARSIL_PAIR:
        raise Refusal("19.1.4", "Narsil passes only between Elendil and Isildur")
    taker = state.leaders[action.to]
    giver = state.leaders[NARSIL_PAIR[1 - NARSIL_PAIR.index(action.to)]]
    if giver.weapon != "narsil":
        raise Refusal("19.1.4", f"{giver.leader.name} does not carry Narsil")
    if taker.weapon is not None:
        raise Refusal("19.2.3", f"{taker.leader.name} already carries a weapon")
    if not (giver.on_map and taker.on_map and giver.hex == taker.hex):
        raise Refusal("19.1.4", "Elendil and Isildur must occupy the same hex")
    if not state.leaders["elendil"].reduced or state.leaders["isildur"].reduced:
        raise Refusal("19.1.4", "only while Elendil is wounded and Isildur unhurt")
    return giver, taker


def carry_out_give(state, giver: LeaderPiece, taker: LeaderPiece) -> None:
    """19.1.4: the weapon changes hands at no cost to either's movement."""
    taker.weapon, giver.weapon = giver.weapon, None
    state.news.append(f"{giver.leader.name} hands Narsil to {taker.leader.name} in "
                      f"{taker.hex} (19.1.4)")


def give_candidates(state) -> list:
    """The exchange of Narsil when 19.1.4 allows it now."""
    found = []
    for to in NARSIL_PAIR:
        try:
            check_give(state, Give("narsil", to))
        except Refusal:
            continue
        found.append(Give("narsil", to))
    return found


def safe_first(state, mover, hex_name: str):
    return step_cost(state, mover, None, hex_name)


def leader_candidates(state, piece: LeaderPiece) -> list:
    """A leader's moves and entries: 8.1, each ends with a combat unit of a nationality he
    leads. Kept with the reach cache for as long as those units stand where they do."""
    company = company_hexes(state, piece)
    check_reach_signature(state, piece.side)
    key = ("leader-moves", piece.key, piece.hex, company)
    found = state._reach.get(key)
    if found is None:
        found = []
        if piece.on_map:
            found.extend(_moves_ending_in(state, piece, company, piece.hex))
        elif (piece.hex == WAITING and piece.arrival <= state.turn) or piece.hex == MORDOR:
            for entry_hex in state.hexmap.entries[piece.entry or "mordor"]:
                found.extend(_moves_ending_in(state, piece, company, None, (entry_hex,)))
        state._reach[key] = found
    return list(found)


def _moves_ending_in(state, piece, hexes: frozenset[str], start: str | None,
                     entry_hexes: tuple[str, ...] = ()) -> list:
    """moves_of the leader that end in one of `hexes`, in their order. A leader reaches
    hundreds of hexes and his units stand in a few: only the paths to those become
    decisions, looked up by the hex they end in."""
    found = reach(state, piece, start, 0, entry_hexes)
    if hexes.isdisjoint(found):
        return []
    # a search is shared by pieces that move alike from one place: the decisions are his
    key = ("leader-decisions", piece.key, id(found))
    kept = state._reach.get(key)
    if kept is None or kept[0] is not found:
        kept = state._reach[key] = (found, {there: i for i, there in enumerate(found)}, {})
    _, places, made = kept
    decisions = []
    for there in sorted((h for h in hexes if h in places), key=places.__getitem__):
        decision = made.get(there)
        if decision is None:
            path = found[there][1]
            decision = made[there] = Move(path, piece.key) if start is not None else \
                Enter(piece.key, path)
        decisions.append(decision)
    return decisions


def company_hexes(state, piece: LeaderPiece) -> frozenset[str]:
    """8.1: hexes with a combat unit of a nationality the leader commands (per position)."""
    key = ("company", piece.side, piece.leader.commands)
    found = state._zoc.get(key)
    if found is None:
        by_nationality = state._zoc.get(("nationalities", piece.side))
        if by_nationality is None:
            by_nationality = state._zoc[("nationalities", piece.side)] = {}
            for u in state.units.values():
                if u.side == piece.side and u.on_map:
                    by_nationality.setdefault(u.type.nationality, set()).add(u.hex)
        found = state._zoc[key] = frozenset(
            h for nationality, hexes in by_nationality.items()
            if piece.leader.commands_nationality(nationality) for h in hexes)
    return found


def magic_leader_candidates(state) -> list:
    """3.0 A, E: the Magic Leaders' moves (spells come with 8.5)."""
    return [a for piece in state.leaders.values()
            if piece.side == state.phasing_side() and piece.magic_leader and not piece.moved
            for a in leader_candidates(state, piece)]


# ----- 15.2.2: Dwarves move toward Orcs ---------------------------------------------------

def dwarf_closing_hexes(state, unit: Unit) -> frozenset[str]:
    """15.2.2: the hexes a Dwarf unit that has not moved yet (so stands where it began the
    phase) must end its move in — empty, reachable, adjacent to an Orc unit within 2
    hexes of it; empty when no such Orc or no such hex (the 'if possible')."""
    if not unit.type.dwarf or unit.moved or not unit.on_map or unit.disrupted \
            or state.phase.kind != "movement":
        return frozenset()
    # asked for by the listing and by the end of the phase: once per position
    key = ("dwarf-closing", unit.id)
    found = state._zoc.get(key)
    if found is not None:
        return found
    orcs = [u.hex for u in state.units.values() if u.type.orc and u.on_map
            and u.side != unit.side and distance(u.hex, unit.hex) <= 2]
    if not orcs or any(distance(h, unit.hex) == 1 for h in orcs):
        found = frozenset()         # none near, or adjacent already: it has closed
    else:
        full = state.occupied_hexes()
        found = frozenset(there for there in reach(state, unit, unit.hex)
                          if there not in full and any(distance(there, h) == 1 for h in orcs))
    state._zoc[key] = found
    return found


def dwarves_owing_a_move(state) -> list[Unit]:
    """15.2.2: the phasing side's Dwarf units that must still move next to an Orc."""
    side = state.phasing_side()
    return [u for u in state.units.values() if u.side == side and u.type.dwarf
            and dwarf_closing_hexes(state, u)]


@dataclass(frozen=True)
class MovementPhase(PhaseProcedure):
    """3.0 C, F: the phasing player moves his pieces (4.0) and brings on reinforcements
    (14.0); the phase ends with every leader who can reach a unit of his stacked with one
    (8.1, 4.28); a leader who cannot stays where he is (no rule moves him)."""

    name = "movement-phase"
    rule = "4.0"

    def answers(self, state) -> list:
        actions = movement_candidates(state)
        if self.end_refusal(state) is None:
            actions.append(END)     # 15.2.2, 8.1: no `end` while a piece owes a move
        return actions

    def end_refusal(self, state) -> Refusal | None:
        owing = dwarves_owing_a_move(state)
        if owing:
            return Refusal("15.2.2", "Dwarf units within 2 hexes of an Orc unit must first "
                                     "move adjacent to it: "
                                     + ", ".join(sorted(u.hex for u in owing)))
        alone = leaders_to_join(state)
        if alone:
            return Refusal("8.1", "leaders must be stacked with a combat unit when the "
                                  "Movement Phase ends (4.28): move "
                                  + ", ".join(f"{p.leader.name} ({p.hex})" for p in alone))
        return None
