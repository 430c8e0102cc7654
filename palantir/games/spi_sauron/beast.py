"""The Beast of Mordor's counter (17.0) and the hexes its Death Breath reaches (17.2.4); its
rules are in phases/beast.py."""

from __future__ import annotations

from .hexmap import CUBE_STEPS, DIRECTIONS, cube_of, from_cube, hex_id
from .units import ELIMINATED, WAITING

BEAST = "beast"
BEAST_SPELLS = ("beast_flight", "horn_attack", "magic_armour", "death_breath")
# The two frontal hexsides (17.2.4): a pair of neighbouring directions, clockwise.
FACINGS = tuple(f"{DIRECTIONS[i]}-{DIRECTIONS[(i + 1) % 6]}" for i in range(6))


class BeastPiece:
    """The Beast's counter: where it is, which side is up, whether it moved this phase."""

    __slots__ = ("key", "side", "hex", "reduced", "moved")

    def __init__(self):
        self.key = BEAST
        self.side = "sauron"
        self.hex = WAITING          # not conjured yet; ELIMINATED once slain (17.0 C)
        self.reduced = False        # 17.3.3: flipped by a 1/2E result
        self.moved = False

    @property
    def on_map(self) -> bool:
        """Whether the Beast stands on a map hex."""
        return self.hex not in (WAITING, ELIMINATED)

    def copy(self) -> "BeastPiece":
        """An independent copy (for State.clone)."""
        other = object.__new__(BeastPiece)
        for name in BeastPiece.__slots__:
            setattr(other, name, getattr(self, name))
        return other


def kill_zone(beast_hex: str, facing: str, on_map) -> list[str]:
    """17.2.4: the hexes beyond the Beast's two frontal hexsides, two hexes deep: the two
    neighbours through those hexsides and the three hexes beyond them (reconstructed from the
    lost diagram)."""
    first, second = facing.split("-")
    x, y, z = cube_of(beast_hex)
    a, b = CUBE_STEPS[first], CUBE_STEPS[second]
    offsets = (a, b, tuple(2 * v for v in a), tuple(p + q for p, q in zip(a, b)),
               tuple(2 * v for v in b))
    found = []
    for dx, dy, dz in offsets:
        column, row = from_cube(x + dx, y + dy, z + dz)
        if 0 < column < 100 and 0 < row < 100 and on_map(hex_id(column, row)):
            found.append(hex_id(column, row))
    return found
