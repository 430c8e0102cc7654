"""The terminal table of SPI Sauron: an ASCII map with units, stacks and enemy ZOC."""

from __future__ import annotations

import textwrap
from typing import Mapping

from .components import default_components
from .hexmap import hex_id
from .status import status

WIDTH = 99        # every line fits a 100-column terminal

# One letter per unit type: Sauron's lower case, Westernesse upper case.
LETTERS = {"goblins": "g", "wargs": "w", "orc_archers": "a", "orcs": "o", "slaves": "s",
           "trolls": "t", "cavalry": "C", "light_cavalry": "L", "men": "M", "bowmen": "B",
           "archers": "A", "pikes": "P", "swordsmen": "S", "dwarves": "D", "elves": "E",
           "elven_archers": "R", "elven_bowmen": "W"}
TERRAIN_CHARS = {"clear": ".", "road": "=", "gate": "#", "rough": "%", "crater": "O",
                 "mountain": "^"}
SIDE_TITLES = {"sauron": "Sauron", "westernesse": "Westernesse"}
SIDE_COLOURS = {"sauron": "31", "westernesse": "34"}
# The mark after a unit's letter: (disrupted, a leader with it, two units in the hex).
MARKS = {(False, False, False): " ", (False, True, False): "*", (True, False, False): "!",
         (True, True, False): "&", (False, False, True): "2", (False, True, True): "+",
         (True, False, True): "!", (True, True, True): "&"}
CELL = 3          # characters per hex: its two-character counter and a space
LABEL = 3         # the column number and a space before each line
LEGEND = [
    "Sauron: g goblins w wargs a orc archers o orcs s slaves t trolls · X the Beast · "
    "*g lone leader",
    "Westernesse: C cavalry L light cavalry M men B bowmen A archers P pikes S swordsmen "
    "D dwarves",
    "  E elves R elven archers W elven bowmen · after a letter: * leader ! disrupted & both,",
    "  2 two units + two and a leader · . clear = road % rough O crater ^ mountain # gate "
    ": enemy ZOC",
    "A line is a column of hexes 01-23, rows 01 (north) to 32 (Mordor) left to right: CCRR",
]


def _paint(text: str, code: str, color: bool) -> str:
    return f"\033[{code}m{text}\033[0m" if color else text


def _counter(here: list, leaders: list, color: bool) -> str:
    """A hex's two characters: the unit's letter and its mark, or '*' and a lone leader's
    initial (Sauron's in lower case)."""
    if not here:
        initial = leaders[0]["name"][0]
        initial = initial.lower() if leaders[0]["side"] == "sauron" else initial.upper()
        return _paint("*" + initial, "33;1", color)
    unit = here[0]
    disrupted = any(u["disrupted"] for u in here)
    mark = MARKS[(disrupted, bool(leaders), len(here) > 1)]
    code = SIDE_COLOURS[unit["side"]] + (";2" if disrupted else ";1")
    letter = _paint(LETTERS.get(unit["type"], "?"), code, color)
    if mark == " ":
        return letter + mark
    return letter + _paint(mark, "33;1" if not disrupted else "35;1", color)


def map_lines(view: Mapping, color: bool = False) -> list[str]:
    """The staggered map, turned so it fits a 100-column terminal: one line per column of
    hexes (even columns shifted half a hex, as on the sheet they sit half a hex lower), rows
    01-32 from left to right, two characters a hex; ':' an empty hex in the ZOC of the
    enemy of the side to move."""
    hexmap = default_components().hexmap
    units: dict[str, list] = {}
    for u in view["units"]:
        units.setdefault(u["hex"], []).append(u)
    leaders: dict[str, list] = {}
    for l in view["leaders"]:
        leaders.setdefault(l["hex"], []).append(l)
    beast = view.get("beast", {}).get("hex")      # 17.0: the Beast of Mordor, 'X'
    mover = ("sauron", "westernesse")[view["to_move"]] if view["to_move"] is not None else None
    zoc = set()
    if mover:
        for u in view["units"]:
            if u["side"] != mover and u["hex"] in hexmap.terrain and \
                    not view["demoralized"][u["side"]]:
                zoc.update(hexmap.neighbours[u["hex"]])
    header = " " * LABEL + "".join(f"{r:02d}".ljust(CELL) for r in range(1, hexmap.rows + 1))
    lines = [header.rstrip()]
    for column in range(1, hexmap.columns + 1):
        cells = []
        for row in range(1, hexmap.rows + 1):
            h = hex_id(column, row)
            here, with_them = units.get(h, []), leaders.get(h, [])
            if h == beast:
                cells.append(_paint("X", "31;1", color) + " ")
            elif here or with_them:
                cells.append(_counter(here, with_them, color))
            elif h in zoc and hexmap.terrain[h] not in ("mountain", "crater"):
                cells.append(": ")
            else:
                cells.append(TERRAIN_CHARS[hexmap.terrain[h]] + " ")
        shift = " " if column % 2 == 0 else ""
        lines.append((f"{column:02d} " + shift + " ".join(cells)).rstrip())
    lines.append(header.rstrip())
    return lines


def render_table(view: Mapping, color: bool = True) -> str:
    """The whole table as `view` shows it: the status (status.py), the map, where the
    leaders are and a legend, every line under 100 characters."""
    lines = [_paint(folded, "1", color) for line in status(view).summary().splitlines()
             for folded in textwrap.wrap(line, WIDTH, subsequent_indent="  ")]
    lines += map_lines(view, color)
    where = []
    for side in ("sauron", "westernesse"):
        here = [f"{l['name']} {l['hex']}" + (f" ({l['weapon']})" if l["weapon"] else "")
                for l in view["leaders"] if l["side"] == side and l["hex"][0].isdigit()]
        where.append(f"{SIDE_TITLES[side]} leaders: {', '.join(here) or 'none on the map'}")
    lines += textwrap.wrap(" · ".join(where), WIDTH, subsequent_indent="  ")
    lines += LEGEND
    return "\n".join(lines)


def help_text(view: Mapping) -> str:
    """Every verb of the notation, and the phase at hand."""
    return "\n".join([
        "Notation (hexes are CCRR, column then row; names with hyphens: gil-galad):",
        "  move 1108-1208-1209        move the unit in 1108 along this path (a formation too)",
        "  move elendil 1108-1208     move a leader; move beast 1316-1315 the Beast (17.1)",
        "  enter orc-archers 1331-1330  bring on a reinforcement; enter sauron 1331 (18.0)",
        "  form 1010-1011             step into 1011 to make a Wedge, Shield Wall or Phalanx",
        "  split 1011-1111            one unit leaves the formation in 1011 (8.48)",
        "  give narsil isildur        hand a magic weapon to a leader in the hex (19.1.4)",
        "  fire 0608 0710             missile fire (range 2, Elven Bowmen 3); fire 1314 beast",
        "  duel elendil gorgol        leader combat with an adjacent enemy leader (7.2)",
        "  attack 1109 from 1108 1209 melee, each attacker in turn; attack beast from elendil",
        "  retreat 1109-1110          your unit's retreat (also before combat)",
        "  stand | advance 1108-1109 | hold    before combat / after it",
        "  rally elendil 1109         try to rally a disrupted unit (8.34)",
        "  cast total-eclipse 6       Sauron spends points on a spell; conjure-beast, "
        "beast-flight,",
        "                             horn-attack, magic-armour; cast death-breath 20 N-NE "
        "(facing:",
        "                             the Beast's two front hexsides N-NE NE-SE SE-S S-SW SW-NW "
        "NW-N)",
        "  end                        end the phase (or the step)",
        f"Now: {view['phase_title']}.",
    ])
