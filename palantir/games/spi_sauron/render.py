"""The terminal table of SPI Sauron: an ASCII map with units, stacks and enemy ZOC."""

from __future__ import annotations

from typing import Mapping

from .components import default_components
from .hexmap import hex_id

# One letter per unit type: Sauron's lower case, Westernesse upper case.
LETTERS = {"goblins": "g", "wargs": "w", "orc_archers": "a", "orcs": "o", "slaves": "s",
           "trolls": "t", "cavalry": "C", "light_cavalry": "L", "men": "M", "bowmen": "B",
           "archers": "A", "pikes": "P", "swordsmen": "S", "dwarves": "D", "elves": "E",
           "elven_archers": "R", "elven_bowmen": "W"}
TERRAIN_CHARS = {"clear": ".", "road": "=", "gate": "M", "rough": "%", "crater": "o",
                 "mountain": "^"}
SIDE_TITLES = {"sauron": "Sauron", "westernesse": "Westernesse"}


def _paint(text: str, code: str, color: bool) -> str:
    return f"\033[{code}m{text}\033[0m" if color else text


def map_lines(view: Mapping, color: bool = False) -> list[str]:
    """The map, one character per hex: a unit's letter ('*' a lone leader, '2' a stack of
    two units), ':' an empty hex in the ZOC of the enemy of the side to move."""
    hexmap = default_components().hexmap
    units: dict[str, list] = {}
    for u in view["units"]:
        units.setdefault(u["hex"], []).append(u)
    leaders = {l["hex"] for l in view["leaders"]}
    beast = view.get("beast", {}).get("hex")      # 17.0: the Beast of Mordor, 'X'
    mover = ("sauron", "westernesse")[view["to_move"]] if view["to_move"] is not None else None
    zoc = set()
    if mover:
        for u in view["units"]:
            if u["side"] != mover and u["hex"] in hexmap.terrain and \
                    not view["demoralized"][u["side"]]:
                zoc.update(hexmap.neighbours[u["hex"]])
    header = "   " + "".join(str(c // 10) for c in range(1, hexmap.columns + 1))
    lines = [header, "   " + "".join(str(c % 10) for c in range(1, hexmap.columns + 1))]
    for row in range(1, hexmap.rows + 1):
        cells = []
        for column in range(1, hexmap.columns + 1):
            h = hex_id(column, row)
            here = units.get(h, [])
            if h == beast:
                cells.append(_paint("X", "31;1", color))
            elif len(here) > 1:
                cells.append(_paint("2", "1", color))
            elif here:
                u = here[0]
                char = LETTERS.get(u["type"], "?")
                code = "31" if u["side"] == "sauron" else "34"
                if h in leaders:
                    code += ";4"          # underlined: a leader in the stack
                if u["disrupted"]:
                    code += ";2"
                cells.append(_paint(char, code, color))
            elif h in leaders:
                cells.append("*")
            elif h in zoc and hexmap.terrain[h] not in ("mountain", "crater"):
                cells.append(":")
            else:
                cells.append(TERRAIN_CHARS[hexmap.terrain[h]])
        lines.append(f"{row:02d} " + "".join(cells))
    return lines


def render_table(view: Mapping, color: bool = True) -> str:
    """The whole table as `view` shows it: status, map, leaders and tallies."""
    night = " (night)" if view["night"] else ""
    if view["outcome"]:
        status = f"Game over: {view['outcome']['summary']}"
    else:
        status = f"Turn {view['turn']}{night} · {view['phase_title']}"
        if view.get("pending"):
            p = view["pending"][0]
            status += f" · {('Sauron', 'Westernesse')[p['seat']]} decides: {p['kind']}"
    lines = [_paint("Sauron (SPI 1977) · " + status, "1", color), ""]
    lines += map_lines(view, color)
    lines.append("")
    for side in ("sauron", "westernesse"):
        here = [f"{l['name']} {l['hex']}" + (f" ({l['weapon']})" if l["weapon"] else "")
                for l in view["leaders"] if l["side"] == side and l["hex"][0].isdigit()]
        lines.append(f"{SIDE_TITLES[side]}: VP {view['victory_points'][side]}, DP "
                     f"{view['demoralization_points'][side]}"
                     f"{' DEMORALIZED' if view['demoralized'][side] else ''}; leaders: "
                     f"{', '.join(here) or 'none on the map'}")
    lines.append("Letters: g goblins w wargs a orc archers o orcs s slaves t trolls | C L "
                 "cavalry M men B bowmen A archers P pikes S swordsmen D dwarves E elves "
                 "R elven archers W elven bowmen | X the Beast of Mordor, * leader, 2 stack, "
                 ": enemy ZOC")
    return "\n".join(lines)


def help_text(view: Mapping) -> str:
    """The notation, and what the current phase asks for."""
    return "\n".join([
        "Notation (hexes are CCRR, column then row):",
        "  move 1108-1208-1209        move the unit in 1108 along this path",
        "  move elendil 1108-1208     move a leader",
        "  enter orc-archers 1331-1330  bring on a reinforcement",
        "  fire 0608 0710             missile fire (range 2, Elven Bowmen 3)",
        "  duel elendil gorgol        leader combat with an adjacent enemy leader",
        "  attack 1109 from 1108 1209 melee; each attacker rolls in turn",
        "  retreat 1109-1110          your unit's retreat (also before combat)",
        "  stand | advance 1108-1109 | hold",
        "  rally elendil 1109         try to rally a disrupted unit",
        "  cast total-eclipse 6       Sauron spends points on a spell",
        "  end                        end the phase",
        f"Now: {view['phase_title']}.",
    ])
