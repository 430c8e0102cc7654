"""SPI Sauron at the terminal beyond the map: `inspect HEX`, `moves HEX`, the menu grouped
per unit, and the seats named by side (engine/presentation.py's answer, menu_groups,
seat_title, seat_role). Everything is read from a seat's view and the legal decisions."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .beast import BEAST
from .components import default_components
from .movement import half, static_step_cost, zoc_neighbours
from .render import help_text
from .notation import (Advance, Attack, Cast, Duel, Enter, Fire, Form, Move, Rally, Retreat,
                       Split, name_text)

SIDES = ("sauron", "westernesse")
SIDE_TITLES = {"sauron": "Sauron", "westernesse": "Westernesse"}
FORMATION_NAMES = {"wedge": "Wedge", "shield_wall": "Shield Wall",
                   "slave_phalanx": "Slave Phalanx"}
MOVES_WIDTH = 99
HEX_VERBS = {"inspect": "every unit, leader and marker in a hex",
             "moves": "where the unit or leaders in a hex may move, and the MP it costs"}


def terminal_help(view: Mapping) -> str:
    """The notation (render.help_text) and what else may be typed at the terminal."""
    return "\n".join([
        help_text(view),
        "Questions: inspect HEX (all in a hex, values and state) · moves HEX (destinations, MP)"
        " · log",
        "  (the last decisions and what came of them)",
        "Menu: a number chooses; in a unit's list 'back' returns, 'more' pages; Enter on an "
        "empty line",
        "redraws the table; quit leaves.",
    ])


def seat_title(view: Mapping, seat: int) -> str:
    """'Sauron' for seat 0, 'Westernesse' for seat 1."""
    return SIDE_TITLES[SIDES[seat]]


def seat_role(label: str) -> str:
    """'you' for the person at the keyboard, 'computer' for an agent."""
    return "you" if label == "human" else "computer"


def _units_at(view: Mapping, hex_name: str) -> list:
    return [u for u in view["units"] if u["hex"] == hex_name]


def _leaders_at(view: Mapping, hex_name: str) -> list:
    return [l for l in view["leaders"] if l["hex"] == hex_name]


def _type_name(unit: Mapping) -> str:
    return default_components().unit_types[unit["type"]].name


def enemy_zoc(view: Mapping, side: str) -> frozenset[str]:
    """Hexes in the ZOC of the enemies of `side` (6.0, 6.13, 6.14), as the view shows it."""
    parts = default_components()
    reach = zoc_neighbours(parts.hexmap, parts)
    zone: set[str] = set()
    for u in view["units"]:
        if u["side"] != side and u["hex"] in reach and not view["demoralized"][u["side"]]:
            zone.update(reach[u["hex"]])
    return frozenset(zone)


def path_cost(view: Mapping, action: Move | Enter | Split) -> int:
    """Half MP the listed move costs its piece (4.3, 14.0 C, 15.1.2 A, 8.45)."""
    parts = default_components()
    hexmap = parts.hexmap
    path = action.path
    leader = isinstance(action, Move) and action.leader is not None or \
        isinstance(action, Enter) and action.piece in parts.leaders
    cavalry = elf = clear_only = False
    unit = None
    if not leader:
        if isinstance(action, Enter):
            unit_type = parts.unit_types[action.piece]
        else:
            unit = _units_at(view, path[0])[0]
            unit_type = parts.unit_types[unit["type"]]
            formation = unit.get("formation")
            clear_only = isinstance(action, Move) and formation is not None and \
                formation != "slave_phalanx"
        cavalry, elf = unit_type.kind == "cavalry", unit_type.elf
    if isinstance(action, Enter):
        first = static_step_cost(hexmap, parts, cavalry, elf, None, path[0], clear_only)
        chain = 0 if leader else view["entered"].get(path[0], 0)
        spent, previous, steps = first * (chain + 1), path[0], path[1:]
    else:
        spent, previous, steps = 0, path[0], path[1:]
        if elf and unit is not None and path[0] in enemy_zoc(view, unit["side"]):
            spent += 2 * parts.movement["elf_leave_zoc_mp"]      # 15.1.2 A
    for b in steps:
        spent += static_step_cost(hexmap, parts, cavalry, elf, previous, b, clear_only)
        previous = b
    return spent


def flies(view: Mapping, action: Any) -> bool:
    """17.2.1: a move of the Beast by Flight, a straight line priced in hexes, not MP."""
    return isinstance(action, Move) and action.leader == BEAST and \
        view["spell_until"].get("beast_flight", 0) >= view["turn"]


def cost_text(view: Mapping, action: Move | Enter | Split) -> str:
    """'4 MP', or '9 hexes by Flight' for the Beast flying (17.2.1)."""
    if flies(view, action):
        return f"{len(action.path) - 1} hexes by Flight"
    return f"{half(path_cost(view, action))} MP"


def _group_key(view: Mapping, action: Any) -> tuple[str, str]:
    """(key, title) of the menu group an action belongs to: one per unit or leader."""
    if isinstance(action, (Move, Form, Split)):
        if isinstance(action, Move) and action.leader:
            return f"leader {action.leader}", f"{_leader_name(view, action.leader)} " \
                                              f"{action.path[0]}"
        here = _units_at(view, action.path[0])
        what = " + ".join(_type_name(u) for u in here) or "unit"
        return f"unit {action.path[0]}", f"{action.path[0]} {what}"
    if isinstance(action, Enter):
        return f"enter {action.piece}", f"enter {name_text(action.piece)}"
    if isinstance(action, Fire):
        return f"fire {action.firer}", f"fire from {action.firer}"
    if isinstance(action, Duel):
        return f"duel {action.attacker}", f"duel by {name_text(action.attacker)}"
    if isinstance(action, Attack):
        return f"attack {action.defender}", f"attack {action.defender}"
    if isinstance(action, (Retreat, Advance)):
        verb = "retreat" if isinstance(action, Retreat) else "advance"
        return f"{verb} {action.path[0]}", f"{verb} from {action.path[0]}"
    if isinstance(action, Rally):
        return f"rally {action.leader}", f"rally by {name_text(action.leader)}"
    if isinstance(action, Cast):
        return f"cast {action.spell}", f"cast {name_text(action.spell)}"
    text = str(action)
    return text, text


def _label(view: Mapping, action: Any) -> str:
    """A decision as its group lists it: short, since the group names the piece."""
    if isinstance(action, (Move, Enter)):
        return f"{action.path[-1]} {cost_text(view, action)}"
    if isinstance(action, Split):
        return f"split {action.path[-1]} {cost_text(view, action)}"
    if isinstance(action, Form):
        return f"form {action.path[-1]}"
    if isinstance(action, Fire):
        return f"at {action.target}"
    if isinstance(action, Duel):
        return f"{name_text(action.defender)}"
    if isinstance(action, Attack):
        return f"from {' '.join(action.attackers)}"
    if isinstance(action, (Retreat, Advance)):
        return "-".join(action.path[1:])
    if isinstance(action, Rally):
        return action.hex
    if isinstance(action, Cast):
        return f"{action.points} pts" + (f" {action.facing}" if action.facing else "")
    return str(action)


def menu_groups(view: Mapping, legal: Sequence[Any]) -> list:
    """The decisions grouped per unit, leader, reinforcement type, target or spell, in the
    order the pieces first appear among them."""
    groups: dict[str, tuple[str, list]] = {}
    for action in legal:
        key, title = _group_key(view, action)
        groups.setdefault(key, (title, []))[1].append((action, _label(view, action)))
    return list(groups.values())


def _unit_line(view: Mapping, unit: Mapping) -> str:
    parts = default_components()
    unit_type = parts.unit_types[unit["type"]]
    formation = unit.get("formation")
    allowance = parts.movement[formation or unit_type.kind]
    marks = ["reduced" if unit["reduced"] else "full strength"]
    marks += [word for word, on in (
        ("DISRUPTED", unit["disrupted"]), ("moved", unit["moved"]),
        ("fired", unit["id"] in view["fired"]), ("attacked", unit["id"] in view["attacked"]),
        ("advanced", unit["id"] in view["advanced"]),
        ("carries the Pedestal", view.get("pedestal") == unit["id"])) if on]
    if formation:
        marks.append(f"in a {FORMATION_NAMES.get(formation, formation)} with "
                     f"{unit.get('partner')}")
    return (f"  {SIDE_TITLES[unit['side']]} {unit_type.name} ({unit['id']}) {unit['strength']}"
            f", MA {allowance}: " + ", ".join(marks))


def _leader_line(view: Mapping, leader: Mapping) -> str:
    marks = [f"rally {leader['rally']}" + (" (back side)" if leader["reduced"] else "")]
    if leader["weapon"]:
        names = default_components().weapon_names
        marks.append(f"bears {names.get(leader['weapon'], leader['weapon'])}")
    if leader.get("magic_left"):
        marks.append(f"{leader['magic_left']} magic points")
    if leader["moved"]:
        marks.append("moved")
    return f"  {SIDE_TITLES[leader['side']]} leader {leader['name']}: " + ", ".join(marks)


def inspect_text(view: Mapping, hex_name: str) -> str:
    """Everything in a hex: terrain and hexsides, every unit, leader and marker with its
    values and state."""
    parts = default_components()
    hexmap = parts.hexmap
    terrain = hexmap.terrain[hex_name]
    sides = []
    for n in hexmap.neighbours[hex_name]:
        higher = hexmap.higher_side(hex_name, n)
        if higher:
            sides.append(f"slope to {n} ({'this hex' if higher == hex_name else n} higher)")
        if hexmap.is_gate(hex_name, n):
            sides.append(f"the Gate hexside to {n}")
    lines = [f"{hex_name}: {terrain}" + (f"; {', '.join(sides)}" if sides else "")]
    lines += [_unit_line(view, u) for u in _units_at(view, hex_name)]
    lines += [_leader_line(view, l) for l in _leaders_at(view, hex_name)]
    beast = view.get("beast") or {}
    if beast.get("hex") == hex_name:
        lines.append("  the Beast of Mordor" + (" (wounded)" if beast.get("reduced") else ""))
    for side in SIDES:
        if hex_name in enemy_zoc(view, side) and not _units_at(view, hex_name):
            enemy = SIDES[1 - SIDES.index(side)]
            lines.append(f"  in the Zone of Control of {SIDE_TITLES[enemy]}")
    if len(lines) == 1:
        lines.append("  nothing here")
    return "\n".join(lines)


def moves_text(view: Mapping, legal: Sequence[Any], hex_name: str,
               to: str | None = None) -> str:
    """Every destination the pieces in a hex may move to now with its MP cost, one entry
    each in columns (the listed path is the cheapest); with `to`, the path there."""
    found = [a for a in legal if isinstance(a, (Move, Split, Form)) and a.path[0] == hex_name]
    if not found:
        here = _units_at(view, hex_name) or _leaders_at(view, hex_name)
        why = "nothing in it may move now" if here else "no piece there"
        return f"{hex_name}: {why}."
    if to is not None:
        lines = [f"  {action}  ({_label(view, action)})" for action in found
                 if action.path[-1] == to]
        return "\n".join(lines) if lines else f"{hex_name}: no move to {to} now."
    by_piece: dict[str, list] = {}
    for action in found:
        who = _leader_name(view, action.leader) if isinstance(action, Move) and \
            action.leader else " + ".join(_type_name(u) for u in _units_at(view, hex_name))
        by_piece.setdefault(who, []).append(_label(view, action))
    lines = []
    for who, labels in by_piece.items():
        lines.append(f"{hex_name} {who}: {len(labels)} destination"
                     f"{'s' if len(labels) != 1 else ''} (cheapest path; 'moves {hex_name} "
                     f"HEX' shows it)")
        cell = max(len(label) for label in labels) + 2
        per_line = max(1, (MOVES_WIDTH - 2) // cell)
        for i in range(0, len(labels), per_line):
            lines.append("  " + "".join(label.ljust(cell) for label in
                                        labels[i:i + per_line]).rstrip())
    return "\n".join(lines)


def _leader_name(view: Mapping, key: str) -> str:
    fallback = "the Beast" if key == BEAST else name_text(key)
    return next((l["name"] for l in view["leaders"] if l["key"] == key), fallback)


def answer(view: Mapping, legal: Sequence[Any], text: str) -> str | None:
    """The reply to 'inspect HEX' or 'moves HEX', or None for a line that is no question."""
    words = text.split()
    if not words or words[0].lower() not in HEX_VERBS:
        return None
    verb = words[0].lower()
    hexmap = default_components().hexmap
    most = 3 if verb == "moves" else 2
    if not 2 <= len(words) <= most or any(w not in hexmap.terrain for w in words[1:]):
        return (f"  {verb} HEX: {HEX_VERBS[verb]};\n  HEX is a map hex CCRR (column 01-"
                f"{hexmap.columns:02d}, row 01-{hexmap.rows:02d}), e.g. {verb} 1108"
                + (", or moves 1108 1313 for the path there." if verb == "moves" else "."))
    if verb == "inspect":
        return inspect_text(view, words[1])
    return moves_text(view, legal, words[1], words[2] if len(words) == 3 else None)
