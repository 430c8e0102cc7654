"""The text notation of SPI Sauron decisions (documented in docs/spi-sauron.md).

    move 1108-1208-1209        the combat unit in 1108 moves along this path of hexes
    move elendil 1108-1208     a leader moves (leaders are named; a combat unit by its hex)
    enter orc-archers 1331-1330-1329
                               a waiting reinforcement of this type enters at 1331 (14.0)
    end                        the phasing player ends the current phase (or step)

Names are written with hyphens (gil-galad, orc-archers); underscores are accepted too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...engine.errors import BadNotation

HEX = re.compile(r"^\d{4}$")
VERBS = ("move", "enter", "end")


def name_text(key: str) -> str:
    """The notation of a data key: hyphens for underscores (gil_galad -> gil-galad)."""
    return key.replace("_", "-")


def key_of(text: str) -> str:
    """The data key of a name in notation (gil-galad -> gil_galad)."""
    return text.lower().replace("-", "_")


@dataclass(frozen=True, slots=True)
class Move:
    """A piece moves along `path` (4.0): a leader if `leader` is set, else the combat unit."""

    path: tuple[str, ...]
    leader: str | None = None

    def __str__(self) -> str:
        who = f"{name_text(self.leader)} " if self.leader else ""
        return f"move {who}{'-'.join(self.path)}"


@dataclass(frozen=True, slots=True)
class Enter:
    """A waiting reinforcement (unit type or leader) enters the map along `path` (14.0)."""

    piece: str
    path: tuple[str, ...]

    def __str__(self) -> str:
        return f"enter {name_text(self.piece)} {'-'.join(self.path)}"


@dataclass(frozen=True, slots=True)
class End:
    """The phasing player ends the phase (or the current step of it)."""

    def __str__(self) -> str:
        return "end"


END = End()


def parse_path(text: str, action: str) -> tuple[str, ...]:
    """'1108-1208-1209' -> ('1108', '1208', '1209'); BadNotation on anything else."""
    hexes = tuple(text.split("-"))
    for h in hexes:
        if not HEX.match(h):
            raise BadNotation(f"'{h}' is not a hex: a path is hex ids CCRR joined by '-', "
                              "e.g. 1108-1208-1209", action=action)
    return hexes


def parse_action(text: str):
    """Read a decision in SPI Sauron notation (legality is checked by the state)."""
    words = str(text).strip().split()
    if not words:
        raise BadNotation("empty decision; try 'move 1108-1208', 'enter elves 1401-1402' "
                          "or 'end'", action=str(text))
    verb = words[0].lower()
    if verb == "end":
        if len(words) != 1:
            raise BadNotation("'end' stands alone", action=text)
        return END
    if verb == "move":
        if len(words) == 2:
            return Move(parse_path(words[1], text))
        if len(words) == 3:
            return Move(parse_path(words[2], text), key_of(words[1]))
        raise BadNotation("'move' takes a path (move 1108-1208) or a leader and a path "
                          "(move elendil 1108-1208)", action=text)
    if verb == "enter":
        if len(words) != 3:
            raise BadNotation("'enter' takes a unit type or leader and a path, e.g. "
                              "enter orc-archers 1331-1330", action=text)
        return Enter(key_of(words[1]), parse_path(words[2], text))
    raise BadNotation(f"unknown word '{words[0]}'; a decision starts with "
                      f"{', '.join(VERBS)}", action=text)
